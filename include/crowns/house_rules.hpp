#pragma once
// House rules: the switches a table may set (docs/RULES.md, "House options"), their words, and
// the one way those words are read and written. The standard rules are the defaults.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "crowns/expected.hpp"

namespace crowns {

/// The order the rounds come in: 3 cards up to 13 (standard), 13 down to 3, or a fair shuffle
/// of the 11 card counts (round_order.hpp). The wild rank always follows the card count.
enum class RoundOrder : std::uint8_t { Up, Down, Random };
/// Whether a meld made only of wild cards (jokers and cards of the wild rank) counts.
enum class WildMelds : std::uint8_t { Count, DoNotCount };
/// Whether the natural cards of a book may repeat a suit (two decks: any) or must all differ
/// (Icelandic rules: distinct). Wild cards in a book have no suit to repeat.
enum class BookSuits : std::uint8_t { Any, Distinct };
/// Who plays first in a round: the player left of the dealer, or whoever went out first in
/// the round before (left of the dealer in round 1).
enum class Leads : std::uint8_t { LeftOfDealer, FirstOut };
/// A tie for the lowest total: a shared win (unless a tie-break is recorded), or a 6-card
/// tie-break round played by the tied players.
enum class Ties : std::uint8_t { Shared, Tiebreak };

/// What the solver needs of the house rules: the meld switches only.
struct MeldRules {
  WildMelds wild_melds = WildMelds::Count;
  BookSuits book_suits = BookSuits::Any;
  friend bool operator==(const MeldRules&, const MeldRules&) = default;
};

/// A table's rules. Default-constructed: the standard rules, crowns' behaviour before house
/// rules existed.
struct HouseRules {
  RoundOrder order = RoundOrder::Up;
  WildMelds wild_melds = WildMelds::Count;
  BookSuits book_suits = BookSuits::Any;
  Leads leads = Leads::LeftOfDealer;
  Ties ties = Ties::Shared;

  [[nodiscard]] MeldRules melds() const { return {wild_melds, book_suits}; }
  [[nodiscard]] bool is_standard() const { return *this == HouseRules{}; }
  friend bool operator==(const HouseRules&, const HouseRules&) = default;
};

/// The switches, in the order crowns lists them.
enum class HouseSwitch : std::uint8_t { Order, WildMelds, BookSuits, Leads, Ties };
inline constexpr std::array<HouseSwitch, 5> kHouseSwitches = {
    HouseSwitch::Order, HouseSwitch::WildMelds, HouseSwitch::BookSuits, HouseSwitch::Leads,
    HouseSwitch::Ties};

/// The switch's name as a JSON key: "order", "wild_melds", "book_suits", "leads", "ties".
std::string_view switch_name(HouseSwitch which);
/// The switch's name as a flag: "--order", "--wild-melds", "--book-suits", ...
std::string switch_flag(HouseSwitch which);
/// The words the switch takes, the standard one first: {"up", "down", "random"}, {"yes",
/// "no"}, {"any", "distinct"}, {"left", "out"}, {"shared", "tiebreak"}.
std::span<const std::string_view> switch_words(HouseSwitch which);
/// The words as the help and the errors list them: "up|down|random".
std::string switch_choices(HouseSwitch which);

/// The word of the switch's value in `rules`: switch_word(rules, HouseSwitch::Order) == "up".
std::string_view switch_word(const HouseRules& rules, HouseSwitch which);

/// Sets one switch of `rules` from its word (ASCII case ignored). Fails naming the token and
/// the words allowed: "'some' is not one of any|distinct" (each door says where: the flag, the
/// JSON key). `rules` is unchanged on failure.
Expected<void> set_switch(HouseRules& rules, HouseSwitch which, std::string_view word);

/// Reads a switch's name, as a JSON key or a flag: "wild_melds", "wild-melds",
/// "--wild-melds". Fails naming the token and listing the switches.
Expected<HouseSwitch> parse_switch_name(std::string_view name);

/// Reads one rule set as the statistics take it (the terminal's --rules, the phone's
/// ?rules=): "standard", or SWITCH=WORD,... naming the switches that differ from the standard
/// rules, the others standard ("order=down,wild_melds=no"; a switch's name as
/// parse_switch_name reads it, its word as set_switch does). `as` is how the door writes the
/// value before it ("--rules ", "rules="), for the failure, which names the part that is not
/// a switch or the word a switch does not take and how to write it: "--rules 'colour=red' is
/// not a switch; write --rules standard or --rules SWITCH=WORD,... (order, wild_melds, ...)".
Expected<HouseRules> parse_rule_set(std::string_view text, std::string_view as);

/// The words parse_rule_set reads for `rules`: "standard", or the switches that differ from
/// the standard rules, in kHouseSwitches' order: "order=down,wild_melds=no".
std::string rule_set_words(const HouseRules& rules);

/// The rules as one line of words, the standard ones too: "order up, wild melds yes, book
/// suits any, leads left, ties shared".
std::string describe(const HouseRules& rules);

/// The rules as a JSON object, the shape every JSON output uses:
/// {"order":"up","wild_melds":true,"book_suits":"any","leads":"left","ties":"shared"}.
/// wild_melds is a boolean; every other switch its word. A template, so that core does not
/// depend on the JSON library (pass nlohmann::json or nlohmann::ordered_json).
template <class Json>
Json house_rules_json(const HouseRules& rules) {
  Json out = Json::object();
  for (HouseSwitch s : kHouseSwitches) {
    const std::string key(switch_name(s));
    if (s == HouseSwitch::WildMelds) {
      out[key] = rules.wild_melds == WildMelds::Count;
    } else {
      out[key] = std::string(switch_word(rules, s));
    }
  }
  return out;
}

/// Only the meld switches, for answers that depend on nothing else (`crowns analyze`):
/// {"wild_melds":true,"book_suits":"any"}.
template <class Json>
Json meld_rules_json(const MeldRules& melds) {
  const Json all = house_rules_json<Json>(
      HouseRules{.wild_melds = melds.wild_melds, .book_suits = melds.book_suits});
  Json out = Json::object();
  for (HouseSwitch s : {HouseSwitch::WildMelds, HouseSwitch::BookSuits}) {
    const std::string key(switch_name(s));
    out[key] = all[key];
  }
  return out;
}

/// Reads the JSON shape house_rules_json writes. A missing key keeps the standard rule;
/// wild_melds may be a boolean or "yes"/"no". Fails naming the key and the value, and on a
/// key that is not a switch.
template <class Json>
Expected<HouseRules> house_rules_from_json(const Json& value) {
  if (!value.is_object()) return Failure{"the rules must be a JSON object"};
  HouseRules rules;
  for (auto it = value.begin(); it != value.end(); ++it) {
    const auto which = parse_switch_name(it.key());
    if (!which) return Failure{which.error()};
    std::string word;
    if (it->is_boolean() && *which == HouseSwitch::WildMelds) {
      word = it->template get<bool>() ? "yes" : "no";
    } else if (it->is_string()) {
      word = it->template get<std::string>();
    } else {
      return Failure{"\"" + it.key() + "\" must be one of " + switch_choices(*which)};
    }
    if (auto set = set_switch(rules, *which, word); !set)
      return Failure{"\"" + it.key() + "\": " + set.error()};
  }
  return rules;
}

}  // namespace crowns
