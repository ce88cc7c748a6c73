#pragma once
// Skill ratings: OpenSkill's Weng-Lin Plackett-Luce model (Weng & Lin 2011, as implemented
// by the openskill reference libraries), for free-for-all games of 2-14 players.
//
// Scale: a new player has mu = 25, sigma = 25/3. The displayed rating is the "ordinal"
// mu - 3 sigma: 0 for a new player, rising towards mu as the games make sigma small;
// regular strong players sit around 20-35.

#include <vector>

namespace crowns {

struct Rating {
  double mu = 25.0;
  double sigma = 25.0 / 3.0;
  /// The conservative estimate shown to users: mu - 3 sigma.
  [[nodiscard]] double ordinal() const { return mu - 3.0 * sigma; }
};

/// The model's constants; the defaults are openskill's (npm openskill 5, Python openskill).
struct RatingModel {
  double mu = 25.0;
  double sigma = 25.0 / 3.0;
  double beta = 25.0 / 6.0;   ///< Performance spread: sigma / 2.
  double kappa = 0.0001;      ///< Floor of the sigma shrink factor: sigma never collapses to 0.
  double tau = 25.0 / 300.0;  ///< Added (in quadrature) to sigma before each game: skills drift.

  [[nodiscard]] Rating initial() const { return {mu, sigma}; }
};

/// Rates one game. `ranks[i]` is player i's place: lower is better, equal ranks are a tie.
/// Every player is a team of one. Returns the new ratings, in the order given.
/// Requires players.size() == ranks.size(); fewer than 2 players change nothing.
std::vector<Rating> rate_game(const std::vector<Rating>& players, const std::vector<int>& ranks,
                              const RatingModel& model = {});

}  // namespace crowns
