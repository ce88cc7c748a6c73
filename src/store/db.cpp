#include "store/db.hpp"

#include <fmt/format.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string_view>
#include <system_error>

#include "store/migrations.hpp"

namespace crowns::store {
namespace {

std::string env(const char* name) {
  const char* value = std::getenv(name);
  return value ? std::string(value) : std::string();
}

// The one-line refusal for a file we will not touch.
[[noreturn]] void refuse(const std::string& path, const std::string& why) {
  throw Error(fmt::format("{} {}", path, why));
}

constexpr const char* kGiveAnother =
    "give the crowns database with --db or $CROWNS_DB (the file was not changed)";

// How long a command waits for another one's write lock: $CROWNS_BUSY_TIMEOUT_MS, else 5 s.
int busy_timeout_ms() {
  const std::string text = env("CROWNS_BUSY_TIMEOUT_MS");
  if (text.empty()) return 5000;
  int value = -1;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 0 || value > 3600000) {
    throw Error(
        "CROWNS_BUSY_TIMEOUT_MS must be a whole number of milliseconds from 0 to 3600000, not '" +
        text + "'");
  }
  return value;
}

// The first bytes of every SQLite database file.
constexpr std::string_view kSqliteMagic{"SQLite format 3\0", 16};

// Refuses, before SQLite opens it, a non-empty file that does not start like an SQLite
// database: SQLite would only say "file is not a database" at the first read.
void check_header(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return;  // missing, or unreadable: SQLite's open says which
  char header[16] = {};
  in.read(header, sizeof header);
  const auto got = static_cast<std::size_t>(in.gcount());
  if (got == 0) return;  // an empty file is an empty database
  if (got < sizeof header || std::string_view(header, sizeof header) != kSqliteMagic) {
    refuse(path, fmt::format("is not a crowns database (not an SQLite file); {}", kGiveAnother));
  }
}

// Opening writes to the file only to switch it to WAL or to migrate it. Before that, a full
// check: a damaged file is refused as it is, rather than written to.
void check_before_writing(const Database& db, const std::string& path) {
  auto check = db.prepare("PRAGMA quick_check(1)");
  std::string verdict = check.step() ? check.text(0) : std::string("no answer");
  std::replace(verdict.begin(), verdict.end(), '\n',
               ' ');  // "*** in database main ***\nPage 61: ..."
  if (verdict != "ok") {
    refuse(path,
           fmt::format("is damaged (quick_check: {}); restore a backup with 'crowns restore FILE' "
                       "(the file was not changed)",
                       verdict));
  }
}

// Whether this process may write the database and create its -wal and -shm files. When it
// may not, and no -wal file holds changes not yet in the database, crowns reads the file as
// a snapshot: SQLite would otherwise open it read-only but still create -wal and -shm files
// it cannot remove afterwards.
bool writable(const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path parent = fs::path(path).parent_path();
  const std::string folder = parent.empty() ? std::string(".") : parent.string();
  if (::access(path.c_str(), W_OK) == 0 && ::access(folder.c_str(), W_OK) == 0) return true;
  std::error_code ec;
  const auto wal = fs::file_size(path + "-wal", ec);
  return !ec && wal > 0;  // a writer's changes are in the -wal: read them the usual way
}

int user_version(const Database& db) {
  auto stmt = db.prepare("PRAGMA user_version");
  return stmt.step() ? stmt.integer(0) : 0;
}

void migrate(const Database& db) {
  for (const auto& m : migrations()) {
    if (user_version(db) >= m.version) continue;
    Transaction tx(db);
    // Another process may have migrated while we waited for the write lock.
    if (user_version(db) >= m.version) continue;
    db.exec(m.sql);
    db.exec(fmt::format("PRAGMA user_version = {}", m.version));  // our own number, not input
    tx.commit();
  }
}

}  // namespace

