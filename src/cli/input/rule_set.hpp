#pragma once
// --rules standard | SWITCH=WORD,...: a statistics command over one rule set only, and how the
// terminal says its games span more than one (leaderboard, stats, h2h, records). One
// definition of the flag and one reading of it for every command that takes it.

#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "crowns/results.hpp"

namespace CLI {
class App;
}

namespace crowns::cli {

/// Adds --rules RULES to a statistics command, stored as typed (read_rule_set reads it).
void add_rule_set_option(CLI::App& sub, std::optional<std::string>& text);

/// The rule set `--rules` names: "standard", or SWITCH=WORD,... with the switches not named
/// standard ("order=down,wild_melds=no"); none without the flag. Read by core's
/// parse_rule_set, as the phone reads ?rules=. Fails (usage) naming the part that is not a
/// switch or the word a switch does not take.
std::optional<HouseRules> read_rule_set(const std::optional<std::string>& text);

/// The note under a heading when the figures' games span more than one rule set (the words of
/// views::rule_sets_text and how to take one); nothing for one rule set.
void print_rule_sets_note(std::ostream& out, const std::vector<RuleSetCount>& sets);

/// The JSON keys of the same: "rules" (the one rule set taken) with --rules, "rule_sets" when
/// the games span more than one.
void add_rule_sets_json(nlohmann::ordered_json& j, const std::optional<HouseRules>& only,
                        const std::vector<RuleSetCount>& sets);

}  // namespace crowns::cli
