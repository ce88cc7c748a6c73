// crowns chart: running totals of a game, or ratings over a period, as a line chart in the
// terminal or (--svg FILE) as an SVG file.

#include <CLI/CLI.hpp>
#include <algorithm>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/files.hpp"
#include "cli/input/period.hpp"
#include "cli/options.hpp"
#include "cli/session.hpp"
#include "cli/views/chart_text.hpp"
#include "store/games.hpp"
#include "store/players.hpp"
#include "views/chart_data.hpp"
#include "views/report.hpp"

namespace crowns::cli {
namespace {

struct ChartOptions {
  std::optional<std::int64_t> game;
  bool rating = false;
  PeriodOptions period;
  std::vector<std::string> players;
  int top = 5;
  std::optional<std::string> svg;
  bool force = false;  ///< --force: --svg may replace an existing file
  int width = 60;
  int height = 12;
  bool json = false;
};

// The chart's data: x labels and each series' values (null where a series has no value).
nlohmann::ordered_json chart_json(const ChartData& chart) {
  nlohmann::ordered_json series = nlohmann::ordered_json::array();
  for (const auto& s : chart.series) {
    nlohmann::ordered_json values = nlohmann::ordered_json::array();
    for (const auto& y : s.y) {
      if (y)
        values.push_back(*y);
      else
        values.push_back(nullptr);
    }
    series.push_back({{"name", s.name}, {"values", std::move(values)}});
  }
  return {{"title", chart.title},
          {"y", chart.y_title},
          {"x", chart.x_labels},
          {"series", std::move(series)}};
}

ChartData rating_chart(const store::Database& db, const ChartOptions& opts) {
  const Period period = resolve_period(db, opts.period);
  std::vector<std::int64_t> chosen;
  for (const auto& name : opts.players) chosen.push_back(need(store::require_player(db, name)).id);
  return cli::rating_chart(db, period, chosen, opts.top);
}

void run_chart(const ChartOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Read);
  ChartData chart;
  if (opts.rating) {
    chart = rating_chart(db, opts);
    if (chart.x_labels.empty() && !opts.json) {
      ctx.out << "No finished games in this period (--all covers every game)\n";
      return;
    }
  } else {
    chart = game_chart(need(store::require_game(db, opts.game, store::Pick::Latest)));
  }
  if (opts.json) {
    ctx.out << dump_json(chart_json(chart)) << '\n';
    return;
  }
  // Games are spaced evenly, so they are labelled by number (as on the report's chart), the
  // dates in the note under the chart.
  if (opts.rating) number_games(chart);
  if (opts.svg) {
    write_output_file(*opts.svg, chart_svg(chart),
                      opts.force ? store::Overwrite::Yes : store::Overwrite::No);
    ctx.out << "Wrote " << sanitize(*opts.svg) << '\n';
    return;
  }
  print_chart(ctx.out, ctx.style, chart, opts.width, opts.height);
  if (!chart.note.empty()) ctx.out << ctx.style.dim(sanitize(chart.note)) << '\n';
}

}  // namespace

void setup_chart(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<ChartOptions>();
  auto* sub =
      app.add_subcommand("chart", "Chart a game's running totals, or ratings over time (--rating)");
  auto* game = add_game_option(*sub, ctx, opts->game);
  auto* rating = sub->add_flag("--rating", opts->rating, "Chart ratings over a period instead");
  rating->excludes(game);
  add_period_options(*sub, opts->period);
  sub->add_option("-p,--player", opts->players, "With --rating: chart this player (repeatable)")
      ->needs(rating)
      ->type_name("NAME");
  sub->add_option("--top", opts->top, "With --rating: the N best-rated players (default 5)")
      ->check(whole_number(1, 8))
      ->needs(rating);
  auto* svg = sub->add_option("--svg", opts->svg, "Write the chart as an SVG file instead")
                  ->type_name("FILE");
  sub->add_flag("-f,--force", opts->force, "With --svg: replace FILE if it exists")->needs(svg);
  sub->add_flag("--json", opts->json,
                "Print the chart's data (x labels, each player's values) as JSON")
      ->excludes(svg);
  sub->add_option("--width", opts->width, "Chart width in columns (default 60)")
      ->check(whole_number(10, 400));
  sub->add_option("--height", opts->height, "Chart height in lines (default 12)")
      ->check(whole_number(4, 100));
  sub->callback([opts, &ctx] { run_chart(*opts, ctx); });
}

}  // namespace crowns::cli
