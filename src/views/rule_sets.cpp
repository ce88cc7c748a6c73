#include "views/rule_sets.hpp"

#include "crowns/plural.hpp"
#include "views/html_report.hpp"
#include "views/scorecard.hpp"

namespace crowns::views {

using Json = nlohmann::ordered_json;

std::string rule_set_text(const HouseRules& rules) {
  return rules.is_standard() ? "standard" : house_options_text(rules);
}

std::string rule_set_heading(const std::optional<HouseRules>& only) {
  return only ? " · rules: " + rule_set_text(*only) : std::string();
}

std::string rule_sets_text(const std::vector<RuleSetCount>& sets) {
  if (sets.size() < 2) return "";
  std::string list;
  for (const auto& set : sets)
    list +=
        (list.empty() ? "" : "; ") + rule_set_text(set.rules) + ": " + counted(set.games, "game");
  return "these games were played under " + std::to_string(sets.size()) + " rule sets (" + list +
         ")";
}

std::string rule_sets_note_html(const std::vector<RuleSetCount>& sets) {
  const std::string mixed = rule_sets_text(sets);
  if (mixed.empty()) return "";
  return "<p class=\"meta rule-sets\">Note: " + html_escape(mixed) + ".</p>\n";
}

std::string rule_set_only_html(const std::optional<HouseRules>& only) {
  if (!only) return "";
  return "<p class=\"meta rule-set\" id=\"rule-set\">Only the games played under " +
         (only->is_standard() ? std::string("the standard rules")
                              : "these house rules: " + html_escape(rule_set_text(*only))) +
         ".</p>\n";
}

Json rule_sets_json(const std::vector<RuleSetCount>& sets) {
  if (sets.size() < 2) return nullptr;
  Json mixed = Json::array();
  for (const auto& set : sets)
    mixed.push_back(Json{{"rules", house_rules_json<Json>(set.rules)}, {"games", set.games}});
  return mixed;
}

Json record_rules_json(const HouseRules& rules) {
  if (rules.is_standard()) return nullptr;
  return house_rules_json<Json>(rules);
}

}  // namespace crowns::views
