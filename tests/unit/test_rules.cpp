// The rules of docs/RULES.md: rounds, wild ranks, card values, copies per box, the largest hand.

#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>
#include <string>
#include <vector>

#include "crowns/card.hpp"
#include "crowns/deck.hpp"
#include "crowns/rules.hpp"

using namespace crowns;

namespace {

std::vector<Card> hand(std::string_view text) {
  auto h = parse_cards(text);
  INFO(text);
  REQUIRE(h.ok());
  return *h;
}

std::vector<Card> repeat(std::string_view token, int times) {
  return std::vector<Card>(static_cast<std::size_t>(times), *parse_card(token));
}

}  // namespace

TEST_CASE("rounds: 11 of them, 3..13 cards, the wild rank is the number dealt", "[rules]") {
  CHECK(kRounds == 11);
  CHECK(cards_in_round(1) == 3);
  CHECK(wild_rank_of_round(1) == 3);
  CHECK(cards_in_round(8) == 10);
  CHECK(wild_rank_of_round(8) == 10);
  CHECK(wild_rank_of_round(9) == 11);   // J
  CHECK(wild_rank_of_round(10) == 12);  // Q
  CHECK(cards_in_round(11) == 13);
  CHECK(wild_rank_of_round(11) == 13);  // K
  for (int r = 1; r <= kRounds; ++r) {
    INFO("round " << r);
    CHECK(is_valid_round(r));
    CHECK(cards_in_round(r) == r + 2);
    CHECK(wild_rank_of_round(r) == cards_in_round(r));
  }
  for (int r : {-1, 0, 12, 13, 100}) CHECK_FALSE(is_valid_round(r));
}

TEST_CASE("card values: face, J/Q/K 11/12/13, wild rank 20, joker 50", "[rules]") {
  const int wild = 5;
  CHECK(card_points(*parse_card("3h"), wild) == 3);
  CHECK(card_points(*parse_card("4*"), wild) == 4);
  CHECK(card_points(*parse_card("10d"), wild) == 10);
  CHECK(card_points(*parse_card("Js"), wild) == 11);
  CHECK(card_points(*parse_card("Qc"), wild) == 12);
  CHECK(card_points(*parse_card("Kh"), wild) == 13);
  CHECK(card_points(*parse_card("jk"), wild) == 50);
  for (int s = 0; s < kSuitCount; ++s) {
    CHECK(card_points(Card::natural(wild, static_cast<Suit>(s)), wild) == 20);
  }
  // The wild rank moves with the round; jokers are always 50.
  CHECK(card_points(*parse_card("Kh"), 13) == 20);
  CHECK(card_points(*parse_card("Jd"), 11) == 20);
  CHECK(card_points(*parse_card("5h"), 13) == 5);
  for (int w = kMinRank; w <= kMaxRank; ++w) {
    CHECK(card_points(Card::joker(), w) == 50);
    CHECK(is_wild(Card::joker(), w));
    for (int r = kMinRank; r <= kMaxRank; ++r) {
      const Card c = Card::natural(r, Suit::Clubs);
      CHECK(is_wild(c, w) == (r == w));
      CHECK(card_points(c, w) == (r == w ? 20 : r));
    }
  }
}

TEST_CASE("check_copies: 2 copies of a card and 6 jokers per box", "[rules]") {
  // Two copies of each card is a legal one-box hand, in any suits.
  CHECK(check_copies(hand("7h 7h 7s 7s 7c 7c 7d 7d 7* 7*"), 1).ok());
  CHECK(check_copies(repeat("jk", 6), 1).ok());
  CHECK(check_copies(hand("jk jk jk jk jk jk Ks Ks"), 1).ok());

  auto third = check_copies(hand("7h Ks 7h 8h 7h"), 1);
  REQUIRE_FALSE(third.ok());
  CHECK(third.error() == "more than 2 copies of 7h: one box holds each card twice");
  CHECK(third.failure().hint.kind == HintKind::CombinedGame);

  auto third_ten = check_copies(hand("Ts 10s 10S"), 1);
  REQUIRE_FALSE(third_ten.ok());
  CHECK(third_ten.error().find("copies of 10s") != std::string::npos);

  auto seven_jokers = check_copies(repeat("jk", 7), 1);
  REQUIRE_FALSE(seven_jokers.ok());
  CHECK(seven_jokers.error() == "more than 6 jokers: one box holds 6");
  CHECK(seven_jokers.failure().hint.kind == HintKind::CombinedGame);

  // Two boxes double both limits.
  CHECK(check_copies(hand("7h 7h 7h"), 2).ok());
  CHECK(check_copies(repeat("Qd", 4), 2).ok());
  CHECK(check_copies(repeat("jk", 7), 2).ok());
  CHECK(check_copies(repeat("jk", 12), 2).ok());
  auto fifth = check_copies(repeat("Qd", 5), 2);
  REQUIRE_FALSE(fifth.ok());
  CHECK(fifth.error() == "more than 4 copies of Qd: two boxes hold each card four times");
  auto thirteen = check_copies(repeat("jk", 13), 2);
  REQUIRE_FALSE(thirteen.ok());
  CHECK(thirteen.error() == "more than 12 jokers: two boxes hold 12");

  // A whole box (and two) passes; one card more of anything does not.
  for (int boxes = 1; boxes <= 2; ++boxes) {
    auto deck = full_deck(boxes);
    CHECK(check_copies(deck, boxes).ok());
    for (Card extra :
         {Card::joker(), Card::natural(3, Suit::Stars), Card::natural(13, Suit::Diamonds)}) {
      auto more = deck;
      more.push_back(extra);
      INFO(boxes << " box(es) + " << to_string(extra));
      CHECK_FALSE(check_copies(more, boxes).ok());
    }
  }
}

TEST_CASE("players per box: 2 to 8 on one box, up to 14 on two", "[rules]") {
  CHECK(kMinPlayers == 2);
  CHECK(max_players(1) == 8);
  CHECK(max_players(2) == kMaxPlayers);
  CHECK(kMaxPlayers == 14);
  CHECK(is_valid_boxes(1));
  CHECK(is_valid_boxes(kMaxBoxes));
  CHECK_FALSE(is_valid_boxes(0));
  CHECK_FALSE(is_valid_boxes(3));
  // Two boxes hold enough cards for 14 players' largest deal and a stock to draw from.
  CHECK(kMaxPlayers * cards_in_round(kRounds) <
        2 * (kSuitCount * 11 * kCopiesPerBox + kJokersPerBox));
}
