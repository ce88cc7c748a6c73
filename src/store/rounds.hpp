#pragma once
// Changing a game: recording and editing rounds, the tie-break, abandoning, reopening and
// deleting (undo is in undo.hpp, a game's details in details.hpp). Each function runs inside
// the caller's transaction, checks that the change is allowed, writes it, logs old and new
// values, refreshes the cached totals and winners, and returns the game and the entry.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "crowns/expected.hpp"
#include "crowns/scoring.hpp"
#include "store/change.hpp"
#include "store/games.hpp"

namespace crowns::store {

/// A checked score for one seat.
struct SeatScore {
  int seat = 0;
  ScoreEntry entry;
};

/// The round `game` records next; fails if it is finished or abandoned.
Expected<int> require_next_round(const Game& game);

/// `round` when it is the round `game` records next (a write that names the round it means,
/// as `crowns round --round N` and `play` do); else fails naming the next round, or saying
/// the round is in already and how to correct it.
Expected<int> require_round_is_next(const Game& game, int round);

/// Whole seconds since round `round` of game `game_id` was recorded, if it is.
std::optional<std::int64_t> seconds_since_recorded(const Database& db, std::int64_t game_id,
                                                   int round);

/// Records the next round of an active game; `scores` covers every seat.
/// Finishes the game after round 11.
Expected<Change> insert_round(Database& db, const Game& game, const std::vector<SeatScore>& scores);

/// Records the next round of an active game from cells as they are stored (an import keeps
/// a hand's text as it was typed), one per seat in seat order; `how` ends the log's summary
/// ("imported from all.json"). Finishes the game after round 11.
Expected<Change> record_round_cells(Database& db, const Game& game,
                                    const std::vector<ScoreCell>& cells, const std::string& how);

/// Replaces some seats' scores in a past round. The caller checks the whole round. A
/// tie-break is kept while every player still tied for the lowest total played it (the
/// scores of those no longer tied are dropped); if anyone else is now tied it is cleared.
Expected<Change> edit_round(Database& db, const Game& game, int round,
                            const std::vector<SeatScore>& scores);

/// Round `round` of the game as recorded; fails naming the rounds that are in.
Expected<RoundInfo> recorded_round(const Game& game, int round);

/// The standings of a game whose tie-break may be recorded: finished, with more than one
/// player on the lowest total (its `leaders`). Fails saying why not.
Expected<Standings> check_tiebreak(const Game& game);

/// Records (or replaces) the tie-break scores of the seats tied for the lowest total.
Expected<Change> insert_tiebreak(Database& db, const Game& game,
                                 const std::vector<SeatScore>& scores);

/// Whether `game` may be abandoned: only an active game may.
Expected<void> check_abandon(const Game& game);

/// Ends an active game without a result.
Expected<Change> abandon_game(Database& db, const Game& game);

/// Takes an abandoned game up again: active (or finished, with all 11 rounds in).
Expected<Change> reopen_game(Database& db, const Game& game);

/// Deletes a game; the audit log keeps all of it as the old value. The change has no game.
Change erase_game(Database& db, const Game& game);

/// "Ann 5, Bob 0*, Cat 12": a round as one line.
std::string round_line(const Game& game, const RoundInfo& round);

/// The play drafts: values typed so far for the next round (or 12: the tie-break).
struct Draft {
  int round = 0;
  std::vector<std::pair<int, std::string>> values;  ///< (seat, value as typed)
};
Draft load_draft(const Database& db, std::int64_t game_id);
void save_draft_value(Database& db, std::int64_t game_id, int round, int seat,
                      const std::string& value);
void clear_draft(Database& db, std::int64_t game_id, std::optional<int> from_seat = std::nullopt);

}  // namespace crowns::store
