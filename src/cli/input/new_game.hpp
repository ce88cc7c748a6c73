#pragma once
// The options that start a game, shared by `crowns new` and `crowns play NAME...`.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/context.hpp"
#include "crowns/house_rules.hpp"
#include "store/games.hpp"

namespace CLI {
class App;
}

namespace crowns::cli {

struct NewGameFlags {
  std::optional<std::string> dealer;
  std::optional<int> boxes;  ///< None: crowns::boxes_for the players.
  std::optional<std::string> date;
  std::optional<std::string> note;
  bool add = false;
  bool another = false;  ///< A second table is meant: start it while another game is in progress.
  /// The house-rule switches, by HouseSwitch (--order, --wild-melds, --book-suits, --leads,
  /// --ties), as typed; a switch not given takes the club's default (crowns rules set).
  std::array<std::optional<std::string>, kHouseSwitches.size()> rules{};
  std::optional<std::uint64_t> seed;  ///< --seed: a random order's rounds from this seed.
};

/// Adds --dealer, --boxes, --date, --note, --add, --another and the house-rule switches
/// (--order, --wild-melds, --book-suits, --leads, --ties, --seed) to a subcommand.
void add_new_game_options(CLI::App& sub, NewGameFlags& flags);

/// A house switch's --help words ("House rule: the order of the rounds"), for `new`, `play`
/// and `rules set`.
std::string house_switch_help(HouseSwitch which);

/// The game to create: the players in seat order, and the flags (date default: today).
/// Fails (crowns::Error) on a --date after today, and on a switch's word that is not one of
/// its own ("--order 'sideways' is not one of up|down|random").
store::NewGame new_game_spec(const std::vector<std::string>& players, const NewGameFlags& flags);

/// A game just created, and the other games in progress when it was.
struct StartedGame {
  store::Game game;
  std::vector<store::Game> others;
};

/// Creates the game of `spec` (table::start_game). While another game is in progress it asks
/// first on a terminal, and without one refuses, unless `flags.another` says a second table is
/// meant; nothing is created before the answer. `may_ask` false (output for a script, --json)
/// refuses as without a terminal.
StartedGame start_at_terminal(Context& ctx, store::Database& db, const store::NewGame& spec,
                              const NewGameFlags& flags, bool may_ask = true);

/// When other games are in progress, says so (which, and how to name one with --game): a
/// round with no --game then has more than one game it could be for.
void note_others_in_progress(Context& ctx, const StartedGame& started);

}  // namespace crowns::cli
