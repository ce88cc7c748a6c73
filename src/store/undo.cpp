#include "store/undo.hpp"

#include <algorithm>

#include "crowns/names.hpp"
#include "store/db.hpp"
#include "store/details.hpp"
#include "store/game_log.hpp"
#include "store/house_rules.hpp"
#include "store/rounds.hpp"
#include "store/transfer_db.hpp"
#include "store/versions.hpp"

namespace crowns::store {

namespace {

// What reversing one entry did: the game after it and the undo's entry to write.
struct Reversal {
  std::optional<Game> after;
  std::string summary;
  std::optional<std::string> old_value;
  std::optional<std::string> new_value;
};

std::optional<AuditEntry> newest_change(const Database& db, std::optional<std::int64_t> game_id) {
  auto stmt = db.prepare(
      "SELECT id, at, game_id, action, summary, old_value, new_value FROM audit "
      "WHERE undone_by IS NULL AND action <> 'undo' AND (?1 IS NULL OR game_id = ?1) "
      "ORDER BY id DESC LIMIT 1");
  stmt.bind_all(game_id);
  if (!stmt.step()) return std::nullopt;
  return read_audit_row(stmt);
}

// The id of the newest deletion of game `id` (ids were reused before schema 4), or 0.
std::int64_t last_deletion(const Database& db, std::int64_t id) {
  auto stmt =
      db.prepare("SELECT coalesce(max(id), 0) FROM audit WHERE action = 'delete' AND game_id = ?");
  stmt.bind_all(id);
  return stmt.step() ? stmt.int64(0) : 0;
}

log::Json parse(const std::optional<std::string>& text) {
  if (!text) return log::Json();
  return log::Json::parse(*text, nullptr, false);
}

std::string quoted(const AuditEntry& e) {
  return "#" + std::to_string(e.id) + " \"" + e.summary + "\"";
}

Failure stale(const Game& game, const AuditEntry& e, const std::string& why) {
  return Failure{"the last change of game " + std::to_string(game.id) + ", " + quoted(e) +
                     ", cannot be undone: " + why,
                 {.kind = HintKind::ChangeDirectly, .game = game.id}};
}

bool same_cell(const ScoreCell& a, const ScoreCell& b) {
  return a.points == b.points && a.went_out == b.went_out && a.hand == b.hand;
}

std::optional<int> seat_named(const Game& game, const std::string& name) {
  for (const auto& s : game.seats) {
    if (fold_case(s.name) == fold_case(name)) return s.seat;
  }
  return std::nullopt;
}

// Whether every cell the JSON scores list holds is what round `round` holds now.
bool cells_match(const Game& game, int round, const log::Json& scores) {
  if (round < 1 || round > game.rounds_played() || !scores.is_array()) return false;
  const RoundInfo& info = game.rounds[static_cast<std::size_t>(round - 1)];
  return std::all_of(scores.begin(), scores.end(), [&](const log::Json& item) {
    const int seat = item.value("seat", -1);
    return seat >= 0 && seat < game.players() &&
           same_cell(info.scores[static_cast<std::size_t>(seat)], log::cell_from_json(item));
  });
}

bool has_tiebreak(const Game& game) {
  return std::any_of(game.seats.begin(), game.seats.end(),
                     [](const SeatInfo& s) { return s.tiebreak.has_value(); });
}

// Sets tie-break scores by player name ({"Ann": 5, "Bob": null}); fails on a name no
// longer at the game (renamed since).
Expected<std::string> write_tiebreak(Database& db, const Game& game, const log::Json& scores) {
  auto stmt = db.prepare("UPDATE seats SET tiebreak = ? WHERE game_id = ? AND seat = ?");
  std::string line;
  for (const auto& [name, value] : scores.items()) {
    const auto seat = seat_named(game, name);
    if (!seat) return Failure{name + " is no longer at the game (renamed or merged since)"};
    stmt.reset();
    if (value.is_number_integer()) {
      stmt.bind_all(value.get<int>(), game.id, *seat).run();
      line += (line.empty() ? "" : ", ") + name + " " + std::to_string(value.get<int>());
    } else {
      stmt.bind_all(std::nullopt, game.id, *seat).run();
    }
  }
  return line;
}

Expected<Reversal> reverse_round(Database& db, const Game& game, const AuditEntry& e) {
  const log::Json value = parse(e.new_value);
  const int round = value.is_object() ? value.value("round", 0) : 0;
  if (round != game.rounds_played()) {
    return stale(game, e, "round " + std::to_string(round) + " is no longer the last round");
  }
  if (!cells_match(game, round, value["scores"])) {
    return stale(game, e, "round " + std::to_string(round) + " has been edited since");
  }
  if (has_tiebreak(game)) return stale(game, e, "the game has a tie-break");
  const RoundInfo& last = game.rounds.back();
  db.prepare("DELETE FROM rounds WHERE game_id = ? AND round = ?").bind_all(game.id, round).run();
  return Reversal{log::refresh(db, game.id),
                  "Removed round " + std::to_string(round) + " of game " + std::to_string(game.id) +
                      ": " + round_line(game, last),
                  log::dump(log::round_json(game, last, game.seats_at(round))), std::nullopt};
}

Expected<Reversal> reverse_edit(Database& db, const Game& game, const AuditEntry& e) {
  const log::Json before = parse(e.old_value);
  const log::Json after = parse(e.new_value);
  const int round = after.is_object() ? after.value("round", 0) : 0;
  if (!before.is_object() || !cells_match(game, round, after["scores"])) {
    return stale(game, e, "round " + std::to_string(round) + " has changed since");
  }
  const RoundInfo& now = game.rounds[static_cast<std::size_t>(round - 1)];
  std::vector<std::pair<int, ScoreCell>> cells;
  std::string what;
  for (const auto& item : before["scores"]) {
    const int seat = item.value("seat", -1);
    if (seat < 0 || seat >= game.players()) return stale(game, e, "its seats are gone");
    const ScoreCell cell = log::cell_from_json(item);
    cells.emplace_back(seat, cell);
    what += (what.empty() ? "" : ", ") + game.seats[static_cast<std::size_t>(seat)].name + " " +
            log::cell_text(now.scores[static_cast<std::size_t>(seat)]) + " -> " +
            log::cell_text(cell);
  }
  log::write_cells(db, game.id, round, cells);
  if (before.contains("tiebreak")) {
    auto restored = write_tiebreak(db, game, before["tiebreak"]);
    if (!restored) return stale(game, e, restored.error());
    if (!restored->empty()) what += " (tie-break back: " + *restored + ")";
  }
  return Reversal{log::refresh(db, game.id),
                  "Undid the edit of round " + std::to_string(round) + " of game " +
                      std::to_string(game.id) + ": " + what,
                  e.new_value, e.old_value};
}

Expected<Reversal> reverse_tiebreak(Database& db, const Game& game, const AuditEntry& e) {
  const log::Json before = parse(e.old_value);
  const log::Json after = parse(e.new_value);
  if (!before.is_object() || !after.is_object()) return stale(game, e, "its values are unreadable");
  std::string undone;
  for (const auto& [name, value] : after.items()) {
    const auto seat = seat_named(game, name);
    if (!seat || !value.is_number_integer() ||
        game.seats[static_cast<std::size_t>(*seat)].tiebreak != value.get<int>()) {
      return stale(game, e, "the tie-break has changed since");
    }
    undone += (undone.empty() ? "" : ", ") + name + " " + std::to_string(value.get<int>());
  }
  auto restored = write_tiebreak(db, game, before);
  if (!restored) return stale(game, e, restored.error());
  const std::string id = std::to_string(game.id);
  return Reversal{log::refresh(db, game.id),
                  restored->empty() ? "Removed the tie-break of game " + id + ": " + undone
                                    : "Put back the earlier tie-break of game " + id + ": " +
                                          *restored + " (undid " + undone + ")",
                  e.new_value, e.old_value};
}

Expected<Reversal> reverse_status(Database& db, const Game& game, const AuditEntry& e) {
  const std::string id = std::to_string(game.id);
  const bool abandon = e.action == "abandon";
  if ((game.status == GameStatus::Abandoned) != abandon) {
    return stale(game, e, std::string("the game is ") + std::string(status_name(game.status)));
  }
  db.prepare("UPDATE games SET status = ? WHERE id = ?")
      .bind_all(abandon ? "active" : "abandoned", game.id)
      .run();
  Game after = log::refresh(db, game.id);
  std::string summary = abandon ? "Reopened game " + id + " (undid its abandon): " +
                                      std::string(status_name(after.status)) + " again"
                                : "Abandoned game " + id + " again (undid its reopen)";
  return Reversal{std::move(after), std::move(summary), e.new_value, e.old_value};
}

Expected<Reversal> reverse_details(Database& db, const Game& game, const AuditEntry& e) {
  if (!e.old_value || !e.new_value) return stale(game, e, "its values are missing");
  auto after = revert_details(db, game, *e.new_value, *e.old_value);
  if (!after) return stale(game, e, after.error());
  const std::string prefix = "Game " + std::to_string(game.id) + " details changed: ";
  const std::string what =
      e.summary.rfind(prefix, 0) == 0 ? e.summary.substr(prefix.size()) : e.summary;
  return Reversal{std::move(after).value(),
                  "Put back game " + std::to_string(game.id) + "'s details (undid " + what + ")",
                  e.new_value, e.old_value};
}

Expected<Reversal> reverse_new(Database& db, const Game& game, const AuditEntry& e) {
  if (game.rounds_played() > 0 || game.status != GameStatus::Active) {
    return stale(game, e, "the game has rounds");
  }
  std::string names;
  for (const auto& s : game.seats) names += (names.empty() ? "" : ", ") + s.name;
  const std::string value = log::dump(log::game_json(game));
  // Gone as a deletion is gone: a sync file holding the game as it was does not bring it back.
  versions::set_tombstone(db, game.uuid,
                          versions::with_change_here(db, versions::game_version(db, game.id)));
  db.prepare("DELETE FROM games WHERE id = ?").bind_all(game.id).run();
  return Reversal{std::nullopt,
                  "Removed game " + std::to_string(game.id) + " (" + names +
                      ", no rounds yet): undid its start",
                  value, std::nullopt};
}

// A late arrival leaves again while no round has been played since they joined.
Expected<Reversal> reverse_join(Database& db, const Game& game, const AuditEntry& e) {
  const log::Json value = parse(e.new_value);
  const int seat = value.is_object() ? value.value("seat", -1) : -1;
  const int round = value.is_object() ? value.value("round", 0) : 0;
  if (seat != game.players() - 1) return stale(game, e, "its seat is gone");
  if (game.rounds_played() >= round) {
    return stale(game, e, "round " + std::to_string(round) + " has been played since");
  }
  const SeatInfo& joined = game.seats.back();
  db.prepare("DELETE FROM seats WHERE game_id = ? AND seat = ?").bind_all(game.id, seat).run();
  const std::string id = std::to_string(game.id);
  return Reversal{log::refresh(db, game.id),
                  "Took " + joined.name + " out of game " + id + " (undid their joining)",
                  e.new_value, std::nullopt};
}

// A game a sync brought to another database's version: the version before is put back
// (a change of its own, which the next sync carries like any other).
Expected<Reversal> reverse_sync(Database& db, const Game& game, const AuditEntry& e) {
  if (!e.old_value && e.new_value) {
    // A kept version taken that brought a deleted game back: deleted again, a change of its
    // own that includes the one that brought it back.
    versions::set_tombstone(db, game.uuid,
                            versions::with_change_here(db, versions::game_version(db, game.id)));
    db.prepare("DELETE FROM games WHERE id = ?").bind_all(game.id).run();
    return Reversal{
        std::nullopt,
        "Deleted game " + std::to_string(game.id) + " again (undid \"" + e.summary + "\")",
        e.new_value, std::nullopt};
  }
  if (!e.old_value) return stale(game, e, "the log holds no copy of the game before it");
  auto before = parse_export(*e.old_value);
  if (!before || before->games.size() != 1) return stale(game, e, "its copy in the log is damaged");
  const ExportGame& was = before->games.front();
  // A kept version taken under other rules brought them: the rules before come back too.
  write_game_content(db, game.id, was);
  if (was.rules != game.rules) write_game_rules(db, game.id, was.rules, was.dealt, was.deal_seed);
  return Reversal{log::refresh(db, game.id),
                  "Put game " + std::to_string(game.id) + " back as it was before: " + e.summary,
                  e.new_value, e.old_value};
}

// A conflict settled by keeping the game here changed nothing in it: undoing the decision
// changes nothing either, but says so.
Expected<Reversal> reverse_keep(const Game& game, const AuditEntry& e) {
  return Reversal{game, "Undid \"" + e.summary + "\": the game was not changed by it", e.new_value,
                  e.old_value};
}

// A kept version taken that deleted the game (logged with the game before it, and no game
// after): the game comes back whole under its number, its version the deletion's (which
// includes everything it had seen) and, by the undo's own entry, one change more.
Expected<Reversal> bring_back(Database& db, const AuditEntry& e) {
  const std::string id = std::to_string(*e.game_id);
  auto before = parse_export(e.old_value.value_or(""));
  if (!before || before->games.size() != 1 || !before->games.front().uuid) {
    return Failure{"the last change, " + quoted(e) +
                       ", cannot be undone: its copy of the game in the log is damaged",
                   {.kind = HintKind::ShowLog}};
  }
  const ExportGame& game = before->games.front();
  const auto deleted = versions::tombstone(db, *game.uuid);
  auto taken = db.prepare("SELECT 1 FROM games WHERE id = ? OR uuid = ?");
  taken.bind_all(*e.game_id, *game.uuid);
  if (!deleted || taken.step()) {
    return Failure{
        "the last change, " + quoted(e) + ", cannot be undone: game " + id + " has come back since",
        {.kind = HintKind::ShowLog}};
  }
  insert_game_content(db, *e.game_id, game);
  versions::set_game_version(db, *e.game_id, *deleted);
  versions::drop_tombstone(db, *game.uuid);
  return Reversal{log::refresh(db, *e.game_id),
                  "Put game " + id + " back as it was before: " + e.summary, std::nullopt,
                  e.old_value};
}

Failure cannot_undo(const AuditEntry& e) {
  return Failure{"the last change, " + quoted(e) +
                     ", cannot be undone: undo reverses rounds, edits, tie-breaks, abandon, "
                     "reopen, details, new games and late arrivals",
                 {.kind = HintKind::UndoOneGame}};
}

Expected<Reversal> reverse(Database& db, const Game& game, const AuditEntry& e) {
  if (e.action == "round") return reverse_round(db, game, e);
  if (e.action == "edit") return reverse_edit(db, game, e);
  if (e.action == "tiebreak") return reverse_tiebreak(db, game, e);
  if (e.action == "abandon" || e.action == "reopen") return reverse_status(db, game, e);
  if (e.action == "details") return reverse_details(db, game, e);
  if (e.action == "new") return reverse_new(db, game, e);
  if (e.action == "join") return reverse_join(db, game, e);
  if (e.action == "sync") return reverse_sync(db, game, e);
  if (e.action == "keep") return reverse_keep(game, e);
  return cannot_undo(e);
}

}  // namespace

Expected<Change> undo_last_change(Database& db, std::optional<std::int64_t> game_id) {
  const auto entry = newest_change(db, game_id);
  const auto game = entry && entry->game_id ? load_game(db, *entry->game_id) : std::nullopt;
  // A kept version taken that deleted the game: its entry holds the whole game, so undo brings
  // it back, whether asked for that game or for the last change of any.
  const bool taken_deletion = entry && entry->action == "sync" && !entry->new_value && !game;
  // The game asked for: `game` when the newest change is of it (always, when it has one).
  if (game_id && !taken_deletion && !game && !load_game(db, *game_id)) {
    return Failure{"there is no game " + std::to_string(*game_id),
                   {.kind = HintKind::ListGames, .game = *game_id}};
  }
  const std::string which = game_id ? "game " + std::to_string(*game_id) : "any game";
  if (!entry) return Failure{"nothing to undo in " + which, {.kind = HintKind::ShowLog}};
  if (!entry->game_id) return cannot_undo(*entry);
  if (entry->action == "delete") {
    return Failure{
        "the last change, " + quoted(*entry) + ", cannot be undone: a deleted game stays deleted",
        {.kind = HintKind::LogKeepsCopy, .game = *entry->game_id}};
  }
  if ((!game && !taken_deletion) || entry->id < last_deletion(db, *entry->game_id)) {
    return Failure{"nothing left to undo in " + which, {.kind = HintKind::ShowLog}};
  }
  auto reversal = taken_deletion ? bring_back(db, *entry) : reverse(db, *game, *entry);
  if (!reversal) return reversal.failure();
  if (reversal->after) clear_draft(db, *entry->game_id);
  AuditEntry undo = append_audit(db, {.game_id = *entry->game_id,
                                      .action = "undo",
                                      .summary = reversal->summary,
                                      .old_value = reversal->old_value,
                                      .new_value = reversal->new_value});
  db.prepare("UPDATE audit SET undone_by = ? WHERE id = ?").bind_all(undo.id, entry->id).run();
  return Change{reversal->after, std::move(undo)};
}

std::optional<AuditEntry> next_to_undo(const Database& db, std::optional<std::int64_t> game_id) {
  return newest_change(db, game_id);
}

}  // namespace crowns::store
