// The table layer (src/table): each write once for every door, its stale-write rule, its
// repeat guard, its question before a second game, and the one order of finish that every
// screen shows.

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli/hint_words.hpp"
#include "crowns/results.hpp"
#include "crowns/rules.hpp"
#include "serve/actions.hpp"
#include "serve/hand_page.hpp"
#include "serve/hint_words.hpp"
#include "serve/pages.hpp"
#include "store/audit.hpp"
#include "store/db.hpp"
#include "store/players.hpp"
#include "store/rounds.hpp"
#include "store_fixtures.hpp"
#include "table/keeper.hpp"
#include "temp_db.hpp"
#include "views/scorecard.hpp"

using namespace crowns;
using namespace crowns::table;

namespace {

store::NewGame game_of(std::vector<std::string> players) {
  store::NewGame spec;
  spec.players = std::move(players);
  spec.date = "2026-01-15";
  spec.add_unknown = true;
  return spec;
}

struct Table {
  test::TempDir dir;
  store::Database db = store::open_database(dir.file("crowns.db"), store::Access::Write);
};

// A question asker that records what it was asked and answers as told.
class Scripted final : public Asker {
 public:
  explicit Scripted(Reply reply) : reply_(reply) {}
  Reply confirm(const Ask& ask) override {
    asked.push_back(ask);
    return reply_;
  }
  std::optional<std::size_t> choose(const Ask& ask) override {
    asked.push_back(ask);
    return std::nullopt;
  }
  std::vector<Ask> asked;

 private:
  Reply reply_;
};

// Ann, Bob and Cat tied at 70 after 11 rounds.
store::Game three_way_tie(store::Database& db) {
  store::Game game = test::new_game(db, {"Ann", "Bob", "Cat"});
  for (int r = 1; r <= 9; ++r) {  // each goes out three times and scores 10 six times
    std::vector<store::SeatScore> scores;
    scores.reserve(3);
    for (int s = 0; s < 3; ++s) scores.push_back(s == r % 3 ? test::out(s) : test::pts(s, 10));
    game = test::play_round(db, game, scores);
  }
  game = test::play_round(db, game, {test::out(0), test::pts(1, 10), test::pts(2, 5)});
  return test::play_round(db, game, {test::pts(0, 10), test::out(1), test::pts(2, 5)});
}

}  // namespace

TEST_CASE(
    "the stale-write rule: a write typed against an older state is refused, naming the "
    "change, and writes nothing",
    "[table]") {
  Table t;
  const store::Game game = test::new_game(t.db, {"Ann", "Bob"});
  const std::int64_t seen = game.last_change;
  REQUIRE(seen > 0);
  NobodyAsked nobody;
  // Another door records round 1.
  auto first = record_round(t.db, {.game = game.id, .values = {"0*", "15"}}, nobody);
  REQUIRE(first);
  CHECK(first->change.game->last_change == first->change.entry.id);
  const auto rows = test::rows(t.db, "audit");
  // A round typed against the state before it: refused, with what changed.
  auto late = record_round(
      t.db, {.game = game.id, .values = {"12", "0*"}, .basis = {.change = seen}}, nobody);
  REQUIRE_FALSE(late);
  CHECK(late.refusal().kind == Refused::Stale);
  REQUIRE(late.refusal().since.size() == 1);
  CHECK(late.refusal().since[0].action == "round");
  CHECK(late.refusal().game->rounds_played() == 1);
  CHECK(test::rows(t.db, "audit") == rows);
  // The same for a correction, a tie-break, an undo and a late arrival.
  CHECK(correct_round(t.db,
                      {.game = game.id, .round = 1, .values = {"Bob=5"}, .basis = {.change = seen}},
                      nobody)
            .refusal()
            .kind == Refused::Stale);
  CHECK(undo(t.db, game.id, {.change = seen}).refusal().kind == Refused::Stale);
  CHECK(seat_arrival(t.db, {.game = game.id,
                            .arrival = {.name = "Dee", .total = std::nullopt, .add_unknown = true},
                            .basis = {.change = seen}})
            .refusal()
            .kind == Refused::Stale);
  CHECK(abandon(t.db, game.id, {.change = seen}).refusal().kind == Refused::Stale);
  CHECK(delete_game(t.db, game.id, {.change = seen}).refusal().kind == Refused::Stale);
  CHECK(record_tiebreak(t.db, {.game = game.id, .values = {"Ann=0"}, .basis = {.change = seen}})
            .refusal()
            .kind == Refused::Stale);
  CHECK(test::rows(t.db, "audit") == rows);
  // Typed against the state now, it goes through.
  auto now = record_round(
      t.db, {.game = game.id, .values = {"12", "0*"}, .basis = {.change = first->change.entry.id}},
      nobody);
  REQUIRE(now);
  // A delete typed against the state now deletes the game; the log keeps it.
  auto gone = delete_game(t.db, game.id, {.change = now->change.entry.id});
  REQUIRE(gone);
  CHECK(!gone->game);
  CHECK(gone->entry.action == "delete");
  CHECK(!store::load_game(t.db, game.id));
}

