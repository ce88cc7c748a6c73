#include "serve/hub.hpp"

#include "store/connections.hpp"
#include "store/db.hpp"

namespace crowns::serve {
namespace {

constexpr auto kPollInterval = std::chrono::milliseconds(50);
constexpr std::size_t kMaxCached = 256;  // pages kept; more: start again
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
  try {
    changes_.start(watcher_db_);
  } catch (const Error&) {
    // Busy at the start: the first change then counts as a change of everything.
  }
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
    if (now != seen) {
      // What changed, before anyone is told: a page asked for from now on is made afresh
      // or was not touched.
      Change change;
      try {
        change = changes_.since_last(watcher_db_);
      } catch (const Error&) {
        change.everything = true;
      }
      if (listener_) listener_(change);
      forget(change);
    }
    lock.lock();
    if (now != seen) {
      seen = now;
      ++version_;
      changed_.notify_all();
    }
  }
}

void Hub::forget(const Change& change) {
  const std::scoped_lock lock(cache_mutex_);
  std::erase_if(cache_, [&](const auto& kept) { return change.touches(kept.second->reads); });
}

std::uint64_t Hub::wait_past(std::uint64_t seen, std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  changed_.wait_for(lock, timeout, [&] { return version_ != seen || stopped_; });
  return version_;
}

Hub::Page Hub::cached(const std::string& key, const Render& render, Prerender prerender,
                      const Reads& reads) {
  std::shared_ptr<Rendered> entry;
  {
    const std::scoped_lock lock(cache_mutex_);
    auto it = cache_.find(key);
    if (it == cache_.end()) {
      if (cache_.size() >= kMaxCached) cache_.clear();
      it = cache_.emplace(key, std::make_shared<Rendered>(reads)).first;
    }
    entry = it->second;
    if (prerender == Prerender::Yes) {
      if (warm_.size() >= kMaxWarm && !warm_.contains(key)) warm_.clear();
      warm_.insert_or_assign(key, Warm{render, reads, version_});
    }
  }
  // The first to ask renders; the others (50 viewers woken by one round) wait for its copy.
  // Each key has its own lock: a long report does not hold up the scorecard.
  const std::scoped_lock lock(entry->mutex);
  if (!entry->done) {
    const auto start = std::chrono::steady_clock::now();
    entry->text = std::make_shared<const std::string>(pool_.with(render));
    const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
    entry->made_ms = took.count();
    entry->done = true;
  }
  return {entry->text, entry->made_ms};
}

// After each change, renders again the pages asked for lately that it touched, one after
// another, so that the next to ask finds them made (the report of 10,000 games takes a while).
void Hub::prerender() {
  std::uint64_t seen = version_;
  while (!stopped_) {
    const std::uint64_t now = wait_past(seen, std::chrono::seconds(1));
    if (stopped_) break;
    if (now == seen) continue;
    seen = now;
    std::vector<std::pair<std::string, Warm>> pages;
    {
      const std::scoped_lock lock(cache_mutex_);
      std::erase_if(warm_, [&](const auto& w) { return w.second.asked + kWarmFor < now; });
      for (const auto& [key, w] : warm_) pages.emplace_back(key, w);
    }
    for (const auto& [key, w] : pages) {
      if (stopped_ || version_ != now) break;  // changed again: start over
      try {
        cached(key, w.render, Prerender::No, w.reads);
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
