// Which round a hand belongs to: from --round, from --wild, or from its size.

#include <catch2/catch.hpp>

#include "crowns/hand_round.hpp"
#include "crowns/rules.hpp"

using namespace crowns;

TEST_CASE("a hand's size names its round and wild rank", "[hand_round]") {
  for (int round = 1; round <= kRounds; ++round) {
    const int n = cards_in_round(round);
    for (const HandMode mode : {HandMode::Dealt, HandMode::Drawn}) {
      const int cards = n + (mode == HandMode::Drawn ? 1 : 0);
      const auto found = infer_hand_round(cards, mode, std::nullopt, std::nullopt);
      REQUIRE(found);
      CHECK(found->round == round);
      CHECK(found->wild_rank == wild_rank_of_round(round));
      // Naming the round, or its wild rank, gives the same answer.
      const auto named = infer_hand_round(cards, mode, round, wild_rank_of_round(round));
      REQUIRE(named);
      CHECK(named->round == round);
      const auto by_wild = infer_hand_round(cards, mode, std::nullopt, wild_rank_of_round(round));
      REQUIRE(by_wild);
      CHECK(by_wild->round == round);
    }
  }
}

TEST_CASE("a wild rank for a hand no round deals has no round", "[hand_round]") {
  const auto found = infer_hand_round(5, HandMode::Dealt, std::nullopt, 9);
  REQUIRE(found);
  CHECK_FALSE(found->round);
  CHECK(found->wild_rank == 9);
  const auto one = infer_hand_round(2, HandMode::Drawn, std::nullopt, 3);
  REQUIRE(one);
  CHECK(one->wild_rank == 3);
}

TEST_CASE("hands that fit no round are refused, saying what fits", "[hand_round]") {
  const auto two = infer_hand_round(2, HandMode::Dealt, std::nullopt, std::nullopt);
  CHECK(two.error() == "a hand of 2 cards does not fit any round (3 to 13 cards)");
  CHECK(two.failure().hint.kind == HintKind::OtherSize);
  CHECK(infer_hand_round(14, HandMode::Dealt, std::nullopt, std::nullopt)
            .error()
            .find("a hand of 14 cards does not fit") == 0);
  CHECK(infer_hand_round(14, HandMode::Drawn, std::nullopt, std::nullopt));
  CHECK_FALSE(infer_hand_round(15, HandMode::Drawn, std::nullopt, std::nullopt));
  const auto large = infer_hand_round(15, HandMode::Dealt, std::nullopt, 5);
  CHECK(large.error() == "a hand of 15 cards is too large (1 to 13 cards)");
  CHECK(large.failure().hint.kind == HintKind::OneMoreDrawn);
  CHECK(infer_hand_round(1, HandMode::Drawn, std::nullopt, 5).error() ==
        "a hand of 1 card is too small (1 to 13 cards plus the drawn card)");
  CHECK(infer_hand_round(3, HandMode::Dealt, 12, std::nullopt).error() ==
        "round 12 is out of range (rounds are 1-11)");
  const auto more = infer_hand_round(4, HandMode::Dealt, 1, std::nullopt);
  CHECK(more.error() == "round 1 deals 3 cards, but the hand has 4");
  CHECK(more.failure().hint.kind == HintKind::HoldsDrawn);
  CHECK(infer_hand_round(3, HandMode::Drawn, 1, std::nullopt).error() ==
        "round 1 deals 3 cards plus the drawn card, but the hand has 3");
  CHECK(infer_hand_round(3, HandMode::Dealt, 1, 4).error() ==
        "4s are not wild in round 1 (3s are)");
}

TEST_CASE("round_of_hand is the inverse of cards_in_round", "[hand_round]") {
  for (int cards = 0; cards <= 16; ++cards) {
    for (const HandMode mode : {HandMode::Dealt, HandMode::Drawn}) {
      const int dealt = cards - (mode == HandMode::Drawn ? 1 : 0);
      std::optional<int> expected;
      for (int round = 1; round <= kRounds; ++round) {
        if (cards_in_round(round) == dealt) expected = round;
      }
      CHECK(round_of_hand(cards, mode) == expected);
    }
  }
}
