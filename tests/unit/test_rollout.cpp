// Determinized rollouts: the hidden cards are dealt consistently with what the player knows,
// a rollout is reproducible from its seed and plays by the rules, and the advisor with rollouts
// on still takes a play that goes out at once.

#include <algorithm>
#include <catch2/catch.hpp>

#include "card_text.hpp"
#include "crowns/advice.hpp"
#include "crowns/rollout.hpp"
#include "crowns/rules.hpp"
#include "crowns/selfplay.hpp"
#include "crowns/solver.hpp"

using namespace crowns;
using crowns::test::card;
using crowns::test::cards;

namespace {

// Every kind's count over some piles of cards.
std::array<int, kCardKinds> counts(std::initializer_list<const std::vector<Card>*> piles) {
  std::array<int, kCardKinds> n{};
  for (const auto* pile : piles) {
    for (Card c : *pile) ++n[static_cast<std::size_t>(kind_of(c))];
  }
  return n;
}

// A mid-round situation of round 5 at 3 players: the next player took 9h and Kh from the pile.
Situation mid_round() {
  Situation s;
  s.round = 5;
  s.players = 3;
  s.hand = cards("3c 4c 5c 9s 10s Jd Qd");
  s.top = card("8d");
  s.seen = cards("Ks Kc 4h 6d");
  s.next_holds = cards("9h Kh");
  s.stock = 60;
  return s;
}

}  // namespace

TEST_CASE("a determinization deals exactly the unseen cards, the next player's known ones first",
          "[rollout]") {
  const Situation s = mid_round();
  const auto unseen = check_situation(s);
  REQUIRE(unseen.ok());
  SplitMix64 rng(7);
  for (int i = 0; i < 50; ++i) {
    const Determinization d = determinize(s, *unseen, rng);
    REQUIRE(d.opponents.size() == 2);
    for (const auto& hand : d.opponents) CHECK(hand.size() == 7);
    // The next player holds what they took from the pile.
    CHECK(std::count(d.opponents[0].begin(), d.opponents[0].end(), card("9h")) >= 1);
    CHECK(std::count(d.opponents[0].begin(), d.opponents[0].end(), card("Kh")) >= 1);
    CHECK(d.stock.size() == 60);
    // Hidden cards: the unseen copies exactly, nothing more and nothing twice.
    std::vector<Card> others(d.opponents[0].begin() + 2, d.opponents[0].end());
    const auto dealt = counts({&others, &d.opponents[1], &d.stock, &d.buried});
    CHECK(dealt == unseen->count);
  }
}

TEST_CASE("without a stock size every hidden card not in a hand is in the stock", "[rollout]") {
  Situation s = mid_round();
  s.stock.reset();
  const auto unseen = check_situation(s);
  REQUIRE(unseen.ok());
  SplitMix64 rng(3);
  const Determinization d = determinize(s, *unseen, rng);
  CHECK(d.buried.empty());
  CHECK(static_cast<int>(d.stock.size()) == unseen->total - 5 - 7);
}

TEST_CASE("a rollout is reproducible from its seed and ends the round by the rules", "[rollout]") {
  const Situation s = mid_round();
  const auto unseen = check_situation(s);
  REQUIRE(unseen.ok());
  const std::vector<Card> hand = cards("3c 4c 5c 9s 10s Jd Qd");
  SplitMix64 a(11);
  SplitMix64 b(11);
  const Determinization da = determinize(s, *unseen, a);
  const Determinization db = determinize(s, *unseen, b);
  CHECK(da.stock == db.stock);
  CHECK(da.opponents == db.opponents);
  const double first = rollout_difference(s, da, hand, {card("8d")}, 99);
  CHECK(rollout_difference(s, db, hand, {card("8d")}, 99) == first);
  // Each hand scores 0..its points, so the difference is bounded by the hands' points.
  const int bound = max_round_points(cards_in_round(s.round));
  CHECK(first >= -bound);
  CHECK(first <= bound);
}

