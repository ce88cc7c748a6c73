#pragma once
// Undo: the audit log is a stack of changes per game; undo reverses the newest change not yet
// undone, marks it undone (audit.undone_by), and logs what it did. Repeating it goes further
// back. It reverses changes to games: a round, an edit, a tie-break, an abandon, a reopen, a
// change of details, and a game started with no rounds yet.

#include <cstdint>
#include <optional>

#include "crowns/expected.hpp"
#include "store/change.hpp"

namespace crowns::store {

/// Undoes the newest change not yet undone: of game `game_id` if given, else of any game.
/// Runs inside the caller's transaction. Fails, changing nothing, when that change is of a
/// kind undo cannot reverse (a deletion, a player's or season's change, an import), when the
/// game no longer matches it, or when there is nothing left to undo. The change returned
/// carries the game after the undo (none if undoing removed it) and the undo's own entry.
Expected<Change> undo_last_change(Database& db, std::optional<std::int64_t> game_id);

/// The change undo_last_change would undo next (of game `game_id` if given): the newest not
/// yet undone, none when there is none. It may still be one undo refuses (a deletion).
std::optional<AuditEntry> next_to_undo(const Database& db, std::optional<std::int64_t> game_id);

}  // namespace crowns::store
