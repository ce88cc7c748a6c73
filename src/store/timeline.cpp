// The times of games, read from what the store keeps (store/timeline.hpp).

#include "store/timeline.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <ctime>

#include "store/db.hpp"
#include "store/played_order.hpp"

namespace crowns::store::timeline {
namespace {

// A game's times are known when its start is (kStartKnown, store/played_order.hpp).
const std::string kGameColumns =
    std::string("SELECT g.id, g.status, ") + kStartKnown +
    ", g.created_at, "
    "  CASE WHEN g.finished_at GLOB '*T*' THEN g.finished_at ELSE ("
    "    SELECT min(a.at) FROM audit a WHERE a.game_id = g.id AND a.action = 'tiebreak' "
    "      AND a.undone_by IS NULL) END, "
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
    "  r.entered_at GLOB '*T*' OR NOT EXISTS (SELECT 1 FROM imported i "
    "    WHERE i.game_id = r.game_id AND i.round = r.round), r.entered_at "
    "FROM rounds r WHERE {rounds} ORDER BY r.game_id, r.round";

// The days from 1970-01-01 to a date of the proleptic Gregorian calendar (H. Hinnant's
// days_from_civil), as SQLite's date functions count them.
std::int64_t days_from_civil(std::int64_t y, int m, int d) {
  y -= m <= 2 ? 1 : 0;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const std::int64_t yoe = y - era * 400;
  const std::int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const std::int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

// The times the store writes, "2026-01-15 19:04:00" (now_timestamp) or "2026-01-15T19:04:00Z"
// (a file's), read here as strftime('%s', ...) reads them; anything else is left to SQLite.
std::optional<UnixTime> plain_seconds(std::string_view t) {
  if (t.size() == 20 && t[19] == 'Z') t.remove_suffix(1);
  if (t.size() != 19 || t[4] != '-' || t[7] != '-' || (t[10] != ' ' && t[10] != 'T') ||
      t[13] != ':' || t[16] != ':')
    return std::nullopt;
  const auto number = [&](std::size_t at, std::size_t digits) -> std::optional<int> {
    int n = 0;
    for (std::size_t i = at; i < at + digits; ++i) {
      if (t[i] < '0' || t[i] > '9') return std::nullopt;
      n = n * 10 + (t[i] - '0');
    }
    return n;
  };
  const auto y = number(0, 4), mo = number(5, 2), d = number(8, 2);
  const auto h = number(11, 2), mi = number(14, 2), s = number(17, 2);
  if (!y || !mo || !d || !h || !mi || !s) return std::nullopt;
  constexpr int kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (*y < 1900 || *mo < 1 || *mo > 12 || *d < 1 || *d > kDays[*mo - 1] || *h > 23 || *mi > 59 ||
      *s > 59)
    return std::nullopt;
  if (*mo == 2 && *d == 29 && !(*y % 4 == 0 && (*y % 100 != 0 || *y % 400 == 0)))
    return std::nullopt;
  const int time_of_day = *h * 3600 + *mi * 60 + *s;  // under 86,400
  return days_from_civil(*y, *mo, *d) * 86400 + time_of_day;
}

// strftime('%s', text) as an integer: the usual forms read here, any other by SQLite.
std::optional<UnixTime> seconds_of(const Database& db, const std::optional<std::string>& text) {
  if (!text) return std::nullopt;
  if (auto plain = plain_seconds(*text)) return plain;
  auto stmt = db.prepare("SELECT CAST(strftime('%s', ?) AS INTEGER)");
  stmt.bind_all(*text);
  if (!stmt.step() || stmt.is_null(0)) return std::nullopt;
  return stmt.int64(0);
}

// GLOB '*T*': a time written with the T of ISO 8601 (kept from a file that carried it).
bool written_with_t(const std::optional<std::string>& text) {
  return text && text->find('T') != std::string::npos;
}

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

// A row of kGameColumns. Its times are read by seconds_of, here rather than by strftime in
// SQL: `records` of 10,000 games spent 0.31 G instructions in SQLite's date functions.
GameRow read_game_row(const Database& db, const Statement& stmt) {
  GameRow row;
  row.times.game_id = stmt.int64(0);
  row.times.status = parse_game_status(stmt.text(1)).value_or(GameStatus::Active);
  if (stmt.integer(2) != 0) row.times.started = seconds_of(db, stmt.optional_text(3));
  row.tiebreak_at = seconds_of(db, stmt.optional_text(4));
  row.tiebreak = stmt.integer(5) != 0;
  return row;
}

// A row of kRoundColumns.
void add_round(const Database& db, GameTimes& times, const Statement& stmt) {
  const auto round = static_cast<std::size_t>(std::max(stmt.integer(1), 1));
  if (times.recorded.size() < round) times.recorded.resize(round);
  if (stmt.integer(2) != 0) times.recorded[round - 1] = seconds_of(db, stmt.optional_text(3));
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
  auto games = db.prepare(kGameColumns + " WHERE " + which.on("g.id"));
  which.bind(games);
  while (games.step()) {
    GameRow row = read_game_row(db, games);
    rows.emplace(row.times.game_id, std::move(row));
  }
  auto rounds =
      db.prepare(fmt::format(fmt::runtime(kRoundColumns), fmt::arg("audit", which.on("a.game_id")),
                             fmt::arg("rounds", which.on("r.game_id"))));
  which.bind(rounds);
  while (rounds.step()) {
    if (const auto it = rows.find(rounds.int64(0)); it != rows.end())
      add_round(db, it->second.times, rounds);
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

namespace {

// One game's times, by the rules of kGameColumns and kRoundColumns, from one plain statement:
// the game (kind 0, with whether a seat has a tie-break), its rounds (1) and its log (2), whose
// entries are sorted out here. The statements of times_of, made for many games (subqueries per
// game, a materialized list of imported rounds), cost `show` 0.69 M instructions, mostly
// SQLite preparing them; this one about 0.28 M in all. (Measured: filtering the log by action in
// SQL cost 60 k more than reading the game's dozen entries, and LIKE on each summary 60 k more than
// the search here; docs/PERFORMANCE.md, "Reads at the bare query's cost".)
constexpr const char* kOneGameRows =
    "SELECT 0, g.status, g.created_at, g.finished_at, EXISTS (SELECT 1 FROM seats s "
    "  WHERE s.game_id = ?1 AND s.tiebreak IS NOT NULL), NULL FROM games g WHERE g.id = ?1 "
    "UNION ALL SELECT 1, r.round, r.entered_at, NULL, NULL, NULL FROM rounds r "
    "  WHERE r.game_id = ?1 "
    "UNION ALL SELECT 2, a.action, a.at, a.undone_by IS NULL, a.summary, a.new_value "
    "  FROM audit a WHERE a.game_id = ?1";

// LIKE '% (imported from %': a round an import appended (LIKE ignores the case of ASCII letters
// only, as this does).
bool says_imported(std::string_view summary) {
  constexpr std::string_view kImported = " (imported from ";
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
  return std::search(summary.begin(), summary.end(), kImported.begin(), kImported.end(),
                     [&](char a, char b) { return lower(a) == b; }) != summary.end();
}

// json_extract(new_value, '$.round') of an imported round's entry (rare: SQLite reads it).
std::optional<std::int64_t> logged_round(const Database& db, const std::string& new_value) {
  auto stmt = db.prepare("SELECT json_extract(?, '$.round')");
  stmt.bind_all(new_value);
  if (!stmt.step() || stmt.is_null(0)) return std::nullopt;
  return stmt.int64(0);
}

}  // namespace

GameTimes game_times(const Database& db, std::int64_t game_id) {
  GameRow row;
  row.times.game_id = game_id;
  bool found = false;
  bool logged_new = false;
  std::optional<std::string> created;
  std::optional<std::string> finished;
  std::optional<std::string> first_tiebreak;  // the earliest tie-break not undone, as text
  std::vector<std::pair<int, std::optional<std::string>>> entered;  // round, as written
  std::vector<std::int64_t> imported;                               // rounds appended by an import
  auto stmt = db.prepare(kOneGameRows);
  stmt.bind_all(game_id);
  while (stmt.step()) {
    switch (stmt.integer(0)) {
      case 0:
        found = true;
        row.times.status = parse_game_status(stmt.text(1)).value_or(GameStatus::Active);
        created = stmt.optional_text(2);
        finished = stmt.optional_text(3);
        row.tiebreak = stmt.integer(4) != 0;
        break;
      case 1: entered.emplace_back(stmt.integer(1), stmt.optional_text(2)); break;
      default: {
        const std::string action = stmt.text(1);
        const bool live = stmt.integer(3) != 0;
        if (action == "new") {
          logged_new = true;
        } else if (action == "tiebreak" && live && !stmt.is_null(2)) {
          // min(a.at): the text compares as SQLite's BINARY collation does (bytewise).
          if (std::string at = stmt.text(2); !first_tiebreak || at < *first_tiebreak)
            first_tiebreak = std::move(at);
        } else if (action == "round" && live && !stmt.is_null(4) && !stmt.is_null(5) &&
                   says_imported(stmt.text(4))) {
          if (const auto round = logged_round(db, stmt.text(5))) imported.push_back(*round);
        }
        break;
      }
    }
  }
  if (!found) {
    GameTimes none;
    none.game_id = game_id;
    return none;
  }
  if (written_with_t(created) || logged_new) row.times.started = seconds_of(db, created);
  row.tiebreak_at = seconds_of(db, written_with_t(finished) ? finished : first_tiebreak);
  // Sized once (not resized round by round as add_round does: a second caller of resize made
  // GCC stop inlining it into times_of, and `stats` ran 1.3 M instructions more).
  int last = 0;
  for (const auto& e : entered) last = std::max({last, e.first, 1});
  row.times.recorded = std::vector<std::optional<UnixTime>>(static_cast<std::size_t>(last));
  for (const auto& [round, text] : entered) {
    const auto index = static_cast<std::size_t>(std::max(round, 1)) - 1;
    const bool imported_untimed =
        !written_with_t(text) &&
        std::find(imported.begin(), imported.end(), round) != imported.end();
    row.times.recorded[index] = imported_untimed ? std::nullopt : seconds_of(db, text);
  }
  forget_unknown(row.times);
  settle_end(row);
  return std::move(row.times);
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
  return seconds_of(db, now_timestamp()).value_or(0);
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
