#include "store/sqlite.hpp"

#include <fmt/format.h>
#include <sqlite3.h>

#include <cctype>
#include <climits>

namespace crowns::store {
namespace {

// The database file as SQLite resolved it (absolute), for messages.
std::string file_of(sqlite3* db) {
  const char* name = db ? sqlite3_db_filename(db, "main") : nullptr;
  return name && *name ? std::string(name) : std::string("the database");
}

// What went wrong, for the user: a busy, damaged, full or read-only file is named, with what
// to do about it; anything else keeps SQLite's own words.
Failure describe_failure(sqlite3* db, int extended_code, std::string_view doing,
                         std::string_view message) {
  const std::string file = file_of(db);
  switch (extended_code & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return Failure{fmt::format(
          "{} is busy: another crowns command or program kept it locked for longer than "
          "crowns waits; try again when it is done, or wait longer with "
          "CROWNS_BUSY_TIMEOUT_MS=30000 (nothing was changed)",
          file)};
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      return {fmt::format("{} is damaged ({}); crowns did not change it", file, message),
              {.kind = HintKind::RecoverDatabase, .name = file}};
    case SQLITE_FULL:
      return Failure{fmt::format(
          "{} cannot grow: the disk is full; free some space and try again (nothing was changed)",
          file)};
    case SQLITE_IOERR:
      return Failure{
          fmt::format("{} could not be read or written ({}); the disk may be full or failing; "
                      "check it and try again (nothing was changed)",
                      file, message)};
    case SQLITE_READONLY:
    case SQLITE_PERM:
      return Failure{
          fmt::format("{} cannot be written ({}): check that you may write to it and to its folder "
                      "(nothing was changed)",
                      file, message)};
    case SQLITE_CANTOPEN:
      return Failure{fmt::format(
          "{} cannot be opened ({}): check that it exists and that you may read and write it "
          "and its folder",
          file, message)};
    default:
      return {doing.empty() ? fmt::format("database: {}", message)
                            : fmt::format("database: {}: {}", doing, message)};
  }
}

[[noreturn]] void fail(sqlite3* db, int code, std::string_view doing) {
  const int extended = db ? sqlite3_extended_errcode(db) : code;
  const char* message = db ? sqlite3_errmsg(db) : sqlite3_errstr(code);
  const Failure failure = describe_failure(db, extended, doing, message);
  throw SqliteError(failure.message, extended, message, failure.hint);
}

}  // namespace

void Statement::Finalizer::operator()(sqlite3_stmt* stmt) const noexcept {
  sqlite3_finalize(stmt);
}

Statement::Statement(sqlite3* db, std::string_view sql) : db_(db) {
  sqlite3_stmt* raw = nullptr;
  const int rc = sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &raw, nullptr);
  stmt_.reset(raw);
  if (rc != SQLITE_OK) fail(db, rc, "preparing a statement");
}

Statement& Statement::bind(int index, std::int64_t value) {
  if (const int rc = sqlite3_bind_int64(stmt_.get(), index, value); rc != SQLITE_OK) {
    fail(db_, rc, "binding a parameter");
  }
  return *this;
}

Statement& Statement::bind(int index, std::string_view value) {
  if (value.size() > INT_MAX) throw SqliteError("database: text too long", SQLITE_TOOBIG);
  const int rc = sqlite3_bind_text(stmt_.get(), index, value.data(), static_cast<int>(value.size()),
                                   SQLITE_TRANSIENT);
  if (rc != SQLITE_OK) fail(db_, rc, "binding a parameter");
  return *this;
}

Statement& Statement::bind(int index, std::nullopt_t) {
  if (const int rc = sqlite3_bind_null(stmt_.get(), index); rc != SQLITE_OK) {
    fail(db_, rc, "binding a parameter");
  }
  return *this;
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_.get());
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  fail(db_, rc, "running a statement");
}

void Statement::run() {
  while (step()) {
  }
}

void Statement::reset() {
  sqlite3_reset(stmt_.get());
}

std::int64_t Statement::int64(int column) const {
  return sqlite3_column_int64(stmt_.get(), column);
}

int Statement::integer(int column) const {
  return sqlite3_column_int(stmt_.get(), column);
}

std::string Statement::text(int column) const {
  const auto* p = sqlite3_column_text(stmt_.get(), column);
  const int size = sqlite3_column_bytes(stmt_.get(), column);
  return p ? std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(size))
           : std::string();
}

