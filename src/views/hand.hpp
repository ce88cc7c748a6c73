#pragma once
// Presenting a solved hand: as lines for a person, as JSON for a script.

#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>

#include "crowns/hand_report.hpp"
#include "crowns/solver.hpp"
#include "views/hand_json.hpp"
#include "views/style.hpp"

namespace crowns::views {

/// "10s", or a rank alone: "K".
std::string rank_text(int rank);

/// The lay-down, one meld per line, the cards left with their points, the score.
/// `indent` is put before every line.
void print_hand(std::ostream& out, const Style& style, const HandReport& report,
                std::string_view indent = "");

/// The meld rules as a header names them, after a " · ": "" under the standard rules, else
/// " · no wild-only melds", " · book suits distinct" or both. Every hand header uses it
/// (analyze, advise, odds, assist, solitaire), so a house rule reads the same everywhere.
std::string meld_rules_note(const MeldRules& rules);

/// One meld as text: "7♥ 8♥ jk=9♥".
std::string meld_text(const Style& style, const Meld& meld);

}  // namespace crowns::views
