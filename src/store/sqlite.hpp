#pragma once
// RAII over the sqlite3 C API: a connection, prepared statements, transactions.
// <sqlite3.h> stays in sqlite.cpp; this header only names the handle types.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "crowns/error.hpp"

struct sqlite3;
struct sqlite3_stmt;
struct sqlite3_backup;

namespace crowns::store {

/// A failure reported by SQLite: the message names what was being done, and the extended
/// result code (SQLITE_CONSTRAINT_UNIQUE, SQLITE_BUSY, ...) is kept for callers that care.
class SqliteError : public Error {
 public:
  SqliteError(const std::string& message, int extended_code, std::string reason = {},
              Hint hint = {})
      : Error(message, ExitCode::Error, std::move(hint)),
        extended_code_(extended_code),
        reason_(std::move(reason)) {}
  [[nodiscard]] int extended_code() const { return extended_code_; }
  /// SQLite's own words ("database disk image is malformed"), for a caller that names the
  /// file itself; what() is the whole message for the user.
  [[nodiscard]] const std::string& reason() const { return reason_; }

 private:
  int extended_code_;
  std::string reason_;
};

/// One prepared statement, finalized when destroyed. Parameters are bound by position
/// (1-based); columns are read by index (0-based).
class Statement {
 public:
  Statement(sqlite3* db, std::string_view sql);
  Statement(Statement&&) noexcept = default;
  Statement& operator=(Statement&&) noexcept = default;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  ~Statement() = default;

  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
  Statement& bind(int index, bool value) { return bind(index, static_cast<std::int64_t>(value)); }
  Statement& bind(int index, std::string_view value);
  Statement& bind(int index, const std::string& value) {
    return bind(index, std::string_view(value));
  }
  Statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
  Statement& bind(int index, std::nullopt_t);
  template <class T>
  Statement& bind(int index, const std::optional<T>& value) {
    return value ? bind(index, *value) : bind(index, std::nullopt);
  }
  /// Binds every argument in order, from parameter 1.
  template <class... Args>
  Statement& bind_all(const Args&... args) {
    int index = 0;
    (bind(++index, args), ...);
    return *this;
  }

  /// Steps once: true if a row is ready to read, false when done. Throws on error.
  bool step();
  /// Steps to the end, for statements that return no rows.
  void run();
  /// Makes the statement ready to run again (bindings are kept).
  void reset();

  [[nodiscard]] std::int64_t int64(int column) const;
  [[nodiscard]] int integer(int column) const;
  [[nodiscard]] std::string text(int column) const;
  [[nodiscard]] bool is_null(int column) const;
  [[nodiscard]] std::optional<std::string> optional_text(int column) const;
  [[nodiscard]] std::optional<int> optional_integer(int column) const;

 private:
  struct Finalizer {
    void operator()(sqlite3_stmt* stmt) const noexcept;
  };
  sqlite3* db_;
  std::unique_ptr<sqlite3_stmt, Finalizer> stmt_;
};

/// One connection. Closed (never throwing) when destroyed.
class Database {
 public:
  enum class Mode {
    ReadWrite,  ///< Opens or creates the file.
    /// Reads an existing file that cannot change while it is open (one this process may
    /// not write): no locks, no -wal or -shm files created next to it; writes fail with
    /// SQLITE_READONLY.
    ReadOnlySnapshot,
  };
  /// Opens the file with extended result codes and a busy timeout. Throws SqliteError
  /// naming the file if it cannot be opened.
  static Database open(const std::string& path, int busy_timeout_ms = 5000,
                       Mode mode = Mode::ReadWrite);

  /// Prepares a statement; bind its parameters before stepping it.
  [[nodiscard]] Statement prepare(std::string_view sql) const;
  /// Runs SQL text without parameters: pragmas, migrations. Never for user input.
  void exec(const std::string& sql) const;
  [[nodiscard]] std::int64_t last_insert_id() const;
  [[nodiscard]] const std::string& path() const { return path_; }

 private:
  friend class Backup;  // the one user of the raw handle outside this class
  struct Closer {
    void operator()(sqlite3* db) const noexcept;
  };
  Database(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
  std::unique_ptr<sqlite3, Closer> db_;
  std::string path_;
};

/// A transaction that rolls back when destroyed unless commit() was called.
/// Immediate takes the write lock at once, so that two terminals writing the same database
/// queue on the busy timeout instead of failing when a reader tries to become a writer.
class Transaction {
 public:
  enum class Kind { Deferred, Immediate };
  explicit Transaction(Database& db, Kind kind = Kind::Immediate);
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  ~Transaction();
  void commit();

 private:
  Database& db_;
  bool done_ = false;
};

/// Reads that must agree with each other: a savepoint, which opens a read transaction (one
/// snapshot of the database, whatever other connections commit meanwhile) until it is released
/// when destroyed, and nests inside a transaction already open.
class ReadSnapshot {
 public:
  explicit ReadSnapshot(const Database& db);
  ReadSnapshot(const ReadSnapshot&) = delete;
  ReadSnapshot& operator=(const ReadSnapshot&) = delete;
  ~ReadSnapshot();

 private:
  const Database& db_;
};

/// SQLite's online backup of one open database into another, finished when destroyed (model:
/// SQLiteCpp's Backup). Each step copies some pages under a short lock on the source.
class Backup {
 public:
  enum class Progress {
    More,  ///< Pages are left: step again.
    Busy,  ///< The source or the destination is locked by another connection: wait, step again.
    Done,  ///< Every page is copied.
  };
  /// Prepares copying the main database of `source` over that of `destination`. Throws
  /// SqliteError (reason: SQLite's words) if the destination is in use.
  Backup(Database& destination, const Database& source);
  Backup(const Backup&) = delete;
  Backup& operator=(const Backup&) = delete;
  ~Backup() = default;

  /// Copies up to `pages` pages (all of them if negative). Throws SqliteError (reason:
  /// SQLite's words, e.g. "database or disk is full") on any failure but a busy one.
  Progress step(int pages);
  /// The number of pages of the source, known after the first step.
  [[nodiscard]] std::int64_t total_pages() const;

 private:
  struct Finisher {
    void operator()(sqlite3_backup* backup) const noexcept;
  };
  std::unique_ptr<sqlite3_backup, Finisher> backup_;
};

}  // namespace crowns::store
