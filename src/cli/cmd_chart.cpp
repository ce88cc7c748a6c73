// crowns chart: running totals of a game, or ratings over a period, as a line chart in the
// terminal or (--svg FILE) as an SVG file.

#include <CLI/CLI.hpp>
#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli/chart_view.hpp"
#include "cli/commands.hpp"
#include "cli/period.hpp"
#include "cli/report.hpp"
#include "cli/session.hpp"
#include "crowns/leaderboard.hpp"
#include "crowns/rules.hpp"
#include "store/games.hpp"
#include "store/players.hpp"

namespace crowns::cli {
namespace {

struct ChartOptions {
  std::optional<std::int64_t> game;
  bool rating = false;
  PeriodOptions period;
  std::vector<std::string> players;
  int top = 5;
  std::optional<std::string> svg;
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
      if (y) values.push_back(*y); else values.push_back(nullptr);
    }
    series.push_back({{"name", s.name}, {"values", std::move(values)}});
  }
  return {{"title", chart.title}, {"y", chart.y_title}, {"x", chart.x_labels}, {"series", std::move(series)}};
}

ChartData game_chart(const store::Game& game) {
  ChartData chart;
  chart.title = "Game " + std::to_string(game.id) + " (" + game.date + "): running totals";
  chart.y_title = "total";
  for (int r = 1; r <= kRounds; ++r) chart.x_labels.push_back(std::to_string(r));
  for (int s = 0; s < game.players(); ++s) {
    ChartSeries series{game.seats[static_cast<std::size_t>(s)].name, {}};
    int total = 0;
    for (const auto& round : game.rounds) {
      total += round.scores[static_cast<std::size_t>(s)].points;
      series.y.emplace_back(total);
    }
    series.y.resize(kRounds);
    chart.series.push_back(std::move(series));
  }
  return chart;
}

ChartData rating_chart(const store::Database& db, const ChartOptions& opts) {
  const Period period = resolve_period(db, opts.period);
  const auto games = store::load_results(db, {period.to, std::nullopt, std::nullopt});
  const auto replay = replay_ratings(games);
  std::vector<std::int64_t> chosen;
  for (const auto& name : opts.players) chosen.push_back(need(store::require_player(db, name)).id);
  if (chosen.empty()) {
    for (const auto& row : leaderboard(games, replay, period, RankBy::Rating, 1)) {
      if (static_cast<int>(chosen.size()) >= opts.top) break;
      chosen.push_back(row.player);
    }
  }
  const Names names(db);
  ChartData chart;
  chart.title = "Rating (mu - 3 sigma): " + period.label;
  chart.y_title = "rating";
  chart.decimals = 1;
  // Each player's rating before the period, then after every game of the period.
  std::vector<std::optional<double>> current(chosen.size());
  for (const auto id : chosen) chart.series.push_back({names.name(id), {}});
  for (std::size_t g = 0; g < games.size(); ++g) {
    const auto& game = games[g];
    for (std::size_t k = 0; k < chosen.size(); ++k) {
      const int seat = game.seat_of(chosen[k]);
      if (seat >= 0) current[k] = replay.after[g][static_cast<std::size_t>(seat)].ordinal();
    }
    if (!period.contains(game.date)) continue;
    chart.x_labels.push_back(game.date);
    for (std::size_t k = 0; k < chosen.size(); ++k) chart.series[k].y.push_back(current[k]);
  }
  return chart;
}

// For drawing: dates label the first and last game, a few between when there is room, and
// never twice in a row.
void thin_date_labels(std::vector<std::string>& labels) {
  const std::size_t n = labels.size();
  const std::string last = n > 0 ? labels.back() : "";
  for (std::size_t i = n; i-- > 1;) {
    if (labels[i] == labels[i - 1]) labels[i].clear();
  }
  for (std::size_t i = 1; i + 1 < n; ++i) {
    if (i % std::max<std::size_t>(1, n / 4) != 0) labels[i].clear();
  }
  if (n > 0 && labels.back().empty()) labels.back() = last;
}

void run_chart(const ChartOptions& opts, Context& ctx) {
  auto db = open_store(ctx);
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
  if (opts.rating) thin_date_labels(chart.x_labels);
  if (opts.svg) {
    std::ofstream file(*opts.svg, std::ios::binary | std::ios::trunc);
    file << chart_svg(chart);
    file.close();
    if (!file) fail("cannot write '" + *opts.svg + "'");
    ctx.out << "Wrote " << sanitize(*opts.svg) << '\n';
    return;
  }
  print_chart(ctx.out, ctx.style, chart, opts.width, opts.height);
}

}  // namespace

void setup_chart(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<ChartOptions>();
  auto* sub = app.add_subcommand("chart", "Chart a game's running totals, or ratings over time (--rating)");
  auto* game = sub->add_option("-g,--game", opts->game, "Game ID (default: the most recently changed game)");
  auto* rating = sub->add_flag("--rating", opts->rating, "Chart ratings over a period instead");
  rating->excludes(game);
  add_period_options(*sub, opts->period);
  sub->add_option("-p,--player", opts->players, "With --rating: chart this player (repeatable)")->needs(rating);
  sub->add_option("--top", opts->top, "With --rating: the N best-rated players (default 5)")
      ->check(CLI::Range(1, 8))
      ->needs(rating);
  auto* svg = sub->add_option("--svg", opts->svg, "Write the chart as an SVG file instead");
  sub->add_flag("--json", opts->json, "Print the chart's data (x labels, each player's values) as JSON")->excludes(svg);
  sub->add_option("--width", opts->width, "Chart width in columns (default 60)")->check(CLI::Range(10, 400));
  sub->add_option("--height", opts->height, "Chart height in lines (default 12)")->check(CLI::Range(4, 100));
  sub->callback([opts, &ctx] { run_chart(*opts, ctx); });
}

}  // namespace crowns::cli
