#include "store/rounds.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "crowns/rules.hpp"
#include "store/audit.hpp"
#include "store/db.hpp"

namespace crowns::store {
namespace {

using Json = nlohmann::ordered_json;

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

Json cell_json(const Game& game, int seat, const ScoreCell& cell) {
  return Json{{"seat", seat},
              {"player", game.seats[static_cast<std::size_t>(seat)].name},
              {"points", cell.points},
              {"went_out", cell.went_out},
              {"hand", cell.hand ? Json(*cell.hand) : Json(nullptr)}};
}

Json round_json(const Game& game, const RoundInfo& round, const std::vector<int>& seats) {
  Json scores = Json::array();
  for (int seat : seats) scores.push_back(cell_json(game, seat, round.scores[static_cast<std::size_t>(seat)]));
  return Json{{"round", round.round}, {"scores", scores}};
}

std::vector<int> all_seats(const Game& game) {
  std::vector<int> seats;
  for (const auto& s : game.seats) seats.push_back(s.seat);
  return seats;
}

Json game_json(const Game& game) {
  Json players = Json::array();
  for (const auto& s : game.seats) {
    players.push_back(Json{{"seat", s.seat}, {"player_id", s.player_id}, {"name", s.name},
                           {"tiebreak", s.tiebreak ? Json(*s.tiebreak) : Json(nullptr)}});
  }
  Json rounds = Json::array();
  for (const auto& r : game.rounds) rounds.push_back(round_json(game, r, all_seats(game)));
  return Json{{"id", game.id},
              {"date", game.date},
              {"status", status_name(game.status)},
              {"boxes", game.boxes},
              {"first_dealer", game.first_dealer},
              {"note", game.note ? Json(*game.note) : Json(nullptr)},
              {"seats", players},
              {"rounds", rounds}};
}

ScoreCell to_cell(const ScoreEntry& e) {
  ScoreCell cell{e.points, e.went_out, std::nullopt};
  if (!e.hand.empty()) cell.hand = entry_text(e);
  return cell;
}

std::string cell_text(const ScoreCell& cell) {
  if (cell.went_out) return "0*";
  if (cell.hand) return std::to_string(cell.points) + " (" + *cell.hand + ")";
  return std::to_string(cell.points);
}

// Rewrites what is derived from the scores: status, totals, winners, and "touched".
Game refresh(const Database& db, std::int64_t id) {
  Game game = *load_game(db, id);
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

Expected<void> require_open(const Game& game) {
  if (game.status == GameStatus::Abandoned) {
    return Failure{"game " + std::to_string(game.id) + " was abandoned; it can only be deleted "
                   "(crowns delete " + std::to_string(game.id) + ")"};
  }
  return {};
}

void write_scores(const Database& db, const Game& game, int round, const std::vector<SeatScore>& scores) {
  auto stmt = db.prepare(
      "INSERT INTO scores (game_id, round, seat, points, went_out, hand) VALUES (?, ?, ?, ?, ?, ?) "
      "ON CONFLICT (game_id, round, seat) DO UPDATE SET points = excluded.points, "
      "  went_out = excluded.went_out, hand = excluded.hand");
  for (const auto& s : scores) {
    const ScoreCell cell = to_cell(s.entry);
    stmt.reset();
    stmt.bind_all(game.id, round, s.seat, cell.points, cell.went_out, cell.hand).run();
  }
}

}  // namespace

std::string round_line(const Game& game, const RoundInfo& round) {
  std::string line;
  for (std::size_t i = 0; i < round.scores.size() && i < game.seats.size(); ++i) {
    line += (i ? ", " : "") + game.seats[i].name + " " + cell_text(round.scores[i]);
  }
  return line;
}

Expected<int> require_next_round(const Game& game) {
  if (auto open = require_open(game); !open) return Failure{open.error()};
  if (!game.next_round()) {
    const std::string id = std::to_string(game.id);
    return Failure{"game " + id + " is finished: all 11 rounds are in, there is no round 12 "
                   "(fix a round with: crowns edit ROUND NAME=VALUE)"};
  }
  return *game.next_round();
}

Expected<Game> record_round(const Database& db, const Game& game, const std::vector<SeatScore>& scores) {
  const auto next = require_next_round(game);
  if (!next) return Failure{next.error()};
  const int round = *next;
  db.prepare("INSERT INTO rounds (game_id, round, entered_at) VALUES (?, ?, ?)")
      .bind_all(game.id, round, now_timestamp())
      .run();
  write_scores(db, game, round, scores);
  clear_draft(db, game.id);
  Game after = refresh(db, game.id);
  const RoundInfo& info = after.rounds.back();
  append_audit(db, {0, {}, game.id, "round",
                    "Round " + std::to_string(round) + " entered: " + round_line(after, info),
                    std::nullopt, dump(round_json(after, info, all_seats(after)))});
  return after;
}

Expected<Game> edit_round(const Database& db, const Game& game, int round,
                          const std::vector<SeatScore>& scores) {
  if (auto open = require_open(game); !open) return Failure{open.error()};
  if (round < 1 || round > game.rounds_played()) {
    return Failure{"game " + std::to_string(game.id) + " has no round " + std::to_string(round) +
                   (game.rounds_played() == 0 ? " (no rounds yet)"
                                              : " (rounds 1-" + std::to_string(game.rounds_played()) + " are in)")};
  }
  const RoundInfo& before = game.rounds[static_cast<std::size_t>(round - 1)];
  std::vector<int> changed;
  RoundInfo updated = before;
  for (const auto& s : scores) {
    const ScoreCell cell = to_cell(s.entry);
    const ScoreCell& old = before.scores[static_cast<std::size_t>(s.seat)];
    if (cell.points == old.points && cell.went_out == old.went_out && cell.hand == old.hand) continue;
    changed.push_back(s.seat);
    updated.scores[static_cast<std::size_t>(s.seat)] = cell;
  }
  if (changed.empty()) {
    return Failure{"nothing to change: round " + std::to_string(round) + " already reads " +
                   round_line(game, before)};
  }
  write_scores(db, game, round, scores);
  // A tie-break decided a tie among particular players; if the edit changes who is tied,
  // that result no longer means anything, so it goes (kept in this entry's old value).
  Json old_value = round_json(game, before, changed);
  const auto tied_before = game.standings().leaders;
  Game probe = game;
  probe.rounds[static_cast<std::size_t>(round - 1)] = updated;
  const bool had_tiebreak = std::any_of(game.seats.begin(), game.seats.end(),
                                        [](const SeatInfo& s) { return s.tiebreak.has_value(); });
  std::string extra;
  if (had_tiebreak && probe.standings().leaders != tied_before) {
    Json tb = Json::object();
    for (const auto& s : game.seats) {
      if (s.tiebreak) tb[s.name] = *s.tiebreak;
    }
    old_value["tiebreak"] = tb;
    db.prepare("UPDATE seats SET tiebreak = NULL WHERE game_id = ?").bind_all(game.id).run();
    extra = " (the tie changed, so the tie-break was cleared)";
  }
  Game after = refresh(db, game.id);
  std::string what;
  for (int seat : changed) {
    const auto i = static_cast<std::size_t>(seat);
    what += (what.empty() ? "" : ", ") + after.seats[i].name + " " + cell_text(before.scores[i]) +
            " -> " + cell_text(updated.scores[i]);
  }
  append_audit(db, {0, {}, game.id, "edit",
                    "Round " + std::to_string(round) + " edited: " + what + extra,
                    dump(old_value), dump(round_json(after, updated, changed))});
  return after;
}

Expected<std::string> undo_last(const Database& db, const Game& game) {
  const std::string id = std::to_string(game.id);
  if (auto open = require_open(game); !open) return Failure{open.error()};
  std::string tiebreak;
  Json old_tb = Json::object();
  for (const auto& s : game.seats) {
    if (!s.tiebreak) continue;
    tiebreak += (tiebreak.empty() ? "" : ", ") + s.name + " " + std::to_string(*s.tiebreak);
    old_tb[s.name] = *s.tiebreak;
  }
  std::string summary;
  if (!tiebreak.empty()) {
    db.prepare("UPDATE seats SET tiebreak = NULL WHERE game_id = ?").bind_all(game.id).run();
    summary = "Removed the tie-break of game " + id + ": " + tiebreak;
    append_audit(db, {0, {}, game.id, "undo", summary, dump(Json{{"tiebreak", old_tb}}), std::nullopt});
  } else {
    if (game.rounds.empty()) {
      return Failure{"game " + id + " has no rounds to undo (crowns delete " + id +
                     " removes the game)"};
    }
    const RoundInfo& last = game.rounds.back();
    db.prepare("DELETE FROM rounds WHERE game_id = ? AND round = ?").bind_all(game.id, last.round).run();
    summary = "Removed round " + std::to_string(last.round) + " of game " + id + ": " +
              round_line(game, last);
    append_audit(db, {0, {}, game.id, "undo", summary, dump(round_json(game, last, all_seats(game))),
                      std::nullopt});
  }
  clear_draft(db, game.id);
  refresh(db, game.id);
  return summary;
}

Expected<Game> record_tiebreak(const Database& db, const Game& game, const std::vector<SeatScore>& scores) {
  const std::string id = std::to_string(game.id);
  if (game.status != GameStatus::Finished) {
    return Failure{"game " + id + " is not finished; the tie-break comes after round 11"};
  }
  const Standings st = game.standings();
  if (st.leaders.size() < 2) {
    return Failure{"game " + id + " has no tie to break: " +
                   game.seats[static_cast<std::size_t>(st.leaders.front())].name + " won"};
  }
  std::vector<int> given;
  for (const auto& s : scores) given.push_back(s.seat);
  std::sort(given.begin(), given.end());
  if (given != st.leaders) return Failure{"the tie-break needs a score for each tied player"};
  Json old_value = Json::object();
  Json new_value = Json::object();
  std::string line;
  auto stmt = db.prepare("UPDATE seats SET tiebreak = ? WHERE game_id = ? AND seat = ?");
  for (const auto& s : scores) {
    const auto& seat = game.seats[static_cast<std::size_t>(s.seat)];
    old_value[seat.name] = seat.tiebreak ? Json(*seat.tiebreak) : Json(nullptr);
    new_value[seat.name] = s.entry.points;
    line += (line.empty() ? "" : ", ") + seat.name + " " + cell_text(to_cell(s.entry));
    stmt.reset();
    stmt.bind_all(s.entry.points, game.id, s.seat).run();
  }
  clear_draft(db, game.id);
  Game after = refresh(db, game.id);
  append_audit(db, {0, {}, game.id, "tiebreak", "Tie-break entered: " + line, dump(old_value),
                    dump(new_value)});
  return after;
}

Expected<void> abandon_game(const Database& db, const Game& game) {
  const std::string id = std::to_string(game.id);
  if (game.status == GameStatus::Abandoned) return Failure{"game " + id + " is already abandoned"};
  if (game.status == GameStatus::Finished) {
    return Failure{"game " + id + " is finished; to drop it use: crowns delete " + id};
  }
  db.prepare("UPDATE games SET status = 'abandoned' WHERE id = ?").bind_all(game.id).run();
  clear_draft(db, game.id);
  refresh(db, game.id);
  append_audit(db, {0, {}, game.id, "abandon",
                    "Game " + id + " abandoned after " + std::to_string(game.rounds_played()) + " rounds",
                    dump(Json{{"status", "active"}}), dump(Json{{"status", "abandoned"}})});
  return {};
}

void delete_game(const Database& db, const Game& game) {
  append_audit(db, {0, {}, game.id, "delete", "Game " + std::to_string(game.id) + " deleted",
                    dump(game_json(game)), std::nullopt});
  db.prepare("DELETE FROM games WHERE id = ?").bind_all(game.id).run();
}

Draft load_draft(const Database& db, std::int64_t game_id) {
  Draft draft;
  auto stmt = db.prepare("SELECT round, seat, value FROM drafts WHERE game_id = ? ORDER BY seat");
  stmt.bind_all(game_id);
  while (stmt.step()) {
    draft.round = stmt.integer(0);
    draft.values.emplace_back(stmt.integer(1), stmt.text(2));
  }
  return draft;
}

void save_draft_value(const Database& db, std::int64_t game_id, int round, int seat, const std::string& value) {
  db.prepare(
        "INSERT INTO drafts (game_id, round, seat, value) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (game_id, seat) DO UPDATE SET round = excluded.round, value = excluded.value")
      .bind_all(game_id, round, seat, value)
      .run();
}

void clear_draft(const Database& db, std::int64_t game_id, std::optional<int> from_seat) {
  db.prepare("DELETE FROM drafts WHERE game_id = ? AND seat >= ?")
      .bind_all(game_id, from_seat.value_or(0))
      .run();
}

}  // namespace crowns::store
