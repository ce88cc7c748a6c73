// Hand reading (crowns::reading, issue 37 step 3): the next player's possible hands are weighed
// by their moves: a hand that fits what they took and not what they threw weighs more, the
// weights sum to 1 and the same seed reads the same hands.

#include <algorithm>
#include <catch2/catch.hpp>

#include "card_text.hpp"
#include "crowns/advice.hpp"
#include "crowns/hand_reading.hpp"
#include "crowns/selfplay.hpp"

using namespace crowns;
using crowns::test::card;
using crowns::test::cards;

namespace {

// Round 3 (fives wild), two players: the next player took the 9h offered and threw the Ks.
Situation took_nine_of_hearts() {
  Situation s;
  s.round = 3;
  s.players = 2;
  s.hand = cards("3s 4c 8d Qc Jd 7s");
  s.next_holds = cards("9h");
  s.seen = cards("Ks");
  s.actions = {{.seat = 0, .offered = card("6c"), .took = false, .discarded = card("Kc")},
               {.seat = 1, .offered = card("9h"), .took = true, .discarded = card("Ks")}};
  return s;
}

// The reading's weighted mean fit of the 9h in the next player's hand.
double mean_fit_of_nine(const reading::Reading& r) {
  double mean = 0;
  for (std::size_t i = 0; i < r.hands.size(); ++i)
    mean += r.weights[i] * reading::fit(r.hands[i], card("9h"), 5, MeldRules{});
  return mean;
}

// `n` cards of kinds drawn at random (copies allowed).
std::vector<Card> random_cards(SplitMix64& rng, std::size_t n) {
  std::vector<Card> hand;
  hand.reserve(n);
  while (hand.size() < n) hand.push_back(card_of_kind(static_cast<int>(rng.below(kCardKinds))));
  return hand;
}

// What every reading of took_nine_of_hearts() must show with `settings` (300 hands): the
// weights sum to 1, every hand holds the 9h they took, the 9h fits the read hands far better
// than hands dealt at random (the same question without the moves: about 15 points to 7), and
// the same seed reads the same hands with the same weights.
void check_reading_of_nine(reading::Settings settings) {
  const Situation s = took_nine_of_hearts();
  const auto unseen = check_situation(s);
  REQUIRE(unseen);
  settings.hands = 300;
  const reading::Reading r = reading::read_next_hand(s, *unseen, 7, settings);
  REQUIRE(r.hands.size() == 300);
  REQUIRE(r.weights.size() == 300);
  double sum = 0;
  for (double w : r.weights) sum += w;
  CHECK(sum == Approx(1.0));
  for (const auto& hand : r.hands) {
    CHECK(hand.size() == 5);
    CHECK(std::count(hand.begin(), hand.end(), card("9h")) >= 1);
  }
  Situation blind = s;
  blind.actions.clear();
  const reading::Reading prior = reading::read_next_hand(blind, *unseen, 7, settings);
  CHECK(prior.resamples == 0);
  CHECK(mean_fit_of_nine(r) > 1.5 * mean_fit_of_nine(prior));
  const reading::Reading again = reading::read_next_hand(s, *unseen, 7, settings);
  CHECK(again.hands == r.hands);
  CHECK(again.weights == r.weights);
}

}  // namespace

TEST_CASE("a card's fit is the points it saves in the hand", "[reading]") {
  // It completes a run: the run's points (8 + 9 + 10) are saved.
  CHECK(reading::fit(cards("8h 10h Kc"), card("9h"), 3, MeldRules{}) == 27);
  CHECK(reading::fit(cards("8h 9h 10h Kc"), card("9h"), 3, MeldRules{}) ==
        27);                                                                // held: set aside first
  CHECK(reading::fit(cards("4c Kc Qs"), card("9h"), 3, MeldRules{}) == 0);  // melds with nothing
}

TEST_CASE("a hand near a card they took is likelier than one far from it", "[reading]") {
  const Situation s = took_nine_of_hearts();
  const reading::Settings settings;
  const double near = reading::moves_likelihood(s, cards("9h 8h 10h 4d Qs"), settings);
  const double far = reading::moves_likelihood(s, cards("9h 3c 4d Qs Jc"), settings);
  CHECK(near > far);
  // A hand that melds with the card they threw is less likely than one that does not.
  const double kept_kings = reading::moves_likelihood(s, cards("9h 8h 10h Kd Kh"), settings);
  CHECK(kept_kings < near);
}

