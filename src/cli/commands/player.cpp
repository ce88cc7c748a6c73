// crowns player add|list|rename|merge|retire: the people who play.

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/session.hpp"
#include "cli/views/written.hpp"
#include "store/players.hpp"

namespace crowns::cli {
namespace {

struct PlayerOptions {
  std::vector<std::string> names;
  std::string from;
  std::string to;
  bool all = false;
  bool json = false;
  bool force = false;
};

// What a player write logged, and the players it concerns as `player list --json` prints
// them (read in its transaction, after it, for --json).
struct PlayersWritten {
  std::vector<store::AuditEntry> logged;
  nlohmann::ordered_json players = nlohmann::ordered_json::array();
};

// Runs `write` (the store writes) in one transaction; under --json prints what it logged and
// the players `concerned()` names after it.
template <class Write, class Concerned>
void write_players(const PlayerOptions& opts, Context& ctx, Write&& write, Concerned&& concerned) {
  const PlayersWritten done = write_store(ctx, [&](store::Database& db) {
    const LogWatch watch(db);
    std::forward<Write>(write)(db);
    PlayersWritten result{.logged = watch.written()};
    if (!opts.json) return result;
    const auto everyone = store::list_players(db, store::Include::All);
    for (const std::string& name : std::forward<Concerned>(concerned)()) {
      const auto player = store::find_player(db, name);
      for (const auto& p : everyone) {
        if (player && p.id == player->id) result.players.push_back(player_json(p));
      }
    }
    return result;
  });
  if (opts.json) print_written(ctx, done.logged, "players", done.players);
}

void run_add(const PlayerOptions& opts, Context& ctx) {
  std::vector<std::string> added;
  write_players(
      opts, ctx,
      [&](store::Database& db) {
        const auto look_alikes =
            opts.force ? store::LookAlikes::Allowed : store::LookAlikes::Refused;
        for (const auto& name : opts.names) {
          added.push_back(need(store::add_player(db, name, look_alikes)).name);
        }
      },
      [&] { return added; });
  if (opts.json) return;
  for (const auto& name : added) ctx.out << "Added " << sanitize(name) << '\n';
}

void run_list(const PlayerOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Read);
  const auto players =
      store::list_players(db, opts.all ? store::Include::All : store::Include::Active);
  if (opts.json) {
    auto list = nlohmann::ordered_json::array();
    for (const auto& p : players) list.push_back(player_json(p));
    ctx.out << dump_json(list) << '\n';
    return;
  }
  if (players.empty()) {
    ctx.out << "No players yet: crowns player add NAME... (or crowns new --add NAME...)\n";
    return;
  }
  Table table;
  table.column("Name");
  table.column("Games", Table::Align::Right);
  table.column("Wins", Table::Align::Right);
  table.column("Last played");
  for (const auto& p : players) {
    table.row({sanitize(p.name) + (p.retired ? " (retired)" : ""), std::to_string(p.games),
               std::to_string(p.wins), p.last_played.value_or("-")});
  }
  table.print(ctx.out, ctx.style);
}

// rename and merge: a player's history goes on under the name `to`; says what was logged.
using MovePlayer = Expected<store::Change> (*)(store::Database&, const std::string&,
                                               const std::string&);
void run_move(const PlayerOptions& opts, Context& ctx, MovePlayer move) {
  std::string summary;
  write_players(
      opts, ctx,
      [&](store::Database& db) { summary = need(move(db, opts.from, opts.to)).entry.summary; },
      [&] { return std::vector{opts.to}; });
  if (!opts.json) ctx.out << sanitize(summary) << '\n';
}

void run_retire(const PlayerOptions& opts, Context& ctx) {
  write_players(
      opts, ctx,
      [&](store::Database& db) {
        for (const auto& name : opts.names) (void)need(store::retire_player(db, name));
      },
      [&] { return opts.names; });
  if (opts.json) return;
  for (const auto& name : opts.names) {
    ctx.out << "Retired " << sanitize(name) << " (hidden from lists and new games; history kept)\n";
  }
}

}  // namespace

void setup_player(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<PlayerOptions>();
  auto* player = app.add_subcommand("player", "Add, list, rename, merge or retire players");
  player->require_subcommand(1);

  auto* add = player->add_subcommand("add", "Add players");
  add->add_option("names", opts->names, "Names (1-40 characters, unique ignoring case)")
      ->required();
  add->add_flag("-f,--force", opts->force,
                "Add a name that looks like an existing player's (a different person)");
  add->add_flag("--json", opts->json, kWrittenJson);
  add->callback([opts, &ctx] { run_add(*opts, ctx); });

  auto* list = player->add_subcommand("list", "List players with their games and wins");
  list->add_flag("-a,--all", opts->all, "Include retired players");
  list->add_flag("--json", opts->json, "Print JSON");
  list->callback([opts, &ctx] { run_list(*opts, ctx); });

  auto* rename = player->add_subcommand("rename", "Rename a player (history follows)");
  rename->add_option("old", opts->from, "Current name")->required();
  rename->add_option("new", opts->to, "New name")->required();
  rename->add_flag("--json", opts->json, kWrittenJson);
  rename->callback([opts, &ctx] { run_move(*opts, ctx, store::rename_player); });

  auto* merge =
      player->add_subcommand("merge", "Fold a duplicate player into another, history and all");
  merge->add_option("from", opts->from, "The duplicate (removed)")->required();
  merge->add_option("into", opts->to, "The player who keeps the history")->required();
  merge->add_flag("--json", opts->json, kWrittenJson);
  merge->callback([opts, &ctx] { run_move(*opts, ctx, store::merge_players); });

  auto* retire =
      player->add_subcommand("retire", "Hide players from lists and new games (stats kept)");
  retire->add_option("names", opts->names, "Names")->required();
  retire->add_flag("--json", opts->json, kWrittenJson);
  retire->callback([opts, &ctx] { run_retire(*opts, ctx); });
}

}  // namespace crowns::cli
