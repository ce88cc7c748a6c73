#include "crowns/profile.hpp"

#include <algorithm>
#include <unordered_map>

namespace crowns {

std::optional<double> Profile::round_average(int round) const {
  const auto r = static_cast<std::size_t>(round - 1);
  if (round < 1 || round > kRounds || round_games[r] == 0) return std::nullopt;
  return static_cast<double>(round_points[r]) / round_games[r];
}

namespace {

// `places`: the game's order of finish (finishing_places), so that a tie the tie-break decided
// counts as it does on every screen and in the ratings.
void count_versus(Versus& v, const GameResult& game, const std::vector<int>& places, int me,
                  int them) {
  const auto& mine = game.seats[static_cast<std::size_t>(me)];
  const auto& theirs = game.seats[static_cast<std::size_t>(them)];
  const int my_place = places[static_cast<std::size_t>(me)];
  const int their_place = places[static_cast<std::size_t>(them)];
  ++v.games;
  if (my_place < their_place) ++v.lower;
  if (my_place > their_place) ++v.higher;
  if (my_place == their_place) ++v.equal;
  v.wins += mine.winner ? 1 : 0;
  v.opponent_wins += theirs.winner ? 1 : 0;
  v.points += mine.total;
  v.opponent_points += theirs.total;
  v.last = game.date;
}

}  // namespace

Profile player_profile(const std::vector<GameResult>& games, const RatingReplay& replay,
                       const Period& period, std::int64_t player) {
  Profile p;
  p.player = player;
  int win_streak = 0;
  int losing_streak = 0;
  std::unordered_map<std::int64_t, std::size_t> versus_index;
  for (std::size_t g = 0; g < games.size(); ++g) {
    const auto& game = games[g];
    if (period.to && game.date > *period.to) continue;
    const int me = game.seat_of(player);
    if (me < 0) continue;
    const auto seat_index = static_cast<std::size_t>(me);
    p.rating = replay.after[g][seat_index];
    if (!period.contains(game.date)) continue;
    const auto& seat = game.seats[seat_index];
    p.rating_history.push_back(p.rating.ordinal());
    ++p.games;
    p.points += seat.total;
    if (seat.winner) {
      ++p.wins;
      losing_streak = 0;
      p.longest_win_streak = std::max(p.longest_win_streak, ++win_streak);
    } else {
      win_streak = 0;
      p.longest_losing_streak = std::max(p.longest_losing_streak, ++losing_streak);
    }
    const GameMark mark{game.id, game.date, seat.total};
    if (!p.best || seat.total < p.best->total) p.best = mark;
    if (!p.worst || seat.total > p.worst->total) p.worst = mark;
    int highest_total = seat.total;
    int lowest_total = seat.total;
    for (const auto& s : game.seats) {
      highest_total = std::max(highest_total, s.total);
      lowest_total = std::min(lowest_total, s.total);
    }
    // Everyone level is nobody's last place.
    if (seat.total == highest_total && highest_total > lowest_total) ++p.highest;
    p.outs += seat.outs;
    if (game.has_rounds()) {
      for (int r = 0; r < game.rounds() && r < kRounds; ++r) {
        if (game.point(r, me) == kNoScore) continue;  // before a late arrival
        ++p.rounds;
        // By card count: a down game's first round is the 13-card one (round_points).
        const auto deal = game.deal(r + 1);
        const auto at = static_cast<std::size_t>(deal ? deal->cards - cards_in_round(1) : r);
        p.round_points[at] += game.point(r, me);
        ++p.round_games[at];
      }
    } else {
      p.rounds += kRounds;
    }
    const std::vector<int> places = finishing_places(game);
    for (int s = 0; s < game.players(); ++s) {
      if (s == me) continue;
      const std::int64_t other = game.seats[static_cast<std::size_t>(s)].player;
      auto [it, added] = versus_index.try_emplace(other, p.opponents.size());
      if (added) p.opponents.push_back({other, 0, 0, 0, 0, 0, 0, 0, 0, {}});
      count_versus(p.opponents[it->second], game, places, me, s);
    }
  }
  std::stable_sort(p.opponents.begin(), p.opponents.end(),
                   [](const Versus& a, const Versus& b) { return a.games > b.games; });
  return p;
}

Versus head_to_head(const std::vector<GameResult>& games, const Period& period, std::int64_t a,
                    std::int64_t b) {
  Versus v;
  v.opponent = b;
  for (const auto& game : games) {
    if (!period.contains(game.date)) continue;
    const int sa = game.seat_of(a);
    const int sb = game.seat_of(b);
    if (sa >= 0 && sb >= 0) count_versus(v, game, finishing_places(game), sa, sb);
  }
  return v;
}

namespace {

// A record reached in `game`, with the game's rules and, when it has a round, that round's
// wild under the game's order (a down game's round 1 is Kings).
Record held(const GameResult& game, std::int64_t player, int value, int round = 0) {
  const auto deal = round > 0 ? game.deal(round) : std::nullopt;
  return Record{.game = game.id,
                .date = game.date,
                .player = player,
                .value = value,
                .round = round,
                .rules = game.rules,
                .wild_rank = deal ? deal->wild_rank : 0,
                .shared = {}};
}

}  // namespace

Records find_records(const std::vector<GameResult>& games, const Period& period) {
  Records rec;
  auto beat = [](std::optional<Record>& holder, const Record& candidate, bool lower_is_better) {
    if (!holder ||
        (lower_is_better ? candidate.value < holder->value : candidate.value > holder->value)) {
      holder = candidate;
    } else if (candidate.value == holder->value) {
      holder->shared.push_back({.game = candidate.game,
                                .date = candidate.date,
                                .player = candidate.player,
                                .round = candidate.round,
                                .rules = candidate.rules,
                                .wild_rank = candidate.wild_rank});
    }
  };
  for (const auto& game : games) {
    if (!period.contains(game.date)) continue;
    ++rec.games;
    for (int s = 0; s < game.players(); ++s) {
      const auto& seat = game.seats[static_cast<std::size_t>(s)];
      if (seat.winner) beat(rec.lowest_winning_total, held(game, seat.player, seat.total), true);
      beat(rec.highest_total, held(game, seat.player, seat.total), false);
      if (seat.outs > 0) beat(rec.most_outs, held(game, seat.player, seat.outs), false);
    }
    if (!game.has_rounds()) continue;
    std::vector<int> running(game.seats.size(), 0);
    for (int r = 0; r < game.rounds(); ++r) {
      for (int s = 0; s < game.players(); ++s) {
        const int points = game.point(r, s);
        if (points == kNoScore) continue;  // before a late arrival
        running[static_cast<std::size_t>(s)] += points;
        if (points > 0) {
          beat(rec.highest_round,
               held(game, game.seats[static_cast<std::size_t>(s)].player, points, r + 1), false);
        }
      }
      if (r + 1 >= game.rounds()) break;  // after the last round the winner leads
      const int leader = *std::min_element(running.begin(), running.end());
      for (int s = 0; s < game.players(); ++s) {
        const auto& seat = game.seats[static_cast<std::size_t>(s)];
        const int deficit = running[static_cast<std::size_t>(s)] - leader;
        if (seat.winner && deficit > 0)
          beat(rec.biggest_comeback, held(game, seat.player, deficit, r + 1), false);
      }
    }
  }
  return rec;
}

}  // namespace crowns
