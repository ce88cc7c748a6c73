#pragma once
// Playing solitaire at the terminal: a seeded game (the player chooses, `hint` asks the
// advisor) or real cards (the player types each turned card, the advisor plays it).
// The game is saved after every play; `q` or the end of input leaves it to resume.

#include "cli/context.hpp"
#include "store/solitaire.hpp"

namespace crowns::cli {

/// The position after the game's plays (replayed from the deal).
solitaire::State replay(const store::SolitaireGame& game);

/// The card to play next in a seeded game; none for real cards or a finished game.
std::optional<Card> next_stock_card(const store::SolitaireGame& game);

/// Plays `game` (new, id 0, or resumed) until it ends or the player leaves.
void play_solitaire(Context& ctx, store::Database& db, store::SolitaireGame& game);

}  // namespace crowns::cli