TEST_CASE("the reading weighs hands by the moves; weights sum to 1; seeded", "[reading]") {
  check_reading_of_nine({});
}

TEST_CASE("the read reply stick answers one of the static advisor's best four", "[reading]") {
  using selfplay::Strategy;
  CHECK(*selfplay::parse_strategy("readreply") == Strategy::ReadReply);
  CHECK(selfplay::strategy_name(Strategy::ReadReply) == "readreply");
  const Situation s = took_nine_of_hearts();
  const auto unseen = check_situation(s);
  REQUIRE(unseen);
  const auto options = advise_discard(s, *unseen, kStaticAdvisor).options;
  const Card read = selfplay::read_reply_discard(s, *unseen);
  CHECK(selfplay::read_reply_discard(s, *unseen) == read);
  CHECK(std::any_of(options.begin(), options.begin() + 4,
                    [&](const DiscardOption& o) { return o.discard == read; }));
  // With a margin no reply can clear, the static advisor's first choice; the hands-then reading
  // answers one of the four too.
  selfplay::ReadReplySettings settings;
  settings.margin = 1e9;
  CHECK(selfplay::read_reply_discard(s, *unseen, settings) == options.front().discard);
  settings.margin = 0;
  settings.reading.hands_then = true;
  settings.hands = 8;
  const Card then = selfplay::read_reply_discard(s, *unseen, settings);
  CHECK(std::any_of(options.begin(), options.begin() + 4,
                    [&](const DiscardOption& o) { return o.discard == then; }));
}

TEST_CASE("drawing by weight spreads the draws over the cumulative weights", "[reading]") {
  SplitMix64 rng(3);
  CHECK(reading::draw_by_weight({0.0, 1.0, 0.0}, 4, rng) == std::vector<std::size_t>{1, 1, 1, 1});
  CHECK(reading::draw_by_weight({0.5, 0.5}, 2, rng) == std::vector<std::size_t>{0, 1});
  CHECK(reading::draw_by_weight({0.25, 0.25, 0.5}, 4, rng) == std::vector<std::size_t>{0, 1, 2, 2});
  CHECK(reading::effective_size({0.25, 0.25, 0.25, 0.25}) == Approx(4.0));
  CHECK(reading::effective_size({1.0, 0.0}) == Approx(1.0));
}

TEST_CASE("hands then: taking and passing share the chance; a card that melds is taken",
          "[reading]") {
  reading::Settings settings;
  settings.hands_then = true;
  // Round 3, fives wild: the 9h completes 8h 10h (saves 27 points); the 3c saves nothing here.
  const double meld = reading::take_likelihood(cards("8h 10h Kc 4d Qs"), card("9h"), true, 5,
                                               MeldRules{}, settings);
  CHECK(meld > 0.9);
  // Every hand: the chance to take plus the chance to pass is 1.
  SplitMix64 rng(11);
  for (int i = 0; i < 40; ++i) {
    const std::vector<Card> hand = random_cards(rng, 5);
    const Card offered = card_of_kind(static_cast<int>(rng.below(kCardKinds)));
    const double take = reading::take_likelihood(hand, offered, true, 5, MeldRules{}, settings);
    const double pass = reading::take_likelihood(hand, offered, false, 5, MeldRules{}, settings);
    CHECK(take + pass == Approx(1.0));
  }
}

TEST_CASE("hands then: the throw is a softmax over the cards they could throw", "[reading]") {
  reading::Settings settings;
  settings.hands_then = true;
  settings.discard_temperature = 2.0;
  SplitMix64 rng(5);
  for (int i = 0; i < 40; ++i) {
    const std::vector<Card> hand = random_cards(rng, 6);
    std::vector<Card> distinct = hand;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    double sum = 0;
    for (Card c : distinct)
      sum += reading::discard_likelihood(hand, c, std::nullopt, 5, MeldRules{}, settings);
    CHECK(sum == Approx(1.0));
  }
  // The king that melds with nothing is the likeliest throw; a card just taken is not among the
  // candidates (the others share the whole chance).
  const auto hand = cards("8h 9h 10h Ks 3c Qd");
  const double king =
      reading::discard_likelihood(hand, card("Ks"), std::nullopt, 5, MeldRules{}, settings);
  CHECK(king >
        reading::discard_likelihood(hand, card("9h"), std::nullopt, 5, MeldRules{}, settings));
  CHECK(king >
        reading::discard_likelihood(hand, card("3c"), std::nullopt, 5, MeldRules{}, settings));
  double others = 0;
  for (Card c : cards("8h 9h 10h Ks Qd"))
    others += reading::discard_likelihood(hand, c, card("3c"), 5, MeldRules{}, settings);
  CHECK(others == Approx(1.0));
}

