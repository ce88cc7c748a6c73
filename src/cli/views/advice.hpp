#pragma once
// Presenting the advisor's answer (crowns advise, crowns assist): the decision, the table of
// choices with the value it ranks by, the melds it plans, the outs and the odds; as lines for a
// person and as JSON for a script. Both commands print through here, so the same situation
// always gets the same answer.

#include <nlohmann/json.hpp>
#include <ostream>

#include "crowns/advice.hpp"
#include "crowns/advice_explain.hpp"
#include "views/style.hpp"

namespace crowns::cli {

/// The answer to a situation (checked by check_situation) as `advise --json` and each
/// `advise --batch` line give it: a draw decision or a discard decision, with its plan.
nlohmann::ordered_json advice_json(const Situation& s, const Unseen& unseen);
nlohmann::ordered_json draw_json(const Situation& s, const Unseen& unseen, const DrawAdvice& a);
nlohmann::ordered_json discard_json(const Situation& s, const Unseen& unseen,
                                    const DiscardAdvice& a);

/// Adds "rules" (meld_rules_json's shape) to an answer when the meld rules are not the
/// standard ones: an answer under the standard rules reads as it always has.
void add_rules_json(nlohmann::ordered_json& j, const MeldRules& rules);

/// The situation as an `advise --batch` request (without "id").
nlohmann::ordered_json request_json(const Situation& s);

/// "Round 3 · 5 cards + drawn · 5s wild · 2 players", the hand, the top, the next player's cards.
void print_situation(std::ostream& out, const views::Style& style, const Situation& s);
/// The advice and its table: what `crowns advise` prints after the situation.
void print_draw_advice(std::ostream& out, const views::Style& style, const Situation& s,
                       const Unseen& unseen, const DrawAdvice& a);
void print_discard_advice(std::ostream& out, const views::Style& style, const Situation& s,
                          const Unseen& unseen, const DiscardAdvice& a);
/// The plan's lines: "melds", "left", "outs" and "odds" (each indented by `indent`).
void print_plan(std::ostream& out, const views::Style& style, const Plan& plan, int round,
                std::string_view indent = "");

/// "12%".
std::string percent_text(double p);

}  // namespace crowns::cli
