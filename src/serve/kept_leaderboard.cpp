#include "serve/kept_leaderboard.hpp"

#include <algorithm>
#include <tuple>

#include "serve/pages.hpp"
#include "store/history.hpp"
#include "views/report.hpp"

namespace crowns::serve {

void KeptLeaderboard::note(const Change& change) {
  // Only finished games count: a round at the table is none of its business.
  if (change.everything || change.finished_games) pending_.note(change, change.everything);
}

void KeptLeaderboard::build(const store::Database& db) {
  built_ = false;
  results_ = store::load_results(db, {period_.to, std::nullopt, std::nullopt});
  replay_ = replay_ratings(results_);
  rated_.clear();
  for (const auto& game : results_) rated_.insert(game.id);
  built_ = true;
}

bool KeptLeaderboard::extend(const store::Database& db, const std::vector<std::int64_t>& games) {
  std::vector<GameResult> finished;
  for (const std::int64_t id : games) {
    if (rated_.contains(id)) return false;  // a rated game changed: its result, or it went
    auto game = store::load_result(db, id);
    if (!game || (period_.to && game->date > *period_.to)) continue;  // not one to rate
    finished.push_back(std::move(*game));
  }
  const auto order = [](const GameResult& a, const GameResult& b) {
    return std::tie(a.date, a.id) < std::tie(b.date, b.id);
  };
  std::sort(finished.begin(), finished.end(), order);
  finished.erase(std::unique(finished.begin(), finished.end(),
                             [](const auto& a, const auto& b) { return a.id == b.id; }),
                 finished.end());
  // Ratings follow the games' order: one finished before the last rated means a replay.
  if (!finished.empty() && !results_.empty() && !order(results_.back(), finished.front()))
    return false;
  for (auto& game : finished) {
    extend_replay(replay_, game);
    rated_.insert(game.id);
    results_.push_back(std::move(game));
  }
  return true;
}

std::string KeptLeaderboard::text(const store::Database& db) {
  const std::scoped_lock lock(render_mutex_);
  pending_.catch_up(
      built_, [&](const std::vector<std::int64_t>& games) { return extend(db, games); },
      [&] { build(db); });
  return leaderboard_page(leaderboard(results_, replay_, period_, RankBy::Rating, 1),
                          views::Names(db), period_, all_, rule_sets_of(results_, period_));
}

}  // namespace crowns::serve
