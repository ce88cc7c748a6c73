#include "table/tables.hpp"

#include <algorithm>
#include <string>

#include "crowns/error.hpp"
#include "crowns/game_status.hpp"

namespace crowns::table {
namespace {

// How far back a table is followed: the newest games (a page of the games list, read along
// the date index: the same cost with 10,000 games).
constexpr int kLaterGames = 50;

store::Game existing(const store::Database& db, std::int64_t id) {
  auto game = store::require_game(db, id, store::Pick::Latest);
  if (!game) throw Error(game.error());
  return std::move(game).value();
}

// How many of `players` sit at a game seating `seated`; a game after it at its table (that
// does not say so) seats enough_shared of them: two at least, or all of a smaller game.
std::size_t seats_shared(const std::vector<std::string>& seated,
                         const std::vector<std::string>& players) {
  std::size_t shared = 0;
  for (const auto& name : players)
    shared += static_cast<std::size_t>(std::count(seated.begin(), seated.end(), name));
  return shared;
}
std::size_t enough_shared(const std::vector<std::string>& seated) {
  return std::min<std::size_t>(2, seated.size());
}

// A game after the one a table played, as game_at_table weighs it.
struct LaterGame {
  std::int64_t id = 0;
  std::vector<std::string> players;
  bool active = false;
  std::optional<std::int64_t> after;  ///< The game whose table it continues, when it says.
};

// The game a game (`id`, seating `seated`, `over` or not) hands its table to, of `later`
// (newest first): a game that says it continues it (a rematch, a game started from this
// table's page, even while this one was still played), one in progress before a finished one;
// else, once it is over, of the games that say nothing of their table (a terminal's `crowns
// new`), the one seating the most of its players (two at least, or all of a smaller game), one
// in progress first, the newest of equals. A game that says it continues another table is
// never this one's, whoever plays it.
const LaterGame* next_at_table(std::int64_t id, const std::vector<std::string>& seated, bool over,
                               const std::vector<LaterGame>& later) {
  const LaterGame* said = nullptr;
  for (const auto& other : later) {
    if (other.id > id && other.after == id && (!said || (other.active && !said->active)))
      said = &other;
  }
  if (said || !over) return said;
  const LaterGame* best = nullptr;
  std::size_t best_shared = 0;
  for (const auto& other : later) {
    if (other.id <= id || other.after) continue;
    const std::size_t shared = seats_shared(seated, other.players);
    if (shared < enough_shared(seated)) continue;
    if (!best || (other.active && !best->active) ||
        (other.active == best->active && shared > best_shared)) {
      best = &other;
      best_shared = shared;
    }
  }
  return best;
}

// The game a gone game whose start named no table (a terminal's `crowns new`) followed at its
// table, as next_at_table chose it: the newest game before it on its day, over, seating
// enough of its players. None for a table's first game of the day (its page offers the start
// form, not last week's game).
std::optional<std::int64_t> table_before(const store::Database& db, std::int64_t id,
                                         const store::GameStart& start) {
  for (const auto& other : store::list_games_page(db, 0, kLaterGames).games) {
    if (other.id >= id || other.date != start.date || other.status == store::GameStatus::Active)
      continue;
    if (seats_shared(other.players, start.players) >= enough_shared(other.players))
      return other.id;  // newest first: the first found
  }
  return std::nullopt;
}

}  // namespace

store::Game game_at_table(const store::Database& db, std::int64_t id) {
  store::Game game = existing(db, id);
  // The table's later games are among the newest (a page of the games list, read along the
  // date index: the same cost with 10,000 games), each with the table its start named.
  std::vector<LaterGame> later;
  for (auto& other : store::list_games_page(db, 0, kLaterGames).games) {
    if (other.id <= game.id) continue;
    later.push_back({.id = other.id,
                     .players = std::move(other.players),
                     .active = other.status == store::GameStatus::Active,
                     .after = store::continued_table(db, other.id)});
  }
  // Along the table's games, each handing on to its next, to the one it plays now (or played
  // last).
  std::int64_t at = game.id;
  std::vector<std::string> seated;
  for (const auto& seat : game.seats) seated.push_back(seat.name);
  bool over = game.status != store::GameStatus::Active;
  for (std::size_t step = 0; step < later.size(); ++step) {
    const LaterGame* next = next_at_table(at, seated, over, later);
    if (!next) break;
    at = next->id;
    seated = next->players;
    over = !next->active;
  }
  return at == game.id ? game : existing(db, at);
}

std::optional<store::Game> game_at_table_now(const store::Database& db, std::int64_t id) {
  // Along the games each gone game continued (NewGame::after, which the log keeps; else the
  // game it followed at its table), to one still kept; a table whose first game is gone has
  // none. A page open at the gone game, or reloaded there, so shows what a page that followed
  // the table to it from the game before shows.
  std::int64_t at = id;
  for (int step = 0; step <= kLaterGames; ++step) {
    if (store::load_game(db, at)) return game_at_table(db, at);
    const auto start = store::game_start(db, at);
    if (!start) return std::nullopt;
    const auto before = start->after ? start->after : table_before(db, at, *start);
    if (!before || *before >= at) return std::nullopt;
    at = *before;
  }
  return std::nullopt;
}

std::vector<store::Game> tables_in_progress(const store::Database& db) {
  auto playing = store::games_in_progress(db, store::InProgress::Rounds);
  // A game in progress whose table has started another from its page (`Start it anyway`) is
  // no table of its own: its table plays the newer one.
  std::vector<std::int64_t> left;
  for (const auto& game : playing) {
    if (const auto after = store::continued_table(db, game.id)) left.push_back(*after);
  }
  std::erase_if(playing, [&](const store::Game& game) {
    return std::find(left.begin(), left.end(), game.id) != left.end();
  });
  if (playing.size() < 2) return {};
  // By number: a table keeps its place in the list as rounds are played.
  std::sort(playing.begin(), playing.end(),
            [](const store::Game& a, const store::Game& b) { return a.id < b.id; });
  return playing;
}

}  // namespace crowns::table
