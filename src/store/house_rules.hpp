#pragma once
// House rules in the store (migration 0012): the rules each game is played under, the club's
// default for new games, and the random order's rounds dealt as the game reaches them.
// Reading a game (load_game) reads its rules with it (Game::rules, Game::deal); these are for
// what has no game at hand.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "crowns/expected.hpp"
#include "crowns/house_rules.hpp"
#include "store/sqlite.hpp"

namespace crowns::store {

struct Game;

/// The switches a game's start sets (a flag given, a field of the phone's form chosen); each
/// one left unset takes the club's default (club_rules) when the game is created, in the same
/// transaction.
struct RulesChoice {
  std::optional<RoundOrder> order{};
  std::optional<WildMelds> wild_melds{};
  std::optional<BookSuits> book_suits{};
  std::optional<Leads> leads{};
  std::optional<Ties> ties{};

  /// Every switch set: a game started under exactly `rules` (a rematch plays on under the
  /// rules of the game before).
  static RulesChoice all(const HouseRules& rules);
  /// `base` with the switches set here replacing its own.
  [[nodiscard]] HouseRules over(const HouseRules& base) const;
  /// Sets switch `which` from its word (set_switch's words and failure).
  Expected<void> set(HouseSwitch which, std::string_view word);
  [[nodiscard]] bool empty() const { return *this == RulesChoice{}; }
  friend bool operator==(const RulesChoice&, const RulesChoice&) = default;
};

/// The club's default rules: what a new game takes for every switch not set when it starts.
/// The standard rules until set_club_rules.
HouseRules club_rules(const Database& db);

/// Sets the club's default rules (inside the caller's transaction). Games already started keep
/// their own rules.
void set_club_rules(Database& db, const HouseRules& rules);

/// The rules game `game_id` is played under; none when there is no such game.
std::optional<HouseRules> game_rules(const Database& db, std::int64_t game_id);

/// Writes a game's rules (inside the caller's transaction): for a game being created or
/// imported, never to change the rules of a game under way. `dealt` is the random order's
/// card counts dealt so far (empty for the other orders); `seed`, when given, the seed its
/// later rounds are drawn from.
void write_game_rules(Database& db, std::int64_t game_id, const HouseRules& rules,
                      const std::vector<int>& dealt, std::optional<std::uint64_t> seed);

/// Deals, for a game in random order, every round up to the one to record now (round 1 at
/// the start, round k+1 once round k is in), each drawn from the card counts not dealt yet;
/// returns whether it dealt any. A round once dealt keeps its cards (an undo never deals
/// again). Does nothing for the other orders, whose rounds are known from the start.
bool deal_due_rounds(Database& db, Game& game);

/// The rules from the five columns round_order, wild_melds, book_suits, leads, ties of `row`,
/// from column `first` on (the words the columns' CHECKs allow always read).
HouseRules rules_from_row(const Statement& row, int first);

/// "7 3 12" <-> {7, 3, 12}: the dealt column. parse_dealt fails on anything but card counts
/// 3..13, each at most once.
std::string dealt_text(const std::vector<int>& dealt);
Expected<std::vector<int>> parse_dealt(const std::string& text);

/// The SQL condition, on the games table aliased `alias`, that holds for games played under
/// `rules` exactly (for statistics limited to one rule set), with the words inlined (they are
/// crowns' own, never input): "g.round_order = 'up' AND g.wild_melds = 1 AND ...".
std::string rules_condition(const HouseRules& rules, const std::string& alias);

}  // namespace crowns::store
