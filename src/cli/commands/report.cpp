// crowns report: a period's standings, ratings, records and every game's scorecard (or one
// game with --game) as one self-contained HTML page to print or share.

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/files.hpp"
#include "cli/input/period.hpp"
#include "cli/input/rule_set.hpp"
#include "cli/session.hpp"
#include "crowns/ascii.hpp"
#include "crowns/date.hpp"
#include "crowns/names.hpp"
#include "crowns/plural.hpp"
#include "views/chart_data.hpp"
#include "views/evening_html.hpp"
#include "views/html_report.hpp"
#include "views/report_data.hpp"
#include "views/rule_sets.hpp"

namespace crowns::cli {
namespace {

struct ReportOptions {
  PeriodOptions period;
  std::optional<std::int64_t> game;
  std::optional<std::string> date;   ///< One evening: its games, and crowns tonight at the end.
  std::optional<std::string> rules;  ///< --rules: the games of one rule set only.
  std::optional<std::string> html;
  bool force = false;
  bool json = false;
};

// "season Winter 25" -> "season-winter-25": letters and digits kept, the rest one '-'.
std::string file_slug(std::string_view label) {
  std::string slug;
  for (const char c : label) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) != 0) {
      slug += ascii_lower(c);
    } else if (!slug.empty() && slug.back() != '-') {
      slug += '-';
    }
  }
  while (!slug.empty() && slug.back() == '-') slug.pop_back();
  return slug.empty() ? "period" : slug;
}

void run_report(const ReportOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Read);
  std::string html;
  std::string path;
  std::string what;
  nlohmann::ordered_json about;  // under --json, what the file holds
  if (opts.json && opts.html && *opts.html == "-")
    fail("--json says which file was written; with --html - the page itself is printed",
         ExitCode::Usage);
  if (opts.game) {
    const store::Game game = need(store::require_game(db, opts.game, store::Pick::Latest));
    html = game_report_html(game, game_chart(game));
    path = "crowns-report-game-" + std::to_string(game.id) + ".html";
    what = "game " + std::to_string(game.id);
    about = {{"game", game.id}};
  } else {
    if (opts.date && !is_valid_date(*opts.date)) {
      fail("--date '" + *opts.date + "' is not a date; write YYYY-MM-DD, e.g. 2026-01-15",
           ExitCode::Usage);
    }
    const Period period =
        opts.date ? Period{*opts.date, *opts.date, *opts.date} : resolve_period(db, opts.period);
    const std::optional<HouseRules> only = read_rule_set(opts.rules);
    const PeriodReport report = gather_period_report(db, period, only);
    html = period_report_html(report);
    insert_report_sections(
        html, time_and_rivals_html(db, period, only) +
                  (opts.date ? evening_section_html(db, opts.date, 2, "#game-", only) : ""));
    // A report of one rule set is a file of its own beside the one of every rule set.
    path = "crowns-report-" + file_slug(report.period.label) +
           (only ? "-rules-" + file_slug(rule_set_words(*only)) : "") + ".html";
    what = sanitize(report.period.label) + views::rule_set_heading(only) + ": " +
           counted(report.finished_games(), "finished game");
    for (const auto status : {store::GameStatus::Active, store::GameStatus::Abandoned}) {
      if (const int k = report.games_with(status); k > 0)
        what += ", " + std::to_string(k) + " " + std::string(store::status_name(status));
    }
    what += ", " + counted(static_cast<long long>(report.standings.size()), "player");
    const auto date_or_null = [](const std::optional<std::string>& d) {
      return d ? nlohmann::ordered_json(*d) : nlohmann::ordered_json(nullptr);
    };
    about = {{"period", report.period.label},
             {"from", date_or_null(report.period.from)},
             {"to", date_or_null(report.period.to)},
             {"finished_games", report.finished_games()},
             {"active_games", report.games_with(store::GameStatus::Active)},
             {"abandoned_games", report.games_with(store::GameStatus::Abandoned)},
             {"players", report.standings.size()}};
    if (only) about["rules"] = house_rules_json<nlohmann::ordered_json>(*only);
  }
  if (opts.html && *opts.html == "-") {
    ctx.out << html;
    return;
  }
  if (opts.html) path = *opts.html;
  write_output_file(path, html, opts.force ? store::Overwrite::Yes : store::Overwrite::No);
  if (opts.json) {
    nlohmann::ordered_json written = {{"file", path}};
    written.update(about);
    ctx.out << dump_json(written) << '\n';
    return;
  }
  ctx.out << "Wrote " << sanitize(path) << " (" << what << ")\n";
}

}  // namespace

void setup_report(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<ReportOptions>();
  auto* sub = app.add_subcommand(
      "report", "Write standings and scorecards as an HTML page (a period, or --game)");
  add_period_options(*sub, opts->period);
  auto* game =
      add_game_option(*sub, ctx, opts->game, "Report one game: its scorecard and running totals");
  auto* date = sub->add_option("--date", opts->date,
                               "One evening's games, with crowns tonight's highlights at the end")
                   ->type_name("YYYY-MM-DD");
  date->excludes(game);
  add_rule_set_option(*sub, opts->rules);
  sub->get_option("--rules")->excludes(game);
  for (const char* name : {"--season", "--year", "--since", "--until", "--all"}) {
    sub->get_option(name)->excludes(game);
    sub->get_option(name)->excludes(date);
  }
  sub->add_option(
         "--html", opts->html,
         "The file to write (default crowns-report-PERIOD.html here, PERIOD-rules-RULES with "
         "--rules; - for stdout)")
      ->type_name("FILE");
  sub->add_flag("--force", opts->force, "Replace the --html file if it exists");
  sub->add_flag("--json", opts->json, "Print which file was written, and what it holds, as JSON");
  sub->callback([opts, &ctx] { run_report(*opts, ctx); });
}

}  // namespace crowns::cli
