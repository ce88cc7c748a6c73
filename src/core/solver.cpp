// The exact solver.
//
// Wild cards are interchangeable inside melds, so a hand is a multiset of natural cards plus a
// budget of wilds. The search takes the highest remaining natural card (by rank, then suit)
// and decides its fate: left in hand, discarded (Drawn mode, once), the highest natural of a
// book of its rank, or the highest natural of a run of its suit. Two facts keep this small:
//   * a run of 6 or more positions splits into runs of 3..5 using no more wilds, so a run
//     reaches at most 4 ranks below its highest natural;
//   * once one meld exists, every spare wild can join it (a book takes any number; a run of
//     at most 5 can grow), so spare wilds never score. With no meld, 3+ spare wilds form a
//     meld of their own, and only 1 or 2 spare wilds with no meld are left in hand.
// Subproblems are memoised in a small transposition table keyed by the remaining counts, and
// branches that cannot beat the best answer known are cut (fail-soft bounds).
//
// House rules (MeldRules) change two things:
//   * wild melds do not count: spare wilds with no meld score whatever their number (every
//     meld the search makes holds a natural card, so only the spare-wild rule changes). The
//     facts above still hold: with 3+ spare wilds and only runs, one natural of a run can
//     leave it for a book of its own (its place in the run taken by a spare wild), so spare
//     wilds still never score once a meld exists;
//   * book suits distinct: the naturals of one rank laid down in books need as many books as
//     the most copies of one suit among them (m), and with t naturals dealt round-robin into
//     m books (suits kept together, so no book repeats a suit) they need max(0, 3m - t) wilds:
//     no other split needs fewer. The open "book" of a rank becomes (m, copies of the current
//     suit, t).

#include "crowns/solver.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>

#include "crowns/error.hpp"
#include "crowns/house_rules.hpp"
#include "crowns/rules.hpp"

namespace crowns {
namespace {

constexpr int kInfinity = std::numeric_limits<int>::max() / 4;
constexpr int kMaxKinds = 16;
// Counts of each kind of natural card are packed 4 bits a kind into one word: 3 bits of
// count and a guard bit, so that "are these cards all still there?" is one subtraction.
constexpr int kFieldBits = 4;
constexpr std::uint64_t kFieldMask = 0x7;
constexpr std::uint64_t kGuards = 0x8888888888888888ULL;
constexpr int kMaxCopies = 7;
constexpr int kMaxRunReach = 4;  // ranks above the lowest natural of a run

std::uint64_t one(int k) {
  return std::uint64_t{1} << (k * kFieldBits);
}
int count_of(std::uint64_t counts, int k) {
  return static_cast<int>((counts >> (k * kFieldBits)) & kFieldMask);
}
// Whether every card in `used` is still in `counts`.
bool fits(std::uint64_t counts, std::uint64_t used) {
  return (((counts | kGuards) - used) & kGuards) == kGuards;
}

// A run the first card can lead: the naturals it takes and the wilds it needs.
struct Option {
  std::uint64_t used = 0;
  std::uint8_t need = 0;
  std::uint8_t span = 0;  // runs: ranks from the highest natural down to the lowest
};

struct Kind {
  int rank;
  Suit suit;
  int points;
  std::uint16_t runs_begin, runs_end;  // into Search::options_
};

// What the search decided for the first card of a state; used to rebuild the arrangement.
enum class Move : std::uint8_t { Deadwood, Discard, Book /* joins its rank's book */, Run };

// A transposition table: fixed size, always-replace, cleared in O(1) by a generation stamp.
// Losing an entry to a collision costs time, never correctness: values are exact.
// The rest of the state (`extra`, kExtraBits) and the generation share one 32-bit tag.
class Memo {
 public:
  static constexpr std::size_t kSize = 1u << 11;
  static constexpr int kExtraBits = 21;
  static constexpr std::uint32_t kStampLimit = 1u << (32 - kExtraBits);
  const int* find(std::uint64_t counts, std::uint32_t extra) const {
    const Slot& s = slots_[index(counts, extra)];
    return (s.tag == (extra | stamp_) && s.counts == counts) ? &s.value : nullptr;
  }
  void store(std::uint64_t counts, std::uint32_t extra, int value) {
    slots_[index(counts, extra)] = Slot{counts, value, extra | stamp_};
  }
  void reset() {
    generation_ = generation_ + 1 == kStampLimit ? 0 : generation_ + 1;
    if (generation_ == 0) {
      slots_.fill(Slot{});
      generation_ = 1;
    }
    stamp_ = generation_ << kExtraBits;
  }

