// The store against real temporary database files: opening, migrations, refusals, RAII.

#include <catch2/catch.hpp>

#include "crowns/error.hpp"
#include "store/connections.hpp"
#include "store/db.hpp"
#include "store/migrations.hpp"
#include "store/sqlite.hpp"
#include "unit/temp_db.hpp"

using namespace crowns;
using namespace crowns::store;
using crowns::test::TempDir;

namespace {

int pragma_int(const Database& db, const char* pragma) {
  auto stmt = db.prepare(std::string("PRAGMA ") + pragma);
  REQUIRE(stmt.step());
  return stmt.integer(0);
}

std::string pragma_text(const Database& db, const char* pragma) {
  auto stmt = db.prepare(std::string("PRAGMA ") + pragma);
  REQUIRE(stmt.step());
  return stmt.text(0);
}

bool has_table(const Database& db, const std::string& name) {
  auto stmt = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?");
  stmt.bind_all(name);
  return stmt.step();
}

std::string open_error(const std::string& path) {
  try {
    open_database(path);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("opening creates the file and its folders, migrated, WAL, foreign keys on", "[store]") {
  TempDir dir;
  const std::string path = dir.file("a/b/crowns.db");
  {
    Database db = open_database(path);
    CHECK(pragma_int(db, "user_version") == latest_schema_version());
    CHECK(pragma_text(db, "journal_mode") == "wal");
    CHECK(pragma_int(db, "foreign_keys") == 1);
    for (const char* table : {"meta", "players", "games", "seats", "rounds", "scores", "audit",
                              "drafts", "solitaire_games"}) {
      INFO(table);
      CHECK(has_table(db, table));
    }
  }
  // Opening again changes nothing and applies nothing twice.
  const Database again = open_database(path);
  CHECK(pragma_int(again, "user_version") == latest_schema_version());
}

TEST_CASE("migrations are numbered in order and the last one is the schema version", "[store]") {
  const auto& all = migrations();
  REQUIRE(!all.empty());
  // 1, 2, 3, ... without a gap: user_version counts the migrations applied.
  for (std::size_t i = 0; i < all.size(); ++i) CHECK(all[i].version == static_cast<int>(i) + 1);
  CHECK(latest_schema_version() == all.back().version);
}

TEST_CASE("an empty file is migrated", "[store]") {
  TempDir dir;
  const std::string path = dir.file("empty.db");
  test::write_bytes(path, "");
  Database db = open_database(path);
  CHECK(pragma_int(db, "user_version") == latest_schema_version());
}

TEST_CASE("a database at schema 1 is brought up to the latest, one migration at a time",
          "[store]") {
  TempDir dir;
  const std::string path = dir.file("v1.db");
  {
    const Database raw = Database::open(path);
    raw.exec(migrations().front().sql);
    raw.exec("PRAGMA user_version = 1");
    raw.exec("INSERT INTO meta (key, value) VALUES ('kept', 'yes')");
  }
  Database db = open_database(path);
  CHECK(pragma_int(db, "user_version") == latest_schema_version());
  CHECK(has_table(db, "players"));
  auto kept = db.prepare("SELECT value FROM meta WHERE key = 'kept'");
  REQUIRE(kept.step());
  CHECK(kept.text(0) == "yes");
}

TEST_CASE("a database from a newer crowns is refused and left byte-for-byte as it was", "[store]") {
  TempDir dir;
  const std::string path = dir.file("new.db");
  {
    const Database raw = Database::open(path);
    raw.exec("PRAGMA user_version = 999");
  }
  const std::string before = test::read_bytes(path);
  const std::string message = open_error(path);
  CHECK(message.find(path) != std::string::npos);
  CHECK(message.find("newer crowns") != std::string::npos);
  CHECK(message.find("999") != std::string::npos);
  CHECK(test::read_bytes(path) == before);
}

TEST_CASE("a file that is not a database is refused, naming it, and left alone", "[store]") {
  TempDir dir;
  const std::string path = dir.file("notes.txt");
  const std::string text = "shopping list: milk, eggs, a second box of Five Crowns\n";
  test::write_bytes(path, text);
  const std::string message = open_error(path);
  CHECK(message ==
        path + " is not a crowns database (not an SQLite file); the file was not changed");
  CHECK(test::read_bytes(path) == text);
}

TEST_CASE("an SQLite file of another program is refused", "[store]") {
  TempDir dir;
  const std::string path = dir.file("other.db");
  {
    const Database raw = Database::open(path);
    raw.exec("CREATE TABLE recipes (name TEXT)");
  }
  const std::string before = test::read_bytes(path);
  CHECK(open_error(path).find("not a crowns one") != std::string::npos);
  CHECK(test::read_bytes(path) == before);
}

TEST_CASE("a folder given as the database is refused", "[store]") {
  TempDir dir;
  const std::string path = dir.file("folder");
  std::filesystem::create_directory(path);
  CHECK(open_error(path) == path + " is a folder, not a database file");
}

TEST_CASE("a transaction rolls back unless committed", "[store]") {
  TempDir dir;
  Database db = open_database(dir.file("tx.db"));
  auto count = [&] {
    auto stmt = db.prepare("SELECT count(*) FROM meta");
    REQUIRE(stmt.step());
    return stmt.integer(0);
  };
  {
    Transaction tx(db);
    db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)").bind_all("a", "1").run();
    CHECK(count() == 1);
  }
  CHECK(count() == 0);
  {
    Transaction tx(db);
    db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)").bind_all("a", "1").run();
    tx.commit();
  }
  CHECK(count() == 1);
}

TEST_CASE("a read snapshot sees one state while another connection commits", "[store]") {
  TempDir dir;
  Database writer = open_database(dir.file("snap.db"));
  const Database reader = open_another(writer);
  auto count = [&] {
    auto stmt = reader.prepare("SELECT count(*) FROM meta");
    REQUIRE(stmt.step());
    return stmt.integer(0);
  };
  auto insert = [&](const char* key) {
    writer.prepare("INSERT INTO meta (key, value) VALUES (?, '1')").bind_all(key).run();
  };
  {
    const ReadSnapshot snapshot(reader);
    CHECK(count() == 0);
    insert("a");  // committed by the other connection between two reads
    CHECK(count() == 0);
    {
      const ReadSnapshot inner(reader);  // nests: still the same snapshot
      CHECK(count() == 0);
    }
    CHECK(count() == 0);
  }
  CHECK(count() == 1);  // released: the reader sees the commit, and is not left behind
  insert("b");
  CHECK(count() == 2);
  // Inside a write transaction it nests and commits nothing by itself.
  {
    Transaction tx(writer);
    insert("c");
    {
      const ReadSnapshot snapshot(writer);
      auto stmt = writer.prepare("SELECT count(*) FROM meta");
      REQUIRE(stmt.step());
      CHECK(stmt.integer(0) == 3);
    }
  }
  CHECK(count() == 2);
}

TEST_CASE("bound text is stored as it is, quotes and all", "[store]") {
  TempDir dir;
  Database db = open_database(dir.file("bind.db"));
  const std::string sly = "x'); DROP TABLE meta; --";
  db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)")
      .bind_all(sly, std::string("v\0w", 3))
      .run();
  auto stmt = db.prepare("SELECT key, value FROM meta");
  REQUIRE(stmt.step());
  CHECK(stmt.text(0) == sly);
  CHECK(stmt.text(1) == std::string("v\0w", 3));
  CHECK(has_table(db, "meta"));
}

