#pragma once
// Turning VALUE tokens into checked scores for a game's seats: one value per player in seat
// order, or NAME=VALUE pairs. The one way a round is read, for every door (the terminal's
// round, edit, tiebreak and play; the phone's forms): table/keeper.hpp calls it.

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "crowns/scoring.hpp"
#include "store/games.hpp"
#include "store/rounds.hpp"
#include "table/asker.hpp"

namespace crowns::table {

/// Whether the values must name every seat given (round, tiebreak) or may name some (edit).
enum class Coverage { Every, Some };

/// Matches tokens to `seats` (seat indexes in order). Plain values go one per seat in
/// order; NAME=VALUE pairs name players (case-insensitive, "did you mean" on a typo).
/// Fails naming the bad token and the right form.
Expected<std::vector<std::pair<int, std::string>>> match_values(
    const std::vector<std::string>& tokens, const store::Game& game, const std::vector<int>& seats,
    Coverage coverage);

/// Parses and scores each value for `spec`. Fails on the first bad one.
Expected<std::vector<store::SeatScore>> score_values(
    const std::vector<std::pair<int, std::string>>& values, const store::Game& game,
    const RoundSpec& spec, Checks checks);

/// Checks a whole round: `scores` over `base` (the round before an edit, or none).
Expected<void> check_scores(const store::Game& game, const std::vector<store::SeatScore>& scores,
                            const std::optional<store::RoundInfo>& base, const RoundSpec& spec,
                            Checks checks);

/// Marks who went out when nobody is marked, by crowns::infer_went_out over `scores` (and the
/// round's other seats in `base`): the one player who scored 0. When several scored 0, asks
/// `asker` which went out (a choice among them), and fails naming them when nobody answers;
/// forced checks leave an ambiguous round as it is. A seat marked from `base` is added to
/// `scores`.
Expected<void> settle_went_out(Asker& asker, const store::Game& game,
                               std::vector<store::SeatScore>& scores,
                               const std::optional<store::RoundInfo>& base, const RoundSpec& spec,
                               Checks checks);

/// Every seat, in order.
std::vector<int> every_seat(const store::Game& game);

/// The seats that play (or played) round `round`, in order: every seat but a late arrival's
/// before the round they joined at.
std::vector<int> seats_in_round(const store::Game& game, int round);

}  // namespace crowns::table
