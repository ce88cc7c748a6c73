// crowns show: the scorecard of a game.

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/session.hpp"
#include "cli/views/scorecard_text.hpp"
#include "views/game_times.hpp"

namespace crowns::cli {
namespace {

struct ShowOptions {
  std::optional<std::int64_t> game;
  bool json = false;
  bool wide = false;
  bool compact = false;
};

void run_show(const ShowOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Read);
  const store::Game game = need(store::require_game(db, opts.game, store::Pick::Latest));
  if (opts.json) {
    ctx.out << dump_json(views::game_json(db, game)) << '\n';
    return;
  }
  const auto times = store::timeline::game_times(db, game.id);
  const auto now = store::timeline::now(db);
  const CardLayout layout = opts.wide      ? CardLayout::Wide
                            : opts.compact ? CardLayout::Compact
                                           : CardLayout::Auto;
  print_scorecard(ctx.out, ctx.style, game, layout);
  ctx.out << "Time: " << game_times_text(times, now) << '\n';
  // The key names the game on every host (--game KEY); the number is this database's own.
  ctx.out << "Key: " << store::short_game_key(game.uuid) << '\n';
}

}  // namespace

void setup_show(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<ShowOptions>();
  auto* sub = app.add_subcommand("show", "Show a game's scorecard");
  add_game_option(*sub, ctx, opts->game);
  sub->add_flag("--json", opts->json, "Print JSON");
  auto* wide =
      sub->add_flag("--wide", opts->wide, "A row per round and a column per player, however wide");
  sub->add_flag("--compact", opts->compact,
                "A row per player and a column per round (the default when the card is wider "
                "than the terminal)")
      ->excludes(wide);
  sub->callback([opts, &ctx] { run_show(*opts, ctx); });
}

}  // namespace crowns::cli
