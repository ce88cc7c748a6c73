#include "serve/hub.hpp"

#include "store/connections.hpp"
#include "store/db.hpp"

namespace crowns::serve {
namespace {

constexpr auto kPollInterval = std::chrono::milliseconds(50);
constexpr std::size_t kMaxCached = 256;  // pages kept per version; more: start again

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
}

void Hub::stop() {
  {
    const std::scoped_lock lock(mutex_);
    stopped_ = true;
  }
  changed_.notify_all();
  wake_.notify_all();
  if (watcher_.joinable()) watcher_.join();
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

std::string Hub::cached(const std::string& key,
                        const std::function<std::string(const store::Database&)>& render) {
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
