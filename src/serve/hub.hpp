#pragma once
// How `crowns serve` learns that the scores changed, whoever changed them (this server, or
// `crowns round` in another terminal): one thread asks SQLite's `PRAGMA data_version` every
// 50 ms (a read of the shared-memory header, no query of the games), and on a change wakes
// every waiting viewer. Rendered pages are kept until the next change; the slow ones (the
// leaderboard, the season report) are then served as they were, marked not fresh, until their
// new copy is made in the background (stale-while-revalidate): no request waits for them but
// the first after the start.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "serve/changes.hpp"
#include "store/sqlite.hpp"

namespace crowns::serve {

/// $NAME as a whole number of milliseconds from `least` (the test settings
/// $CROWNS_SERVE_TEST_SLOW_MS and $CROWNS_SERVE_TEST_BEAT_MS, read once at the start); none when
/// unset or empty. Throws crowns::Error naming the variable, its value and the right form when
/// it is not one, as $CROWNS_BUSY_TIMEOUT_MS is refused: a typo is not silently a default.
std::optional<std::chrono::milliseconds> milliseconds_from_env(const char* name, int least);

/// Connections to the database for reading, one per thread at a time (an SQLite connection
/// must not serve two threads at once); opened as needed, kept for the next request.
class ConnectionPool {
 public:
  /// Connections like `first` (see store::open_another).
  explicit ConnectionPool(const store::Database& first) : first_(first) {}
  /// Runs `use` with a connection of its own.
  template <class Use>
  auto with(Use&& use) {
    auto db = take();
    struct Back {
      ConnectionPool& pool;
      std::unique_ptr<store::Database>& db;
      ~Back() { pool.give(std::move(db)); }
    } back{*this, db};
    return std::forward<Use>(use)(*db);
  }

 private:
  std::unique_ptr<store::Database> take();
  void give(std::unique_ptr<store::Database> db);
  const store::Database& first_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<store::Database>> idle_;
};

class Hub {
 public:
  /// Watches with a connection of its own, like `first`.
  Hub(const store::Database& first, ConnectionPool& pool);
  Hub(const Hub&) = delete;
  Hub& operator=(const Hub&) = delete;
  ~Hub();

  /// Has `listener` told of every change, before any page or viewer (set before start()).
  void on_change(std::function<void(const Change&)> listener) { listener_ = std::move(listener); }
  /// Starts the watcher thread.
  void start();
  /// Wakes every waiter for good and ends the watcher.
  void stop();
  [[nodiscard]] bool stopped() const { return stopped_; }
  /// Asks the watcher to look now (after this server's own write).
  void poke();

  /// The number of changes seen, from 1.
  [[nodiscard]] std::uint64_t version() const { return version_; }
  /// Waits until the version passes `seen`, the hub stops, or `timeout`; returns the version.
  std::uint64_t wait_past(std::uint64_t seen, std::chrono::milliseconds timeout);

  using Render = std::function<std::string(const store::Database&)>;
  /// Whether a page is rendered again in the background after each change, before anyone
  /// asks (pages), or only when asked (the event streams' cards, quick to make).
  enum class Prerender { Yes, No };
  /// A page's text, and how long its making took (ms), whoever made it.
  /// Shared, not copied: the season report of 10,000 games is 38 MB, and copying it took
  /// 96 ms on a loaded machine.
  struct Page {
    std::shared_ptr<const std::string> text;
    double made_ms = 0;
    /// False: the copy made before the last change that touched it, served while its new
    /// copy is being made; `why` says what changed.
    bool fresh = true;
    std::string why{};
  };
  /// `key`'s text: rendered by `render` (with a connection of the pool), then kept until a
  /// change touches what it `reads`. With Prerender::Yes, `render` is kept (it must own what
  /// it uses) and run again after every change that touches it while the page is asked for
  /// now and then, so that the asker finds it made. A page of Prerender::Yes that reads less
  /// than everything (slow to make) is not waited for once made: while its new copy is being
  /// made, the copy before is returned at once, not fresh.
  Page cached(const std::string& key, const Render& render, Prerender prerender,
              const Reads& reads);

  /// Counts an event stream in; false (and not counted) when `limit` are open.
  bool subscribe(std::size_t limit);
  void unsubscribe();

 private:
  void watch();
  void prerender();
  /// Marks the kept pages `change` touches to be made again (their copy kept to serve until).
  void forget(const Change& change);
  struct Rendered;
  /// Makes `entry` with `render` unless it is made; its text.
  Page make(Rendered& entry, const Render& render);
  store::Database watcher_db_;
  ChangeLog changes_;  ///< The watcher's alone.
  std::function<void(const Change&)> listener_;
  ConnectionPool& pool_;
  std::atomic<std::uint64_t> version_{1};
  std::atomic<bool> stopped_{false};
  std::atomic<std::size_t> subscribers_{0};
  bool poked_ = false;
  bool wanted_ = false;  ///< A page not fresh was asked for: the prerenderer looks now.
  /// Tests only: the making of a slow page takes this much longer ($CROWNS_SERVE_TEST_SLOW_MS,
  /// read at the start), so that a request during it can be seen not to wait.
  std::chrono::milliseconds slow_for_test_{0};
  std::mutex mutex_;
  std::condition_variable changed_;  ///< version_ moved, or stopped
  std::condition_variable wake_;     ///< poke() or stop() for the watcher
  std::thread watcher_;
  std::thread prerenderer_;
  struct Warm {
    Render render;
    Reads reads;
    std::uint64_t asked = 0;  ///< The version it was last asked for in.
  };
  std::unordered_map<std::string, Warm> warm_;  ///< Under cache_mutex_.
  std::mutex cache_mutex_;
  struct Copy {
    std::shared_ptr<const std::string> text;  ///< None: no copy.
    double made_ms = 0;
  };
  struct Rendered {
    Rendered(Reads r, Copy b, std::string w)
        : reads(std::move(r)), before(std::move(b)), why(std::move(w)) {}
    const Reads reads;
    /// The last copy made before a change touched the page (or none): served meanwhile.
    const Copy before;
    const std::string why;  ///< What that change was.
    std::mutex mutex;       ///< Held while making.
    /// Set (release) once text and made_ms are written; they never change after.
    std::atomic<bool> done{false};
    std::shared_ptr<const std::string> text;
    double made_ms = 0;
  };
  std::unordered_map<std::string, std::shared_ptr<Rendered>> cache_;
};

}  // namespace crowns::serve
