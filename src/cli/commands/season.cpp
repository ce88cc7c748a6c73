// crowns season: add, list, edit and remove seasons (named date ranges that never overlap).

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/session.hpp"
#include "cli/views/written.hpp"
#include "store/db.hpp"
#include "store/seasons.hpp"
#include "views/report.hpp"

namespace crowns::cli {
namespace {

using Json = nlohmann::ordered_json;

struct SeasonOptions {
  std::string name;
  std::optional<std::string> new_name;
  std::optional<std::string> from;
  std::optional<std::string> to;
  bool open_end = false;
  bool json = false;
};

std::string range(const store::Season& s) {
  return s.starts_on + " to " + (s.ends_on ? *s.ends_on : "(open)");
}

int finished_games(const store::Database& db, const store::Season& s) {
  auto stmt = db.prepare(
      "SELECT count(*) FROM games WHERE status = 'finished' AND played_on >= ? "
      "AND (?2 IS NULL OR played_on <= ?2)");
  stmt.bind(1, s.starts_on);
  stmt.bind(2, s.ends_on);
  return stmt.step() ? stmt.integer(0) : 0;
}

// A season as `season list --json` prints it: the field names of `crowns export`, so a
// script reads a season the same way from both.
Json season_json(const store::Database& db, const store::Season& s) {
  const auto current = store::season_on(db, store::today());
  return Json{{"name", s.name},
              {"starts_on", s.starts_on},
              {"ends_on", s.ends_on ? Json(*s.ends_on) : Json(nullptr)},
              {"games", finished_games(db, s)},
              {"current", current && current->id == s.id}};
}

// Runs `write` (a store write returning the season) in one transaction, and under --json
// prints what it logged and the season as `season list --json` prints it (a removed one
// as it was, "current" false).
template <class Write>
store::Season write_season(const SeasonOptions& opts, Context& ctx, Write&& write) {
  Json state;
  std::vector<store::AuditEntry> logged;
  store::Season season = write_store(ctx, [&](store::Database& db) {
    const LogWatch watch(db);
    store::Season s = std::forward<Write>(write)(db);
    logged = watch.written();
    if (opts.json) state = season_json(db, s);
    return s;
  });
  if (opts.json) print_written(ctx, logged, "season", state);
  return season;
}

void run_add(const SeasonOptions& opts, Context& ctx) {
  const auto s = write_season(opts, ctx, [&](store::Database& db) {
    return need(store::add_season(db, opts.name, opts.from.value_or(""), opts.to));
  });
  if (!opts.json) ctx.out << "Added season " << sanitize(s.name) << ": " << range(s) << '\n';
}

void run_list(const SeasonOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Read);
  const auto seasons = store::list_seasons(db);
  if (opts.json) {
    Json list = Json::array();
    for (const auto& s : seasons) list.push_back(season_json(db, s));
    ctx.out << dump_json(list) << '\n';
    return;
  }
  const auto current = store::season_on(db, store::today());
  if (seasons.empty()) {
    ctx.out << "No seasons defined: each calendar year is a season.\n"
               "Add one with: crowns season add NAME --from DATE [--to DATE]\n";
    return;
  }
  Table table;
  table.column("Season");
  table.column("From");
  table.column("To");
  table.column("Games", Table::Align::Right);
  table.column("");
  for (const auto& s : seasons) {
    table.row({sanitize(s.name), s.starts_on, s.ends_on.value_or("(open)"),
               std::to_string(finished_games(db, s)),
               current && current->id == s.id ? "current" : ""});
  }
  print_trimmed(ctx.out, ctx.style, table);
}

void run_edit(const SeasonOptions& opts, Context& ctx) {
  if (!opts.new_name && !opts.from && !opts.to && !opts.open_end) {
    fail("nothing to change: give --name, --from, --to or --open", ExitCode::Usage);
  }
  const auto s = write_season(opts, ctx, [&](store::Database& db) {
    return need(
        store::edit_season(db, opts.name, {opts.new_name, opts.from, opts.to, opts.open_end}));
  });
  if (!opts.json) ctx.out << "Season " << sanitize(s.name) << ": " << range(s) << '\n';
}

void run_remove(const SeasonOptions& opts, Context& ctx) {
  const auto s = write_season(
      opts, ctx, [&](store::Database& db) { return need(store::remove_season(db, opts.name)); });
  if (!opts.json)
    ctx.out << "Removed season " << sanitize(s.name) << " (" << range(s) << "); its games stay\n";
}

}  // namespace

void setup_season(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<SeasonOptions>();
  auto* season =
      app.add_subcommand("season", "Add, list, edit or remove seasons (named date ranges)");
  season->require_subcommand(1);

  auto* add =
      season->add_subcommand("add", "Add a season: crowns season add NAME --from DATE [--to DATE]");
  add->add_option("name", opts->name, "Season name")->required();
  add->add_option("--from", opts->from, "First day, YYYY-MM-DD")
      ->required()
      ->type_name("YYYY-MM-DD");
  add->add_option("--to", opts->to, "Last day, YYYY-MM-DD (default: open, still running)")
      ->type_name("YYYY-MM-DD");
  add->add_flag("--json", opts->json, kWrittenJson);
  add->callback([opts, &ctx] { run_add(*opts, ctx); });

  auto* list = season->add_subcommand("list", "List seasons with their finished games");
  list->add_flag("--json", opts->json, "Print JSON");
  list->callback([opts, &ctx] { run_list(*opts, ctx); });

  auto* edit = season->add_subcommand("edit", "Rename a season or change its dates");
  edit->add_option("name", opts->name, "Season name")->required();
  edit->add_option("--name", opts->new_name, "New name")->type_name("NAME");
  edit->add_option("--from", opts->from, "New first day")->type_name("YYYY-MM-DD");
  auto* to = edit->add_option("--to", opts->to, "New last day")->type_name("YYYY-MM-DD");
  edit->add_flag("--open", opts->open_end, "Remove the last day (the season runs on)")
      ->excludes(to);
  edit->add_flag("--json", opts->json, kWrittenJson);
  edit->callback([opts, &ctx] { run_edit(*opts, ctx); });

  auto* remove = season->add_subcommand("remove", "Remove a season (games are kept)");
  remove->add_option("name", opts->name, "Season name")->required();
  remove->add_flag("--json", opts->json, kWrittenJson);
  remove->callback([opts, &ctx] { run_remove(*opts, ctx); });
}

}  // namespace crowns::cli
