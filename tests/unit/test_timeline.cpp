// When games were played (store/timeline.hpp): start, end, each round's time, what is not
// known, and the times an export carries and an import keeps.

#include <catch2/catch.hpp>
#include <string>

#include "store/db.hpp"
#include "store/timeline.hpp"
#include "store/transfer.hpp"
#include "store/transfer_db.hpp"
#include "unit/store_fixtures.hpp"
#include "unit/temp_db.hpp"

using namespace crowns;
using namespace crowns::store;
using crowns::test::new_game;
using crowns::test::out;
using crowns::test::play_round;
using crowns::test::pts;
using crowns::test::TempDir;

namespace {

// Sets the times the store wrote to known ones: the game's start and its rounds' times.
void set_times(Database& db, std::int64_t id, const std::string& start,
               const std::vector<std::string>& rounds) {
  db.prepare("UPDATE games SET created_at = ? WHERE id = ?").bind_all(start, id).run();
  for (std::size_t r = 0; r < rounds.size(); ++r) {
    db.prepare("UPDATE rounds SET entered_at = ? WHERE game_id = ? AND round = ?")
        .bind_all(rounds[r], id, static_cast<int>(r) + 1)
        .run();
  }
}

Game play_rounds(Database& db, Game game, int rounds) {
  for (int r = 0; r < rounds; ++r) game = play_round(db, game, {out(0), pts(1, 10 + r), pts(2, 5)});
  return game;
}

bool import_all(Database& db, const ExportData& data) {
  Transaction tx(db);
  auto plan = plan_import(db, data);
  if (!plan) return false;
  if (!apply_import(db, data, *plan, "test.json")) return false;
  tx.commit();
  return true;
}

}  // namespace

TEST_CASE("a game played here: its start, each round's time, its end and length", "[timeline]") {
  TempDir dir;
  Database db = open_database(dir.file("t.db"));
  Game game = play_rounds(db, new_game(db, {"Ann", "Bob", "Cy"}), 3);
  set_times(db, game.id, "2026-01-15 19:00:00",
            {"2026-01-15 19:06:00", "2026-01-15 19:20:30", "2026-01-15 19:25:00"});
  auto t = timeline::game_times(db, game.id);
  REQUIRE(t.known());
  CHECK(timeline::iso_time(*t.started) == "2026-01-15T19:00:00Z");
  CHECK(t.round_seconds(1) == 360);
  CHECK(t.round_seconds(2) == 870);
  CHECK(t.round_seconds(4) == std::nullopt);
  CHECK_FALSE(t.ended);  // under way: no end, no length
  CHECK_FALSE(t.duration());

  game = play_rounds(db, game, 8);
  REQUIRE(game.status == GameStatus::Finished);
  db.prepare(
        "UPDATE rounds SET entered_at = '2026-01-15 21:08:00' WHERE game_id = ? AND round = 11")
      .bind_all(game.id)
      .run();
  t = timeline::game_times(db, game.id);
  CHECK(t.duration() == 2 * 3600 + 8 * 60);
  CHECK(timeline::all_game_times(db).at(game.id).duration() == t.duration());
  CHECK(timeline::length_text(*t.duration()) == "2 h 08 min");
  CHECK(timeline::length_text(42) == "42 s");
  CHECK(timeline::length_text(12 * 60 + 20) == "12 min");
}

TEST_CASE("a corrected round keeps the time it was first recorded", "[timeline]") {
  TempDir dir;
  Database db = open_database(dir.file("t.db"));
  Game game = play_rounds(db, new_game(db, {"Ann", "Bob", "Cy"}), 2);
  set_times(db, game.id, "2026-01-15 19:00:00", {"2026-01-15 19:06:00", "2026-01-15 19:12:00"});
  {
    Transaction tx(db);
    REQUIRE(edit_round(db, game, 1, {pts(1, 40)}));
    tx.commit();
  }
  const auto t = timeline::game_times(db, game.id);
  CHECK(timeline::iso_time(*t.recorded.at(0)) == "2026-01-15T19:06:00Z");
}

TEST_CASE("the export carries the times and the import keeps them; without them none is made up",
          "[timeline][transfer]") {
  TempDir dir;
  Database a = open_database(dir.file("a.db"));
  Game game = play_rounds(a, new_game(a, {"Ann", "Bob", "Cy"}), 2);
  set_times(a, game.id, "2026-01-15 19:00:00", {"2026-01-15 19:06:00", "2026-01-15 19:12:00"});
  const ExportData data = load_export(a);
  const ExportGame& g = data.games.at(0);
  CHECK(g.started_at == "2026-01-15T19:00:00Z");
  CHECK_FALSE(g.ended_at);
  REQUIRE(g.recorded_at.size() == 2);
  CHECK(g.recorded_at[1] == "2026-01-15T19:12:00Z");
  const std::string json = format_export(data, ExportFormat::Json);
  CHECK(json.find(R"("started_at":"2026-01-15T19:00:00Z","recorded_at":["2026-01-15T19:06:00Z",)"
                  R"("2026-01-15T19:12:00Z"]})") != std::string::npos);
  CHECK(game_key(g) == game_key([&] {
          ExportGame bare = g;
          bare.started_at.reset();
          bare.recorded_at.clear();
          return bare;
        }()));

  Database b = open_database(dir.file("b.db"));
  const auto parsed = parse_export(json);
  REQUIRE(parsed);
  REQUIRE(import_all(b, *parsed));
  auto t = timeline::game_times(b, 1);
  REQUIRE(t.known());
  CHECK(timeline::iso_time(*t.started) == "2026-01-15T19:00:00Z");
  CHECK(t.round_seconds(2) == 360);
  CHECK(load_export(b).games.at(0).recorded_at == g.recorded_at);

  // Rounds played on there come back here with their times.
  play_rounds(b, *load_game(b, 1), 1);
  b.prepare("UPDATE rounds SET entered_at = '2026-01-15 19:30:00' WHERE round = 3").run();
  REQUIRE(import_all(a, load_export(b)));
  t = timeline::game_times(a, game.id);
  CHECK(t.round_seconds(3) == 18 * 60);

  // A CSV carries no times: the game's are not known, not the time of the import.
  Database c = open_database(dir.file("c.db"));
  const auto csv = parse_export(format_export(data, ExportFormat::Csv));
  REQUIRE(csv);
  REQUIRE(import_all(c, *csv));
  t = timeline::game_times(c, 1);
  CHECK_FALSE(t.known());
  CHECK_FALSE(t.recorded.at(0));
  CHECK_FALSE(load_export(c).games.at(0).started_at);
}