TEST_CASE(
    "the repeat guard: a round that reads as the one just recorded is asked about at "
    "every door",
    "[table]") {
  Table t;
  const store::Game game = test::new_game(t.db, {"Ann", "Bob"});
  NobodyAsked nobody;
  REQUIRE(record_round(t.db, {.game = game.id, .values = {"0*", "15"}}, nobody));
  const auto rows = test::rows(t.db, "audit");
  // Nobody to ask: refused with both rounds.
  auto again = record_round(t.db, {.game = game.id, .values = {"0*", "15"}}, nobody);
  REQUIRE_FALSE(again);
  CHECK(again.refusal().kind == Refused::Repeat);
  CHECK(again.refusal().earlier == "Ann 0*, Bob 15");
  CHECK(again.refusal().round == 2);
  // Asked and declined: nothing written either.
  Scripted no(Reply::No);
  CHECK(record_round(t.db, {.game = game.id, .values = {"0*", "15"}}, no).refusal().kind ==
        Refused::Declined);
  REQUIRE(no.asked.size() == 1);
  CHECK(no.asked[0].kind == Question::Repeat);
  CHECK(test::rows(t.db, "audit") == rows);
  // A form carried over from round 1 (typed for it) asks too, however old round 1 is: as
  // values typed for a round recorded meanwhile.
  AnsweredAhead none({});
  CHECK(record_round(
            t.db, {.game = game.id, .values = {"0*", "15"}, .basis = {.round = 2}, .typed_for = 1},
            none)
            .refusal()
            .kind == Refused::TypedEarlier);
  // Named by its number, and not carried over: the round meant.
  CHECK(
      record_round(t.db, {.game = game.id, .values = {"0*", "15"}, .basis = {.round = 2}}, nobody));
  // Confirmed ahead (the phone's button): recorded.
  AnsweredAhead yes({Question::Repeat});
  CHECK(record_round(t.db, {.game = game.id, .values = {"0*", "15"}}, yes));
}

