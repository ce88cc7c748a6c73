// Solitaire: the deal, closing, legal plays, the end of a game, cards_to_close against a
// brute-force reference, the greedy baseline, the exact plan, and reproducible simulations.

#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "crowns/deck.hpp"
#include "crowns/rules.hpp"
#include "crowns/solitaire.hpp"
#include "crowns/solitaire_advisor.hpp"
#include "crowns/solitaire_plan.hpp"
#include "crowns/solver.hpp"

using namespace crowns;
using namespace crowns::solitaire;

namespace {

std::vector<Card> cards(std::string_view text) {
  auto parsed = parse_cards(text);
  REQUIRE(parsed);
  return *parsed;
}

std::vector<Card> sorted(std::vector<Card> cs) {
  std::sort(cs.begin(), cs.end());
  return cs;
}

// A deal whose piles are all taken from one fresh box, with the given cards as pile 1.
Piles piles_with_first(std::string_view first) {
  std::vector<Card> box = full_deck(1);
  std::vector<Card> pile1 = cards(first);
  for (const Card c : pile1) box.erase(std::find(box.begin(), box.end(), c));
  shuffle_cards(box, 7);
  Piles piles;
  piles[0] = pile1;
  auto next = box.begin();
  for (int p = 2; p <= kPiles; ++p) {
    piles[p - 1].assign(next, next + pile_size(p));
    next += pile_size(p);
  }
  return piles;
}

// The fewest cards of the pile that, replaced by jokers, make it all meld: every subset tried.
int brute_force_to_close(const std::vector<Card>& pile, int wild_rank) {
  const int n = static_cast<int>(pile.size());
  int best = n;
  for (unsigned mask = 0; mask < (1U << static_cast<unsigned>(n)); ++mask) {
    const int replaced = std::popcount(mask);
    if (replaced >= best) continue;
    std::vector<Card> hand = pile;
    for (int i = 0; i < n; ++i)
      if ((mask >> static_cast<unsigned>(i)) & 1U)
        hand[static_cast<std::size_t>(i)] = Card::joker();
    if (all_meld(hand, wild_rank, MeldRules{})) best = replaced;
  }
  return best;
}

// Whether some `size` of the cards all meld: every choice of the cards left out tried.
bool some_hand_melds(const std::vector<Card>& cs, int size, int wild_rank) {
  const int n = static_cast<int>(cs.size());
  for (unsigned mask = 0; mask < (1U << static_cast<unsigned>(n)); ++mask) {
    if (std::popcount(mask) != size) continue;
    std::vector<Card> hand;
    for (int i = 0; i < n; ++i)
      if ((mask >> static_cast<unsigned>(i)) & 1U) hand.push_back(cs[static_cast<std::size_t>(i)]);
    if (all_meld(hand, wild_rank, MeldRules{})) return true;
  }
  return false;
}

// Piles 1 and 2 open with two plays left, the others closed.
State last_two_piles(std::string_view pile1, std::string_view pile2) {
  const Deal deal = deal_from_seed(3);
  Piles piles = deal.piles;
  piles[0] = cards(pile1);
  piles[1] = cards(pile2);
  State state(piles, MeldRules{});
  for (int p = 3; p <= kPiles; ++p) state.closed[p - 1] = true;
  state.plays = kStockSize - 2;
  return state;
}

}  // namespace

TEST_CASE("a deal is one box: piles of 3..13 cards and a stock of 28", "[solitaire]") {
  for (std::uint64_t seed : {0ULL, 1ULL, 42ULL, 123456789ULL}) {
    const Deal deal = deal_from_seed(seed);
    std::vector<Card> all = deal.stock;
    CHECK(deal.stock.size() == 28);
    for (int p = 1; p <= kPiles; ++p) {
      CHECK(static_cast<int>(deal.piles[p - 1].size()) == p + 2);
      all.insert(all.end(), deal.piles[p - 1].begin(), deal.piles[p - 1].end());
    }
    CHECK(all.size() == 116);
    CHECK(sorted(all) == sorted(full_deck(1)));
    CHECK(check_piles(deal.piles));
  }
}

TEST_CASE("the same seed deals the same cards; another seed deals others", "[solitaire]") {
  const Deal a = deal_from_seed(99);
  const Deal b = deal_from_seed(99);
  const Deal c = deal_from_seed(100);
  CHECK(a.piles == b.piles);
  CHECK(a.stock == b.stock);
  CHECK((a.piles != c.piles || a.stock != c.stock));
}

