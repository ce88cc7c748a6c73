// The times of games, read from what the store keeps (store/timeline.hpp).

#include "store/timeline.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <ctime>

#include "store/db.hpp"

namespace crowns::store::timeline {
namespace {

// A game's times are known when it was started here (its "new" entry in the log) or came
// from a file that carried them (stored with the T of ISO 8601).
constexpr const char* kGameColumns =
    "SELECT g.id, g.status, "
    "  CASE WHEN g.created_at GLOB '*T*' OR EXISTS (SELECT 1 FROM audit a "
    "    WHERE a.game_id = g.id AND a.action = 'new') "
    "  THEN CAST(strftime('%s', g.created_at) AS INTEGER) END, "
    "  CAST(strftime('%s', CASE WHEN g.finished_at GLOB '*T*' THEN g.finished_at ELSE ("
    "    SELECT min(a.at) FROM audit a WHERE a.game_id = g.id AND a.action = 'tiebreak' "
    "      AND a.undone_by IS NULL) END) AS INTEGER), "
    "  EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.tiebreak IS NOT NULL) "
    "FROM games g";

// A round's time is not known when an import appended it without the file's time (its log
// entry says "imported from"; one that carried the time stored it with the T). The imported
// rounds are found once (MATERIALIZED) for the games asked about: read per round, the log's
// JSON was parsed 1.2 million times for 10,000 games (stats NAME: 16.5 G instructions,
// docs/PERFORMANCE.md).
constexpr const char* kRoundColumns =
    "WITH imported(game_id, round) AS MATERIALIZED ("
    "  SELECT a.game_id, json_extract(a.new_value, '$.round') FROM audit a "
    "  WHERE {audit} AND a.action = 'round' AND a.undone_by IS NULL "
    "    AND a.summary LIKE '% (imported from %') "
    "SELECT r.game_id, r.round, "
    "  CASE WHEN r.entered_at GLOB '*T*' OR NOT EXISTS (SELECT 1 FROM imported i "
    "    WHERE i.game_id = r.game_id AND i.round = r.round) "
    "  THEN CAST(strftime('%s', r.entered_at) AS INTEGER) END "
    "FROM rounds r WHERE {rounds} ORDER BY r.game_id, r.round";

// Which games to read: a condition on a game id column ({} stands for it), with `?1` bound
// to `value` when it names one.
struct Which {
  std::string_view condition;
  std::optional<std::int64_t> value;

