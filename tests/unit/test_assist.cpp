// The move assistant's session (crowns assist): the state machine follows a round from the
// answers a player types, tracks the seen cards and the next player's pickups exactly as
// advise --seen/--next-holds want them, refuses cards that cannot be there, undoes and
// replays; its sessions survive in the store.

#include <algorithm>
#include <catch2/catch.hpp>

#include "crowns/assist.hpp"
#include "crowns/rules.hpp"
#include "crowns/solver.hpp"
#include "store/assist.hpp"
#include "store/db.hpp"
#include "temp_db.hpp"

using namespace crowns;
using assist::Ask;
using assist::Session;
using assist::Setup;

namespace {

std::vector<Card> sorted_cards(const char* text) {
  auto c = *parse_cards(text);
  std::sort(c.begin(), c.end());
  return c;
}

std::vector<Card> sorted_copy(std::vector<Card> c) {
  std::sort(c.begin(), c.end());
  return c;
}

Setup standalone(int round, int players) {
  Setup s;
  s.round = round;
  s.players = players;
  return s;
}

void answer(Session& session, const char* text) {
  INFO("answer: " << text);
  const auto ok = session.answer(text);
  if (!ok) FAIL(ok.error());
}

}  // namespace

TEST_CASE("assist: a turn that takes the top discard and goes out", "[assist]") {
  Session s(standalone(1, 2));
  CHECK(s.asking() == Ask::Hand);
  const auto short_hand = s.answer("7h 8h");
  REQUIRE_FALSE(short_hand);
  CHECK(short_hand.error() == "round 1 deals 3 cards, but you typed 2");
  CHECK(s.asking() == Ask::Hand);
  answer(s, "7h 8h Kd");
  CHECK(s.asking() == Ask::Top);
  CHECK_FALSE(s.answer(""));  // no top known yet
  answer(s, "9h");
  REQUIRE(s.asking() == Ask::Drawn);
  const Situation draw = s.draw_situation();
  CHECK(sorted_copy(draw.hand) == sorted_cards("7h 8h Kd"));
  CHECK(draw.top == *parse_card("9h"));
  CHECK(draw.seen.empty());
  answer(s, "t");
  REQUIRE(s.asking() == Ask::Thrown);
  CHECK(s.taken() == *parse_card("9h"));
  // The situation of the draw decision stays the same while the throw is asked.
  CHECK(sorted_copy(s.draw_situation().hand) == sorted_cards("7h 8h Kd"));
  const auto back = s.answer("9h");
  REQUIRE_FALSE(back);
  CHECK(back.error().find("may not go straight back") != std::string::npos);
  const auto missing = s.answer("Qs");
  REQUIRE_FALSE(missing);
  CHECK(missing.error() == "you do not have Qs (your cards: 7h 8h 9h Kd)");
  answer(s, "Kd");
  REQUIRE(s.asking() == Ask::RoundEnd);
  REQUIRE(s.result());
  CHECK(s.result()->went_out);
  CHECK(s.result()->score == 0);
  answer(s, "");
  CHECK(s.asking() == Ask::Hand);
  CHECK(s.round() == 2);
  CHECK(s.wild_rank() == wild_rank_of_round(2));
}

