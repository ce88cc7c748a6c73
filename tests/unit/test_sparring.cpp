// The look-ahead sparring partners of the self-play harness (the expected-value player and the
// one-ply look-ahead): their values against a brute force over every unseen copy and every
// discard on the reference solver, and their decisions from those values.

#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "crowns/deck.hpp"
#include "crowns/rules.hpp"
#include "crowns/selfplay.hpp"
#include "crowns/solver.hpp"
#include "reference_solver.hpp"

using namespace crowns;
using namespace crowns::selfplay;

namespace {

// Every physical card of the pool, one entry per copy.
std::vector<Card> copies_of(const Unseen& pool) {
  std::vector<Card> cards;
  for (int k = 0; k < kCardKinds; ++k) {
    for (int i = 0; i < pool.count[static_cast<std::size_t>(k)]; ++i)
      cards.push_back(card_of_kind(k));
  }
  return cards;
}

// The mean over every copy c of the reference solver's best score of kept + c after a discard.
double brute_after_one_draw(const std::vector<Card>& kept, const std::vector<Card>& pool,
                            int wild_rank) {
  if (reference::brute_force_score(kept, wild_rank, HandMode::Dealt) == 0) return 0;
  double sum = 0;
  std::vector<Card> drawn = kept;
  drawn.push_back(Card::joker());
  for (Card c : pool) {
    drawn.back() = c;
    sum += reference::brute_force_score(drawn, wild_rank, HandMode::Drawn);
  }
  return sum / static_cast<double>(pool.size());
}

// The lowest brute_after_one_draw over every discard of `cards` but `keep`.
double brute_best_discard(const std::vector<Card>& cards, std::optional<Card> keep,
                          const std::vector<Card>& pool, int wild_rank) {
  double best = 1e9;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (keep && cards[i] == *keep) continue;
    std::vector<Card> kept = cards;
    kept.erase(kept.begin() + static_cast<std::ptrdiff_t>(i));
    best = std::min(best, brute_after_one_draw(kept, pool, wild_rank));
  }
  return best;
}

double brute_after_deck_draw(const std::vector<Card>& hand, const std::vector<Card>& pool,
                             int wild_rank) {
  double sum = 0;
  std::vector<Card> drawn = hand;
  drawn.push_back(Card::joker());
  for (Card c : pool) {
    drawn.back() = c;
    sum += brute_best_discard(drawn, std::nullopt, pool, wild_rank);
  }
  return sum / static_cast<double>(pool.size());
}

// A random draw decision of `round` from one box: the hand, the top card and a few seen cards.
Situation random_situation(std::mt19937_64& rng, int round) {
  auto deck = full_deck(1);
  std::shuffle(deck.begin(), deck.end(), rng);
  const auto n = static_cast<std::size_t>(cards_in_round(round));
  Situation s;
  s.round = round;
  s.hand.assign(deck.begin(), deck.begin() + static_cast<std::ptrdiff_t>(n));
  s.top = deck[n];
  s.seen.assign(deck.begin() + static_cast<std::ptrdiff_t>(n + 1),
                deck.begin() + static_cast<std::ptrdiff_t>(n + 6));
  return s;
}

}  // namespace

TEST_CASE("a look-ahead value is the brute-force mean over every unseen copy", "[sparring]") {
  std::mt19937_64 rng(20);
  for (int round = 1; round <= 3; ++round) {
    for (int trial = 0; trial < 4; ++trial) {
      const Situation s = random_situation(rng, round);
      const int wild_rank = wild_rank_of_round(round);
      const auto unseen = check_situation(s);
      REQUIRE(unseen.ok());
      const std::vector<Card> pool = copies_of(*unseen);
      LookaheadValues values(wild_rank, MeldRules{}, *unseen);
      INFO("round " << round << " trial " << trial);
      CHECK(values.after_one_draw(s.hand) ==
            Approx(brute_after_one_draw(s.hand, pool, wild_rank)).epsilon(1e-12));
      std::vector<Card> with_top = s.hand;
      with_top.push_back(*s.top);
      const auto take = values.best_discard(with_top, s.top);
      CHECK(!(take.discard == *s.top));
      CHECK(take.value == Approx(brute_best_discard(with_top, s.top, pool, wild_rank)));
      if (round <= 2) {
        CHECK(values.after_deck_draw(s.hand) ==
              Approx(brute_after_deck_draw(s.hand, pool, wild_rank)).epsilon(1e-12));
      }
    }
  }
}

