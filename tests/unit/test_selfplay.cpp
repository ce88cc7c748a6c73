// The self-play engine: deals by the rules, seeded games that replay exactly, and the duplicate
// format that finds two equal strategies even.

#include <algorithm>
#include <catch2/catch.hpp>

#include "crowns/deck.hpp"
#include "crowns/rules.hpp"
#include "crowns/selfplay.hpp"

using namespace crowns;
using namespace crowns::selfplay;

TEST_CASE("a round deals the whole box: round+2 cards each, one discard, the rest stock",
          "[selfplay]") {
  for (int boxes = 1; boxes <= 2; ++boxes) {
    for (int players : {2, 4, 7}) {
      for (int round = 1; round <= kRounds; ++round) {
        const RoundDeal deal = deal_round(99, round, players, boxes);
        std::vector<Card> all;
        REQUIRE(static_cast<int>(deal.hands.size()) == players);
        for (const auto& hand : deal.hands) {
          CHECK(static_cast<int>(hand.size()) == cards_in_round(round));
          all.insert(all.end(), hand.begin(), hand.end());
        }
        CHECK(deal.discard.size() == 1);
        all.insert(all.end(), deal.discard.begin(), deal.discard.end());
        all.insert(all.end(), deal.stock.begin(), deal.stock.end());
        CHECK(all.size() == static_cast<std::size_t>(116 * boxes));
        auto box = full_deck(boxes);
        std::sort(all.begin(), all.end());
        std::sort(box.begin(), box.end());
        CHECK(all == box);
      }
    }
  }
}

TEST_CASE("each round is scored with its own wild rank", "[selfplay]") {
  GameSetup setup;
  setup.seed = 5;
  setup.seats = {Strategy::Greedy, Strategy::Greedy, Strategy::Greedy};
  const auto game = play_game(setup);
  REQUIRE(game.round_scores.size() == static_cast<std::size_t>(kRounds));
  for (int round = 1; round <= kRounds; ++round) {
    const auto& scores = game.round_scores[static_cast<std::size_t>(round - 1)];
    // Exactly the player who went out scores 0 unless another also melded on the last turn,
    // and nobody can hold more than the round's hand size allows with its wilds.
    CHECK(std::count(scores.begin(), scores.end(), 0) >= 1);
    for (int s : scores) {
      CHECK(s <= max_round_points(cards_in_round(round)));
    }
  }
}

TEST_CASE("a seeded game replays exactly", "[selfplay]") {
  GameSetup setup;
  setup.seed = 42;
  setup.seats = {Strategy::Advisor, Strategy::Greedy};
  const auto a = play_game(setup);
  const auto b = play_game(setup);
  CHECK(a.totals == b.totals);
  CHECK(a.round_scores == b.round_scores);
  CHECK(a.turns == b.turns);
  setup.seed = 43;
  const auto c = play_game(setup);
  CHECK((c.round_scores != a.round_scores || c.turns != a.turns));
}

TEST_CASE("greedy against greedy is even within its interval", "[selfplay]") {
  for (int players : {2, 3}) {
    std::vector<DuplicateDeal> deals;
    for (std::uint64_t seed = 1; seed <= 6; ++seed)
      deals.push_back(
          play_duplicate(seed, players, Strategy::Greedy, Strategy::Greedy, 1, MeldRules{}));
    const auto m = summarize(deals);
    CHECK(m.deals == 6);
    CHECK(std::abs(m.difference) <= m.margin + 1e-9);
    CHECK(m.a_mean == Approx(m.b_mean));
    CHECK(m.a_win_share == Approx(1.0 / players));
  }
}

TEST_CASE("the summary's interval comes from the spread of the per-deal differences",
          "[selfplay]") {
  std::vector<DuplicateDeal> deals(4);
  const int a[] = {10, 20, 30, 40};
  for (int i = 0; i < 4; ++i) {
    deals[static_cast<std::size_t>(i)] = DuplicateDeal{{a[i]}, {50.0}, {1.0}};
  }
  const auto m = summarize(deals);
  CHECK(m.difference == Approx(25.0));  // 40, 30, 20, 10
  // sd of {40,30,20,10} = 12.9099; 1.96 * 12.9099 / 2 = 12.6517.
  CHECK(m.margin == Approx(12.6517).epsilon(1e-4));
  CHECK(m.a_mean == Approx(25.0));
  CHECK(m.b_mean == Approx(50.0));
}

