// crowns tiebreak: the 6-card round (6s wild) that the players tied for the win may play.

#include <CLI/CLI.hpp>

#include "cli/asking.hpp"
#include "cli/commands.hpp"
#include "cli/session.hpp"
#include "cli/views/round_hands.hpp"
#include "cli/views/scorecard_text.hpp"
#include "cli/views/written.hpp"

namespace crowns::cli {
namespace {

struct TiebreakOptions {
  std::vector<std::string> values;
  std::optional<std::int64_t> game;
  std::optional<std::int64_t> seen;
  bool force = false;
  bool json = false;
};

void run_tiebreak(const TiebreakOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Write);
  const table::Recorded entry =
      need_table(table::record_tiebreak(db, {.game = opts.game,
                                             .values = opts.values,
                                             .checks = opts.force ? Checks::Force : Checks::Strict,
                                             .basis = {.change = opts.seen}}));
  if (opts.json) {
    print_game_written(ctx, db, entry.change);
    return;
  }
  print_hands(ctx.out, ctx.style, entry.before, entry.scores, entry.spec, std::nullopt);
  print_outlook(ctx.out, ctx.style, *entry.change.game);
}

}  // namespace

void setup_tiebreak(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<TiebreakOptions>();
  auto* sub = app.add_subcommand("tiebreak", "Record the 6-card tie-break of the tied players");
  sub->add_option("values", opts->values,
                  "NAME=VALUE for each tied player (or values in seat order)")
      ->required();
  add_game_option(*sub, ctx, opts->game);
  add_seen_option(*sub, opts->seen);
  sub->add_flag("-f,--force", opts->force, "Accept an unusual value");
  sub->add_flag("--json", opts->json, kGameWrittenJson);
  sub->callback([opts, &ctx] { run_tiebreak(*opts, ctx); });
}

}  // namespace crowns::cli