TEST_CASE("assist: the others' turns become seen cards and the next player's pickups", "[assist]") {
  Session s(standalone(1, 3));
  answer(s, "7h 8h Kd");
  answer(s, "Qs");
  answer(s, "4c");  // drew the 4c
  REQUIRE(s.asking() == Ask::Thrown);
  // After a deck draw the top discard is out of play: in seen, not a top.
  const Situation discard = s.discard_situation();
  CHECK(sorted_copy(discard.hand) == sorted_cards("4c 7h 8h Kd"));
  CHECK_FALSE(discard.top);
  CHECK(discard.seen == sorted_cards("Qs"));
  answer(s, "4c");
  REQUIRE(s.asking() == Ask::Others);
  CHECK(s.others_turn() == 1);
  answer(s, "t 5d");  // the next player took my 4c and threw the 5d
  CHECK(s.others_turn() == 2);
  answer(s, "6d");  // the player after drew and threw the 6d
  REQUIRE(s.asking() == Ask::Top);
  CHECK(s.top() == *parse_card("6d"));
  answer(s, "");  // Enter: the top is the 6d
  const Situation d = s.draw_situation();
  CHECK(d.top == *parse_card("6d"));
  CHECK(sorted_copy(d.seen) == sorted_cards("Qs 5d"));
  CHECK(d.next_holds == sorted_cards("4c"));
  CHECK(d.players == 3);
  // The next player throws back what they took: it leaves their known cards.
  CHECK_FALSE(s.answer("2c"));  // no such card: the question again
  answer(s, "Qd");              // drew the Qd
  answer(s, "Kd");
  answer(s, "4c");  // the next player throws back the 4c they took
  answer(s, "");    // Enter: my turn
  answer(s, "");    // the top is the 4c
  const Situation e = s.draw_situation();
  CHECK(e.top == *parse_card("4c"));
  CHECK(e.next_holds.empty());
  CHECK(sorted_copy(e.seen) == sorted_cards("Qs 5d 6d Kd"));
  // Every move whose top discard was known reaches the advisor, seats counted from me.
  const auto move = [](int seat, const char* offered, bool took, const char* discarded) {
    return TableMove{.seat = seat,
                     .offered = *parse_card(offered),
                     .took = took,
                     .discarded = *parse_card(discarded)};
  };
  CHECK(e.actions == std::vector<TableMove>{move(0, "Qs", false, "4c"), move(1, "4c", true, "5d"),
                                            move(2, "5d", false, "6d"), move(0, "6d", false, "Kd"),
                                            move(1, "Kd", false, "4c")});
  CHECK(d.actions.size() == 3);
}

TEST_CASE("assist: a card that cannot be there gets one line and the question again", "[assist]") {
  Session s(standalone(1, 2));
  const auto three = s.answer("7h 7h 7h");
  REQUIRE_FALSE(three);
  CHECK(three.error() ==
        "7h cannot be in your hand: one box holds 2 copies and all are seen (your hand 2)");
  CHECK(s.asking() == Ask::Hand);
  CHECK(s.hand().empty());
  answer(s, "7h 7h 8h");
  const auto top = s.answer("7h");
  REQUIRE_FALSE(top);
  CHECK(top.error() ==
        "7h cannot be the top discard: one box holds 2 copies and all are seen (your hand 2)");
  answer(s, "jk");
  CHECK_FALSE(s.answer("8x"));
  answer(s, "8h");                    // drew the other 8h
  const auto third = s.answer("8h");  // thrown: fine, I hold two
  CHECK(third);
  Setup two = standalone(1, 2);
  two.boxes = 2;
  Session big(two);
  answer(big, "7h 7h 7h");  // two boxes hold 4
  CHECK(big.asking() == Ask::Top);
}

TEST_CASE("assist: shuffle puts the discard pile back in play when the stock runs out",
          "[assist]") {
  Session s(standalone(1, 2));
  answer(s, "7h 8d 9s");
  CHECK_FALSE(s.answer("shuffle"));  // not a hand
  answer(s, "Kc");                   // the top
  const auto nothing = s.answer("shuffle");
  REQUIRE_FALSE(nothing);
  CHECK(nothing.error() == "the discard pile under the top is empty: nothing to shuffle");
  answer(s, "Kc");  // drew the other Kc
  answer(s, "Kc");  // and threw it: the first Kc went under
  answer(s, "4d");  // the next player drew and threw 4d: both Kc are in the pile
  REQUIRE(s.asking() == Ask::Top);
  answer(s, "");
  REQUIRE(s.asking() == Ask::Drawn);
  const auto gone = s.answer("Kc");
  REQUIRE_FALSE(gone);
  CHECK(gone.error() ==
        "Kc cannot be drawn: one box holds 2 copies and all are seen (the discard pile 2); if "
        "the discard pile was shuffled into a new stock, type shuffle first");
  CHECK(s.draw_situation().seen.size() == 2);
  answer(s, "SHUFFLE");
  CHECK(s.asking() == Ask::Drawn);  // the same question again
  CHECK(s.draw_situation().seen.empty());
  CHECK(s.top() == parse_card("4d").value());  // the top stays
  answer(s, "Kc");
  CHECK(s.asking() == Ask::Thrown);
  // Undo takes the draw back, then the shuffle: the pile is seen again.
  REQUIRE(s.undo());
  REQUIRE(s.undo());
  CHECK(s.draw_situation().seen.size() == 2);
  CHECK_FALSE(s.answer("Kc"));
}

