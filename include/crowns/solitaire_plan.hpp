#pragma once
// An exact plan for a solitaire position. Every card of the stock is turned by the end and
// any card can go into any open pile, so the order of the stock does not matter: the game can
// be won exactly when the stock's cards (known: the unseen cards) can be shared out so that
// each open pile, with the cards it takes, holds a hand that melds, and every open pile takes
// at least one card. Following such a plan wins whatever the order; without one nothing does.

#include <array>
#include <span>
#include <vector>

#include "crowns/solitaire.hpp"
#include "crowns/unseen.hpp"

namespace crowns::solitaire {

enum class PlanStatus {
  Found,       ///< `takes` closes every open pile.
  Impossible,  ///< No way to share out the stock closes every pile: the game is lost.
  GaveUp,      ///< The search hit its limit before deciding.
};

struct Plan {
  PlanStatus status = PlanStatus::GaveUp;
  /// The cards each open pile takes (piles needing none take any spare card).
  std::array<std::vector<Card>, kPiles> takes;
};

/// How far find_plan() looks before it gives up.
struct PlanLimits {
  int max_extra = 0;  ///< Cards beyond its own need that one pile may take.
  int nodes = 20000;  ///< Search nodes visited.
};

/// Searches for a plan sharing `stock` (the turned card and the unseen cards: exactly the
/// cards still to be turned, one a play) among the open piles of `state`. Impossible is only
/// answered when the limits cut nothing off.
Plan find_plan(const State& state, std::span<const Card> stock, const PlanLimits& limits);

/// The play that follows `plan` (status Found) with the turned card: into the pile that takes
/// it, discarding a card the pile's planned hand does not use; a card no pile takes goes into a
/// pile that melds already (closing it) or else into any open pile and is discarded at once.
Move plan_move(const State& state, Card turned, const Plan& plan);

}  // namespace crowns::solitaire
