#include "crowns/solitaire.hpp"

#include <algorithm>
#include <string>

#include "crowns/deck.hpp"
#include "crowns/names.hpp"
#include "crowns/random.hpp"
#include "crowns/rules.hpp"
#include "crowns/solver.hpp"

namespace crowns::solitaire {
namespace {

std::string pile_text(int pile) {
  return "pile " + std::to_string(pile);
}

// The search behind cards_to_close(): the most natural cards that can stay in a pile of
// `limit` cards, when every kept group is completed into a meld by wild cards. A book of k
// kept cards fills max(k, 3) places; a run from rank a to rank b fills max(b - a + 1, 3).
class KeepSearch {
 public:
  KeepSearch(std::span<const Card> cards, int wild_rank, int limit, BookSuits book_suits)
      : limit_(limit), next_suit_(book_suits == BookSuits::Distinct ? 1 : 0) {
    for (const Card c : cards) {
      if (is_wild(c, wild_rank)) continue;
      ++count_[static_cast<int>(c.suit)][c.rank];
      ++remaining_;
    }
  }

  int best_kept() {
    search(0, 0);
    return best_;
  }

 private:
  // `from` is a cell (rank * kSuitCount + suit) at or below the lowest card left.
  void search(int kept, int used, int from = kMinRank * kSuitCount) {
    // Every kept card fills a place: at most limit - used more can stay.
    if (kept + std::min(remaining_, limit_ - used) <= best_) return;
    int cell = from;
    while (cell < kCells && count_[cell % kSuitCount][cell / kSuitCount] == 0) ++cell;
    if (cell == kCells) {
      best_ = std::max(best_, kept);
      return;
    }
    const int rank = cell / kSuitCount;
    const int suit = cell % kSuitCount;
    take(suit, rank);
    // A book or a run holding this card (the lowest left), then leaving it out.
    from_ = cell;
    book(suit, rank, 1, kept + 1, used);
    from_ = cell;
    run(suit, rank, rank, kept + 1, used);
    search(kept, used, cell);
    put_back(suit, rank);
  }

  // Extends a book of rank `rank` with copies from suits `suit`.. on, or closes it.
  void book(int suit, int rank, int size, int kept, int used) {
    const int from = from_;
    if (used + std::max(size, 3) <= limit_) search(kept, used + std::max(size, 3), from);
    // With distinct suits the book's next natural card is of a later suit than its last.
    for (int s = suit + next_suit_; s < kSuitCount; ++s) {
      if (count_[s][rank] == 0) continue;
      if (used + std::max(size + 1, 3) > limit_) return;
      take(s, rank);
      from_ = from;
      book(s, rank, size + 1, kept + 1, used);
      put_back(s, rank);
    }
  }

  // Extends a run of `suit` from `low` to `high` with a higher card, or closes it.
  void run(int suit, int low, int high, int kept, int used) {
    const int from = from_;
    if (high > low && used + std::max(high - low + 1, 3) <= limit_)
      search(kept, used + std::max(high - low + 1, 3), from);
    for (int r = high + 1; r <= kMaxRank; ++r) {
      if (used + std::max(r - low + 1, 3) > limit_) return;
      if (count_[suit][r] == 0) continue;
      take(suit, r);
      from_ = from;
      run(suit, low, r, kept + 1, used);
      put_back(suit, r);
    }
  }

  void take(int suit, int rank) {
    --count_[suit][rank];
    --remaining_;
  }
  void put_back(int suit, int rank) {
    ++count_[suit][rank];
    ++remaining_;
  }

