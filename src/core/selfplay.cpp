#include "crowns/selfplay.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <string>

#include "crowns/deck.hpp"
#include "crowns/rules.hpp"
#include "crowns/solver.hpp"

namespace crowns::selfplay {
namespace {

// A round with no one out after this many turns is scored as it stands (it never happens in
// practice; it keeps a pathological strategy from looping forever).
constexpr int kMaxTurnsPerRound = 2000;

void erase_one(std::vector<Card>& cards, Card card) {
  if (const auto it = std::find(cards.begin(), cards.end(), card); it != cards.end())
    cards.erase(it);
}

bool take_top(Strategy strategy, const Situation& s, const Unseen& unseen) {
  switch (strategy) {
    case Strategy::Greedy: return greedy_take(s, unseen);
    case Strategy::ExpectedValue: return lookahead_take(Lookahead::ExpectedValue, s, unseen);
    case Strategy::OnePly: return lookahead_take(Lookahead::OnePly, s, unseen);
    case Strategy::Static:
    case Strategy::Oracle:
    case Strategy::Reply:
    case Strategy::BlindReply:
    case Strategy::ReadReply:
    case Strategy::SightReply:
    case Strategy::ReadFeed: return advise_draw(s, unseen, kStaticAdvisor).take;
    case Strategy::Advisor: break;
  }
  return advise_draw(s, unseen, advisor_settings()).take;
}

Card choose_discard(Strategy strategy, const Situation& s, const Unseen& unseen,
                    const std::vector<Card>& next_hand) {
  switch (strategy) {
    case Strategy::Oracle: return oracle_discard(s, unseen, next_hand);
    case Strategy::Reply: return reply_discard(s, unseen, next_hand);
    case Strategy::BlindReply: return blind_reply_discard(s, unseen);
    case Strategy::ReadReply: return read_reply_discard(s, unseen, read_reply_settings());
    case Strategy::SightReply:
      return sight_reply_discard(s, unseen, next_hand, read_reply_settings());
    case Strategy::ReadFeed: return read_feed_discard(s, unseen, read_reply_settings());
    case Strategy::Greedy: return greedy_discard(s);
    case Strategy::ExpectedValue: return lookahead_discard(Lookahead::ExpectedValue, s, unseen);
    case Strategy::OnePly: return lookahead_discard(Lookahead::OnePly, s, unseen);
    case Strategy::Static: return advise_discard(s, unseen, kStaticAdvisor).options.front().discard;
    case Strategy::Advisor: break;
  }
  return advise_discard(s, unseen, advisor_settings()).options.front().discard;
}

struct StrategyName {
  Strategy strategy;
  std::string_view name;
};
constexpr std::array<StrategyName, 11> kStrategyNames = {{{Strategy::Advisor, "advisor"},
                                                          {Strategy::Greedy, "greedy"},
                                                          {Strategy::ExpectedValue, "ev"},
                                                          {Strategy::OnePly, "oneply"},
                                                          {Strategy::Static, "static"},
                                                          {Strategy::Oracle, "oracle"},
                                                          {Strategy::Reply, "reply"},
                                                          {Strategy::BlindReply, "blindreply"},
                                                          {Strategy::ReadReply, "readreply"},
                                                          {Strategy::SightReply, "sightreply"},
                                                          {Strategy::ReadFeed, "readfeed"}}};

// Where the discard pile's top card goes in a Situation: `top` before drawing, `seen` after.
enum class PileTop { AsTop, InSeen };

// What seat `me` knows is out of play: the discard pile (under its top card before drawing, all
// of it after) and what the others took from the pile and still hold (`seen`), except the next
// seat's pickups (`next_holds`).
void set_known(Situation& s, int me, const std::vector<Card>& discard,
               const std::vector<std::vector<Card>>& picked, PileTop pile_top) {
  const auto next = static_cast<std::size_t>((me + 1) % static_cast<int>(picked.size()));
  s.seen.clear();
  if (!discard.empty()) {
    s.seen.assign(discard.begin(), discard.end() - (pile_top == PileTop::AsTop ? 1 : 0));
  }
  for (std::size_t p = 0; p < picked.size(); ++p) {
    if (static_cast<int>(p) != me && p != next)
      s.seen.insert(s.seen.end(), picked[p].begin(), picked[p].end());
  }
  s.next_holds = picked[next];
}

// Plays one round; returns each seat's points and adds the turns played to `turns`.
std::vector<int> play_round(const GameSetup& setup, int round, int* turns) {
  const int players = static_cast<int>(setup.seats.size());
  RoundDeal deal = deal_round(setup.seed, round, players, setup.boxes);
  SplitMix64 reshuffle(setup.seed ^ (0x9e3779b97f4a7c15ULL * static_cast<unsigned>(round + 100)));
  std::vector<std::vector<Card>> picked(static_cast<std::size_t>(players));
  std::vector<int> scores(static_cast<std::size_t>(players), 0);
  const int wild_rank = wild_rank_of_round(round);
  const int dealer = (round - 1) % players;
  int seat = (dealer + 1) % players;
  int out = -1;
  std::vector<TableMove> moves;  // the round's public moves, by absolute seat
  for (int turn = 0; turn < kMaxTurnsPerRound; ++turn, seat = (seat + 1) % players) {
    if (seat == out) return scores;
    auto& hand = deal.hands[static_cast<std::size_t>(seat)];
    const Strategy strategy = setup.seats[static_cast<std::size_t>(seat)];
    ++*turns;
    Situation s;
    s.round = round;
    s.rules = setup.rules;
    s.hand = hand;
    set_known(s, seat, deal.discard, picked, PileTop::AsTop);
    s.players = players;
    s.stock = static_cast<int>(deal.stock.size());
    s.last = out >= 0;
    s.boxes = setup.boxes;
    s.actions = moves;
    for (auto& m : s.actions) m.seat = (m.seat - seat + players) % players;  // from this seat
    const std::optional<Card> offered =
        deal.discard.empty() ? std::nullopt : std::optional<Card>(deal.discard.back());
    bool take = false;
    Card drawn;
    if (!deal.discard.empty()) {
      s.top = deal.discard.back();
      const auto unseen = check_situation(s);
      take = take_top(strategy, s, *unseen);
    }
    if (take) {
      const Card card = deal.discard.back();
      deal.discard.pop_back();
      hand.push_back(card);
      picked[static_cast<std::size_t>(seat)].push_back(card);
      s.must_keep = card;
      drawn = card;
    } else {
      if (deal.stock.empty() && deal.discard.size() > 1) {
        // Reshuffle the dead discards under the top card into a new stock.
        deal.stock.assign(deal.discard.begin(), deal.discard.end() - 1);
        deal.discard.erase(deal.discard.begin(), deal.discard.end() - 1);
        for (std::size_t i = deal.stock.size(); i > 1; --i)
          std::swap(deal.stock[i - 1], deal.stock[reshuffle.below(i)]);
      }
      if (deal.stock.empty()) break;
      drawn = deal.stock.back();
      hand.push_back(drawn);
      deal.stock.pop_back();
    }
    s.hand = hand;
    s.top.reset();
    set_known(s, seat, deal.discard, picked, PileTop::InSeen);
    s.stock = static_cast<int>(deal.stock.size());
    const auto unseen = check_situation(s);
    const auto& next_hand = deal.hands[static_cast<std::size_t>((seat + 1) % players)];
    const Card discard = choose_discard(strategy, s, *unseen, next_hand);
    erase_one(hand, discard);
    erase_one(picked[static_cast<std::size_t>(seat)], discard);
    deal.discard.push_back(discard);
    if (offered)
      moves.push_back({.seat = seat, .offered = *offered, .took = take, .discarded = discard});
    const int score = min_score(hand, wild_rank, HandMode::Dealt, setup.rules);
    scores[static_cast<std::size_t>(seat)] = score;
    if (out < 0 && score == 0) out = seat;
    if (setup.observer) {
      setup.observer({round, seat, strategy, take, discard, out == seat && !s.last, s.last, score,
                      &next_hand, &s.actions, &s, offered, drawn});
    }
  }
  // No one went out (or the cards ran out): every hand scores as it stands.
  for (int p = 0; p < players; ++p) {
    scores[static_cast<std::size_t>(p)] =
        min_score(deal.hands[static_cast<std::size_t>(p)], wild_rank, HandMode::Dealt, setup.rules);
  }
  return scores;
}

}  // namespace

Card oracle_discard(const Situation& s, const Unseen& unseen, const std::vector<Card>& next_hand) {
  const auto options = advise_discard(s, unseen, kStaticAdvisor).options;
  if (s.last || options.front().goes_out) return options.front().discard;
  const int wild_rank = wild_rank_of_round(s.round);
  std::vector<Card> taken = next_hand;
  taken.push_back(Card::joker());
  for (const auto& o : options) {
    taken.back() = o.discard;
    if (min_score(taken, wild_rank, HandMode::Drawn, s.rules) != 0) return o.discard;
  }
  return options.front().discard;
}

ReadReplySettings& read_reply_settings() {
  static ReadReplySettings settings;
  return settings;
}

AdvisorSettings& advisor_settings() {
  static AdvisorSettings settings = kAdvisorSettings;
  return settings;
}

Expected<Strategy> parse_strategy(std::string_view name) {
  for (const auto& n : kStrategyNames) {
    if (n.name == name) return n.strategy;
  }
  return Failure{"unknown strategy '" + std::string(name) +
                 "' (advisor, greedy, ev, oneply, static, oracle, reply, blindreply, readreply or "
                 "sightreply)"};
}

std::string_view strategy_name(Strategy s) {
  for (const auto& n : kStrategyNames) {
    if (n.strategy == s) return n.name;
  }
  return "advisor";
}

Card greedy_discard(const Situation& s) {
  const int wild_rank = wild_rank_of_round(s.round);
  std::optional<Card> best;
  int best_score = 0;
  for (Card d : s.hand) {
    if (s.must_keep && d == *s.must_keep) continue;
    const int score = min_score(without(s.hand, d), wild_rank, HandMode::Dealt, s.rules);
    bool better = !best || score < best_score;
    if (best && score == best_score) {
      const bool d_wild = is_wild(d, wild_rank);
      const bool best_wild = is_wild(*best, wild_rank);
      if (d_wild != best_wild) {
        better = !d_wild;  // a non-wild before a wild
      } else {
        better = card_points(d, wild_rank) > card_points(*best, wild_rank);
      }
    }
    if (better) {
      best = d;
      best_score = score;
    }
  }
  return best ? *best : s.hand.front();
}

bool greedy_take(const Situation& s, const Unseen& unseen) {
  const int wild_rank = wild_rank_of_round(s.round);
  const Card top = *s.top;
  std::vector<Card> with_top = s.hand;
  with_top.push_back(top);
  if (s.last) {
    const int take_score = min_score(with_top, wild_rank, HandMode::Drawn, s.rules);
    std::vector<Card> drawn = s.hand;
    drawn.push_back(top);
    long sum = 0;
    for (int k = 0; k < kCardKinds; ++k) {
      const int copies = unseen.count[static_cast<std::size_t>(k)];
      if (copies == 0) continue;
      drawn.back() = card_of_kind(k);
      sum += static_cast<long>(copies) * min_score(drawn, wild_rank, HandMode::Drawn, s.rules);
    }
    return static_cast<double>(take_score) * std::max(1, unseen.total) <= static_cast<double>(sum);
  }
  Situation after = s;
  after.hand = with_top;
  after.top.reset();
  const Card discard = greedy_discard(after);  // free to throw the top card straight back
  if (discard == top) return false;
  if (is_wild(top, wild_rank)) return true;
  return min_score(without(with_top, discard), wild_rank, HandMode::Dealt, s.rules) <
         min_score(s.hand, wild_rank, HandMode::Dealt, s.rules);
}

RoundDeal deal_round(std::uint64_t seed, int round, int players, int boxes) {
  SplitMix64 rng(seed * 0x2545f4914f6cdd1dULL + static_cast<unsigned>(round));
  std::vector<Card> deck = full_deck(boxes);
  for (std::size_t i = deck.size(); i > 1; --i) std::swap(deck[i - 1], deck[rng.below(i)]);
  RoundDeal deal;
  deal.hands.resize(static_cast<std::size_t>(players));
  const int n = cards_in_round(round);
  const int first = round % players;  // left of the dealer, seat (round-1) mod players
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < players; ++j) {
      deal.hands[static_cast<std::size_t>((first + j) % players)].push_back(deck.back());
      deck.pop_back();
    }
  }
  deal.discard.push_back(deck.back());
  deck.pop_back();
  deal.stock = std::move(deck);
  return deal;
}

