// crowns new: seat the players of a new game and show who deals round 1.

#include <CLI/CLI.hpp>

#include "cli/asking.hpp"
#include "cli/commands.hpp"
#include "cli/input/new_game.hpp"
#include "cli/options.hpp"
#include "cli/session.hpp"
#include "crowns/names.hpp"
#include "store/db.hpp"
#include "views/scorecard.hpp"

namespace crowns::cli {
namespace {

struct NewOptions {
  std::vector<std::string> players;
  NewGameFlags flags;
};

void run_new(const NewOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Write);
  const StartedGame started =
      start_game(ctx, db, new_game_spec(opts.players, opts.flags), opts.flags);
  print_scorecard(ctx.out, ctx.style, started.game);
  note_others_in_progress(ctx, started);
}

}  // namespace

void setup_new(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<NewOptions>();
  auto* sub = app.add_subcommand("new", "Start a game: players in seating order (clockwise)");
  sub->add_option("players", opts->players, "2-8 names (up to 14 with --boxes 2)")->required();
  add_new_game_options(*sub, opts->flags);
  sub->callback([opts, &ctx] { run_new(*opts, ctx); });
}

}  // namespace crowns::cli