TEST_CASE("a pile closes exactly when all its cards meld with its own wild rank", "[solitaire]") {
  CHECK(all_meld(cards("3h 3s jk"), pile_wild(1), MeldRules{}));     // all wild
  CHECK(all_meld(cards("jk jk jk"), pile_wild(1), MeldRules{}));     // jokers alone
  CHECK(all_meld(cards("4h 4s 4c 4d"), pile_wild(2), MeldRules{}));  // 4s wild in pile 2
  CHECK(all_meld(cards("7h 8h 5c 10h Jh"), pile_wild(3),
                 MeldRules{}));  // the 5 fills the 9 of the run
  CHECK_FALSE(all_meld(cards("7h 8h 5c 10h Qh"), pile_wild(3), MeldRules{}));
  CHECK(all_meld(cards("9s 9d 9h 6c Ks Kd"), pile_wild(4), MeldRules{}));  // two books, a 6 as a K
  CHECK_FALSE(all_meld(cards("9s 9d 9h Ks Kd"), pile_wild(3), MeldRules{}));
  CHECK_FALSE(all_meld(cards("7h 8h Kd"), pile_wild(1), MeldRules{}));
  CHECK(all_meld(cards("Jh Qh 3s"), pile_wild(1), MeldRules{}));  // 3 wild: J Q + 3 as K
  CHECK_FALSE(all_meld(cards("Jh Qh 4s"), pile_wild(1), MeldRules{}));
  // K is wild in pile 11: 13 cards of two runs and a book.
  CHECK(all_meld(cards("3s 4s 5s 6s 7h 8h Kc 10h 9c 9d 9h Ks jk"), pile_wild(11), MeldRules{}));
}

TEST_CASE("cards_to_close agrees with replacing cards by jokers, tried every way", "[solitaire]") {
  std::mt19937_64 rng(2026);
  for (int trial = 0; trial < 400; ++trial) {
    const int pile = 1 + static_cast<int>(rng() % 7);  // up to 9 cards: 512 subsets each
    std::vector<Card> box = full_deck(1);
    std::shuffle(box.begin(), box.end(), rng);
    if (trial % 3 == 0) {  // runs and books are rare in random piles: favour one suit
      std::stable_partition(box.begin(), box.end(),
                            [](Card c) { return c.suit == Suit::Hearts && !c.is_joker(); });
      std::shuffle(box.begin(), box.begin() + 10, rng);
    }
    const std::vector<Card> cs(box.begin(), box.begin() + pile_size(pile));
    INFO("pile " << pile << ": " << trial);
    const int expected = brute_force_to_close(cs, pile_wild(pile));
    CHECK(cards_to_close(cs, pile_size(pile), pile_wild(pile), MeldRules{}) == expected);
    CHECK((expected == 0) == all_meld(cs, pile_wild(pile), MeldRules{}));
    // With one card more, the answer is the best over every discard.
    std::vector<Card> with = cs;
    with.push_back(box[static_cast<std::size_t>(pile_size(pile))]);
    int best_discard = pile_size(pile);
    for (std::size_t i = 0; i < with.size(); ++i) {
      std::vector<Card> kept = with;
      kept.erase(kept.begin() + static_cast<std::ptrdiff_t>(i));
      best_discard = std::min(best_discard, brute_force_to_close(kept, pile_wild(pile)));
    }
    CHECK(cards_to_close(with, pile_size(pile), pile_wild(pile), MeldRules{}) == best_discard);
  }
}

