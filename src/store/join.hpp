#pragma once
// Seating players: a new game's players, and a late arrival at a game under way (crowns join).

#include <optional>
#include <string>

#include "crowns/expected.hpp"
#include "store/change.hpp"
#include "store/games.hpp"
#include "store/players.hpp"

namespace crowns::store {

/// The known player `name` (or, with `add_unknown`, a new one) ready to be seated; fails on
/// an unknown name (with "did you mean") or a retired player.
Expected<Player> player_to_seat(Database& db, const std::string& name, bool add_unknown);

/// The total a late arrival starts with unless the table says otherwise: the highest total
/// now (many tables do this, so that arriving late is no advantage), held by seat `holder`.
struct SuggestedTotal {
  int total = 0;
  int holder = 0;
};
SuggestedTotal suggested_start_total(const Game& game);

/// The largest starting total a late arrival may be given (crowns join --total, the phone).
inline constexpr int kMaxStartTotal = 100000;

/// A player who arrives at a game already under way.
struct Arrival {
  std::string name;
  std::optional<int> total;  ///< The starting total; default the suggested one.
  bool add_unknown = false;  ///< Add the player if not yet known instead of failing.
};

/// Seats `arrival` into active game `game` (inside the caller's transaction) at the next seat
/// (after the last-seated player, round the table), playing from the next round with the
/// chosen total, and logs it ("join"; `crowns undo` reverses it until the next round is in).
/// Fails if the game is not active, has no round left, is full, or already seats the player.
Expected<Change> join_game(Database& db, const Game& game, const Arrival& arrival);

}  // namespace crowns::store
