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

std::vector<RuleSetCount> rule_sets_of(const std::vector<GameResult>& games, const Period& period,
                                       std::span<const std::int64_t> players) {
  std::vector<RuleSetCount> sets;
  for (const auto& game : games) {
    if (!period.contains(game.date)) continue;
    if (!std::all_of(players.begin(), players.end(),
                     [&](std::int64_t p) { return game.seat_of(p) >= 0; }))
      continue;
    const auto it = std::find_if(sets.begin(), sets.end(),
                                 [&](const RuleSetCount& s) { return s.rules == game.rules; });
    if (it == sets.end()) {
      sets.push_back({game.rules, 1});
    } else {
      ++it->games;
    }
  }
  // A handful of rule sets at most: describe() in the comparison costs nothing worth keeping.
  std::sort(sets.begin(), sets.end(), [](const RuleSetCount& a, const RuleSetCount& b) {
    if (a.games != b.games) return a.games > b.games;
    return describe(a.rules) < describe(b.rules);
  });
  return sets;
}

}  // namespace crowns
