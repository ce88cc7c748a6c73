// Statistics across rule sets (issue 47 item 4): the rule sets a list of games spans
// (rule_sets_of), records that carry the rules and the wild of the game they were held in,
// round averages by card count, the words and JSON every screen uses (views/rule_sets.hpp),
// the report's records naming house rules, and the one reading of --rules.

#include <algorithm>
#include <catch2/catch.hpp>

#include "cli/input/rule_set.hpp"
#include "crowns/error.hpp"
#include "crowns/profile.hpp"
#include "crowns/rating.hpp"
#include "store/db.hpp"
#include "store/history.hpp"
#include "store/house_rules.hpp"
#include "unit/result_fixtures.hpp"
#include "unit/store_fixtures.hpp"
#include "unit/temp_db.hpp"
#include "views/html_report.hpp"
#include "views/rule_sets.hpp"

using namespace crowns;
using crowns::test::make_game;

namespace {

const HouseRules kDownNoWildMelds{.order = RoundOrder::Down, .wild_melds = WildMelds::DoNotCount};

GameResult played_under(GameResult game, const HouseRules& rules) {
  game.rules = rules;
  return game;
}

const Period kEveryGame{std::nullopt, std::nullopt, "all time"};

}  // namespace

TEST_CASE("rule sets: counted over the period's games, most first, of the players asked",
          "[rule_sets]") {
  const HouseRules tiebreak{.ties = Ties::Tiebreak};
  const std::vector<GameResult> games{
      make_game(1, "2026-01-01", {1, 2, 3}, {{0}, {10}, {20}}),
      played_under(make_game(2, "2026-01-02", {1, 2}, {{0}, {10}}), kDownNoWildMelds),
      played_under(make_game(3, "2026-01-03", {1, 3}, {{0}, {10}}), kDownNoWildMelds),
      played_under(make_game(4, "2026-01-04", {2, 3}, {{0}, {10}}), tiebreak),
      make_game(5, "2026-02-01", {1, 2}, {{0}, {10}}),
  };
  const Period jan{"2026-01-01", "2026-01-31", "January"};
  CHECK(rule_sets_of(games, jan) ==
        std::vector<RuleSetCount>{{kDownNoWildMelds, 2}, {HouseRules{}, 1}, {tiebreak, 1}});
  // Equal counts: in describe()'s words' order ("order down, ..." before "order up, ...").
  CHECK(rule_sets_of(games, kEveryGame) ==
        std::vector<RuleSetCount>{{kDownNoWildMelds, 2}, {HouseRules{}, 2}, {tiebreak, 1}});
  const std::int64_t ann_bob[] = {1, 2};
  CHECK(rule_sets_of(games, jan, ann_bob) ==
        std::vector<RuleSetCount>{{kDownNoWildMelds, 1}, {HouseRules{}, 1}});
  const std::int64_t bob_cy[] = {2, 3};
  CHECK(rule_sets_of(games, jan, bob_cy) ==
        std::vector<RuleSetCount>{{HouseRules{}, 1}, {tiebreak, 1}});
  const std::int64_t nobody[] = {9};
  CHECK(rule_sets_of(games, jan, nobody).empty());
}

TEST_CASE("rule sets: a round's deal under a game's order", "[rule_sets]") {
  CHECK(game_round_deal(RoundOrder::Up, {}, 1) == RoundDeal{3, 3});
  CHECK(game_round_deal(RoundOrder::Down, {}, 1) == RoundDeal{13, 13});
  CHECK(game_round_deal(RoundOrder::Down, {}, 11) == RoundDeal{3, 3});
  const std::vector<int> dealt{7, 12};
  CHECK(game_round_deal(RoundOrder::Random, dealt, 2) == RoundDeal{12, 12});
  CHECK_FALSE(game_round_deal(RoundOrder::Random, dealt, 3));
  CHECK_FALSE(game_round_deal(RoundOrder::Up, {}, 0));
  CHECK_FALSE(game_round_deal(RoundOrder::Up, {}, 12));
}

