// A game's times for a person and in JSON (cli/views/game_times.hpp).

#include "views/game_times.hpp"

#include "views/local_time.hpp"
#include "views/scorecard.hpp"

namespace crowns::views {
namespace {

using Json = nlohmann::ordered_json;
namespace timeline = store::timeline;

// "2026-01-15 19:04" in the local zone ($TZ), as a person at the table read the clock.
std::string minute_text(timeline::UnixTime t) {
  return local_time(t).text.substr(0, 16);
}

// The local zone's name at `t` ("PST", "UTC").
std::string zone_at(timeline::UnixTime t) {
  return local_time(t).zone;
}

Json time_json(const std::optional<timeline::UnixTime>& t) {
  return t ? Json(timeline::iso_time(*t)) : Json(nullptr);
}

}  // namespace

std::string game_times_text(const timeline::GameTimes& times, timeline::UnixTime now) {
  if (!times.started) return "not known (imported without times)";
  const std::string start = minute_text(*times.started);
  if (times.status == store::GameStatus::Active) {
    return timeline::length_text(std::max<std::int64_t>(0, now - *times.started)) +
           " so far (started " + start + " " + zone_at(*times.started) + ")";
  }
  const auto length = times.duration();
  if (!length) return "not known (started " + start + " " + zone_at(*times.started) + ")";
  const std::string end = minute_text(*times.ended);
  const bool same_day = end.substr(0, 10) == start.substr(0, 10);
  return timeline::length_text(*length) + " (" + start + " to " +
         (same_day ? end.substr(11) : end) + " " + zone_at(*times.ended) + ")";
}

void add_game_times(Json& card, const timeline::GameTimes& times, timeline::UnixTime now) {
  card["started_at"] = time_json(times.started);
  card["ended_at"] = time_json(times.ended);
  const auto length = times.duration();
  card["duration_s"] = length ? Json(*length) : Json(nullptr);
  if (times.status == store::GameStatus::Active) {
    card["elapsed_s"] =
        times.started ? Json(std::max<std::int64_t>(0, now - *times.started)) : Json(nullptr);
  }
  auto& rounds = card["rounds"];
  for (std::size_t r = 0; r < rounds.size(); ++r) {
    rounds[r]["recorded_at"] =
        r < times.recorded.size() ? time_json(times.recorded[r]) : Json(nullptr);
    const auto took = times.round_seconds(static_cast<int>(r) + 1);
    rounds[r]["duration_s"] = took ? Json(*took) : Json(nullptr);
  }
}

nlohmann::ordered_json game_json(const store::Database& db, const store::Game& game) {
  auto card = scorecard_json(game);
  card["change"] = game.last_change;
  add_game_times(card, store::timeline::game_times(db, game.id), store::timeline::now(db));
  return card;
}

}  // namespace crowns::views
