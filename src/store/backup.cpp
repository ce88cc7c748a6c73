#include "store/backup.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <thread>
#include <vector>

#include "crowns/error.hpp"
#include "store/db.hpp"

namespace crowns::store {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr int kPagesPerStep = 256;  // 1 MiB at 4 KiB pages: short locks, steady progress
constexpr auto kBusyLimit = std::chrono::seconds(30);

[[noreturn]] void refuse(const std::string& file, const std::string& why) { throw Error(file + ": " + why); }

struct Closer {
  void operator()(sqlite3* db) const noexcept { sqlite3_close_v2(db); }
};
using Connection = std::unique_ptr<sqlite3, Closer>;

Connection open_raw(const std::string& path, int flags) {
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  Connection db(raw);
  if (rc != SQLITE_OK) refuse(path, std::string("cannot be opened: ") + (raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc)));
  sqlite3_extended_result_codes(raw, 1);
  sqlite3_busy_timeout(raw, 5000);
  return db;
}

void exec(sqlite3* db, const char* sql, const std::string& file) {
  char* message = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &message) != SQLITE_OK) {
    const std::string why = message ? message : sqlite3_errmsg(db);
    sqlite3_free(message);
    refuse(file, why);
  }
}

// Every row's first column as text, or the error message; for pragmas and counts.
std::vector<std::string> rows(sqlite3* db, const char* sql, int* rc_out) {
  std::vector<std::string> out;
  sqlite3_stmt* stmt = nullptr;
  int rc = sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr);
  while (rc == SQLITE_OK && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    const auto* text = sqlite3_column_text(stmt, 0);
    out.emplace_back(text ? reinterpret_cast<const char*>(text) : "");
    rc = SQLITE_OK;
  }
  if (rc == SQLITE_DONE) rc = SQLITE_OK;
  if (rc != SQLITE_OK) out = {sqlite3_errmsg(db)};
  sqlite3_finalize(stmt);
  *rc_out = rc;
  return out;
}

// Copies `src` into `dst` page by page. Each step holds the source's lock briefly; a step
// that finds either side busy (another crowns writing) waits and tries again.
std::int64_t run_backup(sqlite3* dst, sqlite3* src, const std::string& file) {
  sqlite3_backup* backup = sqlite3_backup_init(dst, "main", src, "main");
  if (!backup) refuse(file, sqlite3_errmsg(dst));
  const auto give_up = Clock::now() + kBusyLimit;
  int rc = SQLITE_OK;
  while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED) {
    rc = sqlite3_backup_step(backup, kPagesPerStep);
    if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) {
      if (Clock::now() > give_up) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  const std::int64_t pages = sqlite3_backup_pagecount(backup);
  sqlite3_backup_finish(backup);
  if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) {
    refuse(file, "the database stayed busy for 30 s; try again when other crowns commands are done");
  }
  if (rc != SQLITE_DONE)
    refuse(file, std::string("cannot be written (") + sqlite3_errstr(rc) +
                     "): is the disk full? Nothing was changed");
  return pages;
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
  const Connection src = open_raw(db_path, SQLITE_OPEN_READWRITE);
  // A read transaction pins one snapshot (WAL), so that writers in other processes neither
  // wait for the backup nor make it start over; the copy is the database as of this moment.
  exec(src.get(), "BEGIN; SELECT count(*) FROM sqlite_schema;", db_path);
  // The temporary name means nothing to the user: a failure to create it names the backup.
  sqlite3* raw = nullptr;
  const int rc =
      sqlite3_open_v2(dest.c_str(), &raw,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  const Connection dst(raw);
  if (rc != SQLITE_OK) {
    refuse(shown, std::string("cannot be written (") +
                      (raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc)) +
                      "): check that its folder exists and that you may write to it");
  }
  sqlite3_extended_result_codes(raw, 1);
  sqlite3_busy_timeout(raw, 5000);
  const std::int64_t pages = run_backup(dst.get(), src.get(), shown);
  exec(src.get(), "COMMIT", db_path);
  exec(dst.get(), "PRAGMA journal_mode = DELETE", shown);
  return pages;
}

// A backup of a damaged database would only be found out at restore time, when it is needed:
// the copy is checked (quick_check: every page, b-tree and constraint, not the indexes'
// contents) before it takes the backup's name.
void check_copy(const std::string& copy, const std::string& db_path) {
  const Connection db = open_raw(copy, SQLITE_OPEN_READONLY);
  int rc = SQLITE_OK;
  const auto verdict = rows(db.get(), "PRAGMA quick_check(1)", &rc);
  if (rc != SQLITE_OK || verdict != std::vector<std::string>{"ok"}) {
    std::string first = verdict.empty() ? std::string("no answer") : verdict.front();
    std::replace(first.begin(), first.end(), '\n',
                 ' ');  // "*** in database main ***\nPage 61: ..."
    refuse(db_path,
           "is damaged (quick_check: " + first +
               "), so no backup was written; keep your last good backup, and restore it with "
               "'crowns restore FILE'");
  }
}