TEST_CASE("a play closes a pile, a closed pile takes no card, bad plays are refused",
          "[solitaire]") {
  State state(piles_with_first("7h 8h Kd"), MeldRules{});
  const Card nine = Card::natural(9, Suit::Hearts);
  CHECK_FALSE(check_move(state, nine, Move{0, nine}));
  CHECK(check_move(state, nine, Move{0, nine}).error() == "pile 0 does not exist (piles are 1-11)");
  CHECK_FALSE(check_move(state, nine, Move{12, nine}));
  const auto missing = check_move(state, nine, Move{1, Card::natural(5, Suit::Clubs)});
  REQUIRE_FALSE(missing);
  CHECK(missing.error() == "'5c' is not in pile 1 and is not the turned card 9h");
  REQUIRE(check_move(state, nine, Move{1, Card::natural(13, Suit::Diamonds)}));
  CHECK(apply_move(state, nine, Move{1, Card::natural(13, Suit::Diamonds)}));
  CHECK(state.closed[0]);
  CHECK(state.plays == 1);
  CHECK(state.dead == cards("Kd"));
  CHECK(state.piles[0] == cards("7h 8h 9h"));
  const auto closed = check_move(state, nine, Move{1, nine});
  REQUIRE_FALSE(closed);
  CHECK(closed.error() == "pile 1 is closed; play into an open pile");
}

TEST_CASE("a pile dealt already melded closes only when played into", "[solitaire]") {
  State state(piles_with_first("7h 8h 9h"), MeldRules{});
  CHECK_FALSE(state.closed[0]);
  const Card king = Card::natural(13, Suit::Spades);
  CHECK(apply_move(state, king, Move{1, king}));  // the turned card goes straight back out
  CHECK(state.closed[0]);
  CHECK(state.piles[0] == cards("7h 8h 9h"));
}

TEST_CASE("the game is won when the last pile closes and lost when plays run short",
          "[solitaire]") {
  State state(deal_from_seed(3).piles, MeldRules{});
  CHECK(state.outcome() == Outcome::Playing);
  for (int p = 1; p < kPiles; ++p) state.closed[p - 1] = true;
  state.plays = kStockSize - 1;  // one play left, one pile open: still on
  CHECK(state.outcome() == Outcome::Playing);
  state.closed[kPiles - 1] = true;
  CHECK(state.outcome() == Outcome::Won);
  state.closed[kPiles - 1] = false;
  state.closed[0] = false;  // two open piles, one play left: lost already
  CHECK(state.outcome() == Outcome::Lost);
  CHECK_FALSE(check_move(state, Card::joker(), Move{1, Card::joker()}));
}

TEST_CASE("the unseen cards are exactly the rest of the stock", "[solitaire]") {
  const Deal deal = deal_from_seed(11);
  State state(deal.piles, MeldRules{});
  for (int i = 0; i < 5; ++i) {
    const auto advice = advise(state, deal.stock[i], unseen_cards(state, deal.stock[i]));
    REQUIRE(check_move(state, deal.stock[i], advice.move));
    apply_move(state, deal.stock[i], advice.move);
  }
  const std::vector<Card> rest(deal.stock.begin() + 6, deal.stock.end());
  CHECK(unseen_cards(state, deal.stock[5]) == sorted(rest));
}

TEST_CASE("greedy closes the largest pile it can, else lowers a score most", "[solitaire]") {
  int closing_cases = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Deal deal = deal_from_seed(seed);
    const State state(deal.piles, MeldRules{});
    const Card turned = deal.stock[0];
    // The reference: every pile and every discard tried with the plain solver.
    int closing = 0;
    int best_pile = 0;
    int best_gain = -1000;
    int best_left = 0;
    for (int p = 1; p <= kPiles; ++p) {
      const int before = min_score(state.piles[p - 1], pile_wild(p), HandMode::Dealt);
      std::vector<Card> with = state.piles[p - 1];
      with.push_back(turned);
      int lowest = 100000;
      for (std::size_t i = 0; i < with.size(); ++i) {
        std::vector<Card> kept = with;
        kept.erase(kept.begin() + static_cast<std::ptrdiff_t>(i));
        lowest = std::min(lowest, min_score(kept, pile_wild(p), HandMode::Dealt));
      }
      if (lowest == 0) closing = p;
      if (before - lowest > best_gain) {
        best_gain = before - lowest;
        best_pile = p;
        best_left = lowest;
      }
    }
    const Move move = greedy_move(state, turned);
    INFO("seed " << seed);
    std::vector<Card> after = state.piles[move.pile - 1];
    after.push_back(turned);
    after.erase(std::find(after.begin(), after.end(), move.discard));
    if (closing > 0) {
      ++closing_cases;
      CHECK(move.pile == closing);
      CHECK(all_meld(after, pile_wild(closing), MeldRules{}));
    } else {
      CHECK(move.pile == best_pile);
      CHECK(min_score(after, pile_wild(best_pile), HandMode::Dealt) == best_left);
    }
  }
  CHECK(closing_cases > 0);
  CHECK(closing_cases < 40);
}

