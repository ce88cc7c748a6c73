// House rules (docs/RULES.md, "House options"): the switches' words, read and written once,
// their JSON shape, and the order of the rounds under each order.

#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <nlohmann/json.hpp>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "crowns/house_rules.hpp"
#include "crowns/round_order.hpp"

using namespace crowns;

TEST_CASE("house rules: the default is the standard rules", "[rules][house]") {
  const HouseRules rules;
  CHECK(rules.is_standard());
  CHECK(rules.order == RoundOrder::Up);
  CHECK(rules.wild_melds == WildMelds::Count);
  CHECK(rules.book_suits == BookSuits::Any);
  CHECK(rules.leads == Leads::LeftOfDealer);
  CHECK(rules.ties == Ties::Shared);
  CHECK(rules.melds() == MeldRules{});
  CHECK(describe(rules) == "order up, wild melds yes, book suits any, leads left, ties shared");
  CHECK_FALSE(HouseRules{.book_suits = BookSuits::Distinct}.is_standard());
}

TEST_CASE("house rules: every word reads back to itself", "[rules][house]") {
  for (HouseSwitch s : kHouseSwitches) {
    INFO(switch_name(s));
    const auto words = switch_words(s);
    REQUIRE(words.size() >= 2);
    CHECK(switch_word(HouseRules{}, s) == words[0]);  // the standard word comes first
    for (std::string_view w : words) {
      HouseRules rules;
      REQUIRE(set_switch(rules, s, w).ok());
      CHECK(switch_word(rules, s) == w);
      // Setting one switch leaves every other at the standard.
      for (HouseSwitch other : kHouseSwitches) {
        if (other != s) CHECK(switch_word(rules, other) == switch_word(HouseRules{}, other));
      }
    }
    const auto name = parse_switch_name(switch_name(s));
    REQUIRE(name.ok());
    CHECK(*name == s);
    CHECK(*parse_switch_name(switch_flag(s)) == s);
  }
}

TEST_CASE("house rules: the words and names", "[rules][house]") {
  CHECK(switch_choices(HouseSwitch::Order) == "up|down|random");
  CHECK(switch_choices(HouseSwitch::WildMelds) == "yes|no");
  CHECK(switch_choices(HouseSwitch::BookSuits) == "any|distinct");
  CHECK(switch_choices(HouseSwitch::Leads) == "left|out");
  CHECK(switch_choices(HouseSwitch::Ties) == "shared|tiebreak");
  CHECK(switch_flag(HouseSwitch::WildMelds) == "--wild-melds");
  CHECK(switch_flag(HouseSwitch::BookSuits) == "--book-suits");
  CHECK(*parse_switch_name("wild-melds") == HouseSwitch::WildMelds);
  CHECK(*parse_switch_name("Book_Suits") == HouseSwitch::BookSuits);

  HouseRules rules;
  REQUIRE(set_switch(rules, HouseSwitch::Order, "DOWN").ok());  // case does not matter
  CHECK(rules.order == RoundOrder::Down);
  REQUIRE(set_switch(rules, HouseSwitch::WildMelds, "no").ok());
  CHECK(rules.wild_melds == WildMelds::DoNotCount);
  REQUIRE(set_switch(rules, HouseSwitch::Leads, "out").ok());
  CHECK(rules.leads == Leads::FirstOut);
  REQUIRE(set_switch(rules, HouseSwitch::Ties, "tiebreak").ok());
  CHECK(rules.ties == Ties::Tiebreak);
}

TEST_CASE("house rules: a bad word names the token and the right form", "[rules][house]") {
  HouseRules rules;
  const auto bad = set_switch(rules, HouseSwitch::BookSuits, "some");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error() == "'some' is not one of any|distinct");
  CHECK(rules.is_standard());  // unchanged
  const auto order = set_switch(rules, HouseSwitch::Order, "sideways");
  REQUIRE_FALSE(order.ok());
  CHECK(order.error() == "'sideways' is not one of up|down|random");
  CHECK_FALSE(set_switch(rules, HouseSwitch::WildMelds, "").ok());
  CHECK_FALSE(set_switch(rules, HouseSwitch::WildMelds, "true").ok());
  const auto name = parse_switch_name("wild");
  REQUIRE_FALSE(name.ok());
  CHECK(name.error() ==
        "'wild' is not a house rule (the rules are order, wild_melds, book_suits, leads, ties)");
}

