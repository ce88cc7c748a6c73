#pragma once
// The exact lay-down solver: the lowest-scoring arrangement of a hand into books and runs.

#include <optional>
#include <span>
#include <vector>

#include "crowns/card.hpp"
#include "crowns/house_rules.hpp"

namespace crowns {

enum class MeldKind { Book, Run };

/// One card of a meld. `as_rank` is the rank the card stands for: its own rank for a natural
/// card; for a wild card in a run, the run position it fills; in a book, the book's rank
/// (0 for a book made only of wild cards).
struct MeldCard {
  Card card;
  int as_rank = 0;
  bool wild = false;
};

struct Meld {
  MeldKind kind = MeldKind::Book;
  std::vector<MeldCard> cards;  ///< A run is in rank order, low to high.
  Suit suit = Suit::Stars;      ///< For a run: its suit (all-wild runs never occur; see below).
  int rank = 0;  ///< For a book: its rank (0 if every card is wild, only when wild melds count).
};

/// Whether the hand holds the drawn card (n+1 cards, one must be discarded) or not.
enum class HandMode { Dealt, Drawn };

struct Solution {
  int score = 0;                ///< Points left in hand after the best lay-down.
  std::vector<Meld> melds;      ///< Books first (by rank), then runs (by suit, rank).
  std::vector<Card> deadwood;   ///< Cards left in hand, in canonical order.
  std::optional<Card> discard;  ///< In Drawn mode: the card to discard.
  bool goes_out = false;        ///< Drawn mode: score 0 after the discard. Dealt mode: score 0.
};

/// Solves a hand exactly under the meld rules (the standard ones unless given: a meld of
/// wilds alone counts, a book's naturals may repeat a suit). `wild_rank` is 3..13. Limits: at most
/// 16 different natural cards, 7 copies of each and 64 cards in all (a legal hand from two boxes
/// holds at most 4 copies and 14 cards); beyond them it throws crowns::Error. In Drawn mode the
/// hand must hold at least 2 cards. Deterministic for a given multiset (the order of `hand` does
/// not matter).
Solution solve(std::span<const Card> hand, int wild_rank, HandMode mode, MeldRules rules = {});

/// Only the minimum score; faster than solve() because it builds no arrangement.
int min_score(std::span<const Card> hand, int wild_rank, HandMode mode, MeldRules rules = {});

}  // namespace crowns
