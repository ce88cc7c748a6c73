#pragma once
// A period's time figures, counted once for every place that shows them: `records` (the
// longest and shortest game, the slowest round), `stats` (a player's time played), the
// report's time and rivals and the phone's player page. docs/STATS.md, "Time".

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "crowns/results.hpp"
#include "store/timeline.hpp"

namespace crowns::views {

/// Every game's times, by game id (store::timeline::all_game_times).
using TimesByGame = std::unordered_map<std::int64_t, store::timeline::GameTimes>;

/// A record of time: a game (and its round, for the slowest round) and how long it took.
struct TimeRecord {
  std::int64_t game = 0;
  std::string date;
  int round = 0;  ///< The round of the slowest round; 0 for a game.
  std::int64_t seconds = 0;
  HouseRules rules{};  ///< The rules of the game.
};

struct TimeRecords {
  std::optional<TimeRecord> longest_game;
  std::optional<TimeRecord> shortest_game;
  std::optional<TimeRecord> slowest_round;
};

/// Over the finished `games` of `period` whose times are known; the first to reach a record
/// keeps it. None of the three when no game has its times.
TimeRecords time_records(const TimesByGame& times, const std::vector<crowns::GameResult>& games,
                         const Period& period);

/// The time a player spent in the period's finished games whose length is known.
struct TimePlayed {
  int games = 0;  ///< Games with a known length.
  std::int64_t seconds = 0;
};

TimePlayed time_played(const TimesByGame& times, const std::vector<crowns::GameResult>& games,
                       const Period& period, std::int64_t player);

}  // namespace crowns::views
