#include "store/history.hpp"

#include <algorithm>
#include <optional>
#include <tuple>

#include "store/house_rules.hpp"
#include "store/played_order.hpp"

namespace crowns::store {
namespace {

// A finished game whose order of finish is decided: every one but a game under `ties
// tiebreak` whose tie is still to be played (Game::awaiting_tiebreak), which has no winner
// yet, where every other finished game has one or more (a shared win marks each).
constexpr const char* kDecided =
    "(g.ties = 'shared' OR EXISTS (SELECT 1 FROM seats w WHERE w.game_id = g.id AND w.winner = 1))";

}  // namespace

std::vector<GameResult> load_results(const Database& db, const ResultsQuery& query) {
  std::vector<GameResult> games;
  std::unordered_map<std::int64_t, std::size_t> index;
  // The decided games first, put into the order played (store/played_order.hpp) here: the
  // date, then the start when it is known (unknown first, as SQL orders NULL), then the uuid,
  // compared byte by byte as SQLite's BINARY collation does. Ordered in SQL, every seat row went
  // through SQLite's sorter with the date and uuid as text: `leaderboard --all` of 10,000 games
  // took 605 million instructions instead of 370 million (docs/PERFORMANCE.md).
  struct Played {
    std::int64_t id = 0;
    std::string date;
    std::optional<std::int64_t> started;
    std::string uuid;
  };
  std::vector<Played> played;
  auto finished =
      db.prepare("SELECT g.id, g.played_on, " + std::string(kKnownStart) +
                 ", g.uuid FROM games g "
                 "WHERE g.status = 'finished' AND (?1 IS NULL OR g.played_on <= ?1) AND " +
                 std::string(kDecided) +
                 (query.rules ? " AND " + rules_condition(*query.rules, "g") : std::string()));
  finished.bind(1, query.until);
  while (finished.step()) {
    played.push_back(
        {.id = finished.int64(0),
         .date = finished.text(1),
         .started = finished.is_null(2) ? std::nullopt : std::optional(finished.int64(2)),
         .uuid = finished.text(3)});
  }
  std::sort(played.begin(), played.end(), [](const Played& a, const Played& b) {
    return std::tie(a.date, a.started, a.uuid, a.id) < std::tie(b.date, b.started, b.uuid, b.id);
  });
  games.reserve(played.size());
  for (auto& game : played) {
    index.emplace(game.id, games.size());
    games.push_back({.id = game.id, .date = std::move(game.date)});
  }
  // Their seats, in the table's key order (game, seat): no sorting, each seat to its game.
  auto seats = db.prepare(
      "SELECT game_id, player_id, total, tiebreak, winner FROM seats ORDER BY game_id, seat");
  while (seats.step()) {
    const auto it = index.find(seats.int64(0));
    if (it == index.end()) continue;
    games[it->second].seats.push_back(
        {seats.int64(1), seats.integer(2), seats.optional_integer(3), seats.integer(4) != 0, 0});
  }

  // House rules: only the games not played under the standard ones, in a query of their own.
  // Carried on every seat row of the query above, they widened the rows its ORDER BY sorts:
  // `leaderboard --all` on bench_games' 10,000 standard games took 833 million instructions
  // (callgrind) against 608 million this way.
  auto house = db.prepare(
      "SELECT id, round_order, wild_melds, book_suits, leads, ties, dealt FROM games "
      "WHERE status = 'finished' AND NOT (" +
      rules_condition(HouseRules{}, "") + ")");
  while (house.step()) {
    const auto it = index.find(house.int64(0));
    if (it == index.end()) continue;
    auto& game = games[it->second];
    game.rules = rules_from_row(house, 1);
    if (auto dealt = parse_dealt(house.text(6))) game.dealt = *dealt;
  }

  // Rounds gone out: one row per round that somebody went out in, read from the partial index
  // scores_went_out (migration 0008) alone; the games loaded above are the filter. A join with
  // games (and a scan of every score) made this half of `leaderboard --all`: 273 million
  // instructions on 10,000 games, 17 million through the index (docs/PERFORMANCE.md).
  auto outs = db.prepare("SELECT game_id, seat FROM scores WHERE went_out = 1");
  while (outs.step()) {
    const auto it = index.find(outs.int64(0));
    if (it == index.end()) continue;
    auto& game = games[it->second];
    const auto seat = static_cast<std::size_t>(outs.integer(1));
    if (seat < game.seats.size()) ++game.seats[seat].outs;
  }

  if (!query.rounds_in) return games;
  const Period& period = *query.rounds_in;
  // For one player, the walk starts from that player's seats (seats_player), so only their
  // games' scores are read: a filter "game IN (their games)" on the whole scores table made
  // SQLite scan every score of every game, and `crowns stats` spent most of its time there.
  // Each game's scores stay together either way, which is all the loop below needs.
  static constexpr const char* kAllRounds =
      "SELECT sc.game_id, sc.round, sc.seat, sc.points, sc.went_out "
      "FROM games g JOIN scores sc ON sc.game_id = g.id "
      "WHERE g.status = 'finished' AND (?1 IS NULL OR g.played_on >= ?1) "
      "  AND (?2 IS NULL OR g.played_on <= ?2) "
      "ORDER BY sc.game_id, sc.round, sc.seat";
  static constexpr const char* kPlayerRounds =
      "SELECT sc.game_id, sc.round, sc.seat, sc.points, sc.went_out "
      "FROM seats p JOIN games g ON g.id = p.game_id JOIN scores sc ON sc.game_id = p.game_id "
      "WHERE p.player_id = ?3 AND g.status = 'finished' AND (?1 IS NULL OR g.played_on >= ?1) "
      "  AND (?2 IS NULL OR g.played_on <= ?2) "
      "ORDER BY p.game_id, sc.round, sc.seat";
  auto rounds = db.prepare(query.rounds_of ? kPlayerRounds : kAllRounds);
  rounds.bind(1, period.from);
  rounds.bind(2, period.to);
  if (query.rounds_of) rounds.bind(3, *query.rounds_of);
  GameResult* game = nullptr;
  std::int64_t current = -1;
  while (rounds.step()) {
    const std::int64_t id = rounds.int64(0);
    if (id != current) {
      current = id;
      const auto it = index.find(id);
      game = it == index.end() ? nullptr : &games[it->second];
    }
    if (game == nullptr) continue;
    const auto players = game->seats.size();
    const auto round = static_cast<std::size_t>(rounds.integer(1));
    const auto seat = static_cast<std::size_t>(rounds.integer(2));
    if (round < 1 || seat >= players) continue;
    const std::size_t at = (round - 1) * players + seat;
    if (game->points.size() < round * players) {
      game->points.resize(round * players, kNoScore);  // a late arrival's rounds before joining
      game->went_out.resize(round * players, 0);
    }
    game->points[at] = rounds.integer(3);
    game->went_out[at] = rounds.integer(4) != 0 ? 1 : 0;
  }
  return games;
}

std::optional<GameResult> load_result(const Database& db, std::int64_t id) {
  auto seats = db.prepare(
      "SELECT g.played_on, s.player_id, s.total, s.tiebreak, s.winner, g.round_order, "
      "g.wild_melds, g.book_suits, g.leads, g.ties, g.dealt "
      "FROM games g JOIN seats s ON s.game_id = g.id "
      "WHERE g.id = ? AND g.status = 'finished' AND " +
      std::string(kDecided) + " ORDER BY s.seat");
  seats.bind_all(id);
  std::optional<GameResult> game;
  while (seats.step()) {
    if (!game) {
      game = GameResult{.id = id, .date = seats.text(0), .rules = rules_from_row(seats, 5)};
      if (auto dealt = parse_dealt(seats.text(10))) game->dealt = *dealt;
    }
    game->seats.push_back(
        {seats.int64(1), seats.integer(2), seats.optional_integer(3), seats.integer(4) != 0, 0});
  }
  if (!game) return game;
  auto outs = db.prepare("SELECT seat FROM scores WHERE game_id = ? AND went_out = 1");
  outs.bind_all(id);
  while (outs.step()) {
    const auto seat = static_cast<std::size_t>(outs.integer(0));
    if (seat < game->seats.size()) ++game->seats[seat].outs;
  }
  return game;
}

std::unordered_map<std::int64_t, PlayerName> load_player_names(const Database& db) {
  std::unordered_map<std::int64_t, PlayerName> names;
  auto stmt = db.prepare("SELECT id, name, retired FROM players");
  while (stmt.step()) names.emplace(stmt.int64(0), PlayerName{stmt.text(1), stmt.integer(2) != 0});
  return names;
}

}  // namespace crowns::store
