#include "cli/views/advice.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "cli/batch.hpp"
#include "crowns/plural.hpp"
#include "crowns/rules.hpp"
#include "views/hand.hpp"

namespace crowns::cli {
namespace {

// Outs shown by name on a line; the rest are counted ("and 9 more").
constexpr std::size_t kOutsShown = 14;

std::string points(double ev) {
  return fmt::format("{:.1f}", ev);
}

nlohmann::ordered_json cards_json(const std::vector<Card>& cards) {
  auto j = nlohmann::ordered_json::array();
  for (Card c : cards) j.push_back(to_string(c));
  return j;
}

nlohmann::ordered_json plan_json(const Plan& plan) {
  nlohmann::ordered_json j;
  j["discard"] = plan.discard ? nlohmann::ordered_json(to_string(*plan.discard)) : nullptr;
  j["keep"] = cards_json(plan.keep);
  auto melds = nlohmann::ordered_json::array();
  for (const Meld& m : plan.lay_down.melds) {
    std::vector<Card> cards;
    for (const MeldCard& mc : m.cards) cards.push_back(mc.card);
    melds.push_back(
        {{"kind", m.kind == MeldKind::Book ? "book" : "run"}, {"cards", cards_json(cards)}});
  }
  j["melds"] = std::move(melds);
  j["left"] = cards_json(plan.lay_down.deadwood);
  j["score"] = plan.lay_down.score;
  j["goes_out"] = plan.goes_out;
  j["outs"] = cards_json(plan.outs);
  j["outs_count"] = plan.outs_count;
  auto within = nlohmann::ordered_json::array();
  if (plan.out_1) within.push_back(json_rounded(*plan.out_1));
  if (plan.out_2) within.push_back(json_rounded(*plan.out_2));
  j["out_within"] = std::move(within);
  return j;
}

// The footnote on what the value column is.
void print_value_note(std::ostream& out, const views::Style& style, bool feeding) {
  out << style.dim(
             "value: what it ranks by (lowest first): points less a bonus for going out first")
      << '\n';
  if (feeding) {
    out << style.dim(fmt::format(
               "feeds next: could meld with what the next player holds ({:.0f} added to its value)",
               kFeedCharge))
        << '\n';
  }
}

// The table, the legend of its columns and, before the last turn, what the value column is.
void print_footer(std::ostream& out, const views::Style& style, const Table& table, bool last,
                  std::string_view legend, bool feeding) {
  table.print(out, style);
  out << style.dim(legend) << '\n';
  if (!last) print_value_note(out, style, feeding);
}

}  // namespace

void add_rules_json(nlohmann::ordered_json& j, const MeldRules& rules) {
  if (rules != MeldRules{}) j["rules"] = meld_rules_json<nlohmann::ordered_json>(rules);
}

std::string percent_text(double p) {
  return fmt::format("{:.0f}%", 100 * p);
}

nlohmann::ordered_json draw_json(const Situation& s, const Unseen& unseen, const DrawAdvice& a) {
  nlohmann::ordered_json j;
  j["take"] = a.take;
  if (a.take) j["discard"] = to_string(*a.discard);
  if (a.take) j["goes_out"] = a.goes_out;
  j["take_p_out"] = json_rounded(a.take_p_out);
  j["take_ev"] = json_rounded(a.take_ev, 3);
  j["draw_ev"] = json_rounded(a.draw_ev, 3);
  j["draw_p_out"] = json_rounded(a.draw_p_out);
  j["take_value"] = json_rounded(a.take_value, 3);
  j["draw_value"] = json_rounded(a.draw_value, 3);
  j["plan"] = plan_json(plan_of_draw(s, unseen, a));
  if (!a.take) j["take_plan"] = plan_json(plan_of_take(s, unseen, a));
  add_rules_json(j, s.rules);
  return j;
}

nlohmann::ordered_json discard_json(const Situation& s, const Unseen& unseen,
                                    const DiscardAdvice& a) {
  nlohmann::ordered_json j;
  const auto& best = a.options.front();
  j["discard"] = to_string(best.discard);
  j["goes_out"] = best.goes_out;
  j["ev"] = json_rounded(best.ev, 3);
  j["p_out"] = json_rounded(best.p_out);
  j["value"] = json_rounded(best.value, 3);
  auto options = nlohmann::ordered_json::array();
  for (const auto& o : a.options) {
    options.push_back({{"discard", to_string(o.discard)},
                       {"goes_out", o.goes_out},
                       {"score", o.score_now},
                       {"ev", json_rounded(o.ev, 3)},
                       {"p_out", json_rounded(o.p_out)},
                       {"feeds", o.feeds},
                       {"value", json_rounded(o.value, 3)}});
  }
  j["options"] = std::move(options);
  j["plan"] = plan_json(plan_of_discard(s, unseen, a));
  add_rules_json(j, s.rules);
  return j;
}

nlohmann::ordered_json advice_json(const Situation& s, const Unseen& unseen) {
  if (decision_of(s) == Decision::Draw) return draw_json(s, unseen, advise_draw(s, unseen));
  return discard_json(s, unseen, advise_discard(s, unseen));
}

nlohmann::ordered_json request_json(const Situation& s) {
  nlohmann::ordered_json j;
  j["round"] = s.round;
  j["hand"] = cards_json(s.hand);
  if (s.top) j["top"] = to_string(*s.top);
  if (!s.seen.empty()) j["seen"] = cards_json(s.seen);
  if (!s.next_holds.empty()) j["next_holds"] = cards_json(s.next_holds);
  j["players"] = s.players;
  if (s.last) j["last"] = true;
  j["boxes"] = s.boxes;
  if (s.rules.wild_melds != WildMelds::Count) j["wild_melds"] = false;
  if (s.rules.book_suits != BookSuits::Any)
    j["book_suits"] =
        switch_word(HouseRules{.book_suits = s.rules.book_suits}, HouseSwitch::BookSuits);
  if (!s.actions.empty()) {
    auto& actions = j["actions"] = nlohmann::ordered_json::array();
    for (const TableMove& m : s.actions) {
      actions.push_back({{"seat", m.seat},
                         {"offered", to_string(m.offered)},
                         {"took", m.took},
                         {"discarded", to_string(m.discarded)}});
    }
  }
  return j;
}

void print_situation(std::ostream& out, const views::Style& style, const Situation& s) {
  std::vector<Card> hand = s.hand;
  std::sort(hand.begin(), hand.end());
  const bool drawn = decision_of(s) == Decision::Discard;
  const std::size_t n = s.hand.size() - (drawn ? 1 : 0);
  out << "Round " << s.round << " · " << counted(static_cast<int>(n), "card")
      << (drawn ? " + drawn" : "") << " · " << rank_name(wild_rank_of_round(s.round)) << "s wild · "
      << s.players << " players" << (s.last ? " · last turn" : "")
      << views::meld_rules_note(s.rules) << '\n';
  out << "hand     " << style.cards(hand) << '\n';
  if (s.top) out << "top      " << style.card(*s.top) << '\n';
  if (!s.next_holds.empty()) out << "next has " << style.cards(s.next_holds) << '\n';
}

void print_plan(std::ostream& out, const views::Style& style, const Plan& plan, int round,
                std::string_view indent) {
  const int wild_rank = wild_rank_of_round(round);
  std::string melds;
  for (const Meld& m : plan.lay_down.melds) {
    if (!melds.empty()) melds += style.dim(" · ");
    melds += meld_text(style, m);
  }
  out << indent << "melds    "
      << (melds.empty() ? style.dim(plan.out_1 ? "none yet" : "none") : melds) << '\n';
  if (plan.lay_down.deadwood.empty()) {
    out << indent << "left     " << style.dim("nothing") << '\n';
  } else {
    int sum = 0;
    for (Card c : plan.lay_down.deadwood) sum += card_points(c, wild_rank);
    out << indent << "left     " << style.cards(plan.lay_down.deadwood) << "  "
        << style.dim("(" + counted(sum, "point") + ")") << '\n';
  }
  if (plan.goes_out || !plan.out_1) return;
  if (plan.outs.empty()) {
    out << indent << "outs     " << style.dim("none: no single card puts you out yet") << '\n';
  } else {
    std::vector<Card> shown(
        plan.outs.begin(),
        plan.outs.begin() + static_cast<std::ptrdiff_t>(std::min(kOutsShown, plan.outs.size())));
    std::string more;
    if (plan.outs.size() > shown.size())
      more = fmt::format(" and {} more", plan.outs.size() - shown.size());
    out << indent << "outs     " << style.cards(shown) << more << "  "
        << style.dim("(" + counted(plan.outs_count, "unseen card") + ")") << '\n';
  }
  out << indent << "odds     " << percent_text(*plan.out_1) << " out within 1 draw";
  if (plan.out_2) out << " · " << percent_text(*plan.out_2) << " within 2";
  out << '\n';
}

void print_draw_advice(std::ostream& out, const views::Style& style, const Situation& s,
                       const Unseen& unseen, const DrawAdvice& a) {
  const std::string take = "take " + style.card(*s.top) + ", discard " + style.card(*a.discard);
  out << "advice   " << style.bold(a.take ? take : "draw from the deck")
      << (a.take && a.goes_out ? " and go out" : "") << '\n';
  Table table;
  table.column("choice");
  table.column("points", Table::Align::Right);
  if (!s.last) table.column("value", Table::Align::Right);
  table.column("out now", Table::Align::Right);
  table.column("out next", Table::Align::Right);
  std::vector<std::string> take_row = {take, points(a.take_ev)};
  std::vector<std::string> draw_row = {"draw", points(a.draw_ev)};
  if (!s.last) {
    take_row.push_back(points(a.take_value));
    draw_row.push_back(points(a.draw_value));
  }
  take_row.insert(take_row.end(), {a.goes_out ? "yes" : "no",
                                   a.goes_out || s.last ? "-" : percent_text(a.take_p_out)});
  draw_row.insert(draw_row.end(), {percent_text(a.draw_p_out), "-"});
  table.row(take_row);
  table.row(draw_row);
  print_footer(out, style, table, s.last,
               s.last ? "points: this hand's exact expected score"
                      : "points: expected at the end of the round; out now: this draw goes out; "
                        "out next: the draw after it does",
               false);
  print_plan(out, style, plan_of_draw(s, unseen, a), s.round);
}

void print_discard_advice(std::ostream& out, const views::Style& style, const Situation& s,
                          const Unseen& unseen, const DiscardAdvice& a) {
  const auto& best = a.options.front();
  out << "advice   " << style.bold("discard " + style.card(best.discard))
      << (best.goes_out ? " and go out" : "") << '\n';
  Table table;
  table.column("discard");
  table.column("now", Table::Align::Right);
  table.column("points", Table::Align::Right);
  if (!s.last) table.column("value", Table::Align::Right);
  table.column("out next", Table::Align::Right);
  const bool feeding = !s.next_holds.empty() && !s.last;
  if (feeding) table.column("feeds next");
  for (const auto& o : a.options) {
    std::vector<std::string> row = {style.card(o.discard), std::to_string(o.score_now),
                                    points(o.ev)};
    if (!s.last) row.push_back(points(o.value));
    row.push_back(o.goes_out ? "out" : percent_text(o.p_out));
    if (feeding) row.emplace_back(o.feeds ? "yes" : "no");
    table.row(row);
  }
  print_footer(out, style, table, s.last,
               s.last ? "now = points = this hand's final score"
                      : "now: points kept after the lay-down; points: expected at the end of the "
                        "round; out next: the next draw goes out",
               feeding);
  print_plan(out, style, plan_of_discard(s, unseen, a), s.round);
}

}  // namespace crowns::cli