TEST_CASE("house rules: the JSON shape, both ways", "[rules][house]") {
  using Json = nlohmann::ordered_json;
  CHECK(house_rules_json<Json>(HouseRules{}).dump() ==
        R"({"order":"up","wild_melds":true,"book_suits":"any","leads":"left","ties":"shared"})");
  const HouseRules icelandic{.order = RoundOrder::Down,
                             .wild_melds = WildMelds::DoNotCount,
                             .book_suits = BookSuits::Distinct,
                             .leads = Leads::FirstOut,
                             .ties = Ties::Tiebreak};
  const Json j = house_rules_json<Json>(icelandic);
  CHECK(
      j.dump() ==
      R"({"order":"down","wild_melds":false,"book_suits":"distinct","leads":"out","ties":"tiebreak"})");
  const auto back = house_rules_from_json(j);
  REQUIRE(back.ok());
  CHECK(*back == icelandic);
  CHECK(meld_rules_json<Json>(icelandic.melds()).dump() ==
        R"({"wild_melds":false,"book_suits":"distinct"})");

  // Missing keys keep the standard; wild_melds also takes its words.
  const auto partial = house_rules_from_json(Json::parse(R"({"wild_melds":"no"})"));
  REQUIRE(partial.ok());
  CHECK(*partial == HouseRules{.wild_melds = WildMelds::DoNotCount});
  CHECK(house_rules_from_json(Json::object())->is_standard());

  const auto unknown = house_rules_from_json(Json::parse(R"({"colour":"red"})"));
  REQUIRE_FALSE(unknown.ok());
  CHECK(unknown.error().starts_with("'colour' is not a house rule"));
  const auto bad_value = house_rules_from_json(Json::parse(R"({"order":"sideways"})"));
  REQUIRE_FALSE(bad_value.ok());
  CHECK(bad_value.error() == "\"order\": 'sideways' is not one of up|down|random");
  const auto bad_type = house_rules_from_json(Json::parse(R"({"order":3})"));
  REQUIRE_FALSE(bad_type.ok());
  CHECK(bad_type.error() == "\"order\" must be one of up|down|random");
  CHECK_FALSE(house_rules_from_json(Json::parse("[]")).ok());
}

namespace {

std::vector<int> cards_of(const RoundSequence& seq) {
  std::vector<int> out;
  for (const RoundDeal& d : seq) out.push_back(d.cards);
  return out;
}

}  // namespace

TEST_CASE("round order: up is today's order, down its reverse", "[rules][house]") {
  const RoundSequence up = round_sequence(RoundOrder::Up);
  const RoundSequence down = round_sequence(RoundOrder::Down);
  for (int r = 1; r <= kRounds; ++r) {
    const auto i = static_cast<std::size_t>(r - 1);
    CHECK(up[i] == RoundDeal{cards_in_round(r), wild_rank_of_round(r)});
    CHECK(down[i] == up[static_cast<std::size_t>(kRounds) - 1 - i]);
    CHECK(round_deal(RoundOrder::Down, r) == down[i]);
  }
  CHECK(down.front() == RoundDeal{13, 13});  // Kings wild first
  CHECK(down.back() == RoundDeal{3, 3});
}

