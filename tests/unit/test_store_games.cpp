// Players, games, rounds and the audit log through the store's API, on a real file.

#include <algorithm>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "store/audit.hpp"
#include "store/db.hpp"
#include "store/games.hpp"
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

namespace {}  // namespace

TEST_CASE("players: unique ignoring case, trimmed, renamed, retired and back", "[store]") {
  TempDir dir;
  Database db = open_database(dir.file("p.db"));
  REQUIRE(add_player(db, "  Ann ").ok());
  CHECK(find_player(db, "ann")->name == "Ann");
  const auto dup = add_player(db, "ANN");
  REQUIRE(!dup.ok());
  CHECK(dup.error() == "player 'ANN' already exists (as 'Ann')");
  CHECK(!add_player(db, "a=b").ok());
  CHECK(!add_player(db, std::string(41, 'x')).ok());
  CHECK(add_player(db, std::string(40, 'x')).ok());

  REQUIRE(rename_player(db, "ann", "Anne").ok());
  CHECK(!find_player(db, "Ann"));
  CHECK(find_player(db, "anne"));
  const auto unknown = require_player(db, "Anna");
  REQUIRE(!unknown.ok());
  CHECK(unknown.error() == "unknown player 'Anna'; did you mean 'Anne'?");

  REQUIRE(retire_player(db, "Anne").ok());
  CHECK(list_players(db, Include::Active).size() == 1);
  CHECK(list_players(db, Include::All).size() == 2);
  CHECK(!retire_player(db, "Anne").ok());
  REQUIRE(add_player(db, "anne").ok());  // brings her back
  CHECK(!find_player(db, "Anne")->retired);
}

TEST_CASE("a whole game: totals, the winner cached on the seats, the audit log", "[store]") {
  TempDir dir;
  Database db = open_database(dir.file("g.db"));
  Game game = new_game(db, {"Ann", "Bob", "Cat"});
  CHECK(game.status == GameStatus::Active);
  CHECK(game.next_round() == 1);
  CHECK(game.dealer(1) == 0);
  CHECK(game.starter(1) == 1);
  CHECK(game.dealer(4) == 0);
  for (int r = 1; r <= 11; ++r) game = play_round(db, game, {out(0), pts(1, 10), pts(2, r)});
  CHECK(game.status == GameStatus::Finished);
  CHECK(!game.next_round());
  const Standings st = game.standings();
  CHECK(st.totals == std::vector<int>{0, 110, 66});
  CHECK(st.winners == std::vector<int>{0});
  CHECK(scalar(db, "SELECT total FROM seats WHERE game_id = 1 AND seat = 2") == 66);
  CHECK(scalar(db, "SELECT winner FROM seats WHERE game_id = 1 AND seat = 0") == 1);
  CHECK(
      scalar(db,
             "SELECT count(*) FROM games WHERE status = 'finished' AND finished_at IS NOT NULL") ==
      1);

  // Round 12 does not exist.
  Transaction tx(db);
  const auto twelve = insert_round(db, game, {out(0), pts(1, 5), pts(2, 5)});
  REQUIRE(!twelve.ok());
  CHECK(twelve.error().find("no round 12") != std::string::npos);

  const auto log = list_audit(db, game.id, 0);
  REQUIRE(log.size() == 12);  // new + 11 rounds
  CHECK(log.front().action == "new");
  const auto last = nlohmann::json::parse(*log.back().new_value);
  CHECK(last["round"] == 11);
  CHECK(last["scores"][2]["points"] == 11);
}

