// The exact solver.
//
// Wild cards are interchangeable inside melds, so a hand is a multiset of natural cards plus a
// budget of wilds. The search removes the lowest remaining natural card (by rank, then suit)
// and decides its fate: left in hand, discarded (Drawn mode, once), the lowest natural of a
// book of its rank, or the lowest natural of a run of its suit. Two facts keep this small:
//   * a run of 6 or more positions splits into runs of 3..5 using no more wilds, so a run
//     reaches at most 4 ranks above its lowest natural;
//   * once one meld exists, every spare wild can join it (a book takes any number; a run of
//     at most 5 can grow), so spare wilds never score. With no meld, 3+ spare wilds form a
//     meld of their own, and only 1 or 2 spare wilds with no meld are left in hand.
// Subproblems are memoised in a small transposition table keyed by the remaining counts.

#include "crowns/solver.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>

#include "crowns/error.hpp"
#include "crowns/rules.hpp"

namespace crowns {
namespace {

constexpr int kInfinity = std::numeric_limits<int>::max() / 4;
constexpr int kMaxKinds = 16;
constexpr int kCountBits = 3;
constexpr std::uint64_t kCountMask = (1u << kCountBits) - 1;
constexpr int kMaxRunReach = 4;  // ranks above the lowest natural of a run

struct Kind {
  int rank = 0;
  Suit suit = Suit::Stars;
  int points = 0;
  int same_rank_end = 0;                     // one past the last kind of the same rank
  std::array<int, kMaxRunReach + 1> next{};  // kind index at rank + d in this suit, or -1
};

// What the search decided for the lowest card of a state; used to rebuild the arrangement.
enum class Move : std::uint8_t { Deadwood, Discard, Book, Run };

// A transposition table: fixed size, always-replace, cleared in O(1) by a generation stamp.
class Memo {
 public:
  static constexpr std::size_t kSize = 1u << 13;
  int* find(std::uint64_t key) {
    Slot& s = slots_[index(key)];
    return (s.stamp == stamp_ && s.key == key) ? &s.value : nullptr;
  }
  void store(std::uint64_t key, int value) { slots_[index(key)] = Slot{key, value, stamp_}; }
  void reset() {
    if (++stamp_ == 0) {
      slots_.fill(Slot{});
      stamp_ = 1;
    }
  }

 private:
  struct Slot {
    std::uint64_t key = 0;
    int value = 0;
    std::uint32_t stamp = 0;
  };
  static std::size_t index(std::uint64_t key) {
    key ^= key >> 29;
    key *= 0xbf58476d1ce4e5b9ULL;
    key ^= key >> 32;
    return static_cast<std::size_t>(key) & (kSize - 1);
  }
  std::array<Slot, kSize> slots_{};
  std::uint32_t stamp_ = 1;
};

class Search {
 public:
  Search(std::span<const Card> naturals, int wild_rank) : memo_(thread_memo()) {
    // Callers pass sorted naturals (split_hand sorts them).
    const auto& sorted = naturals;
    for (std::size_t i = 0; i < sorted.size(); ++i) {
      if (kind_count_ > 0 && kinds_[kind_count_ - 1].rank == sorted[i].rank &&
          kinds_[kind_count_ - 1].suit == sorted[i].suit) {
        counts_ += std::uint64_t{1} << ((kind_count_ - 1) * kCountBits);
        if (count_of(counts_, kind_count_ - 1) == kCountMask) {
          throw Error("the solver takes at most 6 copies of a card");
        }
        continue;
      }
      if (kind_count_ == kMaxKinds) throw Error("the solver takes at most 16 different cards");
      Kind& k = kinds_[kind_count_];
      k.rank = sorted[i].rank;
      k.suit = sorted[i].suit;
      k.points = card_points(sorted[i], wild_rank);
      counts_ += std::uint64_t{1} << (kind_count_ * kCountBits);
      ++kind_count_;
    }
    for (int i = 0; i < kind_count_; ++i) {
      Kind& k = kinds_[i];
      int end = i;
      while (end < kind_count_ && kinds_[end].rank == k.rank) ++end;
      k.same_rank_end = end;
      for (int d = 0; d <= kMaxRunReach; ++d) {
        k.next[d] = -1;
        for (int j = i; j < kind_count_; ++j) {
          if (kinds_[j].rank == k.rank + d && kinds_[j].suit == k.suit) k.next[d] = j;
        }
      }
    }
  }

  [[nodiscard]] std::uint64_t counts() const { return counts_; }
  [[nodiscard]] const Kind& kind(int i) const { return kinds_[i]; }

  // Sets the penalty for spare wilds left with no meld (1 or 2 wilds only) and clears the memo.
  void begin(int wild_penalty) {
    wild_penalty_ = wild_penalty;
    memo_.reset();
  }

