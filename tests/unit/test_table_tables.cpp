// Which game a table plays is the table layer's (issue 46 item 2, table/tables.hpp), and the
// write that starts a table's next game checks it inside its transaction, for every door: a
// second rematch or a second next game at one table is refused (Refused::MovedOn) with the
// game the table plays now, even when the table moved on while the person was being asked.

#include <catch2/catch.hpp>
#include <functional>

#include "serve/game_actions.hpp"
#include "store/db.hpp"
#include "store/games.hpp"
#include "store_fixtures.hpp"
#include "table/keeper.hpp"
#include "table/tables.hpp"
#include "temp_db.hpp"

using namespace crowns;
using crowns::test::play_out;

namespace {

struct Tables {
  test::TempDir dir;
  store::Database db = store::open_database(dir.file("crowns.db"), store::Access::Write);
};

// A person who, while asked whether to start a second game beside one in progress, is beaten
// to it: `meanwhile` runs (another phone at the table starts its next game), then "yes".
class SlowYes final : public table::Asker {
 public:
  explicit SlowYes(std::function<void()> meanwhile) : meanwhile_(std::move(meanwhile)) {}
  table::Reply confirm(const table::Ask& ask) override {
    if (ask.kind != table::Question::InProgress) return table::Reply::Unanswered;
    if (meanwhile_) std::exchange(meanwhile_, nullptr)();
    return table::Reply::Yes;
  }
  std::optional<std::size_t> choose(const table::Ask& /*ask*/) override { return std::nullopt; }

 private:
  std::function<void()> meanwhile_;
};

std::int64_t games(const store::Database& db) {
  return store::list_games_page(db, 0, 100).total;
}

}  // namespace

TEST_CASE("a second rematch of one game is refused with the game its table plays now",
          "[table][tables]") {
  Tables t;
  table::NobodyAsked nobody;
  const store::Game first = play_out(t.db, test::new_game(t.db, {"Ann", "Bob"}));
  CHECK(table::game_at_table(t.db, first.id).id == first.id);
  const auto rematch = table::start_rematch(t.db, first.id, nobody);
  REQUIRE(rematch);
  CHECK(table::game_at_table(t.db, first.id).id == rematch->id);
  // The terminal's door and the phone's call the same function: refused, nothing written.
  const auto again = table::start_rematch(t.db, first.id, nobody);
  REQUIRE_FALSE(again);
  CHECK(again.refusal().kind == table::Refused::MovedOn);
  REQUIRE(again.refusal().game);
  CHECK(again.refusal().game->id == rematch->id);
  CHECK(again.refusal().message == "this table's next game has started meanwhile: game " +
                                       std::to_string(rematch->id) + " (Ann, Bob)");
  // A new game started from the table's page as it showed game 1: refused the same way.
  const auto next = table::start_game(
      t.db, {.players = {"Ann", "Bob"}, .date = "2026-01-16", .after = first.id}, nobody);
  REQUIRE_FALSE(next);
  CHECK(next.refusal().kind == table::Refused::MovedOn);
  CHECK(games(t.db) == 2);
  // The phone's door: 409 with the state of the game the table plays now.
  const auto answer =
      serve::run_game_action(t.db, serve::Action::Rematch, {{"game", std::to_string(first.id)}});
  CHECK(answer.status == 409);
  CHECK(answer.body["state"]["id"] == rematch->id);
  CHECK(answer.body["error"].get<std::string>().starts_with("This table's next game"));
  const auto start =
      serve::run_game_action(t.db, serve::Action::Start,
                             {{"table", std::to_string(first.id)}, {"p0", "Ann"}, {"p1", "Bob"}});
  CHECK(start.status == 409);
  CHECK(start.body["state"]["id"] == rematch->id);
  CHECK(games(t.db) == 2);
  // From the game the table plays now, its next game starts.
  const store::Game second = play_out(t.db, *rematch);
  CHECK(table::start_game(
      t.db, {.players = {"Ann", "Bob"}, .date = "2026-01-16", .after = second.id}, nobody));
  CHECK(games(t.db) == 3);
}