 private:
  struct Slot {
    std::uint64_t counts = 0;
    int value = 0;
    std::uint32_t tag = 0;  // extra | generation << kExtraBits; generation 0: empty
  };
  static std::size_t index(std::uint64_t counts, std::uint32_t extra) {
    std::uint64_t key = counts ^ (std::uint64_t{extra} * 0x9e3779b97f4a7c15ULL);
    key ^= key >> 29;
    key *= 0xbf58476d1ce4e5b9ULL;
    key ^= key >> 32;
    return static_cast<std::size_t>(key) & (kSize - 1);
  }
  std::array<Slot, kSize> slots_{};
  std::uint32_t generation_ = 1;
  std::uint32_t stamp_ = 1u << kExtraBits;
};

// The option list and the table are reused across hands: one per thread, no allocation, and
// shared by both searches below (two 32 KiB tables in turn cost the cache 10% more time).
std::vector<Option>& thread_options() {
  thread_local std::vector<Option> options;
  return options;
}
Memo& thread_memo() {
  thread_local Memo memo;
  return memo;
}

// kDistinct: book suits distinct. A template parameter, so that the standard search pays
// nothing for the rule.
template <bool kDistinct>
class Search {
 public:
  // `naturals` must be sorted low to high (split_hand sorts them).
  Search(std::span<const Card> naturals, int wild_rank)
      : options_(thread_options()), memo_(thread_memo()) {
    options_.clear();
    // Kinds run from the highest rank down: the dearest cards are decided first, so that
    // leaving one in hand soon costs enough for the bounds to cut.
    for (auto it = naturals.rbegin(); it != naturals.rend(); ++it) {
      const Card c = *it;
      if (kind_count_ > 0 && kinds_[kind_count_ - 1].rank == c.rank &&
          kinds_[kind_count_ - 1].suit == c.suit) {
        if (count_of(counts_, kind_count_ - 1) == kMaxCopies) {
          throw Error("the solver takes at most 7 copies of a card");
        }
        counts_ += one(kind_count_ - 1);
        continue;
      }
      if (kind_count_ == kMaxKinds) throw Error("the solver takes at most 16 different cards");
      kinds_[kind_count_] = Kind{c.rank, c.suit, card_points(c, wild_rank), 0, 0};
      suit_ranks_[static_cast<int>(c.suit)] |= static_cast<std::uint16_t>(1u << c.rank);
      kind_at_[static_cast<int>(c.suit)][c.rank] = static_cast<std::int8_t>(kind_count_);
      rank_fields_[c.rank] |= kFieldMask << (kind_count_ * kFieldBits);
      counts_ += one(kind_count_);
      ++kind_count_;
    }
    for (int k = 0; k < kind_count_; ++k) add_runs(k);
    find_dead_cards();
  }

  [[nodiscard]] std::uint64_t counts() const { return counts_; }
  [[nodiscard]] const Kind& kind(int i) const { return kinds_[i]; }

  // Sets the penalty for spare wilds left with no meld (1 or 2 wilds only) and clears the memo.
  void begin(int wild_penalty) {
    wild_penalty_ = wild_penalty;
    memo_.reset();
    begun_ = true;
  }

  // Like begin(), but keeps the memo if it was filled with the same penalty: a value in it
  // depends only on the state and the penalty, so rebuilding the arrangement right after
  // the search that found the score reuses that search's work instead of repeating it.
  void resume(int wild_penalty) {
    if (!begun_ || wild_penalty != wild_penalty_) begin(wild_penalty);
  }

