// The keeper's writes around the rounds (serve/game_actions.hpp: start, rematch, tie-break,
// join), the hand page (serve/hand_page.hpp), and the late arrival in the store (store/join.hpp,
// migration 0009) as the phone and the terminal reach them.

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "serve/actions.hpp"
#include "serve/game_actions.hpp"
#include "serve/hand_page.hpp"
#include "serve/pages.hpp"
#include "store/db.hpp"
#include "store/join.hpp"
#include "store/migrations.hpp"
#include "store/undo.hpp"
#include "store_fixtures.hpp"
#include "temp_db.hpp"

using namespace crowns;
using namespace crowns::serve;

namespace {

struct Night {
  test::TempDir dir;
  std::string path = dir.file("crowns.db");
  store::Database db = store::open_database(path, store::Access::Write);
};

// Plays rounds 1..11 of `game`: seat 0 and seat 1 tie at 60, seat 2 far behind.
store::Game play_to_a_tie(store::Database& db, store::Game game) {
  for (int r = 1; r <= 10; ++r) {
    game = test::play_round(db, game,
                            {r % 2 ? test::out(0) : test::pts(0, 10),
                             r % 2 ? test::pts(1, 10) : test::out(1), test::pts(2, 20)});
  }
  return test::play_round(db, game, {test::pts(0, 10), test::pts(1, 10), test::out(2)});
}

}  // namespace

TEST_CASE("start: players in seat order, new names added, a game in progress named first",
          "[serve][game_actions]") {
  Night t;
  const Answer a =
      run_action(t.db, Action::Start,
                 {{"p0", "Ann"}, {"p1", "Bob"}, {"dealer", "Bob"}, {"note", "Fri"}, {"add", "1"}});
  REQUIRE(a.status == 200);
  CHECK(a.body["message"] == "Game 1 started: Ann, Bob");
  CHECK(a.body["state"]["note"] == "Fri");
  CHECK(a.body["state"]["next"]["dealer"] == "Bob");
  const auto audit = test::rows(t.db, "audit");
  // Another game while game 1 is in progress: refused naming it, unless confirmed.
  const Answer warned =
      run_action(t.db, Action::Start, {{"p0", "Ann"}, {"p1", "Cy"}, {"add", "1"}});
  CHECK(warned.status == 409);
  CHECK(warned.body["error"] ==
        "game 1 (Ann, Bob) is still in progress, with no rounds yet: start another anyway?");
  CHECK(warned.body["confirm"] == true);
  CHECK(test::rows(t.db, "audit") == audit);
  CHECK(test::rows(t.db, "games") == 1);
  const Answer anyway = run_action(t.db, Action::Start,
                                   {{"p0", "Ann"}, {"p1", "Cy"}, {"add", "1"}, {"confirm", "1"}});
  CHECK(anyway.status == 200);
  CHECK(test::rows(t.db, "games") == 2);
  SECTION("an unknown name without add=1 gets the CLI's refusal, and nothing is written") {
    const Answer unknown =
        run_action(t.db, Action::Start, {{"p0", "Ann"}, {"p1", "Bbo"}, {"confirm", "1"}});
    CHECK(unknown.status == 400);
    CHECK(unknown.body["error"].get<std::string>().find("did you mean 'Bob'") != std::string::npos);
    CHECK(test::rows(t.db, "games") == 2);
  }
}

TEST_CASE("a tied game: the tie-break from the phone, then a rematch with the deal passed on",
          "[serve][game_actions]") {
  Night t;
  const store::Game game = play_to_a_tie(t.db, test::new_game(t.db, {"Ann", "Bob", "Cy"}));
  const std::string id = std::to_string(game.id);
  REQUIRE(game.standings().tied);
  const auto logged = test::rows(t.db, "audit");
  SECTION("a value for a player not in the tie is not asked for; a bad one is refused") {
    const Answer bad =
        run_action(t.db, Action::Tiebreak, {{"game", id}, {"v0", "abc"}, {"v1", "4"}});
    CHECK(bad.status == 400);
    CHECK(test::rows(t.db, "audit") == logged);
  }
  const Answer tb =
      run_action(t.db, Action::Tiebreak, {{"game", id}, {"out", "0"}, {"v1", "7h 6s 9h Kd Kc 3h"}});
  REQUIRE(tb.status == 200);
  CHECK(tb.body["state"]["winners"] == nlohmann::ordered_json::array({"Ann"}));
  CHECK(tb.body["message"].get<std::string>().starts_with("Tie-break entered: Ann 0*, Bob 19"));
  // The standings rank Ann first and alone; Bob lost the tie-break; the round table shows it.
  const std::string html = card_html(*store::load_game(t.db, game.id));
  const auto ann = html.find(
      "<tr class=\"lead\"><td>1</td><td class=\"name\"><a class=\"tap\" "
      "href=\"/player?name=Ann\">Ann");
  const auto bob =
      html.find("<tr><td>2</td><td class=\"name\"><a class=\"tap\" href=\"/player?name=Bob\">Bob");
  CHECK(ann != std::string::npos);
  CHECK(bob != std::string::npos);
  CHECK(html.find("lost the tie-break") != std::string::npos);
  CHECK(html.find("<tr class=\"tiebreak\">") != std::string::npos);
  const Answer again = run_action(t.db, Action::Rematch, {{"game", id}});
  REQUIRE(again.status == 200);
  CHECK(again.body["state"]["players"] == nlohmann::ordered_json::array({"Ann", "Bob", "Cy"}));
  CHECK(again.body["state"]["next"]["dealer"] == "Bob");  // Ann dealt round 1 of the last game
  const Answer active =
      run_action(t.db, Action::Rematch, {{"game", std::to_string(game.id + 1)}, {"confirm", "1"}});
  CHECK(active.status == 400);
  CHECK(active.body["error"] == "game " + std::to_string(game.id + 1) +
                                    " is still being played; a rematch follows a finished game");
}