TEST_CASE("every advised and greedy play is legal, to the end of the game", "[solitaire]") {
  for (const Policy policy : {Policy::Advisor, Policy::Greedy}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const Deal deal = deal_from_seed(seed);
      State state(deal.piles, MeldRules{});
      for (std::size_t i = 0; i < deal.stock.size() && state.outcome() == Outcome::Playing; ++i) {
        const Move move =
            choose_move(policy, state, deal.stock[i], unseen_cards(state, deal.stock[i]));
        REQUIRE(check_move(state, deal.stock[i], move));
        apply_move(state, deal.stock[i], move);
      }
      CHECK(state.outcome() != Outcome::Playing);
      const GameResult result = play_out(State(deal.piles, MeldRules{}), deal.stock, policy);
      CHECK(result.won == (state.outcome() == Outcome::Won));
      CHECK(result.closed == kPiles - state.open_piles());
    }
  }
}

TEST_CASE("a simulation gives the same figures for a seed, whatever the jobs", "[solitaire]") {
  const auto one = simulate(6, 5, Policy::Greedy, MeldRules{}, 1);
  const auto two = simulate(6, 5, Policy::Greedy, MeldRules{}, 2);
  CHECK(one.games == 6);
  CHECK(one.wins == two.wins);
  CHECK(one.closed_histogram == two.closed_histogram);
  int total = 0;
  for (const int n : one.closed_histogram) total += n;
  CHECK(total == 6);
  const auto other = simulate(6, 6, Policy::Greedy, MeldRules{}, 2);
  CHECK((other.closed_histogram != one.closed_histogram || other.wins != one.wins));
}

TEST_CASE("a run told to stop keeps the first games, as a shorter run plays them", "[solitaire]") {
  // keep_going says no once 7 games are done; the games under way finish and count. However
  // many started, they are the first ones: the same figures as a run of that many.
  std::vector<int> told;
  const auto stopped = simulate(40, 5, Policy::Greedy, MeldRules{}, 2, [&told](int finished) {
    told.push_back(finished);
    return finished < 7;
  });
  CHECK(stopped.games >= 7);
  CHECK(stopped.games <= 8);  // one game a thread at most past the 7th
  const auto shorter = simulate(stopped.games, 5, Policy::Greedy, MeldRules{}, 1);
  CHECK(stopped.wins == shorter.wins);
  CHECK(stopped.closed_histogram == shorter.closed_histogram);
  // Told of every finished game, in order.
  REQUIRE(told.size() == static_cast<std::size_t>(stopped.games));
  for (std::size_t i = 0; i < told.size(); ++i) CHECK(told[i] == static_cast<int>(i) + 1);
  // A run never told to stop plays every game.
  CHECK(simulate(9, 5, Policy::Greedy, MeldRules{}, 2, [](int) { return true; }).games == 9);
}

TEST_CASE("a chance to win cut short says so, with the interval of the samples played",
          "[solitaire][slow]") {
  const Deal deal = deal_from_seed(133);  // sampled: the plan search gives up
  const State state(deal.piles, MeldRules{});
  Sampling sampling{.samples = 30, .seed = 1, .jobs = 1};
  sampling.keep_going = [](int finished) { return finished < 2; };
  const auto cut = estimate_win(state, deal.stock[0], sampling);
  CHECK(cut.cut_short);
  CHECK(cut.samples == 2);
  const auto full = estimate_win(state, deal.stock[0], {.samples = 2, .seed = 1, .jobs = 1});
  CHECK_FALSE(full.cut_short);
  CHECK(full.samples == 2);
  CHECK(full.wins == cut.wins);
  CHECK(cut.p_win == static_cast<double>(cut.wins) / cut.samples);
  CHECK(cut.interval.low == wilson_interval(cut.wins, cut.samples).low);
  CHECK(cut.interval.high == wilson_interval(cut.wins, cut.samples).high);
  CHECK(cut.margin95 == Approx(cut.interval.half_width()));
}

