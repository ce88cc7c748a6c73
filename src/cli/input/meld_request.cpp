#include <nlohmann/json.hpp>

#include "cli/input/meld_switches.hpp"

// The batch modes' "wild_melds" and "book_suits" keys, apart from the flags' file: what a
// request line reads needs no CLI11 (the analyze batch fuzzer links it alone).
namespace crowns::cli {

MeldRules read_meld_rules(JsonRequest& r, MeldRules base) {
  HouseRules house{.wild_melds = base.wild_melds, .book_suits = base.book_suits};
  for (const HouseSwitch which : {HouseSwitch::WildMelds, HouseSwitch::BookSuits}) {
    // switch_name's views are core's static words: the request keeps them to spot unknown keys.
    const std::string_view key = switch_name(which);
    const std::string name(key);
    const nlohmann::json& value = r.raw(key);
    std::string word;
    if (value.is_null()) continue;
    if (value.is_boolean() && which == HouseSwitch::WildMelds) {
      word = value.get<bool>() ? "yes" : "no";
    } else if (value.is_string()) {
      word = value.get<std::string>();
    } else {
      r.fail("\"" + name + "\" must be one of " + switch_choices(which));
      continue;
    }
    if (auto set = set_switch(house, which, word); !set) r.fail("\"" + name + "\": " + set.error());
  }
  return house.melds();
}

}  // namespace crowns::cli
