// crowns join: a late arrival takes a seat in the game under way, playing from the next round
// with a starting total the table chooses (default: the highest total now). Undone by
// `crowns undo` until the next round is in; docs/SCOREKEEPING.md, "A late arrival".

#include "store/join.hpp"

#include <CLI/CLI.hpp>

#include "cli/asking.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/session.hpp"
#include "cli/views/scorecard_text.hpp"
#include "cli/views/written.hpp"
#include "crowns/names.hpp"

namespace crowns::cli {
namespace {

struct JoinOptions {
  std::string name;
  std::optional<int> total;
  std::optional<std::int64_t> game;
  std::optional<std::int64_t> seen;
  bool add = false;
  bool json = false;
};

void run_join(const JoinOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Write);
  const std::int64_t id =
      opts.game ? *opts.game : game_being_played(ctx, db, store::InProgress::Rounds);
  const store::Change change = need_table(table::seat_arrival(
      db, {.game = id,
           .arrival = {.name = opts.name, .total = opts.total, .add_unknown = opts.add},
           .basis = {.change = opts.seen}}));
  if (opts.json) {
    print_game_written(ctx, db, change);
    return;
  }
  ctx.out << sanitize(change.entry.summary) << " (crowns undo takes it back)\n";
  print_scorecard(ctx.out, ctx.style, *change.game);
}

}  // namespace

void setup_join(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<JoinOptions>();
  auto* sub =
      app.add_subcommand("join", "Seat a late arrival in the game under way, from the next round");
  sub->add_option("name", opts->name, "Who arrives (takes the next seat, after the last one)")
      ->required();
  sub->add_option("-t,--total", opts->total,
                  "Starting total (default: the highest total at the table now)")
      ->check(whole_number(0, store::kMaxStartTotal))
      ->type_name("N");
  add_game_option(*sub, ctx, opts->game,
                  "Game ID or key (default: the game in progress; asks if several are)");
  add_seen_option(*sub, opts->seen);
  sub->add_flag("-a,--add", opts->add, "Add the player if not seen before");
  sub->add_flag("--json", opts->json, kGameWrittenJson);
  sub->callback([opts, &ctx] { run_join(*opts, ctx); });
}

}  // namespace crowns::cli
