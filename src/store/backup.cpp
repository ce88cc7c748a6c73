#include "store/backup.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <optional>
#include <thread>
#include <vector>

#include "crowns/error.hpp"
#include "store/db.hpp"
#include "store/sqlite.hpp"

namespace crowns::store {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr int kPagesPerStep = 256;  // 1 MiB at 4 KiB pages: short locks, steady progress
constexpr int kAllPages = -1;       // one step: the destination changes in one transaction
constexpr auto kBusyLimit = std::chrono::seconds(30);
constexpr int kBusyTimeoutMs = 5000;

[[noreturn]] void refuse(const std::string& file, const std::string& why, Hint hint = {}) {
  throw Error(file + ": " + why, ExitCode::Error, std::move(hint));
}

// Every row's first column as text; for pragmas and counts.
std::vector<std::string> first_column(const Database& db, std::string_view sql) {
  std::vector<std::string> out;
  auto stmt = db.prepare(sql);
  while (stmt.step()) out.push_back(stmt.text(0));
  return out;
}

// The first line of a check's answer ("*** in database main ***\nPage 61: ...") on one line.
std::string first_finding(const std::vector<std::string>& verdict) {
  std::string first = verdict.empty() ? std::string("no answer") : verdict.front();
  std::replace(first.begin(), first.end(), '\n', ' ');
  return first;
}

enum class Copied { All, StayedBusy };

// The one busy-retry loop: copies `source` over `destination`, `pages` at a time. A step that
// finds either side busy (another crowns writing) waits and tries again, for 30 s at most.
// Throws SqliteError on any failure but a busy one.
Copied copy_pages(Database& destination, const Database& source, int pages,
                  std::int64_t* total_pages = nullptr) {
  Backup backup(destination, source);
  const auto give_up = Clock::now() + kBusyLimit;
  for (;;) {
    const Backup::Progress progress = backup.step(pages);
    if (progress == Backup::Progress::Done) break;
    if (progress == Backup::Progress::Busy) {
      if (Clock::now() > give_up) return Copied::StayedBusy;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  if (total_pages) *total_pages = backup.total_pages();
  return Copied::All;
}

void sync_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

void remove_with_journals(const std::string& path) {
  std::error_code ec;
  for (const char* suffix : {"", "-journal", "-wal", "-shm"}) fs::remove(path + suffix, ec);
}

bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  return fs::exists(a, ec) && fs::exists(b, ec) && fs::equivalent(a, b, ec);
}

// The database copied to `dest` (a new file) as a standalone rollback-journal database.
std::int64_t copy_to_new_file(const std::string& db_path, const std::string& dest,
                              const std::string& shown) {
  Database source = Database::open(db_path, kBusyTimeoutMs);
  // A read transaction pins one snapshot (WAL), so that writers in other processes neither
  // wait for the backup nor make it start over; the copy is the database as of this moment.
  Transaction snapshot(source, Transaction::Kind::Deferred);
  source.exec("SELECT count(*) FROM sqlite_schema");
  // The temporary name means nothing to the user: a failure to create it names the backup.
  std::optional<Database> copy;
  try {
    copy.emplace(Database::open(dest, kBusyTimeoutMs));
  } catch (const SqliteError& e) {
    refuse(shown, "cannot be written (" + e.reason() +
                      "): check that its folder exists and that you may write to it");
  }
  std::int64_t pages = 0;
  try {
    if (copy_pages(*copy, source, kPagesPerStep, &pages) == Copied::StayedBusy) {
      refuse(shown,
             "the database stayed busy for 30 s; try again when the other commands are done");
    }
  } catch (const SqliteError& e) {
    refuse(shown, "cannot be written (" + e.reason() + "): is the disk full? Nothing was changed");
  }
  snapshot.commit();
  copy->exec("PRAGMA journal_mode = DELETE");
  return pages;
}

// A backup of a damaged database would only be found out at restore time, when it is needed:
// the copy is checked (quick_check: every page, b-tree and constraint, not the indexes'
// contents) before it takes the backup's name.
void check_copy(const std::string& copy, const std::string& db_path) {
  std::vector<std::string> verdict;
  try {
    verdict = first_column(Database::open(copy, kBusyTimeoutMs), "PRAGMA quick_check(1)");
  } catch (const SqliteError& e) {
    verdict = {e.reason()};
  }
  if (verdict != std::vector<std::string>{"ok"}) {
    refuse(db_path,
           "is damaged (quick_check: " + first_finding(verdict) +
               "), so no backup was written; keep your last good backup",
           {.kind = HintKind::RestoreBackup});
  }
}

// "2026-01-15 12:00:00" -> "20260115-120000"
std::string stamp() {
  std::string out;
  for (char c : now_timestamp()) {
    if (c == ' ')
      out += '-';
    else if (c != ':' && c != '-')
      out += c;
  }
  return out;
}

}  // namespace

BackupResult backup_database(const std::string& db_path, const std::string& file,
                             Overwrite overwrite) {
  std::error_code ec;
  if (same_file(db_path, file)) refuse(file, "is the database itself; give another file name");
  if (fs::is_directory(file, ec))
    refuse(file, "is a folder; give a file name, e.g. " + file + "/crowns-backup.db");
  if (fs::exists(file, ec) && overwrite == Overwrite::No) {
    refuse(file, "already exists", {.kind = HintKind::OverwriteFile});
  }
  const std::string tmp = file + ".tmp-" + std::to_string(::getpid());
  remove_with_journals(tmp);
  BackupResult result{file, 0, 0};
  try {
    result.pages = copy_to_new_file(db_path, tmp, file);
    check_copy(tmp, db_path);
    sync_file(tmp);
    fs::rename(tmp, file);
  } catch (const fs::filesystem_error& e) {
    remove_with_journals(tmp);
    refuse(file, std::string("cannot be written: ") + e.code().message());
  } catch (...) {
    remove_with_journals(tmp);
    throw;
  }
  result.bytes = fs::file_size(file, ec);
  return result;
}

RestoreCandidate::RestoreCandidate(const std::string& file, const std::string& db_path)
    : file_(file), db_path_(db_path), copy_(db_path + ".restore-" + std::to_string(::getpid())) {
  const std::string fix = "; restore only a file a backup made (nothing was changed)";
  std::error_code ec;
  if (!fs::exists(file, ec)) refuse(file, "does not exist");
  if (fs::is_directory(file, ec)) refuse(file, "is a folder, not a backup file");
  refuse_special_file(file, "give the file a backup made (nothing was changed)");
  if (same_file(file, db_path)) refuse(file, "is the database itself; there is nothing to restore");
  switch (read_sqlite_header(file)) {
    case SqliteHeader::Unreadable: refuse(file, "cannot be read");
    case SqliteHeader::Sqlite: break;
    case SqliteHeader::Empty:
    case SqliteHeader::Other: refuse(file, "is not an SQLite database" + fix);
  }
  remove_with_journals(copy_);
  fs::copy_file(file, copy_, ec);
  if (ec) refuse(file, "cannot be copied next to the database: " + ec.message());
  try {
    check(fix);
  } catch (...) {
    remove_with_journals(copy_);
    throw;
  }
}

void RestoreCandidate::check(const std::string& fix) {
  try {
    const Database db = Database::open(copy_, kBusyTimeoutMs);
    std::vector<std::string> integrity;
    try {
      integrity = first_column(db, "PRAGMA integrity_check");
    } catch (const SqliteError& e) {
      integrity = {e.reason()};
    }
    if (integrity != std::vector<std::string>{"ok"}) {
      refuse(file_, "is damaged (integrity check: " + first_finding(integrity) + ")" + fix);
    }
    auto version = db.prepare("PRAGMA user_version");
    info_.schema_version = version.step() ? version.integer(0) : 0;
    const int latest = latest_schema_version();
    if (info_.schema_version > latest) {
      refuse(file_, "was written by a newer crowns (schema version " +
                        std::to_string(info_.schema_version) + "; this crowns knows up to " +
                        std::to_string(latest) +
                        "): upgrade crowns to restore it (nothing was changed)");
    }
    // The tables the migrations up to its version create; a file without them is not crowns'.
    const auto present = first_column(db, "SELECT name FROM sqlite_schema WHERE type = 'table'");
    for (const auto& table : schema_tables(info_.schema_version)) {
      if (std::find(present.begin(), present.end(), table) == present.end()) {
        refuse(file_, fmt::format("is not a crowns database (no table {}){}", table, fix));
      }
    }
    if (info_.schema_version < 1) {
      refuse(file_, "is an SQLite database, but not a crowns one" + fix);
    }
    if (!first_column(db, "PRAGMA foreign_key_check").empty()) {
      refuse(file_, "is damaged (rows refer to missing games or players)" + fix);
    }
    if (info_.schema_version >= 2) {
      info_.players = std::stoll(first_column(db, "SELECT count(*) FROM players").at(0));
      info_.games = std::stoll(first_column(db, "SELECT count(*) FROM games").at(0));
    }
  } catch (const SqliteError& e) {
    refuse(file_, "is damaged (" + e.reason() + ")" + fix);
  }
}

RestoreCandidate::~RestoreCandidate() {
  remove_with_journals(copy_);
}

std::string RestoreCandidate::replace_database() {
  std::error_code ec;
  std::string aside;
  if (fs::exists(db_path_, ec)) {
    const std::string base = db_path_ + ".before-restore-" + stamp();
    aside = base;
    for (int n = 2; fs::exists(aside, ec); ++n) aside = base + "-" + std::to_string(n);
    backup_database(db_path_, aside, Overwrite::No);
  }
  open_database(db_path_);  // creates it if there was none
  {
    const Database source = Database::open(copy_, kBusyTimeoutMs);
    Database database = Database::open(db_path_, kBusyTimeoutMs);
    std::string why = "database is locked";
    try {
      // The whole copy in one step: the database is replaced in a single write transaction.
      if (copy_pages(database, source, kAllPages) == Copied::All) why.clear();
    } catch (const SqliteError& e) {
      why = e.reason();
    }
    if (!why.empty()) {
      refuse(db_path_, "could not be replaced (" + why + "); it is unchanged" +
                           (aside.empty() ? "" : ", and a copy is in " + aside));
    }
  }
  open_database(db_path_);  // brings an older backup's schema up to date
  return aside;
}

}  // namespace crowns::store
