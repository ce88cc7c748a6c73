#include "crowns/results.hpp"

#include <algorithm>

#include "crowns/standings.hpp"

namespace crowns {

int GameResult::seat_of(std::int64_t player) const {
  for (std::size_t s = 0; s < seats.size(); ++s) {
    if (seats[s].player == player) return static_cast<int>(s);
  }
  return -1;
}

std::vector<int> finishing_places(const GameResult& game) {
  std::vector<int> totals;
  std::vector<std::optional<int>> tiebreak;
  for (const auto& s : game.seats) {
    totals.push_back(s.total);
    tiebreak.push_back(s.tiebreak);
  }
  return finishing_places(totals, tiebreak);  // the one order of finish (crowns/standings.hpp)
}

}  // namespace crowns
