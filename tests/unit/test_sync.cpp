// Sync files (store/sync.hpp): names, reading them back, and merging by what each version of a
// game has seen (store/versions.hpp).

#include <catch2/catch.hpp>
#include <string>

#include "store/db.hpp"
#include "store/rounds.hpp"
#include "store/sync.hpp"
#include "store/undo.hpp"
#include "store/versions.hpp"
#include "unit/store_fixtures.hpp"
#include "unit/sync_helpers.hpp"
#include "unit/temp_db.hpp"

using namespace crowns;
using namespace crowns::store;
using crowns::test::erase_now;
using crowns::test::file_of;
using crowns::test::merge_in;
using crowns::test::new_game;
using crowns::test::out;
using crowns::test::play_round;
using crowns::test::pts;
using crowns::test::TempDir;
using crowns::test::undo_now;

namespace {

Game edited(Database& db, const Game& game, int round, const std::vector<SeatScore>& scores) {
  Transaction tx(db);
  auto change = edit_round(db, game, round, scores);
  REQUIRE(change);
  tx.commit();
  return *change->game;
}

int points_of(const Database& db, const std::string& uuid, int round, int seat) {
  auto stmt = db.prepare(
      "SELECT points FROM scores JOIN games g ON g.id = game_id WHERE g.uuid = ? AND round = ? "
      "AND seat = ?");
  stmt.bind_all(uuid, round, seat);
  REQUIRE(stmt.step());
  return stmt.integer(0);
}

}  // namespace

TEST_CASE("seen sets: parse, include, union, order", "[sync]") {
  using versions::Order;
  using versions::Seen;
  const Seen a = Seen::parse("bbbbbbbbbbbb aaaaaaaaaaaa aaaaaaaaaaaa");
  CHECK(a.text() == "aaaaaaaaaaaa bbbbbbbbbbbb");
  const Seen b = Seen::parse("aaaaaaaaaaaa");
  CHECK(a.includes(b));
  CHECK_FALSE(b.includes(a));
  CHECK(versions::compare(b, a) == Order::Behind);
  CHECK(versions::compare(a, b) == Order::Ahead);
  CHECK(versions::compare(a, a) == Order::Same);
  const Seen c = Seen::parse("aaaaaaaaaaaa cccccccccccc");
  CHECK(versions::compare(a, c) == Order::Concurrent);
  CHECK(a.with(c).text() == "aaaaaaaaaaaa bbbbbbbbbbbb cccccccccccc");
  CHECK(Seen::parse("").empty());
  CHECK(versions::is_change_id("0123456789ab"));
  CHECK_FALSE(versions::is_change_id("0123456789AB"));
}

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
  CHECK(sync::file_id(sync::file_name(id)) == id);
  CHECK(sync::file_id("crowns-" + id + ".sync-conflict-20260102-101010-ABCDEFG.json") == id);
  CHECK_FALSE(sync::is_sync_file_name(sync::file_name(id) + ".tmp-12-0"));
  CHECK_FALSE(sync::is_sync_file_name("crowns-" + id + ".old.json"));
  CHECK_FALSE(sync::is_sync_file_name("crowns-XYZ.json"));
  const std::string text = sync::format_sync_file(db, id);
  CHECK(text == sync::format_sync_file(db, id));  // deterministic
  const auto file = sync::parse_sync_file(text);
  REQUIRE(file);
  CHECK(file->database == id);
  CHECK(file->deleted.empty());
  REQUIRE(file->data.games.size() == 1);
  CHECK(file->data.games[0].uuid == game.uuid);
  REQUIRE(file->versions.contains(game.uuid));
  CHECK(file->versions.at(game.uuid).seen.ids.size() == 1);  // its start

  CHECK(sync::parse_sync_file(text.substr(0, text.size() / 2)).error().rfind("not valid JSON", 0) ==
        0);
  CHECK(sync::parse_sync_file(R"({"format":"crowns-export","version":3})").error() ==
        "not a sync file of crowns (\"format\" must be \"crowns-sync\")");
  CHECK(sync::parse_sync_file(R"({"format":"crowns-sync","version":3,"database":"x"})")
            .error()
            .find("upgrade crowns") != std::string::npos);
  CHECK(sync::parse_sync_file(
            R"({"format":"crowns-sync","version":1,"database":"x","deleted":["nope"],"export":{}})")
            .error() == "deleted: \"nope\" is not a game id");
  const std::string marked = "<<<<<<< HEAD\n" + text + "=======\n" + text + ">>>>>>> theirs\n";
  CHECK(sync::parse_sync_file(marked).error().rfind("it holds git's conflict markers", 0) == 0);
}

