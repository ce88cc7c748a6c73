#pragma once
// The writes a page sent, by the id the page made for each (a client write id): a write sent
// again after its answer was lost finds the change it made, and is never stored twice.

#include <cstdint>
#include <optional>
#include <string>

#include "store/audit.hpp"
#include "store/sqlite.hpp"

namespace crowns::store {

/// Whether `id` can name a write: 8 to 64 letters, digits, '-' or '_'.
bool valid_write_id(const std::string& id);

/// Remembers that the write `write_id` made the change `audit_id`. Call inside the change's
/// transaction: committed with it, or rolled back with it.
void remember_client_write(Database& db, const std::string& write_id, std::int64_t audit_id,
                           std::optional<std::int64_t> game_id);

/// The change the write `write_id` made, when it was stored (none: it never was).
std::optional<AuditEntry> find_client_write(const Database& db, const std::string& write_id);

}  // namespace crowns::store