  // Minimum points of natural cards left in hand, plus the spare-wild penalty.
  // `token`: one natural card must still be discarded. `melded`: a meld exists already (or
  // spare wilds cannot score).
  int best(std::uint64_t counts, int wilds, bool token, bool melded) {
    if (counts == 0) {
      if (token) return kInfinity;
      return melded ? 0 : wild_penalty_;
    }
    const std::uint64_t key = counts | (std::uint64_t{static_cast<unsigned>(wilds)} << 50) |
                              (std::uint64_t{token} << 56) | (std::uint64_t{melded} << 57);
    if (const int* hit = memo_.find(key)) return *hit;
    const int value = expand(counts, wilds, token, melded, nullptr);
    memo_.store(key, value);
    return value;
  }

  // One decision taken at a state, for rebuilding the arrangement.
  struct Step {
    Move move = Move::Deadwood;
    int kind = 0;
    std::array<int, kMaxKinds> taken{};  // cards of each kind used by the book or run
    int wilds_used = 0;
    int run_span = 0;
    std::uint64_t next_counts = 0;
    bool next_token = false;
  };

  // Finds the decision that achieves best(counts, ...), the same choice the search made.
  Step step(std::uint64_t counts, int wilds, bool token, bool melded) {
    Step s;
    expand(counts, wilds, token, melded, &s);
    return s;
  }

 private:
  static int lowest_kind(std::uint64_t counts) {
    return static_cast<int>(__builtin_ctzll(counts)) / kCountBits;
  }
  static int count_of(std::uint64_t counts, int k) {
    return static_cast<int>((counts >> (k * kCountBits)) & kCountMask);
  }
  static std::uint64_t one(int k) { return std::uint64_t{1} << (k * kCountBits); }

  // Tries every decision for the lowest card. With `want` set, stops at the first decision
  // that reaches the optimum and records it.
  int expand(std::uint64_t counts, int wilds, bool token, bool melded, Step* want) {
    const int target = want ? best(counts, wilds, token, melded) : kInfinity;
    const int k = lowest_kind(counts);
    const Kind& kind = kinds_[k];
    int result = kInfinity;
    auto consider = [&](int value, auto&& record) {
      if (value < result) result = value;
      if (want && value == target) {
        record();
        return true;
      }
      return false;
    };
    const std::uint64_t rest = counts - one(k);

    // Left in hand.
    if (consider(kind.points + best(rest, wilds, token, melded), [&] {
          want->move = Move::Deadwood;
          want->kind = k;
          want->next_counts = rest;
          want->next_token = token;
        })) {
      return target;
    }
    if (token && consider(best(rest, wilds, false, melded), [&] {
          want->move = Move::Discard;
          want->kind = k;
          want->next_counts = rest;
        })) {
      return target;
    }

    // A book of this rank: any sub-multiset of the remaining cards of the rank with this card.
    {
      const int end = kind.same_rank_end;
      std::array<int, kSuitCount> take{};
      const int n = end - k;
      take[0] = 1;
      for (;;) {
        int size = 0;
        std::uint64_t used = 0;
        for (int i = 0; i < n; ++i) {
          size += take[i];
          used += one(k + i) * static_cast<std::uint64_t>(take[i]);
        }
        const int need = std::max(0, 3 - size);
        if (need <= wilds) {
          if (consider(best(counts - used, wilds - need, token, true), [&] {
                want->move = Move::Book;
                want->kind = k;
                for (int i = 0; i < n; ++i) want->taken[k + i] = take[i];
                want->wilds_used = need;
                want->next_counts = counts - used;
                want->next_token = token;
              })) {
            return target;
          }
        }
        // Next sub-multiset (odometer over the kinds of this rank).
        int i = 0;
        for (; i < n; ++i) {
          if (take[i] < count_of(counts, k + i)) {
            ++take[i];
            break;
          }
          take[i] = (i == 0) ? 1 : 0;
        }
        if (i == n) break;
      }
    }

    // A run of this suit with this card as its lowest natural: choose which of the next
    // four ranks of the suit hold a natural card; missing ranks inside are filled by wilds.
    {
      std::array<int, kMaxRunReach> present{};
      int mask_all = 0;
      for (int d = 1; d <= kMaxRunReach; ++d) {
        const int j = kind.next[d];
        if (j >= 0 && count_of(counts, j) > 0) {
          present[d - 1] = j;
          mask_all |= 1 << (d - 1);
        }
      }
      // Iterate sub-masks of the present ranks, the empty one included.
      for (int mask = mask_all;; mask = (mask - 1) & mask_all) {
        int naturals = 1;
        int top = 0;
        std::uint64_t used = one(k);
        for (int d = 1; d <= kMaxRunReach; ++d) {
          if (mask & (1 << (d - 1))) {
            ++naturals;
            top = d;
            used += one(present[d - 1]);
          }
        }
        const int span = top + 1;
        const int need = (span - naturals) + std::max(0, 3 - span);
        if (need <= wilds) {
          if (consider(best(counts - used, wilds - need, token, true), [&] {
                want->move = Move::Run;
                want->kind = k;
                want->taken[k] = 1;
                for (int d = 1; d <= kMaxRunReach; ++d) {
                  if (mask & (1 << (d - 1))) want->taken[present[d - 1]] = 1;
                }
                want->wilds_used = need;
                want->run_span = span;
                want->next_counts = counts - used;
                want->next_token = token;
              })) {
            return target;
          }
        }
        if (mask == 0) break;
      }
    }
    return result;
  }

