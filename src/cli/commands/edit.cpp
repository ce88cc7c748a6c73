// crowns edit: correct a past round. The old values stay in the audit log.

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/input/score_args.hpp"
#include "cli/session.hpp"
#include "cli/views/scorecard.hpp"
#include "store/rounds.hpp"

namespace crowns::cli {
namespace {

struct EditOptions {
  int round = 0;
  std::vector<std::string> values;
  std::optional<std::int64_t> game;
  bool force = false;
};

void run_edit(const EditOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Write);
  store::Transaction tx(db);
  const store::Game game = need(store::require_game(db, opts.game, store::Pick::Latest));
  // The store's refusal is the message: "game 1 has no round 3 (rounds 1-2 are in)".
  const store::RoundInfo before = need(store::recorded_round(game, opts.round));
  const RoundSpec spec = round_spec(opts.round, game.boxes);
  const Checks checks = opts.force ? Checks::Force : Checks::Strict;
  const auto values = need(match_values(opts.values, game, every_seat(game), Coverage::Some));
  auto scores = need(score_values(values, game, spec, checks));
  // Two at 0 and nobody marked: asked on a terminal (rare, so under the write lock: the
  // round stays one transaction, and writers in other terminals queue as they always do).
  need(settle_went_out(ctx, game, scores, before, spec, checks,
                       stdin_is_terminal() ? Asking::Allowed : Asking::Refused));
  need(check_scores(game, scores, before, spec, checks));
  const store::Change change = need(store::edit_round(db, game, opts.round, scores));
  tx.commit();
  ctx.out << sanitize(change.entry.summary) << '\n';
  print_hands(ctx.out, ctx.style, game, scores, spec, opts.round);
  print_scorecard(ctx.out, ctx.style, *change.game);
}

}  // namespace

void setup_edit(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<EditOptions>();
  auto* sub = app.add_subcommand("edit", "Correct a past round: crowns edit ROUND NAME=VALUE...");
  sub->add_option("round", opts->round, "The round to correct (1-11)")->required();
  sub->add_option("values", opts->values, "NAME=VALUE for each player to correct")->required();
  add_game_option(*sub, opts->game);
  sub->add_flag("-f,--force", opts->force, "Accept an unusual value (e.g. nobody went out)");
  sub->callback([opts, &ctx] { run_edit(*opts, ctx); });
}

}  // namespace crowns::cli