TEST_CASE("a game can stop after its first rounds, dealt as in the whole game", "[selfplay]") {
  GameSetup setup;
  setup.seed = 8;
  setup.seats = {Strategy::Greedy, Strategy::Greedy};
  const auto whole = play_game(setup);
  setup.rounds = 3;
  const auto first = play_game(setup);
  REQUIRE(first.round_scores.size() == 3);
  for (std::size_t r = 0; r < 3; ++r) CHECK(first.round_scores[r] == whole.round_scores[r]);
  CHECK(first.totals[0] ==
        first.round_scores[0][0] + first.round_scores[1][0] + first.round_scores[2][0]);
}

TEST_CASE("the observer is told every turn as it was played", "[selfplay]") {
  GameSetup setup;
  setup.seed = 7;
  setup.seats = {Strategy::Greedy, Strategy::ExpectedValue, Strategy::Greedy};
  setup.rounds = 4;
  std::vector<TurnRecord> turns;
  std::vector<std::vector<Card>> next_hands;
  int checked = 0;
  setup.observer = [&](const TurnRecord& t) {
    turns.push_back(t);
    next_hands.push_back(*t.next_hand);
    // The situation of the discard decision: the hand after the draw holds the card drawn and
    // the card thrown; a card taken is the card offered, kept (must_keep).
    const Situation& s = *t.situation;
    CHECK(s.hand.size() == static_cast<std::size_t>(cards_in_round(t.round) + 1));
    CHECK(std::count(s.hand.begin(), s.hand.end(), t.drawn) >= 1);
    CHECK(std::count(s.hand.begin(), s.hand.end(), t.discard) >= 1);
    CHECK(&s.actions == t.actions);
    if (t.took) {
      CHECK(t.offered == t.drawn);
      CHECK(s.must_keep == t.drawn);
    }
    ++checked;
  };
  const auto game = play_game(setup);
  REQUIRE(static_cast<int>(turns.size()) == game.turns);
  CHECK(checked == game.turns);
  for (int round = 1; round <= setup.rounds; ++round) {
    std::vector<const TurnRecord*> in_round;
    for (const auto& t : turns) {
      if (t.round == round) in_round.push_back(&t);
    }
    REQUIRE(static_cast<int>(in_round.size()) == game.round_turns[round - 1]);
    // One player goes out first, and every other player then has exactly one last turn, whose
    // points are the round's score.
    const auto out = std::find_if(in_round.begin(), in_round.end(),
                                  [](const TurnRecord* t) { return t->went_out; });
    REQUIRE(out != in_round.end());
    CHECK((*out)->score == 0);
    CHECK(game.round_scores[round - 1][(*out)->seat] == 0);
    CHECK(std::none_of(in_round.begin(), out, [](const TurnRecord* t) { return t->last; }));
    CHECK(in_round.end() - out == 3);  // the one going out and two last turns
    for (auto it = out + 1; it != in_round.end(); ++it) {
      CHECK((*it)->last);
      CHECK_FALSE((*it)->went_out);
      CHECK(game.round_scores[round - 1][(*it)->seat] == (*it)->score);
    }
    for (const auto* t : in_round) {
      CHECK(t->strategy == setup.seats[t->seat]);
      const auto i = static_cast<std::size_t>(t - turns.data());
      CHECK(static_cast<int>(next_hands[i].size()) == cards_in_round(round));
    }
  }
}

TEST_CASE("each seat is told the round's moves so far, seats counted from it", "[selfplay]") {
  GameSetup setup;
  setup.seed = 5;
  setup.seats = {Strategy::Greedy, Strategy::ExpectedValue, Strategy::Greedy};
  setup.rounds = 3;
  struct Seen {
    TurnRecord turn;
    std::vector<TableMove> actions;
  };
  std::vector<Seen> turns;
  setup.observer = [&](const TurnRecord& t) { turns.push_back({t, *t.actions}); };
  play_game(setup);
  int round_start = 0;
  for (std::size_t i = 0; i < turns.size(); ++i) {
    if (i > 0 && turns[i].turn.round != turns[i - 1].turn.round) round_start = static_cast<int>(i);
    const auto& actions = turns[i].actions;
    // Every earlier turn of the round is a move (the pile always has a top here).
    REQUIRE(static_cast<int>(actions.size()) == static_cast<int>(i) - round_start);
    for (std::size_t k = 0; k < actions.size(); ++k) {
      const auto& then = turns[static_cast<std::size_t>(round_start) + k].turn;
      CHECK(actions[k].seat == (then.seat - turns[i].turn.seat + 3) % 3);
      CHECK(actions[k].took == then.took);
      CHECK(actions[k].discarded == then.discard);
      if (k > 0) CHECK(actions[k].offered == actions[k - 1].discarded);
    }
    if (!actions.empty()) CHECK(actions.back().seat == 2);  // the player before this one
  }
}
