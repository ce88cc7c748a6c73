// Property test: on thousands of seeded random hands the solver agrees with the brute-force
// reference (tests/unit/reference_solver.cpp), and every arrangement it returns is legal.

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <functional>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>

#include "crowns/deck.hpp"
#include "crowns/rules.hpp"
#include "crowns/solver.hpp"
#include "reference_solver.hpp"
#include "test_size.hpp"

using namespace crowns;

namespace {

// The cards still in the box(es), shuffled; hands are drawn from it so they are always legal.
class Pool {
 public:
  Pool(std::mt19937_64& rng, int boxes) : cards_(full_deck(boxes)) {
    std::shuffle(cards_.begin(), cards_.end(), rng);
  }
  /// Takes a random remaining card that satisfies `pred`, if there is one.
  std::optional<Card> take(const std::function<bool(Card)>& pred) {
    const auto it = std::find_if(cards_.begin(), cards_.end(), pred);
    if (it == cards_.end()) return std::nullopt;
    const Card c = *it;
    cards_.erase(it);
    return c;
  }
  Card take_any() {
    return *take([](Card) { return true; });
  }

 private:
  std::vector<Card> cards_;
};

// How much smaller the cross-checks run in a small build (tests/unit/test_size.hpp).
constexpr std::size_t kSmallPart = 4;

enum class Shape { Uniform, WildHeavy, DuplicateHeavy, SuitRuns, FewRanks };

const char* shape_name(Shape s) {
  switch (s) {
    case Shape::Uniform: return "uniform";
    case Shape::WildHeavy: return "wild-heavy";
    case Shape::DuplicateHeavy: return "duplicate-heavy";
    case Shape::SuitRuns: return "single-suit runs with gaps";
    case Shape::FewRanks: return "few ranks, many suits and copies";
  }
  return "?";
}

int uniform_int(std::mt19937_64& rng, int lo, int hi) {
  return std::uniform_int_distribution<int>(lo, hi)(rng);
}

std::vector<Card> make_hand(Shape shape, int size, int wild, int boxes, std::mt19937_64& rng) {
  Pool pool(rng, boxes);
  std::vector<Card> hand;
  const auto is_wild_card = [wild](Card c) { return is_wild(c, wild); };
  const auto is_plain = [wild](Card c) { return !is_wild(c, wild); };
  switch (shape) {
    case Shape::Uniform: break;
    case Shape::WildHeavy: {
      // Between a third of the hand and all of it wild: jokers and wild-rank cards.
      const int wilds = uniform_int(rng, std::max(1, size / 3), size);
      for (int i = 0; i < wilds; ++i) {
        if (auto c = pool.take(is_wild_card)) hand.push_back(*c);
      }
      break;
    }
    case Shape::DuplicateHeavy: {
      // Mostly pairs of the same natural card (and sometimes a third copy with two boxes).
      while (static_cast<int>(hand.size()) + 2 <= size && uniform_int(rng, 0, 9) < 8) {
        const Card c = *pool.take(is_plain);
        hand.push_back(c);
        const int copies = boxes == 2 ? uniform_int(rng, 1, 2) : 1;
        for (int k = 0; k < copies && static_cast<int>(hand.size()) < size; ++k) {
          if (auto twin = pool.take([c](Card d) { return d == c; })) hand.push_back(*twin);
        }
      }
      break;
    }
    case Shape::SuitRuns: {
      // One suit (sometimes two) with gaps and repeats, plus 0-3 wilds.
      const Suit main_suit = static_cast<Suit>(uniform_int(rng, 0, kSuitCount - 1));
      const Suit other_suit = static_cast<Suit>(uniform_int(rng, 0, kSuitCount - 1));
      const int wilds = std::min(size, uniform_int(rng, 0, 3));
      for (int i = 0; i < wilds; ++i) {
        if (auto c = pool.take(is_wild_card)) hand.push_back(*c);
      }
      while (static_cast<int>(hand.size()) < size) {
        const int roll = uniform_int(rng, 0, 9);
        const Suit s = roll < 7 ? main_suit : other_suit;
        if (roll == 9) break;  // the rest at random
        auto c = pool.take([&](Card d) { return !d.is_joker() && d.suit == s && d.rank != wild; });
        if (!c) break;
        hand.push_back(*c);
      }
      break;
    }
    case Shape::FewRanks: {
      // Books to split: one to three ranks in every suit and copy, plus 0-3 wilds, so that
      // distinct book suits must choose how many books a rank makes.
      std::array<int, 3> ranks{};
      for (int& r : ranks) r = uniform_int(rng, kMinRank, kMaxRank);
      const int rank_count = uniform_int(rng, 1, 3);
      const int wilds = std::min(size, uniform_int(rng, 0, 3));
      for (int i = 0; i < wilds; ++i) {
        if (auto c = pool.take(is_wild_card)) hand.push_back(*c);
      }
      while (static_cast<int>(hand.size()) < size) {
        const int r = ranks[static_cast<std::size_t>(uniform_int(rng, 0, rank_count - 1))];
        auto c = pool.take([&](Card d) { return !d.is_joker() && d.rank == r && d.rank != wild; });
        if (!c || uniform_int(rng, 0, 9) == 9) break;  // sometimes the rest at random
        hand.push_back(*c);
      }
      break;
    }
  }
  while (static_cast<int>(hand.size()) < size) hand.push_back(pool.take_any());
  std::shuffle(hand.begin(), hand.end(), rng);
  return hand;
}

// Everything about a solution, as text, to compare two solutions for equality.
std::string solution_text(const Solution& s) {
  std::ostringstream out;
  out << s.score << (s.goes_out ? " out" : " in") << " discard "
      << (s.discard ? to_string(*s.discard) : "-") << " melds";
  for (const auto& m : s.melds) {
    out << " [" << (m.kind == MeldKind::Book ? "book " : "run ") << m.rank << ' '
        << suit_letter(m.suit);
    for (const auto& mc : m.cards)
      out << ' ' << to_string(mc.card) << (mc.wild ? '=' : '@') << mc.as_rank;
    out << ']';
  }
  out << " left " << reference::hand_text(s.deadwood);
  return out.str();
}

std::string rules_text(MeldRules rules) {
  return "wild melds " + std::string(rules.wild_melds == WildMelds::Count ? "yes" : "no") +
         ", book suits " + (rules.book_suits == BookSuits::Any ? "any" : "distinct");
}

// Checks one hand every way; returns whether it passed.
bool check_hand(const std::vector<Card>& hand, int wild, HandMode mode, MeldRules rules,
                std::mt19937_64& rng) {
  const bool drawn = mode == HandMode::Drawn;
  INFO("hand: " << reference::hand_text(hand) << " | wild " << rank_name(wild)
                << (drawn ? " | drawn" : " | dealt") << " | " << rules_text(rules));
  const int expected = reference::brute_force_score(hand, wild, mode, rules);
  const int fast = min_score(hand, wild, mode, rules);
  const Solution solution = solve(hand, wild, mode, rules);
  const std::string problem = reference::check_solution(hand, wild, mode, solution, rules);
  INFO("solution: " << solution_text(solution));
  CHECK(fast == expected);
  CHECK(solution.score == expected);
  CHECK(problem == "");
  // The answer depends on the multiset only, not on the order the cards come in.
  auto shuffled = hand;
  std::shuffle(shuffled.begin(), shuffled.end(), rng);
  const std::string again = solution_text(solve(shuffled, wild, mode, rules));
  CHECK(again == solution_text(solution));
  return fast == expected && solution.score == expected && problem.empty() &&
         again == solution_text(solution);
}

// How many hands to try for a hand of `size` cards: many small ones, fewer large ones, so the
// 3^n reference keeps the whole test to a few seconds in a Release build.
// Hands of each size, shape, mode and box count: a quarter of them at -O0 and under the
// sanitizers (tests/unit/test_size.hpp), every size still reached.
int hands_for_size(int size) {
  const auto sized = [](std::size_t full) {
    return static_cast<int>(crowns::test::sized(full, kSmallPart));
  };
  if (size <= 9) return sized(300);
  if (size <= 11) return sized(200);
  if (size <= 12) return sized(100);
  if (size <= 13) return sized(50);
  if (size <= 14) return sized(20);
  return sized(6);
}

struct Stats {
  int hands = 0;
  int failures = 0;
  int differ = 0;  // hands whose score under the rules differs from the standard score
};

void run_shape(Shape shape, HandMode mode, std::uint64_t seed, Stats& stats, MeldRules rules = {}) {
  const bool drawn = mode == HandMode::Drawn;
  const int min_size = drawn ? 4 : 3;
  const int max_size = drawn ? 15 : 14;
  for (int size = min_size; size <= max_size; ++size) {
    const int dealt = size - (drawn ? 1 : 0);
    for (int boxes = 1; boxes <= 2; ++boxes) {
      std::mt19937_64 rng(seed * 1000003u + static_cast<std::uint64_t>(size * 10 + boxes));
      INFO(shape_name(shape) << ", " << size << " cards, " << boxes << " box(es), seed " << seed);
      for (int i = 0; i < hands_for_size(size); ++i) {
        // Half the hands use the round's wild rank (the hand size), half any rank.
        const bool round_wild = dealt >= kMinRank && dealt <= kMaxRank && i % 2 == 0;
        const int wild = round_wild ? dealt : uniform_int(rng, kMinRank, kMaxRank);
        const auto hand = make_hand(shape, size, wild, boxes, rng);
        REQUIRE(static_cast<int>(hand.size()) == size);
        REQUIRE(check_copies(hand, boxes).ok());
        ++stats.hands;
        if (!(rules == MeldRules{}) && reference::brute_force_score(hand, wild, mode, rules) !=
                                           reference::brute_force_score(hand, wild, mode)) {
          ++stats.differ;
        }
        if (!check_hand(hand, wild, mode, rules, rng) && ++stats.failures >= 20) {
          FAIL("20 failing hands; stopping");
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("reference solver: meld definition", "[reference]") {
  const auto h = [](std::string_view text) { return *parse_cards(text); };
  CHECK(reference::is_meld(h("7h 7s 7c"), 5));
  CHECK(reference::is_meld(h("7h 7h 7c 7c"), 5));
  CHECK(reference::is_meld(h("7h 8h 9h"), 5));
  CHECK(reference::is_meld(h("7h 9h jk"), 5));
  CHECK(reference::is_meld(h("jk 5s 5d"), 5));  // all wild
  CHECK(reference::is_meld(h("Jh Kh 3s"), 3));  // 3s wild stands for Qh
  CHECK_FALSE(reference::is_meld(h("7h 8h"), 5));
  CHECK_FALSE(reference::is_meld(h("7h 8h 9s"), 5));
  CHECK_FALSE(reference::is_meld(h("7h 7h 8h"), 5));   // a run holds each position once
  CHECK_FALSE(reference::is_meld(h("7h 10h jk"), 5));  // span 4 in 3 cards
  CHECK_FALSE(reference::is_meld(h("3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh jk"), 5));  // 12 > 11
  CHECK(reference::is_meld(h("3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"), 5));
}

TEST_CASE("reference solver: the named regression cases", "[reference]") {
  const auto h = [](std::string_view text) { return *parse_cards(text); };
  CHECK(reference::brute_force_score(h("7h 7s 7c 8h 9h"), 5, HandMode::Dealt) == 14);
  CHECK(reference::brute_force_score(h("7h 8h 9h 9s 9c"), 5, HandMode::Dealt) == 15);
  CHECK(reference::brute_force_score(h("Jd Qd Kd 10d Qd Jd"), 6, HandMode::Dealt) == 0);
  CHECK(reference::brute_force_score(h("6* 7* 3* 6* 8h 3* 5* 4*"), 8, HandMode::Dealt) == 3);
  CHECK(reference::brute_force_score(h("jk jk 3h Kd"), 4, HandMode::Dealt) == 3);
  CHECK(reference::brute_force_score(h("jk jk jk jk 9h Kc"), 6, HandMode::Dealt) == 0);
  CHECK(reference::brute_force_score(h("6c 7c 8d 8s 3* 8h 8c"), 6, HandMode::Drawn) == 0);
  CHECK(reference::brute_force_score(h("jk 4d 9s Kc"), 3, HandMode::Drawn) == 26);
  CHECK(reference::brute_force_score(h("7h 8h 9h Js Qs Ks"), 5, HandMode::Drawn) == 15);
}

TEST_CASE("reference checker rejects broken solutions", "[reference]") {
  const auto cards = *parse_cards("7h 8h jk 4s");
  const Solution good = solve(cards, 5, HandMode::Dealt);
  REQUIRE(reference::check_solution(cards, 5, HandMode::Dealt, good) == "");
  REQUIRE(good.melds.size() == 1);

  Solution missing = good;
  missing.deadwood.clear();
  CHECK(reference::check_solution(cards, 5, HandMode::Dealt, missing) != "");

  Solution wrong_score = good;
  wrong_score.score += 1;
  CHECK(reference::check_solution(cards, 5, HandMode::Dealt, wrong_score) != "");

  Solution gap = good;
  gap.melds[0].cards.back().as_rank += 1;
  CHECK(reference::check_solution(cards, 5, HandMode::Dealt, gap) != "");

  Solution natural_as_wild = good;
  for (auto& mc : natural_as_wild.melds[0].cards) mc.wild = true;
  CHECK(reference::check_solution(cards, 5, HandMode::Dealt, natural_as_wild) != "");

  Solution with_discard = good;
  with_discard.discard = Card::joker();
  CHECK(reference::check_solution(cards, 5, HandMode::Dealt, with_discard) != "");
}

TEST_CASE("solver agrees with the brute-force reference on random hands",
          "[solver][property][slow]") {
  Stats stats;
  std::uint64_t seed = 1;
  for (Shape shape : {Shape::Uniform, Shape::WildHeavy, Shape::DuplicateHeavy, Shape::SuitRuns}) {
    for (HandMode mode : {HandMode::Dealt, HandMode::Drawn}) {
      run_shape(shape, mode, seed++, stats);
    }
  }
  INFO(stats.hands << " hands");
  CHECK(stats.hands > static_cast<int>(crowns::test::sized(5000, kSmallPart)));
  CHECK(stats.failures == 0);
}

namespace {

// The same cross-check under one combination of the meld switches, with the FewRanks hands
// too; prints the counts (docs/PERFORMANCE.md records them).
void check_rules(MeldRules rules) {
  Stats stats;
  std::uint64_t seed = 101;
  for (Shape shape : {Shape::Uniform, Shape::WildHeavy, Shape::DuplicateHeavy, Shape::SuitRuns,
                      Shape::FewRanks}) {
    for (HandMode mode : {HandMode::Dealt, HandMode::Drawn}) {
      run_shape(shape, mode, seed++, stats, rules);
    }
  }
  std::cout << "solver cross-check, " << rules_text(rules) << ": " << stats.hands
            << " hands agree with the reference (" << stats.differ
            << " of them score differently from the standard rules), " << stats.failures
            << " failures\n";
  CHECK(stats.hands > static_cast<int>(crowns::test::sized(6000, kSmallPart)));
  CHECK(stats.failures == 0);
  // The hands reach the rule: a good share of them score differently from the standard.
  if (!(rules == MeldRules{}))
    CHECK(stats.differ > static_cast<int>(crowns::test::sized(100, kSmallPart)));
}

}  // namespace

TEST_CASE("solver agrees with the reference: standard rules, more shapes",
          "[solver][property][slow][house]") {
  check_rules({});
}

TEST_CASE("solver agrees with the reference: wild melds do not count",
          "[solver][property][slow][house]") {
  check_rules({.wild_melds = WildMelds::DoNotCount});
}

TEST_CASE("solver agrees with the reference: book suits distinct",
          "[solver][property][slow][house]") {
  check_rules({.book_suits = BookSuits::Distinct});
}

TEST_CASE("solver agrees with the reference: no wild melds and distinct book suits",
          "[solver][property][slow][house]") {
  check_rules({.wild_melds = WildMelds::DoNotCount, .book_suits = BookSuits::Distinct});
}

TEST_CASE("solver and reference: named hands under the house rules", "[solver][house]") {
  const auto h = [](std::string_view text) { return *parse_cards(text); };
  const MeldRules no_wild{.wild_melds = WildMelds::DoNotCount};
  const MeldRules distinct{.book_suits = BookSuits::Distinct};
  struct Case {
    const char* hand;
    int wild;
    HandMode mode;
    MeldRules rules;
    int standard;  // the score under the standard rules
    int score;     // the score under `rules`
  };
  const std::vector<Case> cases = {
      // Three 5s in the 5s-wild round are three wild cards: no meld without a natural.
      {"5h 5s 5c", 5, HandMode::Dealt, no_wild, 0, 60},
      {"jk jk jk", 3, HandMode::Dealt, no_wild, 0, 150},
      {"jk jk jk jk", 3, HandMode::Drawn, no_wild, 0, 150},
      // Spare wilds join a meld that holds a natural.
      {"5h 5s 5c 9d", 5, HandMode::Dealt, no_wild, 0, 0},
      {"jk jk jk jk 9h Kc", 6, HandMode::Dealt, no_wild, 0, 0},
      {"jk jk jk jk 9h 9s 9d", 6, HandMode::Dealt, no_wild, 0, 0},
      // Only runs and 3 spare wilds: a natural leaves the run for a book of its own.
      {"7h 8h 9h jk jk jk", 5, HandMode::Dealt, no_wild, 0, 0},
      // Drawn: discarding a wild goes out where discarding the natural cannot.
      {"9h jk jk jk", 3, HandMode::Drawn, no_wild, 0, 0},
      {"9h 4s 4s jk", 4, HandMode::Drawn, no_wild, 0, 0},
      // Two hearts in one book are refused; two books of three suits each are fine.
      {"Kh Kh Ks", 5, HandMode::Dealt, distinct, 0, 39},
      {"Kh Kh Ks Ks Kd Kd", 5, HandMode::Dealt, distinct, 0, 0},
      {"Kh Kh Ks jk", 5, HandMode::Dealt, distinct, 0, 13},
      {"Kh Kh Ks jk jk jk", 5, HandMode::Dealt, distinct, 0, 0},
      {"7h 7h 7h 7s jk", 5, HandMode::Dealt, distinct, 0, 14},
  };
  for (const Case& c : cases) {
    const auto hand = h(c.hand);
    INFO(c.hand << " | wild " << c.wild << " | " << rules_text(c.rules));
    CHECK(reference::brute_force_score(hand, c.wild, c.mode) == c.standard);
    CHECK(reference::brute_force_score(hand, c.wild, c.mode, c.rules) == c.score);
    CHECK(min_score(hand, c.wild, c.mode) == c.standard);
    CHECK(min_score(hand, c.wild, c.mode, c.rules) == c.score);
    const Solution s = solve(hand, c.wild, c.mode, c.rules);
    CHECK(s.score == c.score);
    CHECK(reference::check_solution(hand, c.wild, c.mode, s, c.rules) == "");
  }
}