TEST_CASE("hands then: the reading weighs hands by the moves against the hands held then",
          "[reading]") {
  reading::Settings settings;
  settings.hands_then = true;
  check_reading_of_nine(settings);
  // A hand that kept kings while throwing one is less likely than one without.
  const Situation s = took_nine_of_hearts();
  CHECK(reading::moves_likelihood(s, cards("9h 8h 10h Kd Kh"), settings) <
        reading::moves_likelihood(s, cards("9h 8h 10h 4d Qs"), settings));
}

TEST_CASE("the sight stick's hands: sight 1 the true hand, sight 0 dealt alike; seeded",
          "[sparring]") {
  using selfplay::Strategy;
  CHECK(*selfplay::parse_strategy("sightreply") == Strategy::SightReply);
  CHECK(selfplay::strategy_name(Strategy::SightReply) == "sightreply");
  const Situation s = took_nine_of_hearts();
  const auto unseen = check_situation(s);
  REQUIRE(unseen);
  const std::vector<Card> truth = cards("9h 8h 10h 4d Qs");
  auto sorted = [](std::vector<Card> hand) {
    std::sort(hand.begin(), hand.end());
    return hand;
  };
  // Sight 1: every hand is the true hand (their pickup first, the rest in order).
  for (const auto& hand : selfplay::sight_hands(s, *unseen, truth, 1.0, 4, 9))
    CHECK(sorted(hand) == sorted(truth));
  // Sight 0: every hand holds the pickup and cards the unseen ones can supply, no card more
  // often than the unseen cards and the pickup together hold it; over many hands the true
  // cards come as often as chance (their 8 copies among 108 unseen, 4 dealt: 0.30 a hand).
  const auto blind = selfplay::sight_hands(s, *unseen, truth, 0.0, 400, 9);
  REQUIRE(blind.size() == 400);
  std::ptrdiff_t true_cards = 0;
  for (const auto& hand : blind) {
    REQUIRE(hand.size() == 5);
    CHECK(hand.front() == card("9h"));
    for (Card c : hand) {
      const auto held = std::count(hand.begin(), hand.end(), c);
      const auto pickup = c == card("9h") ? 1 : 0;
      CHECK(held <= unseen->count[static_cast<std::size_t>(kind_of(c))] + pickup);
    }
    for (Card c : cards("8h 10h 4d Qs")) true_cards += std::count(hand.begin() + 1, hand.end(), c);
  }
  CHECK(static_cast<double>(true_cards) / 400.0 == Approx(4.0 * 8 / 108).margin(0.1));
  // Sight 0.5: about half the dealt cards are the true ones; the same seed, the same hands.
  const auto half = selfplay::sight_hands(s, *unseen, truth, 0.5, 400, 9);
  int kept = 0;
  for (const auto& hand : half) {
    for (Card c : cards("8h 10h 4d Qs")) kept += std::count(hand.begin() + 1, hand.end(), c) > 0;
  }
  CHECK(static_cast<double>(kept) / 1600.0 == Approx(0.5).margin(0.06));
  CHECK(selfplay::sight_hands(s, *unseen, truth, 0.5, 400, 9) == half);
  CHECK(selfplay::sight_hands(s, *unseen, truth, 0.5, 400, 10) != half);
  // Sight 1 replies as the reply stick does; any sight answers one of the best four.
  CHECK(selfplay::sight_reply_discard(s, *unseen, truth, {}) ==
        selfplay::reply_discard(s, *unseen, truth));
  const auto options = advise_discard(s, *unseen, kStaticAdvisor).options;
  selfplay::ReadReplySettings settings;
  settings.sight = 0.25;
  const Card quarter = selfplay::sight_reply_discard(s, *unseen, truth, settings);
  CHECK(std::any_of(options.begin(), options.begin() + 4,
                    [&](const DiscardOption& o) { return o.discard == quarter; }));
}