GameResult play_game(const GameSetup& setup) {
  GameResult result;
  result.totals.assign(setup.seats.size(), 0);
  for (int round = 1; round <= setup.rounds; ++round) {
    const int before = result.turns;
    auto scores = play_round(setup, round, &result.turns);
    result.round_turns.push_back(result.turns - before);
    for (std::size_t p = 0; p < scores.size(); ++p) result.totals[p] += scores[p];
    result.round_scores.push_back(std::move(scores));
  }
  return result;
}

DuplicateDeal play_duplicate(std::uint64_t seed, int players, Strategy a, Strategy b, int boxes,
                             MeldRules rules, int rounds) {
  DuplicateDeal deal;
  for (int r = 0; r < players; ++r) {
    GameSetup setup;
    setup.seed = seed;
    setup.boxes = boxes;
    setup.rounds = rounds;
    setup.rules = rules;
    setup.seats.assign(static_cast<std::size_t>(players), b);
    setup.seats[static_cast<std::size_t>(r)] = a;
    const auto game = play_game(setup);
    const int a_total = game.totals[static_cast<std::size_t>(r)];
    double b_sum = 0;
    int lowest = a_total;
    for (int p = 0; p < players; ++p) {
      if (p != r) b_sum += game.totals[static_cast<std::size_t>(p)];
      lowest = std::min(lowest, game.totals[static_cast<std::size_t>(p)]);
    }
    const auto tied = std::count(game.totals.begin(), game.totals.end(), lowest);
    deal.a_totals.push_back(a_total);
    deal.b_mean.push_back(b_sum / (players - 1));
    deal.a_win.push_back(a_total == lowest ? 1.0 / static_cast<double>(tied) : 0.0);
  }
  return deal;
}

MatchSummary summarize(std::span<const DuplicateDeal> deals) {
  MatchSummary m;
  m.deals = static_cast<int>(deals.size());
  if (deals.empty()) return m;
  std::vector<double> diffs;
  double games = 0;
  for (const auto& d : deals) {
    double diff = 0;
    for (std::size_t r = 0; r < d.a_totals.size(); ++r) {
      m.a_mean += d.a_totals[r];
      m.b_mean += d.b_mean[r];
      m.a_win_share += d.a_win[r];
      diff += d.b_mean[r] - d.a_totals[r];
      games += 1;
    }
    diffs.push_back(diff / static_cast<double>(d.a_totals.size()));
  }
  m.a_mean /= games;
  m.b_mean /= games;
  m.a_win_share /= games;
  const double n = static_cast<double>(diffs.size());
  m.difference = std::accumulate(diffs.begin(), diffs.end(), 0.0) / n;
  double var = 0;
  for (double x : diffs) var += (x - m.difference) * (x - m.difference);
  if (diffs.size() > 1) var /= n - 1;
  m.margin = 1.96 * std::sqrt(var / n);
  return m;
}

}  // namespace crowns::selfplay
