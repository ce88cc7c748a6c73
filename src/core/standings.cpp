#include "crowns/standings.hpp"

#include <algorithm>
#include <climits>

namespace crowns {

std::vector<int> finishing_places(const std::vector<int>& totals,
                                  const std::vector<std::optional<int>>& tiebreak) {
  const std::size_t n = totals.size();
  if (n == 0) return {};
  const int lowest = *std::min_element(totals.begin(), totals.end());
  const auto played = [&](std::size_t s) { return s < tiebreak.size() && tiebreak[s]; };
  // The tie-break decides only once every leader has a score (as compute_standings says).
  bool tie_broken = true;
  for (std::size_t s = 0; s < n; ++s) tie_broken = tie_broken && (totals[s] != lowest || played(s));
  const auto key = [&](std::size_t s) {
    return std::pair{totals[s], tie_broken && totals[s] == lowest && played(s) ? *tiebreak[s] : 0};
  };
  std::vector<int> places(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    int better = 0;
    for (std::size_t j = 0; j < n; ++j) better += key(j) < key(i) ? 1 : 0;
    places[i] = better + 1;
  }
  return places;
}

Standings compute_standings(const std::vector<std::vector<int>>& points, int players, bool finished,
                            const std::vector<std::optional<int>>& tiebreak) {
  Standings s;
  const auto n = static_cast<std::size_t>(players);
  s.totals.assign(n, 0);
  for (const auto& round : points) {
    for (std::size_t seat = 0; seat < n && seat < round.size(); ++seat)
      s.totals[seat] += round[seat];
  }
  s.places = finishing_places(s.totals, finished ? tiebreak : std::vector<std::optional<int>>{});
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
