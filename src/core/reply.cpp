// The `reply` measuring stick of self-play (docs/ADVICE.md, issue 37): the static advisor that
// sees the next player's hand and, for each of its best few discards, plays out that player's
// reply under a model of their play (the expected-value player's: take or draw, averaged over
// the unseen deck card, go out, what they throw back), then scores its own position after it.
#include <algorithm>
#include <limits>
#include <optional>
#include <vector>

#include "crowns/hand_reading.hpp"
#include "crowns/rollout.hpp"
#include "crowns/rules.hpp"
#include "crowns/selfplay.hpp"
#include "crowns/solver.hpp"

namespace crowns::selfplay {
namespace {

// How many of the static advisor's best discards are looked at through the reply.
constexpr std::size_t kReplyCandidates = 4;

// What the next player does in reply to a discard, as the model plays it.
struct ReplyOutcome {
  double weight = 0;       // its chance
  bool out = false;        // they went out (we have one last turn)
  Card thrown;             // their discard: our next top card
  std::vector<Card> kept;  // what they keep (when not out)
};

// The cards neither player holds and not on the pile: what the deck card can be, as the oracle
// knows it (the box minus both hands and everything the table shows).
Unseen hidden_cards(const Situation& s, const std::vector<Card>& next_hand) {
  Unseen hidden = full_box_counts(s.boxes);
  auto take_out = [&hidden](Card c) {
    auto& n = hidden.count[static_cast<std::size_t>(kind_of(c))];
    if (n > 0) {
      --n;
      --hidden.total;
    }
  };
  for (Card c : s.hand) take_out(c);
  for (Card c : s.seen) take_out(c);
  for (Card c : next_hand) take_out(c);
  return hidden;
}

// Our position after the reply: our points to come less theirs, in the advisor's value (a hand
// that went out is worth -gain); when they went out, our exact last turn (take their discard or
// draw, whichever scores less) against their -gain.
class Position {
 public:
  Position(const Situation& s, const Unseen& hidden)
      : hidden_(hidden), values_(s, hidden, kStaticAdvisor) {
    last_turn_.round = s.round;
    last_turn_.players = s.players;
    last_turn_.boxes = s.boxes;
    last_turn_.last = true;
  }

  double ours(const std::vector<Card>& kept, const ReplyOutcome& reply) {
    if (reply.out) {
      // Our exact last turn: take their discard or draw, whichever scores less.
      last_turn_.hand = kept;
      last_turn_.top = reply.thrown;
      const DrawAdvice last = advise_draw(last_turn_, hidden_);
      return std::min(last.take_ev, last.draw_ev) + values_.gain();
    }
    std::vector<Card> with_top = kept;
    with_top.push_back(reply.thrown);
    double best = values_.value(kept);  // draw, and keep this hand's worth
    std::vector<Card> distinct = with_top;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    for (Card e : distinct) {
      if (e == reply.thrown) continue;
      best = std::min(best, values_.value(without(with_top, e)));
    }
    return best - values_.value(reply.kept);
  }

