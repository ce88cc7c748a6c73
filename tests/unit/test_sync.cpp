// Sync files (store/sync.hpp): names, reading them back, and deletions that travel.

#include <catch2/catch.hpp>
#include <string>

#include "store/db.hpp"
#include "store/rounds.hpp"
#include "store/sync.hpp"
#include "unit/store_fixtures.hpp"
#include "unit/temp_db.hpp"

using namespace crowns;
using namespace crowns::store;
using crowns::test::new_game;
using crowns::test::TempDir;

TEST_CASE("a database's sync file: its id, its name, and read back", "[sync]") {
  TempDir dir;
  Database db = open_database(dir.file("a.db"));
  const Game game = new_game(db, {"Ann", "Bob"});
  std::string id;
  {
    Transaction tx(db);
    id = sync::database_id(db);
    CHECK(sync::database_id(db) == id);  // kept
    tx.commit();
  }
  CHECK(sync::is_sync_file_name(sync::file_name(id)));
  CHECK_FALSE(sync::is_sync_file_name(sync::file_name(id) + ".tmp-12-0"));
  CHECK_FALSE(sync::is_sync_file_name("crowns-XYZ.json"));
  const std::string text = sync::format_sync_file(db, id);
  CHECK(text == sync::format_sync_file(db, id));  // deterministic
  const auto file = sync::parse_sync_file(text);
  REQUIRE(file);
  CHECK(file->database == id);
  CHECK(file->deleted.empty());
  REQUIRE(file->data.games.size() == 1);
  CHECK(file->data.games[0].uuid == game.uuid);

  CHECK(sync::parse_sync_file(text.substr(0, text.size() / 2)).error().rfind("not valid JSON", 0) ==
        0);
  CHECK(sync::parse_sync_file(R"({"format":"crowns-export","version":3})").error() ==
        "not a crowns sync file (\"format\" must be \"crowns-sync\")");
  CHECK(sync::parse_sync_file(R"({"format":"crowns-sync","version":2,"database":"x"})")
            .error()
            .find("upgrade crowns") != std::string::npos);
  CHECK(sync::parse_sync_file(
            R"({"format":"crowns-sync","version":1,"database":"x","deleted":["nope"],"export":{}})")
            .error() == "deleted: \"nope\" is not a game id");
}

TEST_CASE("a deletion travels and keeps an older file from bringing the game back", "[sync]") {
  TempDir dir;
  Database a = open_database(dir.file("a.db"));
  const Game game = new_game(a, {"Ann", "Bob"});
  const auto before = sync::parse_sync_file(sync::format_sync_file(a, "0000000000000000"));
  REQUIRE(before);
  {
    Transaction tx(a);
    delete_game(a, game);
    tx.commit();
  }
  CHECK(sync::deleted_games(a) == std::vector<std::string>{game.uuid});
  ExportData old = before->data;
  CHECK(sync::drop_deleted(old, sync::deleted_games(a)) == 1);
  CHECK(old.games.empty());

  Database b = open_database(dir.file("b.db"));
  const Game copy = new_game(b, {"Cy", "Dee"});
  b.prepare("UPDATE games SET uuid = ? WHERE id = ?").bind_all(game.uuid, copy.id).run();
  {
    Transaction tx(b);
    const auto gone = sync::apply_deletions(b, sync::deleted_games(a));
    REQUIRE(gone.size() == 1);
    CHECK(gone[0].id == copy.id);
    tx.commit();
  }
  CHECK_FALSE(load_game(b, copy.id));
}