TEST_CASE("one box refuses the first card it has no copy left of, naming it and where",
          "[solitaire]") {
  // Against counting: every card of a full box fits, and one more of any kind does not.
  const std::vector<Card> box_cards = full_deck(1);
  for (const Card extra : sorted(box_cards)) {
    OneBox box;
    REQUIRE(box.add(box_cards));
    const auto more = box.add(std::vector<Card>{extra}, " in \"dead\"");
    REQUIRE_FALSE(more);
    CHECK(more.error() ==
          (extra.is_joker() ? std::string("a seventh joker") : "a third " + to_string(extra)) +
              " in \"dead\"; solitaire uses one box: 2 of each card and 6 jokers");
    CHECK(box.count(extra) ==
          static_cast<int>(std::count(box_cards.begin(), box_cards.end(), extra)));
  }
  OneBox box;
  CHECK(box.add(cards("7h 7h")));
  const auto third = box.add(cards("8h 7h 9h"), " in pile 4");
  REQUIRE_FALSE(third);
  CHECK(third.error() ==
        "a third 7h in pile 4; solitaire uses one box: 2 of each card and 6 jokers");
  CHECK(box.count(Card::natural(8, Suit::Hearts)) == 1);  // the cards before it stay counted

  // A layout by hand counts the same way: the box's 6 jokers are all in piles 1-10 or the
  // stock, so a pile 11 of jokers holds the seventh.
  Piles piles = deal_from_seed(1).piles;
  piles[10].assign(13, Card::joker());
  const auto layout = check_piles(piles);
  REQUIRE_FALSE(layout);
  CHECK(layout.error() ==
        "a seventh joker in pile 11; solitaire uses one box: 2 of each card and 6 jokers");
}

TEST_CASE("the chance to win is reproducible and within [0, 1]", "[solitaire][slow]") {
  // Seed 133's plan search gives up at the first play, so the chance is sampled (decided
  // positions are exact: see below).
  const Deal deal = deal_from_seed(133);
  const State state(deal.piles, MeldRules{});
  const auto a = estimate_win(state, deal.stock[0], {.samples = 4, .seed = 9, .jobs = 1});
  const auto b = estimate_win(state, deal.stock[0], {.samples = 4, .seed = 9, .jobs = 2});
  CHECK(a.p_win == b.p_win);
  CHECK(a.samples == 4);
  CHECK(a.p_win >= 0);
  CHECK(a.p_win <= 1);
  CHECK(!a.exact);
  CHECK(a.margin95 > 0);
}

TEST_CASE("cards_to_close with several cards more is 0 exactly when some hand of them melds",
          "[solitaire]") {
  // The exact plan asks whether a pile with every card it takes holds a hand that melds.
  std::mt19937_64 rng(77);
  for (int trial = 0; trial < 300; ++trial) {
    const int pile = 1 + static_cast<int>(rng() % 5);
    const int extra = 2 + static_cast<int>(rng() % 2);
    std::vector<Card> box = full_deck(1);
    std::shuffle(box.begin(), box.end(), rng);
    std::stable_partition(box.begin(), box.end(),
                          [](Card c) { return c.suit == Suit::Spades && !c.is_joker(); });
    std::shuffle(box.begin(), box.begin() + 14, rng);
    const std::vector<Card> cs(box.begin(), box.begin() + pile_size(pile) + extra);
    INFO("pile " << pile << ": " << trial);
    CHECK((cards_to_close(cs, pile_size(pile), pile_wild(pile), MeldRules{}) == 0) ==
          some_hand_melds(cs, pile_size(pile), pile_wild(pile)));
  }
}

TEST_CASE("the plan gives a card wanted by two piles to the one with no other way", "[solitaire]") {
  // Pile 1 (3s wild) closes with 4h, 7h, a 3 or a joker; pile 2 (4s wild) only with another 8,
  // a 4 or a joker. The joker turned must go to pile 2: the 7h left can only serve pile 1.
  const State state = last_two_piles("5h 6h Kd", "8s 8c 8d Qh");
  const std::vector<Card> stock = cards("jk 7h");
  const Plan plan = find_plan(state, stock, PlanLimits{});
  REQUIRE(plan.status == PlanStatus::Found);
  CHECK(plan.takes[0] == cards("7h"));
  CHECK(plan.takes[1] == cards("jk"));
  const Move move = plan_move(state, Card::joker(), plan);
  CHECK(move == Move{2, cards("Qh")[0]});
  const Advice advice = advise(state, Card::joker(), cards("7h"));
  CHECK(advice.move == move);
  CHECK(advice.closes);
  CHECK(play_out(state, stock, Policy::Advisor).won);
  // Without the 7h nothing closes pile 1: no plan, however the stock is shared out.
  CHECK(find_plan(state, cards("jk 9s"), PlanLimits{}).status == PlanStatus::Impossible);
}

