#include "store/seasons.hpp"

#include <nlohmann/json.hpp>

#include "crowns/names.hpp"
#include "store/audit.hpp"
#include "store/db.hpp"
#include "store/game_log.hpp"
#include "store/games.hpp"

namespace crowns::store {
namespace {

log::Json season_json(const Season& s) {
  return log::Json{{"id", s.id},
                   {"name", s.name},
                   {"from", s.starts_on},
                   {"to", s.ends_on ? log::Json(*s.ends_on) : log::Json(nullptr)}};
}

// The name rules are the players' (printable, 1-40 characters, no leading '-').
Expected<std::string> normalize_season_name(const std::string& raw) {
  auto normalized = normalize_player_name(raw);
  if (normalized) return *normalized;
  std::string message = normalized.error();
  if (const std::string player = "a player name"; message.starts_with(player)) {
    message = "a season name" + message.substr(player.size());
  }
  return Failure{quote_token(raw) + ": " + message};
}

Season read_season(const Statement& stmt) {
  return {stmt.int64(0), stmt.text(1), stmt.text(2), stmt.optional_text(3)};
}

std::string range_text(const Season& s) {
  return s.starts_on + " to " + (s.ends_on ? *s.ends_on : "open end");
}

// Checks the name and dates of `s`, and that it overlaps no other season.
Expected<void> check_season(const Database& db, const Season& s) {
  if (!is_valid_date(s.starts_on)) {
    return Failure{"the start '" + s.starts_on +
                   "' is not a date; write YYYY-MM-DD, e.g. 2026-01-01"};
  }
  if (s.ends_on && !is_valid_date(*s.ends_on)) {
    return Failure{"the end '" + *s.ends_on + "' is not a date; write YYYY-MM-DD, e.g. 2026-03-31"};
  }
  if (s.ends_on && *s.ends_on < s.starts_on) {
    return Failure{"season '" + s.name + "' would end (" + *s.ends_on + ") before it starts (" +
                   s.starts_on + ")"};
  }
  for (const auto& other : list_seasons(db)) {
    if (other.id == s.id) continue;
    if (fold_case(other.name) == fold_case(s.name)) {
      return Failure{"there is already a season called '" + other.name + "'"};
    }
    const bool before = s.ends_on && *s.ends_on < other.starts_on;
    const bool after = other.ends_on && s.starts_on > *other.ends_on;
    if (!before && !after) {
      return Failure{
          "season '" + s.name + "' (" + range_text(s) + ") would overlap season '" + other.name +
              "' (" + range_text(other) + "); seasons may not overlap",
          {.kind = other.ends_on ? HintKind::None : HintKind::EndSeason, .name = other.name}};
    }
  }
  return {};
}

}  // namespace

std::vector<Season> list_seasons(const Database& db) {
  std::vector<Season> seasons;
  auto stmt = db.prepare("SELECT id, name, starts_on, ends_on FROM seasons ORDER BY starts_on, id");
  while (stmt.step()) seasons.push_back(read_season(stmt));
  return seasons;
}

Expected<Season> require_season(const Database& db, const std::string& name) {
  auto stmt =
      db.prepare("SELECT id, name, starts_on, ends_on FROM seasons WHERE name = ? COLLATE NOCASE");
  stmt.bind_all(name);
  if (stmt.step()) return read_season(stmt);
  std::vector<std::string> known;
  const std::string folded = fold_case(name);  // beyond ASCII, as player names
  for (const auto& s : list_seasons(db)) {
    if (fold_case(s.name) == folded) return s;
    known.push_back(s.name);
  }
  const std::string close = closest_name(name, known);
  if (!close.empty())
    return Failure{"unknown season '" + name + "'; did you mean " +
                   shell_word(close, ShellQuote::Always) + "?"};
  if (known.empty()) {
    return Failure{"unknown season '" + name + "': no seasons are defined",
                   {.kind = HintKind::AddSeason}};
  }
  return Failure{"unknown season '" + name + "'", {.kind = HintKind::ListSeasons}};
}

std::optional<Season> season_on(const Database& db, const std::string& date) {
  auto stmt = db.prepare(
      "SELECT id, name, starts_on, ends_on FROM seasons "
      "WHERE starts_on <= ?1 AND (ends_on IS NULL OR ends_on >= ?1) ORDER BY starts_on LIMIT 1");
  stmt.bind_all(date);
  if (stmt.step()) return read_season(stmt);
  return std::nullopt;
}

Expected<Season> add_season(Database& db, const std::string& name, const std::string& from,
                            const std::optional<std::string>& to) {
  auto normalized = normalize_season_name(name);
  if (!normalized) return normalized.failure();
  Season s{0, *normalized, from, to};
  if (auto ok = check_season(db, s); !ok) return ok.failure();
  db.prepare("INSERT INTO seasons (name, starts_on, ends_on, created_at) VALUES (?, ?, ?, ?)")
      .bind_all(s.name, s.starts_on, s.ends_on, now_timestamp())
      .run();
  s.id = db.last_insert_id();
  append_audit(db, {.action = "season.add",
                    .summary = "Season " + s.name + " added (" + range_text(s) + ")",
                    .new_value = log::dump(season_json(s))});
  return s;
}

Expected<Season> edit_season(Database& db, const std::string& name, const SeasonEdit& edit) {
  auto old = require_season(db, name);
  if (!old) return old.failure();
  Season s = *old;
  if (edit.name) {
    auto normalized = normalize_season_name(*edit.name);
    if (!normalized) return normalized.failure();
    s.name = *normalized;
  }
  if (edit.from) s.starts_on = *edit.from;
  if (edit.to) s.ends_on = *edit.to;
  if (edit.open_end) s.ends_on.reset();
  if (auto ok = check_season(db, s); !ok) return ok.failure();
  db.prepare("UPDATE seasons SET name = ?, starts_on = ?, ends_on = ? WHERE id = ?")
      .bind_all(s.name, s.starts_on, s.ends_on, s.id)
      .run();
  append_audit(db, {.action = "season.edit",
                    .summary = "Season " + old->name + " changed (" + range_text(s) + ")",
                    .old_value = log::dump(season_json(*old)),
                    .new_value = log::dump(season_json(s))});
  return s;
}

Expected<Season> remove_season(Database& db, const std::string& name) {
  auto s = require_season(db, name);
  if (!s) return s.failure();
  db.prepare("DELETE FROM seasons WHERE id = ?").bind_all(s->id).run();
  append_audit(db, {.action = "season.remove",
                    .summary = "Season " + s->name + " removed",
                    .old_value = log::dump(season_json(*s))});
  return *s;
}

}  // namespace crowns::store