TEST_CASE("the exact model follows the expected-value player's own take and throw", "[reading]") {
  reading::Settings settings;
  settings.hands_then = true;
  settings.exact_model = true;
  settings.temperature = 0.01;
  settings.discard_temperature = 0.01;
  SplitMix64 rng(17);
  for (int i = 0; i < 30; ++i) {
    const std::vector<Card> before = random_cards(rng, 5);
    const Card offered = card_of_kind(static_cast<int>(rng.below(kCardKinds)));
    // Taking and passing share the chance; the likelier one is what the player does.
    const double take =
        reading::exact_take_likelihood(before, offered, true, 5, MeldRules{}, 1, settings);
    const double pass =
        reading::exact_take_likelihood(before, offered, false, 5, MeldRules{}, 1, settings);
    CHECK(take + pass == Approx(1.0));
    Situation s;
    s.round = 3;
    s.players = 2;
    s.hand = before;
    s.top = offered;
    const bool takes = selfplay::lookahead_take(selfplay::Lookahead::ExpectedValue, s, Unseen{});
    CHECK((takes ? take >= 0.5 : pass > 0.5));
    // The throw: the chances sum to 1 over the cards it may throw, and the card the player
    // throws is the likeliest.
    std::vector<Card> at = before;
    at.push_back(offered);
    std::vector<Card> distinct = at;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    double sum = 0;
    double best = 0;
    for (Card c : distinct) {
      const double p =
          reading::exact_discard_likelihood(at, c, std::nullopt, 5, MeldRules{}, 1, settings);
      sum += p;
      best = std::max(best, p);
    }
    CHECK(sum == Approx(1.0));
    s.hand = at;
    s.top.reset();
    const Card thrown =
        selfplay::lookahead_discard(selfplay::Lookahead::ExpectedValue, s, Unseen{});
    CHECK(reading::exact_discard_likelihood(at, thrown, std::nullopt, 5, MeldRules{}, 1,
                                            settings) == Approx(best));
  }
  // A card that lets it go out is always taken (8h-Qh, the 3c thrown), and then only a card
  // that goes out is thrown.
  settings.temperature = 1e6;
  CHECK(reading::exact_take_likelihood(cards("8h 10h Jh Qh 3c"), card("9h"), true, 5, MeldRules{},
                                       1, settings) == Approx(1.0));
  CHECK(reading::exact_discard_likelihood(cards("8h 9h 10h Jh Qh 3c"), card("3c"), card("9h"), 5,
                                          MeldRules{}, 1, settings) == Approx(1.0));
  CHECK(reading::exact_discard_likelihood(cards("8h 9h 10h Jh Qh 3c"), card("8h"), card("9h"), 5,
                                          MeldRules{}, 1, settings) < 1e-200);
  // The reading with the exact model weighs the hands as the other readings do.
  settings.temperature = 0.5;
  settings.discard_temperature = 0.5;
  check_reading_of_nine(settings);
}

TEST_CASE("the read feeding charge keeps the static choice when no read hand goes out",
          "[reading]") {
  using selfplay::Strategy;
  CHECK(*selfplay::parse_strategy("readfeed") == Strategy::ReadFeed);
  CHECK(selfplay::strategy_name(Strategy::ReadFeed) == "readfeed");
  const Situation s = took_nine_of_hearts();
  const auto unseen = check_situation(s);
  REQUIRE(unseen);
  const auto options = advise_discard(s, *unseen, kStaticAdvisor).options;
  selfplay::ReadReplySettings settings;
  settings.reading.hands_then = true;
  settings.feed_charge = 0;  // no charge: the static advisor's first choice
  CHECK(selfplay::read_feed_discard(s, *unseen, settings) == options.front().discard);
  // With a charge, a discard that some read hand goes out with costs its weight times the
  // charge: the answer is one of the static options, the same for the same question.
  settings.feed_charge = 1000;
  const Card charged = selfplay::read_feed_discard(s, *unseen, settings);
  CHECK(selfplay::read_feed_discard(s, *unseen, settings) == charged);
  CHECK(std::any_of(options.begin(), options.end(),
                    [&](const DiscardOption& o) { return o.discard == charged; }));
}