TEST_CASE("assist: undo takes back one answer; replaying the answers rebuilds the session",
          "[assist]") {
  Session s(standalone(3, 2));
  answer(s, "4c 6d 9h Jh Qs");
  answer(s, "Kh");
  answer(s, "3s");
  answer(s, "3s");
  REQUIRE(s.asking() == Ask::Others);
  const auto answers = s.answers();
  REQUIRE(s.undo());
  CHECK(s.asking() == Ask::Thrown);
  CHECK(s.answers().size() == answers.size() - 1);
  CHECK(s.hand().size() == 6);
  answer(s, "9h");
  const Situation d = [&] {
    answer(s, "");
    answer(s, "");
    return s.draw_situation();
  }();
  CHECK(sorted_copy(d.seen) == sorted_cards("Kh"));
  CHECK(d.top == *parse_card("9h"));
  const auto again = Session::replay(s.setup(), s.answers());
  REQUIRE(again);
  CHECK(again->asking() == s.asking());
  CHECK(sorted_copy(again->draw_situation().seen) == sorted_copy(d.seen));
  CHECK(again->hand() == s.hand());
  while (s.undo()) {
  }
  CHECK(s.asking() == Ask::Hand);
  CHECK(s.answers().empty());
}

TEST_CASE("assist: out NAME makes the next turn the last; the round ends with the best lay-down",
          "[assist]") {
  Setup g;
  g.round = 2;
  g.players = 3;
  g.names = {"Mary Jo", "Bob", "Cy"};
  g.me = 1;  // Bob: Cy plays after me, then Mary Jo
  Session s(g);
  CHECK(s.name_after_me(1) == "Cy");
  CHECK(s.name_after_me(2) == "Mary Jo");
  answer(s, "7h 8h Kd Qs");
  answer(s, "3c");
  answer(s, "5s");
  answer(s, "5s");
  const auto who = s.answer("out Dan 9c");
  REQUIRE_FALSE(who);
  CHECK(who.error() == "'Dan' is not another player of this game (Cy, Mary Jo)");
  answer(s, "out mary jo 9c");
  CHECK(s.last_turn());
  CHECK(s.asking() == Ask::Top);
  CHECK(s.top() == *parse_card("9c"));
  answer(s, "");
  CHECK(s.draw_situation().last);
  answer(s, "9h");
  answer(s, "Kd");
  REQUIRE(s.asking() == Ask::RoundEnd);
  const auto& r = *s.result();
  CHECK_FALSE(r.went_out);
  CHECK(r.out_by == "Mary Jo");
  CHECK(r.hand == sorted_cards("7h 8h 9h Qs"));
  CHECK(r.score == min_score(r.hand, wild_rank_of_round(2), HandMode::Dealt));
  CHECK(r.score == 12);  // 7h 8h 9h, the Qs left
}

TEST_CASE("assist: after round 11 the session is finished", "[assist]") {
  Session s(standalone(11, 2));
  answer(s, "3c 4c 5c 6c 7c 8c 9c 10c Jc Qc 3d 3s 4d");
  answer(s, "Kh");
  answer(s, "t");
  answer(s, "4d");
  REQUIRE(s.asking() == Ask::RoundEnd);  // 3c..Qc and 3d 3s + Kh (wild): out
  CHECK(s.result()->went_out);
  answer(s, "");
  CHECK(s.asking() == Ask::Finished);
  CHECK_FALSE(s.answer(""));
}

TEST_CASE("assist sessions are saved and read back to resume", "[assist][store]") {
  crowns::test::TempDir dir;
  store::Database db = store::open_database(dir.file("a.db"));
  CHECK_FALSE(store::active_assist(db));
  CHECK_FALSE(store::remembered_me(db));
  store::AssistRecord r;
  r.me = "Bob";
  r.setup.round = 4;
  r.setup.players = 3;
  r.setup.names = {"Ann", "Bob", "Cy"};
  r.setup.me = 1;
  r.answers = {"7h 8h Kd Qs 5c 5d", "9h", "t", "Kd", ""};
  store::save_assist(db, r);
  REQUIRE(r.id > 0);
  auto back = store::active_assist(db);
  REQUIRE(back);
  CHECK(back->id == r.id);
  CHECK(back->setup.round == 4);
  CHECK(back->setup.players == 3);
  CHECK(back->setup.names == r.setup.names);
  CHECK(back->setup.me == 1);
  CHECK(back->answers == r.answers);
  CHECK(store::remembered_me(db) == "Bob");
  r.answers.emplace_back("<never applied>");
  store::save_assist(db, r);
  CHECK(store::active_assist(db)->answers.size() == 6);
  store::close_assists(db);
  CHECK_FALSE(store::active_assist(db));
  CHECK(store::remembered_me(db) == "Bob");
}