TEST_CASE(
    "values typed for a round recorded meanwhile are asked about whatever the values, "
    "with both side by side, at every door",
    "[table]") {
  Table t;
  const store::Game game = test::new_game(t.db, {"Ann", "Kim"});
  NobodyAsked nobody;
  REQUIRE(record_round(t.db, {.game = game.id, .values = {"0*", "15"}}, nobody));
  // Another door records round 2 (Kim 14); this one typed Kim 41 for round 2.
  REQUIRE(
      record_round(t.db, {.game = game.id, .values = {"14", "0*"}, .basis = {.round = 2}}, nobody));
  const auto rows = test::rows(t.db, "audit");
  // Sent as round 2 (what the form showed): refused as not next, nothing written.
  const auto not_next = record_round(
      t.db, {.game = game.id, .values = {"41", "0*"}, .basis = {.round = 2}, .typed_for = 2},
      nobody);
  REQUIRE_FALSE(not_next);
  CHECK(not_next.refusal().kind == Refused::NotNext);
  // Carried to round 3 (a near-copy, not an exact one): refused with both rounds.
  const RoundRequest carried{
      .game = game.id, .values = {"41", "0*"}, .basis = {.round = 3}, .typed_for = 2};
  const auto refused = record_round(t.db, carried, nobody);
  REQUIRE_FALSE(refused);
  CHECK(refused.refusal().kind == Refused::TypedEarlier);
  CHECK(refused.refusal().typed_for == 2);
  CHECK(refused.refusal().round == 3);
  CHECK(refused.refusal().earlier == "Ann 14, Kim 0*");
  CHECK(refused.refusal().typed == "Ann 41, Kim 0*");
  CHECK(refused.refusal().message.find("recorded: Ann 14, Kim 0*; typed: Ann 41, Kim 0*") !=
        std::string::npos);
  // Values nothing like round 2: asked all the same.
  CHECK(record_round(
            t.db, {.game = game.id, .values = {"0*", "50"}, .basis = {.round = 3}, .typed_for = 2},
            nobody)
            .refusal()
            .kind == Refused::TypedEarlier);
  // The terminal's question names both; no: nothing recorded.
  Scripted no(Reply::No);
  CHECK(record_round(t.db, carried, no).refusal().kind == Refused::Declined);
  REQUIRE(no.asked.size() == 1);
  CHECK(no.asked[0].kind == Question::TypedEarlier);
  CHECK(no.asked[0].text.find("recorded: Ann 14, Kim 0*; typed: Ann 41, Kim 0*") !=
        std::string::npos);
  CHECK(test::rows(t.db, "audit") == rows);
  // The repeat's confirmation is not this one.
  AnsweredAhead repeat({Question::Repeat});
  CHECK_FALSE(record_round(t.db, carried, repeat));
  // Confirmed: recorded as round 3.
  AnsweredAhead yes({Question::TypedEarlier});
  const auto recorded = record_round(t.db, carried, yes);
  REQUIRE(recorded);
  CHECK(recorded->round == 3);
}

TEST_CASE(
    "a write knows itself: sent again after its answer was lost, it is found by its id and "
    "never stored twice",
    "[table]") {
  Table t;
  NobodyAsked nobody;
  const auto game = start_game(t.db, game_of({"Ann", "Bob"}), nobody, {.write = "start-0001"});
  REQUIRE(game);
  // The start sent again: the game it started, no second game.
  const auto again = start_game(t.db, game_of({"Ann", "Bob"}), nobody, {.write = "start-0001"});
  REQUIRE_FALSE(again);
  CHECK(again.refusal().kind == Refused::Stored);
  REQUIRE(again.refusal().game);
  CHECK(again.refusal().game->id == game->id);
  CHECK(store::list_games(t.db).size() == 1);
  const RoundRequest round{.game = game->id,
                           .values = {"0*", "15"},
                           .basis = {.change = game->last_change, .round = 1, .write = "r1-00001"}};
  REQUIRE(record_round(t.db, round, nobody));
  const auto rows = test::rows(t.db, "audit");
  // The same write again (its basis now stale, its round now recorded): found, not refused as
  // stale, and nothing written.
  const auto stored = record_round(t.db, round, nobody);
  REQUIRE_FALSE(stored);
  CHECK(stored.refusal().kind == Refused::Stored);
  CHECK(stored.refusal().round == 1);
  REQUIRE(stored.refusal().stored);
  CHECK(stored.refusal().stored->action == "round");
  CHECK(stored.refusal().message.starts_with("round 1 was saved"));
  CHECK(test::rows(t.db, "audit") == rows);
  // Another write with the same values but its own id is a write of its own (the repeat guard
  // asks about it).
  auto other = round;
  other.basis = {.write = "r2-00002"};
  CHECK(record_round(t.db, other, nobody).refusal().kind == Refused::Repeat);
  // A refused write keeps no id: sent again once it can be stored, it is stored.
  AnsweredAhead yes({Question::Repeat});
  REQUIRE(record_round(t.db, other, yes));
  CHECK(record_round(t.db, other, yes).refusal().kind == Refused::Stored);
  // An undo, a correction: the same.
  REQUIRE(undo(t.db, game->id, {.write = "undo-0001"}));
  CHECK(undo(t.db, game->id, {.write = "undo-0001"}).refusal().kind == Refused::Stored);
  CHECK(store::load_game(t.db, game->id)->rounds.size() == 1);
}