TEST_CASE("join from the phone: the highest total by default, undone like the CLI's",
          "[serve][game_actions]") {
  Night t;
  store::Game game = test::new_game(t.db, {"Ann", "Bob"});
  game = test::play_round(t.db, game, {test::out(0), test::pts(1, 30)});
  const std::string id = std::to_string(game.id);
  const Answer bad = run_action(t.db, Action::Join, {{"game", id}, {"name", "Cy"}, {"total", "x"}});
  CHECK(bad.status == 400);
  CHECK(bad.body["error"] ==
        "'x' is not a starting total (a whole number, 0 or more): send total=NUMBER");
  const Answer huge =
      run_action(t.db, Action::Join, {{"game", id}, {"name", "Cy"}, {"total", "200000"}});
  CHECK(huge.status == 400);
  CHECK(huge.body["error"] == "a starting total of 200000 is out of range; give 0 to 100000");
  const Answer a = run_action(t.db, Action::Join, {{"game", id}, {"name", "Cy"}, {"add", "1"}});
  REQUIRE(a.status == 200);
  CHECK(a.body["message"] == "Cy joined game 1 at round 2 with 30 (the highest total, Bob's)");
  CHECK(a.body["state"]["joined"]["Cy"]["start_total"] == 30);
  CHECK(a.body["state"]["undo"]["label"] == "Undo the late arrival");
  const store::Game joined = *store::load_game(t.db, game.id);
  CHECK(joined.dealer(2) == 1);   // Bob deals round 2, as before Cy came
  CHECK(joined.starter(2) == 2);  // Cy sits after Bob, so Cy starts
  CHECK(joined.dealer(3) == 2);   // and deals round 3
  CHECK(joined.dealer(4) == 0);
  const Answer undo = run_action(
      t.db, Action::Undo, {{"game", id}, {"change", a.body["state"]["undo"]["change"].dump()}});
  CHECK(undo.status == 200);
  CHECK(store::load_game(t.db, game.id)->players() == 2);
}

TEST_CASE("a join carries the round and totals it showed; changed since, nobody is seated",
          "[serve][game_actions]") {
  Night t;
  store::Game game = test::new_game(t.db, {"Ann", "Bob"});
  game = test::play_round(t.db, game, {test::out(0), test::pts(1, 30)});
  const std::string id = std::to_string(game.id);
  // The form showed round 2 with totals 0 and 30 (30 offered); the terminal corrects round 1.
  REQUIRE(
      run_action(t.db, Action::Edit, {{"game", id}, {"round", "1"}, {"v0", "out"}, {"v1", "40"}})
          .status == 200);
  game = *store::load_game(t.db, game.id);
  const std::int64_t seats = test::rows(t.db, "seats");
  const Answer a = run_action(t.db, Action::Join,
                              {{"game", id},
                               {"name", "Cy"},
                               {"add", "1"},
                               {"total", "30"},
                               {"round", "2"},
                               {"was", "0,30"}});
  CHECK(a.status == 409);
  CHECK(a.body["error"] ==
        "Nobody seated: the game changed meanwhile (Bob's total is now 40); check the starting "
        "total");
  CHECK(a.body["state"]["totals"]["Bob"] == 40);
  // Then round 2 is recorded from another phone: the form's round is gone too.
  game = test::play_round(t.db, game, {test::pts(0, 5), test::out(1)});
  const Answer b =
      run_action(t.db, Action::Join,
                 {{"game", id}, {"name", "Cy"}, {"add", "1"}, {"round", "2"}, {"was", "0,40"}});
  CHECK(b.status == 409);
  CHECK(b.body["error"] ==
        "Nobody seated: the game changed meanwhile (the next round is now round 3, not 2); "
        "check the starting total");
  CHECK(test::rows(t.db, "seats") == seats);
  CHECK(test::rows(t.db, "players") == 2);  // Cy was not added either
  // Seated on the form as it is now; a second form still showing two seats is refused.
  const Answer c =
      run_action(t.db, Action::Join,
                 {{"game", id}, {"name", "Cy"}, {"add", "1"}, {"round", "3"}, {"was", "5,40"}});
  REQUIRE(c.status == 200);
  CHECK(c.body["state"]["joined"]["Cy"]["start_total"] == 40);
  const Answer d =
      run_action(t.db, Action::Join,
                 {{"game", id}, {"name", "Dee"}, {"add", "1"}, {"round", "3"}, {"was", "5,40"}});
  CHECK(d.status == 409);
  CHECK(d.body["error"] ==
        "Nobody seated: the game changed meanwhile (Cy joined); check the starting total");
}

