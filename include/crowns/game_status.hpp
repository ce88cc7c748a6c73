#pragma once
// The status words of a game, as the database, exports and JSON output write them.

#include <optional>
#include <string>
#include <string_view>

namespace crowns {

enum class GameStatus { Active, Finished, Abandoned };

/// "active", "finished" or "abandoned".
std::string_view status_name(GameStatus status);

/// The status a word names; none for any other word (case matters, as in the database).
std::optional<GameStatus> parse_game_status(std::string_view word);

/// How far a game is: "3 of 11 rounds".
std::string rounds_progress(int played);

}  // namespace crowns
