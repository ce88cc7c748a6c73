// crowns undo: remove the last recorded round (or tie-break), saying exactly what went.

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/scorecard.hpp"
#include "cli/session.hpp"
#include "store/rounds.hpp"

namespace crowns::cli {
namespace {

struct UndoOptions {
  std::optional<std::int64_t> game;
};

void run_undo(const UndoOptions& opts, Context& ctx) {
  auto db = open_store(ctx);
  store::Transaction tx(db);
  const store::Game game = need(store::require_game(db, opts.game, store::Pick::Latest));
  const std::string summary = need(store::undo_last(db, game));
  tx.commit();
  ctx.out << sanitize(summary) << " (the log keeps it: crowns log)\n";
  print_outlook(ctx.out, ctx.style, *store::load_game(db, game.id));
}

}  // namespace

void setup_undo(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<UndoOptions>();
  auto* sub = app.add_subcommand("undo", "Remove the last recorded round; again to go further back");
  add_game_option(*sub, opts->game);
  sub->callback([opts, &ctx] { run_undo(*opts, ctx); });
}

}  // namespace crowns::cli
