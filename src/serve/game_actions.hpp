#pragma once
// The scorekeeper's writes around the rounds: start a game, a rematch, the tie-break, a late
// arrival. Each calls what `crowns new`, `crowns tiebreak` and `crowns join` call, in one
// transaction (audit-logged there). No HTTP here: fields in, JSON out (serve/actions.hpp).

#include <string>

#include "serve/actions.hpp"
#include "store/games.hpp"

namespace crowns::serve {

/// "game 3 (Ann, Bob, Cat) is still in progress, after round 5 of 11" for each game in
/// progress, joined with "; "; empty when none is.
std::string in_progress_text(const store::Database& db);

/// Fields, besides the token:
///  start:    p0, p1, ... names in seat order (clockwise); add=1 adds names not seen before;
///            dealer=NAME (default the first); note=TEXT; confirm=1 starts it even while
///            another game is in progress (else 409 naming that game, {"confirm": true});
///            table=ID (the game a table's page showed): the game is that table's next (409
///            with the state of the table's game if it has moved on from ID meanwhile).
///  rematch:  game=ID (a finished or abandoned game): the same players in the same seats, the
///            first deal passed on to the next seat, at the same table (409 as for table= if
///            its table has moved on); confirm=1 as for start.
///  tiebreak: game=ID; v<SEAT> for each tied seat, as `crowns tiebreak` takes values; force=1.
///  join:     game=ID; name=NAME; total=N (default the highest total now); add=1; round=N
///            (the round they would join at, as the form showed it) and was=TOTALS (the
///            totals it showed, in seat order, "10,45,45"): 409 with the state if either
///            changed since.
Answer run_game_action(store::Database& db, Action action, const Fields& fields);

}  // namespace crowns::serve