TEST_CASE("the phone's write id: a retry answers 200 \"Round 1 was saved\", stored once",
          "[table][serve]") {
  Table t;
  const store::Game game = test::new_game(t.db, {"Ann", "Bob"});
  const serve::Fields fields{
      {"game", std::to_string(game.id)}, {"round", "1"}, {"seen", std::to_string(game.last_change)},
      {"wid", "a1b2c3d4e5f6"},           {"v0", "0*"},   {"v1", "15"}};
  const serve::Answer first = serve::run_action(t.db, serve::Action::Round, fields);
  REQUIRE(first.status == 200);
  CHECK_FALSE(first.body.contains("again"));
  const serve::Answer retry = serve::run_action(t.db, serve::Action::Round, fields);
  CHECK(retry.status == 200);
  CHECK(retry.body["again"] == true);
  CHECK(retry.body["message"] == "Round 1 was saved");
  CHECK(retry.body["state"]["rounds"].size() == 1);
  auto bad = fields;
  bad["wid"] = "x";
  CHECK(serve::run_action(t.db, serve::Action::Round, bad).status == 400);
}

TEST_CASE(
    "a new name close to a roster name asks \"did you mean\" before anyone is created, at "
    "every door",
    "[table]") {
  Table t;
  NobodyAsked nobody;
  REQUIRE(start_game(t.db, game_of({"Ann", "Bob"}), nobody));
  REQUIRE(abandon(t.db, std::nullopt, {}));
  const auto players = [&] { return store::list_players(t.db, store::Include::Active).size(); };
  const auto rows = test::rows(t.db, "audit");
  // A letter off (transposed): asked, refused unanswered, nobody created.
  const auto typo = start_game(t.db, game_of({"Bbo", "Ann"}), nobody);
  REQUIRE_FALSE(typo);
  CHECK(typo.refusal().kind == Refused::NewPlayer);
  CHECK(typo.refusal().name == "Bbo");
  CHECK(typo.refusal().close == "Bob");
  CHECK(typo.refusal().message == "Bbo is not a player yet; did you mean Bob?");
  CHECK(players() == 2);
  CHECK(test::rows(t.db, "audit") == rows);
  // Letters that look alike (a Cyrillic A): asked too.
  const auto alike = start_game(t.db, game_of({"\u0410nn", "Bob"}), nobody);
  REQUIRE_FALSE(alike);
  CHECK(alike.refusal().close == "Ann");
  // Case is the same player, and a name close to nobody's is not asked about.
  Scripted yes(Reply::Yes);
  REQUIRE(start_game(t.db, game_of({"bob", "Zed"}), yes));
  CHECK(yes.asked.empty());
  CHECK(players() == 3);
  REQUIRE(abandon(t.db, std::nullopt, {}));
  // Asked and confirmed (the phone's "No: Bbo is a new player"): created.
  AnsweredAhead confirmed({Question::NewPlayer});
  REQUIRE(start_game(t.db, game_of({"Bbo", "Ann"}), confirmed));
  CHECK(players() == 4);
  // Not added on purpose (no --add): refused as unknown, with "did you mean".
  auto unknown = game_of({"Bbb", "Ann"});
  unknown.add_unknown = false;
  const auto refused = start_game(t.db, unknown, confirmed);
  REQUIRE_FALSE(refused);
  CHECK(refused.refusal().kind == Refused::Invalid);
}

