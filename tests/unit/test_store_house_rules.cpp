// House rules in the store (migration 0012): a game's rules, the club default, the random
// order's rounds dealt as the game reaches them, and the starter under `leads out`.

#include <algorithm>
#include <catch2/catch.hpp>
#include <set>

#include "store/db.hpp"
#include "store/games.hpp"
#include "store/house_rules.hpp"
#include "store/migrations.hpp"
#include "store/rounds.hpp"
#include "store/undo.hpp"
#include "unit/store_fixtures.hpp"
#include "unit/temp_db.hpp"

using namespace crowns;
using namespace crowns::store;
using crowns::test::out;
using crowns::test::play_round;
using crowns::test::pts;
using crowns::test::TempDir;

namespace {

Game start(Database& db, std::optional<HouseRules> rules,
           std::optional<std::uint64_t> seed = std::nullopt) {
  const RulesChoice choice = rules ? RulesChoice::all(*rules) : RulesChoice{};
  Transaction tx(db);
  auto game = create_game(db, {.players = {"Ann", "Bob", "Cy"},
                               .date = "2026-01-15",
                               .add_unknown = true,
                               .rules = choice,
                               .deal_seed = seed});
  REQUIRE(game.ok());
  tx.commit();
  return *game;
}

HouseRules with(HouseSwitch which, std::string_view word, HouseRules rules = {}) {
  REQUIRE(set_switch(rules, which, word).ok());
  return rules;
}

}  // namespace

TEST_CASE("club rules: standard until set, then what a new game takes", "[store][house_rules]") {
  TempDir dir;
  Database db = open_database(dir.file("r.db"));
  CHECK(club_rules(db).is_standard());
  const Game before = start(db, std::nullopt);
  CHECK(before.rules.is_standard());

  HouseRules house = with(HouseSwitch::Order, "down");
  house.ties = Ties::Tiebreak;
  {
    Transaction tx(db);
    set_club_rules(db, house);
    tx.commit();
  }
  CHECK(club_rules(db) == house);
  const Game after = start(db, std::nullopt);
  CHECK(after.rules == house);
  CHECK(game_rules(db, after.id) == house);
  // A game started before keeps its own.
  CHECK(game_rules(db, before.id)->is_standard());
  CHECK(load_game(db, before.id)->rules.is_standard());
  CHECK_FALSE(game_rules(db, 999).has_value());
  // A game given its rules takes them, not the club's.
  const HouseRules own = with(HouseSwitch::WildMelds, "no");
  CHECK(start(db, own).rules == own);
  // A switch set alone: the others from the club.
  RulesChoice one;
  REQUIRE(one.set(HouseSwitch::Leads, "out").ok());
  CHECK_FALSE(one.set(HouseSwitch::Leads, "right").ok());
  CHECK(*one.leads == Leads::FirstOut);
  HouseRules want = house;
  want.leads = Leads::FirstOut;
  Transaction tx(db);
  const auto game = create_game(
      db, {.players = {"Ann", "Bob"}, .date = "2026-01-15", .add_unknown = true, .rules = one});
  REQUIRE(game.ok());
  CHECK(game->rules == want);
}

TEST_CASE("every switch is stored and read back", "[store][house_rules]") {
  TempDir dir;
  Database db = open_database(dir.file("r.db"));
  for (HouseSwitch s : kHouseSwitches) {
    for (std::string_view w : switch_words(s)) {
      const HouseRules rules = with(s, w);
      const Game game = start(db, rules);
      CHECK(load_game(db, game.id)->rules == rules);
      CHECK(switch_word(*game_rules(db, game.id), s) == w);
      // rules_condition picks exactly the games of these rules.
      auto n = db.prepare("SELECT count(*) FROM games g WHERE g.id = ? AND " +
                          rules_condition(rules, "g"));
      n.bind_all(game.id);
      REQUIRE(n.step());
      CHECK(n.integer(0) == 1);
    }
  }
}

TEST_CASE("up and down: every round's cards and wild known from the start",
          "[store][house_rules]") {
  TempDir dir;
  Database db = open_database(dir.file("r.db"));
  const Game up = start(db, HouseRules{});
  const Game down = start(db, with(HouseSwitch::Order, "down"));
  for (int r = 1; r <= kRounds; ++r) {
    CHECK(up.deal(r)->cards == r + 2);
    CHECK(up.deal(r)->wild_rank == r + 2);
    CHECK(down.deal(r)->cards == 14 - r);
    CHECK(down.deal(r)->wild_rank == 14 - r);
    CHECK(down.spec(r).cards == 14 - r);
  }
  CHECK_FALSE(up.deal(0));
  CHECK_FALSE(up.deal(12));
  CHECK(down.dealt.empty());
}

TEST_CASE("random: a round is dealt when it becomes the one to record, never before",
          "[store][house_rules]") {
  TempDir dir;
  Database db = open_database(dir.file("r.db"));
  Game game = start(db, with(HouseSwitch::Order, "random"));
  REQUIRE(game.dealt.size() == 1);
  CHECK(game.deal(1));
  CHECK_FALSE(game.deal(2));
  CHECK_THROWS(game.spec(2));
  std::vector<int> seen = game.dealt;
  for (int r = 1; r <= kRounds; ++r) {
    const RoundDeal d = *game.deal(r);
    CHECK(d.wild_rank == d.cards);
    game = play_round(db, game, {out(0), pts(1, 10), pts(2, 20)});
    // Rounds dealt before keep their cards; one more is dealt (none after round 11).
    REQUIRE(game.dealt.size() == static_cast<std::size_t>(std::min(r + 1, kRounds)));
    CHECK(std::equal(seen.begin(), seen.end(), game.dealt.begin()));
    seen = game.dealt;
  }
  // All 11 card counts, each once.
  CHECK(std::set<int>(seen.begin(), seen.end()).size() == static_cast<std::size_t>(kRounds));
  CHECK(*std::min_element(seen.begin(), seen.end()) == 3);
  CHECK(*std::max_element(seen.begin(), seen.end()) == 13);
}

