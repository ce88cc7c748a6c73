#pragma once
// Finished games made by hand for the statistics' tests (test_stats.cpp, test_tonight.cpp).

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "crowns/results.hpp"

namespace crowns::test {

// A finished game of 11 rounds: `rounds[s]` holds seat s's points, round by round
// (fewer than 11 are padded with 0); `outs` counted from the zeros.
inline GameResult make_game(std::int64_t id, std::string date, std::vector<std::int64_t> players,
                            std::vector<std::vector<int>> rounds) {
  GameResult g;
  g.id = id;
  g.date = std::move(date);
  const std::size_t n = players.size();
  g.points.assign(11 * n, 0);
  g.went_out.assign(11 * n, 0);
  for (std::size_t s = 0; s < n; ++s) {
    SeatResult seat;
    seat.player = players[s];
    for (std::size_t r = 0; r < 11; ++r) {
      const int p = r < rounds[s].size() ? rounds[s][r] : 0;
      g.points[r * n + s] = p;
      if (p == 0 && r < rounds[s].size()) {
        g.went_out[r * n + s] = 1;
        ++seat.outs;
      }
      seat.total += p;
    }
    g.seats.push_back(seat);
  }
  int lowest = g.seats[0].total;
  for (const auto& s : g.seats) lowest = std::min(lowest, s.total);
  for (auto& s : g.seats) s.winner = s.total == lowest;
  return g;
}

}  // namespace crowns::test
