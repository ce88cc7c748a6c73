#include "cli/input/rule_set.hpp"

#include <CLI/CLI.hpp>
#include <ostream>

#include "cli/fail.hpp"
#include "crowns/house_rules.hpp"
#include "views/rule_sets.hpp"

namespace crowns::cli {

void add_rule_set_option(CLI::App& sub, std::optional<std::string>& text) {
  sub.add_option("--rules", text,
                 "Only games of one rule set: standard, or SWITCH=WORD,... (e.g. order=down)")
      ->type_name("RULES");
}

std::optional<HouseRules> read_rule_set(const std::optional<std::string>& text) {
  if (!text) return std::nullopt;
  auto rules = parse_rule_set(*text, "--rules ");
  if (!rules) fail(rules.failure(), ExitCode::Usage);
  return *rules;
}

void print_rule_sets_note(std::ostream& out, const std::vector<RuleSetCount>& sets) {
  const std::string text = views::rule_sets_text(sets);
  if (text.empty()) return;
  out << "Note: " << text << "; --rules standard or --rules order=down,... takes one\n";
}

void add_rule_sets_json(nlohmann::ordered_json& j, const std::optional<HouseRules>& only,
                        const std::vector<RuleSetCount>& sets) {
  if (only) j["rules"] = house_rules_json<nlohmann::ordered_json>(*only);
  if (auto mixed = views::rule_sets_json(sets); !mixed.is_null()) j["rule_sets"] = mixed;
}

}  // namespace crowns::cli