TEST_CASE("times in a file are checked for their form and order", "[timeline][transfer]") {
  CHECK(is_export_time("2026-01-15T19:04:00Z"));
  CHECK_FALSE(is_export_time("2026-01-15 19:04:00"));
  CHECK_FALSE(is_export_time("2026-02-30T19:04:00Z"));
  CHECK_FALSE(is_export_time("2026-01-15T24:00:00Z"));
  const std::string head =
      R"({"format":"crowns-export","version":3,"players":[{"name":"Ann"},{"name":"Bob"}],)"
      R"("games":[{"date":"2026-01-15","status":"active","boxes":1,"seats":[{"player":"Ann"},)"
      R"({"player":"Bob"}],"rounds":[[{"points":0,"went_out":true},{"points":9}]],)";
  CHECK(parse_export(head + R"("started_at":"19:04"}]})").error() ==
        "games[0].started_at: '19:04' is not a time written 2026-01-15T19:04:00Z (UTC, to the "
        "second)");
  CHECK(parse_export(head + R"("started_at":"2026-01-15T19:04:00Z","recorded_at":[]}]})").error() ==
        "games[0].recorded_at: 0 times for 1 round; give one per round (null: not "
        "known)");
  CHECK(
      parse_export(
          head + R"("started_at":"2026-01-15T19:04:00Z","recorded_at":["2026-01-15T19:00:00Z"]}]})")
          .error() ==
      "games[0].recorded_at[0]: 2026-01-15T19:00:00Z is before "
      "2026-01-15T19:04:00Z (the start or the round before)");
  // A game imported without times has no start; a round recorded since keeps its time (issue
  // 44), but an end needs the start.
  CHECK(parse_export(head + R"("recorded_at":["2026-01-15T19:04:00Z"]}]})"));
  CHECK(parse_export(head + R"("recorded_at":[]}]})"));  // no times at all, as before
  CHECK(
      parse_export(head + R"("ended_at":"2026-01-15T19:04:00Z","recorded_at":[null]}]})").error() ==
      "games[0].started_at: is missing: a game's times start with its start");
  CHECK(parse_export(head + R"("started_at":"2026-01-15T19:04:00Z","recorded_at":[null]}]})"));
}

TEST_CASE("one game's times read alone are those read with every game", "[timeline]") {
  TempDir dir;
  Database a = open_database(dir.file("a.db"));
  Game played = play_rounds(a, new_game(a, {"Ann", "Bob", "Cy"}), 11);
  // The store's form, a file's (with the T), and two that only SQLite's date functions read.
  set_times(a, played.id, "2026-01-15 19:00:00",
            {"2026-01-15T19:06:00Z", "2026-01-15 19:20:30.750", "2026-01-15T20:25:00+01:00",
             "2026-02-30 19:30:00", "not a time"});
  Game other = play_rounds(a, new_game(a, {"Ann", "Bob", "Dee"}), 2);
  set_times(a, other.id, "2026-01-16 19:00:00", {"2026-01-16 19:06:00", "2026-01-16 19:12:00"});
  // A round appended by an import that carried no time (a CSV): its time is not known.
  Database b = open_database(dir.file("b.db"));
  const auto json = parse_export(format_export(load_export(a), ExportFormat::Json));
  REQUIRE(json);
  REQUIRE(import_all(b, *json));
  play_rounds(b, *load_game(b, 2), 1);
  const auto csv = parse_export(format_export(load_export(b), ExportFormat::Csv));
  REQUIRE(csv);
  REQUIRE(import_all(a, *csv));
  REQUIRE(load_game(a, other.id)->rounds.size() == 3);
  // Leap days, the ends of months, years and centuries (no file could carry these: out of order).
  Game edges = play_rounds(a, new_game(a, {"Ann", "Bob", "Cy"}), 5);
  set_times(a, edges.id, "2024-02-29 23:59:59",
            {"2000-03-01T00:00:00Z", "1999-12-31 23:59:59", "2100-02-28T12:00:00",
             "1970-01-01 00:00:00", "2026-12-31T23:59:59"});

  for (Database* db : {&a, &b}) {
    const auto all = timeline::all_game_times(*db);
    REQUIRE(all.size() == (db == &a ? 3 : 2));
    for (const auto& [id, each] : all) {
      const auto alone = timeline::game_times(*db, id);
      CHECK(alone.game_id == each.game_id);
      CHECK(alone.status == each.status);
      CHECK(alone.started == each.started);
      CHECK(alone.ended == each.ended);
      CHECK(alone.recorded == each.recorded);
    }
  }
  const auto t = timeline::game_times(a, other.id);
  CHECK(t.recorded.at(1));
  CHECK_FALSE(t.recorded.at(2));
  CHECK_FALSE(timeline::game_times(a, 99).known());
}
