#pragma once
// What every subcommand gets: the streams it writes to, the global options, the exit code.

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cli/views/terminal.hpp"
#include "crowns/error.hpp"
#include "views/style.hpp"

namespace crowns::cli {
// The views (src/views: escaping, the scorecard, the report, hands) draw for both doors, the
// terminal and the phone; the terminal's commands name them as their own.
using namespace crowns::views;  // NOLINT(google-build-using-namespace)
}  // namespace crowns::cli

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace crowns::cli {

struct GlobalOptions {
  std::string db;  ///< --db PATH; empty: $CROWNS_DB, else the XDG data folder.
  ColorMode color = ColorMode::Auto;
  bool ascii = false;
};

struct Context {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
  GlobalOptions options;
  Style style;                        ///< Filled in after parsing, before a command runs.
  ExitCode exit_code = ExitCode::Ok;  ///< A command that partly failed sets Error here.
  /// The database file this run created, if any: removed again when the command fails
  /// before storing anything in it (open_store sets it).
  mutable std::string created_db;
  /// The command line as given (argv): crowns serve hands it on to the program crowns-serve.
  std::span<const char* const> command_line;
  /// A --game given as a game's key (the start of its uuid, the same on every host) and the
  /// option it fills: open_store turns the key into this database's number for the game.
  struct GameKey {
    std::string key;
    std::optional<std::int64_t>* game;
  };
  mutable std::vector<GameKey> game_keys;
};

/// What a command needs built before it runs: only itself (most), or every command, for one
/// that reads the whole tree (help, the man page, shell completion).
enum class Tree { Own, Whole };

/// One subcommand: its name, and a function that adds it (options and callback) to the app.
/// run() builds only the command named on the command line (building all of them was most of
/// a quick command's start-up: docs/PERFORMANCE.md), every one when it needs the tree.
struct Command {
  const char* name;
  void (*setup)(CLI::App& app, Context& ctx);
  Tree tree = Tree::Own;
};

/// Runs crowns with the given arguments and streams; returns the process exit code.
int run(int argc, const char* const* argv, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace crowns::cli
