#include "cli/input/rule_set.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <ostream>

#include "cli/fail.hpp"
#include "crowns/names.hpp"
#include "views/rule_sets.hpp"

namespace crowns::cli {

void add_rule_set_option(CLI::App& sub, std::optional<std::string>& text) {
  sub.add_option("--rules", text,
                 "Only games of one rule set: standard, or SWITCH=WORD,... (e.g. order=down)")
      ->type_name("RULES");
}

std::optional<HouseRules> read_rule_set(const std::optional<std::string>& text) {
  if (!text) return std::nullopt;
  HouseRules rules;
  if (*text == "standard") return rules;
  std::size_t at = 0;
  while (at <= text->size()) {
    const std::size_t end = std::min(text->find(',', at), text->size());
    const std::string part = text->substr(at, end - at);
    const auto eq = part.find('=');
    const auto which = parse_switch_name(part.substr(0, eq));
    if (eq == std::string::npos || !which) {
      fail("--rules " + quote_token(part) +
               " is not a switch; write --rules standard or --rules SWITCH=WORD,... "
               "(order, wild_melds, book_suits, leads, ties; e.g. order=down,leads=out)",
           ExitCode::Usage);
    }
    if (auto set = set_switch(rules, *which, part.substr(eq + 1)); !set)
      fail("--rules " + std::string(switch_name(*which)) + ": " + set.error(), ExitCode::Usage);
    at = end + 1;
  }
  return rules;
}

std::string rule_set_heading(const std::optional<HouseRules>& only) {
  return only ? " · rules: " + views::rule_set_text(*only) : std::string();
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
