#include "serve/kept_leaderboard.hpp"

#include <unordered_map>
#include <utility>

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
  results_ = store::load_results(
      db,
      {.until = period_.to, .rounds_in = std::nullopt, .rounds_of = std::nullopt, .rules = only_});
  replay_ = replay_ratings(results_);
  rated_.clear();
  for (const auto& game : results_) rated_.insert(game.id);
  built_ = true;
}

bool KeptLeaderboard::extend(const store::Database& db, const std::vector<std::int64_t>& games) {
  std::unordered_map<std::int64_t, GameResult> finished;
  for (const std::int64_t id : games) {
    if (rated_.contains(id)) return false;  // a rated game changed: its result, or it went
    auto game = store::load_result(db, id);
    if (!game || (period_.to && game->date > *period_.to)) continue;  // not one to rate
    if (only_ && game->rules != *only_) continue;                     // of another rule set
    finished.emplace(id, std::move(*game));
  }
  if (finished.empty()) return true;
  // Ratings follow the order played (date, start, uuid: store/played_order.hpp, the order
  // load_results reads): a game played before the last one rated means a replay. By date and
  // number, a game synced in that was played earlier the same evening was rated last here and
  // before the others by `crowns leaderboard`.
  std::vector<std::int64_t> ids;
  if (!results_.empty()) ids.push_back(results_.back().id);
  for (const auto& [id, game] : finished) ids.push_back(id);
  const auto order = store::in_played_order(db, ids);
  if (order.size() != ids.size() || (!results_.empty() && order.front() != results_.back().id))
    return false;
  for (const std::int64_t id : order) {
    if (!finished.contains(id)) continue;  // the last one rated
    auto& game = finished.at(id);
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
                          views::Names(db), period_, all_, rule_sets_of(results_, period_), only_);
}

}  // namespace crowns::serve