TEST_CASE("rule sets: a record carries its game's rules and its round's wild", "[rule_sets]") {
  // Game 1 standard: Bob 40 in round 1 (3s). Game 2 down: Bob 40 in round 1 (Kings), shared.
  // Game 3 random (dealt 9 first): Cy 60 in round 1, 9s wild, the record.
  GameResult random = played_under(make_game(3, "2026-01-03", {1, 3}, {{0}, {60}}),
                                   HouseRules{.order = RoundOrder::Random});
  random.dealt = {9, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13};
  std::vector<GameResult> games{
      make_game(1, "2026-01-01", {1, 2}, {{0}, {40}}),
      played_under(make_game(2, "2026-01-02", {1, 2}, {{0}, {40}}), kDownNoWildMelds),
  };
  Records rec = find_records(games, kEveryGame);
  REQUIRE(rec.highest_round);
  CHECK(rec.highest_round->rules.is_standard());
  CHECK(rec.highest_round->wild_rank == 3);
  REQUIRE(rec.highest_round->shared.size() == 1);
  CHECK(rec.highest_round->shared[0].rules == kDownNoWildMelds);
  CHECK(rec.highest_round->shared[0].wild_rank == 13);
  REQUIRE(rec.most_outs);
  CHECK(rec.most_outs->wild_rank == 0);  // no round of its own

  games.push_back(random);
  rec = find_records(games, kEveryGame);
  REQUIRE(rec.highest_round);
  CHECK(rec.highest_round->game == 3);
  CHECK(rec.highest_round->wild_rank == 9);
  CHECK(rec.highest_round->rules.order == RoundOrder::Random);
  REQUIRE(rec.lowest_winning_total);
  CHECK(rec.lowest_winning_total->rules.is_standard());  // game 1, the first to reach 0
  CHECK(rec.lowest_winning_total->shared.at(0).rules == kDownNoWildMelds);
}

TEST_CASE("rule sets: a player's round averages go by the round's card count", "[rule_sets]") {
  // Bob scores 40 in round 1 of both games: the 3-card round of the standard game, the
  // 13-card round (Kings) of the down one.
  const std::vector<GameResult> games{
      make_game(1, "2026-01-01", {1, 2}, {{0}, {40}}),
      played_under(make_game(2, "2026-01-02", {1, 2}, {{0}, {40}}), kDownNoWildMelds),
  };
  const Profile p = player_profile(games, replay_ratings(games), kEveryGame, 2);
  CHECK(p.round_average(1) == Approx(20.0));   // 3s: 40 and 0
  CHECK(p.round_average(11) == Approx(20.0));  // Ks: 0 and 40
  CHECK(p.round_average(5) == Approx(0.0));
}

TEST_CASE("rule sets: the words and JSON every screen uses", "[rule_sets]") {
  CHECK(views::rule_set_text(HouseRules{}) == "standard");
  CHECK(views::rule_set_text(kDownNoWildMelds) == "order down, wild melds no");
  CHECK(views::rule_sets_text({}).empty());
  CHECK(views::rule_sets_text({{kDownNoWildMelds, 4}}).empty());  // one rule set: nothing to say
  CHECK(views::rule_sets_text({{HouseRules{}, 3}, {kDownNoWildMelds, 1}}) ==
        "these games were played under 2 rule sets (standard: 3 games; order down, wild melds no: "
        "1 game)");
  CHECK(views::rule_sets_json({{kDownNoWildMelds, 4}}).is_null());
  CHECK(views::rule_sets_json({{HouseRules{}, 3}, {kDownNoWildMelds, 1}}).dump() ==
        R"([{"rules":{"order":"up","wild_melds":true,"book_suits":"any","leads":"left",)"
        R"("ties":"shared"},"games":3},{"rules":{"order":"down","wild_melds":false,)"
        R"("book_suits":"any","leads":"left","ties":"shared"},"games":1}])");
  CHECK(views::record_rules_json(HouseRules{}).is_null());
  CHECK(views::record_rules_json(kDownNoWildMelds)["order"] == "down");
}

