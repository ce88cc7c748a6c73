// A club night on one crowns serve (issue 38): which game a table follows (table/tables.hpp
// game_at_table), the list of tables, the event a page's stream sends, the home-screen manifest
// and the QR code of a table's scorekeeper link; the hand page's answer above its form and its
// "just drawn" choice.

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "serve/game_actions.hpp"
#include "serve/hand_page.hpp"
#include "serve/pages.hpp"
#include "serve/qr.hpp"
#include "store/db.hpp"
#include "store_fixtures.hpp"
#include "table/keeper.hpp"
#include "table/tables.hpp"
#include "temp_db.hpp"

using namespace crowns;
using namespace crowns::serve;
using crowns::test::play_out;

namespace {

struct Club {
  test::TempDir dir;
  std::string path = dir.file("crowns.db");
  store::Database db = store::open_database(path, store::Access::Write);
};

}  // namespace

TEST_CASE("a table follows its own game and its rematch, never another table's", "[serve][club]") {
  Club t;
  store::Game one = test::new_game(t.db, {"Ann", "Bob", "Cy"});
  one = test::play_round(t.db, one, {test::out(0), test::pts(1, 5), test::pts(2, 9)});
  CHECK(table::tables_in_progress(t.db).empty());  // one table: no list
  const store::Game two = test::new_game(t.db, {"Dee", "Eve"});
  // Table 2's game is newer and played last: table 1 stays on its game.
  CHECK(table::game_at_table(t.db, one.id).id == one.id);
  CHECK(table::game_at_table(t.db, two.id).id == two.id);
  const auto tables = table::tables_in_progress(t.db);
  REQUIRE(tables.size() == 2);
  CHECK(tables[0].id == one.id);  // by number
  const std::string list = tables_html(tables);
  CHECK(list.find("<b>Game 1</b> <span>Ann, Bob, Cy</span>") != std::string::npos);
  CHECK(list.find("round 2 of 11 · Ann leads with 0") != std::string::npos);
  CHECK(list.find("round 1 of 11 · no round yet") != std::string::npos);
  CHECK(list.find("href=\"/?game=2\" data-table=\"2\"") != std::string::npos);
  // The stream of `/` (no game) lists the tables; of a table, its game's card.
  const auto listed = nlohmann::json::parse(live_event(t.db, std::nullopt, false, 4).substr(18));
  CHECK(listed["tables"] == nlohmann::json::array({1, 2}));
  CHECK(listed["state"].is_null());
  const auto followed = nlohmann::json::parse(live_event(t.db, one.id, true, 4).substr(18));
  CHECK(followed["game"] == one.id);

  // Table 1 finishes; table 2 plays a round (played last). Table 1's rematch moves table 1.
  one = play_out(t.db, one);
  CHECK(table::game_at_table(t.db, one.id).id ==
        one.id);  // over, and nothing after it of its players
  test::play_round(t.db, two, {test::out(0), test::pts(1, 3)});
  const store::Game rematch = test::new_game(t.db, {"Ann", "Bob", "Cy"});
  const store::Game other = test::new_game(t.db, {"Fay", "Gus"});  // a third table, later
  CHECK(table::game_at_table(t.db, one.id).id == rematch.id);
  CHECK(table::game_at_table(t.db, two.id).id == two.id);
  CHECK(table::game_at_table(t.db, other.id).id == other.id);
  // A game of one shared player is not the table's next game.
  const store::Game mixed = test::new_game(t.db, {"Ann", "Zed"});
  CHECK(table::game_at_table(t.db, one.id).id == rematch.id);
  CHECK(mixed.id > rematch.id);
  // The rematch over: the table stays on it (not back on game 1), until its next game.
  play_out(t.db, rematch);
  CHECK(table::game_at_table(t.db, one.id).id == rematch.id);
  const store::Game third = test::new_game(t.db, {"Cy", "Bob", "Ann"});
  CHECK(table::game_at_table(t.db, one.id).id == third.id);
  CHECK(table::game_at_table(t.db, rematch.id).id == third.id);
  CHECK_THROWS_AS(table::game_at_table(t.db, 99), Error);
}

