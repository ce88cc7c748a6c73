#pragma once
// Ratings replayed over the games, and the leaderboard of a period. Pure computations over
// finished games in date order (GameResult); the CLI renders them.

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "crowns/rating.hpp"
#include "crowns/results.hpp"

namespace crowns {

/// Every game rated in order. `after[g][s]` is seat s's rating once game g was rated;
/// `current` is each player's rating after the last game.
struct RatingReplay {
  std::vector<std::vector<Rating>> after;
  std::unordered_map<std::int64_t, Rating> current;
};

/// Rates `games` (oldest first: in the order played, as store::load_results reads them) from
/// scratch.
RatingReplay replay_ratings(const std::vector<GameResult>& games, const RatingModel& model = {});
/// Rates one more game, played later than every game `replay` has rated: the
/// replay is then replay_ratings of the games with `game` added last.
void extend_replay(RatingReplay& replay, const GameResult& game, const RatingModel& model = {});

struct LeaderRow {
  int rank = 0;  ///< 1-based; equal sort keys share a rank.
  std::int64_t player = 0;
  int games = 0;
  int wins = 0;          ///< A shared win counts for every winner.
  long long points = 0;  ///< Sum of final totals.
  int best = 0;          ///< Lowest final total.
  int rounds = 0;        ///< Rounds played.
  int outs = 0;          ///< Rounds gone out.
  Rating rating;         ///< As it stood after the player's last game up to the period's end.
  std::string form;      ///< The last 5 games of the period, oldest first: W won, L not.

  [[nodiscard]] double win_rate() const {
    return games == 0 ? 0.0 : static_cast<double>(wins) / games;
  }
  [[nodiscard]] double average() const {
    return games == 0 ? 0.0 : static_cast<double>(points) / games;
  }
  [[nodiscard]] double points_per_round() const {
    return rounds == 0 ? 0.0 : static_cast<double>(points) / rounds;
  }
};

enum class RankBy { Rating, Wins, WinRate, Average };

/// How a leaderboard ranked by `by` is ordered, in one sentence for every screen that shows
/// one ("Ranked by rating, then wins, then win%.").
std::string_view ranked_by_text(RankBy by);

/// The players who finished a game in `period`, with at least `min_games` there, best
/// first. `games` may reach back before the period (for the ratings); `replay` must be
/// replay_ratings(games).
std::vector<LeaderRow> leaderboard(const std::vector<GameResult>& games, const RatingReplay& replay,
                                   const Period& period, RankBy by, int min_games);

}  // namespace crowns
