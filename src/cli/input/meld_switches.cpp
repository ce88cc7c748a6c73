#include "cli/input/meld_switches.hpp"

#include <CLI/CLI.hpp>

#include "cli/options.hpp"

namespace crowns::cli {

MeldRules MeldSwitches::rules(MeldRules base) const {
  HouseRules house{.wild_melds = base.wild_melds, .book_suits = base.book_suits};
  if (wild_melds) (void)set_switch(house, HouseSwitch::WildMelds, *wild_melds);
  if (book_suits) (void)set_switch(house, HouseSwitch::BookSuits, *book_suits);
  return house.melds();
}

void add_meld_switches(CLI::App& sub, MeldSwitches& switches, MeldDefault fallback) {
  const std::string game = fallback == MeldDefault::GameOrStandard ? ", or the game's" : "";
  sub.add_option(switch_flag(HouseSwitch::WildMelds), switches.wild_melds,
                 "Whether a meld of wild cards alone counts (house rule; default yes" + game + ")")
      ->type_name("WORD")
      ->check(house_switch(HouseSwitch::WildMelds));
  sub.add_option(
         switch_flag(HouseSwitch::BookSuits), switches.book_suits,
         "Whether a book's natural cards may repeat a suit (house rule; default any" + game + ")")
      ->type_name("WORD")
      ->check(house_switch(HouseSwitch::BookSuits));
}

Expected<void> check_against_game(const MeldSwitches& switches, MeldRules game_rules,
                                  long long game_id) {
  const HouseRules game{.wild_melds = game_rules.wild_melds, .book_suits = game_rules.book_suits};
  const std::pair<HouseSwitch, const std::optional<std::string>*> given[] = {
      {HouseSwitch::WildMelds, &switches.wild_melds},
      {HouseSwitch::BookSuits, &switches.book_suits}};
  for (const auto& [which, word] : given) {
    if (!word->has_value()) continue;
    HouseRules asked = game;
    (void)set_switch(asked, which, **word);
    if (switch_word(asked, which) == switch_word(game, which)) continue;
    return Failure{switch_flag(which) + " " + **word + ": game " + std::to_string(game_id) +
                   " plays " + switch_flag(which).substr(2) + " " +
                   std::string(switch_word(game, which)) +
                   " (a game's rules are set when it starts; leave the flag out)"};
  }
  return {};
}

}  // namespace crowns::cli