TEST_CASE("the phone's start form: did you mean, in whole sentences; new= confirms a new player",
          "[table][serve]") {
  Table t;
  NobodyAsked nobody;
  REQUIRE(start_game(t.db, game_of({"Ann", "Bob"}), nobody));
  REQUIRE(abandon(t.db, std::nullopt, {}));
  serve::Fields fields{{"p0", "Bbo"}, {"p1", "Ann"}, {"add", "1"}};
  const serve::Answer asked = serve::run_action(t.db, serve::Action::Start, fields);
  CHECK(asked.status == 409);
  CHECK(asked.body["confirm"] == "new_player");
  CHECK(asked.body["error"] == "Bbo is not a player yet; did you mean Bob?");
  CHECK(asked.body["use_label"] == "Yes: Bob");
  CHECK(asked.body["new_label"] == "No: Bbo is a new player");
  fields["new"] = "Bbo";
  CHECK(serve::run_action(t.db, serve::Action::Start, fields).status == 200);
  // A late arrival: the same question, the same answer.
  const store::Game game = test::new_game(t.db, {"Ann", "Cy"});
  serve::Fields join{{"game", std::to_string(game.id)}, {"name", "Bbbo"}, {"add", "1"}};
  const serve::Answer arrival = serve::run_action(t.db, serve::Action::Join, join);
  CHECK(arrival.status == 409);
  CHECK(arrival.body["confirm"] == "new_player");
  join["new"] = "Bbbo";
  CHECK(serve::run_action(t.db, serve::Action::Join, join).status == 200);
  // The store's look-alike refusal, in the page's words: a whole sentence, its hint as data.
  const auto alike = store::add_player(t.db, "\u0410nn");
  REQUIRE_FALSE(alike);
  CHECK(alike.failure().hint.kind == HintKind::AddDifferentPlayer);
  CHECK(alike.failure().hint.name == "\u0410nn");
  CHECK(alike.failure().hint.other == "Ann");
  CHECK(serve::phone_said(alike.failure()) ==
        "'\u0410nn' looks like the existing player 'Ann' but is spelled with other letters "
        "(U+0410 at 1); write Ann for them");
}

TEST_CASE(
    "a second game while one is in progress is asked about first; nothing is created "
    "before the answer",
    "[table]") {
  Table t;
  Scripted yes(Reply::Yes);
  const auto first = start_game(t.db, game_of({"Ann", "Bob"}), yes);
  REQUIRE(first);
  CHECK(yes.asked.empty());  // nothing in progress: nothing asked
  const auto rows = test::rows(t.db, "audit");
  NobodyAsked nobody;
  const auto refused = start_game(t.db, game_of({"Cat", "Dee"}), nobody);
  REQUIRE_FALSE(refused);
  CHECK(refused.refusal().kind == Refused::InProgress);
  REQUIRE(refused.refusal().in_progress.size() == 1);
  CHECK(refused.refusal().in_progress[0].id == first->id);
  CHECK(test::rows(t.db, "audit") == rows);
  CHECK(start_game(t.db, game_of({"Cat", "Dee"}), yes));
  REQUIRE(yes.asked.size() == 1);
  CHECK(yes.asked[0].kind == Question::InProgress);
}