  // A point of the search: the cards still to decide and what has been decided so far.
  struct State {
    std::uint64_t counts = 0;
    int wilds = 0;
    // One natural card must still be discarded. Cards come up dearest first, so no card is
    // left in hand before the discard is made: keeping it and discarding a later, cheaper
    // one would be no better than the other way round.
    bool token = false;
    bool melded = false;  // a meld exists already, or spare wilds cannot score anyway
    // The open book(s) of the first card's rank. Any suits: its cards, capped at 3. Distinct
    // suits: three fields in one word (DistinctBooks), so that joining a book is one store,
    // as in the standard search (separate byte fields cost 15% in stalled loads).
    int book = 0;
  };

  // Distinct suits: the naturals in the open books of the rank (t, at most 35), the books the
  // rank needs so far (m, the most copies of one suit among them), and the copies of the
  // first card's kind among them (c), packed in State::book as t | m << 6 | c << 9.
  struct DistinctBooks {
    int naturals, sets, copies;
    explicit DistinctBooks(int book)
        : naturals(book & 0x3f), sets((book >> 6) & 0x7), copies((book >> 9) & 0x7) {}
    [[nodiscard]] int packed() const { return naturals | (sets << 6) | (copies << 9); }
  };

  // Minimum points of the natural cards left in hand, plus the spare-wild penalty.
  // `bound`: the caller only needs the value if it is below `bound`. A result below it is
  // exact; a result at or above it is only a lower bound (fail-soft), and the memo remembers
  // which.
  // Forced inline, like dead_points() and expand()'s take(): made a template, the search was
  // outlined by GCC 12 into three functions and ran 23% more instructions (cachegrind).
  __attribute__((always_inline)) int best(const State& st, int bound = kInfinity) {
    if (st.counts == 0) {
      if (st.token) return kInfinity;
      return st.melded ? 0 : wild_penalty_;
    }
    // 7 bits of wilds (at most 64 cards), then token, melded and the open book: 2 bits, or
    // 12 with distinct suits.
    const std::uint32_t extra = static_cast<std::uint32_t>(st.wilds) |
                                (std::uint32_t{st.token} << 7) | (std::uint32_t{st.melded} << 8) |
                                (static_cast<std::uint32_t>(st.book) << 9);
    if (const int* hit = memo_.find(st.counts, extra)) {
      const int value = *hit >> 1;
      const bool lower_bound = (*hit & 1) != 0;
      if (!lower_bound || value >= bound) return value;
    }
    if (st.wilds < 2) {
      const int floor = dead_points(st.counts, st.wilds, st.token);
      if (floor >= bound) return floor;
    }
    const int value = expand(st, nullptr, bound);
    memo_.store(st.counts, extra, value * 2 + (value >= bound ? 1 : 0));
    return value;
  }

  // One decision taken at a state, for rebuilding the arrangement.
  struct Step {
    Move move = Move::Deadwood;
    int kind = 0;
    Option option;  // for a run
    State next;
    int next_value = 0;
  };

  // Finds the first decision that achieves `value`, the state's (known) value. Children are
  // searched only as far as telling whether they reach it.
  Step step(const State& st, int value) {
    Step s;
    expand(st, &s, value + 1);
    return s;
  }

  // The state after taking `used` cards and `need` wilds from `st`: when the next card is of
  // another rank, the open book closes and takes the wilds it needs. False if it cannot.
  __attribute__((always_inline)) bool advance(const State& st, std::uint64_t used, int need,
                                              int rank, State& next) const {
    next = st;
    next.counts = st.counts - used;
    next.wilds = st.wilds - need;
    if (next.book == 0) return true;
    const bool rank_done = next.counts == 0 || kinds_[first_kind(next.counts)].rank != rank;
    if constexpr (kDistinct) {
      if (!rank_done) {
        // Another kind of the rank comes next: none of its copies is in the books yet.
        if (first_kind(next.counts) != first_kind(st.counts)) next.book &= ~(0x7 << 9);
        return true;
      }
      const DistinctBooks books(next.book);
      next.wilds -= std::max(0, 3 * books.sets - books.naturals);
    } else {
      if (!rank_done) return true;
      next.wilds -= std::max(0, 3 - next.book);
    }
    if (next.wilds < 0) return false;
    next.book = 0;
    next.melded = true;
    return true;
  }