TEST_CASE("a deal with a plan is won whatever the order of its stock", "[solitaire][slow]") {
  int planned = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Deal deal = deal_from_seed(seed);
    const State state(deal.piles, MeldRules{});
    if (find_plan(state, deal.stock, PlanLimits{}).status != PlanStatus::Found) continue;
    ++planned;
    for (std::uint64_t order = 0; order < 2; ++order) {
      std::vector<Card> stock = deal.stock;
      shuffle_cards(stock, order);
      INFO("seed " << seed << ", order " << order);
      CHECK(play_out(state, stock, Policy::Advisor).won);
    }
  }
  CHECK(planned > 0);
}

TEST_CASE("the chance to win of a position the plan decides is exact", "[solitaire]") {
  bool seen_won = false;
  bool seen_lost = false;
  for (std::uint64_t seed = 1; seed <= 40 && !(seen_won && seen_lost); ++seed) {
    const Deal deal = deal_from_seed(seed);
    const State state(deal.piles, MeldRules{});
    const PlanStatus status = advisor_plan(state, deal.stock).status;
    if (status == PlanStatus::GaveUp) continue;
    INFO("seed " << seed);
    const auto odds = estimate_win(state, deal.stock[0], {.samples = 30, .seed = 1, .jobs = 1});
    CHECK(odds.exact);
    CHECK(odds.samples == 0);
    CHECK(odds.margin95 == 0);
    CHECK(odds.p_win == (status == PlanStatus::Found ? 1 : 0));
    (status == PlanStatus::Found ? seen_won : seen_lost) = true;
  }
  CHECK(seen_won);
  CHECK(seen_lost);
}

namespace {

// advisor_wins() (the chance to win's rollouts) stops at the first play the advisor's search
// decides; play_out() plays every card. Both must agree on who wins deals first..first+count-1;
// returns how many the advisor won. Thirty deals in three test cases, so that CTest runs them
// side by side (at -O0 the thirty took 109 s, the longest test of the Debug step).
int rollouts_agree(std::uint64_t first, int count) {
  int won = 0;
  for (std::uint64_t seed = first; seed < first + static_cast<std::uint64_t>(count); ++seed) {
    INFO("seed " << seed);
    const Deal deal = deal_from_seed(seed);
    const bool whole = play_out(State(deal.piles, MeldRules{}), deal.stock, Policy::Advisor).won;
    CHECK(advisor_wins(State(deal.piles, MeldRules{}), deal.stock) == whole);
    won += whole ? 1 : 0;
  }
  return won;
}

}  // namespace

TEST_CASE("a rollout that stops when the search decides ends as the whole game does (500-509)",
          "[solitaire][slow]") {
  CHECK(rollouts_agree(500, 10) > 0);
}

TEST_CASE("a rollout that stops when the search decides ends as the whole game does (510-519)",
          "[solitaire][slow]") {
  const int won = rollouts_agree(510, 10);
  CHECK(won > 0);  // both outcomes are met on these deals (seed 519 is lost)
  CHECK(won < 10);
}

TEST_CASE("a rollout that stops when the search decides ends as the whole game does (520-529)",
          "[solitaire][slow]") {
  CHECK(rollouts_agree(520, 10) > 0);
}

// Issue 17 item 4: with one pile open and the turned card closing it, the advisor discarded
// the turned card (the plan gave the pile another card of the stock) instead of winning.
TEST_CASE("the advisor takes the play that wins at once", "[solitaire][closing]") {
  for (const char* rest : {"jk 9s", "4h 9s", "3c 9s", "7d 9s"}) {
    INFO("unseen " << rest);
    State state = last_two_piles("5h 6h Kd", "8s 8c 8d Qh");
    state.closed[1] = true;
    state.plays = kStockSize - 3;
    const Card turned = cards("7h")[0];
    const Advice advice = advise(state, turned, cards(rest));
    CHECK(advice.move == Move{1, cards("Kd")[0]});
    CHECK(advice.closes);
    apply_move(state, turned, advice.move);
    CHECK(state.outcome() == Outcome::Won);
  }
}