TEST_CASE(
    "one order of finish: a three-way tie broken 0, 10, 20 places the three 1, 2, 3 on "
    "every screen and in every number",
    "[table][results]") {
  Table t;
  const store::Game tied = three_way_tie(t.db);
  REQUIRE(tied.standings().tied);
  const auto broken =
      record_tiebreak(t.db, {.game = tied.id, .values = {"Ann=0*", "Bob=10", "Cat=20"}});
  REQUIRE(broken);
  const store::Game& game = *broken->change.game;
  const std::vector<int> expected{1, 2, 3};
  // Core: the standings and the ratings' results.
  CHECK(game.standings().places == expected);
  GameResult result;
  for (const auto& s : game.seats) {
    result.seats.push_back({.player = s.player_id,
                            .total = game.standings().totals[static_cast<std::size_t>(s.seat)],
                            .tiebreak = s.tiebreak});
  }
  CHECK(finishing_places(result) == expected);
  // The scorecard's JSON (show --json) and the phone's state.
  const auto card = views::scorecard_json(game);
  CHECK(card["places"]["Ann"] == 1);
  CHECK(card["places"]["Bob"] == 2);
  CHECK(card["places"]["Cat"] == 3);
  const auto state = serve::page_state(t.db, game);
  CHECK(state["places"] == card["places"]);
  // The phone's standings table: the # column reads 1, 2, 3 in that order.
  const std::string html = serve::card_html(game);
  const auto ann =
      html.find("<td>1</td><td class=\"name\"><a class=\"tap\" href=\"/player?name=Ann\">Ann");
  const auto bob =
      html.find("<td>2</td><td class=\"name\"><a class=\"tap\" href=\"/player?name=Bob\">Bob");
  const auto cat =
      html.find("<td>3</td><td class=\"name\"><a class=\"tap\" href=\"/player?name=Cat\">Cat");
  CHECK(ann != std::string::npos);
  CHECK(bob != std::string::npos);
  CHECK(cat != std::string::npos);
  CHECK(ann < bob);
  CHECK(bob < cat);
}

TEST_CASE("one order of finish: a tie-break that ties again shares the place", "[table][results]") {
  CHECK(finishing_places({60, 60, 60, 70}, {0, 0, 20, std::nullopt}) ==
        std::vector<int>{1, 1, 3, 4});
  // Not every tied player has played it yet: the tie stands.
  CHECK(finishing_places({60, 60, 70}, {0, std::nullopt, std::nullopt}) ==
        std::vector<int>{1, 1, 3});
  CHECK(finishing_places({50, 60, 70}, {}) == std::vector<int>{1, 2, 3});
}

TEST_CASE(
    "the phone's round goes through the table: values carried over are asked about, and "
    "a stale form is refused with the state",
    "[table][serve]") {
  Table t;
  const store::Game game = test::new_game(t.db, {"Ann", "Bob"});
  const std::string id = std::to_string(game.id);
  const serve::Answer first = serve::run_action(
      t.db, serve::Action::Round, {{"game", id}, {"round", "1"}, {"v0", "0*"}, {"v1", "15"}});
  REQUIRE(first.status == 200);
  // The keeper's form typed for round 1, carried to round 2 after another door recorded it.
  const serve::Answer copy =
      serve::run_action(t.db, serve::Action::Round,
                        {{"game", id}, {"round", "2"}, {"typed", "1"}, {"v0", "0*"}, {"v1", "15"}});
  CHECK(copy.status == 409);
  CHECK(copy.body["confirm"] == "typed");
  CHECK(copy.body["recorded"] == "Ann 0*, Bob 15");
  CHECK(copy.body["typed"] == "Ann 0*, Bob 15");
  CHECK(copy.body["drop_label"] == "It is the same round: drop what I typed");
  CHECK(copy.body["state"]["rounds"].size() == 1);
  const std::string error = copy.body["error"];
  CHECK(error.find("--") == std::string::npos);
  // A form that showed the state before round 1: refused as stale.
  const serve::Answer stale = serve::run_action(
      t.db, serve::Action::Round,
      {{"game", id}, {"seen", std::to_string(game.last_change)}, {"v0", "3"}, {"v1", "0*"}});
  CHECK(stale.status == 409);
  CHECK(stale.body["state"]["change"] == first.body["state"]["change"]);
  // Confirmed: recorded as round 2.
  const serve::Answer confirmed = serve::run_action(t.db, serve::Action::Round,
                                                    {{"game", id},
                                                     {"round", "2"},
                                                     {"typed", "1"},
                                                     {"confirm", "typed"},
                                                     {"v0", "0*"},
                                                     {"v1", "15"}});
  CHECK(confirmed.status == 200);
  CHECK(confirmed.body["state"]["rounds"].size() == 2);
}

