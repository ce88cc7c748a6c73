#include "store/house_rules.hpp"

#include <algorithm>
#include <charconv>

#include "crowns/error.hpp"
#include "crowns/random.hpp"
#include "crowns/round_order.hpp"
#include "crowns/rules.hpp"
#include "store/db.hpp"
#include "store/games.hpp"

namespace crowns::store {
namespace {

// The columns of games and club_rules that hold the switches, in kHouseSwitches' order.
constexpr const char* kRuleColumns = "round_order, wild_melds, book_suits, leads, ties";

}  // namespace

HouseRules rules_from_row(const Statement& row, int first) {
  HouseRules rules;
  (void)set_switch(rules, HouseSwitch::Order, row.text(first));
  rules.wild_melds = row.integer(first + 1) != 0 ? WildMelds::Count : WildMelds::DoNotCount;
  (void)set_switch(rules, HouseSwitch::BookSuits, row.text(first + 2));
  (void)set_switch(rules, HouseSwitch::Leads, row.text(first + 3));
  (void)set_switch(rules, HouseSwitch::Ties, row.text(first + 4));
  return rules;
}

namespace {

std::string word(const HouseRules& rules, HouseSwitch which) {
  return std::string(switch_word(rules, which));
}

int wild_melds_column(const HouseRules& rules) {
  return rules.wild_melds == WildMelds::Count ? 1 : 0;
}

}  // namespace

RulesChoice RulesChoice::all(const HouseRules& rules) {
  return {.order = rules.order,
          .wild_melds = rules.wild_melds,
          .book_suits = rules.book_suits,
          .leads = rules.leads,
          .ties = rules.ties};
}

HouseRules RulesChoice::over(const HouseRules& base) const {
  return {.order = order.value_or(base.order),
          .wild_melds = wild_melds.value_or(base.wild_melds),
          .book_suits = book_suits.value_or(base.book_suits),
          .leads = leads.value_or(base.leads),
          .ties = ties.value_or(base.ties)};
}

Expected<void> RulesChoice::set(HouseSwitch which, std::string_view word) {
  HouseRules one;
  if (auto ok = set_switch(one, which, word); !ok) return ok;
  switch (which) {
    case HouseSwitch::Order: order = one.order; break;
    case HouseSwitch::WildMelds: wild_melds = one.wild_melds; break;
    case HouseSwitch::BookSuits: book_suits = one.book_suits; break;
    case HouseSwitch::Leads: leads = one.leads; break;
    case HouseSwitch::Ties: ties = one.ties; break;
  }
  return {};
}

HouseRules club_rules(const Database& db) {
  auto stmt = db.prepare(std::string("SELECT ") + kRuleColumns + " FROM club_rules WHERE id = 1");
  if (!stmt.step()) return HouseRules{};
  return rules_from_row(stmt, 0);
}

void set_club_rules(Database& db, const HouseRules& rules) {
  db.prepare(
        "INSERT INTO club_rules (id, round_order, wild_melds, book_suits, leads, ties, set_at) "
        "VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (id) DO UPDATE SET "
        "round_order = ?1, wild_melds = ?2, book_suits = ?3, leads = ?4, ties = ?5, set_at = ?6")
      .bind_all(word(rules, HouseSwitch::Order), wild_melds_column(rules),
                word(rules, HouseSwitch::BookSuits), word(rules, HouseSwitch::Leads),
                word(rules, HouseSwitch::Ties), now_timestamp())
      .run();
}

std::optional<HouseRules> game_rules(const Database& db, std::int64_t game_id) {
  auto stmt = db.prepare(std::string("SELECT ") + kRuleColumns + " FROM games WHERE id = ?");
  stmt.bind_all(game_id);
  if (!stmt.step()) return std::nullopt;
  return rules_from_row(stmt, 0);
}

void write_game_rules(Database& db, std::int64_t game_id, const HouseRules& rules,
                      const std::vector<int>& dealt, std::optional<std::uint64_t> seed) {
  std::optional<std::int64_t> stored_seed;
  if (seed) stored_seed = static_cast<std::int64_t>(*seed);  // the same 64 bits
  db.prepare(
        "UPDATE games SET round_order = ?, wild_melds = ?, book_suits = ?, leads = ?, ties = ?, "
        "dealt = ?, deal_seed = ? WHERE id = ?")
      .bind_all(word(rules, HouseSwitch::Order), wild_melds_column(rules),
                word(rules, HouseSwitch::BookSuits), word(rules, HouseSwitch::Leads),
                word(rules, HouseSwitch::Ties),
                rules.order == RoundOrder::Random ? dealt_text(dealt) : std::string(),
                rules.order == RoundOrder::Random ? stored_seed : std::nullopt, game_id)
      .run();
}

bool deal_due_rounds(Database& db, Game& game) {
  if (game.rules.order != RoundOrder::Random) return false;
  const int due = std::min(game.rounds_played() + 1, kRounds);
  if (static_cast<int>(game.dealt.size()) >= due) return false;
  auto seed_row = db.prepare("SELECT deal_seed FROM games WHERE id = ?");
  seed_row.bind_all(game.id);
  std::optional<RoundSequence> seeded;
  if (seed_row.step() && !seed_row.is_null(0)) {
    seeded = round_sequence(RoundOrder::Random, static_cast<std::uint64_t>(seed_row.int64(0)));
  }
  // SQLite's random() is its own generator, seeded from the system's randomness; one draw
  // seeds SplitMix64, whose below() is unbiased.
  auto draw = db.prepare("SELECT random()");
  draw.step();
  SplitMix64 rng(static_cast<std::uint64_t>(draw.int64(0)));
  while (static_cast<int>(game.dealt.size()) < due) {
    std::vector<int> left;
    for (int r = 1; r <= kRounds; ++r) {
      if (std::find(game.dealt.begin(), game.dealt.end(), cards_in_round(r)) == game.dealt.end())
        left.push_back(cards_in_round(r));
    }
    const auto next = game.dealt.size();
    int cards = left[static_cast<std::size_t>(rng.below(left.size()))];
    // The seed's sequence while the rounds dealt so far are its own (an imported game's
    // may not be: then drawn as without one).
    if (seeded && std::find(left.begin(), left.end(), (*seeded)[next].cards) != left.end()) {
      cards = (*seeded)[next].cards;
    }
    game.dealt.push_back(cards);
  }
  db.prepare("UPDATE games SET dealt = ? WHERE id = ?")
      .bind_all(dealt_text(game.dealt), game.id)
      .run();
  return true;
}

std::string dealt_text(const std::vector<int>& dealt) {
  std::string out;
  for (const int cards : dealt) {
    if (!out.empty()) out += ' ';
    out += std::to_string(cards);
  }
  return out;
}

Expected<std::vector<int>> parse_dealt(const std::string& text) {
  std::vector<int> dealt;
  std::size_t at = 0;
  while (at < text.size()) {
    if (text[at] == ' ') {
      ++at;
      continue;
    }
    const std::size_t end = std::min(text.find(' ', at), text.size());
    int cards = 0;
    const auto [stop, ec] = std::from_chars(text.data() + at, text.data() + end, cards);
    if (ec != std::errc() || stop != text.data() + end || cards < cards_in_round(1) ||
        cards > cards_in_round(kRounds)) {
      return Failure{"'" + text.substr(at, end - at) + "' is not a card count (3 to 13)"};
    }
    if (std::find(dealt.begin(), dealt.end(), cards) != dealt.end()) {
      return Failure{"the " + std::to_string(cards) + "-card round is dealt twice"};
    }
    dealt.push_back(cards);
    at = end;
  }
  if (dealt.size() > static_cast<std::size_t>(kRounds)) {
    return Failure{"more than " + std::to_string(kRounds) + " rounds dealt"};
  }
  return dealt;
}

std::string rules_condition(const HouseRules& rules, const std::string& alias) {
  const std::string a = alias.empty() ? "" : alias + ".";
  return a + "round_order = '" + word(rules, HouseSwitch::Order) + "' AND " + a +
         "wild_melds = " + std::to_string(wild_melds_column(rules)) + " AND " + a +
         "book_suits = '" + word(rules, HouseSwitch::BookSuits) + "' AND " + a + "leads = '" +
         word(rules, HouseSwitch::Leads) + "' AND " + a + "ties = '" +
         word(rules, HouseSwitch::Ties) + "'";
}

}  // namespace crowns::store
