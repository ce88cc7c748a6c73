// crowns stats NAME: one player's profile over a period.

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/input/period.hpp"
#include "cli/session.hpp"
#include "cli/views/solitaire.hpp"
#include "crowns/plural.hpp"
#include "crowns/profile.hpp"
#include "crowns/rivalry.hpp"
#include "store/players.hpp"
#include "store/timeline.hpp"
#include "views/report.hpp"

namespace crowns::cli {
namespace {

using Json = nlohmann::ordered_json;

struct StatsOptions {
  std::string name;
  PeriodOptions period;
  bool json = false;
};

std::string percent(int part, int whole) {
  return whole == 0 ? "-" : fixed(100.0 * part / whole, 1) + "%";
}

Json mark_json(const std::optional<GameMark>& m) {
  if (!m) return nullptr;
  return Json{{"game", m->game}, {"date", m->date}, {"total", m->total}};
}

std::string mark_text(const std::optional<GameMark>& m) {
  if (!m) return "-";
  return std::to_string(m->total) + " (game " + std::to_string(m->game) + ", " + m->date + ")";
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
              {"best", mark_json(p.best)},
              {"worst", mark_json(p.worst)},
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

void add_rivals_json(Json& j, const rivalry::Rivals& rivals, const Names& names) {
  j["nemesis"] = rival_json(rivals.nemesis, names);
  j["most_beaten"] = rival_json(rivals.most_beaten, names);
  j["most_played_with"] = rival_json(rivals.most_played_with, names);
}

// "Bob (finished lower 4 times in 6 games)": the opponent is the subject.
std::string rival_text(const std::optional<rivalry::Rival>& r, const Names& names,
                       std::string_view what) {
  if (!r) {
    return "- (no one yet: it takes " + std::to_string(rivalry::kMinGamesTogether) +
           " games together)";
  }
  return names.display(r->opponent) + " (" + std::string(what) + " " + counted(r->times, "time") +
         " in " + counted(r->games, "game") + ")";
}

void print_rivals(Context& ctx, const rivalry::Rivals& rivals, const Names& names) {
  auto line = [&](std::string_view label, const std::string& value) {
    ctx.out << "  " << pad_right(label, 16) << value << '\n';
  };
  line("Nemesis", rival_text(rivals.nemesis, names, "finished lower"));
  line("Beats most", rival_text(rivals.most_beaten, names, "finished higher"));
  if (rivals.most_played_with) {
    line("Plays most with", names.display(rivals.most_played_with->opponent) + " (" +
                                counted(rivals.most_played_with->games, "game") + ")");
  }
}

void print_profile(Context& ctx, const Profile& p, const Period& period, const Names& names,
                   const std::string& time, const rivalry::Rivals& rivals) {
  const Style& st = ctx.style;
  auto line = [&](std::string_view label, const std::string& value) {
    ctx.out << "  " << pad_right(label, 16) << value << '\n';
  };
  ctx.out << st.bold(names.display(p.player)) << ": " << sanitize(period.label) << '\n';
  if (p.games == 0) {
    ctx.out << "  No finished games in this period"
            << (period.from || period.to ? " (--all covers every game)" : "") << '\n';
    return;
  }
  line("Games", std::to_string(p.games));
  line("Wins", std::to_string(p.wins) + " (" + percent(p.wins, p.games) + ")");
  line("Average total", one_decimal(p.average()));
  line("Best game", mark_text(p.best));
  line("Worst game", mark_text(p.worst));
  line("Streaks", "longest win streak " + std::to_string(p.longest_win_streak) +
                      ", longest without a win " + std::to_string(p.longest_losing_streak));
  line("Went out", std::to_string(p.outs) + " of " + counted(p.rounds, "round") + " (" +
                       percent(p.outs, p.rounds) + ")");
  line("Highest total", std::to_string(p.highest) + " of " + counted(p.games, "game") + " (" +
                            percent(p.highest, p.games) + ")");
  line("Rating", fixed(p.rating.ordinal(), 2) + " (mu " + fixed(p.rating.mu, 2) + ", sigma " +
                     fixed(p.rating.sigma, 2) + ")");
  line("Rating history", sparkline(st, p.rating_history));
  line("Time played", time);
  print_rivals(ctx, rivals, names);

  ctx.out << '\n' << st.bold("Average points by round") << '\n';
  Table rounds;
  rounds.column("Wild");
  for (int r = 1; r <= kRounds; ++r) rounds.column(wild_label(r), Table::Align::Right);
  std::vector<std::string> avg{"Avg"};
  for (int r = 1; r <= kRounds; ++r) {
    const auto a = p.round_average(r);
    avg.push_back(a ? one_decimal(*a) : "-");
  }
  rounds.row(std::move(avg));
  rounds.print(ctx.out, st);

  if (p.opponents.empty()) return;
  ctx.out << '\n'
          << st.bold("Head to head")
          << " (ahead: finished in the better place, a tie-break counted)\n";
  Table versus;
  versus.column("Opponent");
  for (const char* h : {"Games", "Ahead", "Behind", "Same", "Wins", "Their wins"})
    versus.column(h, Table::Align::Right);
  for (const auto& v : p.opponents) {
    versus.row({names.display(v.opponent), std::to_string(v.games), std::to_string(v.lower),
                std::to_string(v.higher), std::to_string(v.equal), std::to_string(v.wins),
                std::to_string(v.opponent_wins)});
  }
  versus.print(ctx.out, st);
}

// The time a player spent in the period's finished games whose length is known.
struct TimePlayed {
  int games = 0;  ///< Games with a known length.
  std::int64_t seconds = 0;
};

TimePlayed time_played(const store::Database& db, const std::vector<crowns::GameResult>& games,
                       const Period& period, std::int64_t player) {
  const auto times = store::timeline::player_game_times(db, player);
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

void add_time_json(Json& j, const TimePlayed& t) {
  j["hours_played"] = rounded(static_cast<double>(t.seconds) / 3600.0, 2);
  j["timed_games"] = t.games;
  j["average_game_s"] = t.games ? Json(t.seconds / t.games) : Json(nullptr);
}

std::string time_text(const TimePlayed& t, int games) {
  if (t.games == 0) return "not known (no game with its times)";
  return store::timeline::length_text(t.seconds) + ", average game " +
         store::timeline::length_text(t.seconds / t.games) +
         (t.games < games ? " (" + std::to_string(t.games) + " of " + counted(games, "game") +
                                " with their times)"
                          : "");
}

void run_stats(const StatsOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Read);
  const auto player = need(store::require_player(db, opts.name));
  const Period period = resolve_period(db, opts.period);
  const auto games = store::load_results(db, {period.to, period, player.id});
  const auto replay = replay_ratings(games);
  const Profile profile = player_profile(games, replay, period, player.id);
  const Names names(db);
  const auto solitaire = store::solitaire_totals(db, player.id);  // every game, any period
  const TimePlayed played = time_played(db, games, period, player.id);
  const rivalry::Rivals rivals = rivalry::rivals_of(profile.opponents);
  if (opts.json) {
    auto j = profile_json(profile, period, names);
    add_time_json(j, played);
    add_rivals_json(j, rivals, names);
    if (solitaire.played > 0) j["solitaire"] = solitaire_totals_json(solitaire);
    ctx.out << dump_json(j) << '\n';
    return;
  }
  print_profile(ctx, profile, period, names, time_text(played, profile.games), rivals);
  print_solitaire_totals(ctx.out, ctx.style, solitaire);
}

}  // namespace

void setup_stats(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<StatsOptions>();
  auto* sub = app.add_subcommand("stats",
                                 "A player's profile: wins, streaks, rounds, rating, head to head");
  sub->add_option("name", opts->name, "Player name")->required();
  add_period_options(*sub, opts->period);
  sub->add_flag("--json", opts->json, "Print JSON");
  sub->callback([opts, &ctx] { run_stats(*opts, ctx); });
}

}  // namespace crowns::cli
