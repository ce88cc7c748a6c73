#include "crowns/advice_explain.hpp"

#include <algorithm>

#include "crowns/odds.hpp"
#include "crowns/rules.hpp"

namespace crowns {

Plan plan_of_keep(std::vector<Card> keep, std::optional<Card> discard, int round, MeldRules rules,
                  const Unseen& unseen, bool draws_follow) {
  const int wild_rank = wild_rank_of_round(round);
  std::sort(keep.begin(), keep.end());
  Plan plan;
  plan.discard = discard;
  plan.lay_down = solve(keep, wild_rank, HandMode::Dealt, rules);
  plan.goes_out = discard.has_value() && plan.lay_down.score == 0;
  plan.keep = std::move(keep);
  if (plan.goes_out || !draws_follow) return plan;
  plan.outs = out_cards(plan.keep, wild_rank, unseen, rules);
  for (Card c : plan.outs) plan.outs_count += unseen.count[static_cast<std::size_t>(kind_of(c))];
  OddsOptions options;
  options.turns = 2;
  const auto odds = out_within(plan.keep, wild_rank, unseen, rules, options);
  plan.out_1 = odds[0].p;
  plan.out_2 = odds[1].p;
  return plan;
}

Plan plan_of_take(const Situation& s, const Unseen& unseen, const DrawAdvice& advice) {
  std::vector<Card> keep = s.hand;
  keep.push_back(*s.top);
  keep.erase(std::find(keep.begin(), keep.end(), *advice.discard));
  return plan_of_keep(std::move(keep), advice.discard, s.round, s.rules, unseen, !s.last);
}

Plan plan_of_draw(const Situation& s, const Unseen& unseen, const DrawAdvice& advice) {
  if (advice.take) return plan_of_take(s, unseen, advice);
  // Drawing keeps the hand: its outs are the cards this draw can bring (also on a last turn).
  Plan plan = plan_of_keep(s.hand, std::nullopt, s.round, s.rules, unseen, true);
  if (s.last) plan.out_2.reset();  // no second draw after the last turn
  return plan;
}

Plan plan_of_discard(const Situation& s, const Unseen& unseen, const DiscardAdvice& advice) {
  const Card discard = advice.options.front().discard;
  std::vector<Card> keep = s.hand;
  keep.erase(std::find(keep.begin(), keep.end(), discard));
  return plan_of_keep(std::move(keep), discard, s.round, s.rules, unseen, !s.last);
}

}  // namespace crowns
