#pragma once
// crowns sync FOLDER: each database writes what it holds into its own file in a shared folder
// (crowns-<id>.json) and merges the files the other databases wrote there, game by game as
// `crowns import` merges (store/transfer_db.hpp). docs/DATA.md, "Sync".
//
// A sync file is {"format":"crowns-sync","version":1,"database":ID,"deleted":[uuids],
// "export":{a crowns export}}: the export is what `crowns export` writes; `deleted` names the
// games deleted in that database, so that a deletion travels too and a deleted game is not
// brought back by a file written before it.

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "crowns/expected.hpp"
#include "store/games.hpp"
#include "store/sqlite.hpp"
#include "store/transfer.hpp"

namespace crowns::store::sync {

inline constexpr std::string_view kSyncFormat = "crowns-sync";
inline constexpr int kSyncVersion = 1;

struct SyncFile {
  std::string database;              ///< The id of the database that wrote it.
  std::vector<std::string> deleted;  ///< Uuids of the games it deleted.
  ExportData data;
};

/// This database's sync id (16 lower-case hex digits), made and kept in `meta` the first
/// time. Call inside a write transaction.
std::string database_id(Database& db);

/// The name of the file a database writes: "crowns-<id>.json".
std::string file_name(std::string_view id);

/// Whether `name` is a sync file's name (crowns-<16 hex>.json): temporary files are not.
bool is_sync_file_name(std::string_view name);

/// The uuids of the games deleted here (by `crowns delete` or a sync, not undone) that are
/// not here again.
std::vector<std::string> deleted_games(const Database& db);

/// This database's sync file: deterministic, so an unchanged database writes equal bytes.
std::string format_sync_file(const Database& db, const std::string& id);

/// Reads a sync file and checks the export in it (as parse_export). Never throws.
Expected<SyncFile> parse_sync_file(std::string_view text);

/// Leaves out of `data` the games deleted here, so that a file written before a deletion
/// does not bring the game back; returns how many it left out.
std::size_t drop_deleted(ExportData& data, const std::vector<std::string>& deleted_here);

/// Deletes the games here named in `deleted` (each logged as `crowns delete` logs it, so
/// undo brings it back). Returns the games deleted, as they were. Inside the caller's
/// transaction.
std::vector<Game> apply_deletions(Database& db, const std::vector<std::string>& deleted);

/// Another database's file, read and checked, under its name in the folder.
struct NamedFile {
  std::string name;
  SyncFile file;
};

/// Which files change which games here, read before any file is merged: the games a sync
/// with `--keep file` may take a file's version of, and those it must not (docs/DATA.md,
/// "When the files disagree").
struct Movers {
  /// A game here (by id) and the files whose version of it is further along or conflicts
  /// with it as it is before the sync, in the order given.
  std::map<std::int64_t, std::vector<std::string>> changed_by;
  /// The games two of those files hold in versions that conflict with each other (neither
  /// continues the other), and the files that changed them.
  std::map<std::int64_t, std::vector<std::string>> disagree;

  /// Whether `file` changed game `game_id` (as it was before the sync).
  [[nodiscard]] bool changes(std::int64_t game_id, const std::string& file) const;
};

/// Compares every file's games with the games here (as plan_import does; a file it cannot
/// plan is left out: merging it fails later and says why) and with each other. Reads only.
Movers find_movers(const Database& db, const std::vector<NamedFile>& files);

}  // namespace crowns::store::sync
