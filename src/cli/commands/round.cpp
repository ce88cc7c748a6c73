// crowns round: record the next round's scores, then show the scorecard.

#include <CLI/CLI.hpp>

#include "cli/asking.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/session.hpp"
#include "cli/views/round_hands.hpp"
#include "cli/views/scorecard_text.hpp"
#include "cli/views/written.hpp"
#include "crowns/rules.hpp"

namespace crowns::cli {
namespace {

struct RoundOptions {
  std::vector<std::string> values;
  std::optional<std::int64_t> game;
  std::optional<int> round;
  std::optional<std::int64_t> seen;
  bool force = false;
  bool json = false;
};

void run_round(const RoundOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Write);
  // Never the game touched last (an edit of last week's game touches it): the game being
  // played, asked for before the write lock is taken.
  const std::int64_t id =
      opts.game ? *opts.game : game_being_played(ctx, db, store::InProgress::Rounds);
  TerminalAsker terminal(ctx);
  table::NobodyAsked script;
  const table::Recorded entry = need_table(
      table::record_round(
          db,
          {.game = id,
           .values = opts.values,
           .checks = opts.force ? Checks::Force : Checks::Strict,
           .basis = {.change = opts.seen, .round = opts.round}},
          stdin_is_terminal() && !opts.json ? static_cast<table::Asker&>(terminal) : script),
      "");
  if (opts.json) {
    print_game_written(ctx, db, entry.change);
    return;
  }
  print_hands(ctx.out, ctx.style, entry.before, entry.scores, entry.spec, entry.round);
  print_scorecard(ctx.out, ctx.style, *entry.change.game);
}

}  // namespace

void setup_round(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<RoundOptions>();
  auto* sub =
      app.add_subcommand("round", "Record the next round: one value per player, or NAME=VALUE");
  sub->add_option("values", opts->values,
                  "Points (12), 0* or out for who went out, or the cards left in quotes")
      ->required();
  add_game_option(*sub, ctx, opts->game,
                  "Game ID or key (default: the game in progress; asks if several are)");
  sub->add_option("-r,--round", opts->round,
                  "The round these scores are for: refused unless it is the next one")
      ->check(whole_number(1, kRounds))
      ->type_name("N");
  add_seen_option(*sub, opts->seen);
  sub->add_flag("-f,--force", opts->force, "Accept an unusual value (e.g. nobody went out)");
  sub->add_flag("--json", opts->json, kGameWrittenJson);
  sub->callback([opts, &ctx] { run_round(*opts, ctx); });
}

}  // namespace crowns::cli
