// crowns edit: correct a past round. The old values stay in the audit log.

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/score_args.hpp"
#include "cli/scorecard.hpp"
#include "cli/session.hpp"
#include "store/audit.hpp"

namespace crowns::cli {
namespace {

struct EditOptions {
  int round = 0;
  std::vector<std::string> values;
  std::optional<std::int64_t> game;
  bool force = false;
};

void run_edit(const EditOptions& opts, Context& ctx) {
  auto db = open_store(ctx);
  store::Transaction tx(db);
  const store::Game game = need(store::require_game(db, opts.game, store::Pick::Latest));
  if (opts.round < 1 || opts.round > game.rounds_played()) {
    fail("game " + std::to_string(game.id) + " has no round " + std::to_string(opts.round) +
         (game.rounds_played() == 0 ? " (no rounds yet)"
                                    : " (rounds 1-" + std::to_string(game.rounds_played()) + " are in)"));
  }
  const RoundSpec spec = round_spec(opts.round, game.boxes);
  const Checks checks = opts.force ? Checks::Force : Checks::Strict;
  const auto values = need(match_values(opts.values, game, every_seat(game), Coverage::Some));
  const auto scores = need(score_values(values, game, spec, checks));
  const auto& before = game.rounds[static_cast<std::size_t>(opts.round - 1)];
  need(check_scores(game, scores, before, spec, checks));
  const store::Game after = need(store::edit_round(db, game, opts.round, scores));
  tx.commit();
  const auto entry = store::list_audit(db, game.id, 1);
  if (!entry.empty()) ctx.out << sanitize(entry.back().summary) << '\n';
  print_hands(ctx.out, ctx.style, game, scores, spec, opts.round);
  print_scorecard(ctx.out, ctx.style, after);
}

}  // namespace

void setup_edit(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<EditOptions>();
  auto* sub = app.add_subcommand("edit", "Correct a past round: crowns edit ROUND NAME=VALUE...");
  sub->add_option("round", opts->round, "The round to correct (1-11)")->required();
  sub->add_option("values", opts->values, "NAME=VALUE for each player to correct")->required();
  add_game_option(*sub, opts->game);
  sub->add_flag("-f,--force", opts->force, "Accept an unusual value (e.g. nobody scored 0)");
  sub->callback([opts, &ctx] { run_edit(*opts, ctx); });
}

}  // namespace crowns::cli
