// crowns odds: the chance of going out within 1, 2, ... K of your own draws from the deck.

#include "crowns/odds.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <ostream>

#include "cli/batch.hpp"
#include "cli/commands.hpp"
#include "cli/fail.hpp"
#include "cli/input/hand_options.hpp"
#include "cli/input/meld_switches.hpp"
#include "cli/options.hpp"
#include "cli/views/advice.hpp"
#include "crowns/rules.hpp"
#include "views/hand.hpp"
#include "views/report.hpp"

namespace crowns::cli {
namespace {

constexpr int kMaxTurns = 10;

struct OddsCliOptions {
  HandOptions hand;
  int turns = 3;
};

struct OddsQuery {
  int round = 1;
  std::vector<Card> hand;
  std::vector<Card> seen;
  std::optional<Card> top;
  int turns = 3;
  int boxes = 1;
  MeldRules rules;
};

Expected<std::vector<OutChance>> compute(const OddsQuery& q) {
  auto unseen = check_odds_hand(q.round, q.hand, q.seen, q.top, q.boxes);
  if (!unseen) return unseen.failure();
  OddsOptions options;
  options.turns = q.turns;
  return out_within(q.hand, wild_rank_of_round(q.round), *unseen, q.rules, options);
}

nlohmann::ordered_json odds_json(const std::vector<OutChance>& odds, const MeldRules& rules) {
  nlohmann::ordered_json j;
  auto within = nlohmann::ordered_json::array();
  auto exact = nlohmann::ordered_json::array();
  auto margin = nlohmann::ordered_json::array();
  auto low = nlohmann::ordered_json::array();
  auto high = nlohmann::ordered_json::array();
  for (const auto& o : odds) {
    within.push_back(json_rounded(o.p));
    exact.push_back(o.exact);
    margin.push_back(json_rounded(o.margin));
    low.push_back(json_rounded(o.interval.low));
    high.push_back(json_rounded(o.interval.high));
  }
  j["out_within"] = std::move(within);
  j["exact"] = std::move(exact);
  j["margin"] = std::move(margin);
  j["p_low"] = std::move(low);
  j["p_high"] = std::move(high);
  add_rules_json(j, rules);
  return j;
}

// One --batch request; `rules` (the flags) are the meld rules when it names none.
Expected<std::string> answer_request(JsonRequest& r, MeldRules rules) {
  OddsQuery q;
  q.round = r.required_int("round", 1, kRounds);
  q.hand = r.required_cards("hand");
  q.seen = r.cards("seen");
  q.top = r.card("top");
  q.turns = r.integer("turns", 1, kMaxTurns, 3);
  q.boxes = r.integer("boxes", 1, kMaxBoxes, 1);
  q.rules = read_meld_rules(r, rules);
  if (auto bad = r.failure()) return *bad;
  auto odds = compute(q);
  if (!odds) return odds.failure();
  return answer_fields(odds_json(*odds, q.rules));
}

void print_odds(std::ostream& out, const Style& style, const OddsQuery& q,
                const std::vector<OutChance>& odds) {
  std::vector<Card> hand = q.hand;
  std::sort(hand.begin(), hand.end());
  out << "Round " << q.round << " · " << hand.size() << " cards · "
      << rank_name(wild_rank_of_round(q.round)) << "s wild" << views::meld_rules_note(q.rules)
      << '\n';
  out << "hand     " << style.cards(hand) << '\n';
  Table table;
  table.column("draws", Table::Align::Right);
  table.column("out within", Table::Align::Right);
  table.column("");
  for (std::size_t k = 0; k < odds.size(); ++k) {
    const auto& o = odds[k];
    table.row({std::to_string(k + 1), fmt::format("{:.1f}%", 100 * o.p),
               o.exact ? "exact" : "sampled, 95% interval " + interval_text(o.interval)});
  }
  print_trimmed(out, style, table);
}

void run_odds(const OddsCliOptions& opts, Context& ctx) {
  if (run_hand_batch(opts.hand, ctx, answer_request)) return;
  const HandOptions& given = opts.hand;
  if (given.cards.empty())
    fail("no cards given (e.g. crowns odds 7h 8h Ks jk Qd)", ExitCode::Usage);
  OddsQuery q;
  q.hand = need(parse_cards(given.cards));
  if (!given.seen.empty()) q.seen = need(parse_cards(given.seen));
  if (given.top) q.top = need(parse_card(*given.top));
  q.round = given.round ? *given.round : need(odds_round(static_cast<int>(q.hand.size())));
  q.turns = opts.turns;
  q.boxes = given.boxes;
  q.rules = given.melds.rules();
  const auto odds = need(compute(q));
  if (given.json) {
    ctx.out << odds_json(odds, q.rules).dump() << '\n';
  } else {
    print_odds(ctx.out, ctx.style, q, odds);
  }
}

}  // namespace

void setup_odds(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<OddsCliOptions>();
  auto* sub = app.add_subcommand(
      "odds", "The chance of going out within 1, 2, ... K of your own draws from the deck");
  sub->add_option("cards", opts->hand.cards, "Your hand before drawing: round+2 cards");
  sub->add_option("-r,--round", opts->hand.round, "Round 1-11 (default: from the hand size)")
      ->check(whole_number(1, kRounds));
  sub->add_option("-s,--seen", opts->hand.seen, "Cards out of play (they will not be drawn)")
      ->type_name("CARDS");
  sub->add_option("-t,--top", opts->hand.top, "The top discard (not in the deck)")
      ->type_name("CARD");
  sub->add_option("-k,--turns", opts->turns, "Draws to look at, K (default 3; from 3 on sampled)")
      ->check(whole_number(1, kMaxTurns));
  add_hand_options(*sub, opts->hand);
  sub->callback([opts, &ctx] { run_odds(*opts, ctx); });
}

}  // namespace crowns::cli
