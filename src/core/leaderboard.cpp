#include "crowns/leaderboard.hpp"

#include <algorithm>
#include <array>

#include "crowns/rules.hpp"

namespace crowns {

RatingReplay replay_ratings(const std::vector<GameResult>& games, const RatingModel& model) {
  RatingReplay replay;
  replay.after.reserve(games.size());
  for (const auto& game : games) extend_replay(replay, game, model);
  return replay;
}

void extend_replay(RatingReplay& replay, const GameResult& game, const RatingModel& model) {
  std::vector<Rating> before;
  before.reserve(game.seats.size());
  for (const auto& seat : game.seats) {
    const auto it = replay.current.find(seat.player);
    before.push_back(it == replay.current.end() ? model.initial() : it->second);
  }
  auto after = rate_game(before, finishing_places(game), model);
  for (std::size_t s = 0; s < game.seats.size(); ++s)
    replay.current[game.seats[s].player] = after[s];
  replay.after.push_back(std::move(after));
}

namespace {

constexpr std::size_t kFormGames = 5;

// The sort key, best first: a larger key ranks higher. The chosen column comes first, then
// the others in the table's order (docs/STATS.md): wins, win rate, average (lower first),
// best (lower), points per round (lower), outs, rating. Rows equal in all share a rank.
std::array<double, 7> sort_key(const LeaderRow& r, RankBy by) {
  const double primary = [&] {
    switch (by) {
      case RankBy::Wins: return static_cast<double>(r.wins);
      case RankBy::WinRate: return r.win_rate();
      case RankBy::Average: return -r.average();
      case RankBy::Rating: break;
    }
    return r.rating.ordinal();
  }();
  std::array<double, 7> key{primary};
  std::size_t k = 1;
  const auto next = [&](RankBy column, double value) {
    if (column != by) key[k++] = value;
  };
  next(RankBy::Wins, static_cast<double>(r.wins));
  next(RankBy::WinRate, r.win_rate());
  next(RankBy::Average, -r.average());
  key[k++] = -static_cast<double>(r.best);
  key[k++] = -r.points_per_round();
  key[k++] = static_cast<double>(r.outs);
  next(RankBy::Rating, r.rating.ordinal());
  return key;
}

}  // namespace

std::string_view ranked_by_text(RankBy by) {
  switch (by) {
    case RankBy::Wins: return "Ranked by wins, then win%, then average.";
    case RankBy::WinRate: return "Ranked by win%, then wins, then average.";
    case RankBy::Average: return "Ranked by average (lower first), then wins, then win%.";
    case RankBy::Rating: break;
  }
  return "Ranked by rating, then wins, then win%.";
}

std::vector<LeaderRow> leaderboard(const std::vector<GameResult>& games, const RatingReplay& replay,
                                   const Period& period, RankBy by, int min_games) {
  std::unordered_map<std::int64_t, std::size_t> index;
  std::vector<LeaderRow> rows;
  std::vector<std::string> results;  // "W"/"L" per game, by row
  std::unordered_map<std::int64_t, Rating> rating_at_end;
  for (std::size_t g = 0; g < games.size(); ++g) {
    const auto& game = games[g];
    if (period.to && game.date > *period.to) continue;
    if (!period.contains(game.date)) {
      for (std::size_t s = 0; s < game.seats.size(); ++s)
        rating_at_end[game.seats[s].player] = replay.after[g][s];
      continue;
    }
    for (std::size_t s = 0; s < game.seats.size(); ++s) {
      const auto& seat = game.seats[s];
      rating_at_end[seat.player] = replay.after[g][s];
      auto [it, added] = index.try_emplace(seat.player, rows.size());
      if (added) {
        rows.push_back({});
        rows.back().player = seat.player;
        rows.back().best = seat.total;
        results.emplace_back();
      }
      auto& row = rows[it->second];
      ++row.games;
      row.wins += seat.winner ? 1 : 0;
      row.points += seat.total;
      row.best = std::min(row.best, seat.total);
      row.rounds += game.has_rounds() ? game.rounds() : kRounds;
      row.outs += seat.outs;
      results[it->second] += seat.winner ? 'W' : 'L';
    }
  }
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = results[i];
    rows[i].form = r.size() <= kFormGames ? r : r.substr(r.size() - kFormGames);
    rows[i].rating = rating_at_end[rows[i].player];  // after their last game up to the period's end
  }
  std::erase_if(rows, [&](const LeaderRow& r) { return r.games < min_games; });
  std::stable_sort(rows.begin(), rows.end(), [&](const LeaderRow& a, const LeaderRow& b) {
    return sort_key(a, by) > sort_key(b, by);
  });
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const bool same = i > 0 && sort_key(rows[i], by) == sort_key(rows[i - 1], by);
    rows[i].rank = same ? rows[i - 1].rank : static_cast<int>(i) + 1;
  }
  return rows;
}

}  // namespace crowns
