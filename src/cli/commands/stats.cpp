// crowns stats NAME: one player's profile over a period.

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/input/period.hpp"
#include "cli/input/rule_set.hpp"
#include "cli/session.hpp"
#include "cli/views/solitaire.hpp"
#include "crowns/plural.hpp"
#include "crowns/rivalry.hpp"
#include "store/players.hpp"
#include "store/timeline.hpp"
#include "views/player_stats.hpp"
#include "views/report.hpp"
#include "views/rule_sets.hpp"

namespace crowns::cli {
namespace {

struct StatsOptions {
  std::string name;
  PeriodOptions period;
  std::optional<std::string> rules;  ///< --rules: one rule set only.
  bool json = false;
};

std::string percent(int part, int whole) {
  return whole == 0 ? "-" : fixed(100.0 * part / whole, 1) + "%";
}

std::string mark_text(const std::optional<GameMark>& m) {
  if (!m) return "-";
  return std::to_string(m->total) + " (game " + std::to_string(m->game) + ", " + m->date + ")";
}

// "Bob (finished ahead 4 times in 6 games)": the opponent is the subject.
std::string rival_text(const std::optional<rivalry::Rival>& r, const Names& names,
                       std::string_view what) {
  if (!r) {
    return "- (no one yet: it takes " + std::to_string(rivalry::kMinGamesTogether) +
           " games together, more often one way than the other)";
  }
  return names.display(r->opponent) + " (" + std::string(what) + " " + counted(r->times, "time") +
         " in " + counted(r->games, "game") + ")";
}

void print_rivals(Context& ctx, const rivalry::Rivals& rivals, const Names& names) {
  auto line = [&](std::string_view label, const std::string& value) {
    ctx.out << "  " << pad_right(label, 16) << value << '\n';
  };
  line("Nemesis", rival_text(rivals.nemesis, names, "finished ahead"));
  line("Beats most", rival_text(rivals.most_beaten, names, "finished behind"));
  if (rivals.most_played_with) {
    line("Plays most with", names.display(rivals.most_played_with->opponent) + " (" +
                                counted(rivals.most_played_with->games, "game") + ")");
  }
}

void print_profile(Context& ctx, const views::PlayerStats& stats, const std::string& heading,
                   const Names& names, const std::string& time) {
  const Profile& p = stats.profile;
  const Period& period = stats.period;
  const Style& st = ctx.style;
  auto line = [&](std::string_view label, const std::string& value) {
    ctx.out << "  " << pad_right(label, 16) << value << '\n';
  };
  ctx.out << st.bold(names.display(p.player)) << ": " << sanitize(period.label) << heading << '\n';
  print_rule_sets_note(ctx.out, stats.rule_sets);
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
  print_rivals(ctx, stats.rivals, names);

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

std::string time_text(const views::TimePlayed& t, int games) {
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
  const std::optional<HouseRules> only = read_rule_set(opts.rules);
  const views::PlayerStats stats = views::player_stats(db, player.id, period, only);
  const Names names(db);
  const auto solitaire = store::solitaire_totals(db, player.id);  // every game, any period
  if (opts.json) {
    auto j = views::player_stats_json(stats, names);
    add_rule_sets_json(j, only, stats.rule_sets);
    if (solitaire.played > 0) j["solitaire"] = solitaire_totals_json(solitaire);
    ctx.out << dump_json(j) << '\n';
    return;
  }
  print_profile(ctx, stats, views::rule_set_heading(only), names,
                time_text(stats.played, stats.profile.games));
  print_solitaire_totals(ctx.out, ctx.style, solitaire);
}

}  // namespace

void setup_stats(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<StatsOptions>();
  auto* sub = app.add_subcommand("stats",
                                 "A player's profile: wins, streaks, rounds, rating, head to head");
  sub->add_option("name", opts->name, "Player name")->required();
  add_period_options(*sub, opts->period);
  add_rule_set_option(*sub, opts->rules);
  sub->add_flag("--json", opts->json, "Print JSON");
  sub->callback([opts, &ctx] { run_stats(*opts, ctx); });
}

}  // namespace crowns::cli
