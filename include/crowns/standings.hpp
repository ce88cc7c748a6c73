#pragma once
// Who leads and who won: totals, ties and the tie-break, from the points alone.

#include <optional>
#include <vector>

namespace crowns {

/// The table after some rounds. Seats are indexes 0..players-1 in seating order.
struct Standings {
  std::vector<int> totals;   ///< Sum of every round's points, by seat.
  std::vector<int> leaders;  ///< Seats with the lowest total (all seats before round 1).
  std::vector<int> winners;  ///< Empty unless the game is finished.
  bool tied = false;         ///< Finished with more than one lowest total.
  bool tie_broken = false;   ///< The tie-break was played and decided among the tied.
  /// Each seat's place, 1 the best: see finishing_places. The one order of finish that the
  /// scorecard, the phone, the report, the ratings and the records all read.
  std::vector<int> places;
};

/// Places by seat, lower is better (competition ranking: 1, 2, 2, 4): by total, and among the
/// seats tied for the lowest total, once every one of them has played the tie-break, by
/// their tie-break score. So a three-way tie broken 0, 10, 20 places the three 1, 2, 3, and
/// one broken 0, 0, 20 places them 1, 1, 3 (a shared win). `tiebreak[s]` is seat s's
/// tie-break score, if played (shorter than `totals`: the rest played none).
std::vector<int> finishing_places(const std::vector<int>& totals,
                                  const std::vector<std::optional<int>>& tiebreak);

/// `points[r][s]` is seat s's score in round r+1. `finished`: the 11 rounds are in.
/// `tiebreak[s]` is seat s's tie-break score, if played; it decides only among the seats
/// tied for the lowest total (lowest wins; still tied: a shared win).
Standings compute_standings(const std::vector<std::vector<int>>& points, int players, bool finished,
                            const std::vector<std::optional<int>>& tiebreak);

/// The seat that deals round `round` (1-based) when `first_dealer` dealt round 1:
/// the deal passes one seat to the left (the next seat) each round.
constexpr int dealer_seat(int first_dealer, int round, int players) {
  return (first_dealer + round - 1) % players;
}
/// The seat left of the dealer, who plays first.
constexpr int starter_seat(int first_dealer, int round, int players) {
  return (dealer_seat(first_dealer, round, players) + 1) % players;
}

}  // namespace crowns
