#include "reference_solver.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace crowns::reference {
namespace {

bool wild(Card card, int wild_rank) {
  return card.is_joker() || card.rank == wild_rank;
}

// A total order on cards that tells every distinct card apart (jokers all alike).
int key(Card card) {
  return card.is_joker() ? 1000 : card.rank * 8 + static_cast<int>(card.suit);
}

std::vector<int> sorted_keys(std::span<const Card> cards) {
  std::vector<int> keys;
  for (Card c : cards) keys.push_back(key(c));
  std::sort(keys.begin(), keys.end());
  return keys;
}

// Book: three or more cards whose natural cards all share one rank (none at all is fine), and
// with distinct book suits no two of them share a suit.
bool is_book(std::span<const Card> cards, int wild_rank, BookSuits suits) {
  if (cards.size() < 3) return false;
  int rank = 0;
  bool suit_seen[kSuitCount] = {};
  for (Card c : cards) {
    if (wild(c, wild_rank)) continue;
    if (rank != 0 && c.rank != rank) return false;
    rank = c.rank;
    const auto s = static_cast<std::size_t>(c.suit);
    if (suits == BookSuits::Distinct && suit_seen[s]) return false;
    suit_seen[s] = true;
  }
  return true;
}

bool all_wild(std::span<const Card> cards, int wild_rank) {
  return std::all_of(cards.begin(), cards.end(), [&](Card c) { return wild(c, wild_rank); });
}

// Run: 3..11 cards; the natural cards are of one suit, of distinct ranks, and span no more
// rank positions than there are cards (the wilds fill the gaps and extend the ends; since a
// run holds at most 11 cards it always fits inside 3..K).
bool is_run(std::span<const Card> cards, int wild_rank) {
  if (cards.size() < 3 || cards.size() > static_cast<std::size_t>(kRankCount)) return false;
  bool seen_rank[kMaxRank + 1] = {};
  bool any = false;
  Suit suit = Suit::Stars;
  int lo = kMaxRank + 1;
  int hi = 0;
  for (Card c : cards) {
    if (wild(c, wild_rank)) continue;
    if (any && c.suit != suit) return false;
    if (seen_rank[c.rank]) return false;
    seen_rank[c.rank] = true;
    any = true;
    suit = c.suit;
    lo = std::min(lo, static_cast<int>(c.rank));
    hi = std::max(hi, static_cast<int>(c.rank));
  }
  return !any || hi - lo + 1 <= static_cast<int>(cards.size());
}

}  // namespace

int points(Card card, int wild_rank) {
  if (card.is_joker()) return 50;
  if (card.rank == wild_rank) return 20;
  return card.rank;  // 3..10 face value, J 11, Q 12, K 13
}

bool is_meld(std::span<const Card> cards, int wild_rank, MeldRules rules) {
  if (rules.wild_melds == WildMelds::DoNotCount && all_wild(cards, wild_rank)) return false;
  return is_book(cards, wild_rank, rules.book_suits) || is_run(cards, wild_rank);
}

int brute_force_score(std::span<const Card> hand, int wild_rank, HandMode mode, MeldRules rules) {
  const int n = static_cast<int>(hand.size());
  if (n > kMaxCards) throw std::invalid_argument("reference solver: hand too large");
  if (mode == HandMode::Drawn && n < 1)
    throw std::invalid_argument("reference solver: empty drawn hand");
  const std::uint32_t full = (1u << n) - 1;

  // valid[S]: the cards of subset S form one meld.
  std::vector<char> valid(full + 1, 0);
  std::array<Card, kMaxCards> buffer{};
  for (std::uint32_t s = 1; s <= full; ++s) {
    std::size_t k = 0;
    for (int i = 0; i < n; ++i) {
      if (s & (1u << i)) buffer[k++] = hand[static_cast<std::size_t>(i)];
    }
    valid[s] = k >= 3 && is_meld(std::span<const Card>(buffer.data(), k), wild_rank, rules);
  }

  // best[M]: the lowest score of the cards of M. The lowest card of M is either left in hand,
  // or laid down in some meld S within M; both leave a smaller set, solved before M.
  std::vector<int> best(full + 1, 0);
  for (std::uint32_t m = 1; m <= full; ++m) {
    const std::uint32_t low = m & (~m + 1);
    const int low_index = std::countr_zero(low);
    const std::uint32_t rest = m ^ low;
    int b = points(hand[static_cast<std::size_t>(low_index)], wild_rank) + best[rest];
    for (std::uint32_t sub = rest;; sub = (sub - 1) & rest) {
      const std::uint32_t s = sub | low;
      if (valid[s]) b = std::min(b, best[m ^ s]);
      if (sub == 0) break;
    }
    best[m] = b;
  }

  if (mode == HandMode::Dealt) return best[full];
  int answer = best[full ^ 1u];
  for (int i = 1; i < n; ++i) answer = std::min(answer, best[full ^ (1u << i)]);
  return answer;
}

