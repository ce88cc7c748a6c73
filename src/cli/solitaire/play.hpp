#pragma once
// Playing solitaire at the terminal: a seeded game (the player chooses, `hint` asks the
// advisor) or real cards (the player types each turned card, the advisor plays it).
// The game is saved after every play; `q` or the end of input leaves it to resume.

#include <optional>

#include "cli/context.hpp"
#include "crowns/solitaire_advisor.hpp"
#include "store/solitaire.hpp"

namespace crowns::cli {

/// The position after the game's plays (replayed from the deal).
solitaire::State replay(const store::SolitaireGame& game);

/// The card to play next in a seeded game; none for real cards or a finished game.
std::optional<Card> next_stock_card(const store::SolitaireGame& game);

/// How long a chance to win may sample, and whether a progress line is shown meanwhile.
struct SamplingLimits {
  int samples = 0;            ///< Shuffles of the unseen cards, at most.
  std::optional<int> time{};  ///< Seconds, at most (the samples running then still finish).
  int jobs = 0;               ///< Threads (0: one per core).
  bool progress = false;      ///< A progress line on stderr (progress_wanted(): a terminal).
};

/// The chance to win from `state` (solitaire::estimate_win(), seeded the same every time): the
/// first `samples` shuffles, or as many as start within `time`.
solitaire::WinEstimate chance_to_win(Context& ctx, const solitaire::State& state,
                                     std::optional<Card> turned, const SamplingLimits& limits);

/// Plays `game` (new, id 0, or resumed) until it ends or the player leaves. A hint's chance to
/// win samples for at most `hint_time` seconds.
void play_solitaire(Context& ctx, store::Database& db, store::SolitaireGame& game, int hint_time);

}  // namespace crowns::cli