TEST_CASE("two tables whose players overlap: each follows the games started at it",
          "[serve][club]") {
  Club t;
  store::Game one = test::new_game(t.db, {"Ann", "Bob", "Cy", "Dee"});
  store::Game two = test::new_game(t.db, {"Eve", "Fay", "Gus", "Hal"});
  one = play_out(t.db, one);
  two = play_out(t.db, two);
  const auto games = [&] { return test::rows(t.db, "games"); };
  // The players change tables. Table 2's page starts Ann, Bob, Eve and Fay: table 2's game,
  // though it seats two of table 1's players.
  const Answer at_two = run_game_action(t.db, Action::Start,
                                        {{"p0", "Ann"},
                                         {"p1", "Bob"},
                                         {"p2", "Eve"},
                                         {"p3", "Fay"},
                                         {"table", std::to_string(two.id)}});
  REQUIRE(at_two.status == 200);
  const std::int64_t three = at_two.body["state"]["id"].get<std::int64_t>();
  CHECK(store::continued_table(t.db, three) == two.id);
  CHECK(table::game_at_table(t.db, two.id).id == three);
  CHECK(table::game_at_table(t.db, one.id).id == one.id);  // not moved by another table's game
  // Table 1's page starts the others: table 1's game, though the newest.
  const Answer at_one = run_game_action(t.db, Action::Start,
                                        {{"p0", "Cy"},
                                         {"p1", "Dee"},
                                         {"p2", "Gus"},
                                         {"p3", "Hal"},
                                         {"table", std::to_string(one.id)},
                                         {"confirm", "1"}});
  REQUIRE(at_one.status == 200);
  const std::int64_t four = at_one.body["state"]["id"].get<std::int64_t>();
  CHECK(table::game_at_table(t.db, one.id).id == four);
  CHECK(table::game_at_table(t.db, two.id).id == three);
  // Table 2's game over, its rematch stays at table 2 (it seats Ann and Bob of table 1 too).
  play_out(t.db, *store::load_game(t.db, three));
  const Answer rematch =
      run_game_action(t.db, Action::Rematch, {{"game", std::to_string(three)}, {"confirm", "1"}});
  REQUIRE(rematch.status == 200);
  const std::int64_t five = rematch.body["state"]["id"].get<std::int64_t>();
  CHECK(store::continued_table(t.db, five) == three);
  CHECK(table::game_at_table(t.db, two.id).id == five);
  CHECK(table::game_at_table(t.db, three).id == five);
  CHECK(table::game_at_table(t.db, one.id).id == four);
  // A second phone at table 2, still showing game 3, asks for the rematch too, or starts a
  // game: refused with the table's game now, and no second game at one table.
  const auto before = games();
  for (const Answer& late :
       {run_game_action(t.db, Action::Rematch, {{"game", std::to_string(three)}, {"confirm", "1"}}),
        run_game_action(
            t.db, Action::Start,
            {{"p0", "Ann"}, {"p1", "Bob"}, {"table", std::to_string(three)}, {"confirm", "1"}})}) {
    CHECK(late.status == 409);
    CHECK(late.body["error"] == "This table's next game has started meanwhile: game " +
                                    std::to_string(five) + " (Ann, Bob, Eve, Fay)");
    CHECK(late.body["state"]["id"] == five);
  }
  CHECK(games() == before);
  CHECK_THROWS_AS(run_game_action(t.db, Action::Start, {{"p0", "Ann"}, {"table", "x"}}), Error);
  // A game started in a terminal says no table: a table whose game is over takes it as its next
  // when it seats two of its players or more, as before.
  play_out(t.db, *store::load_game(t.db, four));
  const store::Game six = test::new_game(t.db, {"Cy", "Dee", "Zed"});
  CHECK(!store::continued_table(t.db, six.id));
  CHECK(table::game_at_table(t.db, one.id).id == six.id);
  CHECK(table::game_at_table(t.db, two.id).id == five);
  // Table 2 starts another game from its page while game 5 is still played ("Start it
  // anyway"): the table plays the new one, and game 5 is no table of its own in the list.
  CHECK(table::tables_in_progress(t.db).size() == 2);
  const Answer anyway = run_game_action(
      t.db, Action::Start,
      {{"p0", "Eve"}, {"p1", "Fay"}, {"table", std::to_string(five)}, {"confirm", "1"}});
  REQUIRE(anyway.status == 200);
  const std::int64_t seven = anyway.body["state"]["id"].get<std::int64_t>();
  CHECK(table::game_at_table(t.db, five).id == seven);
  CHECK(table::game_at_table(t.db, two.id).id == seven);
  CHECK(table::game_at_table(t.db, one.id).id == six.id);
  const auto listed = table::tables_in_progress(t.db);
  REQUIRE(listed.size() == 2);
  CHECK(listed[0].id == six.id);
  CHECK(listed[1].id == seven);
}

