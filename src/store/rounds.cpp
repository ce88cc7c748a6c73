#include "store/rounds.hpp"

#include <algorithm>

#include "crowns/plural.hpp"
#include "crowns/rules.hpp"
#include "store/audit.hpp"
#include "store/db.hpp"
#include "store/game_log.hpp"
#include "store/versions.hpp"

namespace crowns::store {

namespace {

std::vector<std::pair<int, ScoreCell>> cells_of(const std::vector<SeatScore>& scores) {
  std::vector<std::pair<int, ScoreCell>> cells;
  cells.reserve(scores.size());
  for (const auto& s : scores) cells.emplace_back(s.seat, log::to_cell(s.entry));
  return cells;
}

std::vector<int> seats_with_tiebreak(const Game& game) {
  std::vector<int> seats;
  for (const auto& s : game.seats) {
    if (s.tiebreak) seats.push_back(s.seat);
  }
  return seats;
}

void clear_tiebreak(const Database& db, std::int64_t game_id, const std::vector<int>& seats) {
  auto stmt = db.prepare("UPDATE seats SET tiebreak = NULL WHERE game_id = ? AND seat = ?");
  for (int seat : seats) {
    stmt.reset();
    stmt.bind_all(game_id, seat).run();
  }
}

// The tie-break scores an edit must drop: none while every player still tied for the lowest
// total played the tie-break (their scores in it still order them), else all of them.
std::vector<int> stale_tiebreak(const Game& before, const Game& edited) {
  std::vector<int> played = seats_with_tiebreak(before);
  if (played.empty()) return {};
  const auto leaders = edited.standings().leaders;
  const bool still_tied =
      leaders.size() >= 2 && std::all_of(leaders.begin(), leaders.end(), [&](int seat) {
        return std::find(played.begin(), played.end(), seat) != played.end();
      });
  if (!still_tied) return played;
  std::vector<int> dropped;
  for (int seat : played) {
    if (std::find(leaders.begin(), leaders.end(), seat) == leaders.end()) dropped.push_back(seat);
  }
  return dropped;
}

}  // namespace

std::string round_line(const Game& game, const RoundInfo& round) {
  std::string line;
  for (std::size_t i = 0; i < round.scores.size() && i < game.seats.size(); ++i) {
    if (!game.seats[i].plays(round.round)) continue;  // joined later
    line += (line.empty() ? "" : ", ") + game.seats[i].name + " " + log::cell_text(round.scores[i]);
  }
  return line;
}

Expected<int> require_next_round(const Game& game) {
  if (auto open = log::require_open(game); !open) return open.failure();
  if (!game.next_round()) {
    const std::string id = std::to_string(game.id);
    return Failure{"game " + id + " is finished: all 11 rounds are in, there is no round 12",
                   {.kind = HintKind::FixRound, .game = game.id}};
  }
  return *game.next_round();
}

Expected<int> require_round_is_next(const Game& game, int round) {
  auto next = require_next_round(game);
  if (!next) return next;
  if (round == *next) return round;
  const std::string id = std::to_string(game.id);
  const std::string n = std::to_string(round);
  if (round >= 1 && round < *next) {
    return Failure{"round " + n + " of game " + id + " is in already (" +
                       round_line(game, game.rounds[static_cast<std::size_t>(round - 1)]) +
                       "); the next is round " + std::to_string(*next),
                   {.kind = HintKind::FixRound, .game = game.id, .round = round}};
  }
  return Failure{"game " + id + " records round " + std::to_string(*next) + " next, not round " + n,
                 {.kind = HintKind::RoundIsNext, .game = game.id, .round = *next}};
}

std::optional<std::int64_t> seconds_since_recorded(const Database& db, std::int64_t game_id,
                                                   int round) {
  auto stmt = db.prepare(
      "SELECT CAST(round((julianday(?) - julianday(entered_at)) * 86400) AS INTEGER) "
      "FROM rounds WHERE game_id = ? AND round = ?");
  stmt.bind_all(now_timestamp(), game_id, round);
  if (!stmt.step() || stmt.is_null(0)) return std::nullopt;  // no time: imported without it
  return stmt.int64(0);
}

namespace {

Expected<Change> record_cells(Database& db, const Game& game,
                              const std::vector<std::pair<int, ScoreCell>>& cells,
                              const std::string& how) {
  const auto next = require_next_round(game);
  if (!next) return next.failure();
  const int round = *next;
  db.prepare("INSERT INTO rounds (game_id, round, entered_at) VALUES (?, ?, ?)")
      .bind_all(game.id, round, now_timestamp())
      .run();
  log::write_cells(db, game.id, round, cells);
  clear_draft(db, game.id);
  Game after = log::refresh(db, game.id);
  const RoundInfo info = after.rounds.back();
  const std::string summary = "Round " + std::to_string(round) +
                              " entered: " + round_line(after, info) +
                              (how.empty() ? "" : " (" + how + ")");
  const std::string value = log::dump(log::round_json(after, info, after.seats_at(round)));
  return log::append_change(
      db, std::move(after),
      {.game_id = game.id, .action = "round", .summary = summary, .new_value = value});
}

}  // namespace

Expected<Change> insert_round(Database& db, const Game& game,
                              const std::vector<SeatScore>& scores) {
  return record_cells(db, game, cells_of(scores), "");
}

Expected<Change> record_round_cells(Database& db, const Game& game,
                                    const std::vector<ScoreCell>& cells, const std::string& how) {
  std::vector<std::pair<int, ScoreCell>> by_seat;
  by_seat.reserve(cells.size());
  for (std::size_t s = 0; s < cells.size(); ++s)
    by_seat.emplace_back(static_cast<int>(s), cells[s]);
  return record_cells(db, game, by_seat, how);
}

Expected<RoundInfo> recorded_round(const Game& game, int round) {
  if (round < 1 || round > game.rounds_played()) {
    return Failure{"game " + std::to_string(game.id) + " has no round " + std::to_string(round) +
                   (game.rounds_played() == 0 ? " (no rounds yet)"
                    : game.rounds_played() == 1
                        ? " (only round 1 is in)"
                        : " (rounds 1-" + std::to_string(game.rounds_played()) + " are in)")};
  }
  return game.rounds[static_cast<std::size_t>(round - 1)];
}

Expected<Change> edit_round(Database& db, const Game& game, int round,
                            const std::vector<SeatScore>& scores) {
  if (auto open = log::require_open(game); !open) return open.failure();
  const auto recorded = recorded_round(game, round);
  if (!recorded) return recorded.failure();
  const RoundInfo& before = *recorded;
  std::vector<int> changed;
  RoundInfo updated = before;
  for (const auto& s : scores) {
    const auto& seat = game.seats[static_cast<std::size_t>(s.seat)];
    if (!seat.plays(round)) {
      return Failure{seat.name + " joined game " + std::to_string(game.id) + " at round " +
                     std::to_string(seat.joined_round) + " and has no score in round " +
                     std::to_string(round)};
    }
  }
  for (const auto& s : scores) {
    const ScoreCell cell = log::to_cell(s.entry);
    const ScoreCell& old = before.scores[static_cast<std::size_t>(s.seat)];
    if (cell.points == old.points && cell.went_out == old.went_out && cell.hand == old.hand)
      continue;
    changed.push_back(s.seat);
    updated.scores[static_cast<std::size_t>(s.seat)] = cell;
  }
  if (changed.empty()) {
    return Failure{"nothing to change: round " + std::to_string(round) + " already reads " +
                   round_line(game, before)};
  }
  log::write_cells(db, game.id, round, cells_of(scores));
  // A tie-break ordered particular tied players. While those still tied all played it, it
  // still orders them; a player who left the tie loses a score that no longer means anything,
  // and if someone new is tied the whole tie-break goes. Dropped scores stay in the old value.
  log::Json old_value = log::round_json(game, before, changed);
  Game edited = game;
  edited.rounds[static_cast<std::size_t>(round - 1)] = updated;
  const std::vector<int> dropped = stale_tiebreak(game, edited);
  std::string extra;
  if (!dropped.empty()) {
    old_value["tiebreak"] = log::tiebreak_json(game, dropped);
    clear_tiebreak(db, game.id, dropped);
    std::string names;
    for (int seat : dropped) {
      names += (names.empty() ? "" : ", ") + game.seats[static_cast<std::size_t>(seat)].name;
    }
    extra = dropped.size() == seats_with_tiebreak(game).size()
                ? " (the tie changed, so the tie-break was cleared)"
                : " (no longer tied, so the tie-break score of " + names + " was cleared)";
  }
  Game after = log::refresh(db, game.id);
  std::string what;
  for (int seat : changed) {
    const auto i = static_cast<std::size_t>(seat);
    what += (what.empty() ? "" : ", ") + after.seats[i].name + " " +
            log::cell_text(before.scores[i]) + " -> " + log::cell_text(updated.scores[i]);
  }
  const std::string summary = "Round " + std::to_string(round) + " edited: " + what + extra;
  const std::string value = log::dump(log::round_json(after, updated, changed));
  return log::append_change(db, std::move(after),
                            {.game_id = game.id,
                             .action = "edit",
                             .summary = summary,
                             .old_value = log::dump(old_value),
                             .new_value = value});
}

Expected<Standings> check_tiebreak(const Game& game) {
  const std::string id = std::to_string(game.id);
  if (game.status != GameStatus::Finished) {
    return Failure{"game " + id + " is " + std::string(status_name(game.status)) +
                   "; the tie-break comes after round " + std::to_string(kRounds)};
  }
  Standings st = game.standings();
  if (!st.tied) {
    return Failure{"game " + id + " has no tie to break: " +
                   game.seats[static_cast<std::size_t>(st.leaders.front())].name + " won"};
  }
  return st;
}

Expected<Change> insert_tiebreak(Database& db, const Game& game,
                                 const std::vector<SeatScore>& scores) {
  auto standings = check_tiebreak(game);
  if (!standings) return standings.failure();
  const Standings& st = *standings;
  std::vector<int> given;
  given.reserve(scores.size());
  for (const auto& s : scores) given.push_back(s.seat);
  std::sort(given.begin(), given.end());
  if (given != st.leaders) return Failure{"the tie-break needs a score for each tied player"};
  log::Json old_value = log::Json::object();
  log::Json new_value = log::Json::object();
  std::string line;
  auto stmt = db.prepare("UPDATE seats SET tiebreak = ? WHERE game_id = ? AND seat = ?");
  for (const auto& s : scores) {
    const auto& seat = game.seats[static_cast<std::size_t>(s.seat)];
    old_value[seat.name] = seat.tiebreak ? log::Json(*seat.tiebreak) : log::Json(nullptr);
    new_value[seat.name] = s.entry.points;
    line += (line.empty() ? "" : ", ") + seat.name + " " + log::cell_text(log::to_cell(s.entry));
    stmt.reset();
    stmt.bind_all(s.entry.points, game.id, s.seat).run();
  }
  clear_draft(db, game.id);
  Game after = log::refresh(db, game.id);
  return log::append_change(db, std::move(after),
                            {.game_id = game.id,
                             .action = "tiebreak",
                             .summary = "Tie-break entered: " + line,
                             .old_value = log::dump(old_value),
                             .new_value = log::dump(new_value)});
}

Expected<void> check_abandon(const Game& game) {
  const std::string id = std::to_string(game.id);
  if (game.status == GameStatus::Abandoned) return Failure{"game " + id + " is already abandoned"};
  if (game.status == GameStatus::Finished) {
    return Failure{"game " + id + " is finished", {.kind = HintKind::DeleteGame, .game = game.id}};
  }
  return {};
}

Expected<Change> abandon_game(Database& db, const Game& game) {
  const std::string id = std::to_string(game.id);
  if (auto allowed = check_abandon(game); !allowed) return allowed.failure();
  db.prepare("UPDATE games SET status = 'abandoned' WHERE id = ?").bind_all(game.id).run();
  clear_draft(db, game.id);
  Game after = log::refresh(db, game.id);
  return log::append_change(
      db, std::move(after),
      {.game_id = game.id,
       .action = "abandon",
       .summary = "Game " + id + " abandoned after " + counted(game.rounds_played(), "round"),
       .old_value = log::dump(log::Json{{"status", "active"}}),
       .new_value = log::dump(log::Json{{"status", "abandoned"}})});
}

Expected<Change> reopen_game(Database& db, const Game& game) {
  const std::string id = std::to_string(game.id);
  if (game.status != GameStatus::Abandoned) {
    return Failure{"game " + id + " is " + std::string(status_name(game.status)) +
                   ", not abandoned: there is nothing to reopen"};
  }
  db.prepare("UPDATE games SET status = 'active' WHERE id = ?").bind_all(game.id).run();
  Game after = log::refresh(db, game.id);
  const std::string status(status_name(after.status));
  const std::string summary = "Game " + id + " reopened after " +
                              counted(game.rounds_played(), "round") + " (it is " + status +
                              " again)";
  AuditEntry entry{.game_id = game.id,
                   .action = "reopen",
                   .summary = summary,
                   .old_value = log::dump(log::Json{{"status", "abandoned"}}),
                   .new_value = log::dump(log::Json{{"status", status}})};
  return log::append_change(db, std::move(after), std::move(entry));
}

Change erase_game(Database& db, const Game& game) {
  AuditEntry entry = append_audit(db, {.game_id = game.id,
                                       .action = "delete",
                                       .summary = "Game " + std::to_string(game.id) + " deleted",
                                       .old_value = log::dump(log::game_json(game))});
  // What the deletion had seen travels with it: a version of the game it includes never
  // brings the game back (store/versions.hpp).
  versions::set_tombstone(db, game.uuid, versions::game_version(db, game.id));
  db.prepare("DELETE FROM games WHERE id = ?").bind_all(game.id).run();
  return Change{std::nullopt, std::move(entry)};
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

void save_draft_value(Database& db, std::int64_t game_id, int round, int seat,
                      const std::string& value) {
  db.prepare(
        "INSERT INTO drafts (game_id, round, seat, value) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (game_id, seat) DO UPDATE SET round = excluded.round, value = excluded.value")
      .bind_all(game_id, round, seat, value)
      .run();
}

void clear_draft(Database& db, std::int64_t game_id, std::optional<int> from_seat) {
  db.prepare("DELETE FROM drafts WHERE game_id = ? AND seat >= ?")
      .bind_all(game_id, from_seat.value_or(0))
      .run();
}

}  // namespace crowns::store