namespace {

// Whether a message the page shows names a terminal command or option.
bool speaks_terminal(const std::string& message) {
  return message.find("crowns ") != std::string::npos || message.find(" --") != std::string::npos ||
         message.find("(--") != std::string::npos;
}

}  // namespace

TEST_CASE(
    "every refusal the phone can meet is worded for the page: no crowns COMMAND, no "
    "--flag",
    "[table][serve]") {
  Table t;
  using serve::Action;
  const auto post = [&](Action action, const serve::Fields& fields) {
    return serve::run_action(t.db, action, fields);
  };
  std::vector<std::pair<std::string, serve::Answer>> answers;
  const auto expect = [&](const std::string& what, const serve::Answer& a) {
    answers.emplace_back(what, a);
  };
  // Before any game.
  expect("round, no such game", post(Action::Round, {{"game", "9"}, {"v0", "5"}}));
  expect("start, one player", post(Action::Start, {{"p0", "Ann"}, {"add", "1"}}));
  expect("start, unknown player", post(Action::Start, {{"p0", "Ann"}, {"p1", "Zed"}}));
  expect("start, bad dealer",
         post(Action::Start, {{"p0", "Ann"}, {"p1", "Bob"}, {"add", "1"}, {"dealer", "Eve"}}));
  serve::Fields fifteen{{"add", "1"}};
  for (int p = 0; p < 15; ++p) fifteen["p" + std::to_string(p)] = "P" + std::to_string(p + 1);
  expect("start, fifteen players", post(Action::Start, fifteen));
  const serve::Answer started = post(Action::Start, {{"p0", "Ann"}, {"p1", "Bob"}, {"add", "1"}});
  REQUIRE(started.status == 200);
  const store::Game game = *store::require_game(t.db, std::nullopt, store::Pick::Latest);
  const std::string id = std::to_string(game.id);
  expect("start, another in progress",
         post(Action::Start, {{"p0", "Cat"}, {"p1", "Dee"}, {"add", "1"}}));
  expect("round, unusual value", post(Action::Round, {{"game", id}, {"v0", "500"}, {"v1", "out"}}));
  expect("round, bad value", post(Action::Round, {{"game", id}, {"v0", "abc"}, {"v1", "out"}}));
  expect("round, too many cards",
         post(Action::Round, {{"game", id}, {"v0", "Ks Qh Jd 7c 8c"}, {"v1", "out"}}));
  expect("round, two at 0", post(Action::Round, {{"game", id}, {"v0", "0"}, {"v1", "0"}}));
  expect("round, nobody out", post(Action::Round, {{"game", id}, {"v0", "5"}, {"v1", "7"}}));
  expect("edit, no round yet", post(Action::Edit, {{"game", id}, {"round", "1"}, {"v0", "5"}}));
  expect("undo, rematch of an active game", post(Action::Rematch, {{"game", id}}));
  expect("tiebreak, no tie", post(Action::Tiebreak, {{"game", id}, {"v0", "5"}}));
  expect("join, bad total", post(Action::Join, {{"game", id}, {"name", "Cy"}, {"total", "x"}}));
  expect("join, unknown name", post(Action::Join, {{"game", id}, {"name", "Zed"}}));
  expect("join, seated already", post(Action::Join, {{"game", id}, {"name", "Ann"}, {"add", "1"}}));
  REQUIRE(post(Action::Round, {{"game", id}, {"round", "1"}, {"v0", "0*"}, {"v1", "15"}}).status ==
          200);
  expect("round, not next",
         post(Action::Round, {{"game", id}, {"round", "1"}, {"v0", "3"}, {"v1", "out"}}));
  expect("round, repeat", post(Action::Round, {{"game", id}, {"v0", "0*"}, {"v1", "15"}}));
  expect(
      "round, stale",
      post(Action::Round,
           {{"game", id}, {"seen", std::to_string(game.last_change)}, {"v0", "3"}, {"v1", "out"}}));
  expect("edit, no such round", post(Action::Edit, {{"game", id}, {"round", "5"}, {"v0", "5"}}));
  expect("edit, changed meanwhile",
         post(Action::Edit, {{"game", id}, {"round", "1"}, {"was", "5,0*"}, {"v0", "3"}}));
  expect("edit, unknown name", post(Action::Edit, {{"game", id}, {"round", "1"}, {"v0", "Zed=3"}}));
  expect("undo, another change", post(Action::Undo, {{"game", id}, {"change", "1"}}));
  expect("hand page, a drawn card",
         serve::Answer{
             400, nlohmann::ordered_json{
                      {"error",
                       serve::hand_answer(std::string("1"), std::string("7h 8h 9h Kd")).body}}});
  for (const auto& [what, answer] : answers) {
    INFO(what << ": " << answer.body.dump());
    CHECK(answer.status >= 400);
    const std::string error = answer.body.value("error", "");
    CHECK_FALSE(error.empty());
    CHECK_FALSE(speaks_terminal(error));
  }
}

