// crowns leaderboard: who leads a period, by wins (then win rate, then average total), win
// rate, average total or rating.

#include "crowns/leaderboard.hpp"

#include <CLI/CLI.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/input/period.hpp"
#include "cli/input/rule_set.hpp"
#include "cli/options.hpp"
#include "cli/session.hpp"
#include "crowns/csv.hpp"
#include "crowns/standings_order.hpp"
#include "store/history.hpp"
#include "views/report.hpp"
#include "views/rule_sets.hpp"
#include "views/scorecard.hpp"

namespace crowns::cli {
namespace {

using Json = nlohmann::ordered_json;

struct LeaderboardOptions {
  PeriodOptions period;
  std::optional<std::string> rules;  ///< --rules: one rule set only.
  RankBy by = kStandingsOrder;
  int min_games = 1;
  bool json = false;
  bool csv = false;
};

std::string_view by_name(RankBy by) {
  switch (by) {
    case RankBy::Wins: return "wins";
    case RankBy::WinRate: return "winrate";
    case RankBy::Average: return "avg";
    case RankBy::Rating: break;
  }
  return "rating";
}

void print_csv(std::ostream& out, const std::vector<LeaderRow>& rows, const Names& names) {
  out << "rank,player,games,wins,win_rate,average,best,points_per_round,outs,rating,mu,sigma,"
         "form\n";
  for (const auto& r : rows) {
    out << r.rank << ',' << csv_field(sanitize(names.name(r.player))) << ',' << r.games << ','
        << r.wins << ',' << fixed(r.win_rate(), 4) << ',' << fixed(r.average(), 2) << ',' << r.best
        << ',' << fixed(r.points_per_round(), 2) << ',' << r.outs << ','
        << fixed(r.rating.ordinal(), 4) << ',' << fixed(r.rating.mu, 4) << ','
        << fixed(r.rating.sigma, 4) << ',' << r.form << '\n';
  }
}

Json rows_json(const std::vector<LeaderRow>& rows, const Names& names) {
  Json list = Json::array();
  for (const auto& r : rows) {
    list.push_back(Json{{"rank", r.rank},
                        {"player", names.name(r.player)},
                        {"games", r.games},
                        {"wins", r.wins},
                        {"win_rate", rounded(r.win_rate(), 4)},
                        {"average", rounded(r.average(), 2)},
                        {"best", r.best},
                        {"points_per_round", rounded(r.points_per_round(), 2)},
                        {"outs", r.outs},
                        {"rating", rounded(r.rating.ordinal(), 4)},
                        {"mu", rounded(r.rating.mu, 4)},
                        {"sigma", rounded(r.rating.sigma, 4)},
                        {"form", r.form}});
  }
  return list;
}

void run_leaderboard(const LeaderboardOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Read);
  const Period period = resolve_period(db, opts.period);
  const std::optional<HouseRules> only = read_rule_set(opts.rules);
  const auto games = store::load_results(
      db,
      {.until = period.to, .rounds_in = std::nullopt, .rounds_of = std::nullopt, .rules = only});
  // Games of more than one rule set ranked together: said, with how to take one.
  const auto sets = rule_sets_of(games, period);
  const auto replay = replay_ratings(games);
  const auto rows = leaderboard(games, replay, period, opts.by, opts.min_games);
  const Names names(db);
  if (opts.csv) {
    print_csv(ctx.out, rows, names);
    return;
  }
  if (opts.json) {
    Json j{{"period", period_json(period)},
           {"by", by_name(opts.by)},
           {"players", rows_json(rows, names)}};
    add_rule_sets_json(j, only, sets);
    ctx.out << dump_json(j) << '\n';
    return;
  }
  ctx.out << ctx.style.bold("Leaderboard") << ": " << sanitize(period.label)
          << views::rule_set_heading(only) << '\n';
  print_rule_sets_note(ctx.out, sets);
  if (rows.empty()) {
    ctx.out << "No finished games" << (opts.min_games > 1 ? " with enough players" : "")
            << " in this period" << (period.from || period.to ? " (--all covers every game)" : "")
            << '\n';
    return;
  }
  Table table;
  table.column("#", Table::Align::Right);
  table.column("Player");
  for (const char* h : {"Games", "Wins", "Win%", "Avg", "Best", "Pts/rd", "Outs", "Rating"}) {
    table.column(h, Table::Align::Right);
  }
  table.column("Form");
  for (const auto& r : rows) {
    table.row({std::to_string(r.rank), names.display(r.player), std::to_string(r.games),
               std::to_string(r.wins), fixed(100.0 * r.win_rate(), 1) + "%", fixed(r.average(), 1),
               std::to_string(r.best), fixed(r.points_per_round(), 2), std::to_string(r.outs),
               fixed(r.rating.ordinal(), 2), form_text(ctx.style, r.form)});
  }
  table.print(ctx.out, ctx.style);
  ctx.out << ctx.style.dim(ranked_by_text(opts.by)) << '\n'
          << ctx.style.dim(
                 "Rating: mu - 3 sigma (OpenSkill Plackett-Luce; a new player is 0.00). "
                 "Form: last 5 games, oldest first.")
          << '\n';
}

}  // namespace

void setup_leaderboard(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<LeaderboardOptions>();
  auto* sub = app.add_subcommand("leaderboard",
                                 "Rank the players of a period (default: the current season)");
  add_period_options(*sub, opts->period);
  sub->add_option("--by", opts->by,
                  "Rank by wins (default: then win rate, then average), winrate, avg or rating")
      ->transform(one_of<RankBy>({{"rating", RankBy::Rating},
                                  {"wins", RankBy::Wins},
                                  {"winrate", RankBy::WinRate},
                                  {"avg", RankBy::Average}}));
  sub->add_option("--min-games", opts->min_games, "Leave out players with fewer games (default 1)")
      ->check(whole_number(1, 1000000));
  add_rule_set_option(*sub, opts->rules);
  auto* json = sub->add_flag("--json", opts->json, "Print JSON");
  sub->add_flag("--csv", opts->csv, "Print CSV")->excludes(json);
  sub->callback([opts, &ctx] { run_leaderboard(*opts, ctx); });
}

}  // namespace crowns::cli
