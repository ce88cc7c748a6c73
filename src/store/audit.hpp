#pragma once
// The audit log: every change with the values before and after, as JSON text.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/sqlite.hpp"

namespace crowns::store {

/// Written with designated initializers (`{.game_id = id, .action = "undo", ...}`); every field
/// has a default so that an entry names only what it sets (and GCC does not warn of the rest).
struct AuditEntry {
  std::int64_t id = 0;
  std::string at{};  ///< "YYYY-MM-DD HH:MM:SS" UTC.
  std::optional<std::int64_t> game_id{};
  std::string action{};                    ///< "round", "edit", "undo", "player.rename", ...
  std::string summary{};                   ///< One line for a person.
  std::optional<std::string> old_value{};  ///< JSON text, or none.
  std::optional<std::string> new_value{};  ///< JSON text, or none.
};

/// Appends an entry and returns it with its id and time filled in. Call inside the change's
/// transaction.
AuditEntry append_audit(Database& db, AuditEntry entry);

/// The entry of the current row of a statement that selects
/// "id, at, game_id, action, summary, old_value, new_value" in that order.
AuditEntry read_audit_row(const Statement& stmt);

/// Entries oldest first: of one game, or all when `game_id` is empty; the last `limit`
/// when `limit` > 0.
std::vector<AuditEntry> list_audit(const Database& db, std::optional<std::int64_t> game_id,
                                   int limit);

/// The id of the last change of game `game_id`: what a writer names as the state it saw
/// (table::Basis); 0 when the game has none.
std::int64_t last_change_id(const Database& db, std::int64_t game_id);

/// The changes of game `game_id` after the change `after`, oldest first: what a writer that
/// saw the game at `after` has not seen.
std::vector<AuditEntry> changes_after(const Database& db, std::int64_t game_id, std::int64_t after);

/// The id of the last entry of the whole log (0 when it is empty).
std::int64_t last_entry_id(const Database& db);

/// Every entry after the entry `after`, oldest first. Read in the transaction of a write,
/// with `after` read there before it: the entries that write made, and no other writer's.
std::vector<AuditEntry> entries_after(const Database& db, std::int64_t after);

}  // namespace crowns::store
