#pragma once
// What a change to the database touched, so that `crowns serve` keeps the pages it did not:
// a round in the game at the table leaves the leaderboard and the season report as they were
// (made from 10,000 finished games, they take tens to hundreds of milliseconds to make again).
//
// Every change crowns makes to games, players and seasons writes an audit entry in the same
// transaction (store/audit.hpp); the entries past the last one seen name the games changed.
// What it cannot read that way (an entry without a game: a player renamed, a season added, an
// import; a log rewritten by a restore; many entries at once) counts as a change of everything.

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "crowns/results.hpp"
#include "store/sqlite.hpp"

namespace crowns::serve {

/// What a page is made of.
struct Reads {
  /// Dropped at every change of the database (the scorecards, the games list: cheap to make).
  bool everything = true;
  /// Otherwise the finished games (statistics, ratings), the players and the seasons, and
  /// with `games_in` every game dated in that period too (the report's scorecards).
  std::optional<Period> games_in;

  /// A page made of the finished games only (the leaderboard).
  static Reads finished_games() { return {false, std::nullopt}; }
  /// A page made of the finished games and every game of `period` (the season report).
  static Reads finished_games_and(Period period) { return {false, std::move(period)}; }
};

/// One change (or several, seen together) of the database.
struct Change {
  bool everything = false;            ///< Could not tell what changed: every page is old.
  bool finished_games = false;        ///< A game that is or was finished changed, or went.
  std::vector<std::string> dates;     ///< The dates (before and after) of the games changed.
  std::vector<std::int64_t> games{};  ///< The games changed (none known with `everything`).

  /// Whether a page that reads `reads` must be made again.
  [[nodiscard]] bool touches(const Reads& reads) const;
};

/// The changes a page kept in parts has been told of since it was last made (the watcher
/// notes them, the next making takes them): the games changed, or that it must be made whole.
class PendingChanges {
 public:
  /// Notes the games `change` touched, or with `whole` that the page must be made whole.
  void note(const Change& change, bool whole);
  struct Taken {
    bool whole = true;
    std::vector<std::int64_t> games{};
  };
  /// What was noted, from now on nothing.
  Taken take();
  /// The next take() says whole (a making failed half-way).
  void spoil();
  /// Brings a kept page up to date with what was noted: `patch(games)` (false: it cannot),
  /// else `build()` (also when not `built` yet); when either throws, the next one builds.
  template <class Patch, class Build>
  void catch_up(bool built, Patch&& patch, Build&& build) {
    const Taken taken = take();
    try {
      if (taken.whole || !built || !std::forward<Patch>(patch)(taken.games))
        std::forward<Build>(build)();
    } catch (...) {
      spoil();
      throw;
    }
  }

 private:
  std::mutex mutex_;
  bool whole_ = true;  ///< Nothing made yet counts as whole.
  std::vector<std::int64_t> games_;
};

/// Follows the audit log from one change to the next.
class ChangeLog {
 public:
  /// Starts from the database as it is now. Throws crowns::Error when it cannot be read
  /// (busy); the first since_last() then counts as a change of everything.
  void start(store::Database& db);
  /// What changed since the last call (or the start). Throws crowns::Error when the database
  /// cannot be read (busy); the caller then counts it a change of everything, and the next
  /// call starts afresh.
  Change since_last(store::Database& db);

 private:
  struct GameMark {
    std::string date;
    bool finished = false;
  };
  /// Reads every game's mark and the newest entry afresh.
  void reload(const store::Database& db);
  [[nodiscard]] std::string stamp_of(const store::Database& db, std::int64_t entry) const;

  bool whole_ = false;           ///< games_ and the last entry were read to the end.
  std::int64_t last_entry_ = 0;  ///< The newest audit entry seen (0: none).
  std::string last_stamp_;       ///< Its time, action and game: a restored log differs.
  std::unordered_map<std::int64_t, GameMark> games_;
};

}  // namespace crowns::serve
