// One evening's games (crowns/tonight.hpp).

#include "crowns/tonight.hpp"

#include <algorithm>
#include <map>

#include "crowns/leaderboard.hpp"
#include "crowns/plural.hpp"

namespace crowns::tonight {
namespace {

void find_best_round(const GameResult& game, std::optional<BestRound>& best) {
  if (!game.has_rounds()) return;
  for (int r = 0; r < game.rounds(); ++r) {
    int out = -1;
    int left = 0;
    for (int s = 0; s < game.players(); ++s) {
      const int points = game.point(r, s);
      if (points == kNoScore) continue;  // before a late arrival
      if (game.out(r, s))
        out = s;
      else
        left += points;
    }
    if (out < 0 || (best && left <= best->left)) continue;
    best = BestRound{game.id, r + 1, game.seats[static_cast<std::size_t>(out)].player, left};
  }
}

void find_closest(const GameResult& game, std::optional<ClosestFinish>& closest) {
  if (game.players() < 2) return;
  const std::vector<int> places = finishing_places(game);
  std::vector<int> order(static_cast<std::size_t>(game.players()));
  for (std::size_t s = 0; s < order.size(); ++s) order[s] = static_cast<int>(s);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return places[static_cast<std::size_t>(a)] < places[static_cast<std::size_t>(b)];
  });
  const SeatResult& first = game.seats[static_cast<std::size_t>(order[0])];
  const SeatResult& second = game.seats[static_cast<std::size_t>(order[1])];
  const int margin = second.total - first.total;
  if (closest && margin >= closest->margin) return;
  using Tie = ClosestFinish::Tie;
  const bool same_place =
      places[static_cast<std::size_t>(order[0])] == places[static_cast<std::size_t>(order[1])];
  closest = ClosestFinish{.game = game.id,
                          .winner = first.player,
                          .runner_up = second.player,
                          .margin = margin,
                          .tie = margin != 0  ? Tie::None
                                 : same_place ? Tie::Shared
                                              : Tie::TieBreak,
                          .total = first.total};
}

}  // namespace

const char* decided_by_name(ClosestFinish::Tie tie) {
  switch (tie) {
    case ClosestFinish::Tie::TieBreak: return "tiebreak";
    case ClosestFinish::Tie::Shared: return "shared";
    case ClosestFinish::Tie::None: break;
  }
  return "points";
}

std::string closest_finish_text(const ClosestFinish& c, const std::string& winner,
                                const std::string& runner_up) {
  const std::string both = " (both on " + std::to_string(c.total) + ")";
  switch (c.tie) {
    case ClosestFinish::Tie::TieBreak:
      return winner + " won the tie-break against " + runner_up + both;
    case ClosestFinish::Tie::Shared: return winner + " and " + runner_up + " shared the win" + both;
    case ClosestFinish::Tie::None: break;
  }
  return winner + " ahead of " + runner_up + " by " + counted(c.margin, "point");
}

Evening evening_of(const std::vector<GameResult>& games, const std::string& date) {
  Evening evening;
  evening.date = date;
  std::vector<GameResult> before;
  std::vector<GameResult> tonight;
  for (const GameResult& g : games) {
    if (g.date < date) before.push_back(g);
    if (g.date == date) tonight.push_back(g);
  }
  std::map<std::int64_t, int> outs;
  std::vector<std::int64_t> players;  // in the order they first sat down tonight
  for (const GameResult& g : tonight) {
    GameLine line{g.id, {}, 0};
    for (const SeatResult& s : g.seats) {
      if (s.winner) {
        line.winners.push_back(s.player);
        line.winning_total = s.total;
      }
      outs[s.player] += s.outs;
      if (std::find(players.begin(), players.end(), s.player) == players.end())
        players.push_back(s.player);
    }
    evening.games.push_back(std::move(line));
    find_best_round(g, evening.best_round);
    find_closest(g, evening.closest_finish);
  }
  evening.biggest_comeback = find_records(tonight, Period{date, date, date}).biggest_comeback;

  int most = 0;
  for (const auto& [player, n] : outs) most = std::max(most, n);
  for (std::int64_t p : players) {
    if (most > 0 && outs[p] == most) evening.most_outs.push_back({p, most});
  }

  const RatingReplay start = replay_ratings(before);
  RatingReplay end = start;
  for (const GameResult& g : tonight) extend_replay(end, g);
  for (std::int64_t p : players) {
    const auto was = start.current.find(p);
    const Rating before_rating = was == start.current.end() ? RatingModel{}.initial() : was->second;
    evening.ratings.push_back({p, before_rating.ordinal(), end.current.at(p).ordinal()});
  }
  std::stable_sort(
      evening.ratings.begin(), evening.ratings.end(),
      [](const RatingChange& a, const RatingChange& b) { return a.change() > b.change(); });
  return evening;
}

std::string_view ratings_order_text() {
  return "Ordered by the change tonight, the biggest gain first.";
}

}  // namespace crowns::tonight