  static constexpr int kCells = (kMaxRank + 1) * kSuitCount;
  std::array<std::array<int, kMaxRank + 1>, kSuitCount> count_{};
  int limit_;
  int next_suit_;  // 1 when a book's natural cards must differ in suit, else 0
  int from_ = 0;   // the cell of the card that opened the group being built
  int remaining_ = 0;
  int best_ = 0;
};

}  // namespace

void shuffle_cards(std::vector<Card>& cards, std::uint64_t seed) {
  SplitMix64 rng(seed);
  for (std::size_t i = cards.size(); i > 1; --i)
    std::swap(cards[i - 1], cards[static_cast<std::size_t>(rng.below(i))]);
}

Deal deal_from_seed(std::uint64_t seed) {
  std::vector<Card> box = full_deck(1);
  shuffle_cards(box, seed);
  Deal deal;
  auto next = box.begin();
  for (int p = 1; p <= kPiles; ++p) {
    deal.piles[p - 1].assign(next, next + pile_size(p));
    next += pile_size(p);
  }
  deal.stock.assign(next, box.end());
  return deal;
}

static_assert(kCopiesPerBox == 2 && kJokersPerBox == 6, "OneBox::add's message says so");

Expected<void> OneBox::add(std::span<const Card> cards, std::string_view where) {
  for (const Card c : cards) {
    int& copies = counts_[kind_of(c)];
    if (copies == (c.is_joker() ? kJokersPerBox : kCopiesPerBox)) {
      return Failure{(c.is_joker() ? std::string("a seventh joker") : "a third " + to_string(c)) +
                     std::string(where) + "; solitaire uses one box: 2 of each card and 6 jokers"};
    }
    ++copies;
  }
  return {};
}

Expected<void> check_piles(const Piles& piles) {
  OneBox box;
  for (int p = 1; p <= kPiles; ++p) {
    const auto& pile = piles[p - 1];
    if (static_cast<int>(pile.size()) != pile_size(p)) {
      return Failure{pile_text(p) + " holds " + std::to_string(pile.size()) +
                     " cards; it must hold " + std::to_string(pile_size(p)) +
                     " (piles hold 3, 4, ... 13 cards)"};
    }
    if (auto fits = box.add(pile, " in " + pile_text(p)); !fits) return fits;
  }
  return {};
}

State::State(Piles dealt, MeldRules melds) : piles(std::move(dealt)), rules(melds) {
  for (auto& pile : piles) std::sort(pile.begin(), pile.end());
}

int State::open_piles() const {
  return static_cast<int>(std::count(closed.begin(), closed.end(), false));
}

Outcome State::outcome() const {
  if (open_piles() == 0) return Outcome::Won;
  // Each open pile needs a play of its own to close.
  if (plays_left() < open_piles()) return Outcome::Lost;
  return Outcome::Playing;
}

bool all_meld(std::span<const Card> cards, int wild_rank, MeldRules rules) {
  return min_score(cards, wild_rank, HandMode::Dealt, rules) == 0;
}

Expected<void> check_move(const State& state, Card turned, const Move& move) {
  if (state.outcome() != Outcome::Playing) return Failure{"the game is over"};
  if (move.pile < 1 || move.pile > kPiles)
    return Failure{pile_text(move.pile) + " does not exist (piles are 1-11)"};
  if (state.closed[move.pile - 1])
    return Failure{pile_text(move.pile) + " is closed; play into an open pile"};
  const auto& pile = state.piles[move.pile - 1];
  if (move.discard != turned && std::find(pile.begin(), pile.end(), move.discard) == pile.end()) {
    return Failure{quote_token(to_string(move.discard)) + " is not in " + pile_text(move.pile) +
                   " and is not the turned card " + to_string(turned)};
  }
  return {};
}

bool apply_move(State& state, Card turned, const Move& move) {
  auto& pile = state.piles[move.pile - 1];
  pile.push_back(turned);
  pile.erase(std::find(pile.begin(), pile.end(), move.discard));
  std::sort(pile.begin(), pile.end());
  state.dead.push_back(move.discard);
  ++state.plays;
  const bool closes = all_meld(pile, pile_wild(move.pile), state.rules);
  state.closed[move.pile - 1] = closes;
  return closes;
}

std::vector<Card> unseen_cards(const State& state, std::optional<Card> turned) {
  std::vector<Card> box = full_deck(1);
  std::sort(box.begin(), box.end());
  auto remove = [&box](Card c) {
    if (auto it = std::find(box.begin(), box.end(), c); it != box.end()) box.erase(it);
  };
  for (const auto& pile : state.piles)
    for (const Card c : pile) remove(c);
  for (const Card c : state.dead) remove(c);
  if (turned) remove(*turned);
  return box;
}

int cards_to_close(std::span<const Card> cards, int size, int wild_rank, MeldRules rules) {
  const auto wilds = static_cast<int>(
      std::count_if(cards.begin(), cards.end(), [&](Card c) { return is_wild(c, wild_rank); }));
  const int kept = KeepSearch(cards, wild_rank, size, rules.book_suits).best_kept();
  const int needed = std::max(0, size - wilds - kept);
  // Wild cards fill any place of a kept group, and a book takes any number of them; with no
  // wild-only melds there must be a group: a pile of wilds alone needs a natural card.
  if (kept == 0 && rules.wild_melds == WildMelds::DoNotCount) return std::max(1, needed);
  return needed;
}

}  // namespace crowns::solitaire
