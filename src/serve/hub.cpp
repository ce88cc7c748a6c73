#include "serve/hub.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <string_view>

#include "crowns/error.hpp"
#include "crowns/names.hpp"
#include "store/connections.hpp"
#include "store/db.hpp"

namespace crowns::serve {
namespace {

constexpr auto kPollInterval = std::chrono::milliseconds(50);
constexpr std::size_t kMaxCached = 256;  // pages kept; more: start again
constexpr std::size_t kMaxWarm = 32;     // pages rendered again after a change
// A page not asked for in this many changes is no longer rendered ahead.
constexpr std::uint64_t kWarmFor = 50;

// What a change was, as a page served from before it says.
std::string what_changed(const Change& change) {
  if (change.everything) return "the database changed";
  if (change.finished_games) return "a game finished, or a finished game changed";
  return "the scores changed";
}

std::int64_t data_version(const store::Database& db) {
  auto stmt = db.prepare("PRAGMA data_version");
  stmt.step();
  return stmt.int64(0);
}

}  // namespace

std::optional<std::chrono::milliseconds> milliseconds_from_env(const char* name, int least) {
  const char* text = std::getenv(name);
  const std::string_view value = text != nullptr ? text : "";
  if (value.empty()) return std::nullopt;
  int ms = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), ms);
  if (error != std::errc() || end != value.data() + value.size() || ms < least)
    throw Error(std::string(name) + " must be a whole number of milliseconds from " +
                std::to_string(least) + ", not " + quote_token(value));
  return std::chrono::milliseconds(ms);
}

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
    : watcher_db_(store::open_another(first)),
      pool_(pool),
      slow_for_test_(milliseconds_from_env("CROWNS_SERVE_TEST_SLOW_MS", 0)
                         .value_or(std::chrono::milliseconds(0))) {}

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
  for (auto& [key, entry] : cache_) {
    if (!change.touches(entry->reads)) continue;
    // The copy to serve meanwhile: this one if made, else the one it kept (a making in
    // progress is of an older state: its copy is not waited for).
    Copy before = entry->before;
    if (entry->done.load(std::memory_order_acquire)) before = {entry->text, entry->made_ms};
    entry = std::make_shared<Rendered>(entry->reads, std::move(before), what_changed(change));
  }
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
      it = cache_.emplace(key, std::make_shared<Rendered>(reads, Copy{}, "")).first;
    }
    entry = it->second;
    if (prerender == Prerender::Yes) {
      if (warm_.size() >= kMaxWarm && !warm_.contains(key)) warm_.clear();
      warm_.insert_or_assign(key, Warm{render, reads, version_});
    }
  }
  // A slow page with a copy from before: that at once, while the prerenderer makes it.
  if (prerender == Prerender::Yes && !reads.everything && entry->before.text &&
      !entry->done.load(std::memory_order_acquire)) {
    {
      const std::scoped_lock lock(mutex_);
      wanted_ = true;
    }
    changed_.notify_all();
    return {entry->before.text, entry->before.made_ms, false, entry->why};
  }
  return make(*entry, render);
}

// The first to ask renders; the others (50 viewers woken by one round) wait for its copy.
// Each key has its own lock: a long report does not hold up the scorecard.
Hub::Page Hub::make(Rendered& entry, const Render& render) {
  const std::scoped_lock lock(entry.mutex);
  if (!entry.done.load(std::memory_order_acquire)) {
    const auto start = std::chrono::steady_clock::now();
    if (!entry.reads.everything && slow_for_test_.count() > 0)
      std::this_thread::sleep_for(slow_for_test_);
    entry.text = std::make_shared<const std::string>(pool_.with(render));
    const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
    entry.made_ms = took.count();
    entry.done.store(true, std::memory_order_release);
  }
  return {entry.text, entry.made_ms};
}

// After each change (or when a page not fresh is asked for), renders again the pages asked
// for lately that it touched, one after another, the quickest first (as last made), so that
// the next to ask finds them made (the report of 10,000 games takes a while).
void Hub::prerender() {
  std::uint64_t seen = version_;
  while (!stopped_) {
    std::uint64_t now = seen;
    bool woken = false;
    {
      std::unique_lock lock(mutex_);
      woken = changed_.wait_for(lock, std::chrono::seconds(1),
                                [&] { return version_ != seen || wanted_ || stopped_; });
      wanted_ = false;
      now = version_;
    }
    if (stopped_) break;
    if (!woken) continue;
    seen = now;
    struct Todo {
      std::string key;
      Warm warm;
      std::shared_ptr<Rendered> entry;
      double last_ms = 0;
    };
    std::vector<Todo> pages;
    {
      const std::scoped_lock lock(cache_mutex_);
      std::erase_if(warm_, [&](const auto& w) { return w.second.asked + kWarmFor < now; });
      for (const auto& [key, w] : warm_) {
        auto it = cache_.find(key);
        if (it == cache_.end()) {
          if (cache_.size() >= kMaxCached) cache_.clear();
          it = cache_.emplace(key, std::make_shared<Rendered>(w.reads, Copy{}, "")).first;
        }
        const auto& entry = it->second;
        if (entry->done.load(std::memory_order_acquire)) continue;
        pages.push_back({key, w, entry, entry->before.made_ms});
      }
    }
    std::sort(pages.begin(), pages.end(),
              [](const Todo& a, const Todo& b) { return a.last_ms < b.last_ms; });
    for (const auto& page : pages) {
      if (stopped_ || version_ != now) break;  // changed again: start over
      try {
        make(*page.entry, page.warm.render);
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
