// One player's profile over a period (views/player_stats.hpp).

#include "views/player_stats.hpp"

#include "crowns/leaderboard.hpp"
#include "store/history.hpp"
#include "store/timeline.hpp"

namespace crowns::views {
namespace {

using Json = nlohmann::ordered_json;

Json game_mark_json(const std::optional<GameMark>& m) {
  if (!m) return nullptr;
  return Json{{"game", m->game}, {"date", m->date}, {"total", m->total}};
}

Json profile_json(const Profile& p, const Period& period, const Names& names) {
  Json rounds = Json::array();
  for (int r = 1; r <= kRounds; ++r) {
    const auto avg = p.round_average(r);
    rounds.push_back(Json{{"round", r},
                          {"wild", wild_label(r)},
                          {"average", avg ? Json(rounded(*avg, 2)) : Json(nullptr)}});
  }
  Json opponents = Json::array();
  for (const auto& v : p.opponents) {
    opponents.push_back(Json{{"opponent", names.name(v.opponent)},
                             {"games", v.games},
                             {"lower", v.lower},
                             {"higher", v.higher},
                             {"equal", v.equal},
                             {"wins", v.wins},
                             {"opponent_wins", v.opponent_wins}});
  }
  Json history = Json::array();
  for (double r : p.rating_history) history.push_back(rounded(r, 4));
  return Json{{"player", names.name(p.player)},
              {"period", period_json(period)},
              {"games", p.games},
              {"wins", p.wins},
              {"win_rate", rounded(p.win_rate(), 4)},
              {"average", rounded(p.average(), 2)},
              {"longest_win_streak", p.longest_win_streak},
              {"longest_losing_streak", p.longest_losing_streak},
              {"best", game_mark_json(p.best)},
              {"worst", game_mark_json(p.worst)},
              {"rounds", p.rounds},
              {"outs", p.outs},
              {"out_rate", rounded(p.out_rate(), 4)},
              {"highest_total", p.highest},
              {"rating", rounded(p.rating.ordinal(), 4)},
              {"mu", rounded(p.rating.mu, 4)},
              {"sigma", rounded(p.rating.sigma, 4)},
              {"rating_history", history},
              {"by_round", rounds},
              {"opponents", opponents}};
}

Json rival_json(const std::optional<rivalry::Rival>& r, const Names& names) {
  if (!r) return nullptr;
  return Json{{"opponent", names.name(r->opponent)},
              {"games", r->games},
              {"times", r->times},
              {"share", rounded(r->share(), 4)}};
}

}  // namespace

PlayerStats player_stats(const store::Database& db, std::int64_t player, const Period& period,
                         const std::optional<HouseRules>& only) {
  const auto games = store::load_results(
      db, {.until = period.to, .rounds_in = period, .rounds_of = player, .rules = only});
  const auto replay = replay_ratings(games);
  const std::int64_t players[] = {player};
  PlayerStats stats{
      .period = period,
      .profile = player_profile(games, replay, period, player),
      .played = time_played(store::timeline::player_game_times(db, player), games, period, player),
      .rivals = {},
      .rule_sets = rule_sets_of(games, period, players)};
  stats.rivals = rivalry::rivals_of(stats.profile.opponents);
  return stats;
}

nlohmann::ordered_json player_stats_json(const PlayerStats& stats, const Names& names) {
  Json j = profile_json(stats.profile, stats.period, names);
  const TimePlayed& t = stats.played;
  j["hours_played"] = rounded(static_cast<double>(t.seconds) / 3600.0, 2);
  j["timed_games"] = t.games;
  j["average_game_s"] = t.games ? Json(t.seconds / t.games) : Json(nullptr);
  j["nemesis"] = rival_json(stats.rivals.nemesis, names);
  j["most_beaten"] = rival_json(stats.rivals.most_beaten, names);
  j["most_played_with"] = rival_json(stats.rivals.most_played_with, names);
  return j;
}

}  // namespace crowns::views
