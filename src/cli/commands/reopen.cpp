// crowns reopen: take an abandoned game up again, where it was left (logged; undo abandons
// it again).

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/session.hpp"
#include "views/scorecard.hpp"
#include "store/rounds.hpp"

namespace crowns::cli {
namespace {

struct ReopenOptions {
  std::optional<std::int64_t> game;
};

void run_reopen(const ReopenOptions& opts, Context& ctx) {
  const store::Change change = write_store(ctx, [&](store::Database& db) {
    const store::Game game = need(store::require_game(db, opts.game, store::Pick::Latest));
    return need(store::reopen_game(db, game));
  });
  ctx.out << sanitize(change.entry.summary) << '\n';
  print_scorecard(ctx.out, ctx.style, *change.game);
}

}  // namespace

void setup_reopen(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<ReopenOptions>();
  auto* sub = app.add_subcommand("reopen", "Take an abandoned game up again");
  sub->add_option("-g,--game", opts->game, "Game ID (default: the most recently changed game)")
      ->type_name("ID");
  sub->callback([opts, &ctx] { run_reopen(*opts, ctx); });
}

}  // namespace crowns::cli
