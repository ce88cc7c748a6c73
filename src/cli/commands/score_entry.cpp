#include "cli/commands/score_entry.hpp"

#include <algorithm>

#include "cli/input/score_args.hpp"
#include "cli/session.hpp"

namespace crowns::cli {

namespace {

// Whether `scores` read as the round before (the same points and marks, seat by seat).
bool repeats_last_round(const store::Game& game, const std::vector<store::SeatScore>& scores) {
  if (game.rounds.empty()) return false;
  const store::RoundInfo& last = game.rounds.back();
  return std::all_of(scores.begin(), scores.end(), [&](const store::SeatScore& s) {
    const store::ScoreCell& cell = last.scores[static_cast<std::size_t>(s.seat)];
    return cell.points == s.entry.points && cell.went_out == s.entry.went_out;
  });
}

// A round that reads as the one recorded seconds ago is most likely that round again: asked
// about on a terminal, refused elsewhere with the way to record it all the same.
void check_repeat(const store::Database& db, const store::Game& game, int round,
                  const std::vector<store::SeatScore>& scores, Context* asker) {
  if (!repeats_last_round(game, scores)) return;
  const auto age = store::seconds_since_recorded(db, game.id, round - 1);
  if (!age || *age >= kRepeatSeconds) return;
  const std::string before = std::to_string(round - 1);
  const std::string next = std::to_string(round);
  const std::string line = store::round_line(game, game.rounds.back());
  if (asker != nullptr) {
    asker->out << "Round " << before << " was recorded less than a minute ago with the same "
               << "scores (" << sanitize(line) << ").\n";
    if (confirm(*asker, "Record round " + next + " the same?")) return;
    fail("round " + next + " not recorded: it reads the same as round " + before);
  }
  fail("round " + before + " was recorded less than a minute ago with the same scores (" + line +
       "): is this the same round again? If round " + next +
       " really went the same way, add --round " + next);
}

}  // namespace

EnteredScores enter_round(store::Database& db, std::int64_t game_id,
                          const std::vector<std::string>& values, Checks checks, Context* asker,
                          const RoundGuard& guard) {
  store::Game game = need(store::require_game(db, game_id, store::Pick::Latest));
  const int round = guard.round ? need(store::require_round_is_next(game, *guard.round))
                                : need(store::require_next_round(game));
  const RoundSpec spec = round_spec(round, game.boxes);
  const auto matched = need(match_values(values, game, every_seat(game), Coverage::Every));
  auto scores = need(score_values(matched, game, spec, checks));
  // Two at 0 and nobody marked: asked on a terminal (rare, so under the write lock: the
  // round stays one transaction, and writers in other terminals queue as they always do).
  need(settle_went_out(asker, game, scores, std::nullopt, spec, checks,
                       asker != nullptr ? Asking::Allowed : Asking::Refused));
  need(check_scores(game, scores, std::nullopt, spec, checks));
  // A round named with --round is the round meant, repeat or not.
  if (guard.repeats == Repeats::Checked && !guard.round) {
    check_repeat(db, game, round, scores, asker);
  }
  store::Change change = need(store::record_round(db, game, scores));
  return {std::move(game), round, spec, std::move(scores), std::move(change)};
}

EnteredScores enter_edit(store::Database& db, std::optional<std::int64_t> game_id, int round,
                         const std::vector<std::string>& values, Checks checks, Context* asker) {
  store::Game game = need(store::require_game(db, game_id, store::Pick::Latest));
  // The store's refusal is the message: "game 1 has no round 3 (rounds 1-2 are in)".
  const store::RoundInfo before = need(store::recorded_round(game, round));
  const RoundSpec spec = round_spec(round, game.boxes);
  // Values in seat order are the players of that round; a late arrival named in a round
  // before they came is refused by the store, naming the round.
  const bool named = std::any_of(values.begin(), values.end(), [](const std::string& v) {
    return v.find('=') != std::string::npos;
  });
  const auto matched = need(match_values(
      values, game, named ? every_seat(game) : seats_in_round(game, round), Coverage::Some));
  auto scores = need(score_values(matched, game, spec, checks));
  need(settle_went_out(asker, game, scores, before, spec, checks,
                       asker != nullptr ? Asking::Allowed : Asking::Refused));
  need(check_scores(game, scores, before, spec, checks));
  store::Change change = need(store::edit_round(db, game, round, scores));
  return {std::move(game), round, spec, std::move(scores), std::move(change)};
}

}  // namespace crowns::cli
