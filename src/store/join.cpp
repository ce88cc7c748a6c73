#include "store/join.hpp"

#include <algorithm>

#include "crowns/names.hpp"
#include "crowns/rules.hpp"
#include "store/audit.hpp"
#include "store/db.hpp"
#include "store/game_log.hpp"

namespace crowns::store {

SuggestedTotal suggested_start_total(const Game& game) {
  const Standings st = game.standings();
  SuggestedTotal best;
  for (std::size_t s = 0; s < st.totals.size(); ++s) {
    if (s == 0 || st.totals[s] > best.total) best = {st.totals[s], static_cast<int>(s)};
  }
  return best;
}

Expected<Change> join_game(Database& db, const Game& game, const Arrival& arrival) {
  const std::string id = std::to_string(game.id);
  if (auto open = log::require_open(game); !open) return open.failure();
  const auto next = game.next_round();
  if (!next || game.status != GameStatus::Active) {
    return Failure{"game " + id + " is finished: nobody can join it now",
                   {.kind = HintKind::StartAnotherGame, .game = game.id}};
  }
  if (game.players() + 1 > max_players(game.boxes)) {
    return Failure{"game " + id + " has " + std::to_string(game.players()) + " players, the most " +
                       (game.boxes == 1 ? "one box allows" : "two boxes allow"),
                   {.kind = HintKind::NewGameTwoBoxes, .game = game.id, .count = max_players(2)}};
  }
  if (arrival.total && (*arrival.total < 0 || *arrival.total > kMaxStartTotal)) {
    return Failure{"a starting total of " + std::to_string(*arrival.total) +
                   " is out of range; give 0 to " + std::to_string(kMaxStartTotal)};
  }
  auto player = player_to_seat(db, arrival.name, arrival.add_unknown);
  if (!player) return player.failure();
  for (const auto& s : game.seats) {
    if (s.player_id == player->id) {
      return Failure{player->name + " already plays in game " + id};
    }
  }
  const SuggestedTotal suggested = suggested_start_total(game);
  const int total = arrival.total.value_or(*next == 1 ? 0 : suggested.total);
  if (*next == 1 && total != 0) {
    return Failure{
        "game " + id + " has no rounds yet, so " + player->name + " simply takes a seat with 0",
        {.kind = HintKind::TotalUnderWay}};
  }
  const int seat = game.players();
  db.prepare(
        "INSERT INTO seats (game_id, seat, player_id, joined_round, start_total) "
        "VALUES (?, ?, ?, ?, ?)")
      .bind_all(game.id, seat, player->id, *next == 1 ? std::nullopt : std::optional<int>(*next),
                total)
      .run();
  Game after = log::refresh(db, game.id);
  std::string how;
  if (*next > 1) {
    const std::string& holder = game.seats[static_cast<std::size_t>(suggested.holder)].name;
    how = " at round " + std::to_string(*next) + " with " + std::to_string(total) +
          (total == suggested.total ? " (the highest total, " + holder + "'s)" : "");
  }
  const log::Json value = {
      {"round", *next}, {"seat", seat}, {"player", player->name}, {"start_total", total}};
  return log::append_change(db, std::move(after),
                            {.game_id = game.id,
                             .action = "join",
                             .summary = player->name + " joined game " + id + how,
                             .new_value = log::dump(value)});
}

}  // namespace crowns::store
