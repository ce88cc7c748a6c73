#pragma once
// Store-internal: how a game and its rounds are written into the audit log as JSON, and
// what every change to a game does after writing (refresh the cached totals and status).
// Shared by rounds.cpp, undo.cpp and details.cpp; not for the CLI.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "crowns/scoring.hpp"
#include "store/change.hpp"
#include "store/games.hpp"

namespace crowns::store::log {

using Json = nlohmann::ordered_json;

/// One line of JSON text (invalid UTF-8 replaced, never thrown on).
std::string dump(const Json& j);

/// {"round": N, "scores": [{seat, player, points, went_out, hand}...]} for `seats`.
Json round_json(const Game& game, const RoundInfo& round, const std::vector<int>& seats);
/// The whole game: what `delete` keeps in the log.
Json game_json(const Game& game);
/// {"Ann": 5, "Bob": null}: the tie-break scores of `seats`, by name.
Json tiebreak_json(const Game& game, const std::vector<int>& seats);

ScoreCell to_cell(const ScoreEntry& entry);
/// "0*", "12", or "30 (5h Qs Ks)".
std::string cell_text(const ScoreCell& cell);
/// A cell read back from round_json's "scores" items.
ScoreCell cell_from_json(const Json& item);

/// Writes cells (insert or replace) of `round`, by seat.
void write_cells(Database& db, std::int64_t game_id, int round,
                 const std::vector<std::pair<int, ScoreCell>>& cells);

/// Rewrites what is derived from the scores (status, totals, winners, "touched"), deals a
/// random order's round that has become the one to record (deal_due_rounds), and returns the
/// game as it now is.
Game refresh(Database& db, std::int64_t id);

/// Appends `entry` and returns the change: the game after it (refreshed) and the entry.
Change append_change(Database& db, Game after, AuditEntry entry);

/// The message for a change to an abandoned game.
Expected<void> require_open(const Game& game);

}  // namespace crowns::store::log