std::string database_path(const std::string& flag) {
  if (!flag.empty()) return flag;
  if (std::string db = env("CROWNS_DB"); !db.empty()) return db;
  std::string data = env("XDG_DATA_HOME");
  if (data.empty()) {
    const std::string home = env("HOME");
    if (home.empty()) throw Error("cannot find the database: set --db, $CROWNS_DB or $HOME");
    data = home + "/.local/share";
  }
  return data + "/crowns/crowns.db";
}

int latest_schema_version() { return migrations().empty() ? 0 : migrations().back().version; }

Database open_database(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path file(path);
  const int timeout = busy_timeout_ms();
  if (fs::is_directory(file, ec)) refuse(path, "is a folder, not a database file");
  if (!fs::exists(file, ec) && file.has_parent_path()) {
    fs::create_directories(file.parent_path(), ec);
    if (ec) {
      refuse(path,
             fmt::format("cannot be created: its folder {} cannot be made ({}); give another place "
                         "with --db or $CROWNS_DB",
                         file.parent_path().string(), ec.message()));
    }
  }
  check_header(path);
  const bool existed = fs::exists(file, ec) && fs::file_size(file, ec) > 0;
  const bool read_only = existed && !writable(path);
  Database db = Database::open(
      path, timeout, read_only ? Database::Mode::ReadOnlySnapshot : Database::Mode::ReadWrite);
  int version = 0;
  try {
    version = user_version(db);
  } catch (const SqliteError& e) {
    if ((e.extended_code() & 0xff) == SQLITE_NOTADB) {
      refuse(path, fmt::format("is not a crowns database (not an SQLite file); {}", kGiveAnother));
    }
    if ((e.extended_code() & 0xff) == SQLITE_CORRUPT) {
      refuse(path,
             "is damaged (truncated or overwritten: SQLite cannot read it); restore a backup with "
             "'crowns restore FILE' (the file was not changed)");
    }
    throw;  // busy, unreadable: already says which file and what to do
  }
  const int latest = latest_schema_version();
  if (version > latest) {
    refuse(path, fmt::format("was written by a newer crowns (schema version {}; this crowns "
                             "knows up to {}): upgrade crowns to open it; the file was not changed",
                             version, latest));
  }
  if (version == 0) {
    auto tables = db.prepare("SELECT count(*) FROM sqlite_schema");
    if (tables.step() && tables.integer(0) > 0) {
      refuse(path, fmt::format(
                       "is an SQLite database, but not a crowns one (it already holds tables); {}",
                       kGiveAnother));
    }
  }
  if (read_only) {
    if (version < latest) {
      refuse(
          path,
          "is read-only, and was written by an older crowns: make it and its folder writable, then "
          "run crowns once to bring it up to date (the file was not changed)");
    }
    db.exec("PRAGMA foreign_keys = ON");
    return db;
  }
  std::string mode;
  {
    auto stmt = db.prepare("PRAGMA journal_mode");
    if (stmt.step()) mode = stmt.text(0);
  }
  if (existed && (mode != "wal" || version < latest)) check_before_writing(db, path);
  // WAL lets `crowns show` in one terminal read while another records a round.
  if (mode != "wal") db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA foreign_keys = ON");
  // Reading pages through a memory map spares a copy per page: `crowns games` on 10,000
  // games spent nearly half its time in pread() without it.
  db.exec("PRAGMA mmap_size = 268435456");
  migrate(db);
  return db;
}

std::string today() {
  if (std::string fixed = env("CROWNS_TODAY"); !fixed.empty()) return fixed;
  const std::time_t t = std::time(nullptr);
  std::tm local{};
  localtime_r(&t, &local);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", &local);
  return buf;
}

std::string now_timestamp() {
  if (std::string fixed = env("CROWNS_TODAY"); !fixed.empty()) return fixed + " 12:00:00";
  const std::time_t t = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&t, &utc);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &utc);
  return buf;
}

}  // namespace crowns::store
