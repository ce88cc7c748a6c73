// crowns abandon: end an unfinished game without a result (kept, but not counted). Asks
// first on a terminal; without one it needs --yes. `crowns reopen` takes the game up again.

#include <CLI/CLI.hpp>

#include "cli/asking.hpp"
#include "cli/commands.hpp"
#include "cli/session.hpp"
#include "cli/views/written.hpp"
#include "crowns/game_status.hpp"
#include "store/rounds.hpp"

namespace crowns::cli {
namespace {

struct AbandonOptions {
  std::optional<std::int64_t> game;
  std::optional<std::int64_t> seen;
  bool yes = false;
  bool json = false;
};

std::string describe(const store::Game& game) {
  std::string players;
  for (const auto& s : game.seats) players += (players.empty() ? "" : ", ") + s.name;
  return "game " + std::to_string(game.id) + " (" + game.date + ": " + players + "; " +
         rounds_progress(game.rounds_played()) + ")";
}

void run_abandon(const AbandonOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Write);
  // Ask before taking the write lock; the game is read again inside the transaction.
  const store::Game asked = need(store::require_game(db, opts.game, store::Pick::Latest));
  if (!opts.yes) {
    need(store::check_abandon(asked));
    if (!stdin_is_terminal() || opts.json) {
      fail("abandon asks first; to abandon " + describe(asked) +
           " without asking add --yes (crowns abandon --game " + std::to_string(asked.id) +
           " --yes)");
    }
    if (!confirm(ctx, "Abandon " + sanitize(describe(asked)) + "? It is kept, with no result")) {
      ctx.out << "Not abandoned: nothing changed\n";  // an answer, not an error
      return;
    }
  }
  // The game as the question showed it: changed since (another door), nothing is abandoned.
  const store::Change change = need_table(table::abandon(
      db, asked.id, {.change = opts.seen ? opts.seen : std::optional(asked.last_change)}));
  if (opts.json) {
    print_game_written(ctx, db, change);
    return;
  }
  const store::Game& game = *change.game;
  ctx.out << "Game " << game.id << " abandoned after " << rounds_progress(game.rounds_played())
          << ": kept, with no result (crowns reopen --game " << game.id << " takes it up again)\n";
}

}  // namespace

void setup_abandon(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<AbandonOptions>();
  auto* sub = app.add_subcommand("abandon", "End an unfinished game without a result (asks first)");
  add_game_option(*sub, ctx, opts->game);
  sub->add_flag("-y,--yes", opts->yes, "Do not ask for confirmation");
  add_seen_option(*sub, opts->seen);
  sub->add_flag("--json", opts->json, kGameWrittenJson);
  sub->callback([opts, &ctx] { run_abandon(*opts, ctx); });
}

}  // namespace crowns::cli