  [[nodiscard]] std::string on(std::string_view column) const {
    return fmt::format(fmt::runtime(condition), column);
  }
  void bind(Statement& stmt) const {
    if (value) stmt.bind_all(*value);
  }
};

struct GameRow {
  GameTimes times;
  std::optional<UnixTime> tiebreak_at;
  bool tiebreak = false;
};

GameRow read_game_row(const Statement& stmt) {
  GameRow row;
  row.times.game_id = stmt.int64(0);
  row.times.status = parse_game_status(stmt.text(1)).value_or(GameStatus::Active);
  if (!stmt.is_null(2)) row.times.started = stmt.int64(2);
  if (!stmt.is_null(3)) row.tiebreak_at = stmt.int64(3);
  row.tiebreak = stmt.integer(4) != 0;
  return row;
}

void add_round(GameTimes& times, const Statement& stmt) {
  const auto round = static_cast<std::size_t>(std::max(stmt.integer(1), 1));
  if (times.recorded.size() < round) times.recorded.resize(round);
  if (!stmt.is_null(2)) times.recorded[round - 1] = stmt.int64(2);
}

// The end of a game over: its last round, or its tie-break when it has one (first recorded:
// the earliest entry not undone; from a file, the end it carried), when both are known.
void settle_end(GameRow& row) {
  GameTimes& t = row.times;
  if (!t.started || t.status == GameStatus::Active) return;
  if (t.recorded.empty() || !t.recorded.back()) return;
  UnixTime end = *t.recorded.back();
  if (row.tiebreak) {
    if (!row.tiebreak_at) return;
    end = std::max(end, *row.tiebreak_at);
  }
  t.ended = end;
}

// Only a game known to have started here (or in a timed file) has known round times.
void forget_unknown(GameTimes& t) {
  if (!t.started) std::fill(t.recorded.begin(), t.recorded.end(), std::nullopt);
}

}  // namespace

std::optional<std::int64_t> GameTimes::duration() const {
  if (!started || !ended) return std::nullopt;
  return std::max<std::int64_t>(0, *ended - *started);
}

std::optional<std::int64_t> GameTimes::round_seconds(int round) const {
  if (round < 1 || static_cast<std::size_t>(round) > recorded.size()) return std::nullopt;
  const auto& at = recorded[static_cast<std::size_t>(round - 1)];
  const auto& before = round == 1 ? started : recorded[static_cast<std::size_t>(round - 2)];
  if (!at || !before) return std::nullopt;
  return std::max<std::int64_t>(0, *at - *before);
}

namespace {

std::unordered_map<std::int64_t, GameTimes> times_of(const Database& db, const Which& which) {
  std::unordered_map<std::int64_t, GameRow> rows;
  auto games = db.prepare(std::string(kGameColumns) + " WHERE " + which.on("g.id"));
  which.bind(games);
  while (games.step()) {
    GameRow row = read_game_row(games);
    rows.emplace(row.times.game_id, std::move(row));
  }
  auto rounds =
      db.prepare(fmt::format(fmt::runtime(kRoundColumns), fmt::arg("audit", which.on("a.game_id")),
                             fmt::arg("rounds", which.on("r.game_id"))));
  which.bind(rounds);
  while (rounds.step()) {
    if (const auto it = rows.find(rounds.int64(0)); it != rows.end())
      add_round(it->second.times, rounds);
  }
  std::unordered_map<std::int64_t, GameTimes> all;
  all.reserve(rows.size());
  for (auto& [id, row] : rows) {
    forget_unknown(row.times);
    settle_end(row);
    all.emplace(id, std::move(row.times));
  }
  return all;
}

}  // namespace

GameTimes game_times(const Database& db, std::int64_t game_id) {
  auto one = times_of(db, {"{} = ?1", game_id});
  if (auto it = one.find(game_id); it != one.end()) return std::move(it->second);
  GameTimes none;
  none.game_id = game_id;
  return none;
}

std::unordered_map<std::int64_t, GameTimes> all_game_times(const Database& db) {
  return times_of(db, {"1", std::nullopt});
}

std::unordered_map<std::int64_t, GameTimes> player_game_times(const Database& db,
                                                              std::int64_t player_id) {
  return times_of(db, {"{} IN (SELECT game_id FROM seats WHERE player_id = ?1)", player_id});
}

std::optional<std::string> last_played_on(const Database& db) {
  auto stmt = db.prepare("SELECT max(played_on) FROM games WHERE status = 'finished'");
  if (!stmt.step()) return std::nullopt;
  return stmt.optional_text(0);
}

UnixTime now(const Database& db) {
  auto stmt = db.prepare("SELECT CAST(strftime('%s', ?) AS INTEGER)");
  stmt.bind_all(now_timestamp());
  return stmt.step() ? stmt.int64(0) : 0;
}

std::string iso_time(UnixTime t) {
  const auto time = static_cast<std::time_t>(t);
  std::tm utc{};
  gmtime_r(&time, &utc);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return buf;
}

std::string length_text(std::int64_t seconds) {
  if (seconds < 60) return std::to_string(std::max<std::int64_t>(seconds, 0)) + " s";
  const std::int64_t minutes = (seconds + 30) / 60;
  if (minutes < 60) return std::to_string(minutes) + " min";
  const std::int64_t m = minutes % 60;
  return std::to_string(minutes / 60) + " h " + (m < 10 ? "0" : "") + std::to_string(m) + " min";
}

}  // namespace crowns::store::timeline
