// crowns delete: remove a game after confirmation. The audit log keeps a full copy.

#include <CLI/CLI.hpp>

#include "cli/asking.hpp"
#include "cli/commands.hpp"
#include "cli/fail.hpp"
#include "cli/options.hpp"
#include "cli/session.hpp"
#include "cli/views/written.hpp"
#include "crowns/game_status.hpp"
#include "store/rounds.hpp"
#include "table/keeper.hpp"

namespace crowns::cli {
namespace {

struct DeleteOptions {
  std::optional<std::int64_t> id;
  std::optional<std::int64_t> game;  // --game ID, as every other command names a game
  bool yes = false;
  std::optional<std::int64_t> seen;
  bool json = false;
};

void run_delete(DeleteOptions opts, Context& ctx) {
  // No default game: deleting is for a game named on purpose.
  if (!opts.id && !opts.game)
    fail("say which game: crowns delete ID (crowns games lists them)", ExitCode::Usage);
  if (opts.id && opts.game && *opts.id != *opts.game) {
    fail("two games named: " + std::to_string(*opts.id) + " and --game " +
             std::to_string(*opts.game) + "; delete one at a time",
         ExitCode::Usage);
  }
  opts.game = opts.id ? opts.id : opts.game;
  auto db = open_store(ctx, store::Access::Write);
  const store::Game game = need(store::require_game(db, opts.game, store::Pick::Latest));
  std::string players;
  for (const auto& s : game.seats) players += (players.empty() ? "" : ", ") + s.name;
  const std::string what = "game " + std::to_string(game.id) + " (" + game.date + ", " + players +
                           ", " + std::string(store::status_name(game.status)) + ", " +
                           rounds_progress(game.rounds_played()) + ")";
  // Ask before taking the write lock: another terminal may record meanwhile, so the
  // game is read again inside the transaction.
  if (!opts.yes) {
    // "n" is an answer, not a failure; no answer at all (a script without --yes) is. Under
    // --json the output is for a script: it says --yes rather than being asked.
    if (opts.json) fail("delete asks first; to delete " + what + " under --json add --yes");
    const auto reply = ask(ctx, "Delete " + sanitize(what) + "? [y/N] ");
    if (!reply) fail("not deleted (answer y to delete, or pass --yes)");
    if (!is_yes(*reply)) {
      ctx.out << "Not deleted: game " << game.id << " is kept\n";
      return;
    }
  }
  // The game as the question showed it: changed since (another door), nothing is deleted.
  const store::Change change = need_table(table::delete_game(
      db, game.id, {.change = opts.seen ? opts.seen : std::optional(game.last_change)}));
  if (opts.json) {
    print_game_written(ctx, db, change);
    return;
  }
  ctx.out << "Deleted " << sanitize(what) << "; the log keeps a copy (crowns log --all)\n";
}

}  // namespace

void setup_delete(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<DeleteOptions>();
  auto* sub = app.add_subcommand("delete", "Delete a game (asks first)");
  sub->add_option("id", opts->id, "The game ID (see crowns games)")
      ->check(whole_number(1, kMaxId))
      ->type_name("ID");
  add_game_option(*sub, ctx, opts->game, "The same, or the game's key, as other commands take it");
  sub->add_flag("-y,--yes", opts->yes, "Do not ask for confirmation");
  add_seen_option(*sub, opts->seen);
  sub->add_flag("--json", opts->json, kGameWrittenJson);
  sub->callback([opts, &ctx] { run_delete(*opts, ctx); });
}

}  // namespace crowns::cli
