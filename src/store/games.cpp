#include "store/games.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <tuple>
#include <unordered_map>

#include "crowns/date.hpp"
#include "crowns/error.hpp"
#include "crowns/json_line.hpp"
#include "crowns/names.hpp"
#include "crowns/rules.hpp"
#include "store/audit.hpp"
#include "store/db.hpp"
#include "store/game_range.hpp"
#include "store/house_rules.hpp"
#include "store/join.hpp"
#include "store/played_order.hpp"
#include "store/players.hpp"

namespace crowns::store {
namespace {

GameStatus parse_status(const std::string& text) {
  return parse_game_status(text).value_or(GameStatus::Active);
}

}  // namespace

std::optional<int> Game::next_round() const {
  if (rounds_played() >= kRounds) return std::nullopt;
  return rounds_played() + 1;
}

bool Game::has_late_arrival() const {
  return std::any_of(seats.begin(), seats.end(),
                     [](const SeatInfo& s) { return s.joined_round > 1; });
}

std::vector<int> Game::seats_at(int round) const {
  std::vector<int> at;
  for (const auto& s : seats) {
    if (s.plays(round)) at.push_back(s.seat);
  }
  return at;
}

namespace {

// The seat after `seat` (round the table) among those playing `round`.
int next_playing(const Game& game, int seat, int round) {
  const int n = game.players();
  for (int step = 1; step <= n; ++step) {
    const int next = (seat + step) % n;
    if (game.seats[static_cast<std::size_t>(next)].plays(round)) return next;
  }
  return seat;
}

}  // namespace

std::optional<RoundDeal> Game::deal(int round) const {
  return game_round_deal(rules.order, dealt, round);
}

RoundSpec Game::spec(int round) const {
  const auto dealt_now = deal(round);
  if (!dealt_now) {
    throw Error("round " + std::to_string(round) + " of game " + std::to_string(id) +
                " is not dealt yet");
  }
  return RoundSpec{.cards = dealt_now->cards,
                   .wild_rank = dealt_now->wild_rank,
                   .boxes = boxes,
                   .label = "round " + std::to_string(round),
                   .kind = RoundSpec::Kind::Game,
                   .melds = rules.melds()};
}

RoundSpec Game::tiebreak_spec() const {
  RoundSpec spec = crowns::tiebreak_spec(boxes);
  spec.melds = rules.melds();
  return spec;
}

int Game::dealer(int round) const {
  if (!has_late_arrival()) return dealer_seat(first_dealer, round, players());
  // The deal passes on one playing seat a round; a late arrival takes their turn from the
  // round they joined, so the others' turns before it stay what they were.
  int seat = first_dealer;
  for (int r = 2; r <= round; ++r) seat = next_playing(*this, seat, r);
  return seat;
}
int Game::starter(int round) const {
  if (rules.leads == Leads::FirstOut && round > 1) {
    // Whoever went out first in the round before: the one marked out there (scores keep it,
    // migration 0008); a round not recorded yet, or an old one with nobody marked, falls back
    // to left of the dealer.
    for (const auto& r : rounds) {
      if (r.round != round - 1) continue;
      for (std::size_t seat = 0; seat < r.scores.size() && seat < seats.size(); ++seat) {
        if (r.scores[seat].went_out && seats[seat].plays(round)) return static_cast<int>(seat);
      }
    }
  }
  if (!has_late_arrival()) return starter_seat(first_dealer, round, players());
  return next_playing(*this, dealer(round), round);
}

namespace {

// A tie for the lowest total that none of the tied has a tie-break score for.
bool tie_unplayed(const Game& game, const Standings& st) {
  return st.tied && std::none_of(st.leaders.begin(), st.leaders.end(), [&](int seat) {
           return game.seats[static_cast<std::size_t>(seat)].tiebreak.has_value();
         });
}

}  // namespace

Standings Game::standings() const {
  std::vector<std::vector<int>> points;
  // A late arrival's starting total counts as points before round 1.
  if (has_late_arrival()) {
    auto& start = points.emplace_back();
    for (const auto& s : seats) start.push_back(s.start_total);
  }
  for (const auto& r : rounds) {
    auto& row = points.emplace_back();
    for (const auto& cell : r.scores) row.push_back(cell.points);
  }
  std::vector<std::optional<int>> tiebreak;
  for (const auto& s : seats) tiebreak.push_back(s.tiebreak);
  Standings st = compute_standings(points, players(), status == GameStatus::Finished, tiebreak);
  if (rules.ties == Ties::Tiebreak && tie_unplayed(*this, st)) st.winners.clear();
  return st;
}

bool Game::awaiting_tiebreak() const {
  return rules.ties == Ties::Tiebreak && status == GameStatus::Finished &&
         tie_unplayed(*this, standings());
}

namespace {

// Which games load_games_where reads: `games` is a condition on `games g`; `rows` picks the
// seats and scores (`s`) of those games, each with its parameters bound by the same function.
struct GamesWhere {
  std::string_view games;
  std::string_view rows;
};

// The games that `where` picks, oldest first, each with its seats and rounds: three queries
// however many games.
template <typename Bind>
std::vector<Game> load_games_where(const Database& db, GamesWhere where, Bind bind) {
  // The games, their seats and their scores from one snapshot: read apart, a round committed in
  // between could show a game still active with all 11 rounds in (crowns serve, under load).
  const ReadSnapshot snapshot(db);
  std::vector<Game> games;
  std::unordered_map<std::int64_t, std::size_t> index;
  auto g = db.prepare(
      "SELECT g.id, g.played_on, g.status, g.boxes, g.first_dealer, g.note, g.uuid, "
      "(SELECT coalesce(max(a.id), 0) FROM audit a WHERE a.game_id = g.id), "
      "g.round_order, g.wild_melds, g.book_suits, g.leads, g.ties, g.dealt FROM games g "
      "WHERE " +
      std::string(where.games) + " ORDER BY " + kPlayedOrder);
  bind(g);
  while (g.step()) {
    Game& game = games.emplace_back();
    game.id = g.int64(0);
    game.date = g.text(1);
    game.status = parse_status(g.text(2));
    game.boxes = g.integer(3);
    game.first_dealer = g.integer(4);
    game.note = g.optional_text(5);
    game.uuid = g.text(6);
    game.last_change = g.int64(7);
    game.rules = rules_from_row(g, 8);
    if (auto dealt = parse_dealt(g.text(13))) game.dealt = *dealt;
    index.emplace(game.id, games.size() - 1);
  }
  if (games.empty()) return games;
  auto seats = db.prepare(
      "SELECT s.game_id, s.seat, s.player_id, p.name, s.tiebreak, coalesce(s.joined_round, 1), "
      "s.start_total FROM seats s "
      "JOIN players p ON p.id = s.player_id " +
      std::string(where.rows) + " ORDER BY s.game_id, s.seat");
  bind(seats);
  while (seats.step()) {
    games[index.at(seats.int64(0))].seats.push_back({.seat = seats.integer(1),
                                                     .player_id = seats.int64(2),
                                                     .name = seats.text(3),
                                                     .tiebreak = seats.optional_integer(4),
                                                     .joined_round = seats.integer(5),
                                                     .start_total = seats.integer(6)});
  }
  auto scores =
      db.prepare("SELECT s.game_id, s.round, s.seat, s.points, s.went_out, s.hand FROM scores s " +
                 std::string(where.rows) + " ORDER BY s.game_id, s.round, s.seat");
  bind(scores);
  while (scores.step()) {
    Game& game = games[index.at(scores.int64(0))];
    const int round = scores.integer(1);
    if (game.rounds.empty() || game.rounds.back().round != round) {
      game.rounds.push_back({round, std::vector<ScoreCell>(game.seats.size())});
    }
    const auto seat = static_cast<std::size_t>(scores.integer(2));
    if (seat < game.seats.size()) {
      game.rounds.back().scores[seat] = {scores.integer(3), scores.integer(4) != 0,
                                         scores.optional_text(5)};
    }
  }
  return games;
}

}  // namespace

std::optional<Game> load_game(const Database& db, std::int64_t id) {
  // The seats and scores by their key, with no join to games: preparing the joins cost 70 k of
  // the 0.63 M instructions of reading one game (`crowns show`, docs/PERFORMANCE.md).
  auto games = load_games_where(db, {.games = "g.id = ?1", .rows = "WHERE s.game_id = ?1"},
                                [&](Statement& s) { s.bind_all(id); });
  if (games.empty()) return std::nullopt;
  return std::move(games.front());
}

std::vector<Game> load_games_between(const Database& db, const std::optional<std::string>& from,
                                     const std::optional<std::string>& to) {
  // ?1/?2 are the period's ends; NULL leaves that end open.
  constexpr std::string_view kPeriod =
      "(?1 IS NULL OR g.played_on >= ?1) AND (?2 IS NULL OR g.played_on <= ?2)";
  const std::string rows = "JOIN games g ON g.id = s.game_id WHERE " + std::string(kPeriod);
  return load_games_where(db, {.games = kPeriod, .rows = rows},
                          [&](Statement& s) { s.bind_all(from, to); });
}

std::string short_game_key(std::string_view uuid) {
  return std::string(uuid.substr(0, kGameKeyLength));
}

bool is_game_key(std::string_view text) {
  return text.size() >= 4 && text.size() <= 36 &&
         text.find_first_not_of("0123456789abcdefABCDEF-") == std::string_view::npos;
}

std::string fold_game_key(std::string_view text) {
  std::string folded(text);
  for (char& c : folded)
    if (c >= 'A' && c <= 'F') c = static_cast<char>(c - 'A' + 'a');
  return folded;
}

Expected<std::int64_t> game_by_key(const Database& db, std::string_view key) {
  auto stmt = db.prepare(
      "SELECT id, uuid FROM games WHERE substr(uuid, 1, length(?1)) = ?1 ORDER BY id LIMIT 6");
  stmt.bind_all(std::string(key));
  std::vector<std::pair<std::int64_t, std::string>> found;
  while (stmt.step()) found.emplace_back(stmt.int64(0), stmt.text(1));
  if (found.size() == 1) return found.front().first;
  if (found.empty())
    return Failure{"no game here has the key " + quote_token(key), {.kind = HintKind::ListGames}};
  std::string names;
  for (std::size_t i = 0; i < found.size() && i < 5; ++i) {
    names += (i == 0 ? "" : i + 1 == std::min<std::size_t>(found.size(), 5) ? " and " : ", ");
    names += "game " + std::to_string(found[i].first) + " (" +
             found[i].second.substr(0, std::max(key.size() + 4, kGameKeyLength)) + ")";
  }
  if (found.size() > 5) names += " and more";
  return Failure{"the key " + quote_token(key) + " fits several games: " + names +
                 "; give more of the key"};
}

Expected<Game> require_game(const Database& db, std::optional<std::int64_t> id, Pick pick) {
  if (id) {
    if (auto game = load_game(db, *id)) return *game;
    return Failure{"there is no game " + std::to_string(*id),
                   {.kind = HintKind::ListGames, .game = *id}};
  }
  auto stmt =
      db.prepare(pick == Pick::LatestActive
                     ? "SELECT id FROM games WHERE status = 'active' ORDER BY touched DESC LIMIT 1"
                     : "SELECT id FROM games ORDER BY touched DESC LIMIT 1");
  if (stmt.step()) {
    if (auto game = load_game(db, stmt.int64(0))) return *game;
  }
  if (pick == Pick::LatestActive) {
    return Failure{"no game in progress", {.kind = HintKind::StartGame}};
  }
  return Failure{"no games yet", {.kind = HintKind::StartGame}};
}

std::vector<Game> games_in_progress(const Database& db, InProgress which) {
  // "Played" comes from the log, not from games.touched: touched also moves when an old game
  // is edited or undone, and a round must never follow a fix into last week's game.
  constexpr const char* kPlayed = "('new', 'round', 'tiebreak', 'reopen')";
  std::vector<Game> games;
  if (which == InProgress::RoundsOrTiebreak) {
    auto last = db.prepare(std::string("SELECT a.game_id FROM audit a JOIN games g ON g.id = "
                                       "a.game_id WHERE a.action IN ") +
                           kPlayed + " ORDER BY a.id DESC LIMIT 1");
    if (last.step()) {
      if (auto game = load_game(db, last.int64(0)); game && game->status == GameStatus::Finished) {
        const Standings st = game->standings();
        const bool unplayed = std::none_of(st.leaders.begin(), st.leaders.end(), [&](int seat) {
          return game->seats[static_cast<std::size_t>(seat)].tiebreak.has_value();
        });
        if (st.tied && unplayed) games.push_back(std::move(*game));
      }
    }
  }
  auto active = db.prepare(
      std::string("SELECT g.id FROM games g WHERE g.status = 'active' ORDER BY (SELECT max(a.id) "
                  "FROM audit a WHERE a.game_id = g.id AND a.action IN ") +
      kPlayed + ") DESC NULLS LAST, g.touched DESC");
  while (active.step()) {
    if (auto game = load_game(db, active.int64(0))) games.push_back(std::move(*game));
  }
  return games;
}

namespace {

// The columns of games that read_summary reads, in its order (`g` is the games table).
const std::string kSummaryColumns =
    std::string("g.id, g.played_on, g.status, g.note, g.uuid, ") + kKnownStart;

GameSummary read_summary(const Statement& row) {
  GameSummary s;
  s.id = row.int64(0);
  s.date = row.text(1);
  s.status = parse_status(row.text(2));
  s.note = row.optional_text(3);
  s.uuid = row.text(4);
  if (!row.is_null(5)) s.started = row.int64(5);
  return s;
}

}  // namespace

bool played_before(const GameSummary& a, const GameSummary& b) {
  // std::optional orders nullopt first, as SQLite orders NULL.
  return std::tie(a.date, a.started, a.uuid) < std::tie(b.date, b.started, b.uuid);
}

std::vector<GameSummary> list_games(const Database& db) {
  std::vector<GameSummary> games;
  std::unordered_map<std::int64_t, std::size_t> index;
  // Three straight scans in key order and a sort here: with 10,000 games this is several
  // times quicker than an index walk with a lookup and a subquery per game.
  auto g = db.prepare("SELECT " + kSummaryColumns + " FROM games g");
  while (g.step()) games.push_back(read_summary(g));
  std::sort(games.begin(), games.end(), played_before);
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

GamesPage list_games_page(const Database& db, std::int64_t offset, int limit) {
  GamesPage page;
  auto count = db.prepare("SELECT count(*) FROM games");
  if (count.step()) page.total = count.int64(0);
  // Backwards in the order played (store/played_order.hpp): a sort of every game's key, since
  // no index holds the start; then a few rows per game by primary key.
  auto g = db.prepare("SELECT " + kSummaryColumns + " FROM games g ORDER BY g.played_on DESC, " +
                      std::string(kKnownStart) + " DESC, g.uuid DESC LIMIT ?1 OFFSET ?2");
  g.bind_all(limit, offset);
  while (g.step()) page.games.push_back(read_summary(g));
  auto rounds = db.prepare("SELECT count(*) FROM rounds WHERE game_id = ?");
  auto seats = db.prepare(
      "SELECT p.name, s.winner FROM seats s JOIN players p ON p.id = s.player_id "
      "WHERE s.game_id = ? ORDER BY s.seat");
  for (auto& game : page.games) {
    rounds.reset();
    rounds.bind_all(game.id);
    if (rounds.step()) game.rounds_played = rounds.integer(0);
    seats.reset();
    seats.bind_all(game.id);
    while (seats.step()) {
      game.players.push_back(seats.text(0));
      if (seats.integer(1) != 0) game.winners.push_back(game.players.back());
    }
  }
  return page;
}

Expected<Player> player_to_seat(Database& db, const std::string& name, bool add_unknown) {
  auto found = find_player(db, name);
  if (!found && !add_unknown) {
    const std::string close = suggest_player(db, name);
    return Failure{
        "unknown player '" + name + "'" +
            (close.empty() ? "" : "; did you mean " + shell_word(close, ShellQuote::Always) + "?"),
        {.kind = HintKind::AddUnknownPlayers, .name = name, .other = close}};
  }
  auto player = found ? Expected<Player>(*found) : add_player(db, name);
  if (!player) return player.failure();
  if (player->retired) {
    return Failure{"player '" + player->name + "' is retired",
                   {.kind = HintKind::UnretirePlayer, .name = player->name}};
  }
  return player;
}

Expected<Game> create_game(Database& db, const NewGame& spec) {
  const auto count = static_cast<int>(spec.players.size());
  if (!is_valid_boxes(spec.boxes)) return Failure{"the boxes must be 1 or 2"};
  if (count < kMinPlayers) {
    return Failure{"a game needs at least 2 players", {.kind = HintKind::NewGameNeedsPlayers}};
  }
  if (count > max_players(spec.boxes)) {
    const std::string most = std::to_string(max_players(spec.boxes));
    if (spec.boxes == 1) {
      return Failure{
          std::to_string(count) + " players is too many for one box, which seats at most " + most,
          {.kind = HintKind::TwoBoxesSeat, .count = max_players(2)}};
    }
    return Failure{std::to_string(count) + " players is too many for two boxes (at most " + most +
                   ")"};
  }
  if (!is_valid_date(spec.date)) {
    return Failure{"'" + spec.date + "' is not a date; write YYYY-MM-DD, e.g. 2026-01-15"};
  }
  if (spec.note) {
    if (auto note = check_note(*spec.note); !note) return Failure{"the note: " + note.error()};
  }
  std::vector<Player> seated;
  for (const auto& name : spec.players) {
    auto player = player_to_seat(db, name, spec.add_unknown);
    if (!player) return player.failure();
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
      names.reserve(seated.size());
      for (const auto& p : seated) names.push_back(p.name);
      const std::string close = closest_name(*spec.dealer, names);
      return Failure{
          "the dealer '" + *spec.dealer + "' is not one of the players" +
          (close.empty() ? "" : "; did you mean " + shell_word(close, ShellQuote::Always) + "?")};
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
  nlohmann::ordered_json value = {
      {"id", id},
      {"date", spec.date},
      {"boxes", spec.boxes},
      {"dealer", seated[static_cast<std::size_t>(first_dealer)].name},
      {"note", spec.note ? nlohmann::ordered_json(*spec.note) : nullptr},
      {"players", players}};
  if (spec.after) value["after"] = *spec.after;
  const HouseRules rules = spec.rules.over(club_rules(db));
  write_game_rules(db, id, rules, {}, spec.deal_seed);
  if (!rules.is_standard()) value["rules"] = house_rules_json<nlohmann::ordered_json>(rules);
  append_audit(db, {.game_id = id,
                    .action = "new",
                    .summary = "Game " + std::to_string(id) + " started: " + names,
                    .new_value = json_line(value)});
  Game game = *load_game(db, id);
  deal_due_rounds(db, game);  // round 1 of a random order
  return game;
}

std::optional<std::int64_t> continued_table(const Database& db, std::int64_t id) {
  // Along audit_game (game_id, id): the game's own entries only.
  auto stmt = db.prepare(
      "SELECT json_extract(new_value, '$.after') FROM audit WHERE game_id = ? AND action = 'new' "
      "ORDER BY id LIMIT 1");
  stmt.bind_all(id);
  if (!stmt.step() || stmt.is_null(0)) return std::nullopt;
  return stmt.int64(0);
}

}  // namespace crowns::store
