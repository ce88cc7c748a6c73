// Reading scores as typed, checking them, and deciding who leads and who won.

#include <algorithm>
#include <catch2/catch.hpp>

#include "crowns/names.hpp"
#include "crowns/scoring.hpp"
#include "crowns/standings.hpp"

using namespace crowns;

namespace {
ScoreEntry entry(int points, bool out = false) {
  return ScoreEntry{points, out, {}, std::nullopt};
}
}  // namespace

TEST_CASE("score values: points, 0* and out, hands", "[scoring]") {
  CHECK(parse_score("12", "Ann")->points == 12);
  CHECK(parse_score("0*", "Ann")->kind == ScoreInput::Kind::Out);
  CHECK(parse_score("OUT", "Ann")->kind == ScoreInput::Kind::Out);
  const auto hand = parse_score("Ks Qh jk", "Ann");
  REQUIRE(hand.ok());
  CHECK(hand->kind == ScoreInput::Kind::Hand);
  CHECK(hand->cards.size() == 3);
  CHECK(parse_score("-5", "Ann").error() == "'-5' for Ann: points cannot be negative");
  CHECK(parse_score("12*", "Ann").error().find("only the player who went out is starred") !=
        std::string::npos);
  CHECK(parse_score("2*", "Ann").error().find("only the player who went out is starred") !=
        std::string::npos);
  // Only 0* is starred in a score (issue 9 item 5): 5* is refused with both readings...
  CHECK(parse_score("5*", "Ann").error() ==
        "'5*' for Ann: only 0* is starred (the player who went out); write 5 for 5 points, or "
        "the 5 of stars left alone in hand as \"5*,\"");
  CHECK(parse_score("10*", "Ann").error().find("only 0* is starred") != std::string::npos);
  // ... while a hand still reads star cards.
  CHECK(parse_score("5*,", "Ann")->cards == std::vector<Card>{Card::natural(5, Suit::Stars)});
  CHECK(parse_score("5* Kh", "Ann")->cards ==
        (std::vector<Card>{Card::natural(5, Suit::Stars), Card::natural(13, Suit::Hearts)}));
  CHECK(parse_score("abc", "Ann").error().find("'abc' for Ann is not a score") !=
        std::string::npos);
  CHECK(parse_score("Ks Qx", "Ann").error().find("Qx") != std::string::npos);
  CHECK(parse_score("", "Ann").error().find("no value for Ann") != std::string::npos);
}

TEST_CASE("score checks: impossible values refused, unusual ones need --force", "[scoring]") {
  const RoundSpec r1 = round_spec(1, 1);  // 3 cards, 3s wild
  auto score = [&](std::string_view token, Checks checks = Checks::Strict) {
    return score_input(*parse_score(token, "Bob"), r1, "Bob", checks);
  };
  CHECK(score("3").ok());
  CHECK(!score("1").ok());
  CHECK(score("1", Checks::Force).ok());
  CHECK(score("75").ok());  // a joker, a K and a Q of different suits
  CHECK(score("76").error() ==
        "Bob: 76 points is more than 3 cards can hold in round 1 (at most 75)");
  CHECK(score("76").failure().hint.kind == HintKind::AcceptUnusual);
  CHECK(score("150").error().find("at most 75") != std::string::npos);  // three jokers meld
  CHECK(score("151", Checks::Force).ok());
  CHECK(score("Ks Qh 3c")->points == 45);  // the 3 is wild: 13 + 12 + 20
  CHECK(score("Ks Ks Kh")->points == 0);   // a book
  CHECK(score("Ks Qh 3c 4c").error().find("has 4 cards, but round 1 deals 3") != std::string::npos);
  // Two jokers typed alone score 100, but with the third card of the deal they meld.
  CHECK(score("jk jk").error() ==
        "Bob's hand scores 100, more than 3 cards can be left with in round 1 (at most 75): give "
        "every card held");
  CHECK(score("jk jk").failure().hint.kind == HintKind::AcceptUnusual);
  CHECK(score("jk jk", Checks::Force)->points == 100);
  CHECK(score("jk Ks")->points == 63);
  CHECK(score("Ks Ks Ks", Checks::Force).error().find("more than 2 copies of Ks") !=
        std::string::npos);
}

TEST_CASE("round checks: one player out, someone at 0, cards within the boxes", "[scoring]") {
  const RoundSpec r2 = round_spec(2, 1);
  const std::vector<std::string> names = {"Ann", "Bob", "Cat"};
  const std::vector<ScoreEntry> ok = {entry(0, true), entry(5), entry(9)};
  CHECK(check_round(ok, names, r2, Checks::Strict).ok());
  const std::vector<ScoreEntry> two_out = {entry(0, true), entry(0, true), entry(9)};
  CHECK(check_round(two_out, names, r2, Checks::Force).error() ==
        "Ann and Bob are both marked out in round 2; only one player goes out (the others score "
        "what they hold)");
  const std::vector<ScoreEntry> no_zero = {entry(4), entry(5), entry(9)};
  CHECK(check_round(no_zero, names, r2, Checks::Strict).error() ==
        "nobody went out in round 2, but every round ends when one player does: mark the player "
        "who went out with 0* (or out)");
  CHECK(check_round(no_zero, names, r2, Checks::Strict).failure().hint.kind ==
        HintKind::AcceptUnusual);
  CHECK(check_round(no_zero, names, r2, Checks::Force).ok());
  // A plain 0 is not going out (issue 9 item 5): the hint names the likely player.
  const std::vector<ScoreEntry> zero_unmarked = {entry(5), entry(0), entry(9)};
  CHECK(check_round(zero_unmarked, names, r2, Checks::Strict).error() ==
        "nobody went out in round 2, but every round ends when one player does: if Bob went out, "
        "write 0* (or out) for them");
  CHECK(check_round(zero_unmarked, names, r2, Checks::Force).ok());
  std::vector<ScoreEntry> hands = {entry(0, true), entry(13), entry(13)};
  hands[1].hand = *parse_cards("Ks");
  hands[2].hand = *parse_cards("Ks Ks");
  CHECK(check_round(hands, names, r2, Checks::Strict)
            .error()
            .find("together hold more than 2 copies of Ks") != std::string::npos);
}