TEST_CASE("an edit made on one host alone travels, and an older file never undoes it", "[sync]") {
  TempDir dir;
  Database a = open_database(dir.file("a.db"));
  Database b = open_database(dir.file("b.db"));
  Game game = new_game(a, {"Ann", "Bob"});
  game = play_round(a, game, {out(0), pts(1, 4)});
  CHECK(merge_in(b, file_of(a, "aaaaaaaaaaaaaaaa")).plan.new_games.size() == 1);
  const auto b_before = file_of(b, "bbbbbbbbbbbbbbbb");

  edited(a, game, 1, {out(0), pts(1, 40)});
  const auto took = merge_in(b, file_of(a, "aaaaaaaaaaaaaaaa"));
  CHECK(took.conflicts.empty());
  REQUIRE(took.taken.size() == 1);
  CHECK(points_of(b, game.uuid, 1, 1) == 40);

  // b's file from before the edit: behind, even with --keep file.
  const auto old = merge_in(a, b_before, KeepSide::File);
  CHECK(old.conflicts.empty());
  CHECK(old.behind == 1);
  CHECK(points_of(a, game.uuid, 1, 1) == 40);
  // And b's file now: the same version.
  const auto now = merge_in(a, file_of(b, "bbbbbbbbbbbbbbbb"));
  CHECK(now.taken.empty());
  CHECK(now.behind == 0);

  // An undo on b travels back to a as well.
  undo_now(b);
  CHECK(points_of(b, game.uuid, 1, 1) == 4);
  CHECK(merge_in(a, file_of(b, "bbbbbbbbbbbbbbbb")).taken.size() == 1);
  CHECK(points_of(a, game.uuid, 1, 1) == 4);
}

TEST_CASE("concurrent edits are a conflict: kept here, the other version stored, then decided",
          "[sync]") {
  TempDir dir;
  Database a = open_database(dir.file("a.db"));
  Database b = open_database(dir.file("b.db"));
  Game game = new_game(a, {"Ann", "Bob"});
  game = play_round(a, game, {out(0), pts(1, 4)});
  merge_in(b, file_of(a, "aaaaaaaaaaaaaaaa"));
  const Game in_b = *load_game(b, 1);
  edited(a, game, 1, {out(0), pts(1, 30)});
  edited(b, in_b, 1, {out(0), pts(1, 40)});

  const auto met = merge_in(b, file_of(a, "aaaaaaaaaaaaaaaa"));
  REQUIRE(met.conflicts.size() == 1);
  CHECK(met.conflicts[0].kept == "undecided");
  CHECK(met.conflicts[0].difference.find("round 1 differs") != std::string::npos);
  CHECK(points_of(b, game.uuid, 1, 1) == 40);
  REQUIRE(versions::stored_versions(b).size() == 1);
  merge_in(b, file_of(a, "aaaaaaaaaaaaaaaa"));
  CHECK(versions::stored_versions(b).size() == 1);  // stored once

  // b decides for its own version: a then takes it forward without a question.
  const auto kept = merge_in(b, file_of(a, "aaaaaaaaaaaaaaaa"), KeepSide::Here);
  REQUIRE(kept.conflicts.size() == 1);
  CHECK(kept.conflicts[0].kept == "here");
  {
    Transaction tx(b);
    CHECK(versions::prune_stored(b) == 1);
    tx.commit();
  }
  const auto back = merge_in(a, file_of(b, "bbbbbbbbbbbbbbbb"));
  CHECK(back.conflicts.empty());
  CHECK(back.taken.size() == 1);
  CHECK(points_of(a, game.uuid, 1, 1) == 40);
  CHECK(merge_in(b, file_of(a, "aaaaaaaaaaaaaaaa")).behind + 0 == 0);  // the same now
}

