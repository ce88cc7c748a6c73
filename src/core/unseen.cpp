#include "crowns/unseen.hpp"

#include <algorithm>
#include <cstdlib>

#include "crowns/rules.hpp"
#include "crowns/solver.hpp"

namespace crowns {

DrawScores draw_scores(std::span<const Card> kept, int now, int wild_rank, const Unseen& pool,
                       MeldRules rules) {
  const int after_discard = min_score(kept, wild_rank, HandMode::Drawn, rules);
  std::vector<Card> drawn(kept.begin(), kept.end());
  drawn.push_back(Card::joker());
  DrawScores scores;
  for (int k = 0; k < kCardKinds; ++k) {
    const int copies = pool.count[static_cast<std::size_t>(k)];
    if (copies == 0) continue;
    const Card card = card_of_kind(k);
    drawn.back() = card;
    const int score = could_join_melds(kept, card, wild_rank, rules)
                          ? min_score(drawn, wild_rank, HandMode::Drawn, rules)
                          : std::min(now, after_discard + card_points(card, wild_rank));
    scores.sum += static_cast<long>(copies) * score;
    if (score == 0) scores.outs += copies;
  }
  return scores;
}

bool could_join_melds(std::span<const Card> hand, Card card, int wild_rank, MeldRules rules) {
  if (is_wild(card, wild_rank)) return true;
  const auto wilds = std::count_if(hand.begin(), hand.end(),
                                   [wild_rank](Card c) { return is_wild(c, wild_rank); });
  // Two wilds and the card are a book; under the standard rules the wilds meld without it.
  if (rules.wild_melds == WildMelds::DoNotCount && wilds >= 2) return true;
  for (Card c : hand) {
    if (is_wild(c, wild_rank)) continue;
    if (c.rank == card.rank) return true;
    if (c.suit == card.suit && std::abs(c.rank - card.rank) <= wilds + 1) return true;
  }
  return false;
}

Unseen full_box_counts(int boxes) {
  Unseen u;
  for (int k = 0; k < kCardKinds; ++k) {
    u.count[static_cast<std::size_t>(k)] =
        (k == kJokerKind ? kJokersPerBox : kCopiesPerBox) * boxes;
    u.total += u.count[static_cast<std::size_t>(k)];
  }
  return u;
}

namespace {

std::string times(int n) {
  return n == 1 ? "once" : (n == 2 ? "twice" : std::to_string(n) + " times");
}

}  // namespace

Expected<Unseen> unseen_cards(const KnownCards& known, int boxes) {
  Unseen u = full_box_counts(boxes);
  constexpr std::size_t kGroups = 4;
  std::array<std::array<int, kGroups>, kCardKinds> where{};
  const std::array<std::span<const Card>, kGroups> groups = {known.hand, known.top, known.seen,
                                                             known.next_holds};
  for (std::size_t g = 0; g < groups.size(); ++g) {
    for (Card c : groups[g]) ++where[static_cast<std::size_t>(kind_of(c))][g];
  }
  for (int k = 0; k < kCardKinds; ++k) {
    const auto& w = where[static_cast<std::size_t>(k)];
    const int given = w[0] + w[1] + w[2] + w[3];
    const int limit = u.count[static_cast<std::size_t>(k)];
    if (given > limit) {
      const bool joker = k == kJokerKind;
      std::string parts;
      const std::array<const char*, kGroups> names = {"hand ", "top ", "seen ", "next holds "};
      for (std::size_t g = 0; g < kGroups; ++g) {
        if (w[g] == 0) continue;
        if (!parts.empty()) parts += ", ";
        parts += names[g] + std::to_string(w[g]);
      }
      const std::string what = joker ? "jokers" : "each card";
      const int per_box = joker ? kJokersPerBox : kCopiesPerBox;
      return Failure{to_string(card_of_kind(k)) + " is given " + times(given) + " (" + parts +
                         ") but " + (boxes == 1 ? "one box holds " : "two boxes hold ") +
                         (joker ? std::to_string(per_box * boxes) + " jokers"
                                : what + " " + times(per_box * boxes)),
                     {.kind = boxes == 1 ? HintKind::CombinedGame : HintKind::None}};
    }
    u.count[static_cast<std::size_t>(k)] -= given;
    u.total -= given;
  }
  return u;
}

}  // namespace crowns
