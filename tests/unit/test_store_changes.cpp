// The change model: migration 0004 (ids never reused, legacy undos linked), undo of every
// kind of change against a real file, and the choice of the game being played.

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "store/audit.hpp"
#include "store/db.hpp"
#include "store/details.hpp"
#include "store/games.hpp"
#include "store/migrations.hpp"
#include "store/players.hpp"
#include "store/rounds.hpp"
#include "store/undo.hpp"
#include "unit/store_fixtures.hpp"
#include "unit/temp_db.hpp"

using namespace crowns;
using namespace crowns::store;
using crowns::test::new_game;
using crowns::test::out;
using crowns::test::play_round;
using crowns::test::pts;
using crowns::test::scalar;
using crowns::test::TempDir;

namespace {

Expected<Change> undo(Database& db, std::optional<std::int64_t> game = std::nullopt) {
  Transaction tx(db);
  auto change = undo_last_change(db, game);
  if (change) tx.commit();
  return change;
}

// A database as crowns wrote it at schema 3: two games, the newer one deleted, and an old
// game whose round 2 was entered, edited and undone the old way (no link to what it undid).
void write_schema_3(const std::string& path) {
  const Database raw = crowns::test::database_at_schema(path, 3);
  raw.exec(R"sql(
    INSERT INTO players (id, name, created_at) VALUES (1, 'Ann', 't'), (2, 'Bob', 't');
    INSERT INTO games (id, played_on, status, first_dealer, created_at, touched)
      VALUES (1, '2026-01-10', 'active', 0, 't', 1);
    INSERT INTO seats (game_id, seat, player_id, total) VALUES (1, 0, 1, 0), (1, 1, 2, 9);
    INSERT INTO rounds (game_id, round, entered_at) VALUES (1, 1, 't');
    INSERT INTO scores (game_id, round, seat, points, went_out) VALUES (1, 1, 0, 0, 1), (1, 1, 1, 9, 0);
    INSERT INTO audit (id, at, game_id, action, summary, old_value, new_value) VALUES
      (1, 't', 1, 'new', 'Game 1 started: Ann, Bob', NULL, '{}'),
      (2, 't', 1, 'round', 'Round 1 entered', NULL, '{"round":1,"scores":[{"seat":0,"player":"Ann","points":0,"went_out":true,"hand":null},{"seat":1,"player":"Bob","points":9,"went_out":false,"hand":null}]}'),
      (3, 't', 1, 'round', 'Round 2 entered', NULL, '{"round":2,"scores":[]}'),
      (4, 't', 1, 'edit', 'Round 2 edited', '{"round":2,"scores":[]}', '{"round":2,"scores":[]}'),
      (5, 't', 1, 'undo', 'Removed round 2 of game 1', '{"round":2,"scores":[]}', NULL),
      (6, 't', 2, 'new', 'Game 2 started: Ann, Bob', NULL, '{}'),
      (7, 't', 2, 'delete', 'Game 2 deleted', '{}', NULL);
  )sql");
}

}  // namespace

TEST_CASE("migration 4 keeps every row, links old undos, and numbers past every logged id",
          "[store][migration]") {
  TempDir dir;
  const std::string path = dir.file("v3.db");
  write_schema_3(path);
  Database db = open_database(path);
  CHECK(scalar(db, "PRAGMA user_version") == latest_schema_version());
  CHECK(scalar(db, "PRAGMA foreign_keys") == 1);
  CHECK(scalar(db, "SELECT count(*) FROM players") == 2);
  CHECK(scalar(db, "SELECT total FROM seats WHERE game_id = 1 AND seat = 1") == 9);
  CHECK(scalar(db, "SELECT count(*) FROM scores") == 2);
  CHECK(scalar(db, "SELECT count(*) FROM pragma_foreign_key_check") == 0);
  // Round 2's entry and its edit were reversed by the old undo; round 1's was not.
  CHECK(scalar(db, "SELECT undone_by FROM audit WHERE id = 3") == 5);
  CHECK(scalar(db, "SELECT undone_by FROM audit WHERE id = 4") == 5);
  CHECK(scalar(db, "SELECT count(*) FROM audit WHERE id = 2 AND undone_by IS NULL") == 1);
  // Game 2 was deleted before the migration: its number stays used.
  const Game next = new_game(db, {"Ann", "Bob"});
  CHECK(next.id == 3);
  // Undo now reverses round 1 (the old undo already took round 2 and its edit).
  const auto undone = undo(db, 1);
  REQUIRE(undone.ok());
  CHECK(undone->game->rounds_played() == 0);
}

TEST_CASE("ids are never reused after the newest game or player is removed", "[store]") {
  TempDir dir;
  Database db = open_database(dir.file("ids.db"));
  new_game(db, {"Ann", "Bob"});
  const Game second = new_game(db, {"Cat", "Dan"});
  {
    Transaction tx(db);
    (void)erase_game(db, second);
    tx.commit();
  }
  CHECK(new_game(db, {"Ann", "Cat"}).id == second.id + 1);
  {
    Transaction tx(db);
    REQUIRE(add_player(db, "Eve").ok());
    REQUIRE(add_player(db, "Eva").ok());
    REQUIRE(merge_players(db, "Eva", "Eve").ok());
    tx.commit();
  }
  const auto last_player = scalar(db, "SELECT max(id) FROM players");
  Transaction tx(db);
  REQUIRE(add_player(db, "Fay").ok());
  CHECK(scalar(db, "SELECT max(id) FROM players") == last_player + 2);
}