TEST_CASE("rule sets: the report's records name house rules, and the mix is said",
          "[rule_sets][report]") {
  views::PeriodReport report;
  report.period = kEveryGame;
  report.records.highest_round = Record{.game = 2,
                                        .date = "2026-01-02",
                                        .player = 1,
                                        .value = 95,
                                        .round = 1,
                                        .rules = kDownNoWildMelds,
                                        .wild_rank = 13,
                                        .shared = {}};
  report.records.highest_total = Record{.game = 1,
                                        .date = "2026-01-01",
                                        .player = 1,
                                        .value = 50,
                                        .round = 0,
                                        .rules = {},
                                        .wild_rank = 0,
                                        .shared = {}};
  report.names = {{1, "Ann"}};
  std::string html = views::period_report_html(report);
  CHECK(html.find("house rules: order down, wild melds no") != std::string::npos);
  // Once: the standard record names nothing.
  CHECK(html.find("house rules:") == html.rfind("house rules:"));
  CHECK(html.find("rule sets") == std::string::npos);
  report.rule_sets = {{HouseRules{}, 1}, {kDownNoWildMelds, 1}};
  html = views::period_report_html(report);
  CHECK(html.find("Note: these games were played under 2 rule sets (standard: 1 game; order down, "
                  "wild melds no: 1 game).") != std::string::npos);
  CHECK(html.find("id=\"rule-set\"") == std::string::npos);
  // Of one rule set (crowns report --rules): the title and a line say which.
  report.rule_sets = {{kDownNoWildMelds, 1}};
  report.only = kDownNoWildMelds;
  html = views::period_report_html(report);
  CHECK(html.find("<h1>Five Crowns · all time · rules: order down, wild melds no</h1>") !=
        std::string::npos);
  CHECK(html.find("<p class=\"meta rule-set\" id=\"rule-set\">Only the games played under these "
                  "house rules: order down, wild melds no.</p>") != std::string::npos);
  CHECK(html.find("rule sets (") == std::string::npos);
  report.only = HouseRules{};
  CHECK(views::period_report_html(report).find("Only the games played under the standard rules.") !=
        std::string::npos);
}

TEST_CASE("rule sets: one parser for the terminal's --rules and the phone's ?rules=",
          "[rule_sets][parser]") {
  CHECK(parse_rule_set("standard", "--rules ").value() == HouseRules{});
  CHECK(parse_rule_set("order=down,wild_melds=no", "rules=").value() == kDownNoWildMelds);
  CHECK(parse_rule_set("wild-melds=NO,--order=down", "rules=").value() == kDownNoWildMelds);
  CHECK(parse_rule_set("order=up", "rules=").value() == HouseRules{});  // standard, said in full
  CHECK(parse_rule_set("book_suits=distinct,leads=out,ties=tiebreak,order=random", "rules=")
            .value() == HouseRules{.order = RoundOrder::Random,
                                   .book_suits = BookSuits::Distinct,
                                   .leads = Leads::FirstOut,
                                   .ties = Ties::Tiebreak});
  // Every rule set reads back from its words (the phone's links are written with them).
  for (int bits = 0; bits < 48; ++bits) {
    HouseRules rules;
    (void)set_switch(rules, HouseSwitch::Order, switch_words(HouseSwitch::Order)[bits % 3]);
    int rest = bits / 3;
    for (HouseSwitch s :
         {HouseSwitch::WildMelds, HouseSwitch::BookSuits, HouseSwitch::Leads, HouseSwitch::Ties}) {
      (void)set_switch(rules, s, switch_words(s)[rest % 2]);
      rest /= 2;
    }
    INFO(rule_set_words(rules));
    CHECK(parse_rule_set(rule_set_words(rules), "rules=").value() == rules);
  }
  CHECK(rule_set_words(HouseRules{}) == "standard");
  CHECK(rule_set_words(kDownNoWildMelds) == "order=down,wild_melds=no");
  // A bad value: one line naming the part and the right form, as the door writes the value.
  const auto said = [](std::string_view text, std::string_view as) {
    const auto rules = parse_rule_set(text, as);
    REQUIRE_FALSE(rules);
    return rules.error();
  };
  CHECK(said("colour=red", "--rules ") ==
        "--rules 'colour=red' is not a switch; write --rules standard or --rules "
        "SWITCH=WORD,... (order, wild_melds, book_suits, leads, ties; e.g. order=down,leads=out)");
  CHECK(said("colour=red", "rules=") ==
        "rules='colour=red' is not a switch; write rules=standard or rules=SWITCH=WORD,... "
        "(order, wild_melds, book_suits, leads, ties; e.g. order=down,leads=out)");
  CHECK(said("order=sideways", "rules=") == "rules=order: 'sideways' is not one of up|down|random");
  CHECK(said("down", "rules=").starts_with("rules='down' is not a switch"));
  CHECK(said("order=down,", "rules=").starts_with("rules='' is not a switch"));
  CHECK(said("", "rules=").starts_with("rules='' is not a switch"));
  CHECK(said("Standard,order=down", "rules=").starts_with("rules='Standard' is not a switch"));
}