TEST_CASE("a correction from the phone of a round before a late arrival came leaves them out",
          "[serve][game_actions]") {
  Night t;
  store::Game game = test::new_game(t.db, {"Ann", "Bob"});
  game = test::play_round(t.db, game, {test::out(0), test::pts(1, 30)});
  const std::string id = std::to_string(game.id);
  REQUIRE(run_action(t.db, Action::Join, {{"game", id}, {"name", "Cy"}, {"add", "1"}}).status ==
          200);
  // The form shows Cy's field empty and disabled ("-" in what it was based on) and sends none.
  const Answer stale =
      run_action(t.db, Action::Edit,
                 {{"game", id}, {"round", "1"}, {"was", "0*,31,-"}, {"v0", "out"}, {"v1", "25"}});
  CHECK(stale.status == 409);
  CHECK(stale.body["error"] ==
        "round 1 changed meanwhile: Bob is now 30 \u2014 your values are kept");
  const Answer a =
      run_action(t.db, Action::Edit,
                 {{"game", id}, {"round", "1"}, {"was", "0*,30,-"}, {"v0", "out"}, {"v1", "25"}});
  REQUIRE(a.status == 200);
  const store::Game after = *store::load_game(t.db, game.id);
  CHECK(after.rounds[0].scores[1].points == 25);
  CHECK(after.standings().totals[2] == 30);  // Cy's starting total is as it was
  CHECK(a.body["state"]["rounds"][0]["scores"].size() == 2);
}

TEST_CASE("the hand page answers what crowns analyze says, and 400 for bad cards",
          "[serve][game_actions]") {
  const HandAnswer empty = hand_answer(std::nullopt, std::nullopt);
  CHECK(empty.status == 200);
  CHECK(empty.body.find("id=\"answer\"") == std::string::npos);
  const HandAnswer good = hand_answer("5", "7h 8h 9h Ks Kd 3c jk");
  CHECK(good.status == 200);
  CHECK(good.body.find("<pre>Round 5 · 7 cards · 7s wild\nhand     3c 7h 8h 9h Ks Kd jk\n") !=
        std::string::npos);
  CHECK(good.body.find("score    3 · does not go out\n</pre>") != std::string::npos);
  const HandAnswer bad = hand_answer("5", "7h 8x");
  CHECK(bad.status == 400);
  CHECK(bad.body.find("class=\"error\"") != std::string::npos);
  CHECK(hand_answer("12", "7h").status == 400);
  const HandAnswer hostile = hand_answer("3", "<script>");
  CHECK(hostile.status == 400);
  CHECK(hostile.body.find("<script>") == std::string::npos);
}

TEST_CASE("migration 9: the seats of a schema-8 database play from round 1 with 0",
          "[store][migration]") {
  test::TempDir dir;
  const std::string path = dir.file("v8.db");
  {
    const store::Database raw = test::database_at_schema(path, 8);
    raw.exec(R"sql(
      INSERT INTO players (id, name, created_at) VALUES (1, 'Ann', 't'), (2, 'Bob', 't');
      INSERT INTO games (id, played_on, status, first_dealer, created_at, touched)
        VALUES (1, '2026-01-10', 'active', 1, 't', 1);
      INSERT INTO seats (game_id, seat, player_id, total) VALUES (1, 0, 1, 0), (1, 1, 2, 9);
      INSERT INTO rounds (game_id, round, entered_at) VALUES (1, 1, 't');
      INSERT INTO scores (game_id, round, seat, points, went_out) VALUES (1, 1, 0, 0, 1), (1, 1, 1, 9, 0);
    )sql");
  }
  store::Database db = store::open_database(path, store::Access::Write);
  CHECK(test::rows(db, "seats WHERE joined_round IS NULL AND start_total = 0") == 2);
  const store::Game game = *store::load_game(db, 1);
  CHECK(game.seats[1].joined_round == 1);
  CHECK(!game.has_late_arrival());
  CHECK(game.dealer(2) == 0);  // the rotation of a game without a late arrival is unchanged
  CHECK(game.standings().totals == std::vector<int>{0, 9});
  // The new columns refuse what cannot be: a late arrival at round 1, a negative total.
  CHECK_THROWS(db.exec("UPDATE seats SET joined_round = 1 WHERE seat = 0"));
  CHECK_THROWS(db.exec("UPDATE seats SET start_total = -1 WHERE seat = 0"));
}