TEST_CASE("undo reverses a tie-break, then the edit that kept part of it", "[store]") {
  TempDir dir;
  Database db = open_database(dir.file("tb.db"));
  Game game = new_game(db, {"Ann", "Bob", "Cat"});
  // Everyone goes out three times in rounds 1-9, and nobody holds anything in 10 and 11.
  for (int r = 1; r <= 9; ++r) {
    game = play_round(db, game, {out(r % 3), pts((r + 1) % 3, 10), pts((r + 2) % 3, 10)});
  }
  for (int r = 10; r <= 11; ++r) game = play_round(db, game, {out(0), pts(1, 0), pts(2, 0)});
  REQUIRE(game.standings().tied);
  REQUIRE(game.standings().leaders == std::vector<int>{0, 1, 2});
  {
    Transaction tx(db);
    auto tb = insert_tiebreak(db, game, {out(0), pts(1, 7), pts(2, 9)});
    REQUIRE(tb.ok());
    tx.commit();
    game = *tb->game;
  }
  // Cat scores more in round 11: Ann and Bob are still tied and both played the tie-break,
  // so theirs stays and Ann still wins; Cat's tie-break score goes.
  {
    Transaction tx(db);
    auto edited = edit_round(db, game, 11, {pts(2, 30)});
    REQUIRE(edited.ok());
    tx.commit();
    game = *edited->game;
    CHECK(edited->entry.summary.find(
              "(no longer tied, so the tie-break score of Cat was cleared)") != std::string::npos);
  }
  CHECK(game.seats[0].tiebreak == 0);
  CHECK(game.seats[1].tiebreak == 7);
  CHECK(!game.seats[2].tiebreak);
  CHECK(game.standings().winners == std::vector<int>{0});
  const auto edit_undone = undo(db);
  REQUIRE(edit_undone.ok());
  CHECK(edit_undone->game->seats[2].tiebreak == 9);
  const auto tb_undone = undo(db);
  REQUIRE(tb_undone.ok());
  CHECK(tb_undone->entry.summary == "Removed the tie-break of game 1: Ann 0, Bob 7, Cat 9");
  for (const auto& s : tb_undone->game->seats) CHECK(!s.tiebreak);
}

TEST_CASE("an edit that brings someone new into the tie clears the tie-break", "[store]") {
  TempDir dir;
  Database db = open_database(dir.file("tb2.db"));
  Game game = new_game(db, {"Ann", "Bob", "Cat"});
  // Ann and Bob end on 50; Cat on 55.
  for (int r = 1; r <= 10; ++r) {
    game = play_round(db, game, {out(r % 2), pts((r + 1) % 2, 10), pts(2, 5)});
  }
  game = play_round(db, game, {out(0), pts(1, 0), pts(2, 5)});
  REQUIRE(game.standings().leaders == std::vector<int>{0, 1});
  {
    Transaction tx(db);
    game = *insert_tiebreak(db, game, {out(0), pts(1, 5)})->game;
    tx.commit();
  }
  Transaction tx(db);
  // Cat's round 11 goes from 5 to 0: Cat is now level too, and did not play the tie-break.
  auto edited = edit_round(db, game, 11, {pts(2, 0)});
  REQUIRE(edited.ok());
  for (const auto& s : edited->game->seats) CHECK(!s.tiebreak);
  CHECK(edited->entry.summary.find("the tie-break was cleared") != std::string::npos);
}

TEST_CASE("undo refuses a change the game no longer matches, changing nothing", "[store]") {
  TempDir dir;
  Database db = open_database(dir.file("st.db"));
  Game game = new_game(db, {"Ann", "Bob"});
  game = play_round(db, game, {out(0), pts(1, 12)});
  // Behind crowns' back (as a legacy or hand-edited file might be): round 1 changed.
  db.exec("UPDATE scores SET points = 13 WHERE seat = 1");
  const auto refused = undo(db);
  REQUIRE(!refused.ok());
  CHECK(refused.error().find("has been edited since") != std::string::npos);
  CHECK(scalar(db, "SELECT count(*) FROM rounds") == 1);
  CHECK(scalar(db, "SELECT count(*) FROM audit WHERE action = 'undo'") == 0);
}

TEST_CASE("the games in progress: active ones by when they were played, not touched", "[store]") {
  TempDir dir;
  Database db = open_database(dir.file("ip.db"));
  Game first = new_game(db, {"Ann", "Bob"});
  Game second = new_game(db, {"Cat", "Dan"});
  first = play_round(db, first, {out(0), pts(1, 5)});
  auto ids = [&](InProgress which) {
    std::vector<std::int64_t> out_ids;
    for (const auto& g : games_in_progress(db, which)) out_ids.push_back(g.id);
    return out_ids;
  };
  CHECK(ids(InProgress::Rounds) == std::vector<std::int64_t>{first.id, second.id});
  // Editing the first game touches it but does not make it the one being played...
  second = play_round(db, second, {out(0), pts(1, 5)});
  {
    Transaction tx(db);
    REQUIRE(edit_round(db, first, 1, {pts(1, 6)}).ok());
    tx.commit();
  }
  CHECK(ids(InProgress::Rounds) == std::vector<std::int64_t>{second.id, first.id});
  // ...and a finished game never is; its unplayed tie-break is, for play, while it was last.
  {
    Transaction tx(db);
    REQUIRE(abandon_game(db, *load_game(db, first.id)).ok());
    tx.commit();
  }
  for (int r = 2; r <= 10; ++r) second = play_round(db, second, {out(r % 2), pts((r + 1) % 2, 5)});
  second = play_round(db, second, {pts(0, 10), out(1)});  // 30 each
  REQUIRE(second.standings().tied);
  CHECK(ids(InProgress::Rounds).empty());
  CHECK(ids(InProgress::RoundsOrTiebreak) == std::vector<std::int64_t>{second.id});
}
