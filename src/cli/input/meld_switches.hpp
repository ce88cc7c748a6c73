#pragma once
// The meld switches of the house rules (--wild-melds yes|no, --book-suits any|distinct) as every
// command that scores a hand takes them: analyze, advise, odds, assist and solitaire, and the
// batch modes' "wild_melds" and "book_suits" keys (docs/RULES.md, "House options").

#include <optional>
#include <string>

#include "cli/input/json_request.hpp"
#include "crowns/house_rules.hpp"

namespace CLI {
class App;
}  // namespace CLI

namespace crowns::cli {

/// The two flags as typed; a flag not given is none (the standard rule, or a game's own).
struct MeldSwitches {
  std::optional<std::string> wild_melds;
  std::optional<std::string> book_suits;

  /// The rules the flags give, over `base` for a flag not given. The words were checked when
  /// the flags were parsed (house_switch in cli/options.hpp).
  [[nodiscard]] MeldRules rules(MeldRules base = {}) const;
  [[nodiscard]] bool any() const { return wild_melds.has_value() || book_suits.has_value(); }
};

/// What a switch left out means: the standard rule, or (a command that can follow a game) the
/// game's rule, else the standard one. Only the help's wording differs.
enum class MeldDefault { Standard, GameOrStandard };

/// Adds --wild-melds and --book-suits to a command.
void add_meld_switches(CLI::App& sub, MeldSwitches& switches,
                       MeldDefault fallback = MeldDefault::Standard);

/// The rules of a request: "wild_melds" (true/false or "yes"/"no") and "book_suits"
/// ("any"/"distinct") over `base` (the command's flags) for a key absent or null. A bad value
/// is the request's error, naming the key and the words.
MeldRules read_meld_rules(JsonRequest& request, MeldRules base);

/// Refuses flags that contradict a game's rules, which are fixed when the game starts:
/// "--wild-melds yes: game 4 plays no wild-only melds (its rules are set when it starts)".
/// Flags that agree are fine.
Expected<void> check_against_game(const MeldSwitches& switches, MeldRules game_rules,
                                  long long game_id);

}  // namespace crowns::cli