// "2026-01-15 12:00:00" -> "20260115-120000"
std::string stamp() {
  std::string out;
  for (char c : now_timestamp()) {
    if (c == ' ') out += '-';
    else if (c != ':' && c != '-') out += c;
  }
  return out;
}

}  // namespace

BackupResult backup_database(const std::string& db_path, const std::string& file, Overwrite overwrite) {
  std::error_code ec;
  if (same_file(db_path, file)) refuse(file, "is the database itself; give another file name");
  if (fs::is_directory(file, ec)) refuse(file, "is a folder; give a file name, e.g. " + file + "/crowns-backup.db");
  if (fs::exists(file, ec) && overwrite == Overwrite::No) {
    refuse(file, "already exists; choose another name, or add --force to replace it");
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
  const std::string fix = "; restore only files made by crowns backup (nothing was changed)";
  std::error_code ec;
  if (!fs::exists(file, ec)) refuse(file, "does not exist");
  if (fs::is_directory(file, ec)) refuse(file, "is a folder, not a backup file");
  if (same_file(file, db_path)) refuse(file, "is the database itself; there is nothing to restore");
  {
    char header[16] = {};
    std::ifstream in(file, std::ios::binary);
    if (!in) refuse(file, "cannot be read");
    in.read(header, sizeof header);
    if (in.gcount() != 16 || std::string_view(header, 16) != std::string_view("SQLite format 3\0", 16)) {
      refuse(file, "is not an SQLite database" + fix);
    }
  }
  remove_with_journals(copy_);
  fs::copy_file(file, copy_, ec);
  if (ec) refuse(file, "cannot be copied next to the database: " + ec.message());
  try {
    const Connection db = open_raw(copy_, SQLITE_OPEN_READWRITE);
    int rc = SQLITE_OK;
    const auto integrity = rows(db.get(), "PRAGMA integrity_check", &rc);
    if (rc != SQLITE_OK || integrity != std::vector<std::string>{"ok"}) {
      std::string first = integrity.empty() ? "no answer" : integrity.front();
      std::replace(first.begin(), first.end(), '\n', ' ');
      refuse(file, "is damaged (integrity check: " + first + ")" + fix);
    }
    const auto version = rows(db.get(), "PRAGMA user_version", &rc);
    info_.schema_version = rc == SQLITE_OK && !version.empty() ? std::stoi(version.front()) : 0;
    const int latest = latest_schema_version();
    if (info_.schema_version > latest) {
      refuse(file, "was written by a newer crowns (schema version " + std::to_string(info_.schema_version) +
                       "; this crowns knows up to " + std::to_string(latest) +
                       "): upgrade crowns to restore it (nothing was changed)");
    }
    // The tables each schema version brings; a file without them is not crowns'.
    static constexpr std::pair<int, const char*> kTables[] = {
        {1, "meta"},  {2, "players"}, {2, "games"}, {2, "seats"},  {2, "rounds"},
        {2, "scores"}, {2, "audit"},  {2, "drafts"}, {3, "seasons"}};
    for (const auto& [since, table] : kTables) {
      if (info_.schema_version < since) continue;
      const std::string sql = std::string("SELECT name FROM sqlite_schema WHERE type = 'table' AND name = '") + table + "'";
      if (rows(db.get(), sql.c_str(), &rc).empty() || rc != SQLITE_OK) {
        refuse(file, std::string("is not a crowns database (no table ") + table + ")" + fix);
      }
    }
    if (info_.schema_version < 1) refuse(file, "is an SQLite database, but not a crowns one" + fix);
    if (!rows(db.get(), "PRAGMA foreign_key_check", &rc).empty()) {
      refuse(file, "is damaged (rows refer to missing games or players)" + fix);
    }
    if (info_.schema_version >= 2) {
      info_.players = std::stoll(rows(db.get(), "SELECT count(*) FROM players", &rc).at(0));
      info_.games = std::stoll(rows(db.get(), "SELECT count(*) FROM games", &rc).at(0));
    }
  } catch (...) {
    remove_with_journals(copy_);
    throw;
  }
}

RestoreCandidate::~RestoreCandidate() { remove_with_journals(copy_); }

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
    const Connection src = open_raw(copy_, SQLITE_OPEN_READWRITE);
    const Connection dst = open_raw(db_path_, SQLITE_OPEN_READWRITE);
    // The whole copy in one step: the database is replaced in a single write transaction.
    sqlite3_backup* backup = sqlite3_backup_init(dst.get(), "main", src.get(), "main");
    if (!backup) refuse(db_path_, sqlite3_errmsg(dst.get()));
    int rc = SQLITE_BUSY;
    const auto give_up = Clock::now() + kBusyLimit;
    while ((rc = sqlite3_backup_step(backup, -1)) == SQLITE_BUSY || rc == SQLITE_LOCKED) {
      if (Clock::now() > give_up) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    sqlite3_backup_finish(backup);
    if (rc != SQLITE_DONE) {
      refuse(db_path_, std::string("could not be replaced (") + sqlite3_errstr(rc) +
                           "); it is unchanged" + (aside.empty() ? "" : ", and a copy is in " + aside));
    }
  }
  open_database(db_path_);  // brings an older backup's schema up to date
  return aside;
}

}  // namespace crowns::store
