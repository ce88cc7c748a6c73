#pragma once
// The options that start a game, shared by `crowns new` and `crowns play NAME...`.

#include <optional>
#include <string>
#include <vector>

#include "store/games.hpp"

namespace CLI {
class App;
}

namespace crowns::cli {

struct NewGameFlags {
  std::optional<std::string> dealer;
  int boxes = 1;
  std::optional<std::string> date;
  std::optional<std::string> note;
  bool add = false;
};

/// Adds --dealer, --boxes, --date, --note and --add to a subcommand.
void add_new_game_options(CLI::App& sub, NewGameFlags& flags);

/// The game to create: the players in seat order, and the flags (date default: today).
/// Fails (crowns::Error) on a --date after today.
store::NewGame new_game_spec(const std::vector<std::string>& players, const NewGameFlags& flags);

}  // namespace crowns::cli