 private:
  // How many cards of `rank` are in `counts`.
  int rank_cards(std::uint64_t counts, int rank) const {
    // Adds the 4-bit fields of the rank's kinds (never more than 15 cards of one rank).
    return static_cast<int>(((counts & rank_fields_[rank]) * 0x1111111111111111ULL) >> 60);
  }

  static int first_kind(std::uint64_t counts) {
    return static_cast<int>(__builtin_ctzll(counts)) / kFieldBits;
  }

  // Cards that can meld with no other natural card of the hand, only with 2 or more wilds:
  // with fewer wilds they must stay in hand (or be the discard). dead_[w] marks them for
  // w = 0 and w = 1 wilds, a whole count field per kind.
  void find_dead_cards() {
    // Other cards of the rank a card could share a book with: every copy, or with distinct
    // suits only the other suits.
    std::array<int, kMaxRank + 1> of_rank{};
    for (int k = 0; k < kind_count_; ++k)
      of_rank[kinds_[k].rank] += kDistinct ? 1 : count_of(counts_, k);
    for (int k = 0; k < kind_count_; ++k) {
      const Kind& kind = kinds_[k];
      const int same_rank = of_rank[kind.rank] - 1;
      const unsigned m = suit_ranks_[static_cast<int>(kind.suit)];
      const unsigned r = static_cast<unsigned>(kind.rank);
      auto has = [&](unsigned rank) { return (m >> rank) & 1u; };
      const bool run0 =
          ((has(r - 2) & has(r - 1)) | (has(r - 1) & has(r + 1)) | (has(r + 1) & has(r + 2))) != 0;
      const bool run1 = (has(r - 2) | has(r - 1) | has(r + 1) | has(r + 2)) != 0;
      const std::uint64_t field = kFieldMask << (k * kFieldBits);
      if (same_rank < 2 && !run0) dead_[0] |= field;
      if (same_rank < 1 && !run1) dead_[1] |= field;
    }
  }

  // A lower bound on best(): the points of the dead cards (less the dearest, the first one,
  // if a discard is still to come).
  __attribute__((always_inline)) int dead_points(std::uint64_t counts, int wilds,
                                                 bool token) const {
    std::uint64_t dead = counts & dead_[wilds];
    if (dead == 0) return 0;
    int sum = 0;
    const int dearest = kinds_[first_kind(dead)].points;
    while (dead != 0) {
      const int k = first_kind(dead);
      sum += count_of(counts, k) * kinds_[k].points;
      dead &= ~(kFieldMask << (k * kFieldBits));
    }
    return token ? sum - dearest : sum;
  }

  // Every run the first card of kind `k` could lead as its highest natural, as far as the
  // whole hand allows (the search filters them by what is left), sorted by wilds needed:
  // choose which of the next four ranks down the suit hold a natural; missing ranks inside
  // are wilds, and a run shorter than 3 is extended. (This card alone with two wilds is the
  // same meld as a book of it alone.)
  void add_runs(int k) {
    Kind& kind = kinds_[k];
    kind.runs_begin = static_cast<std::uint16_t>(options_.size());
    std::array<int, kMaxRunReach> dist{};
    std::array<std::uint64_t, kMaxRunReach> bit{};
    int present = 0;
    const unsigned m = suit_ranks_[static_cast<int>(kind.suit)];
    for (int d = 1; d <= kMaxRunReach && kind.rank - d >= kMinRank; ++d) {
      if ((m >> (kind.rank - d)) & 1u) {
        dist[present] = d;
        bit[present] = one(kind_at_[static_cast<int>(kind.suit)][kind.rank - d]);
        ++present;
      }
    }
    for (int mask = (1 << present) - 1; mask > 0; --mask) {
      std::uint64_t used = one(k);
      int naturals = 1;
      int bottom = 0;
      for (int i = 0; i < present; ++i) {
        if (mask & (1 << i)) {
          used += bit[i];
          ++naturals;
          bottom = dist[i];
        }
      }
      const int span = bottom + 1;
      const Option o{used, static_cast<std::uint8_t>((span - naturals) + std::max(0, 3 - span)),
                     static_cast<std::uint8_t>(span)};
      options_.push_back(o);
      std::size_t j = options_.size() - 1;  // insertion: stable by wilds needed
      for (; j > kind.runs_begin && options_[j - 1].need > o.need; --j)
        options_[j] = options_[j - 1];
      options_[j] = o;
    }
    kind.runs_end = static_cast<std::uint16_t>(options_.size());
  }

