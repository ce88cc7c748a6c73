#include "store/db.hpp"

#include <fmt/format.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string_view>
#include <system_error>
#include <utility>

#include "crowns/ascii.hpp"
#include "crowns/date.hpp"
#include "crowns/names.hpp"
#include "store/connections.hpp"
#include "store/migrations.hpp"

namespace crowns::store {
namespace {

std::string env(const char* name) {
  const char* value = std::getenv(name);
  return value ? std::string(value) : std::string();
}

// The one-line refusal for a file we will not touch.
[[noreturn]] void refuse_database(const std::string& path, const std::string& why, Hint hint = {}) {
  throw Error(fmt::format("{} {}", path, why), ExitCode::Error, std::move(hint));
}

// Refuses `path`, which is not a crowns database: name the one to use.
[[noreturn]] void refuse_not_crowns(const std::string& path, const std::string& why) {
  refuse_database(path, why + "; the file was not changed", {.kind = HintKind::ChooseDatabase});
}

// Refuses `path`, which is damaged: restore a backup.
[[noreturn]] void refuse_damaged(const std::string& path, const std::string& why) {
  refuse_database(path, why + "; the file was not changed", {.kind = HintKind::RestoreBackup});
}

// How long a command waits for another one's write lock: $CROWNS_BUSY_TIMEOUT_MS, else 5 s.
int busy_timeout_ms() {
  const std::string text = env("CROWNS_BUSY_TIMEOUT_MS");
  if (text.empty()) return 5000;
  int value = -1;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 0 || value > 3600000) {
    throw Error(
        "CROWNS_BUSY_TIMEOUT_MS must be a whole number of milliseconds from 0 to 3600000, not " +
        quote_token(text));
  }
  return value;
}

// Refuses, before SQLite opens it, a non-empty file that does not start like an SQLite
// database: SQLite would only say "file is not a database" at the first read.
void check_header(const std::string& path) {
  // Missing or unreadable: SQLite's open says which. An empty file is an empty database.
  if (read_sqlite_header(path) == SqliteHeader::Other) {
    refuse_not_crowns(path, "is not a crowns database (not an SQLite file)");
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
    refuse_damaged(path, fmt::format("is damaged (quick_check: {})", verdict));
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

// Foreign keys are off while migrations run (and on again after): SQLite can only change a
// table's key by rebuilding it, and dropping the old table with foreign keys on would cascade
// into every seat and score. Each migration proves the keys still hold before it commits.
// The switch cannot happen inside a transaction, so it wraps the loop.
void migrate(Database& db) {
  if (user_version(db) >= latest_schema_version()) return;
  db.exec("PRAGMA foreign_keys = OFF");
  struct KeysBackOn {
    Database& db;
    ~KeysBackOn() {
      try {
        db.exec("PRAGMA foreign_keys = ON");
      } catch (...) {  // NOLINT(bugprone-empty-catch): a destructor must not throw
      }
    }
  } keys_back_on{db};
  for (const auto& m : migrations()) {
    if (user_version(db) >= m.version) continue;
    Transaction tx(db);
    // Another process may have migrated while we waited for the write lock.
    if (user_version(db) >= m.version) continue;
    db.exec(m.sql);
    if (db.prepare("PRAGMA foreign_key_check").step()) {
      throw Error(fmt::format("{}: migration {} would leave rows that refer to missing games or "
                              "players; the file was not changed",
                              db.path(), m.name),
                  ExitCode::Error, {.kind = HintKind::RestoreBackup});
    }
    db.exec(fmt::format("PRAGMA user_version = {}", m.version));  // our own number, not input
    tx.commit();
  }
}

}  // namespace

void refuse_special_file(const std::string& path, const std::string& advice, Hint hint) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return;  // missing: the caller says so, or creates it
  const auto mode = info.st_mode;
  if (S_ISREG(mode) || S_ISDIR(mode)) return;
  const char* kind = S_ISFIFO(mode)   ? "a named pipe (FIFO)"
                     : S_ISSOCK(mode) ? "a socket"
                     : S_ISCHR(mode)  ? "a character device"
                     : S_ISBLK(mode)  ? "a block device"
                                      : "not a file";
  refuse_database(path, fmt::format("is {}, not a regular file; {}", kind, advice),
                  std::move(hint));
}

std::string database_path(const std::string& flag) {
  if (!flag.empty()) return flag;
  if (std::string db = env("CROWNS_DB"); !db.empty()) return db;
  std::string data = env("XDG_DATA_HOME");
  if (data.empty()) {
    const std::string home = env("HOME");
    if (home.empty()) {
      throw Error("cannot find the database: $HOME is not set", ExitCode::Error,
                  {.kind = HintKind::ChooseDatabase});
    }
    data = home + "/.local/share";
  }
  return data + "/crowns/crowns.db";
}

SqliteHeader read_sqlite_header(const std::string& path) {
  // The first bytes of every SQLite database file.
  constexpr std::string_view kSqliteMagic{"SQLite format 3\0", 16};
  std::ifstream in(path, std::ios::binary);
  if (!in) return SqliteHeader::Unreadable;
  std::array<char, kSqliteMagic.size()> header{};
  in.read(header.data(), header.size());
  const auto got = static_cast<std::size_t>(in.gcount());
  if (got == 0) return in.bad() ? SqliteHeader::Unreadable : SqliteHeader::Empty;
  const bool magic = got == header.size() && std::string_view(header.data(), got) == kSqliteMagic;
  return magic ? SqliteHeader::Sqlite : SqliteHeader::Other;
}

namespace {

// The words of our own migration SQL, upper-cased, without comments and quotes: enough to follow
// CREATE/DROP/ALTER TABLE statements. (std::regex did this before; GCC 12 warns inside it under
// the sanitizers, and a scanner is simpler to read.)
std::vector<std::string> sql_words(std::string_view sql) {
  std::vector<std::string> words;
  std::string word;
  auto flush = [&] {
    if (!word.empty()) words.push_back(std::exchange(word, {}));
  };
  for (std::size_t i = 0; i < sql.size(); ++i) {
    const char c = sql[i];
    if (c == '-' && i + 1 < sql.size() && sql[i + 1] == '-') {  // a comment, to the line's end
      flush();
      while (i < sql.size() && sql[i] != '\n') ++i;
    } else if (std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_') {
      word += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    } else if (c != '"' && c != '`') {
      flush();
    }
  }
  flush();
  return words;
}

}  // namespace

std::vector<std::string> schema_tables(int version) {
  // Migrations are our own SQL: a table is made by "CREATE TABLE [IF NOT EXISTS] name", gone
  // after "DROP TABLE [IF EXISTS] name", and renamed by "ALTER TABLE old RENAME TO new" (how a
  // migration rebuilds a table). Table names are kept lower-case, as the migrations write them.
  std::vector<std::string> tables;
  for (const auto& m : migrations()) {
    if (m.version > version) break;
    const std::vector<std::string> w = sql_words(m.sql);
    for (std::size_t i = 0; i + 2 < w.size(); ++i) {
      if (w[i + 1] != "TABLE") continue;
      std::size_t at = i + 2;
      if (w[i] == "ALTER") {
        if (at + 3 < w.size() && w[at + 1] == "RENAME" && w[at + 2] == "TO") {
          std::replace(tables.begin(), tables.end(), ascii_lower(w[at]), ascii_lower(w[at + 3]));
        }
        continue;
      }
      if (w[i] != "CREATE" && w[i] != "DROP") continue;
      while (at < w.size() && (w[at] == "IF" || w[at] == "NOT" || w[at] == "EXISTS")) ++at;
      if (at >= w.size()) continue;
      const std::string name = ascii_lower(w[at]);
      const auto found = std::find(tables.begin(), tables.end(), name);
      if (w[i] == "CREATE" && found == tables.end()) tables.push_back(name);
      if (w[i] == "DROP" && found != tables.end()) tables.erase(found);
    }
  }
  return tables;
}

int latest_schema_version() {
  return migrations().empty() ? 0 : migrations().back().version;
}

void remove_if_unused(const std::string& path) noexcept {
  try {
    {
      const Database db = Database::open(path, busy_timeout_ms());
      Statement rows = db.prepare(
          "SELECT (SELECT count(*) FROM players) + (SELECT count(*) FROM games) + "
          "(SELECT count(*) FROM seasons) + (SELECT count(*) FROM solitaire_games) + "
          "(SELECT count(*) FROM audit)");
      if (!rows.step() || rows.int64(0) != 0) return;
    }  // closed before the files go
    std::error_code ec;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
      std::filesystem::remove(path + suffix, ec);
  } catch (const std::exception&) {
    // not a crowns database after all, or unreadable: left as it is
  }
}

namespace {

// What every read-write connection sets when it opens.
void set_connection_pragmas(const Database& db) {
  db.exec("PRAGMA foreign_keys = ON");
  // Reading pages through a memory map spares a copy per page: `crowns games` on 10,000
  // games spent nearly half its time in pread() without it.
  db.exec("PRAGMA mmap_size = 268435456");
}

}  // namespace

Database open_database(const std::string& path, Access access) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path file(path);
  const int timeout = busy_timeout_ms();
  if (fs::is_directory(file, ec)) refuse_database(path, "is a folder, not a database file");
  refuse_special_file(path, "the file was not changed", {.kind = HintKind::ChooseDatabase});
  if (access == Access::Read && !fs::exists(file, ec)) {
    throw Error(fmt::format("no crowns database at {} (nothing was created)", path),
                ExitCode::Error, {.kind = HintKind::DatabaseMissing});
  }
  if (!fs::exists(file, ec) && file.has_parent_path()) {
    fs::create_directories(file.parent_path(), ec);
    if (ec) {
      refuse_database(path,
                      fmt::format("cannot be created: its folder {} cannot be made ({})",
                                  file.parent_path().string(), ec.message()),
                      {.kind = HintKind::DatabaseElsewhere});
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
      refuse_not_crowns(path, "is not a crowns database (not an SQLite file)");
    }
    if ((e.extended_code() & 0xff) == SQLITE_CORRUPT) {
      refuse_damaged(path, "is damaged (truncated or overwritten: SQLite cannot read it)");
    }
    throw;  // busy, unreadable: already says which file and what to do
  }
  const int latest = latest_schema_version();
  if (version > latest) {
    refuse_database(
        path, fmt::format("was written by a newer crowns (schema version {}; this crowns "
                          "knows up to {}): upgrade crowns to open it; the file was not changed",
                          version, latest));
  }
  if (version == 0) {
    auto tables = db.prepare("SELECT count(*) FROM sqlite_schema");
    if (tables.step() && tables.integer(0) > 0) {
      refuse_not_crowns(path,
                        "is an SQLite database, but not a crowns one (it already holds tables)");
    }
  }
  if (read_only) {
    if (version < latest) {
      refuse_database(
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
  set_connection_pragmas(db);
  // Up to date already (the usual case): migrate() would only read the version again.
  if (version < latest) migrate(db);
  return db;
}

Database open_another(const Database& first) {
  Database db = Database::open(first.path(), busy_timeout_ms());
  set_connection_pragmas(db);
  return db;
}

namespace {

// $CROWNS_TODAY (for tests): the date it fixes, else empty. Checked, since what it says is
// stored: a game's date, and every timestamp of the log.
std::string fixed_today() {
  std::string fixed = env("CROWNS_TODAY");
  if (!fixed.empty() && !is_valid_date(fixed)) {
    throw Error("CROWNS_TODAY must be a date written YYYY-MM-DD, e.g. 2026-01-15, not " +
                quote_token(fixed));
  }
  return fixed;
}

// $CROWNS_TIME (for tests, beside $CROWNS_TODAY): the time of day, HH:MM:SS, that "now" has;
// noon without it. A test that moves it forward plays games that start one after another.
std::string fixed_time() {
  std::string fixed = env("CROWNS_TIME");
  if (fixed.empty()) return "12:00:00";
  const auto digit = [&](std::size_t i) { return fixed[i] >= '0' && fixed[i] <= '9'; };
  const bool shaped = fixed.size() == 8 && fixed[2] == ':' && fixed[5] == ':' && digit(0) &&
                      digit(1) && digit(3) && digit(4) && digit(6) && digit(7);
  if (!shaped || fixed.substr(0, 2) > "23" || fixed.substr(3, 2) > "59" ||
      fixed.substr(6, 2) > "59") {
    throw Error("CROWNS_TIME must be a time written HH:MM:SS, e.g. 19:04:00, not " +
                quote_token(fixed));
  }
  return fixed;
}

}  // namespace

std::string today() {
  if (std::string fixed = fixed_today(); !fixed.empty()) return fixed;
  const std::time_t t = std::time(nullptr);
  std::tm local{};
  localtime_r(&t, &local);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", &local);
  return buf;
}

std::string now_timestamp() {
  if (std::string fixed = fixed_today(); !fixed.empty()) return fixed + " " + fixed_time();
  const std::time_t t = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&t, &utc);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &utc);
  return buf;
}

}  // namespace crowns::store
