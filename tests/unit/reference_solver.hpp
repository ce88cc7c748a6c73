#pragma once
// A slow, obviously correct reference for the solver, and a checker for the solver's answers.
//
// The reference shares no idea with src/core/solver.cpp: it enumerates every subset of the
// hand, decides from the meld definition in docs/RULES.md whether that subset can be laid down,
// and then finds the cheapest partition of the hand into melds and leftover cards by a plain
// subset dynamic programme (3^n work). Use it only on hands of at most ~15 cards.
//
// The house rules' meld switches (MeldRules) are read straight from docs/RULES.md too: with
// wild melds off a meld must hold a card that is not wild; with distinct book suits the
// natural (non-wild) cards of a book must all be of different suits.

#include <span>
#include <string>

#include "crowns/card.hpp"
#include "crowns/house_rules.hpp"
#include "crowns/solver.hpp"

namespace crowns::reference {

/// The largest hand the reference accepts (its tables have 2^n entries).
inline constexpr int kMaxCards = 16;

/// Points of a card left in hand, straight from the table in docs/RULES.md.
int points(Card card, int wild_rank);

/// Whether the cards, taken together, form one book or one run (wilds may stand for anything)
/// under the meld rules.
bool is_meld(std::span<const Card> cards, int wild_rank, MeldRules rules = {});

/// The lowest score of the hand: every card arranged (Dealt), or the best discard followed by
/// the best arrangement of the rest (Drawn). At most kMaxCards cards; Drawn needs 1 or more.
int brute_force_score(std::span<const Card> hand, int wild_rank, HandMode mode,
                      MeldRules rules = {});

/// Checks that `solution` is a legal answer for the hand (not that it is optimal): each meld
/// is valid as written, melds + deadwood + discard are the hand as a multiset, the score is
/// the sum of the deadwood, the discard is there exactly in Drawn mode, goes_out matches.
/// Returns "" when it is, else a description of the first problem found.
/// Under `rules`, each meld must also keep the meld switches.
std::string check_solution(std::span<const Card> hand, int wild_rank, HandMode mode,
                           const Solution& solution, MeldRules rules = {});

/// "7h 8h jk" in canonical notation, for messages.
std::string hand_text(std::span<const Card> hand);

}  // namespace crowns::reference