 private:
  const Unseen& hidden_;
  KeptValues values_;
  Situation last_turn_;
};

// Each candidate's position after the reply of a next player holding `next_hand` (lower is
// better for us), in the order of `candidates`.
std::vector<double> reply_scores(const Situation& s, const std::vector<DiscardOption>& candidates,
                                 const std::vector<Card>& next_hand) {
  const int wild_rank = wild_rank_of_round(s.round);
  const Unseen hidden = hidden_cards(s, next_hand);

  // The model of the next player: the expected-value player (box minus its own hand, no jokers).
  Unseen pool = full_box_counts(s.boxes);
  for (Card c : next_hand) pool.remove(c);
  pool.total -= pool.count[kJokerKind];
  pool.count[kJokerKind] = 0;
  LookaheadValues model(wild_rank, s.rules, pool);
  const double draw_worth = model.after_deck_draw(next_hand);

  // Their deck draws do not depend on our discard: one outcome per hidden kind.
  std::vector<ReplyOutcome> drawn_replies;
  std::vector<Card> drawn = next_hand;
  drawn.push_back(Card::joker());
  for (int k = 0; k < kCardKinds; ++k) {
    const int copies = hidden.count[static_cast<std::size_t>(k)];
    if (copies == 0) continue;
    drawn.back() = card_of_kind(k);
    const auto choice = model.best_discard(drawn, std::nullopt);
    drawn_replies.push_back({static_cast<double>(copies) / hidden.total, choice.goes_out,
                             choice.discard, without(drawn, choice.discard)});
  }

  Position position(s, hidden);
  std::vector<double> scores;
  for (const auto& option : candidates) {
    const Card d = option.discard;
    const std::vector<Card> kept = without(s.hand, d);
    std::vector<Card> with_d = next_hand;
    with_d.push_back(d);
    const auto take = model.best_discard(with_d, d);
    double score = 0;
    if (take.goes_out || !(draw_worth < take.value)) {
      score =
          position.ours(kept, {1.0, take.goes_out, take.discard, without(with_d, take.discard)});
    } else {
      for (const auto& reply : drawn_replies) score += reply.weight * position.ours(kept, reply);
    }
    scores.push_back(score);
  }
  return scores;
}

// The static advisor's best few discards, or none when the choice is not the reply's to make
// (the last turn, a discard that goes out, a single card).
std::vector<DiscardOption> reply_candidates(const Situation& s, const Unseen& unseen) {
  auto options = advise_discard(s, unseen, kStaticAdvisor).options;
  if (s.last || options.front().goes_out || options.size() == 1) options.resize(1);
  if (options.size() > kReplyCandidates) options.resize(kReplyCandidates);
  return options;
}

}  // namespace

Card reply_discard(const Situation& s, const Unseen& unseen, const std::vector<Card>& next_hand) {
  const auto candidates = reply_candidates(s, unseen);
  if (candidates.size() == 1) return candidates.front().discard;
  const auto scores = reply_scores(s, candidates, next_hand);
  const auto best = std::min_element(scores.begin(), scores.end()) - scores.begin();
  return candidates[static_cast<std::size_t>(best)].discard;
}

Card blind_reply_discard(const Situation& s, const Unseen& unseen, int hands) {
  const auto candidates = reply_candidates(s, unseen);
  if (candidates.size() == 1) return candidates.front().discard;
  SplitMix64 rng(situation_seed(s));
  std::vector<double> sums(candidates.size(), 0.0);
  for (int i = 0; i < hands; ++i) {
    const Determinization d = determinize(s, unseen, rng);
    const auto scores = reply_scores(s, candidates, d.opponents.front());
    for (std::size_t c = 0; c < sums.size(); ++c) sums[c] += scores[c];
  }
  const auto best = std::min_element(sums.begin(), sums.end()) - sums.begin();
  return candidates[static_cast<std::size_t>(best)].discard;
}

Card read_reply_discard(const Situation& s, const Unseen& unseen,
                        const ReadReplySettings& settings) {
  const auto candidates = reply_candidates(s, unseen);
  if (candidates.size() == 1) return candidates.front().discard;
  const std::uint64_t seed = situation_seed(s);
  const reading::Reading read = reading::read_next_hand(s, unseen, seed, settings.reading);
  // The reply over `hands` hands drawn from the reading by their weights.
  SplitMix64 rng(seed ^ 0x5851f42d4c957f2dULL);
  std::vector<double> sums(candidates.size(), 0.0);
  for (std::size_t i :
       reading::draw_by_weight(read.weights, static_cast<std::size_t>(settings.hands), rng)) {
    const auto scores = reply_scores(s, candidates, read.hands[i]);
    for (std::size_t c = 0; c < sums.size(); ++c) sums[c] += scores[c];
  }
  const auto best = std::min_element(sums.begin(), sums.end()) - sums.begin();
  const double n = static_cast<double>(std::max(1, settings.hands));
  if ((sums.front() - sums[static_cast<std::size_t>(best)]) / n <= settings.margin)
    return candidates.front().discard;  // the static ranking, within the margin
  return candidates[static_cast<std::size_t>(best)].discard;
}

std::vector<std::vector<Card>> sight_hands(const Situation& s, const Unseen& unseen,
                                           const std::vector<Card>& next_hand, double sight,
                                           int hands, std::uint64_t seed) {
  // The true hand beyond the known pickups.
  std::vector<Card> dealt = next_hand;
  for (Card c : s.next_holds) {
    if (const auto it = std::find(dealt.begin(), dealt.end(), c); it != dealt.end())
      dealt.erase(it);
  }
  SplitMix64 rng(seed);
  std::vector<std::vector<Card>> result;
  result.reserve(static_cast<std::size_t>(std::max(0, hands)));
  for (int h = 0; h < hands; ++h) {
    std::vector<Card> hand = s.next_holds;
    Unseen rest = unseen;
    std::size_t redealt = 0;
    for (Card c : dealt) {
      const auto kind = static_cast<std::size_t>(kind_of(c));
      // Kept with chance `sight` (a card the unseen cards cannot hold is dealt again).
      if (rest.count[kind] > 0 &&
          static_cast<double>(rng.below(1U << 24U)) < sight * static_cast<double>(1U << 24U)) {
        hand.push_back(c);
        rest.remove(c);
      } else {
        ++redealt;
      }
    }
    // The rest dealt from the unseen cards left, as determinize deals: shuffled, from the back.
    std::vector<Card> pool;
    pool.reserve(static_cast<std::size_t>(std::max(0, rest.total)));
    for (int k = 0; k < kCardKinds; ++k) {
      for (int i = 0; i < rest.count[static_cast<std::size_t>(k)]; ++i)
        pool.push_back(card_of_kind(k));
    }
    for (std::size_t i = pool.size(); i > 1; --i) std::swap(pool[i - 1], pool[rng.below(i)]);
    for (; redealt > 0 && !pool.empty(); --redealt) {
      hand.push_back(pool.back());
      pool.pop_back();
    }
    result.push_back(std::move(hand));
  }
  return result;
}

Card sight_reply_discard(const Situation& s, const Unseen& unseen,
                         const std::vector<Card>& next_hand, const ReadReplySettings& settings) {
  const auto candidates = reply_candidates(s, unseen);
  if (candidates.size() == 1) return candidates.front().discard;
  const std::uint64_t seed = situation_seed(s) ^ 0x2545f4914f6cdd1dULL;
  std::vector<double> sums(candidates.size(), 0.0);
  for (const auto& hand : sight_hands(s, unseen, next_hand, settings.sight, settings.hands, seed)) {
    const auto scores = reply_scores(s, candidates, hand);
    for (std::size_t c = 0; c < sums.size(); ++c) sums[c] += scores[c];
  }
  const auto best = std::min_element(sums.begin(), sums.end()) - sums.begin();
  return candidates[static_cast<std::size_t>(best)].discard;
}

Card read_feed_discard(const Situation& s, const Unseen& unseen,
                       const ReadReplySettings& settings) {
  const auto options = advise_discard(s, unseen, kStaticAdvisor).options;
  if (s.last || options.front().goes_out || options.size() == 1) return options.front().discard;
  const reading::Reading read =
      reading::read_next_hand(s, unseen, situation_seed(s), settings.reading);
  const int wild_rank = wild_rank_of_round(s.round);
  Card best = options.front().discard;
  double best_score = 0;
  bool have = false;
  for (const auto& o : options) {
    double p_out = 0;
    for (std::size_t i = 0; i < read.hands.size(); ++i) {
      std::vector<Card> taken = read.hands[i];
      taken.push_back(o.discard);
      if (min_score(taken, wild_rank, HandMode::Drawn, s.rules) == 0) p_out += read.weights[i];
    }
    const double score = o.value + settings.feed_charge * p_out;
    if (!have || score < best_score) {
      best = o.discard;
      best_score = score;
      have = true;
    }
  }
  return best;
}

}  // namespace crowns::selfplay
