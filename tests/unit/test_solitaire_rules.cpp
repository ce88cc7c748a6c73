// Solitaire under the house rules' meld switches (issue 47): a pile closes under the game's
// rules, and cards_to_close (the advisor's and the plan's measure) agrees with a brute force
// that takes the same switches.

#include <algorithm>
#include <array>
#include <bit>
#include <catch2/catch.hpp>
#include <random>

#include "card_text.hpp"
#include "crowns/deck.hpp"
#include "crowns/solitaire.hpp"
#include "crowns/solitaire_advisor.hpp"
#include "crowns/unseen.hpp"
#include "store/db.hpp"
#include "store/solitaire.hpp"
#include "temp_db.hpp"

using namespace crowns;
using namespace crowns::solitaire;
using crowns::test::cards;

namespace {

constexpr std::array<MeldRules, 4> kPileRules = {
    MeldRules{WildMelds::Count, BookSuits::Any}, MeldRules{WildMelds::DoNotCount, BookSuits::Any},
    MeldRules{WildMelds::Count, BookSuits::Distinct},
    MeldRules{WildMelds::DoNotCount, BookSuits::Distinct}};

// The fewest cards of the pile that, replaced by cards taken, make it all meld under `rules`:
// every subset tried, the replaced cards jokers (a joker stands for any card in a meld with a
// natural one), or one of them any natural card (a pile of wilds alone needs one).
int brute_force_to_close(const std::vector<Card>& pile, int wild_rank, MeldRules rules) {
  const int n = static_cast<int>(pile.size());
  int best = n + 1;
  for (unsigned mask = 0; mask < (1U << static_cast<unsigned>(n)); ++mask) {
    const int replaced = std::popcount(mask);
    if (replaced >= best) continue;
    std::vector<Card> hand = pile;
    std::vector<std::size_t> slots;
    for (int i = 0; i < n; ++i) {
      if ((mask >> static_cast<unsigned>(i)) & 1U) {
        hand[static_cast<std::size_t>(i)] = Card::joker();
        slots.push_back(static_cast<std::size_t>(i));
      }
    }
    bool closes = all_meld(hand, wild_rank, rules);
    for (std::size_t s = 0; !closes && s < slots.size(); ++s) {
      for (int k = 0; !closes && k < kJokerKind; ++k) {
        std::vector<Card> natural = hand;
        natural[slots[s]] = card_of_kind(k);
        closes = all_meld(natural, wild_rank, rules);
      }
    }
    if (closes) best = replaced;
  }
  return best;
}

}  // namespace

TEST_CASE("cards_to_close under every meld switch agrees with the brute force",
          "[solitaire][house-rules]") {
  std::mt19937_64 rng(4747);
  for (int trial = 0; trial < 160; ++trial) {
    const int pile = 1 + static_cast<int>(rng() % 3);  // up to 5 cards
    std::vector<Card> box = full_deck(1);
    std::shuffle(box.begin(), box.end(), rng);
    if (trial % 2 == 0) {  // books, repeated suits and wilds: what the switches are about
      const int rank = pile_wild(pile) + 1 + static_cast<int>(rng() % 3);
      std::stable_partition(box.begin(), box.end(), [rank, &pile](Card c) {
        return c.is_joker() || c.rank == rank || c.rank == pile_wild(pile);
      });
      std::shuffle(box.begin(), box.begin() + 16, rng);
    }
    const std::vector<Card> cs(box.begin(), box.begin() + pile_size(pile));
    for (const MeldRules rules : kPileRules) {
      INFO("pile " << pile << ", trial " << trial << ", wild melds "
                   << (rules.wild_melds == WildMelds::Count ? "yes" : "no") << ", book suits "
                   << (rules.book_suits == BookSuits::Any ? "any" : "distinct"));
      const int expected = brute_force_to_close(cs, pile_wild(pile), rules);
      CHECK(cards_to_close(cs, pile_size(pile), pile_wild(pile), rules) == expected);
      CHECK((expected == 0) == all_meld(cs, pile_wild(pile), rules));
    }
  }
}

TEST_CASE("a pile closes under its game's meld rules", "[solitaire][house-rules]") {
  // Pile 1 (3s wild): three wilds close it unless a meld of wilds alone does not count.
  CHECK(all_meld(cards("jk jk 3s"), pile_wild(1), MeldRules{}));
  CHECK_FALSE(all_meld(cards("jk jk 3s"), pile_wild(1), MeldRules{WildMelds::DoNotCount}));
  CHECK(cards_to_close(cards("jk jk 3s"), 3, pile_wild(1), MeldRules{WildMelds::DoNotCount}) == 1);
  // Pile 2 (4s wild): two kings of hearts share a book only when suits may repeat.
  const MeldRules distinct{WildMelds::Count, BookSuits::Distinct};
  CHECK(all_meld(cards("Kh Kh Ks jk"), pile_wild(2), MeldRules{}));
  CHECK_FALSE(all_meld(cards("Kh Kh Ks jk"), pile_wild(2), distinct));
  CHECK(cards_to_close(cards("Kh Kh Ks jk"), 4, pile_wild(2), distinct) == 1);

  // A play into the pile closes it, or not, under the state's rules.
  Piles piles = deal_from_seed(3).piles;
  piles[0] = cards("jk jk Qd");
  for (const MeldRules rules : kPileRules) {
    State state(piles, rules);
    const bool closes = apply_move(state, Card::natural(3, Suit::Spades), Move{1, cards("Qd")[0]});
    CHECK(closes == (rules.wild_melds == WildMelds::Count));  // jk jk 3s
  }
}

TEST_CASE("a saved solitaire game keeps its meld rules", "[solitaire][house-rules][store]") {
  crowns::test::TempDir dir;
  store::Database db = store::open_database(dir.file("s.db"));
  const Deal deal = deal_from_seed(5);
  store::SolitaireGame game;
  game.seed = 5;
  game.piles = deal.piles;
  game.stock = deal.stock;
  game.rules = MeldRules{WildMelds::DoNotCount, BookSuits::Distinct};
  game.started_at = "2026-01-15T10:00:00Z";
  store::save_solitaire(db, game);
  const auto back = store::latest_active_solitaire(db, std::nullopt);
  REQUIRE(back);
  CHECK(back->rules == game.rules);
  // Simulated play closes fewer piles with fewer melds allowed, on the same deals.
  const auto standard = simulate(30, 1, Policy::Greedy, MeldRules{}, 1);
  const auto strict = simulate(30, 1, Policy::Greedy, game.rules, 1);
  CHECK(strict.mean_closed() < standard.mean_closed());
}
