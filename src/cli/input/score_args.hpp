#pragma once
// Turning VALUE tokens into checked scores for a game's seats: one value per player in seat
// order, or NAME=VALUE pairs. Shared by round, edit, tiebreak and play.

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/context.hpp"
#include "cli/views/style.hpp"
#include "crowns/scoring.hpp"
#include "store/games.hpp"
#include "store/rounds.hpp"

namespace crowns::cli {

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

/// Whether a question may be put to the person typing (play, or round on a terminal).
enum class Asking { Allowed, Refused };

/// Marks who went out when nobody is marked, by crowns::infer_went_out over `scores` (and the
/// round's other seats in `base`): the one player who scored 0. When several scored 0, asks
/// which went out if `asking` allows and `ctx` is given (re-asking until a name among them is
/// given), and
/// otherwise fails naming them; forced checks leave an ambiguous round as it is. A seat
/// marked from `base` is added to `scores`. Fails at end of input.
Expected<void> settle_went_out(Context* ctx, const store::Game& game,
                               std::vector<store::SeatScore>& scores,
                               const std::optional<store::RoundInfo>& base, const RoundSpec& spec,
                               Checks checks, Asking asking);

/// Prints the best lay-down of each hand-valued score, so a missed meld is seen at once.
void print_hands(std::ostream& out, const Style& style, const store::Game& game,
                 const std::vector<store::SeatScore>& scores, const RoundSpec& spec,
                 std::optional<int> round);

/// Every seat, in order.
std::vector<int> every_seat(const store::Game& game);

/// The seats that play (or played) round `round`, in order: every seat but a late arrival's
/// before the round they joined at.
std::vector<int> seats_in_round(const store::Game& game, int round);

}  // namespace crowns::cli
