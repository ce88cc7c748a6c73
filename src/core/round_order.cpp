#include "crowns/round_order.hpp"

#include <algorithm>

namespace crowns {

RoundSequence round_sequence(RoundOrder order, std::uint64_t seed) {
  std::array<int, kRounds> cards{};
  for (int r = 1; r <= kRounds; ++r) cards[static_cast<std::size_t>(r - 1)] = cards_in_round(r);
  switch (order) {
    case RoundOrder::Up: break;
    case RoundOrder::Down: std::reverse(cards.begin(), cards.end()); break;
    case RoundOrder::Random: {
      SplitMix64 rng(seed);
      fair_shuffle(std::span<int>(cards), rng);
      break;
    }
  }
  RoundSequence out{};
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = deal_of_cards(cards[i]);
  return out;
}

RoundDeal deal_of_cards(int cards) {
  // The wild rank is the number of cards dealt in every order (wild_rank_of_round's rule).
  return RoundDeal{cards, wild_rank_of_round(cards - cards_in_round(1) + 1)};
}

RoundDeal round_deal(RoundOrder order, int round, std::uint64_t seed) {
  return round_sequence(order, seed)[static_cast<std::size_t>(round - 1)];
}

std::optional<RoundDeal> game_round_deal(RoundOrder order, std::span<const int> dealt, int round) {
  if (round < 1 || round > kRounds) return std::nullopt;
  if (order != RoundOrder::Random) return round_deal(order, round);
  if (round > static_cast<int>(dealt.size())) return std::nullopt;
  return deal_of_cards(dealt[static_cast<std::size_t>(round - 1)]);
}

}  // namespace crowns