TEST_CASE("standings: leaders, a single winner, a shared win, a tie-break", "[standings]") {
  const std::vector<std::vector<int>> points = {{0, 10, 10}, {10, 0, 20}};
  const auto running = compute_standings(points, 3, false, {});
  CHECK(running.totals == std::vector<int>{10, 10, 30});
  CHECK(running.leaders == std::vector<int>{0, 1});
  CHECK(running.winners.empty());
  const auto tied = compute_standings(points, 3, true, {});
  CHECK(tied.tied);
  CHECK(tied.winners == std::vector<int>{0, 1});
  const auto broken = compute_standings(points, 3, true, {5, 0, std::nullopt});
  CHECK(broken.tie_broken);
  CHECK(broken.winners == std::vector<int>{1});
  CHECK(broken.totals == std::vector<int>{10, 10, 30});  // totals stay the 11-round totals
  const auto again = compute_standings(points, 3, true, {0, 0, std::nullopt});
  CHECK(again.winners == std::vector<int>{0, 1});
  const auto partial = compute_standings(points, 3, true, {0, std::nullopt, std::nullopt});
  CHECK(partial.winners == std::vector<int>{0, 1});
}

TEST_CASE("the deal passes to the left each round", "[standings]") {
  CHECK(dealer_seat(0, 1, 4) == 0);
  CHECK(dealer_seat(0, 5, 4) == 0);
  CHECK(dealer_seat(2, 3, 4) == 0);
  CHECK(starter_seat(3, 1, 4) == 0);
}

TEST_CASE("player names: trimmed, printable, suggestions for typos", "[names]") {
  CHECK(*normalize_player_name("  Ann  ") == "Ann");
  CHECK(*normalize_player_name("Zoë") == "Zoë");
  CHECK(!normalize_player_name("   ").ok());
  CHECK(!normalize_player_name("a\x1b[31mb").ok());
  CHECK(!normalize_player_name("a\u202eb").ok());
  CHECK(!normalize_player_name("\xff").ok());
  CHECK(!normalize_player_name("-x").ok());
  CHECK(!normalize_player_name("a=b").ok());
  const std::vector<std::string> known = {"Ann", "Bob", "Catherine"};
  CHECK(closest_name("Cta", std::vector<std::string>{"Cat", "Dan"}) == "Cat");
  CHECK(closest_name("ann", known) == "Ann");
  CHECK(closest_name("Bbo", known) == "Bob");
  CHECK(closest_name("Catherin", known) == "Catherine");
  CHECK(closest_name("Cath", known) == "Catherine");  // a unique prefix
  CHECK(closest_name("Zed", known).empty());
  CHECK(closest_name("Al", std::vector<std::string>{"Bo"}).empty());
  // Accents do not count against a suggestion: "Zoe" is the likely "Zoë".
  CHECK(closest_name("Zoe", std::vector<std::string>{"Zo\u00eb", "Bob"}) == "Zo\u00eb");
  CHECK(closest_name("eva", std::vector<std::string>{"\u00c9va"}) == "\u00c9va");
}

TEST_CASE("who went out: the one player who scored 0, asked when several did", "[scoring]") {
  const RoundSpec r2 = round_spec(2, 1);
  // Issue 17 item 10: `crowns round 0 15 8` means the first player went out.
  std::vector<ScoreEntry> one = {entry(0), entry(15), entry(8)};
  CHECK(infer_went_out(one, r2).empty());
  CHECK(one[0].went_out);
  CHECK_FALSE(one[1].went_out);
  CHECK_FALSE(one[2].went_out);
  // A hand that melds whole scores 0: that player went out and holds no cards.
  const auto melded =
      score_input(*parse_score("3h 4h 5h", "Ann"), round_spec(1, 1), "Ann", Checks::Strict);
  REQUIRE(melded.ok());
  std::vector<ScoreEntry> hand = {*melded, entry(12)};
  CHECK(infer_went_out(hand, round_spec(1, 1)).empty());
  CHECK(hand[0].went_out);
  CHECK(hand[0].hand.empty());
  // Two at 0 and nobody marked: both named, nothing marked.
  std::vector<ScoreEntry> two = {entry(5), entry(0), entry(0)};
  CHECK(infer_went_out(two, r2) == std::vector<std::size_t>{1, 2});
  CHECK(std::none_of(two.begin(), two.end(), [](const ScoreEntry& e) { return e.went_out; }));
  // Someone marked: nothing to infer, even with another 0.
  std::vector<ScoreEntry> marked = {entry(0, true), entry(0), entry(9)};
  CHECK(infer_went_out(marked, r2).empty());
  CHECK_FALSE(marked[1].went_out);
  // Nobody at 0: left for check_round to refuse.
  std::vector<ScoreEntry> none = {entry(4), entry(9)};
  CHECK(infer_went_out(none, r2).empty());
  CHECK_FALSE(check_round(none, std::vector<std::string>{"Ann", "Bob"}, r2, Checks::Strict).ok());
  // The tie-break keeps only points: nothing is marked.
  std::vector<ScoreEntry> tb = {entry(0), entry(7)};
  CHECK(infer_went_out(tb, tiebreak_spec(1)).empty());
  CHECK_FALSE(tb[0].went_out);
}
