// The rating model against reference vectors generated with npm openskill 5.0.1
// (rate(teams, {rank}) with default options: mu 25, sigma 25/3, beta 25/6, kappa 1e-4,
// tau 25/300, no sigma limit). The script that made them is in docs/STATS.md.

#include <catch2/catch.hpp>

#include "crowns/rating.hpp"

using crowns::rate_game;
using crowns::Rating;

namespace {

void check(const std::vector<Rating>& got, const std::vector<std::pair<double, double>>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    INFO("player " << i);
    CHECK(got[i].mu == Approx(want[i].first).epsilon(1e-12));
    CHECK(got[i].sigma == Approx(want[i].second).epsilon(1e-12));
  }
}

std::vector<Rating> fresh(std::size_t n) {
  return std::vector<Rating>(n);
}

}  // namespace

TEST_CASE("rating: two players", "[rating]") {
  check(rate_game(fresh(2), {1, 2}),
        {{27.635389493140497, 8.06590141354368}, {22.364610506859503, 8.06590141354368}});
}

TEST_CASE("rating: three players", "[rating]") {
  check(rate_game(fresh(3), {1, 2, 3}), {{27.869048680749426, 8.205243377397993},
                                         {25.717262170187357, 8.058224222802378},
                                         {21.413689149063217, 8.058224222802378}});
}

TEST_CASE("rating: four players with a tie, unequal priors", "[rating]") {
  const std::vector<Rating> four{{30, 5}, {25, 25.0 / 3}, {20, 7}, {27.5, 3}};
  check(rate_game(four, {2, 1, 3, 2}), {{29.58045305149186, 4.956628165830548},
                                        {28.577028687323338, 8.202436386928735},
                                        {18.739194382684435, 6.887509277919409},
                                        {27.41893962263671, 2.995881898756883}});
}

TEST_CASE("rating: everyone tied leaves mu alone", "[rating]") {
  check(rate_game(fresh(3), {1, 1, 1}),
        {{25, 8.205243377397993}, {25, 8.205243377397993}, {25, 8.205243377397993}});
}

TEST_CASE("rating: five players, two tied first and two tied last", "[rating]") {
  check(rate_game(fresh(5), {1, 1, 3, 4, 4}), {{26.00005999840008, 8.290970108063354},
                                               {26.00005999840008, 8.290970108063354},
                                               {26.555648886400125, 8.23118476381195},
                                               {23.222115558399857, 8.163402909303272},
                                               {23.222115558399857, 8.163402909303272}});
}

TEST_CASE("rating: rank values only matter by order", "[rating]") {
  const auto a = rate_game(fresh(4), {1, 2, 2, 4});
  const auto b = rate_game(fresh(4), {0, 7, 7, 9});
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].mu == b[i].mu);
    CHECK(a[i].sigma == b[i].sigma);
  }
}

TEST_CASE("rating: a replay of three games", "[rating]") {
  auto r = fresh(3);
  r = rate_game(r, {1, 2, 3});
  auto ac = rate_game({r[0], r[2]}, {2, 1});
  r[0] = ac[0];
  r[2] = ac[1];
  r = rate_game(r, {2, 1, 1});
  check(r, {{23.298760768493622, 7.8373047150583},
            {26.345149465115764, 7.929892166500411},
            {25.233848353158418, 7.715832469533387}});
  CHECK(r[0].ordinal() == Approx(-0.21315337668127654).epsilon(1e-10));
  CHECK(r[1].ordinal() == Approx(2.5554729656145305).epsilon(1e-10));
  CHECK(r[2].ordinal() == Approx(2.0863509445582586).epsilon(1e-10));
}

TEST_CASE("rating: fewer than two players change nothing", "[rating]") {
  const std::vector<Rating> one{{30, 4}};
  const auto out = rate_game(one, {1});
  CHECK(out[0].mu == 30);
  CHECK(out[0].sigma == 4);
}
