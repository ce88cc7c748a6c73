// The self-play sparring partners that look one draw ahead on the exact solver: the
// expected-value player and the one-ply look-ahead (docs/ADVICE.md, "Sparring partners").
#include <algorithm>
#include <string>
#include <unordered_map>

#include "crowns/rules.hpp"
#include "crowns/selfplay.hpp"
#include "crowns/solver.hpp"

namespace crowns::selfplay {
namespace {

// The cards a look-ahead player draws from: the expected-value player counts its own hand out of
// the box and nothing else, and no jokers; the one-ply player every unseen card.
Unseen draw_pool(Lookahead kind, const Situation& s, const Unseen& unseen) {
  if (kind == Lookahead::OnePly) return unseen;
  Unseen pool = full_box_counts(s.boxes);
  for (Card c : s.hand) pool.remove(c);
  pool.total -= pool.count[kJokerKind];
  pool.count[kJokerKind] = 0;
  return pool;
}

}  // namespace

LookaheadValues::LookaheadValues(int wild_rank, MeldRules rules, const Unseen& pool)
    : wild_rank_(wild_rank), rules_(rules), pool_(pool) {}

double LookaheadValues::after_one_draw(std::vector<Card> kept) {
  std::sort(kept.begin(), kept.end());
  std::string key;
  for (Card c : kept) key += static_cast<char>(kind_of(c));
  if (const auto it = cache_.find(key); it != cache_.end()) return it->second;
  double mean = 0;
  const int now = min_score(kept, wild_rank_, HandMode::Dealt, rules_);
  if (now > 0 && pool_.total > 0) {
    const long sum = draw_scores(kept, now, wild_rank_, pool_, rules_).sum;
    mean = static_cast<double>(sum) / pool_.total;
  }
  cache_.emplace(std::move(key), mean);
  return mean;
}

LookaheadValues::Choice LookaheadValues::best_discard(const std::vector<Card>& cards,
                                                      std::optional<Card> keep) {
  std::vector<Card> distinct = cards;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  Choice best;
  bool have = false;
  for (Card d : distinct) {
    if (keep && d == *keep && distinct.size() > 1) continue;
    const std::vector<Card> kept = without(cards, d);
    const bool out = min_score(kept, wild_rank_, HandMode::Dealt, rules_) == 0;
    const double value = out ? 0.0 : after_one_draw(kept);
    bool better = !have || (out && !best.goes_out) || (out == best.goes_out && value < best.value);
    if (have && out == best.goes_out && value == best.value) {
      // Ties as greedy breaks them: a natural card before a wild, then the higher value.
      const bool d_wild = is_wild(d, wild_rank_);
      const bool b_wild = is_wild(best.discard, wild_rank_);
      better = d_wild != b_wild
                   ? !d_wild
                   : card_points(d, wild_rank_) > card_points(best.discard, wild_rank_);
    }
    if (better) {
      best = Choice{d, value, out};
      have = true;
    }
  }
  return best;
}

double LookaheadValues::after_deck_draw(const std::vector<Card>& hand) {
  std::vector<Card> drawn = hand;
  drawn.push_back(Card::joker());
  double sum = 0;
  for (int k = 0; k < kCardKinds; ++k) {
    const int copies = pool_.count[static_cast<std::size_t>(k)];
    if (copies == 0) continue;
    drawn.back() = card_of_kind(k);
    sum += copies * best_discard(drawn, std::nullopt).value;
  }
  return pool_.total > 0 ? sum / pool_.total : 0.0;
}

bool lookahead_take(Lookahead kind, const Situation& s, const Unseen& unseen) {
  if (s.last) return greedy_take(s, unseen);  // the exact last turn, as greedy plays it
  const Unseen pool = draw_pool(kind, s, unseen);
  LookaheadValues values(wild_rank_of_round(s.round), s.rules, pool);
  std::vector<Card> with_top = s.hand;
  with_top.push_back(*s.top);
  const auto take = values.best_discard(with_top, s.top);
  if (take.goes_out) return true;
  const double draw = values.after_deck_draw(s.hand);
  // The expected-value player takes unless drawing is lower; the one-ply player takes only
  // when taking is lower.
  return kind == Lookahead::ExpectedValue ? !(draw < take.value) : take.value < draw;
}

Card lookahead_discard(Lookahead kind, const Situation& s, const Unseen& unseen) {
  if (s.last) return greedy_discard(s);  // the exact lowest score
  const Unseen pool = draw_pool(kind, s, unseen);
  LookaheadValues values(wild_rank_of_round(s.round), s.rules, pool);
  return values.best_discard(s.hand, s.must_keep).discard;
}

}  // namespace crowns::selfplay
