#pragma once
// What a table is, for both doors: the games one table plays in turn (a game, its rematch, the
// next game started from its page), the game it plays now, and the tables of a club night.
// The writes that start a table's next game (table::start_game with NewGame::after,
// table::start_rematch) check it inside their transaction (Refused::MovedOn).

#include <cstdint>
#include <optional>
#include <vector>

#include "store/games.hpp"
#include "store/sqlite.hpp"

namespace crowns::table {

/// The game a table plays now, the table named by a game it played (`id`): that game while it
/// is in progress; once it is over, its next game at the table, and that one's, to the game in
/// progress or the last one (of the newest 50 games). A game's next is the game that says it
/// continues it (a rematch, a game started from the table's page: NewGame::after), else a game
/// that says nothing of its table (a terminal's `crowns new`) seating the most of its players
/// (two at least, or all of a smaller game), one in progress before a finished one. A game
/// started at another table (by other people, or from that table's page) never moves it.
/// Throws crowns::Error for no such game.
store::Game game_at_table(const store::Database& db, std::int64_t id);

/// The game a table plays now, as game_at_table says, for a table page whose game may be gone
/// (its start undone, deleted): then the game it continued at the table (the one its start
/// named; for a start that named none, the newest game of its day that was over and seated
/// enough of its players, as game_at_table would have followed it), and so on; or none, for
/// a table whose first game is gone (the page offers its start form).
std::optional<store::Game> game_at_table_now(const store::Database& db, std::int64_t id);

/// The games in progress when there are two or more (tables at a club night), else none: a
/// game in progress whose table has started a newer one from its page is no table of its own.
std::vector<store::Game> tables_in_progress(const store::Database& db);

}  // namespace crowns::table