std::string hand_text(std::span<const Card> hand) {
  std::string out;
  for (Card c : hand) {
    if (!out.empty()) out += ' ';
    out += to_string(c);
  }
  return out;
}

namespace {

std::string meld_text(const Meld& m) {
  std::string out = m.kind == MeldKind::Book ? "book [" : "run [";
  for (const auto& mc : m.cards) {
    out += ' ' + to_string(mc.card) + (mc.wild ? "=" : "@") + std::to_string(mc.as_rank);
  }
  return out + " ]";
}

// Every card of the meld is a card that may stand where it stands.
std::string check_meld(const Meld& m, int wild_rank, MeldRules rules) {
  const std::string where = " in " + meld_text(m);
  if (m.cards.size() < 3) return "a meld of fewer than 3 cards" + where;
  std::vector<Card> cards;
  for (const auto& mc : m.cards) cards.push_back(mc.card);
  if (rules.wild_melds == WildMelds::DoNotCount && all_wild(cards, wild_rank))
    return "a meld of wild cards alone" + where;
  if (m.kind == MeldKind::Book && !is_book(cards, wild_rank, rules.book_suits))
    return "not a book under the rules" + where;
  for (const auto& mc : m.cards) {
    if (mc.wild && !wild(mc.card, wild_rank))
      return to_string(mc.card) + " is marked wild but is not" + where;
    if (!mc.wild) {
      // A natural card (or a wild-rank card standing for itself) must be exactly where it says.
      if (mc.card.is_joker()) return "a joker is not marked wild" + where;
      if (mc.card.rank != mc.as_rank)
        return to_string(mc.card) + " does not stand at its own rank" + where;
      if (m.kind == MeldKind::Run && mc.card.suit != m.suit)
        return to_string(mc.card) + " is off-suit" + where;
    }
  }
  if (m.kind == MeldKind::Book) {
    for (const auto& mc : m.cards) {
      if (mc.as_rank != m.rank) return "a book card's as_rank differs from the book's rank" + where;
    }
    if (m.rank == 0) {
      for (const auto& mc : m.cards) {
        if (!mc.wild) return "a rank-0 book holds a natural card" + where;
      }
    } else if (m.rank < kMinRank || m.rank > kMaxRank) {
      return "a book of rank " + std::to_string(m.rank) + where;
    }
    return "";
  }
  if (m.cards.size() > static_cast<std::size_t>(kRankCount)) return "a run longer than 11" + where;
  const int first = m.cards.front().as_rank;
  if (first < kMinRank || m.cards.back().as_rank > kMaxRank) return "a run outside 3..K" + where;
  for (std::size_t i = 0; i < m.cards.size(); ++i) {
    if (m.cards[i].as_rank != first + static_cast<int>(i))
      return "run positions are not consecutive" + where;
  }
  return "";
}

}  // namespace

std::string check_solution(std::span<const Card> hand, int wild_rank, HandMode mode,
                           const Solution& solution, MeldRules rules) {
  std::vector<Card> used;
  bool seen_run = false;
  for (const auto& m : solution.melds) {
    if (auto problem = check_meld(m, wild_rank, rules); !problem.empty()) return problem;
    if (m.kind == MeldKind::Run) seen_run = true;
    if (m.kind == MeldKind::Book && seen_run) return "a book listed after a run";
    for (const auto& mc : m.cards) used.push_back(mc.card);
  }
  int deadwood_points = 0;
  for (Card c : solution.deadwood) {
    used.push_back(c);
    deadwood_points += points(c, wild_rank);
  }
  if (!std::is_sorted(solution.deadwood.begin(), solution.deadwood.end(),
                      [](Card a, Card b) { return key(a) < key(b); })) {
    return "deadwood is not in canonical order";
  }
  if (solution.discard.has_value() != (mode == HandMode::Drawn)) {
    return mode == HandMode::Drawn ? "no discard in Drawn mode" : "a discard in Dealt mode";
  }
  if (solution.discard) used.push_back(*solution.discard);
  if (sorted_keys(used) != sorted_keys(hand)) {
    return "melds + deadwood + discard (" + reference::hand_text(used) + ") are not the hand";
  }
  if (solution.score != deadwood_points) {
    return "score " + std::to_string(solution.score) + " but the deadwood holds " +
           std::to_string(deadwood_points);
  }
  if (solution.goes_out != (solution.score == 0)) return "goes_out does not match the score";
  return "";
}

}  // namespace crowns::reference
