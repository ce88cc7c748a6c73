#include "crowns/rating.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace crowns {

// Follows openskill's rate() + plackett-luce model with teams of one: sigma first grows by
// tau, then each player's mu moves by omega and sigma shrinks by delta, where the sums run
// over every "place" q at or above the player's own rank (ties share a place: the a[q]
// divisor splits it between the tied players).
std::vector<Rating> rate_game(const std::vector<Rating>& players, const std::vector<int>& ranks,
                              const RatingModel& model) {
  assert(players.size() == ranks.size());
  const std::size_t n = players.size();
  if (n < 2) return players;

  std::vector<double> mu(n);
  std::vector<double> sigma_sq(n);
  for (std::size_t i = 0; i < n; ++i) {
    mu[i] = players[i].mu;
    sigma_sq[i] = players[i].sigma * players[i].sigma + model.tau * model.tau;
  }
  const double beta_sq = model.beta * model.beta;
  double c_sq = 0;
  for (std::size_t i = 0; i < n; ++i) c_sq += sigma_sq[i] + beta_sq;
  const double c = std::sqrt(c_sq);

  std::vector<double> exp_mu(n);
  for (std::size_t i = 0; i < n; ++i) exp_mu[i] = std::exp(mu[i] / c);
  // sum_q[q]: the players not placed above q; a[q]: the players sharing q's rank.
  std::vector<double> sum_q(n, 0.0);
  std::vector<double> a(n, 0.0);
  for (std::size_t q = 0; q < n; ++q) {
    for (std::size_t i = 0; i < n; ++i) {
      if (ranks[i] >= ranks[q]) sum_q[q] += exp_mu[i];
      if (ranks[i] == ranks[q]) a[q] += 1.0;
    }
  }

  std::vector<Rating> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    double omega = 0;
    double delta = 0;
    for (std::size_t q = 0; q < n; ++q) {
      if (ranks[q] > ranks[i]) continue;
      const double quotient = exp_mu[i] / sum_q[q];
      omega += (i == q ? 1.0 - quotient : -quotient) / a[q];
      delta += quotient * (1.0 - quotient) / a[q];
    }
    const double gamma = std::sqrt(sigma_sq[i]) / c;
    omega *= sigma_sq[i] / c;
    delta *= gamma * sigma_sq[i] / c_sq;
    // A team of one: the player's share of the team variance is 1.
    out[i].mu = mu[i] + omega;
    out[i].sigma = std::sqrt(sigma_sq[i]) * std::sqrt(std::max(1.0 - delta, model.kappa));
  }
  return out;
}

}  // namespace crowns
