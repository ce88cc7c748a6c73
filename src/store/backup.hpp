#pragma once
// Backing up and restoring the whole database file with SQLite's online backup API, which
// copies a consistent snapshot while other processes keep reading and writing.

#include <cstdint>
#include <string>

namespace crowns::store {

enum class Overwrite { No, Yes };

struct BackupResult {
  std::string file;
  std::int64_t pages = 0;
  std::uintmax_t bytes = 0;
};

/// Copies the database at `db_path` to `file`: into a temporary file next to it first, then
/// renamed, so `file` never holds half a backup. The copy is a standalone file (rollback
/// journal, not WAL). Throws crowns::Error naming the file: `file` exists and `overwrite`
/// is No, `file` is the database itself, the copy could not be written, or the database
/// stayed busy for more than 30 s.
BackupResult backup_database(const std::string& db_path, const std::string& file,
                             Overwrite overwrite);

/// What a checked backup holds.
struct BackupInfo {
  int schema_version = 0;
  std::int64_t players = 0;
  std::int64_t games = 0;
};

/// A copy of a file about to be restored, checked: an SQLite file, `PRAGMA integrity_check`
/// ok, no broken references, a crowns schema not newer than this program. The file itself
/// is only read; the checks run on a private copy next to the database, which restore then
/// uses and removes. Throws crowns::Error naming the file and what to do.
class RestoreCandidate {
 public:
  RestoreCandidate(const std::string& file, const std::string& db_path);
  RestoreCandidate(const RestoreCandidate&) = delete;
  RestoreCandidate& operator=(const RestoreCandidate&) = delete;
  ~RestoreCandidate();  ///< Removes the private copy.

  [[nodiscard]] const BackupInfo& info() const { return info_; }

  /// Replaces the database's contents with the candidate's, after keeping the current
  /// database aside as `<db>.before-restore-<YYYYMMDD-HHMMSS>` (when it exists). Other
  /// processes see the old database or the new one, never a mix. Returns the aside path
  /// (empty if there was no database). Throws crowns::Error.
  std::string replace_database();

 private:
  // The checks above, on the private copy; `fix` ends every refusal.
  void check(const std::string& fix);

  std::string file_;
  std::string db_path_;
  std::string copy_;
  BackupInfo info_;
};

}  // namespace crowns::store