TEST_CASE("random: an undo does not deal again", "[store][house_rules]") {
  TempDir dir;
  Database db = open_database(dir.file("r.db"));
  Game game = start(db, with(HouseSwitch::Order, "random"));
  game = play_round(db, game, {out(0), pts(1, 10), pts(2, 20)});
  const std::vector<int> dealt = game.dealt;
  REQUIRE(dealt.size() == 2);
  {
    Transaction tx(db);
    REQUIRE(undo_last_change(db, game.id).ok());
    tx.commit();
  }
  const Game after = *load_game(db, game.id);
  CHECK(after.rounds_played() == 0);
  CHECK(after.dealt == dealt);
  // Played again, round 2 is the one already shown.
  CHECK(play_round(db, after, {out(1), pts(0, 10), pts(2, 20)}).dealt == dealt);
}

TEST_CASE("random with a seed: the seed's sequence, the same every time", "[store][house_rules]") {
  TempDir dir;
  Database db = open_database(dir.file("r.db"));
  const RoundSequence want = round_sequence(RoundOrder::Random, 42);
  Game game = start(db, with(HouseSwitch::Order, "random"), 42);
  for (int r = 1; r < kRounds; ++r) {
    CHECK(game.deal(r) == want[static_cast<std::size_t>(r - 1)]);
    game = play_round(db, game, {out(0), pts(1, 10), pts(2, 20)});
  }
  CHECK(game.deal(kRounds) == want.back());
}

TEST_CASE("leads out: whoever went out last round starts the next", "[store][house_rules]") {
  TempDir dir;
  Database db = open_database(dir.file("r.db"));
  Game left = start(db, HouseRules{});
  Game game = start(db, with(HouseSwitch::Leads, "out"));
  // Round 1: left of the dealer (seat 0 deals, seat 1 starts) under both.
  CHECK(game.starter(1) == 1);
  CHECK(left.starter(1) == 1);
  game = play_round(db, game, {pts(0, 10), pts(1, 20), out(2)});
  left = play_round(db, left, {pts(0, 10), pts(1, 20), out(2)});
  CHECK(game.starter(2) == 2);
  CHECK(left.starter(2) == 2);  // seat 1 deals round 2: left of it is seat 2 as well
  game = play_round(db, game, {pts(0, 10), out(1), pts(2, 5)});
  left = play_round(db, left, {pts(0, 10), out(1), pts(2, 5)});
  CHECK(game.starter(3) == 1);
  CHECK(left.starter(3) == 0);
  // The dealer does not change.
  CHECK(game.dealer(3) == left.dealer(3));
}

TEST_CASE("dealt text reads back, and refuses what is not a deal", "[store][house_rules]") {
  CHECK(dealt_text({7, 3, 12}) == "7 3 12");
  CHECK(*parse_dealt("7 3 12") == std::vector<int>{7, 3, 12});
  CHECK(parse_dealt("")->empty());
  CHECK(parse_dealt("7 2").error() == "'2' is not a card count (3 to 13)");
  CHECK(parse_dealt("7 7").error() == "the 7-card round is dealt twice");
  CHECK_FALSE(parse_dealt("x").ok());
}

TEST_CASE("a typed hand is scored under the game's meld rules", "[store][house_rules]") {
  TempDir dir;
  Database db = open_database(dir.file("r.db"));
  const Game standard = start(db, HouseRules{});
  const Game no_wild = start(db, with(HouseSwitch::WildMelds, "no"));
  // Round 1 (3s wild): two jokers and a 3 meld as a book of wilds only under the standard.
  const auto hand = parse_score("jk jk 3h", "Ann");
  REQUIRE(hand.ok());
  CHECK(score_input(*hand, standard.spec(1), "Ann", Checks::Strict)->points == 0);
  const auto scored = score_input(*hand, no_wild.spec(1), "Ann", Checks::Strict);
  REQUIRE(scored.ok());
  CHECK(scored->points == 120);
}

TEST_CASE("migration 0012: a game from before is played under the standard rules",
          "[store][house_rules]") {
  TempDir dir;
  const std::string path = dir.file("v11.db");
  {
    const Database raw = crowns::test::database_at_schema(path, 11);
    raw.exec(
        "INSERT INTO players (id, name, created_at) VALUES (1, 'Ann', 't'), (2, 'Bob', 't');"
        "INSERT INTO games (id, played_on, first_dealer, created_at, touched) "
        "  VALUES (1, '2026-01-10', 0, 't', 1);"
        "INSERT INTO seats (game_id, seat, player_id) VALUES (1, 0, 1), (1, 1, 2);");
  }
  Database db = open_database(path);
  const Game game = *load_game(db, 1);
  CHECK(game.rules.is_standard());
  CHECK(game.dealt.empty());
  CHECK(game.deal(1)->cards == 3);
  CHECK(club_rules(db).is_standard());
  // The columns refuse a word that is not a switch's.
  CHECK_THROWS(db.exec("UPDATE games SET round_order = 'sideways'"));
  CHECK_THROWS(db.exec("UPDATE club_rules SET leads = 'right'"));
}
