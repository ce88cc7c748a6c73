#pragma once
// When a game was played: its start (the game's creation), its end (its last round, or its
// tie-break) and each round's time, read from the times the store already keeps (games.created_at,
// rounds.entered_at, games.finished_at). docs/STATS.md, "Time".
//
// A time is never made up. A game's times are known when it was started here (the log holds
// its "new" entry) or imported from a file that carried them (written 2026-01-15T19:04:00Z,
// with the T); a game imported without times (a version 2 file, a CSV) has none, and a round
// appended by an import that did not carry its time has none. A corrected round keeps the
// time it was first recorded (edit changes scores, never rounds.entered_at).

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "crowns/game_status.hpp"
#include "store/sqlite.hpp"

namespace crowns::store::timeline {

/// Seconds since 1970-01-01 00:00:00 UTC.
using UnixTime = std::int64_t;

struct GameTimes {
  std::int64_t game_id = 0;
  GameStatus status = GameStatus::Active;
  std::optional<UnixTime> started;                ///< None: not known.
  std::optional<UnixTime> ended;                  ///< Finished or abandoned, with its end known.
  std::vector<std::optional<UnixTime>> recorded;  ///< Round r at [r - 1]; none: not known.

  /// Whether the game's start is known (every other time is then known unless said).
  [[nodiscard]] bool known() const { return started.has_value(); }
  /// From the start to the end, for a game over with both known.
  [[nodiscard]] std::optional<std::int64_t> duration() const;
  /// How long round `round` (1-11) took: from the round before (the start for round 1) to
  /// its recording, when both are known.
  [[nodiscard]] std::optional<std::int64_t> round_seconds(int round) const;
};

/// The times of game `game_id` (an empty GameTimes with unknown times if there is none).
GameTimes game_times(const Database& db, std::int64_t game_id);

/// The times of every game, by id.
std::unordered_map<std::int64_t, GameTimes> all_game_times(const Database& db);

/// The times of the games a player sat in, by id.
std::unordered_map<std::int64_t, GameTimes> player_game_times(const Database& db,
                                                              std::int64_t player_id);

/// The latest date a game was finished on (YYYY-MM-DD), or none.
std::optional<std::string> last_played_on(const Database& db);

/// The time now (CROWNS_TODAY's noon when set, as the store writes it).
UnixTime now(const Database& db);

/// "2026-01-15T19:04:00Z": ISO 8601, UTC.
std::string iso_time(UnixTime t);

/// A length for a person: "45 s", "12 min", "2 h 05 min".
std::string length_text(std::int64_t seconds);

}  // namespace crowns::store::timeline
