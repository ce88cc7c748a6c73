#pragma once
// crowns sync FOLDER: each database writes what it holds into its own file in a shared folder
// (crowns-<id>.json) and merges the files the other databases wrote there, game by game, by
// what each version has seen (store/versions.hpp). docs/DATA.md, "Sync".
//
// A sync file (version 2) is {"format":"crowns-sync","version":2,"database":ID,
// "deleted":{uuid:VERSION},"versions":{uuid:VERSION},"export":{a crowns export}}, where a
// VERSION is {"seen":"id id ...","by":ID,"at":TIME}: the export is what `crowns export`
// writes; `versions` says what each game's version has seen; `deleted` names the games deleted
// in that database and what each deletion had seen. A version 1 file (no versions, `deleted`
// a list of uuids) is still read: its games merge by content, as `crowns import` merges.

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "crowns/expected.hpp"
#include "store/games.hpp"
#include "store/sqlite.hpp"
#include "store/transfer.hpp"
#include "store/transfer_db.hpp"
#include "store/versions.hpp"

namespace crowns::store::sync {

inline constexpr std::string_view kSyncFormat = "crowns-sync";
inline constexpr int kSyncVersion = 2;

struct SyncFile {
  int version = kSyncVersion;
  std::string database{};  ///< The id of the database that wrote it.
  /// The games it deleted, each with what the deletion had seen (none: a version 1 file).
  std::map<std::string, std::optional<versions::Version>> deleted;
  /// What each of its games has seen (empty for a version 1 file).
  std::map<std::string, versions::Version> versions;
  ExportData data;
};

/// This database's sync id (16 lower-case hex digits), made and kept in `meta` the first
/// time. Call inside a write transaction.
std::string database_id(Database& db);

/// This database's sync id, if it has synced: reads only.
std::optional<std::string> existing_database_id(const Database& db);

/// Gives this database a new sync id (a copy found out): returns it. Inside a transaction.
std::string new_database_id(Database& db);

/// The name of the file a database writes: "crowns-<id>.json".
std::string file_name(std::string_view id);

/// The database id a sync file's name carries: "crowns-<16 hex>.json", or a conflict copy a
/// sync tool made of one ("crowns-<16 hex>.sync-conflict-....json"); none for any other name
/// (temporary files included).
std::optional<std::string> file_id(std::string_view name);

/// Whether `name` is a sync file's name (file_id has one).
bool is_sync_file_name(std::string_view name);

/// Whether `text` holds git's conflict markers (a line starting "<<<<<<< " and one ">>>>>>> ").
bool has_conflict_markers(std::string_view text);

/// A digest of a file's bytes (FNV-1a, 16 hex digits): what this database last wrote.
std::string digest(std::string_view bytes);

/// The digest of the file this database last wrote into the folder `where` (its full path),
/// if any: a file under its id with other bytes was written by a copy of it.
std::optional<std::string> last_written(const Database& db, const std::string& where);
/// Remembers it. Inside a transaction.
void set_last_written(Database& db, const std::string& where, const std::string& digest);

/// The uuids of the games deleted here (or whose deletion reached here) that are not here
/// again, with what each deletion had seen.
std::vector<std::string> deleted_games(const Database& db);

/// This database's sync file: deterministic, so an unchanged database writes equal bytes.
std::string format_sync_file(const Database& db, const std::string& id);

/// Reads a sync file and checks the export in it (as parse_export). Never throws.
Expected<SyncFile> parse_sync_file(std::string_view text);

/// Another database's file, read and checked, under its name in the folder.
struct NamedFile {
  std::string name{};
  SyncFile file;
};

/// A game whose version in a file and here each hold changes the other lacks (or a game
/// changed on one side and deleted on the other).
struct SyncConflict {
  std::string uuid{};
  std::int64_t game_id = 0;  ///< The game here (0: deleted here).
  std::string label{};       ///< "game 4 here (2026-03-02, Ann, Bob)".
  std::string difference{};  ///< The first difference, or what the deletion meets.
  versions::Version here{};
  versions::Version file{};
  /// "file" (its version taken), "here" (kept, decided) or "undecided" (kept until chosen:
  /// the file's version is stored).
  std::string kept{};
  std::string why_undecided{};  ///< When --keep file could not decide: the files that disagree.
  Hint hint{};                  ///< What the user can do when no --keep decides it (RulesDiffer).
};

/// A game brought forward to a file's version, which included the one here.
struct TakenGame {
  std::int64_t game_id = 0;
  std::string label{};    ///< "game 4 here (2026-03-02, Ann, Bob)".
  std::string summary{};  ///< What changed, as logged.
};

/// What merging one file did.
struct FileMerge {
  std::string file{};
  ImportPlan plan;  ///< New players, seasons and games (and a version 1 file's updates).
  std::vector<TakenGame> taken;
  std::vector<Game> deleted;         ///< Games deleted here because the file deleted them.
  std::size_t not_brought_back = 0;  ///< Games of the file deleted here: left out.
  std::size_t behind = 0;            ///< Games the file holds in a version this one includes.
  std::vector<SyncConflict> conflicts;
};

/// What --keep decides for one file's conflicts.
struct FileKeep {
  KeepSide side = KeepSide::Skip;
  /// Games (by uuid) whose conflict --keep file must not settle: files hold versions of them
  /// that disagree with each other, and the files.
  std::map<std::string, std::vector<std::string>> disagree;
};

/// The games here (by uuid) that two or more files hold in versions neither of which includes
/// the other, with those files: --keep file takes no file's version of them. Reads only.
std::map<std::string, std::vector<std::string>> disagreeing_games(
    const Database& db, const std::vector<NamedFile>& files);

/// The first difference between two versions of a game, as a person reads it ("round 1: Bob
/// 4 -> 40"; "file: 3 rounds; here: 2 rounds").
std::string version_difference(const ExportGame& file, const ExportGame& here);

/// A kept version (versions::StoredVersion) as `crowns sync --conflicts` shows it: the game it
/// is a version of here (or that it was deleted here), and how it differs from the one here.
struct KeptVersion {
  versions::StoredVersion stored;
  std::int64_t game_id = 0;  ///< The game here (0: deleted here).
  std::string label{};       ///< "game 4 here (2026-03-02, Ann, Bob)", or "game 1b4e28ba ...".
  std::string difference{};  ///< The file's version against the one here.
};

/// The versions kept from conflicts not decided yet, oldest first. Reads only.
std::vector<KeptVersion> kept_versions(const Database& db);

/// What taking a kept version did.
struct TakenVersion {
  KeptVersion taken;
  std::string summary{};  ///< As logged.
};

/// Takes kept version `id` (sync --take): the game here becomes that version (with its rules
/// when they differ: the one way a game's rules change), a version that deletes the game
/// deletes it, and a game deleted here comes back. Each is one "sync" entry of the game holding
/// what was there, so undo puts it back (the game here, the deleted game under its number, or
/// the deletion). Its version then includes both, so the next sync carries the choice to every
/// host. Inside the caller's write transaction. Fails naming the kept versions
/// when there is no version `id`.
Expected<TakenVersion> take_kept_version(Database& db, std::int64_t id);

/// Merges one file into the database, inside the caller's transaction: deletions, games taken
/// forward, conflicts (settled as `keep` says, else the file's version is stored), new games,
/// players and seasons. Fails (the caller rolls back) when the file cannot be merged.
Expected<FileMerge> merge_file(Database& db, const NamedFile& named, const FileKeep& keep);

}  // namespace crowns::store::sync
