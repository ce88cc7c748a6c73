// crowns log: the audit log, every change with what it replaced.

#include <CLI/CLI.hpp>
#include <ctime>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/session.hpp"
#include "cli/views/written.hpp"
#include "store/audit.hpp"
#include "store/games.hpp"
#include "views/local_time.hpp"

namespace crowns::cli {
namespace {

struct LogOptions {
  std::optional<std::int64_t> game;
  bool all = false;
  bool json = false;
  int limit = 0;
};

void run_log(const LogOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Read);
  std::optional<std::int64_t> game_id;
  if (!opts.all) {
    if (opts.game) {
      game_id = opts.game;  // a deleted game's log is still there, so no need for the game
    } else {
      auto game = store::require_game(db, std::nullopt, store::Pick::Latest);
      if (game) game_id = game->id;
    }
  }
  const auto entries = store::list_audit(db, game_id, opts.limit);
  // A deleted game's log is still there; a game that never was is an error, not "nothing".
  if (entries.empty() && opts.game && !opts.all)
    need(store::require_game(db, opts.game, store::Pick::Latest));
  if (opts.json) {
    auto list = nlohmann::ordered_json::array();
    for (const auto& e : entries) list.push_back(logged_json(e));
    ctx.out << dump_json(list) << '\n';
    return;
  }
  if (entries.empty()) {
    ctx.out << "Nothing logged yet\n";
    return;
  }
  if (game_id && !opts.all)
    ctx.out << "Log of game " << *game_id << " (crowns log --all for everything)\n";
  // Times in the local zone ($TZ; --json keeps the stored UTC), the zone named in the header;
  // an entry from the other side of a daylight-saving change names its own.
  const std::string zone = local_time(std::time(nullptr)).zone;
  Table table;
  table.column("#", Table::Align::Right);
  table.column("When (" + zone + ")");
  table.column("Game", Table::Align::Right);
  table.column("What");
  for (const auto& e : entries) {
    std::string when = e.at;
    if (const auto seconds = stored_utc_seconds(e.at)) {
      const LocalTime local = local_time(*seconds);
      when = local.text + (local.zone == zone ? "" : " " + local.zone);
    }
    table.row({std::to_string(e.id), when, e.game_id ? std::to_string(*e.game_id) : "-",
               sanitize(e.summary)});
  }
  table.print(ctx.out, ctx.style);
}

}  // namespace

void setup_log(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<LogOptions>();
  auto* sub =
      app.add_subcommand("log", "Show the audit log of changes (default: the current game)");
  add_game_option(*sub, ctx, opts->game);
  sub->add_flag("-a,--all", opts->all, "Every change: all games and players");
  sub->add_option("-n,--limit", opts->limit, "Only the last N entries")
      ->check(whole_number(1, 1000000));
  sub->add_flag("--json", opts->json, "Print JSON, with the old and new values");
  sub->callback([opts, &ctx] { run_log(*opts, ctx); });
}

}  // namespace crowns::cli