TEST_CASE("keeping the file's version of a conflict takes it, and undo puts ours back", "[sync]") {
  TempDir dir;
  Database a = open_database(dir.file("a.db"));
  Database b = open_database(dir.file("b.db"));
  Game game = new_game(a, {"Ann", "Bob"});
  game = play_round(a, game, {out(0), pts(1, 4)});
  merge_in(b, file_of(a, "aaaaaaaaaaaaaaaa"));
  edited(a, game, 1, {out(0), pts(1, 30)});
  edited(b, *load_game(b, 1), 1, {out(0), pts(1, 40)});
  const auto took = merge_in(b, file_of(a, "aaaaaaaaaaaaaaaa"), KeepSide::File);
  REQUIRE(took.conflicts.size() == 1);
  CHECK(took.conflicts[0].kept == "file");
  CHECK(points_of(b, game.uuid, 1, 1) == 30);
  undo_now(b);
  CHECK(points_of(b, game.uuid, 1, 1) == 40);
}

TEST_CASE("a deletion travels; an older file does not bring the game back; a later edit does",
          "[sync]") {
  TempDir dir;
  Database a = open_database(dir.file("a.db"));
  Database b = open_database(dir.file("b.db"));
  Game game = new_game(a, {"Ann", "Bob"});
  merge_in(b, file_of(a, "aaaaaaaaaaaaaaaa"));
  const auto b_before = file_of(b, "bbbbbbbbbbbbbbbb");
  erase_now(a, game);
  CHECK(sync::deleted_games(a) == std::vector<std::string>{game.uuid});
  CHECK(merge_in(a, b_before).not_brought_back == 1);
  CHECK_FALSE(load_game(a, game.id));
  const auto gone = merge_in(b, file_of(a, "aaaaaaaaaaaaaaaa"));
  REQUIRE(gone.deleted.size() == 1);
  CHECK(sync::deleted_games(b) == std::vector<std::string>{game.uuid});

  // A game deleted on one side and played on the other: a conflict, nothing lost.
  Database c = open_database(dir.file("c.db"));
  Game other = new_game(a, {"Cy", "Dee"});
  merge_in(c, file_of(a, "aaaaaaaaaaaaaaaa"));
  play_round(c, *load_game(c, 1), {out(0), pts(1, 9)});
  erase_now(a, other);
  const auto met = merge_in(c, file_of(a, "aaaaaaaaaaaaaaaa"));
  REQUIRE(met.conflicts.size() == 1);
  CHECK(met.deleted.empty());
  CHECK(load_game(c, 1));
  const auto back = merge_in(a, file_of(c, "cccccccccccccccc"));
  REQUIRE(back.conflicts.size() == 1);
  CHECK(back.conflicts[0].game_id == 0);
}

TEST_CASE("a version 1 sync file is still read, merged by content", "[sync]") {
  TempDir dir;
  Database a = open_database(dir.file("a.db"));
  Database b = open_database(dir.file("b.db"));
  new_game(a, {"Ann", "Bob"});
  auto text = sync::format_sync_file(a, "aaaaaaaaaaaaaaaa");
  // Written as crowns wrote it before versions: version 1, deleted a list, no versions.
  const auto versions_at = text.find("\"versions\":");
  const auto export_at = text.find("\"export\":");
  text = text.substr(0, versions_at) + text.substr(export_at);
  text.replace(text.find("\"version\":2"), 11, "\"version\":1");
  text.replace(text.find("\"deleted\":{}"), 12, "\"deleted\":[]");
  const auto old = sync::parse_sync_file(text);
  REQUIRE(old);
  CHECK(old->versions.empty());
  CHECK(merge_in(b, {"crowns-aaaaaaaaaaaaaaaa.json", *old}).plan.new_games.size() == 1);
  CHECK(merge_in(b, {"crowns-aaaaaaaaaaaaaaaa.json", *old}).plan.existing_games == 1);
}
