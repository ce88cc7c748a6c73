// crowns reopen: take an abandoned game up again, where it was left (logged; undo abandons
// it again).

#include <CLI/CLI.hpp>

#include "cli/asking.hpp"
#include "cli/commands.hpp"
#include "cli/session.hpp"
#include "cli/views/scorecard_text.hpp"
#include "cli/views/written.hpp"
#include "store/rounds.hpp"

namespace crowns::cli {
namespace {

struct ReopenOptions {
  std::optional<std::int64_t> game;
  std::optional<std::int64_t> seen;
  bool json = false;
};

void run_reopen(const ReopenOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Write);
  const store::Change change = need_table(table::reopen(db, opts.game, {.change = opts.seen}));
  if (opts.json) {
    print_game_written(ctx, db, change);
    return;
  }
  ctx.out << sanitize(change.entry.summary) << '\n';
  print_scorecard(ctx.out, ctx.style, *change.game);
}

}  // namespace

void setup_reopen(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<ReopenOptions>();
  auto* sub = app.add_subcommand("reopen", "Take an abandoned game up again");
  add_game_option(*sub, ctx, opts->game);
  add_seen_option(*sub, opts->seen);
  sub->add_flag("--json", opts->json, kGameWrittenJson);
  sub->callback([opts, &ctx] { run_reopen(*opts, ctx); });
}

}  // namespace crowns::cli