  // Tries every decision for the first card: into the open book of its rank, the highest
  // natural of a run, the discard, or left in hand. With `want` set, stops at the first
  // decision that reaches the state's value and records it. Stops early at 0.
  int expand(const State& st, Step* want, int bound) {
    const int target = want ? bound - 1 : kInfinity;
    const int k = first_kind(st.counts);
    const Kind& kind = kinds_[k];
    int result = kInfinity;
    // Below `limit` a child's value still matters.
    int limit = bound;
    State next;
    // Tries one decision; true when the search can stop.
    auto take = [&](Move move, const Option& o, int cost, const State& from)
        __attribute__((always_inline)) {
      if (!advance(from, o.used, o.need, kind.rank, next)) return false;
      const int value = cost + best(next, limit - cost);
      if (value < result) {
        result = value;
        if (!want && result < limit) limit = result;
      }
      if (want && value == target) {
        *want = Step{move, k, o, next, value - cost};
        return true;
      }
      return !want && result == 0;
    };
    const Option single{one(k), 0, 0};
    // Into the book, if the book can still reach three cards with the wilds there are.
    if constexpr (kDistinct) {
      // A second copy of a suit opens one more book.
      DistinctBooks books(st.book);
      const int before = books.naturals;
      ++books.naturals;
      ++books.copies;
      books.sets = std::max(books.sets, books.copies);
      State joined = st;
      joined.book = books.packed();
      if (3 * books.sets <= before + rank_cards(st.counts, kind.rank) + st.wilds &&
          take(Move::Book, single, 0, joined)) {
        return result;
      }
    } else if (st.book + rank_cards(st.counts, kind.rank) + st.wilds >= 3) {
      State joined = st;
      joined.book = std::min(st.book + 1, 3);
      if (take(Move::Book, single, 0, joined)) return result;
    }
    State in_run = st;
    in_run.melded = true;
    for (int i = kind.runs_begin; i < kind.runs_end; ++i) {
      const Option& o = options_[i];
      if (o.need > st.wilds) break;  // sorted by need
      if (fits(st.counts, o.used) && take(Move::Run, o, 0, in_run)) return result;
    }
    if (st.token) {
      State discarded = st;
      discarded.token = false;
      take(Move::Discard, single, 0, discarded);
      return result;
    }
    if (kind.points >= limit) {
      // Leaving this card in hand cannot beat what is known: its points are a lower bound.
      return std::min(result, kind.points);
    }
    take(Move::Deadwood, single, kind.points, st);
    return result;
  }

