#include "crowns/results.hpp"

#include <algorithm>

namespace crowns {

int GameResult::seat_of(std::int64_t player) const {
  for (std::size_t s = 0; s < seats.size(); ++s) {
    if (seats[s].player == player) return static_cast<int>(s);
  }
  return -1;
}

std::vector<int> finishing_places(const GameResult& game) {
  const std::size_t n = game.seats.size();
  if (n == 0) return {};
  int lowest = game.seats[0].total;
  for (const auto& s : game.seats) lowest = std::min(lowest, s.total);
  // Key: (total, tie-break among the leaders). Only leaders play the tie-break, and it
  // decides only once every one of them has a score (as compute_standings says).
  const bool tie_broken =
      std::all_of(game.seats.begin(), game.seats.end(),
                  [&](const SeatResult& s) { return s.total != lowest || s.tiebreak.has_value(); });
  auto key = [&](const SeatResult& s) {
    const int tb = tie_broken && s.total == lowest && s.tiebreak ? *s.tiebreak : 0;
    return std::pair{s.total, tb};
  };
  std::vector<int> places(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    int better = 0;
    for (std::size_t j = 0; j < n; ++j) {
      if (key(game.seats[j]) < key(game.seats[i])) ++better;
    }
    places[i] = better + 1;  // competition ranking: 1, 1, 3, ...
  }
  return places;
}

}  // namespace crowns
