// crowns leaderboard: who leads a period, by wins (then win rate, then average total), win
// rate, average total or rating.

#include "crowns/leaderboard.hpp"

#include <CLI/CLI.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/input/period.hpp"
#include "cli/options.hpp"
#include "cli/session.hpp"
#include "crowns/csv.hpp"
#include "crowns/standings_order.hpp"
#include "store/history.hpp"
#include "views/report.hpp"
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

// "standard", or the house options only: "order down, leads out".
std::string rule_set_text(const HouseRules& rules) {
  return rules.is_standard() ? "standard" : views::house_options_text(rules);
}

// --rules standard | SWITCH=WORD,...: one rule set, the switches not named standard.
HouseRules parse_rule_set(const std::string& text) {
  HouseRules rules;
  if (text == "standard") return rules;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t end = std::min(text.find(',', at), text.size());
    const std::string part = text.substr(at, end - at);
    const auto eq = part.find('=');
    const auto which = parse_switch_name(part.substr(0, eq));
    if (eq == std::string::npos || !which) {
      fail("--rules " + quote_token(part) +
               " is not a switch; write --rules standard or --rules SWITCH=WORD,... "
               "(order, wild_melds, book_suits, leads, ties; e.g. order=down,leads=out)",
           ExitCode::Usage);
    }
    if (auto set = set_switch(rules, *which, part.substr(eq + 1)); !set)
      fail("--rules " + std::string(switch_name(*which)) + ": " + set.error(), ExitCode::Usage);
    at = end + 1;
  }
  return rules;
}

void run_leaderboard(const LeaderboardOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Read);
  const Period period = resolve_period(db, opts.period);
  std::optional<HouseRules> only;
  if (opts.rules) only = parse_rule_set(*opts.rules);
  const auto games = store::load_results(
      db,
      {.until = period.to, .rounds_in = std::nullopt, .rounds_of = std::nullopt, .rules = only});
  // Games of more than one rule set ranked together: said, with how to take one.
  const auto sets = only ? std::vector<std::pair<HouseRules, int>>{}
                         : store::rule_sets_between(db, period.from, period.to);
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
    if (only) j["rules"] = house_rules_json<Json>(*only);
    if (sets.size() > 1) {
      Json mixed = Json::array();
      for (const auto& [rules, count] : sets)
        mixed.push_back(Json{{"rules", house_rules_json<Json>(rules)}, {"games", count}});
      j["rule_sets"] = mixed;
    }
    ctx.out << dump_json(j) << '\n';
    return;
  }
  ctx.out << ctx.style.bold("Leaderboard") << ": " << sanitize(period.label)
          << (only ? " · rules: " + rule_set_text(*only) : std::string()) << '\n';
  if (sets.size() > 1) {
    std::string list;
    for (const auto& [rules, count] : sets)
      list += (list.empty() ? "" : "; ") + rule_set_text(rules) + " " + std::to_string(count);
    ctx.out << "Note: these games were played under " << sets.size() << " rule sets (" << list
            << "); --rules standard or --rules order=down,... ranks one\n";
  }
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
  sub->add_option("--rules", opts->rules,
                  "Only games of one rule set: standard, or SWITCH=WORD,... (e.g. order=down)")
      ->type_name("RULES");
  auto* json = sub->add_flag("--json", opts->json, "Print JSON");
  sub->add_flag("--csv", opts->csv, "Print CSV")->excludes(json);
  sub->callback([opts, &ctx] { run_leaderboard(*opts, ctx); });
}

}  // namespace crowns::cli