  std::array<Kind, kMaxKinds> kinds_;
  std::array<std::array<std::int8_t, kMaxRank + 1>, kSuitCount> kind_at_;  // where suit_ranks_ says
  std::array<std::uint16_t, kSuitCount> suit_ranks_{};  // bit r: the suit has a card of rank r
  std::array<std::uint64_t, 2> dead_{};
  std::array<std::uint64_t, kMaxRank + 1> rank_fields_{};  // the count fields of each rank
  std::vector<Option>& options_;
  int kind_count_ = 0;
  std::uint64_t counts_ = 0;
  int wild_penalty_ = 0;
  bool begun_ = false;  // the memo holds this hand's values (for wild_penalty_)
  Memo& memo_;
};

// A few cards, kept without allocating (the solver runs a million times a second).
class CardList {
 public:
  static constexpr std::size_t kCapacity = 64;
  void push_back(Card c) {
    if (size_ == kCapacity) throw Error("the solver takes at most 64 cards");
    cards_[size_++] = c;
  }
  void erase(std::size_t i) {
    std::copy(cards_.begin() + static_cast<long>(i) + 1, end(),
              cards_.begin() + static_cast<long>(i));
    --size_;
  }
  void sort() {  // insertion sort: a hand is small
    for (std::size_t i = 1; i < size_; ++i) {
      const Card c = cards_[i];
      std::size_t j = i;
      for (; j > 0 && c < cards_[j - 1]; --j) cards_[j] = cards_[j - 1];
      cards_[j] = c;
    }
  }
  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] bool empty() const { return size_ == 0; }
  Card operator[](std::size_t i) const { return cards_[i]; }
  Card back() const { return cards_[size_ - 1]; }
  void pop_back() { --size_; }
  [[nodiscard]] const Card* begin() const { return cards_.data(); }
  [[nodiscard]] const Card* end() const { return cards_.data() + size_; }
  Card* end() { return cards_.data() + size_; }
  operator std::span<const Card>() const { return {cards_.data(), size_}; }  // NOLINT

