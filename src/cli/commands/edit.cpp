// crowns edit: correct a past round. The old values stay in the audit log.

#include <CLI/CLI.hpp>

#include "cli/asking.hpp"
#include "cli/commands.hpp"
#include "cli/session.hpp"
#include "cli/views/round_hands.hpp"
#include "cli/views/scorecard_text.hpp"
#include "cli/views/written.hpp"
#include "store/rounds.hpp"

namespace crowns::cli {
namespace {

struct EditOptions {
  int round = 0;
  std::vector<std::string> values;
  std::optional<std::int64_t> game;
  std::optional<std::int64_t> seen;
  bool force = false;
  bool json = false;
};

void run_edit(const EditOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Write);
  TerminalAsker terminal(ctx);
  table::NobodyAsked script;
  const table::Recorded entry = need_table(table::correct_round(
      db,
      {.game = opts.game,
       .round = opts.round,
       .values = opts.values,
       .checks = opts.force ? Checks::Force : Checks::Strict,
       .basis = {.change = opts.seen}},
      stdin_is_terminal() && !opts.json ? static_cast<table::Asker&>(terminal) : script));
  if (opts.json) {
    print_game_written(ctx, db, entry.change);
    return;
  }
  ctx.out << sanitize(entry.change.entry.summary) << '\n';
  print_hands(ctx.out, ctx.style, entry.before, entry.scores, entry.spec, entry.round);
  print_scorecard(ctx.out, ctx.style, *entry.change.game);
}

}  // namespace

void setup_edit(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<EditOptions>();
  auto* sub = app.add_subcommand("edit", "Correct a past round: crowns edit ROUND NAME=VALUE...");
  sub->add_option("round", opts->round, "The round to correct (1-11)")->required();
  sub->add_option("values", opts->values, "NAME=VALUE for each player to correct")->required();
  add_game_option(*sub, ctx, opts->game);
  add_seen_option(*sub, opts->seen);
  sub->add_flag("-f,--force", opts->force, "Accept an unusual value (e.g. nobody went out)");
  sub->add_flag("--json", opts->json, kGameWrittenJson);
  sub->callback([opts, &ctx] { run_edit(*opts, ctx); });
}

}  // namespace crowns::cli
