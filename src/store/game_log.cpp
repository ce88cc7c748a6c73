#include "store/game_log.hpp"

#include <algorithm>

#include "crowns/json_line.hpp"
#include "crowns/rules.hpp"
#include "store/db.hpp"
#include "store/house_rules.hpp"

namespace crowns::store::log {

std::string dump(const Json& j) {
  return json_line(j);
}

namespace {

Json cell_json(const Game& game, int seat, const ScoreCell& cell) {
  return Json{{"seat", seat},
              {"player", game.seats[static_cast<std::size_t>(seat)].name},
              {"points", cell.points},
              {"went_out", cell.went_out},
              {"hand", cell.hand ? Json(*cell.hand) : Json(nullptr)}};
}

}  // namespace

Json round_json(const Game& game, const RoundInfo& round, const std::vector<int>& seats) {
  Json scores = Json::array();
  for (int seat : seats)
    scores.push_back(cell_json(game, seat, round.scores[static_cast<std::size_t>(seat)]));
  return Json{{"round", round.round}, {"scores", scores}};
}

Json game_json(const Game& game) {
  Json players = Json::array();
  for (const auto& s : game.seats) {
    players.push_back(Json{{"seat", s.seat},
                           {"player_id", s.player_id},
                           {"name", s.name},
                           {"tiebreak", s.tiebreak ? Json(*s.tiebreak) : Json(nullptr)}});
    if (s.joined_round > 1) {
      players.back()["joined_round"] = s.joined_round;
      players.back()["start_total"] = s.start_total;
    }
  }
  Json rounds = Json::array();
  for (const auto& r : game.rounds) rounds.push_back(round_json(game, r, game.seats_at(r.round)));
  return Json{{"id", game.id},
              {"uuid", game.uuid},
              {"date", game.date},
              {"status", status_name(game.status)},
              {"boxes", game.boxes},
              {"first_dealer", game.first_dealer},
              {"note", game.note ? Json(*game.note) : Json(nullptr)},
              {"seats", players},
              {"rounds", rounds}};
}

Json tiebreak_json(const Game& game, const std::vector<int>& seats) {
  Json scores = Json::object();
  for (int seat : seats) {
    const auto& s = game.seats[static_cast<std::size_t>(seat)];
    scores[s.name] = s.tiebreak ? Json(*s.tiebreak) : Json(nullptr);
  }
  return scores;
}

ScoreCell to_cell(const ScoreEntry& entry) {
  ScoreCell cell{entry.points, entry.went_out, std::nullopt};
  if (!entry.hand.empty()) cell.hand = hand_text(entry.hand);
  return cell;
}

std::string cell_text(const ScoreCell& cell) {
  if (cell.went_out) return "0*";
  if (cell.hand) return std::to_string(cell.points) + " (" + *cell.hand + ")";
  return std::to_string(cell.points);
}

ScoreCell cell_from_json(const Json& item) {
  ScoreCell cell;
  cell.points = item.value("points", 0);
  cell.went_out = item.value("went_out", false);
  if (item.contains("hand") && item["hand"].is_string())
    cell.hand = item["hand"].get<std::string>();
  return cell;
}

void write_cells(Database& db, std::int64_t game_id, int round,
                 const std::vector<std::pair<int, ScoreCell>>& cells) {
  auto stmt = db.prepare(
      "INSERT INTO scores (game_id, round, seat, points, went_out, hand) VALUES (?, ?, ?, ?, ?, ?) "
      "ON CONFLICT (game_id, round, seat) DO UPDATE SET points = excluded.points, "
      "  went_out = excluded.went_out, hand = excluded.hand");
  for (const auto& [seat, cell] : cells) {
    stmt.reset();
    stmt.bind_all(game_id, round, seat, cell.points, cell.went_out, cell.hand).run();
  }
}

Game refresh(Database& db, std::int64_t id) {
  Game game = *load_game(db, id);
  deal_due_rounds(db, game);  // a random order's next round, once the one before is in
  if (game.status != GameStatus::Abandoned) {
    game.status = game.rounds_played() == kRounds ? GameStatus::Finished : GameStatus::Active;
  }
  const Standings st = game.standings();
  auto seat = db.prepare("UPDATE seats SET total = ?, winner = ? WHERE game_id = ? AND seat = ?");
  for (const auto& s : game.seats) {
    const bool won = std::find(st.winners.begin(), st.winners.end(), s.seat) != st.winners.end();
    seat.reset();
    seat.bind_all(st.totals[static_cast<std::size_t>(s.seat)], won, id, s.seat).run();
  }
  db.prepare(
        "UPDATE games SET status = ?1, "
        "  finished_at = CASE WHEN ?1 = 'finished' THEN coalesce(finished_at, ?2) END, "
        "  touched = (SELECT max(touched) + 1 FROM games) WHERE id = ?3")
      .bind_all(status_name(game.status), now_timestamp(), id)
      .run();
  return game;
}

Change append_change(Database& db, Game after, AuditEntry entry) {
  return Change{std::move(after), append_audit(db, std::move(entry))};
}

Expected<void> require_open(const Game& game) {
  if (game.status == GameStatus::Abandoned) {
    const std::string id = std::to_string(game.id);
    return Failure{"game " + id + " was abandoned",
                   {.kind = HintKind::ReopenOrDelete, .game = game.id}};
  }
  return {};
}

}  // namespace crowns::store::log
