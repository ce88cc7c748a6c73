#include "store/games.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <tuple>
#include <unordered_map>

#include "crowns/names.hpp"
#include "crowns/rules.hpp"
#include "store/audit.hpp"
#include "store/db.hpp"
#include "store/players.hpp"

namespace crowns::store {
namespace {

GameStatus parse_status(const std::string& text) {
  if (text == "finished") return GameStatus::Finished;
  if (text == "abandoned") return GameStatus::Abandoned;
  return GameStatus::Active;
}

constexpr int kMaxPlayersPerBox = 7;

}  // namespace

std::string_view status_name(GameStatus status) {
  switch (status) {
    case GameStatus::Active: return "active";
    case GameStatus::Finished: return "finished";
    case GameStatus::Abandoned: return "abandoned";
  }
  return "active";
}

std::optional<int> Game::next_round() const {
  if (rounds_played() >= kRounds) return std::nullopt;
  return rounds_played() + 1;
}

int Game::dealer(int round) const { return dealer_seat(first_dealer, round, players()); }
int Game::starter(int round) const { return starter_seat(first_dealer, round, players()); }

Standings Game::standings() const {
  std::vector<std::vector<int>> points;
  for (const auto& r : rounds) {
    auto& row = points.emplace_back();
    for (const auto& cell : r.scores) row.push_back(cell.points);
  }
  std::vector<std::optional<int>> tiebreak;
  for (const auto& s : seats) tiebreak.push_back(s.tiebreak);
  return compute_standings(points, players(), status == GameStatus::Finished, tiebreak);
}

std::optional<Game> load_game(const Database& db, std::int64_t id) {
  auto g = db.prepare(
      "SELECT id, played_on, status, boxes, first_dealer, note FROM games WHERE id = ?");
  g.bind_all(id);
  if (!g.step()) return std::nullopt;
  Game game;
  game.id = g.int64(0);
  game.date = g.text(1);
  game.status = parse_status(g.text(2));
  game.boxes = g.integer(3);
  game.first_dealer = g.integer(4);
  game.note = g.optional_text(5);
  auto seats = db.prepare(
      "SELECT s.seat, s.player_id, p.name, s.tiebreak FROM seats s "
      "JOIN players p ON p.id = s.player_id WHERE s.game_id = ? ORDER BY s.seat");
  seats.bind_all(id);
  while (seats.step()) {
    game.seats.push_back({seats.integer(0), seats.int64(1), seats.text(2), seats.optional_integer(3)});
  }
  auto scores = db.prepare(
      "SELECT round, seat, points, went_out, hand FROM scores WHERE game_id = ? "
      "ORDER BY round, seat");
  scores.bind_all(id);
  while (scores.step()) {
    const int round = scores.integer(0);
    if (game.rounds.empty() || game.rounds.back().round != round) {
      game.rounds.push_back({round, std::vector<ScoreCell>(game.seats.size())});
    }
    const auto seat = static_cast<std::size_t>(scores.integer(1));
    if (seat < game.seats.size()) {
      game.rounds.back().scores[seat] = {scores.integer(2), scores.integer(3) != 0,
                                         scores.optional_text(4)};
    }
  }
  return game;
}

Expected<Game> require_game(const Database& db, std::optional<std::int64_t> id, Pick pick) {
  if (id) {
    if (auto game = load_game(db, *id)) return *game;
    return Failure{"there is no game " + std::to_string(*id) + " (crowns games lists them)"};
  }
  auto stmt = db.prepare(pick == Pick::LatestActive
                             ? "SELECT id FROM games WHERE status = 'active' ORDER BY touched DESC LIMIT 1"
                             : "SELECT id FROM games ORDER BY touched DESC LIMIT 1");
  if (stmt.step()) {
    if (auto game = load_game(db, stmt.int64(0))) return *game;
  }
  if (pick == Pick::LatestActive) {
    return Failure{"no game in progress; start one with: crowns new NAME NAME..."};
  }
  return Failure{"no games yet; start one with: crowns new NAME NAME..."};
}

std::vector<GameSummary> list_games(const Database& db) {
  std::vector<GameSummary> games;
  std::unordered_map<std::int64_t, std::size_t> index;
  // Three straight scans in key order and a sort here: with 10,000 games this is several
  // times quicker than an index walk with a lookup and a subquery per game.
  auto g = db.prepare("SELECT id, played_on, status, note FROM games");
  while (g.step()) {
    GameSummary s;
    s.id = g.int64(0);
    s.date = g.text(1);
    s.status = parse_status(g.text(2));
    s.note = g.optional_text(3);
    games.push_back(std::move(s));
  }
  std::sort(games.begin(), games.end(), [](const GameSummary& a, const GameSummary& b) {
    return std::tie(a.date, a.id) < std::tie(b.date, b.id);
  });
  index.reserve(games.size());
  for (std::size_t i = 0; i < games.size(); ++i) index.emplace(games[i].id, i);
  auto rounds = db.prepare("SELECT game_id, count(*) FROM rounds GROUP BY game_id");
  while (rounds.step()) {
    if (const auto it = index.find(rounds.int64(0)); it != index.end()) {
      games[it->second].rounds_played = rounds.integer(1);
    }
  }
  // Names from a map rather than a join: a few dozen players against tens of thousands of
  // seats, and the seats then come straight off their primary key.
  std::unordered_map<std::int64_t, std::string> names;
  auto players = db.prepare("SELECT id, name FROM players");
  while (players.step()) names.emplace(players.int64(0), players.text(1));
  auto seats = db.prepare("SELECT game_id, player_id, winner FROM seats ORDER BY game_id, seat");
  while (seats.step()) {
    const auto it = index.find(seats.int64(0));
    if (it == index.end()) continue;
    auto& s = games[it->second];
    s.players.push_back(names[seats.int64(1)]);
    if (seats.integer(2) != 0) s.winners.push_back(s.players.back());
  }
  return games;
}

bool is_valid_date(std::string_view date) {
  if (date.size() != 10 || date[4] != '-' || date[7] != '-') return false;
  for (std::size_t i : {0u, 1u, 2u, 3u, 5u, 6u, 8u, 9u}) {
    if (date[i] < '0' || date[i] > '9') return false;
  }
  const int year = std::stoi(std::string(date.substr(0, 4)));
  const int month = std::stoi(std::string(date.substr(5, 2)));
  const int day = std::stoi(std::string(date.substr(8, 2)));
  if (month < 1 || month > 12 || day < 1) return false;
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return day <= kDays[month - 1] + (month == 2 && leap ? 1 : 0);
}

Expected<Game> create_game(const Database& db, const NewGame& spec) {
  const auto count = static_cast<int>(spec.players.size());
  if (spec.boxes != 1 && spec.boxes != 2) return Failure{"--boxes must be 1 or 2"};
  if (count < 2) return Failure{"a game needs at least 2 players (crowns new NAME NAME...)"};
  if (count > kMaxPlayersPerBox * spec.boxes) {
    return Failure{std::to_string(count) + " players is too many for " +
                   (spec.boxes == 1 ? "one box (at most 7; add --boxes 2 for up to 14)"
                                    : "two boxes (at most 14)")};
  }
  if (!is_valid_date(spec.date)) {
    return Failure{"'" + spec.date + "' is not a date; write YYYY-MM-DD, e.g. 2026-01-15"};
  }
  if (spec.note) {
    if (auto note = check_note(*spec.note); !note) return Failure{"--note: " + note.error()};
  }
  std::vector<Player> seated;
  for (const auto& name : spec.players) {
    auto found = find_player(db, name);
    if (!found && !spec.add_unknown) {
      const std::string close = suggest_player(db, name);
      return Failure{"unknown player '" + name + "'" +
                     (close.empty() ? "" : "; did you mean '" + close + "'?") +
                     " (--add adds new players)"};
    }
    auto player = found ? Expected<Player>(*found) : add_player(db, name);
    if (!player) return Failure{player.error()};
    if (player->retired) {
      return Failure{"player '" + player->name + "' is retired (crowns player add '" +
                     player->name + "' brings them back)"};
    }
    for (const auto& other : seated) {
      if (other.id == player->id) return Failure{"'" + player->name + "' is named twice"};
    }
    seated.push_back(*player);
  }
  int first_dealer = 0;
  if (spec.dealer) {
    auto it = std::find_if(seated.begin(), seated.end(), [&](const Player& p) {
      return fold_case(p.name) == fold_case(*spec.dealer);
    });
    if (it == seated.end()) {
      std::vector<std::string> names;
      for (const auto& p : seated) names.push_back(p.name);
      const std::string close = closest_name(*spec.dealer, names);
      return Failure{"--dealer '" + *spec.dealer + "' is not one of the players" +
                     (close.empty() ? "" : "; did you mean '" + close + "'?")};
    }
    first_dealer = static_cast<int>(it - seated.begin());
  }
  db.prepare(
        "INSERT INTO games (played_on, boxes, first_dealer, note, created_at, touched) "
        "VALUES (?, ?, ?, ?, ?, (SELECT coalesce(max(touched), 0) + 1 FROM games))")
      .bind_all(spec.date, spec.boxes, first_dealer, spec.note, now_timestamp())
      .run();
  const std::int64_t id = db.last_insert_id();
  auto seat = db.prepare("INSERT INTO seats (game_id, seat, player_id) VALUES (?, ?, ?)");
  nlohmann::ordered_json players = nlohmann::ordered_json::array();
  std::string names;
  for (std::size_t i = 0; i < seated.size(); ++i) {
    seat.reset();
    seat.bind_all(id, static_cast<int>(i), seated[i].id).run();
    players.push_back(seated[i].name);
    names += (i ? ", " : "") + seated[i].name;
  }
  const nlohmann::ordered_json value = {{"id", id},          {"date", spec.date},
                                        {"boxes", spec.boxes}, {"dealer", seated[static_cast<std::size_t>(first_dealer)].name},
                                        {"note", spec.note ? nlohmann::ordered_json(*spec.note) : nullptr},
                                        {"players", players}};
  append_audit(db, {0, {}, id, "new", "Game " + std::to_string(id) + " started: " + names,
                    std::nullopt, value.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace)});
  return *load_game(db, id);
}

}  // namespace crowns::store