TEST_CASE("a closing play keeps the wilds and gives up a natural card", "[solitaire][closing]") {
  // Pile 1 (3s wild) melds with the 9h turned whichever card goes: the joker stays.
  const State state = last_two_piles("7h 8h jk", "8s 8c 8d Qh");
  const auto moves = closing_moves(state, cards("9h")[0]);
  REQUIRE(moves.size() == 1);
  CHECK(moves[0] == Move{1, cards("9h")[0]});
  // Pile 2 (4s wild) takes 10h by the plan: the 4c or the 7h can go; the wild 4c stays.
  const State run = last_two_piles("5h 6h Kd", "4c 7h 8h 9h");
  Plan plan;
  plan.status = PlanStatus::Found;
  plan.takes[0] = cards("7d");
  plan.takes[1] = cards("10h");
  CHECK(plan_move(run, cards("10h")[0], plan) == Move{2, cards("7h")[0]});
}

// Issue 17 item 5: a lost position got an error; it gets the play that closes the most piles.
TEST_CASE("in a lost game the advisor closes what it can", "[solitaire][closing]") {
  // Two open piles, one play left: lost, but the 7h still closes pile 1.
  State one_play = last_two_piles("5h 6h Kd", "8s 8c 8d Qh");
  one_play.plays = kStockSize - 1;
  REQUIRE(one_play.outcome() == Outcome::Lost);
  const Advice last = advise(one_play, cards("7h")[0], {});
  CHECK(last.lost);
  CHECK(last.closes);
  CHECK(last.move == Move{1, cards("Kd")[0]});
  // Two plays, but the 9s left closes nothing: no plan; the 7h closes pile 1 now.
  const State no_plan = last_two_piles("5h 6h Kd", "8s 8c 8d Qh");
  const Advice advice = advise(no_plan, cards("7h")[0], cards("9s"));
  CHECK(advice.lost);
  CHECK(advice.closes);
  CHECK(advice.move.pile == 1);
  // Nothing closes with the Qc: still a legal play, marked lost.
  const Advice nothing = advise(no_plan, cards("Qc")[0], cards("9s"));
  CHECK(nothing.lost);
  CHECK(check_move(no_plan, cards("Qc")[0], nothing.move));
}

namespace {

// Over the advisor's games of `seeds`: plays where some play closed a pile, and those where
// the advisor's play closed none (each must name the pile the plan keeps the card for).
struct ClosingCount {
  int available = 0;
  int declined = 0;
  int declined_unexplained = 0;
  int wins = 0;
};

ClosingCount count_closing(std::uint64_t first, std::uint64_t last) {
  ClosingCount count;
  for (std::uint64_t seed = first; seed <= last; ++seed) {
    const Deal deal = deal_from_seed(seed);
    State state(deal.piles, MeldRules{});
    for (std::size_t i = 0; i < deal.stock.size() && state.outcome() == Outcome::Playing; ++i) {
      const Card turned = deal.stock[i];
      const Advice advice = advise(state, turned, unseen_cards(state, turned));
      if (!closing_moves(state, turned).empty()) {
        ++count.available;
        if (!advice.closes) ++count.declined;
        if (!advice.closes && advice.kept_for == 0) ++count.declined_unexplained;
      }
      apply_move(state, turned, advice.move);
    }
    count.wins += state.outcome() == Outcome::Won ? 1 : 0;
  }
  return count;
}

}  // namespace

TEST_CASE("a closing play declined is one the plan needs elsewhere", "[solitaire][closing]") {
  const ClosingCount count = count_closing(1, 4);
  INFO(count.available << " plays could close a pile, " << count.declined << " did not");
  CHECK(count.available > 0);
  CHECK(count.declined_unexplained == 0);
}

// The measure of issue 17 item 4 (25 deals: 241 closing plays declined before):
//   build/ci/tests/crowns_tests "[.closing-measure]" -s
TEST_CASE("closing plays over 25 deals", "[.closing-measure]") {
  const ClosingCount count = count_closing(1, 25);
  WARN(count.available << " plays could close a pile; " << count.declined << " declined ("
                       << count.declined_unexplained << " without a pile named); " << count.wins
                       << " of 25 won");
  CHECK(count.declined_unexplained == 0);
}