 private:
  std::array<Card, kCapacity> cards_{};
  std::size_t size_ = 0;
};

struct Split {
  CardList naturals;  // sorted by rank, then suit
  CardList wilds;     // sorted: wild-rank cards by suit, then jokers
};

Split split_hand(std::span<const Card> hand, int wild_rank) {
  Split s;
  for (Card c : hand) (is_wild(c, wild_rank) ? s.wilds : s.naturals).push_back(c);
  s.naturals.sort();
  s.wilds.sort();
  return s;
}

int points_of(std::span<const Card> cards, int wild_rank) {
  int total = 0;
  for (Card c : cards) total += card_points(c, wild_rank);
  return total;
}

// Spare wilds with no meld score only when there are 1 or 2 of them: 3 or more are a meld of
// their own, unless wild melds do not count.
bool spare_wilds_can_score(int wilds, MeldRules rules) {
  return rules.wild_melds == WildMelds::Count ? wilds == 1 || wilds == 2 : wilds > 0;
}

// One way to play the hand: which wild (if any) is discarded, and the resulting score.
struct Plan {
  int score = kInfinity;
  int wild_penalty = 0;      // the spare-wild penalty the search ran with
  bool melded_start = true;  // whether the search ignored the penalty (see run_search)
  bool discard_natural = false;
  std::optional<std::size_t> discarded_wild;  // index into Split::wilds
};

// Runs the search on the whole hand. Spare wilds score only with no meld at all and 1 or 2
// of them. The search first ignores that, which is cheaper; an answer below the best
// meld-less score has a meld, so the penalty cannot apply to it. Otherwise it searches again
// tracking whether a meld was made.
// Only a score below `bound` matters; at or above it, the result is just a lower bound.
template <class S>
int run_search(S& search, MeldRules rules, int wilds, bool token, int penalty, int no_meld_value,
               bool& melded_start, int bound = kInfinity) {
  search.begin(penalty);
  melded_start = true;
  int score = search.best({search.counts(), wilds, token, true, 0}, bound);
  if (spare_wilds_can_score(wilds, rules) && score >= no_meld_value && score < bound) {
    search.begin(penalty);
    melded_start = false;
    score = search.best({search.counts(), wilds, token, false, 0}, bound);
  }
  return score;
}

template <class S>
Plan best_plan(S& search, const Split& split, int wild_rank, HandMode mode, MeldRules rules) {
  const int all_wild_points = points_of(split.wilds, wild_rank);
  const int natural_points = points_of(split.naturals, wild_rank);
  const int wilds = static_cast<int>(split.wilds.size());
  Plan plan;
  plan.wild_penalty = all_wild_points;
  if (mode == HandMode::Dealt) {
    plan.score =
        run_search(search, rules, wilds, false, all_wild_points, natural_points, plan.melded_start);
    return plan;
  }
  if (!split.naturals.empty()) {
    // Naturals come sorted, so the last is the dearest: the best discard with no meld.
    const int no_meld = natural_points - card_points(split.naturals.back(), wild_rank);
    plan.score =
        run_search(search, rules, wilds, true, all_wild_points, no_meld, plan.melded_start);
    plan.discard_natural = true;
  }
  // Discarding a wild instead. With naturals in hand this can only beat discarding a
  // natural when no meld is made at all: given any lay-down with a meld after discarding a
  // wild, keeping that wild and discarding the dearest natural left in hand (or, with none
  // left, a natural the wild replaces in its meld) does at least as well. So it is worth a
  // search only when its meld-less score (every natural, plus the wilds left if they are 1
  // or 2, so the dearest wild goes) is lower; with 3 or more wilds left it never is.
  // When wild melds do not count, that swap can leave a meld of wilds alone: it fails only
  // when every meld holds one natural, and then, with two naturals or more, discarding one of
  // them and giving its wilds to the other melds goes out as well. So discarding a wild wins
  // otherwise only with a single natural, by going out: a search for a score of 0.
  if (wilds > 0 && plan.score > 0) {
    const std::size_t which = static_cast<std::size_t>(wilds - 1);  // the dearest
    const int penalty = all_wild_points - card_points(split.wilds[which], wild_rank);
    const int no_meld = natural_points + (spare_wilds_can_score(wilds - 1, rules) ? penalty : 0);
    int bound = 0;
    if (split.naturals.empty() || no_meld < plan.score) {
      bound = plan.score;
    } else if (rules.wild_melds == WildMelds::DoNotCount && split.naturals.size() == 1) {
      bound = 1;
    }
    if (bound > 0) {
      bool melded_start = true;
      const int score =
          run_search(search, rules, wilds - 1, false, penalty, natural_points, melded_start, bound);
      if (score < bound) plan = Plan{score, penalty, melded_start, false, which};
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

template <bool kDistinct>
int min_score_with(const Split& split, int wild_rank, HandMode mode, MeldRules rules) {
  Search<kDistinct> search(split.naturals, wild_rank);
  return best_plan(search, split, wild_rank, mode, rules).score;
}

template <bool kDistinct>
Solution solve_with(const Split& split, int wild_rank, HandMode mode, MeldRules rules) {
  Search<kDistinct> search(split.naturals, wild_rank);
  const Plan plan = best_plan(search, split, wild_rank, mode, rules);

  Solution sol;
  sol.score = plan.score;
  sol.goes_out = plan.score == 0;
  std::vector<Card> wild_pool(split.wilds.begin(), split.wilds.end());  // jokers at the back
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
  search.resume(plan.wild_penalty);  // the search of the chosen plan, memo and all
  typename Search<kDistinct>::State st{search.counts(), static_cast<int>(wild_pool.size()),
                                       plan.discard_natural, plan.melded_start, 0};
  auto cards_of = [&](std::uint64_t used) {
    std::vector<Card> cards;
    for (int i = 0; i < kMaxKinds; ++i) {
      for (int t = 0; t < count_of(used, i); ++t) {
        cards.push_back(Card::natural(search.kind(i).rank, search.kind(i).suit));
      }
    }
    std::sort(cards.begin(), cards.end());
    return cards;
  };
  int value = plan.score;
  while (st.counts != 0) {
    const auto s = search.step(st, value);
    const Kind& k = search.kind(s.kind);
    const Card card = Card::natural(k.rank, k.suit);
    switch (s.move) {
      case Move::Deadwood: sol.deadwood.push_back(card); break;
      case Move::Discard: sol.discard = card; break;
      case Move::Book:
        if (books.empty() || books.back().rank != k.rank) books.push_back(BookPlan{k.rank, 0, {}});
        books.back().naturals.push_back(card);
        break;
      case Move::Run:
        runs.push_back(RunPlan{k.suit, k.rank - s.option.span + 1, s.option.span, s.option.need,
                               cards_of(s.option.used)});
        break;
    }
    st = s.next;
    value = s.next_value;
  }
  const auto repeats_a_card = [](const BookPlan& b) {
    return std::adjacent_find(b.naturals.begin(), b.naturals.end()) != b.naturals.end();
  };
  if (rules.book_suits == BookSuits::Distinct) {
    for (auto& b : books) std::sort(b.naturals.begin(), b.naturals.end());
  }
  // With distinct suits, a book that holds some card twice is split (the search counted it
  // as that many books); with any suits it stays one book.
  if (rules.book_suits == BookSuits::Distinct &&
      std::any_of(books.begin(), books.end(), repeats_a_card)) {
    // The naturals of a rank, sorted so that a suit's copies sit together, dealt round-robin
    // into as many books as the most copies of one suit: no book repeats a suit, and the
    // books differ by at most one card, which needs the fewest wilds (see the top).
    std::vector<BookPlan> by_suit;
    for (const auto& b : books) {
      std::size_t sets = 0;
      for (std::size_t i = 0, run = 0; i < b.naturals.size(); ++i) {
        run = (i > 0 && b.naturals[i] == b.naturals[i - 1]) ? run + 1 : 1;
        sets = std::max(sets, run);
      }
      const std::size_t first = by_suit.size();
      by_suit.resize(first + sets, BookPlan{b.rank, 0, {}});
      for (std::size_t i = 0; i < b.naturals.size(); ++i)
        by_suit[first + (i % sets)].naturals.push_back(b.naturals[i]);
    }
    books = std::move(by_suit);
  }
  // Each book takes the wilds it needs to reach three cards; the rest are spare.
  int wilds = static_cast<int>(wild_pool.size());
  for (auto& b : books) {
    b.wilds = std::max(0, 3 - static_cast<int>(b.naturals.size()));
    std::sort(b.naturals.begin(), b.naturals.end());
  }
  for (const auto& b : books) wilds -= b.wilds;
  for (const auto& r : runs) wilds -= r.wilds;

  // Spare wilds: a meld of their own if 3 or more and no book exists; else into a meld if
  // one exists (a book takes any number, a run of at most 5 positions has room for 2);
  // else left in hand.
  // When wild melds do not count, 3 or more spare wilds with only runs go to a book of one
  // natural taken from the first run (a spare wild takes its place there), or the whole
  // run becomes that book when it holds one natural.
  int spare = wilds;
  const bool wild_melds = rules.wild_melds == WildMelds::Count;
  if (spare >= 3 && books.empty() && wild_melds) {
    books.push_back(BookPlan{0, spare, {}});
  } else if (spare > 0 && !books.empty()) {
    books.front().wilds += spare;
  } else if (spare >= 3 && !runs.empty() && !wild_melds) {
    RunPlan& run = runs.front();
    const Card natural = run.naturals.front();
    if (run.naturals.size() == 1) {
      books.push_back(BookPlan{natural.rank, run.wilds + spare, {natural}});
      runs.erase(runs.begin());
    } else {
      run.naturals.erase(run.naturals.begin());
      run.wilds += 1;
      books.push_back(BookPlan{natural.rank, spare - 1, {natural}});
    }
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

  std::stable_sort(books.begin(), books.end(),
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

// Whether the search must keep book suits apart: only when the rule says so and some natural
// card is there twice (else no book can repeat a suit, and the standard search is exact).
bool keep_suits_apart(const Split& split, MeldRules rules) {
  if (rules.book_suits != BookSuits::Distinct) return false;
  const auto& n = split.naturals;  // sorted: copies sit together
  return std::adjacent_find(n.begin(), n.end()) != n.end();
}

}  // namespace

int min_score(std::span<const Card> hand, int wild_rank, HandMode mode, MeldRules rules) {
  const Split split = split_hand(hand, wild_rank);
  return keep_suits_apart(split, rules) ? min_score_with<true>(split, wild_rank, mode, rules)
                                        : min_score_with<false>(split, wild_rank, mode, rules);
}

Solution solve(std::span<const Card> hand, int wild_rank, HandMode mode, MeldRules rules) {
  const Split split = split_hand(hand, wild_rank);
  return keep_suits_apart(split, rules) ? solve_with<true>(split, wild_rank, mode, rules)
                                        : solve_with<false>(split, wild_rank, mode, rules);
}

}  // namespace crowns
