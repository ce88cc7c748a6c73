// A period's time figures (views/period_times.hpp).

#include "views/period_times.hpp"

namespace crowns::views {

TimeRecords time_records(const TimesByGame& times, const std::vector<crowns::GameResult>& games,
                         const Period& period) {
  TimeRecords rec;
  for (const auto& g : games) {
    if (!period.contains(g.date)) continue;
    const auto it = times.find(g.id);
    if (it == times.end()) continue;
    const auto& t = it->second;
    if (const auto length = t.duration()) {
      if (!rec.longest_game || *length > rec.longest_game->seconds)
        rec.longest_game = TimeRecord{g.id, g.date, 0, *length, g.rules};
      if (!rec.shortest_game || *length < rec.shortest_game->seconds)
        rec.shortest_game = TimeRecord{g.id, g.date, 0, *length, g.rules};
    }
    for (int r = 1; r <= static_cast<int>(t.recorded.size()); ++r) {
      const auto took = t.round_seconds(r);
      if (took && (!rec.slowest_round || *took > rec.slowest_round->seconds))
        rec.slowest_round = TimeRecord{g.id, g.date, r, *took, g.rules};
    }
  }
  return rec;
}

TimePlayed time_played(const TimesByGame& times, const std::vector<crowns::GameResult>& games,
                       const Period& period, std::int64_t player) {
  TimePlayed played;
  for (const auto& g : games) {
    if (!period.contains(g.date) || g.seat_of(player) < 0) continue;
    const auto it = times.find(g.id);
    if (it == times.end()) continue;
    if (const auto length = it->second.duration()) {
      ++played.games;
      played.seconds += *length;
    }
  }
  return played;
}

}  // namespace crowns::views
