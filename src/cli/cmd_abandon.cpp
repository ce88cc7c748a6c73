// crowns abandon: end an unfinished game without a result (kept, but not counted).

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/session.hpp"
#include "store/rounds.hpp"

namespace crowns::cli {
namespace {

struct AbandonOptions {
  std::optional<std::int64_t> game;
};

void run_abandon(const AbandonOptions& opts, Context& ctx) {
  auto db = open_store(ctx);
  store::Transaction tx(db);
  const store::Game game = need(store::require_game(db, opts.game, store::Pick::Latest));
  need(store::abandon_game(db, game));
  tx.commit();
  ctx.out << "Game " << game.id << " abandoned after " << game.rounds_played()
          << " of 11 rounds: kept, with no result\n";
}

}  // namespace

void setup_abandon(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<AbandonOptions>();
  auto* sub = app.add_subcommand("abandon", "End an unfinished game without a result");
  add_game_option(*sub, opts->game);
  sub->callback([opts, &ctx] { run_abandon(*opts, ctx); });
}

}  // namespace crowns::cli
