// crowns h2h A B: two players in the games they both finished.

#include <fmt/format.h>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/input/period.hpp"
#include "cli/input/rule_set.hpp"
#include "cli/session.hpp"
#include "crowns/plural.hpp"
#include "crowns/profile.hpp"
#include "store/players.hpp"
#include "views/report.hpp"
#include "views/rule_sets.hpp"

namespace crowns::cli {
namespace {

using Json = nlohmann::ordered_json;

struct H2hOptions {
  std::string a;
  std::string b;
  PeriodOptions period;
  std::optional<std::string> rules;  ///< --rules: one rule set only.
  bool json = false;
};

void run_h2h(const H2hOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Read);
  const auto a = need(store::require_player(db, opts.a));
  const auto b = need(store::require_player(db, opts.b));
  if (a.id == b.id)
    fail("h2h needs two different players ('" + a.name + "' named twice)", ExitCode::Usage);
  const Period period = resolve_period(db, opts.period);
  const std::optional<HouseRules> only = read_rule_set(opts.rules);
  const auto games = store::load_results(
      db,
      {.until = period.to, .rounds_in = std::nullopt, .rounds_of = std::nullopt, .rules = only});
  const Versus v = head_to_head(games, period, a.id, b.id);
  const std::int64_t both[] = {a.id, b.id};
  const auto sets = rule_sets_of(games, period, both);
  auto average = [&](long long points) {
    return v.games == 0 ? 0.0 : static_cast<double>(points) / v.games;
  };
  if (opts.json) {
    Json j{{"a", a.name},
           {"b", b.name},
           {"period", period_json(period)},
           {"games", v.games},
           {"a_lower", v.lower},
           {"b_lower", v.higher},
           {"equal", v.equal},
           {"a_wins", v.wins},
           {"b_wins", v.opponent_wins},
           {"a_average", rounded(average(v.points), 2)},
           {"b_average", rounded(average(v.opponent_points), 2)},
           {"last", v.games == 0 ? Json(nullptr) : Json(v.last)}};
    add_rule_sets_json(j, only, sets);
    ctx.out << dump_json(j) << '\n';
    return;
  }
  const std::string na = sanitize(a.name);
  const std::string nb = sanitize(b.name);
  ctx.out << ctx.style.bold(na + " vs " + nb) << ": " << sanitize(period.label)
          << views::rule_set_heading(only) << '\n';
  print_rule_sets_note(ctx.out, sets);
  if (v.games == 0) {
    ctx.out << "  No finished games together in this period"
            << (period.from || period.to ? " (--all covers every game)" : "") << '\n';
    return;
  }
  ctx.out << "  " << counted(v.games, "game") << " together, the latest on " << v.last << '\n';
  Table table;
  table.column("");
  table.column(na, Table::Align::Right);
  table.column(nb, Table::Align::Right);
  table.row({"Finished ahead", std::to_string(v.lower), std::to_string(v.higher)});
  table.row({"Won", std::to_string(v.wins), std::to_string(v.opponent_wins)});
  table.row(
      {"Average total", one_decimal(average(v.points)), one_decimal(average(v.opponent_points))});
  table.print(ctx.out, ctx.style);
  if (v.equal > 0) ctx.out << "  Same place: " << v.equal << '\n';
}

}  // namespace

void setup_h2h(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<H2hOptions>();
  auto* sub = app.add_subcommand("h2h", "Two players head to head: who finished ahead how often");
  sub->add_option("a", opts->a, "A player")->required();
  sub->add_option("b", opts->b, "Another player")->required();
  add_period_options(*sub, opts->period);
  add_rule_set_option(*sub, opts->rules);
  sub->add_flag("--json", opts->json, "Print JSON");
  sub->callback([opts, &ctx] { run_h2h(*opts, ctx); });
}

}  // namespace crowns::cli