TEST_CASE("edit keeps the old values in the log; undo goes back round by round", "[store]") {
  TempDir dir;
  Database db = open_database(dir.file("e.db"));
  Game game = new_game(db, {"Ann", "Bob"});
  game = play_round(db, game, {out(0), pts(1, 20)});
  game = play_round(db, game, {pts(0, 7), out(1)});
  {
    Transaction tx(db);
    auto edited = edit_round(db, game, 1, {pts(1, 25)});
    REQUIRE(edited.ok());
    tx.commit();
    CHECK(edited->game->standings().totals == std::vector<int>{7, 25});
    CHECK(edited->entry.summary == "Round 1 edited: Bob 20 -> 25");
    game = *edited->game;
  }
  auto log = list_audit(db, game.id, 1);
  REQUIRE(log.size() == 1);
  CHECK(log[0].summary == "Round 1 edited: Bob 20 -> 25");
  CHECK(nlohmann::json::parse(*log[0].old_value)["scores"][0]["points"] == 20);
  CHECK(nlohmann::json::parse(*log[0].new_value)["scores"][0]["points"] == 25);
  {
    Transaction tx(db);
    CHECK(!edit_round(db, game, 3, {pts(1, 5)}).ok());
    CHECK(!edit_round(db, game, 1, {pts(1, 25)}).ok());  // nothing changes
  }
  // Undo reverses the newest change first: the edit, then round 2, round 1, the game.
  const auto undo = [&db] {
    Transaction tx(db);
    auto undone = undo_last_change(db, std::nullopt);
    if (undone) tx.commit();
    return undone;
  };
  const auto edit_undone = undo();
  REQUIRE(edit_undone.ok());
  CHECK(edit_undone->entry.summary == "Undid the edit of round 1 of game 1: Bob 25 -> 20");
  CHECK(edit_undone->game->standings().totals == std::vector<int>{7, 20});
  const auto undone = undo();
  REQUIRE(undone.ok());
  CHECK(undone->entry.summary == "Removed round 2 of game 1: Ann 7, Bob 0*");
  CHECK(undone->game->rounds_played() == 1);
  CHECK(undo()->entry.summary == "Removed round 1 of game 1: Ann 0*, Bob 20");
  const auto start = undo();
  REQUIRE(start.ok());
  CHECK(!start->game);
  CHECK(start->entry.summary == "Removed game 1 (Ann, Bob, no rounds yet): undid its start");
  CHECK(!load_game(db, 1));
  // Next come the players added with the game: not something undo reverses.
  const auto players = undo();
  REQUIRE(!players.ok());
  CHECK(players.error().find("\"Player Bob added\", cannot be undone") != std::string::npos);
  // Every undone entry points at its undo.
  CHECK(scalar(db, "SELECT count(*) FROM audit WHERE undone_by IS NOT NULL") == 4);
}

TEST_CASE("the most recently touched game is the current one", "[store]") {
  TempDir dir;
  Database db = open_database(dir.file("t.db"));
  CHECK(!require_game(db, std::nullopt, Pick::Latest).ok());
  const Game first = new_game(db, {"Ann", "Bob"});
  const Game second = new_game(db, {"Cat", "Dan"});
  CHECK(require_game(db, std::nullopt, Pick::Latest)->id == second.id);
  play_round(db, first, {out(0), pts(1, 9)});
  CHECK(require_game(db, std::nullopt, Pick::Latest)->id == first.id);
  {
    Transaction tx(db);
    REQUIRE(abandon_game(db, *load_game(db, first.id)).ok());
    tx.commit();
  }
  CHECK(require_game(db, std::nullopt, Pick::LatestActive)->id == second.id);
  CHECK(require_game(db, std::nullopt, Pick::Latest)->id == first.id);
  CHECK(!require_game(db, 99, Pick::Latest).ok());
}

TEST_CASE("merging folds a duplicate's games into the real player", "[store]") {
  TempDir dir;
  Database db = open_database(dir.file("m.db"));
  new_game(db, {"Ann", "Bob"});
  new_game(db, {"Anne", "Cat"});
  {
    Transaction tx(db);
    REQUIRE(merge_players(db, "Anne", "Ann").ok());
    tx.commit();
  }
  CHECK(!find_player(db, "Anne"));
  const auto players = list_players(db, Include::All);
  const auto ann =
      std::find_if(players.begin(), players.end(), [](const Player& p) { return p.name == "Ann"; });
  REQUIRE(ann != players.end());
  CHECK(ann->games == 2);
  new_game(db, {"Dan", "Bob"});
  Transaction tx(db);
  const auto both = merge_players(db, "Dan", "Bob");
  REQUIRE(!both.ok());
  CHECK(both.error().find("both sat at game 3") != std::string::npos);
}