TEST_CASE("kept cards that already meld are worth 0 and their discard goes out", "[sparring]") {
  Situation s;
  s.round = 2;
  s.hand = *parse_cards("7h 8h 9h 10h Kd");
  const auto unseen = check_situation(s);
  REQUIRE(unseen.ok());
  LookaheadValues values(wild_rank_of_round(2), MeldRules{}, *unseen);
  CHECK(values.after_one_draw(*parse_cards("7h 8h 9h 10h")) == 0);
  const auto choice = values.best_discard(s.hand, std::nullopt);
  CHECK(choice.goes_out);
  CHECK(choice.discard == *parse_card("Kd"));
  CHECK(lookahead_discard(Lookahead::ExpectedValue, s, *unseen) == *parse_card("Kd"));
  CHECK(lookahead_discard(Lookahead::OnePly, s, *unseen) == *parse_card("Kd"));
}

TEST_CASE(
    "the expected-value player draws from its own hand's complement without jokers, the "
    "one-ply player from the unseen cards",
    "[sparring]") {
  std::mt19937_64 rng(21);
  for (int trial = 0; trial < 12; ++trial) {
    const int round = 1 + trial % 2;
    const Situation s = random_situation(rng, round);
    const int wild_rank = wild_rank_of_round(round);
    const auto unseen = check_situation(s);
    REQUIRE(unseen.ok());
    // The expected-value player's pool: the box minus its hand (the top card and the seen cards
    // count as unseen to it), no jokers.
    std::vector<Card> ev_pool = full_deck(1);
    for (Card c : s.hand) ev_pool.erase(std::find(ev_pool.begin(), ev_pool.end(), c));
    std::erase_if(ev_pool, [](Card c) { return c.is_joker(); });
    const std::vector<Card> one_ply_pool = copies_of(*unseen);
    std::vector<Card> with_top = s.hand;
    with_top.push_back(*s.top);
    INFO("trial " << trial);
    const double ev_take = brute_best_discard(with_top, s.top, ev_pool, wild_rank);
    const double ev_draw = brute_after_deck_draw(s.hand, ev_pool, wild_rank);
    // Taking goes out when a discard other than the top card leaves cards that all meld.
    bool take_goes_out = false;
    for (Card d : s.hand) {
      std::vector<Card> kept = with_top;
      kept.erase(std::find(kept.begin(), kept.end(), d));
      take_goes_out |= reference::brute_force_score(kept, wild_rank, HandMode::Dealt) == 0;
    }
    CHECK(lookahead_take(Lookahead::ExpectedValue, s, *unseen) ==
          (take_goes_out || !(ev_draw < ev_take)));
    const double one_take = brute_best_discard(with_top, s.top, one_ply_pool, wild_rank);
    const double one_draw = brute_after_deck_draw(s.hand, one_ply_pool, wild_rank);
    CHECK(lookahead_take(Lookahead::OnePly, s, *unseen) == (take_goes_out || one_take < one_draw));
  }
}

TEST_CASE("the strategies are named for --a and --b", "[sparring]") {
  for (Strategy s :
       {Strategy::Advisor, Strategy::Greedy, Strategy::ExpectedValue, Strategy::OnePly}) {
    const auto parsed = parse_strategy(strategy_name(s));
    REQUIRE(parsed.ok());
    CHECK(*parsed == s);
  }
  CHECK(strategy_name(Strategy::ExpectedValue) == "ev");
  CHECK(strategy_name(Strategy::OnePly) == "oneply");
  const auto bad = parse_strategy("minimax");
  REQUIRE(!bad.ok());
  CHECK(bad.error().find("'minimax'") != std::string::npos);
}

TEST_CASE("the look-ahead players play whole games, and one against itself is even", "[sparring]") {
  for (Strategy s : {Strategy::ExpectedValue, Strategy::OnePly}) {
    std::vector<DuplicateDeal> deals;
    for (std::uint64_t seed = 1; seed <= 2; ++seed)
      deals.push_back(play_duplicate(seed, 2, s, s, 1, MeldRules{}, 3));
    const auto m = summarize(deals);
    CHECK(m.a_mean == Approx(m.b_mean));
    CHECK(m.difference == Approx(0.0).margin(1e-9));
  }
  // Against greedy over the first rounds of a few deals, the look-ahead plays differently.
  GameSetup setup;
  setup.seed = 9;
  setup.rounds = 4;
  setup.seats = {Strategy::ExpectedValue, Strategy::Greedy};
  const auto a = play_game(setup);
  setup.seats = {Strategy::Greedy, Strategy::Greedy};
  const auto b = play_game(setup);
  CHECK((a.round_scores != b.round_scores || a.turns != b.turns));
}
