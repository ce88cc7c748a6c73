#pragma once
// crowns sync --conflicts and --take ID: the versions a sync kept from conflicts not decided
// yet, listed, and one taken later (docs/DATA.md, "Sync").

#include <cstdint>

#include "cli/context.hpp"

namespace crowns::cli {

/// Lists the kept versions (--json: as JSON); exit 0 with none, 3 with some waiting.
void run_sync_conflicts(bool json, Context& ctx);

/// Takes kept version `id` in one transaction, logged (undo puts the game back).
void run_sync_take(std::int64_t id, bool json, Context& ctx);

}  // namespace crowns::cli
