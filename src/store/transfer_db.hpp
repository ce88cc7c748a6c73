#pragma once
// Moving the export model in and out of the database: what `crowns export` reads and what
// `crowns import` writes.

#include <cstddef>
#include <vector>

#include "crowns/expected.hpp"
#include "store/sqlite.hpp"
#include "store/transfer.hpp"

namespace crowns::store {

/// Everything exportable, in export order (players by name, seasons by start, games by date
/// then creation). Reads only.
ExportData load_export(const Database& db);

/// What an import would add: indexes into the data's lists. A player or season already in
/// the database (same name, ignoring case) is kept as it is; a game counts as already there
/// when the database holds a game with every exported field equal (game_key), as many times
/// as the file holds it.
struct ImportPlan {
  std::vector<std::size_t> new_players;
  std::vector<std::size_t> new_seasons;
  std::vector<std::size_t> new_games;
  std::size_t existing_players = 0;
  std::size_t existing_seasons = 0;
  std::size_t existing_games = 0;
};

/// Compares checked data with the database. Fails if a season of the same name has other
/// dates (a conflict the user must settle). Reads only.
Expected<ImportPlan> plan_import(const Database& db, const ExportData& data);

/// Writes what the plan adds, with cached totals and winners, and one audit entry naming
/// `source`. Run it inside the caller's transaction, after plan_import on the same data.
void apply_import(Database& db, const ExportData& data, const ImportPlan& plan,
                  const std::string& source);

}  // namespace crowns::store
