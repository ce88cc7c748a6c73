#include "serve/hub.hpp"

#include "store/connections.hpp"
#include "store/db.hpp"

namespace crowns::serve {
namespace {

constexpr auto kPollInterval = std::chrono::milliseconds(50);
constexpr std::size_t kMaxCached = 256;  // pages kept per version; more: start again
constexpr std::size_t kMaxWarm = 32;     // pages rendered again after a change
// A page not asked for in this many changes is no longer rendered ahead.
constexpr std::uint64_t kWarmFor = 50;

std::int64_t data_version(const store::Database& db) {
  auto stmt = db.prepare("PRAGMA data_version");
  stmt.step();
  return stmt.int64(0);
}

}  // namespace

std::unique_ptr<store::Database> ConnectionPool::take() {
  {
    const std::scoped_lock lock(mutex_);
    if (!idle_.empty()) {
      auto db = std::move(idle_.back());
      idle_.pop_back();
      return db;
    }
  }
  return std::make_unique<store::Database>(store::open_another(first_));
}

void ConnectionPool::give(std::unique_ptr<store::Database> db) {
  const std::scoped_lock lock(mutex_);
  idle_.push_back(std::move(db));
}

Hub::Hub(const store::Database& first, ConnectionPool& pool)
    : watcher_db_(store::open_another(first)), pool_(pool) {}

Hub::~Hub() {
  stop();
}

void Hub::start() {
  watcher_ = std::thread([this] { watch(); });
  prerenderer_ = std::thread([this] { prerender(); });
}

void Hub::stop() {
  {
    const std::scoped_lock lock(mutex_);
    stopped_ = true;
  }
  changed_.notify_all();
  wake_.notify_all();
  if (watcher_.joinable()) watcher_.join();
  if (prerenderer_.joinable()) prerenderer_.join();
}

void Hub::poke() {
  {
    const std::scoped_lock lock(mutex_);
    poked_ = true;
  }
  wake_.notify_all();
}

void Hub::watch() {
  std::int64_t seen = data_version(watcher_db_);
  std::unique_lock lock(mutex_);
  while (!stopped_) {
    wake_.wait_for(lock, kPollInterval, [this] { return poked_ || stopped_.load(); });
    poked_ = false;
    if (stopped_) break;
    lock.unlock();
    std::int64_t now = seen;
    try {
      now = data_version(watcher_db_);
    } catch (const Error&) {
      // Busy or gone for a moment (a restore): look again at the next tick.
    }
    lock.lock();
    if (now != seen) {
      seen = now;
      ++version_;
      changed_.notify_all();
    }
  }
}

std::uint64_t Hub::wait_past(std::uint64_t seen, std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  changed_.wait_for(lock, timeout, [&] { return version_ != seen || stopped_; });
  return version_;
}

std::string Hub::cached(const std::string& key, const Render& render, Prerender prerender) {
  std::shared_ptr<Rendered> entry;
  {
    const std::scoped_lock lock(cache_mutex_);
    if (cache_version_ != version_) {
      cache_.clear();
      cache_version_ = version_;
    }
    auto it = cache_.find(key);
    if (it == cache_.end()) {
      if (cache_.size() >= kMaxCached) cache_.clear();
      it = cache_.emplace(key, std::make_shared<Rendered>()).first;
    }
    entry = it->second;
    if (prerender == Prerender::Yes) {
      if (warm_.size() >= kMaxWarm && !warm_.contains(key)) warm_.clear();
      warm_[key] = {render, version_};
    }
  }
  // The first to ask renders; the others (50 viewers woken by one round) wait for its copy.
  // Each key has its own lock: a long report does not hold up the scorecard.
  const std::scoped_lock lock(entry->mutex);
  if (!entry->done) {
    entry->text = pool_.with(render);
    entry->done = true;
  }
  return entry->text;
}

// After each change, renders again the pages asked for lately, one after another, so that the
// next to ask finds them made (a games list of 10,000 games takes a while).
void Hub::prerender() {
  std::uint64_t seen = version_;
  while (!stopped_) {
    const std::uint64_t now = wait_past(seen, std::chrono::seconds(1));
    if (stopped_) break;
    if (now == seen) continue;
    seen = now;
    std::vector<std::pair<std::string, Render>> pages;
    {
      const std::scoped_lock lock(cache_mutex_);
      std::erase_if(warm_, [&](const auto& w) { return w.second.asked + kWarmFor < now; });
      for (const auto& [key, w] : warm_) pages.emplace_back(key, w.render);
    }
    for (const auto& [key, render] : pages) {
      if (stopped_ || version_ != now) break;  // changed again: start over
      try {
        cached(key, render, Prerender::No);
      } catch (const Error&) {
        // A page that fails (a game deleted) says so when asked.
      }
    }
  }
}

bool Hub::subscribe(std::size_t limit) {
  std::size_t now = subscribers_;
  do {
    if (now >= limit) return false;
  } while (!subscribers_.compare_exchange_weak(now, now + 1));
  return true;
}

void Hub::unsubscribe() {
  --subscribers_;
}

}  // namespace crowns::serve
