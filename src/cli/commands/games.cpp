// crowns games: every game, with its date, players, winner and status.

#include "store/games.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/session.hpp"
#include "crowns/rules.hpp"

namespace crowns::cli {

namespace {
// At namespace scope, like every file's: a unity build meets several in one batch, and a
// local one would shadow them.
using Json = nlohmann::ordered_json;

struct GamesOptions {
  bool json = false;
};

std::string join(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + sanitize(n);
  return out;
}

void run_games(const GamesOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Read);
  const auto games = store::list_games(db);
  if (opts.json) {
    std::string out = "[";
    for (const auto& g : games) {
      // One game at a time: 10,000 games stay one quick pass with no big tree in memory.
      const Json j{{"id", g.id},
                   {"uuid", g.uuid},
                   {"key", store::short_game_key(g.uuid)},
                   {"date", g.date},
                   {"status", store::status_name(g.status)},
                   {"rounds", g.rounds_played},
                   {"players", g.players},
                   {"winners", g.winners},
                   {"note", g.note ? Json(*g.note) : Json(nullptr)}};
      if (out.size() > 1) out += ',';
      out += dump_json(j);
    }
    ctx.out << out << "]\n";
    return;
  }
  if (games.empty()) {
    ctx.out << "No games yet: crowns new NAME NAME... starts one\n";
    return;
  }
  Table table;
  table.column("ID", Table::Align::Right);
  table.column("Key");  // the same on every host, as the ID is not (crowns sync)
  table.column("Date");
  table.column("Status");
  table.column("Rounds", Table::Align::Right);
  table.column("Winner");
  table.column("Players");
  for (const auto& g : games) {
    table.row({std::to_string(g.id), store::short_game_key(g.uuid), g.date,
               std::string(store::status_name(g.status)),
               std::to_string(g.rounds_played) + "/" + std::to_string(kRounds),
               g.winners.empty() ? "-" : join(g.winners), join(g.players)});
  }
  table.print(ctx.out, ctx.style);
}

}  // namespace

void setup_games(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<GamesOptions>();
  auto* sub = app.add_subcommand("games", "List games: date, players, winner, status");
  sub->add_flag("--json", opts->json, "Print JSON");
  sub->callback([opts, &ctx] { run_games(*opts, ctx); });
}

}  // namespace crowns::cli
