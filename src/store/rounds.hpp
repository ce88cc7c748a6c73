#pragma once
// Changing a game: recording, editing and undoing rounds, the tie-break, abandoning and
// deleting. Each function runs inside the caller's transaction, checks that the change is
// allowed, writes it, logs old and new values, and refreshes the cached totals and winners.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "crowns/expected.hpp"
#include "crowns/scoring.hpp"
#include "store/games.hpp"

namespace crowns::store {

/// A checked score for one seat.
struct SeatScore {
  int seat = 0;
  ScoreEntry entry;
};

/// The round `game` records next; fails if it is finished or abandoned.
Expected<int> require_next_round(const Game& game);

/// Records the next round of an active game; `scores` covers every seat.
/// Finishes the game after round 11. Returns the game as it is now.
Expected<Game> record_round(const Database& db, const Game& game, const std::vector<SeatScore>& scores);

/// Replaces some seats' scores in a past round. The caller checks the whole round.
Expected<Game> edit_round(const Database& db, const Game& game, int round,
                          const std::vector<SeatScore>& scores);

/// Removes the last thing recorded: the tie-break if there is one, else the last round
/// (a finished game becomes active again). Returns one line saying what was removed.
Expected<std::string> undo_last(const Database& db, const Game& game);

/// Records (or replaces) the tie-break scores of the seats tied for the lowest total.
Expected<Game> record_tiebreak(const Database& db, const Game& game, const std::vector<SeatScore>& scores);

/// Ends an active game without a result.
Expected<void> abandon_game(const Database& db, const Game& game);

/// Deletes a game; the audit log keeps all of it as the old value.
void delete_game(const Database& db, const Game& game);

/// "Ann 5, Bob 0*, Cat 12": a round as one line.
std::string round_line(const Game& game, const RoundInfo& round);

/// The play drafts: values typed so far for the next round (or 12: the tie-break).
struct Draft {
  int round = 0;
  std::vector<std::pair<int, std::string>> values;  ///< (seat, value as typed)
};
Draft load_draft(const Database& db, std::int64_t game_id);
void save_draft_value(const Database& db, std::int64_t game_id, int round, int seat, const std::string& value);
void clear_draft(const Database& db, std::int64_t game_id, std::optional<int> from_seat = std::nullopt);

}  // namespace crowns::store
