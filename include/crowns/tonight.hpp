#pragma once
// One evening's games (crowns tonight): who won each, the evening's best round, closest
// finish and biggest comeback, who went out most, and how each player's rating moved.
// Pure: over finished games (GameResult, oldest first), as the statistics read them.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "crowns/profile.hpp"
#include "crowns/rating.hpp"
#include "crowns/results.hpp"

namespace crowns::tonight {

struct GameLine {
  std::int64_t game = 0;
  std::vector<std::int64_t> winners;  ///< Every winner of a shared win.
  int winning_total = 0;
};

/// The out that left the most points in the others' hands.
struct BestRound {
  std::int64_t game = 0;
  int round = 0;
  std::int64_t player = 0;
  int left = 0;  ///< The points the other players scored in that round.
};

/// The finished game with the smallest gap between first and second place.
struct ClosestFinish {
  std::int64_t game = 0;
  std::int64_t winner = 0;
  std::int64_t runner_up = 0;
  int margin = 0;  ///< Total points between them (0: a tie, settled by the tie-break or shared).
  /// How a tie (margin 0) was settled: by the tie-break (the winner won it), or shared (the
  /// same place: no tie-break between them).
  enum class Tie { None, TieBreak, Shared };
  Tie tie = Tie::None;
  int total = 0;  ///< The winner's total (the runner-up's too, in a tie).
};

/// "Bob ahead of Ann by 3 points", "Bob won the tie-break against Ann (both on 70)", "Ann and
/// Bob shared first place (both on 70)": a closest finish in words, with the names given.
std::string closest_finish_text(const ClosestFinish& c, const std::string& winner,
                                const std::string& runner_up);

/// What decided a closest finish, as JSON names it: "points" (a margin), "tiebreak" (a tie the
/// winner's tie-break settled) or "shared" (a tie and a shared place).
const char* decided_by_name(ClosestFinish::Tie tie);

struct OutCount {
  std::int64_t player = 0;
  int outs = 0;
};

struct RatingChange {
  std::int64_t player = 0;
  double before = 0.0;  ///< Rating ordinal before the evening's first game.
  double after = 0.0;   ///< ... and after its last.
  [[nodiscard]] double change() const { return after - before; }
};

struct Evening {
  std::string date;
  std::vector<GameLine> games;  ///< The evening's finished games, in order.
  std::optional<BestRound> best_round;
  std::optional<ClosestFinish> closest_finish;
  std::optional<Record> biggest_comeback;
  std::vector<OutCount> most_outs;    ///< The players who went out most (ties: all of them).
  std::vector<RatingChange> ratings;  ///< Every player of the evening, the biggest gain first.
};

/// How Evening::ratings is ordered, in one sentence for every screen that shows it: by the
/// change, which is no leaderboard's order (a leaderboard says its own: ranked_by_text).
std::string_view ratings_order_text();

/// The evening of `date` among `games` (every finished game up to that date, oldest first,
/// with round detail for the date's games: the ratings are replayed from the first game).
Evening evening_of(const std::vector<GameResult>& games, const std::string& date);

}  // namespace crowns::tonight
