#pragma once
// Five Crowns solitaire: 11 face-up piles (pile k is a round-k hand: k+2 cards, rank k+2 wild)
// and a 28-card stock. Each turned card goes into an open pile, which then discards one card;
// a pile whose cards all meld closes. Win: every pile closed by the end of the 28th play.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "crowns/card.hpp"
#include "crowns/expected.hpp"
#include "crowns/house_rules.hpp"
#include "crowns/unseen.hpp"

namespace crowns::solitaire {

inline constexpr int kPiles = 11;
inline constexpr int kStockSize = 28;  ///< Also the number of plays in a game.

/// Pile 1..11 holds pile + 2 cards and has rank pile + 2 wild.
constexpr int pile_size(int pile) {
  return pile + 2;
}
constexpr int pile_wild(int pile) {
  return pile + 2;
}

using Piles = std::array<std::vector<Card>, kPiles>;  ///< piles[0] is pile 1.

/// A deal: the 11 piles and the stock, top card first.
struct Deal {
  Piles piles;
  std::vector<Card> stock;
};

/// A Fisher-Yates shuffle driven by SplitMix64: the same order for a seed on every platform
/// (std::shuffle's use of an engine is not specified).
void shuffle_cards(std::vector<Card>& cards, std::uint64_t seed);

/// The deal of one seed: one 116-card box in canonical order, shuffled, then pile 1 takes the first
/// 3 cards, pile 2 the next 4, ..., the remaining 28 are the stock.
Deal deal_from_seed(std::uint64_t seed);

/// Counts cards against the one box solitaire is dealt from (2 of each card, 6 jokers). Every
/// place that takes cards typed by a person (a deal file, a turned card, a batch position)
/// counts them here, so they all refuse the same way.
class OneBox {
 public:
  /// Counts `cards`; fails at the first one the box has no copy left of: "a third 5s" (or "a
  /// seventh joker"), then `where` (" in pile 3"), then "; solitaire uses one box: 2 of each
  /// card and 6 jokers". The cards before it stay counted.
  Expected<void> add(std::span<const Card> cards, std::string_view where = {});
  /// Copies of `card` counted.
  [[nodiscard]] int count(Card card) const { return counts_[kind_of(card)]; }

 private:
  std::array<int, kCardKinds> counts_{};
};

/// Checks piles laid out by hand: pile k must hold k+2 cards and the whole layout no more
/// copies than one box. Fails naming the pile and the card.
Expected<void> check_piles(const Piles& piles);

/// One play: the turned card goes into `pile` (1..11), which discards `discard` (a card of
/// the pile or the turned card itself).
struct Move {
  int pile = 0;
  Card discard;
  friend bool operator==(const Move&, const Move&) = default;
};

enum class Outcome { Playing, Won, Lost };

/// Everything on the table. The stock is not part of it: for a real deal it is unknown.
struct State {
  Piles piles;
  std::array<bool, kPiles> closed{};
  std::vector<Card> dead;  ///< Every discard, in order.
  int plays = 0;           ///< Plays made so far (0..28).
  /// The meld rules the piles close under (house rules: wild-only melds, book suits); the
  /// other house rules (order of rounds, leads, ties) have nothing to change in solitaire.
  MeldRules rules;

  /// The piles as dealt (each is kept in canonical order), none closed, no play made, closing
  /// under `rules`.
  State(Piles dealt, MeldRules rules);
  [[nodiscard]] int open_piles() const;
  [[nodiscard]] int plays_left() const { return kStockSize - plays; }
  [[nodiscard]] Outcome outcome() const;
};

/// Whether `cards` all meld with `wild_rank` wild under `rules` (score 0 for all of them).
bool all_meld(std::span<const Card> cards, int wild_rank, MeldRules rules);

/// Checks a play: the game is on, the pile is 1..11 and open, the discard is in the pile or
/// is the turned card. Fails with a message naming the pile or card.
Expected<void> check_move(const State& state, Card turned, const Move& move);

/// Makes a checked play: the pile takes the card, discards, and closes if its cards all meld.
/// Returns whether the pile closed.
bool apply_move(State& state, Card turned, const Move& move);

/// The cards nobody can see: the box minus every pile card, every dead card and `turned`.
/// For a seeded game this is exactly the rest of the stock, in canonical order.
std::vector<Card> unseen_cards(const State& state, std::optional<Card> turned);

/// The cards a pile still needs to close: the fewest cards it must take (each play brings
/// one) so that all of its `size` cards meld. `cards` may hold one card more than `size`
/// (the turned card placed in it): the answer is then after the best discard.
/// Under `rules`: with book suits distinct a book keeps one natural card of a suit; with no
/// wild-only melds a pile needs a natural card to close at all.
int cards_to_close(std::span<const Card> cards, int size, int wild_rank, MeldRules rules);

}  // namespace crowns::solitaire