  std::array<Kind, kMaxKinds> kinds_{};
  int kind_count_ = 0;
  std::uint64_t counts_ = 0;
  int wild_penalty_ = 0;
  Memo& memo_;

  // The table is large: one per thread, reused across hands.
  static Memo& thread_memo() {
    thread_local Memo memo;
    return memo;
  }
};

struct Split {
  std::vector<Card> naturals;
  std::vector<Card> wilds;  // sorted: wild-rank cards by suit, then jokers
};

Split split_hand(std::span<const Card> hand, int wild_rank) {
  Split s;
  for (Card c : hand) (is_wild(c, wild_rank) ? s.wilds : s.naturals).push_back(c);
  std::sort(s.naturals.begin(), s.naturals.end());
  std::sort(s.wilds.begin(), s.wilds.end());
  return s;
}

int points_of(std::span<const Card> cards, int wild_rank) {
  int total = 0;
  for (Card c : cards) total += card_points(c, wild_rank);
  return total;
}

// Spare wilds with no meld score only when there are 1 or 2 of them.
bool spare_wilds_can_score(std::size_t wilds) { return wilds == 1 || wilds == 2; }

// One way to play the hand: which wild (if any) is discarded, and the resulting score.
struct Plan {
  int score = kInfinity;
  bool discard_natural = false;
  std::optional<std::size_t> discarded_wild;  // index into Split::wilds
};

Plan best_plan(Search& search, const Split& split, int wild_rank, HandMode mode) {
  const int all_wild_points = points_of(split.wilds, wild_rank);
  const auto wilds = split.wilds.size();
  Plan plan;
  if (mode == HandMode::Dealt) {
    search.begin(all_wild_points);
    plan.score = search.best(search.counts(), static_cast<int>(wilds), false,
                             !spare_wilds_can_score(wilds));
    return plan;
  }
  if (!split.naturals.empty()) {
    search.begin(all_wild_points);
    plan.score = search.best(search.counts(), static_cast<int>(wilds), true,
                             !spare_wilds_can_score(wilds));
    plan.discard_natural = true;
  }
  if (wilds > 0 && plan.score > 0) {
    // Discarding a wild: the dearest one if the spare wilds might score, else the cheapest.
    const std::size_t which = spare_wilds_can_score(wilds - 1) ? wilds - 1 : 0;
    search.begin(all_wild_points - card_points(split.wilds[which], wild_rank));
    const int score = search.best(search.counts(), static_cast<int>(wilds) - 1, false,
                                  !spare_wilds_can_score(wilds - 1));
    if (score < plan.score) {
      plan = Plan{score, false, which};
    }
  }
  return plan;
}

// Places a run's wilds: gaps inside, then extensions above the top (or below, past a King).
Meld build_run(Suit suit, int low, const std::vector<Card>& naturals, int length,
               std::vector<Card>& wild_pool) {
  Meld meld;
  meld.kind = MeldKind::Run;
  meld.suit = suit;
  const int start = std::min(low, kMaxRank - length + 1);
  std::size_t next = 0;
  for (int rank = start; rank < start + length; ++rank) {
    if (next < naturals.size() && naturals[next].rank == rank) {
      meld.cards.push_back(MeldCard{naturals[next++], rank, false});
    } else {
      meld.cards.push_back(MeldCard{wild_pool.back(), rank, true});
      wild_pool.pop_back();
    }
  }
  return meld;
}

}  // namespace

int min_score(std::span<const Card> hand, int wild_rank, HandMode mode) {
  const Split split = split_hand(hand, wild_rank);
  Search search(split.naturals, wild_rank);
  return best_plan(search, split, wild_rank, mode).score;
}

Solution solve(std::span<const Card> hand, int wild_rank, HandMode mode) {
  const Split split = split_hand(hand, wild_rank);
  Search search(split.naturals, wild_rank);
  const Plan plan = best_plan(search, split, wild_rank, mode);

  Solution sol;
  sol.score = plan.score;
  sol.goes_out = plan.score == 0;
  std::vector<Card> wild_pool = split.wilds;  // used from the back: jokers first
  if (plan.discarded_wild) {
    sol.discard = wild_pool[*plan.discarded_wild];
    wild_pool.erase(wild_pool.begin() + static_cast<long>(*plan.discarded_wild));
  }

  // Replay the search's decisions.
  struct RunPlan {
    Suit suit;
    int low;
    int span;
    int wilds;
    std::vector<Card> naturals;
  };
  struct BookPlan {
    int rank;
    int wilds;
    std::vector<Card> naturals;
  };
  std::vector<BookPlan> books;
  std::vector<RunPlan> runs;
  std::uint64_t counts = search.counts();
  int wilds = static_cast<int>(wild_pool.size());
  bool token = plan.discard_natural;
  const bool spare_scores = spare_wilds_can_score(wild_pool.size());
  bool melded = !spare_scores;
  while (counts != 0) {
    const auto s = search.step(counts, wilds, token, melded);
    const Kind& k = search.kind(s.kind);
    const Card card = Card::natural(k.rank, k.suit);
    switch (s.move) {
      case Move::Deadwood: sol.deadwood.push_back(card); break;
      case Move::Discard: sol.discard = card; break;
      case Move::Book: {
        BookPlan b{k.rank, s.wilds_used, {}};
        for (int i = 0; i < kMaxKinds; ++i) {
          for (int t = 0; t < s.taken[i]; ++t) {
            b.naturals.push_back(Card::natural(search.kind(i).rank, search.kind(i).suit));
          }
        }
        books.push_back(std::move(b));
        break;
      }
      case Move::Run: {
        RunPlan r{k.suit, k.rank, s.run_span, s.wilds_used, {}};
        for (int i = 0; i < kMaxKinds; ++i) {
          if (s.taken[i]) r.naturals.push_back(Card::natural(search.kind(i).rank, k.suit));
        }
        runs.push_back(std::move(r));
        break;
      }
    }
    if (s.move == Move::Book || s.move == Move::Run) melded = true;
    wilds -= s.wilds_used;
    counts = s.next_counts;
    token = s.next_token;
  }

  // Spare wilds: a meld of their own if 3 or more and no book exists; else into a meld if
  // one exists (a book takes any number, a run of at most 5 positions has room for 2);
  // else left in hand.
  int spare = wilds;
  if (spare >= 3 && books.empty()) {
    books.push_back(BookPlan{0, spare, {}});
  } else if (spare > 0 && !books.empty()) {
    books.front().wilds += spare;
  } else if (spare > 0 && !runs.empty()) {
    runs.front().wilds += spare;
  } else {
    for (int i = 0; i < spare; ++i) {
      sol.deadwood.push_back(wild_pool.back());
      wild_pool.pop_back();
    }
  }

  // Merge runs of one suit that meet end to end, so that a long run reads as one.
  std::sort(runs.begin(), runs.end(), [](const RunPlan& a, const RunPlan& b) {
    return std::pair(a.suit, a.low) < std::pair(b.suit, b.low);
  });
  auto length_of = [](const RunPlan& r) {
    return r.span + r.wilds - (r.span - static_cast<int>(r.naturals.size()));
  };
  for (std::size_t i = 0; i + 1 < runs.size();) {
    RunPlan& a = runs[i];
    const RunPlan& b = runs[i + 1];
    const bool a_exact = length_of(a) == a.span;  // no wilds beyond its top natural
    if (a.suit == b.suit && a_exact && a.low + a.span == b.low &&
        a.span + length_of(b) <= kRankCount) {
      a.naturals.insert(a.naturals.end(), b.naturals.begin(), b.naturals.end());
      a.span += b.span;
      a.wilds += b.wilds;
      runs.erase(runs.begin() + static_cast<long>(i) + 1);
    } else {
      ++i;
    }
  }

  std::sort(books.begin(), books.end(),
            [](const BookPlan& a, const BookPlan& b) { return a.rank < b.rank; });
  for (const auto& b : books) {
    Meld meld;
    meld.kind = MeldKind::Book;
    meld.rank = b.rank;
    for (Card c : b.naturals) meld.cards.push_back(MeldCard{c, b.rank, false});
    for (int i = 0; i < b.wilds; ++i) {
      meld.cards.push_back(MeldCard{wild_pool.back(), b.rank, true});
      wild_pool.pop_back();
    }
    sol.melds.push_back(std::move(meld));
  }
  for (const auto& r : runs) {
    sol.melds.push_back(build_run(r.suit, r.low, r.naturals, length_of(r), wild_pool));
  }
  std::sort(sol.deadwood.begin(), sol.deadwood.end());
  return sol;
}

}  // namespace crowns