TEST_CASE("the table is checked inside the write's transaction: moved on while asked",
          "[table][tables]") {
  Tables t;
  const store::Game first = play_out(t.db, test::new_game(t.db, {"Ann", "Bob"}));
  // Another table plays: starting a game asks "start another anyway?" first.
  const store::Game other = test::new_game(t.db, {"Cy", "Dee"});
  test::play_round(t.db, other, {test::out(0), test::pts(1, 5)});
  std::optional<std::int64_t> theirs;
  const auto phone_b = [&] {
    table::AnsweredAhead yes({table::Question::InProgress});
    const auto started = table::start_rematch(t.db, first.id, yes);
    REQUIRE(started);
    theirs = started->id;
  };
  SECTION("a rematch") {
    SlowYes slow(phone_b);
    const auto mine = table::start_rematch(t.db, first.id, slow);
    REQUIRE_FALSE(mine);
    CHECK(mine.refusal().kind == table::Refused::MovedOn);
    REQUIRE(theirs);
    CHECK(mine.refusal().game->id == *theirs);
  }
  SECTION("a new game from the table's page") {
    SlowYes slow(phone_b);
    const auto mine = table::start_game(
        t.db, {.players = {"Ann", "Bob"}, .date = "2026-01-16", .after = first.id}, slow);
    REQUIRE_FALSE(mine);
    CHECK(mine.refusal().kind == table::Refused::MovedOn);
    REQUIRE(theirs);
    CHECK(mine.refusal().game->id == *theirs);
  }
  CHECK(games(t.db) == 3);  // one next game at the table, not two
  CHECK(table::game_at_table(t.db, first.id).id == *theirs);
  CHECK(table::game_at_table(t.db, other.id).id == other.id);  // the other table unmoved
}

TEST_CASE("a start sent again after its answer was lost is its own game, not moved on",
          "[table][tables]") {
  Tables t;
  table::NobodyAsked nobody;
  const store::Game first = play_out(t.db, test::new_game(t.db, {"Ann", "Bob"}));
  const table::Basis basis{.write = "w-1234567890abcdef"};
  const auto rematch = table::start_rematch(t.db, first.id, nobody, basis);
  REQUIRE(rematch);
  const auto again = table::start_rematch(t.db, first.id, nobody, basis);
  REQUIRE_FALSE(again);
  CHECK(again.refusal().kind == table::Refused::Stored);
  CHECK(games(t.db) == 2);
}

TEST_CASE("a table page whose game is gone shows the game before it at its table, or none",
          "[table][tables]") {
  Tables t;
  table::NobodyAsked nobody;
  const auto gone = [&](std::int64_t id) {
    REQUIRE(table::delete_game(t.db, id, {}));
    REQUIRE_FALSE(store::load_game(t.db, id));
  };
  // The table's first game of the day, gone: none (the page's start form), even though its
  // players played together on an earlier day.
  auto yesterday =
      store::NewGame{.players = {"Ann", "Bob"}, .date = "2026-01-14", .add_unknown = true};
  const auto earlier = table::start_game(t.db, yesterday, nobody);
  REQUIRE(earlier);
  play_out(t.db, *earlier);
  const store::Game first = test::new_game(t.db, {"Ann", "Bob"});
  gone(first.id);
  CHECK_FALSE(table::game_at_table_now(t.db, first.id));
  // A rematch gone: the game it named.
  const store::Game played = play_out(t.db, test::new_game(t.db, {"Ann", "Bob", "Cy"}));
  const auto rematch = table::start_rematch(t.db, played.id, nobody);
  REQUIRE(rematch);
  gone(rematch->id);
  REQUIRE(table::game_at_table_now(t.db, rematch->id));
  CHECK(table::game_at_table_now(t.db, rematch->id)->id == played.id);
  // A game the terminal started after it (naming no table), seating two of its players: the
  // table followed it there; gone, back to the game before it (a page reloaded at the gone
  // game shows what a page that followed the table there shows).
  const store::Game next = test::new_game(t.db, {"Bob", "Cy"});
  CHECK(table::game_at_table(t.db, played.id).id == next.id);
  gone(next.id);
  REQUIRE(table::game_at_table_now(t.db, next.id));
  CHECK(table::game_at_table_now(t.db, next.id)->id == played.id);
  CHECK(table::game_at_table(t.db, played.id).id == played.id);
  // One seating a single player of it is another table's first game: none.
  const store::Game elsewhere = test::new_game(t.db, {"Cy", "Dee"});
  gone(elsewhere.id);
  CHECK_FALSE(table::game_at_table_now(t.db, elsewhere.id));
}