TEST_CASE("a stale write names the latest three changes and counts the rest", "[table]") {
  Table t;
  store::Game game = test::new_game(t.db, {"Ann", "Bob"});
  const std::int64_t seen = game.last_change;
  for (int r = 1; r <= 5; ++r)
    game = test::play_round(t.db, game, {test::out(0), test::pts(1, r + 3)});
  NobodyAsked nobody;
  auto late = record_round(
      t.db, {.game = game.id, .values = {"12", "0*"}, .basis = {.change = seen}}, nobody);
  REQUIRE_FALSE(late);
  CHECK(late.refusal().since.size() == 5);  // every change, for a door that shows them all
  CHECK(late.refusal().message ==
        "game " + std::to_string(game.id) +
            " changed since you saw it (2 earlier changes, then Round 3 entered: Ann 0*, Bob 6; "
            "Round 4 entered: Ann 0*, Bob 7; Round 5 entered: Ann 0*, Bob 8): nothing recorded");
  auto one_behind = record_round(t.db,
                                 {.game = game.id,
                                  .values = {"12", "0*"},
                                  .basis = {.change = store::last_change_id(t.db, game.id) - 1}},
                                 nobody);
  REQUIRE_FALSE(one_behind);
  CHECK(one_behind.refusal().message ==
        "game " + std::to_string(game.id) +
            " changed since you saw it (Round 5 entered: Ann 0*, Bob 8): nothing recorded");
}

TEST_CASE("a finished game seats nobody: the refusal's hint, in each door's words", "[table]") {
  // docs/CONTRIBUTING.md's worked example, "Adding a refusal".
  Table t;
  store::Game game = test::new_game(t.db, {"Ann", "Bob"});
  for (int round = 1; round <= crowns::kRounds; ++round)
    game = test::play_round(t.db, game, {test::out(0), test::pts(1, 10)});
  const std::string id = std::to_string(game.id);
  const auto refused =
      seat_arrival(t.db, {.game = game.id, .arrival = {.name = "Dee", .total = std::nullopt}});
  REQUIRE_FALSE(refused);
  CHECK(refused.refusal().kind == Refused::Invalid);
  CHECK(refused.refusal().message == "game " + id + " is finished: nobody can join it now");
  CHECK(refused.refusal().hint.kind == HintKind::StartAnotherGame);
  CHECK(refused.refusal().hint.game == game.id);
  CHECK(cli::worded(refused.refusal().message, refused.refusal().hint) ==
        "game " + id +
            " is finished: nobody can join it now (start a new game with: crowns new NAME "
            "NAME...)");
  CHECK(cli::hint_json(refused.refusal().hint).dump() ==
        "{\"kind\":\"start_another_game\",\"game\":" + id + "}");
  const serve::Answer phone =
      serve::run_action(t.db, serve::Action::Join, {{"game", id}, {"name", "Dee"}, {"add", "1"}});
  CHECK(phone.status == 400);
  CHECK(phone.body["error"] ==
        "game " + id + " is finished: nobody can join it now (start a new game)");
}
