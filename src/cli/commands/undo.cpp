// crowns undo: reverse the most recent change (a round, an edit, a tie-break, an abandon, a
// reopen, a change of details, a new game), saying exactly what it undid. Again goes further
// back. The change and its undo both stay in the log.

#include "store/undo.hpp"

#include <CLI/CLI.hpp>

#include "cli/asking.hpp"
#include "cli/commands.hpp"
#include "cli/session.hpp"
#include "cli/views/scorecard_text.hpp"
#include "cli/views/written.hpp"

namespace crowns::cli {
namespace {

struct UndoOptions {
  std::optional<std::int64_t> game;
  std::optional<std::int64_t> seen;
  bool json = false;
};

void run_undo(const UndoOptions& opts, Context& ctx) {
  if (opts.seen && !opts.game)
    fail("--seen names a change of one game: add --game ID", ExitCode::Usage);
  auto db = open_store(ctx, store::Access::Write);
  const store::Change change = need_table(table::undo(db, opts.game, {.change = opts.seen}));
  if (opts.json) {
    print_game_written(ctx, db, change);
    return;
  }
  ctx.out << sanitize(change.entry.summary) << " (the log keeps it: crowns log)\n";
  if (change.game) print_outlook(ctx.out, ctx.style, *change.game);
}

}  // namespace

void setup_undo(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<UndoOptions>();
  auto* sub = app.add_subcommand(
      "undo",
      "Undo the most recent change (round, edit, tie-break, ...); again to go further back");
  add_game_option(*sub, ctx, opts->game, "Undo the most recent change of this game only");
  add_seen_option(*sub, opts->seen);
  sub->add_flag("--json", opts->json, kGameWrittenJson);
  sub->callback([opts, &ctx] { run_undo(*opts, ctx); });
}

}  // namespace crowns::cli
