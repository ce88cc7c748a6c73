#pragma once
// The writes of `crowns round` and `crowns edit`, shared with `crowns serve` so that a round
// entered on a phone goes through the very same checks, messages and audit log as one typed
// in a terminal. Each runs inside the caller's transaction and throws crowns::Error (the
// CLI's message) on a refusal, leaving the rollback to the transaction.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/context.hpp"
#include "crowns/scoring.hpp"
#include "store/change.hpp"
#include "store/games.hpp"
#include "store/rounds.hpp"

namespace crowns::cli {

/// What a round or an edit wrote, for the command to print after the commit.
struct EnteredScores {
  store::Game before;                    ///< The game as it was.
  int round = 0;                         ///< The round recorded or corrected.
  RoundSpec spec;                        ///< That round's cards and wild rank.
  std::vector<store::SeatScore> scores;  ///< The scores as checked.
  store::Change change;                  ///< The game after it and the log entry.
};

/// Whether a round that reads exactly as the round before, recorded less than a minute
/// earlier, is taken for the same round entered twice (a repeated history line, a second
/// terminal): asked about on a terminal, refused elsewhere.
enum class Repeats { Accepted, Checked };

/// What a round entry is guarded by beyond the values: the round the writer means (refused
/// unless it is the next one; naming it also answers the repeat check) and the repeat check.
struct RoundGuard {
  std::optional<int> round;
  Repeats repeats = Repeats::Accepted;
};

/// How recent a round that reads the same as the one before must be to be taken for a
/// repeat: a real round takes minutes to deal and play.
constexpr std::int64_t kRepeatSeconds = 60;

/// crowns round: the next round of game `game_id`, from `values` (one per seat or NAME=VALUE).
/// Two players at 0 with nobody marked out are asked about on `asker`'s terminal when given
/// (null: refused with a message naming them, as the server and a script get); so is a
/// repeat, when `guard` checks for one.
EnteredScores enter_round(store::Database& db, std::int64_t game_id,
                          const std::vector<std::string>& values, Checks checks,
                          Context* asker = nullptr, const RoundGuard& guard = {});

/// crowns edit: corrects round `round` of game `game` (default the latest touched).
EnteredScores enter_edit(store::Database& db, std::optional<std::int64_t> game, int round,
                         const std::vector<std::string>& values, Checks checks,
                         Context* asker = nullptr);

}  // namespace crowns::cli