TEST_CASE("deleting a game removes its rows; the log keeps all of it", "[store]") {
  TempDir dir;
  Database db = open_database(dir.file("d.db"));
  Game game = new_game(db, {"Ann", "Bob"});
  game = play_round(db, game, {out(0), pts(1, 12)});
  {
    Transaction tx(db);
    erase_game(db, game);
    tx.commit();
  }
  CHECK(scalar(db, "SELECT count(*) FROM games") == 0);
  CHECK(scalar(db, "SELECT count(*) FROM seats") == 0);
  CHECK(scalar(db, "SELECT count(*) FROM scores") == 0);
  const auto log = list_audit(db, game.id, 1);
  REQUIRE(log.size() == 1);
  const auto old = nlohmann::json::parse(*log[0].old_value);
  CHECK(old["rounds"][0]["scores"][1]["points"] == 12);
  CHECK(old["seats"][1]["name"] == "Bob");
}

TEST_CASE("play drafts are saved per seat and cleared when the round is recorded", "[store]") {
  TempDir dir;
  Database db = open_database(dir.file("dr.db"));
  const Game game = new_game(db, {"Ann", "Bob"});
  save_draft_value(db, game.id, 1, 0, "0*");
  save_draft_value(db, game.id, 1, 1, "Ks Qh");
  save_draft_value(db, game.id, 1, 1, "12");
  Draft draft = load_draft(db, game.id);
  CHECK(draft.round == 1);
  REQUIRE(draft.values.size() == 2);
  CHECK(draft.values[1].second == "12");
  play_round(db, game, {out(0), pts(1, 12)});
  CHECK(load_draft(db, game.id).values.empty());
}

TEST_CASE("new games refuse bad seatings", "[store]") {
  TempDir dir;
  Database db = open_database(dir.file("n.db"));
  Transaction tx(db);
  auto make = [&](std::vector<std::string> names, int boxes = 1, std::string date = "2026-01-15",
                  std::optional<std::string> dealer = std::nullopt) {
    return create_game(
        db, {std::move(names), std::move(dealer), boxes, std::move(date), std::nullopt, true});
  };
  CHECK(make({"Ann"}).error() == "a game needs at least 2 players");
  CHECK(make({"Ann"}).failure().hint.kind == HintKind::NewGameNeedsPlayers);
  const auto nine = make({"A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9"});
  CHECK(nine.failure().hint.kind == HintKind::TwoBoxesSeat);
  CHECK(nine.failure().hint.count == 14);
  CHECK(make({"A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8"}, 2).ok());
  CHECK(make({"Ann", "ann"}).error() == "'Ann' is named twice");
  CHECK(make({"Ann", "Bob"}, 1, "2026-02-30").error().find("not a date") != std::string::npos);
  CHECK(make({"Ann", "Bob"}, 1, "2026-01-15", "Cta").error() ==
        "the dealer 'Cta' is not one of the players");
  CHECK(make({"Ann", "Bob"}, 1, "2024-02-29", "bob")->first_dealer == 1);
}

TEST_CASE("entries_after: what one write logged, across games and players", "[store]") {
  TempDir dir;
  Database db = open_database(dir.file("w.db"));
  CHECK(last_entry_id(db) == 0);
  CHECK(entries_after(db, 0).empty());
  Game game = new_game(db, {"Ann", "Bob"});  // two player.add entries, then the game's
  const std::int64_t before = last_entry_id(db);
  CHECK(before == list_audit(db, std::nullopt, 1).front().id);
  game = play_round(db, game, {out(0), pts(1, 12)});
  {
    Transaction tx(db);
    REQUIRE(add_player(db, "Cy", LookAlikes::Refused).ok());
    tx.commit();
  }
  const auto written = entries_after(db, before);
  REQUIRE(written.size() == 2);  // oldest first, of every game and none
  CHECK(written[0].action == "round");
  CHECK(written[0].game_id == game.id);
  CHECK(written[1].action == "player.add");
  CHECK(!written[1].game_id);
  CHECK(last_entry_id(db) == written[1].id);
  CHECK(entries_after(db, last_entry_id(db)).empty());
}
