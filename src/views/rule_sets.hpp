#pragma once
// The words every screen uses for a game's rule set beside a statistic: a record held in a
// game of house rules names them, and figures over games of more than one rule set say so
// (the leaderboard, stats, h2h, records, the report, the phone). The terminal and the phone
// both draw these; each adds its own way to take one rule set (a flag, a link).

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "crowns/results.hpp"

namespace crowns::views {

/// "standard", or the house options only, in the scorecard's words: "order down, wild melds
/// no" (house_options_text).
std::string rule_set_text(const HouseRules& rules);

/// A heading's tail when the figures are of one rule set only: " · rules: order down, wild
/// melds no" (" · rules: standard"); "" for none (every rule set).
std::string rule_set_heading(const std::optional<HouseRules>& only);

/// Figures over games of more than one rule set, said once: "these games were played under 2
/// rule sets (standard: 3 games; order down, wild melds no: 1 game)"; "" for one rule set or none.
std::string rule_sets_text(const std::vector<RuleSetCount>& sets);

/// The same as a page's note, one paragraph of class "rule-sets" ("Note: these games …."),
/// for the phone's pages and the reports; "" for one rule set or none.
std::string rule_sets_note_html(const std::vector<RuleSetCount>& sets);

/// Figures of one rule set only, said as a page's note (id "rule-set"): "Only the games played
/// under the standard rules." / "... under these house rules: order down, wild melds no.";
/// "" for none (every rule set).
std::string rule_set_only_html(const std::optional<HouseRules>& only);

/// The same as JSON, the "rule_sets" key: [{"rules": {...}, "games": 3}, ...]; none (null) for
/// one rule set or none, so that a caller writes the key only when the games mix rule sets.
nlohmann::ordered_json rule_sets_json(const std::vector<RuleSetCount>& sets);

/// A record's rules as JSON, its "rules" key: null for the standard rules, else the rules
/// object every JSON output uses (house_rules_json).
nlohmann::ordered_json record_rules_json(const HouseRules& rules);

}  // namespace crowns::views