TEST_CASE("a hand that is already out leaves the others one last turn each", "[rollout]") {
  Situation s;
  s.round = 1;
  s.players = 2;
  s.hand = cards("7h 8h 9h Kd");
  const auto unseen = check_situation(s);
  REQUIRE(unseen.ok());
  SplitMix64 rng(5);
  const Determinization d = determinize(s, *unseen, rng);
  const std::vector<Card> out = cards("7h 8h 9h");
  // The opponent plays one greedy last turn: its score is the difference (ours is 0).
  std::vector<Card> opponent = d.opponents[0];
  opponent.push_back(card("Kd"));
  int best = min_score(d.opponents[0], wild_rank_of_round(1), HandMode::Dealt);
  const int with_top = min_score(opponent, wild_rank_of_round(1), HandMode::Drawn);
  if (with_top < best) {
    best = with_top;
  } else {
    opponent.back() = d.stock.back();
    best = min_score(opponent, wild_rank_of_round(1), HandMode::Drawn);
  }
  CHECK(rollout_difference(s, d, out, {card("Kd")}, 1) == -best);
}

TEST_CASE("the same situation gets the same seed; a different one another", "[rollout]") {
  const Situation s = mid_round();
  Situation t = s;
  CHECK(situation_seed(s) == situation_seed(t));
  std::reverse(t.hand.begin(), t.hand.end());  // the order of the cards does not matter
  CHECK(situation_seed(s) == situation_seed(t));
  t.seen.push_back(card("5h"));
  CHECK(situation_seed(s) != situation_seed(t));
}

TEST_CASE("with rollouts on, the advisor still takes a play that goes out at once", "[rollout]") {
  AdvisorSettings on;
  on.samples = 64;
  on.margin = 100.0;  // every candidate within reach is rolled out
  Situation s;
  s.round = 1;
  s.hand = cards("7h 8h Kd");
  s.top = card("9h");
  auto unseen = check_situation(s);
  REQUIRE(unseen.ok());
  const auto draw = advise_draw(s, *unseen, on);
  CHECK(draw.take);
  CHECK(draw.goes_out);

  Situation t;
  t.round = 4;
  t.hand = cards("5c 5d 5s Jh Qh Kh 9d");
  unseen = check_situation(t);
  REQUIRE(unseen.ok());
  const auto discard = advise_discard(t, *unseen, on);
  CHECK(discard.options.front().discard == card("9d"));
  CHECK(discard.options.front().goes_out);
}

TEST_CASE("advice with rollouts is reproducible and keeps every option", "[rollout]") {
  AdvisorSettings on;
  on.samples = 32;
  on.margin = 100.0;
  Situation s = mid_round();
  s.top.reset();
  s.hand.push_back(card("8d"));
  const auto unseen = check_situation(s);
  REQUIRE(unseen.ok());
  const auto first = advise_discard(s, *unseen, on);
  const auto again = advise_discard(s, *unseen, on);
  AdvisorSettings off = on;
  off.samples = 0;
  const auto plain = advise_discard(s, *unseen, off);
  REQUIRE(first.options.size() == plain.options.size());
  CHECK(first.options.front().discard == again.options.front().discard);
  // Rollouts only reorder the closest candidates: the same options, one of the best three first.
  const bool among_best = std::any_of(
      plain.options.begin(), plain.options.begin() + 3,
      [&](const DiscardOption& o) { return o.discard == first.options.front().discard; });
  CHECK(among_best);
}