TEST_CASE("round order: random is a permutation, fixed by its seed", "[rules][house]") {
  const std::vector<int> sorted = cards_of(round_sequence(RoundOrder::Up));
  std::set<std::vector<int>> seen;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const RoundSequence seq = round_sequence(RoundOrder::Random, seed);
    for (const RoundDeal& d : seq) CHECK(d.wild_rank == d.cards);  // the wild follows the count
    auto counts = cards_of(seq);
    seen.insert(counts);
    std::sort(counts.begin(), counts.end());
    CHECK(counts == sorted);
    CHECK(round_sequence(RoundOrder::Random, seed) == seq);  // the same seed, the same order
    CHECK(round_deal(RoundOrder::Random, 5, seed) == seq[4]);
  }
  CHECK(seen.size() == 200);  // 11! orders: 200 seeds giving a repeat would be suspicious
  // Pinned: a seed deals the same sequence with every compiler and standard library.
  CHECK(cards_of(round_sequence(RoundOrder::Random, 47)) ==
        std::vector<int>{5, 3, 7, 11, 13, 6, 12, 9, 10, 4, 8});
}

TEST_CASE("round order: the shuffle reaches every order exactly once", "[rules][house]") {
  // Driving below() through every sequence of choices (k choices at the k-th step) gives
  // n! runs; a fair shuffle maps them one to one onto the n! orders.
  for (std::size_t n = 1; n <= 6; ++n) {
    std::vector<std::size_t> digits(n + 1, 0);  // digits[k]: the choice when below(k) is asked
    std::set<std::vector<int>> orders;
    std::size_t runs = 0;
    for (bool more = true; more; ++runs) {
      std::vector<int> items(n);
      std::iota(items.begin(), items.end(), 0);
      fair_shuffle(std::span<int>(items), [&](std::uint64_t k) { return digits[k]; });
      orders.insert(items);
      // Next choice sequence: an odometer whose k-th wheel has k positions.
      more = false;
      for (std::size_t k = 2; k <= n; ++k) {
        if (++digits[k] < k) {
          more = true;
          break;
        }
        digits[k] = 0;
      }
    }
    std::size_t factorial = 1;
    for (std::size_t k = 2; k <= n; ++k) factorial *= k;
    INFO(n << " items");
    CHECK(runs == factorial);
    CHECK(orders.size() == factorial);
  }
}

TEST_CASE("round order: the seeded shuffle is uniform (chi-square)", "[rules][house]") {
  // 4 items: 24 orders, 24,000 seeded shuffles. The chi-square statistic with 23 degrees of
  // freedom exceeds 49.7 with probability 0.001; the test is deterministic (fixed seeds).
  std::map<std::vector<int>, int> counts;
  constexpr int kTrials = 24000;
  for (int t = 0; t < kTrials; ++t) {
    SplitMix64 rng(static_cast<std::uint64_t>(t) * 7919 + 1);
    std::vector<int> items = {0, 1, 2, 3};
    fair_shuffle(std::span<int>(items), rng);
    ++counts[items];
  }
  REQUIRE(counts.size() == 24);
  double chi = 0;
  for (const auto& [order, seen] : counts) {
    const double expected = kTrials / 24.0;
    chi += (seen - expected) * (seen - expected) / expected;
  }
  INFO("chi-square " << chi);
  CHECK(chi < 49.7);

  // The 11 rounds: each card count lands in each round about equally often.
  std::array<std::array<int, kRounds>, kRounds> where{};
  constexpr int kGames = 11000;
  for (int seed = 0; seed < kGames; ++seed) {
    const RoundSequence seq = round_sequence(RoundOrder::Random, static_cast<std::uint64_t>(seed));
    for (std::size_t r = 0; r < seq.size(); ++r)
      ++where[static_cast<std::size_t>(seq[r].cards - 3)][r];
  }
  double chi_rounds = 0;
  for (const auto& row : where) {
    for (int seen : row) {
      const double expected = kGames / static_cast<double>(kRounds);
      chi_rounds += (seen - expected) * (seen - expected) / expected;
    }
  }
  // 100 degrees of freedom ((11-1) x (11-1)): above 149.4 with probability 0.001.
  INFO("chi-square over rounds " << chi_rounds);
  CHECK(chi_rounds < 149.4);
}
