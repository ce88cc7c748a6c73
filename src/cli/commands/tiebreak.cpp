// crowns tiebreak: the 6-card round (6s wild) that the players tied for the win may play.

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/input/score_args.hpp"
#include "cli/session.hpp"
#include "cli/views/scorecard.hpp"

namespace crowns::cli {
namespace {

struct TiebreakOptions {
  std::vector<std::string> values;
  std::optional<std::int64_t> game;
  bool force = false;
};

void run_tiebreak(const TiebreakOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Write);
  store::Transaction tx(db);
  const store::Game game = need(store::require_game(db, opts.game, store::Pick::Latest));
  const Standings st = need(store::check_tiebreak(game));
  const RoundSpec spec = tiebreak_spec(game.boxes);
  const Checks checks = opts.force ? Checks::Force : Checks::Strict;
  const auto values = need(match_values(opts.values, game, st.leaders, Coverage::Every));
  const auto scores = need(score_values(values, game, spec, checks));
  need(check_scores(game, scores, std::nullopt, spec, checks));
  const store::Change change = need(store::record_tiebreak(db, game, scores));
  tx.commit();
  print_hands(ctx.out, ctx.style, game, scores, spec, std::nullopt);
  print_outlook(ctx.out, ctx.style, *change.game);
}

}  // namespace

void setup_tiebreak(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<TiebreakOptions>();
  auto* sub = app.add_subcommand("tiebreak", "Record the 6-card tie-break of the tied players");
  sub->add_option("values", opts->values,
                  "NAME=VALUE for each tied player (or values in seat order)")
      ->required();
  add_game_option(*sub, opts->game);
  sub->add_flag("-f,--force", opts->force, "Accept an unusual value");
  sub->callback([opts, &ctx] { run_tiebreak(*opts, ctx); });
}

}  // namespace crowns::cli