bool Statement::is_null(int column) const {
  return sqlite3_column_type(stmt_.get(), column) == SQLITE_NULL;
}

std::optional<std::string> Statement::optional_text(int column) const {
  if (is_null(column)) return std::nullopt;
  return text(column);
}

std::optional<int> Statement::optional_integer(int column) const {
  if (is_null(column)) return std::nullopt;
  return integer(column);
}

void Database::Closer::operator()(sqlite3* db) const noexcept {
  sqlite3_close_v2(db);
}

namespace {

// "file:" URI of a path: everything but unreserved characters and '/' percent-encoded.
std::string file_uri(const std::string& path) {
  std::string uri = "file:";
  for (const unsigned char c : path) {
    if (std::isalnum(c) != 0 || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
      uri += static_cast<char>(c);
    } else {
      uri += fmt::format("%{:02X}", c);
    }
  }
  return uri;
}

}  // namespace

Database Database::open(const std::string& path, int busy_timeout_ms, Mode mode) {
  sqlite3* raw = nullptr;
  const bool snapshot = mode == Mode::ReadOnlySnapshot;
  const std::string name = snapshot ? file_uri(path) + "?mode=ro&immutable=1" : path;
  const int flags = snapshot ? SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
                             : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  const int rc = sqlite3_open_v2(name.c_str(), &raw, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  Database db(raw, path);  // owns the handle even when opening failed
  if (rc != SQLITE_OK) {
    const int extended = raw ? sqlite3_extended_errcode(raw) : rc;
    const std::string reason = raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc);
    throw SqliteError(
        fmt::format("cannot open the database {}: {}; check that it (or its folder, for a new "
                    "database) exists and that you may read and write it",
                    path, reason),
        extended, reason);
  }
  sqlite3_extended_result_codes(raw, 1);
  sqlite3_busy_timeout(raw, busy_timeout_ms);
  return db;
}

Statement Database::prepare(std::string_view sql) const {
  return Statement(db_.get(), sql);
}

void Database::exec(const std::string& sql) const {
  char* message = nullptr;
  const int rc = sqlite3_exec(db_.get(), sql.c_str(), nullptr, nullptr, &message);
  if (rc != SQLITE_OK) {
    const std::string text = message ? message : sqlite3_errstr(rc);
    sqlite3_free(message);
    const int extended = sqlite3_extended_errcode(db_.get());
    const Failure failure = describe_failure(db_.get(), extended, "", text);
    throw SqliteError(failure.message, extended, text, failure.hint);
  }
}

std::int64_t Database::last_insert_id() const {
  return sqlite3_last_insert_rowid(db_.get());
}

Transaction::Transaction(Database& db, Kind kind) : db_(db) {
  db_.exec(kind == Kind::Immediate ? "BEGIN IMMEDIATE" : "BEGIN");
}

Transaction::~Transaction() {
  if (done_) return;
  try {
    db_.exec("ROLLBACK");
  } catch (...) {  // NOLINT(bugprone-empty-catch): a failed rollback leaves nothing to undo
  }
}

void Transaction::commit() {
  db_.exec("COMMIT");
  done_ = true;
}

ReadSnapshot::ReadSnapshot(const Database& db) : db_(db) {
  db_.exec("SAVEPOINT crowns_read");
}

ReadSnapshot::~ReadSnapshot() {
  try {
    db_.exec("RELEASE crowns_read");
  } catch (...) {  // NOLINT(bugprone-empty-catch): nothing was written; the reads are over
  }
}

void Backup::Finisher::operator()(sqlite3_backup* backup) const noexcept {
  sqlite3_backup_finish(backup);
}

Backup::Backup(Database& destination, const Database& source)
    : backup_(sqlite3_backup_init(destination.db_.get(), "main", source.db_.get(), "main")) {
  if (!backup_) fail(destination.db_.get(), SQLITE_ERROR, "starting a backup");
}

Backup::Progress Backup::step(int pages) {
  const int rc = sqlite3_backup_step(backup_.get(), pages);
  switch (rc & 0xff) {
    case SQLITE_OK: return Progress::More;
    case SQLITE_DONE: return Progress::Done;
    case SQLITE_BUSY:
    case SQLITE_LOCKED: return Progress::Busy;
    default:
      throw SqliteError(fmt::format("database: copying: {}", sqlite3_errstr(rc)), rc,
                        sqlite3_errstr(rc));
  }
}

std::int64_t Backup::total_pages() const {
  return sqlite3_backup_pagecount(backup_.get());
}

}  // namespace crowns::store
