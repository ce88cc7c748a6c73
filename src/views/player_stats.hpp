#pragma once
// One player's profile over a period, gathered once for every door that shows it: `crowns
// stats NAME` (text and --json) and the phone's player page (/player). docs/STATS.md.

#include <cstdint>
#include <nlohmann/json.hpp>

#include "crowns/profile.hpp"
#include "crowns/results.hpp"
#include "crowns/rivalry.hpp"
#include "store/sqlite.hpp"
#include "views/period_times.hpp"
#include "views/report.hpp"

namespace crowns::views {

struct PlayerStats {
  Period period;
  Profile profile;
  TimePlayed played;       ///< In the period's finished games whose times are known.
  rivalry::Rivals rivals;  ///< Nemesis, beats most, plays most with.
  /// The rule sets of the player's games in the period (rule_sets_of): more than one, and
  /// every screen of these figures says so.
  std::vector<RuleSetCount> rule_sets;
};

/// `player`'s profile in `period`: games, wins, streaks, rounds, rating, head to head, the
/// time played and the rivals; of the games played under `only` when given (the ratings too:
/// rated over those games alone). Reads only.
PlayerStats player_stats(const store::Database& db, std::int64_t player, const Period& period,
                         const std::optional<HouseRules>& only = std::nullopt);

/// What `crowns stats NAME --json` prints (without the solitaire totals the terminal adds):
/// the profile, hours_played, timed_games, average_game_s, nemesis, most_beaten and
/// most_played_with (each door says for itself when the games span rule sets).
nlohmann::ordered_json player_stats_json(const PlayerStats& stats, const Names& names);

}  // namespace crowns::views