TEST_CASE("the static strategy is the advisor without rollouts", "[rollout]") {
  using selfplay::Strategy;
  CHECK(*selfplay::parse_strategy("static") == Strategy::Static);
  CHECK(selfplay::strategy_name(Strategy::Static) == "static");
  const auto saved = selfplay::advisor_settings();
  selfplay::advisor_settings() = kStaticAdvisor;
  const auto deal =
      selfplay::play_duplicate(3, 2, Strategy::Advisor, Strategy::Static, 1, MeldRules{}, 3);
  selfplay::advisor_settings() = saved;
  CHECK(deal.a_totals[0] == deal.b_mean[1]);  // the same player in both seatings
  CHECK(deal.a_totals[1] == deal.b_mean[0]);
}

TEST_CASE("the oracle never feeds the next player out when it need not", "[selfplay]") {
  using selfplay::Strategy;
  CHECK(*selfplay::parse_strategy("oracle") == Strategy::Oracle);
  CHECK(selfplay::strategy_name(Strategy::Oracle) == "oracle");
  // Round 3 (fives wild), after drawing: whatever the static advisor throws, give the next
  // player the two other cards of a book of its rank, plus two cards that make a run only with
  // a wild, so that the static discard lets them go out.
  Situation s;
  s.round = 3;
  s.hand = cards("9s 9c Kd Qh 4c 4d");
  const auto unseen = check_situation(s);
  REQUIRE(unseen);
  const Card best = advise_discard(s, *unseen, kStaticAdvisor).options.front().discard;
  REQUIRE_FALSE(is_wild(best, wild_rank_of_round(s.round)));
  const auto other = [&](Suit a) { return Card::natural(best.rank, a); };
  std::vector<Card> next_hand;
  for (Suit suit : {Suit::Stars, Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades}) {
    if (suit != best.suit && next_hand.size() < 4) next_hand.push_back(other(suit));
  }
  next_hand.push_back(cards("3h").front());
  std::vector<Card> taken = next_hand;
  taken.push_back(best);
  REQUIRE(min_score(taken, wild_rank_of_round(s.round), HandMode::Drawn) == 0);
  const Card chosen = selfplay::oracle_discard(s, *unseen, next_hand);
  CHECK_FALSE(chosen == best);
  taken.back() = chosen;
  CHECK(min_score(taken, wild_rank_of_round(s.round), HandMode::Drawn) != 0);
  // With nothing to fear it plays as the static advisor.
  CHECK(selfplay::oracle_discard(s, *unseen, cards("Kh Qs 9d 7c 4*")) == best);
  // The reply stick sees the same feed: the model takes the card and goes out.
  CHECK(*selfplay::parse_strategy("reply") == Strategy::Reply);
  CHECK(selfplay::strategy_name(Strategy::Reply) == "reply");
  const Card replied = selfplay::reply_discard(s, *unseen, next_hand);
  taken.back() = replied;
  CHECK(min_score(taken, wild_rank_of_round(s.round), HandMode::Drawn) != 0);
}

TEST_CASE("the blind reply stick deals the next hand from the situation alone", "[selfplay]") {
  using selfplay::Strategy;
  CHECK(*selfplay::parse_strategy("blindreply") == Strategy::BlindReply);
  CHECK(selfplay::strategy_name(Strategy::BlindReply) == "blindreply");
  Situation s;
  s.round = 3;
  s.hand = cards("9s 9c Kd Qh 4c 4d");
  s.next_holds = cards("Kh");
  const auto unseen = check_situation(s);
  REQUIRE(unseen);
  const auto options = advise_discard(s, *unseen, kStaticAdvisor).options;
  // The same question gets the same answer (the hands are seeded by the situation), one of the
  // static advisor's best four.
  const Card blind = selfplay::blind_reply_discard(s, *unseen);
  CHECK(selfplay::blind_reply_discard(s, *unseen) == blind);
  CHECK(std::any_of(options.begin(), options.begin() + 4,
                    [&](const DiscardOption& o) { return o.discard == blind; }));
  // A discard that goes out is made without looking.
  Situation out;
  out.round = 1;
  out.hand = cards("7h 8h 9h Kd");
  CHECK(selfplay::blind_reply_discard(out, *check_situation(out)) == card("Kd"));
}
