#pragma once
// What `crowns assist` says at each turn: the advisor's answer in a player's words (the
// reason, what the play makes, what it gives away) followed by the plan's melds, outs and odds.
// The numbers are those of `crowns advise` for the same situation (views/advice.hpp).

#include <ostream>

#include "crowns/advice.hpp"
#include "crowns/advice_explain.hpp"
#include "crowns/assist.hpp"
#include "views/style.hpp"

namespace crowns::cli {

/// Before drawing: take the top discard or draw, and why.
void print_assist_draw(std::ostream& out, const views::Style& style, const Situation& s,
                       const Unseen& unseen, const DrawAdvice& a);
/// After taking the top discard (advised or not): the card to throw, from the take plan.
void print_assist_take_throw(std::ostream& out, const views::Style& style, const Situation& s,
                             const Unseen& unseen, const DrawAdvice& a);
/// After a deck draw: the card to throw, and why.
void print_assist_throw(std::ostream& out, const views::Style& style, const Situation& s,
                        const Unseen& unseen, const DiscardAdvice& a);

/// Where a resumed session stands: the hand held, the top discard, whose turn it is.
void print_assist_resume(std::ostream& out, const views::Style& style,
                         const assist::Session& session);

}  // namespace crowns::cli
