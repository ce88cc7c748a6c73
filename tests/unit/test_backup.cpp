// The backup layer: the RAII Backup over SQLite's online backup, the schema tables derived from
// the migrations, the header check, and backup/restore of whole database files.

#include <catch2/catch.hpp>
#include <functional>
#include <set>

#include "crowns/error.hpp"
#include "store/backup.hpp"
#include "store/db.hpp"
#include "store/migrations.hpp"
#include "store/sqlite.hpp"
#include "unit/store_fixtures.hpp"
#include "unit/temp_db.hpp"

using namespace crowns;
using namespace crowns::store;
using crowns::test::TempDir;

namespace {

std::set<std::string> tables_in(const Database& db) {
  std::set<std::string> out;
  auto stmt = db.prepare(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
  while (stmt.step()) out.insert(stmt.text(0));
  return out;
}

std::string error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("schema_tables is exactly what the migrations create, version by version", "[backup]") {
  TempDir dir;
  for (const auto& migration : migrations()) {
    INFO("schema version " << migration.version);
    const Database db = crowns::test::database_at_schema(
        dir.file(std::to_string(migration.version) + ".db"), migration.version);
    const auto derived = schema_tables(migration.version);
    CHECK(std::set<std::string>(derived.begin(), derived.end()) == tables_in(db));
    CHECK(std::set<std::string>(derived.begin(), derived.end()).size() == derived.size());
  }
  CHECK(schema_tables(0).empty());
}

TEST_CASE("the header check tells SQLite files from others", "[backup]") {
  TempDir dir;
  CHECK(read_sqlite_header(dir.file("missing")) == SqliteHeader::Unreadable);
  test::write_bytes(dir.file("empty"), "");
  CHECK(read_sqlite_header(dir.file("empty")) == SqliteHeader::Empty);
  test::write_bytes(dir.file("short"), "SQLite format");
  CHECK(read_sqlite_header(dir.file("short")) == SqliteHeader::Other);
  test::write_bytes(dir.file("text"), "not a database, but long enough\n");
  CHECK(read_sqlite_header(dir.file("text")) == SqliteHeader::Other);
  { open_database(dir.file("real.db")); }
  CHECK(read_sqlite_header(dir.file("real.db")) == SqliteHeader::Sqlite);
}

TEST_CASE("Backup copies every page of one database into another", "[backup]") {
  TempDir dir;
  const Database source = Database::open(dir.file("source.db"));
  source.exec(
      "CREATE TABLE t (x INTEGER); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL "
      "SELECT i + 1 FROM n WHERE i < 5000) INSERT INTO t SELECT i FROM n;");
  Database copy = Database::open(dir.file("copy.db"));
  Backup backup(copy, source);
  int steps = 0;
  while (backup.step(2) != Backup::Progress::Done) ++steps;
  CHECK(steps > 1);  // two pages at a time: several steps
  CHECK(backup.total_pages() > 2);
  auto sum = copy.prepare("SELECT count(*), sum(x) FROM t");
  REQUIRE(sum.step());
  CHECK(sum.int64(0) == 5000);
  CHECK(sum.int64(1) == 5000 * 5001 / 2);
}

TEST_CASE("a Backup into a database that is being read waits instead of failing", "[backup]") {
  TempDir dir;
  const Database source = Database::open(dir.file("source.db"));
  source.exec("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1);");
  Database copy = Database::open(dir.file("copy.db"), 0);
  copy.exec("CREATE TABLE old (y INTEGER)");
  const Database reader = Database::open(dir.file("copy.db"), 0);
  reader.exec("BEGIN; SELECT count(*) FROM old;");
  Backup backup(copy, source);
  CHECK(backup.step(-1) == Backup::Progress::Busy);
  reader.exec("COMMIT");
  CHECK(backup.step(-1) == Backup::Progress::Done);
}

TEST_CASE("backup and restore round-trip a database, and restore refuses others", "[backup]") {
  TempDir dir;
  const std::string db_path = dir.file("crowns.db");
  {
    const Database db = open_database(db_path);
    db.exec("INSERT INTO players (name, created_at) VALUES ('Ann', 'now'), ('Bob', 'now')");
  }
  const auto result = backup_database(db_path, dir.file("copy.bak"), Overwrite::No);
  CHECK(result.pages > 0);
  CHECK(result.bytes > 0);
  CHECK(error_of([&] {
          backup_database(db_path, dir.file("copy.bak"), Overwrite::No);
        }).find("already exists") != std::string::npos);

  {
    RestoreCandidate candidate(dir.file("copy.bak"), db_path);
    CHECK(candidate.info().schema_version == latest_schema_version());
    CHECK(candidate.info().players == 2);
    CHECK(candidate.info().games == 0);
  }

  // An SQLite file without crowns' tables is named and refused.
  {
    const Database other = Database::open(dir.file("other.db"));
    other.exec("CREATE TABLE meta (key TEXT); PRAGMA user_version = 2;");
  }
  const std::string refusal =
      error_of([&] { RestoreCandidate candidate(dir.file("other.db"), db_path); });
  CHECK(refusal.find("other.db: is not a crowns database (no table players)") != std::string::npos);
  test::write_bytes(dir.file("notes.txt"), "hello, these are notes\n");
  CHECK(error_of([&] {
          RestoreCandidate candidate(dir.file("notes.txt"), db_path);
        }).find("is not an SQLite database") != std::string::npos);
}
