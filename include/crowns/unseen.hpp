#pragma once
// The cards a player has not seen, as counts of each kind of card: what the next deck card
// can be. Shared by the advisor, the odds and the self-play harness.

#include <array>
#include <span>
#include <string>
#include <vector>

#include "crowns/card.hpp"
#include "crowns/expected.hpp"
#include "crowns/house_rules.hpp"

namespace crowns {

/// 55 natural cards (5 suits x ranks 3..13) and the joker.
inline constexpr int kCardKinds = kSuitCount * kRankCount + 1;
inline constexpr int kJokerKind = kCardKinds - 1;

/// 0..54 for a natural card (by rank, then suit), 55 for a joker.
constexpr int kind_of(Card card) {
  return card.is_joker() ? kJokerKind
                         : (card.rank - kMinRank) * kSuitCount + static_cast<int>(card.suit);
}
constexpr Card card_of_kind(int kind) {
  return kind == kJokerKind
             ? Card::joker()
             : Card::natural(kMinRank + kind / kSuitCount, static_cast<Suit>(kind % kSuitCount));
}

/// How many copies of each kind are unseen, and how many cards in all.
struct Unseen {
  std::array<int, kCardKinds> count{};
  int total = 0;

  void remove(Card card) {
    --count[static_cast<std::size_t>(kind_of(card))];
    --total;
  }
};

/// The box(es) minus every card the player knows is out of the deck. Fails when the known
/// cards hold more copies of a card than the boxes do, naming the card and where it was seen
/// (e.g. "7h is given 3 times (hand 2, seen 1) but one box holds each card twice").
struct KnownCards {
  std::span<const Card> hand;
  std::span<const Card> top;  ///< Zero or one card.
  std::span<const Card> seen;
  std::span<const Card> next_holds = {};  ///< What the next player is known to hold.
};
Expected<Unseen> unseen_cards(const KnownCards& known, int boxes);

/// Whether `card`, drawn into `hand`, could sit in one of its melds with another card of the
/// hand: it is wild, or a natural card of a rank the hand holds, or of a suit the hand holds
/// within (wilds in the hand + 1) ranks. Any other card could only sit in a meld of itself and
/// wilds, and then any natural card could take its place (a natural card and two wilds are a
/// book), so it never helps: the hand with it scores min(hand, hand after its best discard +
/// the card's points). With no wild-only melds (WildMelds::DoNotCount) wild cards alone are no
/// meld, so any card could complete one with two wilds of the hand: then every card could join
/// a hand that holds two wilds or more.
bool could_join_melds(std::span<const Card> hand, Card card, int wild_rank, MeldRules rules);

/// Every card of `pool` drawn into `kept` in turn, scored exactly after the best discard: the
/// sum of those scores over the pool's copies, and how many copies go out. `now` is the kept
/// cards' own score under `rules` (min_score Dealt, more than 0). A card that cannot join a
/// meld of the kept cards scores min(now, their best discard's score + its points) without a
/// solver call.
struct DrawScores {
  long sum = 0;
  int outs = 0;
};
DrawScores draw_scores(std::span<const Card> kept, int now, int wild_rank, const Unseen& pool,
                       MeldRules rules);

/// Every card of `boxes` boxes as counts.
Unseen full_box_counts(int boxes);

}  // namespace crowns
