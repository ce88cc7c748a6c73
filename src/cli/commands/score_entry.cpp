#include "cli/commands/score_entry.hpp"

#include "cli/input/score_args.hpp"
#include "cli/session.hpp"

namespace crowns::cli {

EnteredScores enter_round(store::Database& db, std::int64_t game_id,
                          const std::vector<std::string>& values, Checks checks, Context* asker) {
  store::Game game = need(store::require_game(db, game_id, store::Pick::Latest));
  const int round = need(store::require_next_round(game));
  const RoundSpec spec = round_spec(round, game.boxes);
  const auto matched = need(match_values(values, game, every_seat(game), Coverage::Every));
  auto scores = need(score_values(matched, game, spec, checks));
  // Two at 0 and nobody marked: asked on a terminal (rare, so under the write lock: the
  // round stays one transaction, and writers in other terminals queue as they always do).
  need(settle_went_out(asker, game, scores, std::nullopt, spec, checks,
                       asker != nullptr ? Asking::Allowed : Asking::Refused));
  need(check_scores(game, scores, std::nullopt, spec, checks));
  store::Change change = need(store::record_round(db, game, scores));
  return {std::move(game), round, spec, std::move(scores), std::move(change)};
}

EnteredScores enter_edit(store::Database& db, std::optional<std::int64_t> game_id, int round,
                         const std::vector<std::string>& values, Checks checks, Context* asker) {
  store::Game game = need(store::require_game(db, game_id, store::Pick::Latest));
  // The store's refusal is the message: "game 1 has no round 3 (rounds 1-2 are in)".
  const store::RoundInfo before = need(store::recorded_round(game, round));
  const RoundSpec spec = round_spec(round, game.boxes);
  const auto matched = need(match_values(values, game, every_seat(game), Coverage::Some));
  auto scores = need(score_values(matched, game, spec, checks));
  need(settle_went_out(asker, game, scores, before, spec, checks,
                       asker != nullptr ? Asking::Allowed : Asking::Refused));
  need(check_scores(game, scores, before, spec, checks));
  store::Change change = need(store::edit_round(db, game, round, scores));
  return {std::move(game), round, spec, std::move(scores), std::move(change)};
}

}  // namespace crowns::cli