TEST_CASE("errors carry SQLite's extended result code", "[store]") {
  TempDir dir;
  Database db = open_database(dir.file("err.db"));
  db.prepare("INSERT INTO meta (key, value) VALUES ('k', 'v')").run();
  try {
    db.prepare("INSERT INTO meta (key, value) VALUES ('k', 'v')").run();
    FAIL("a duplicate key was accepted");
  } catch (const SqliteError& e) {
    CHECK(e.extended_code() == 1555);  // SQLITE_CONSTRAINT_PRIMARYKEY
  }
  CHECK_THROWS_AS(db.prepare("SELECT nonsense FROM nowhere"), SqliteError);
}

TEST_CASE("statements and databases move without double finalizing", "[store]") {
  TempDir dir;
  Database db = open_database(dir.file("move.db"));
  Database moved = std::move(db);
  auto a = moved.prepare("SELECT 42");
  auto b = std::move(a);
  REQUIRE(b.step());
  CHECK(b.integer(0) == 42);
}

TEST_CASE("the database path: flag, then $CROWNS_DB, then XDG", "[store]") {
  CHECK(database_path("/x/y.db") == "/x/y.db");
  const char* db_env = std::getenv("CROWNS_DB");
  const char* xdg_env = std::getenv("XDG_DATA_HOME");
  const std::string saved_db = db_env ? db_env : "";
  const std::string saved_xdg = xdg_env ? xdg_env : "";
  setenv("CROWNS_DB", "/tmp/from-env.db", 1);
  CHECK(database_path("") == "/tmp/from-env.db");
  unsetenv("CROWNS_DB");
  setenv("XDG_DATA_HOME", "/tmp/xdg", 1);
  CHECK(database_path("") == "/tmp/xdg/crowns/crowns.db");
  if (db_env) setenv("CROWNS_DB", saved_db.c_str(), 1);
  if (xdg_env) {
    setenv("XDG_DATA_HOME", saved_xdg.c_str(), 1);
  } else {
    unsetenv("XDG_DATA_HOME");
  }
}
