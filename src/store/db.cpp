#include "store/db.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>
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
  if (fs::is_directory(file, ec)) refuse(path, "is a folder, not a database file");
  if (!fs::exists(file, ec) && file.has_parent_path()) {
    fs::create_directories(file.parent_path(), ec);
    if (ec) refuse(path, "cannot be created: " + ec.message());
  }
  Database db = Database::open(path);
  int version = 0;
  try {
    version = user_version(db);
  } catch (const SqliteError&) {
    refuse(path, "is not a crowns database (not an SQLite file)");
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
      refuse(path, "is an SQLite database, but not a crowns one (it already holds tables)");
    }
  }
  // WAL lets `crowns show` in one terminal read while another records a round.
  db.exec("PRAGMA journal_mode = WAL");
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
