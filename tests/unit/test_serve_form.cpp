// One reader of a phone's form fields (serve/form.hpp, issue 46 item 4): every number read by
// one rule, each bad value refused in one sentence naming the value, the field and the right
// form; seen= read once, with one error, by every write (two parsers once gave two).

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "serve/actions.hpp"
#include "serve/form.hpp"
#include "serve/game_actions.hpp"
#include "store/db.hpp"
#include "store_fixtures.hpp"
#include "temp_db.hpp"

using namespace crowns;
using namespace crowns::serve;

namespace {

std::string refusal_of(const Fields& fields, std::int64_t (Form::*read)(const std::string&) const,
                       const std::string& name) {
  try {
    (Form(fields).*read)(name);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

std::string maybe_refusal(const Fields& fields, const std::string& name) {
  try {
    (void)Form(fields).maybe_number(name);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("the form reader: numbers by one rule, each bad value one sentence", "[serve][form]") {
  const Form form(Fields{{"game", "12"},
                         {"seen", "0"},
                         {"round", "3"},
                         {"p0", "Ann"},
                         {"p1", "Bob"},
                         {"p2", ""},
                         {"p3", "Cy"},
                         {"was", "10,45,45"},
                         {"force", "1"}});
  CHECK(form.number("game") == 12);
  CHECK(form.seen() == 0);  // no change seen yet: 0 is a change number
  CHECK(form.maybe_number("round") == 3);
  CHECK_FALSE(form.maybe_number("typed"));                               // left out: none
  CHECK(form.names("p", 15) == std::vector<std::string>{"Ann", "Bob"});  // to the first empty
  CHECK(form.numbers("was") == std::vector<std::int64_t>{10, 45, 45});
  CHECK(form.items("was") == std::vector<std::string>{"10", "45", "45"});
  CHECK(form.items("new").empty());
  CHECK(form.ticked("force"));
  CHECK_FALSE(form.ticked("add"));
  CHECK(form.write_id().empty());
  CHECK(read_whole_number("1000000000000") == 1'000'000'000'000);
  CHECK_FALSE(read_whole_number("1000000000001"));

  const auto number = &Form::number;
  CHECK(refusal_of({}, number, "game") == "no game: send game=NUMBER");
  CHECK(refusal_of({{"game", ""}}, number, "game") == "no game: send game=NUMBER");
  CHECK(refusal_of({{"game", "x"}}, number, "game") ==
        "'x' is not a game number: send game=NUMBER");
  CHECK(refusal_of({{"game", "0"}}, number, "game") ==
        "'0' is not a game number: send game=NUMBER");
  CHECK(refusal_of({{"game", "1.5"}}, number, "game") ==
        "'1.5' is not a game number: send game=NUMBER");
  CHECK(refusal_of({{"game", "12abc"}}, number, "game") ==
        "'12abc' is not a game number: send game=NUMBER");
  CHECK(maybe_refusal({{"seen", "-1"}}, "seen") == "'-1' is not a change number: send seen=NUMBER");
  CHECK(maybe_refusal({{"seen", ""}}, "seen") == "'' is not a change number: send seen=NUMBER");
  CHECK(maybe_refusal({{"round", "0"}}, "round") == "'0' is not a round number: send round=NUMBER");
  CHECK(maybe_refusal({{"typed", "x"}}, "typed") == "'x' is not a round number: send typed=NUMBER");
  CHECK(maybe_refusal({{"change", "abc"}}, "change") ==
        "'abc' is not a change number: send change=NUMBER");
  CHECK(maybe_refusal({{"table", "-2"}}, "table") ==
        "'-2' is not a game number: send table=NUMBER");
  CHECK(maybe_refusal({{"total", "-3"}}, "total") ==
        "'-3' is not a starting total (a whole number, 0 or more): send total=NUMBER");
  try {
    (void)Form(Fields{{"was", "10,x,45"}}).numbers("was");
    FAIL("was=10,x,45 read");
  } catch (const Error& e) {
    CHECK(std::string(e.what()) ==
          "'x' is not a total (a whole number, 0 or more): send was=NUMBER");
  }
  try {
    (void)Form(Fields{{"wid", "short"}}).write_id();
    FAIL("wid=short read");
  } catch (const Error& e) {
    CHECK(std::string(e.what()) ==
          "'short' is not a write id: send wid= with 8 to 64 letters, digits, - or _");
  }
}

TEST_CASE("seen= is one field with one error, whichever write sends it", "[serve][form]") {
  test::TempDir dir;
  store::Database db = store::open_database(dir.file("crowns.db"), store::Access::Write);
  const store::Game game = test::new_game(db, {"Ann", "Bob"});
  test::play_round(db, game, {test::out(0), test::pts(1, 5)});
  const std::string id = std::to_string(game.id);
  const std::string expected = "'x' is not a change number: send seen=NUMBER";
  const Fields round{{"game", id}, {"seen", "x"}, {"v0", "out"}, {"v1", "4"}};
  CHECK(run_action(db, Action::Round, round).body["error"] == expected);
  const Fields edit{{"game", id}, {"seen", "x"}, {"round", "1"}, {"v0", "out"}, {"v1", "4"}};
  CHECK(run_action(db, Action::Edit, edit).body["error"] == expected);
  CHECK(run_action(db, Action::Undo, {{"game", id}, {"seen", "x"}}).body["error"] == expected);
  const Fields join{{"game", id}, {"seen", "x"}, {"name", "Cy"}, {"add", "1"}};
  CHECK(run_action(db, Action::Join, join).body["error"] == expected);
  const Fields tiebreak{{"game", id}, {"seen", "x"}, {"v0", "out"}};
  CHECK(run_action(db, Action::Tiebreak, tiebreak).body["error"] == expected);
  // Each refused with 400 and nothing written: one round still.
  CHECK(run_action(db, Action::Round, round).status == 400);
  CHECK(store::load_game(db, game.id)->rounds.size() == 1);
}
