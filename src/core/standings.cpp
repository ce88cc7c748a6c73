#include "crowns/standings.hpp"

#include <algorithm>
#include <climits>

namespace crowns {

Standings compute_standings(const std::vector<std::vector<int>>& points, int players, bool finished,
                            const std::vector<std::optional<int>>& tiebreak) {
  Standings s;
  const auto n = static_cast<std::size_t>(players);
  s.totals.assign(n, 0);
  for (const auto& round : points) {
    for (std::size_t seat = 0; seat < n && seat < round.size(); ++seat)
      s.totals[seat] += round[seat];
  }
  const int lowest = n == 0 ? 0 : *std::min_element(s.totals.begin(), s.totals.end());
  for (std::size_t seat = 0; seat < n; ++seat) {
    if (s.totals[seat] == lowest) s.leaders.push_back(static_cast<int>(seat));
  }
  if (!finished) return s;
  s.tied = s.leaders.size() > 1;
  s.winners = s.leaders;
  if (!s.tied) return s;
  const bool all_played = std::all_of(s.leaders.begin(), s.leaders.end(), [&](int seat) {
    return static_cast<std::size_t>(seat) < tiebreak.size() &&
           tiebreak[static_cast<std::size_t>(seat)];
  });
  if (!all_played) return s;
  int best = INT_MAX;
  for (int seat : s.leaders) best = std::min(best, *tiebreak[static_cast<std::size_t>(seat)]);
  s.winners.clear();
  for (int seat : s.leaders) {
    if (*tiebreak[static_cast<std::size_t>(seat)] == best) s.winners.push_back(seat);
  }
  s.tie_broken = true;
  return s;
}

}  // namespace crowns
