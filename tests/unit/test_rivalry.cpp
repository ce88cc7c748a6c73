// A player's rivalries (crowns/rivalry.hpp): nemesis, the one beaten most, the one played
// with most.

#include <catch2/catch.hpp>

#include "crowns/rivalry.hpp"

using namespace crowns;

namespace {

Versus versus(std::int64_t opponent, int games, int lower, int higher) {
  Versus v;
  v.opponent = opponent;
  v.games = games;
  v.lower = lower;
  v.higher = higher;
  v.equal = games - lower - higher;
  return v;
}

}  // namespace

TEST_CASE("the nemesis finished lower most often, in 3 games together at least", "[rivalry]") {
  // Most games first, as Profile::opponents.
  const std::vector<Versus> opponents{versus(2, 9, 6, 3), versus(3, 5, 1, 4), versus(4, 2, 0, 2)};
  const auto r = rivalry::rivals_of(opponents);
  REQUIRE(r.nemesis);
  CHECK(r.nemesis->opponent == 3);  // 4 times; player 4 beat them twice but in 2 games only
  CHECK(r.nemesis->times == 4);
  CHECK(r.nemesis->share() == Approx(0.8));
  REQUIRE(r.most_beaten);
  CHECK(r.most_beaten->opponent == 2);
  REQUIRE(r.most_played_with);
  CHECK(r.most_played_with->opponent == 2);
  CHECK(r.most_played_with->games == 9);
}

TEST_CASE("a tie goes to the higher share of the games together", "[rivalry]") {
  const auto r = rivalry::rivals_of({versus(2, 8, 0, 3), versus(3, 4, 0, 3)});
  REQUIRE(r.nemesis);
  CHECK(r.nemesis->opponent == 3);
  CHECK_FALSE(r.most_beaten);  // never finished lower than either
}

TEST_CASE("one opponent is never both the nemesis and the one beaten most", "[rivalry]") {
  // Opponent 2 ahead 3 times and behind 3 times in 6: neither; opponent 3 ahead 2, behind 1.
  const auto r = rivalry::rivals_of({versus(2, 6, 3, 3), versus(3, 3, 1, 2)});
  REQUIRE(r.nemesis);
  CHECK(r.nemesis->opponent == 3);
  CHECK_FALSE(r.most_beaten);
  const auto once = rivalry::rivals_of({versus(2, 5, 3, 2)});
  CHECK_FALSE(once.nemesis);
  REQUIRE(once.most_beaten);
  CHECK(once.most_beaten->opponent == 2);
}

TEST_CASE("no rivalry under 3 games together", "[rivalry]") {
  const auto r = rivalry::rivals_of({versus(2, 2, 1, 1)});
  CHECK_FALSE(r.nemesis);
  CHECK_FALSE(r.most_beaten);
  REQUIRE(r.most_played_with);
  CHECK(r.most_played_with->opponent == 2);
  CHECK_FALSE(rivalry::rivals_of({}).most_played_with);
}