TEST_CASE("rule sets: --rules is read one way", "[rule_sets][cli]") {
  CHECK_FALSE(cli::read_rule_set(std::nullopt));
  CHECK(cli::read_rule_set("standard") == HouseRules{});
  CHECK(cli::read_rule_set("order=down,wild_melds=no") == kDownNoWildMelds);
  CHECK(cli::read_rule_set("wild-melds=no,order=down") == kDownNoWildMelds);
  CHECK(views::rule_set_heading(kDownNoWildMelds) == " · rules: order down, wild melds no");
  CHECK(views::rule_set_heading(std::nullopt).empty());
  for (const char* bad : {"down", "order=sideways", "colour=red", "order=down,", ""}) {
    INFO(bad);
    try {
      (void)cli::read_rule_set(std::string(bad));
      FAIL("accepted");
    } catch (const Error& e) {
      CHECK(e.code() == ExitCode::Usage);
      CHECK(std::string(e.what()).rfind("--rules ", 0) == 0);
    }
  }
}

TEST_CASE("rule sets: load_results reads each game's rules and a random game's deal",
          "[rule_sets][store]") {
  crowns::test::TempDir dir;
  store::Database db = store::open_database(dir.file("r.db"));
  auto play = [&](const HouseRules& rules) {
    store::Game game = [&] {
      store::Transaction tx(db);
      auto g = store::create_game(db, {.players = {"Ann", "Bob"},
                                       .date = "2026-01-15",
                                       .add_unknown = true,
                                       .rules = store::RulesChoice::all(rules),
                                       .deal_seed = 7});
      REQUIRE(g.ok());
      tx.commit();
      return *g;
    }();
    for (int r = 1; r <= kRounds; ++r)
      game = crowns::test::play_round(db, game, {crowns::test::out(0), crowns::test::pts(1, r)});
    return game;
  };
  const store::Game standard = play(HouseRules{});
  const store::Game down = play(kDownNoWildMelds);
  const store::Game random = play(HouseRules{.order = RoundOrder::Random});
  const auto games =
      store::load_results(db, {.until = std::nullopt, .rounds_in = kEveryGame, .rounds_of = {}});
  REQUIRE(games.size() == 3);
  // Started in the same second: their order hangs on the uuids, so each is found by its id.
  const auto of = [&](const store::Game& game) -> const GameResult& {
    const auto it = std::find_if(games.begin(), games.end(),
                                 [&](const GameResult& g) { return g.id == game.id; });
    REQUIRE(it != games.end());
    return *it;
  };
  CHECK(of(standard).rules.is_standard());
  CHECK(of(down).rules == kDownNoWildMelds);
  CHECK(of(random).rules.order == RoundOrder::Random);
  CHECK(of(random).dealt == random.dealt);
  CHECK(of(down).dealt.empty());
  for (int r = 1; r <= kRounds; ++r) {
    CHECK(of(down).deal(r) == down.deal(r));
    CHECK(of(random).deal(r) == random.deal(r));
  }
  const auto one = store::load_result(db, random.id);
  REQUIRE(one);
  CHECK(one->dealt == random.dealt);
  CHECK(one->rules.order == RoundOrder::Random);
  const auto only_down = store::load_results(db, {.until = std::nullopt,
                                                  .rounds_in = std::nullopt,
                                                  .rounds_of = {},
                                                  .rules = kDownNoWildMelds});
  REQUIRE(only_down.size() == 1);
  CHECK(only_down[0].id == down.id);
}