TEST_CASE("a page for `/` lists the tables when two or more are in progress", "[serve][club]") {
  Club t;
  test::new_game(t.db, {"Ann", "Bob"});
  const std::string single = game_page(t.db, std::nullopt, {.token = {}, .table = true});
  CHECK(single.find("data-table=\"1\"") != std::string::npos);
  CHECK(single.find("data-game=\"1\"") != std::string::npos);
  test::new_game(t.db, {"Cy", "Dee"});
  const std::string both = game_page(t.db, std::nullopt, {.token = {}, .table = true});
  CHECK(both.find("<h1>Tables <small>2 games in progress</small></h1>") != std::string::npos);
  CHECK(both.find("data-game=") == std::string::npos);
  // A table's page shows its game; one game's page (/game/N) is not a table's.
  CHECK(game_page(t.db, 1, {.token = {}, .table = true}).find("<h1>Game 1 ") != std::string::npos);
  CHECK(game_page(t.db, 1, {}).find("data-table") == std::string::npos);
  // Every page names its manifest, theme colour and touch icon; the keeper's, its own.
  CHECK(both.find("<link rel=\"manifest\" href=\"/manifest.webmanifest\">") != std::string::npos);
  CHECK(both.find("<meta name=\"theme-color\" content=\"#0b5cad\">") != std::string::npos);
  CHECK(both.find("<link rel=\"apple-touch-icon\" href=\"/icon-180.png\">") != std::string::npos);
  CHECK(game_page(t.db, 2, {.token = "abc", .table = true})
            .find("href=\"/manifest.webmanifest?token=abc&amp;game=2\"") != std::string::npos);
  // A viewer's table page: its table's manifest.
  CHECK(game_page(t.db, 2, {.token = {}, .table = true})
            .find("href=\"/manifest.webmanifest?game=2\"") != std::string::npos);
}

TEST_CASE(
    "a table's page whose game is gone (its start undone, deleted) shows the game before it "
    "at the table, or its start form",
    "[serve][club]") {
  Club t;
  table::NobodyAsked nobody;
  // Game 1 over; its rematch (game 2) started from the table's page, then undone.
  const store::Game first = play_out(t.db, test::new_game(t.db, {"Ann", "Bob"}));
  const auto rematch = table::start_rematch(t.db, first.id, nobody);
  REQUIRE(rematch);
  REQUIRE(table::undo(t.db, rematch->id, {}));
  REQUIRE_FALSE(store::load_game(t.db, rematch->id));
  const auto now = table::game_at_table_now(t.db, rematch->id);
  REQUIRE(now);
  CHECK(now->id == first.id);
  const std::string keeper = game_page(t.db, rematch->id, {.token = "abc", .table = true});
  CHECK(keeper.find("<h1>Game " + std::to_string(first.id) + " ") != std::string::npos);
  CHECK(keeper.find("data-token=\"abc\"") != std::string::npos);
  CHECK(live_event(t.db, rematch->id, true, 1).find("\"game\":" + std::to_string(first.id)) !=
        std::string::npos);
  // A table's first game, deleted: its start form.
  const store::Game lone = test::new_game(t.db, {"Cy", "Dee"});
  REQUIRE(table::delete_game(t.db, lone.id, {}));
  CHECK_FALSE(table::game_at_table_now(t.db, lone.id));
  const std::string gone = game_page(t.db, lone.id, {.token = "abc", .table = true});
  CHECK(gone.find("<h1>No game at this table</h1>") != std::string::npos);
  CHECK(gone.find("crowns new") == std::string::npos);
}

TEST_CASE("the manifest: the scorekeeper's opens its table's page, a viewer's too",
          "[serve][club]") {
  const auto keeper = nlohmann::json::parse(manifest_json("abc", 7));
  CHECK(keeper["start_url"] == "/keep?token=abc&game=7");
  CHECK(keeper["id"] == "/keep?game=7");  // no token in the id
  CHECK(keeper["display"] == "standalone");
  CHECK(keeper["theme_color"] == "#0b5cad");
  CHECK(keeper["icons"].size() == 4);
  CHECK(keeper["icons"][1]["src"] == "/icon-192.png");
  CHECK(keeper["icons"][3]["purpose"] == "maskable");
  const auto viewer = nlohmann::json::parse(manifest_json("", std::nullopt));
  CHECK(viewer["start_url"] == "/");
  CHECK(viewer["name"] == "Five Crowns");
  CHECK(nlohmann::json::parse(manifest_json("", 3))["start_url"] == "/?game=3");
}

TEST_CASE("a table's scorekeeper link as a QR code in SVG", "[serve][club]") {
  const std::string svg = qr_svg("http://192.168.1.20:8765/keep?token=abc&game=3");
  CHECK(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 "));
  CHECK(svg.find("<path fill=\"#000\" d=\"M4 4h1v1h-1z") != std::string::npos);  // a finder
  CHECK(svg.find("token") == std::string::npos);  // the link is in the modules only
}

TEST_CASE("the hand page: the answer above the form, and the card just drawn", "[serve][club]") {
  const HandAnswer good = hand_answer("5", "7h 8h 9h Ks Kd 3c jk");
  CHECK(good.body.find("id=\"answer\"") < good.body.find("<form"));
  const HandAnswer drawn = hand_answer("5", "7h 8h 9h Ks Kd 3c jk 4s", HandMode::Drawn);
  CHECK(drawn.status == 200);
  CHECK(drawn.body.find("&amp;drawn=1") != std::string::npos);
  CHECK(drawn.body.find("name=\"drawn\" value=\"1\" checked>") != std::string::npos);
  CHECK(drawn.body.find("id=\"answer\"") < drawn.body.find("<form"));
  const HandAnswer bad = hand_answer("5", "7h 8x");
  CHECK(bad.body.find("id=\"answer\"") < bad.body.find("<form"));
}
