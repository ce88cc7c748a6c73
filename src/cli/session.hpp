#pragma once
// What the scorekeeping commands share: opening the database, the --game option, questions.
// Failing cleanly (fail, need) is cli/fail.hpp, included here for them.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "cli/context.hpp"
#include "cli/fail.hpp"
#include "crowns/expected.hpp"
#include "store/db.hpp"
#include "store/games.hpp"
#include "store/sqlite.hpp"

namespace crowns::cli {

/// Opens (and migrates) the database chosen by --db / $CROWNS_DB / XDG. A command that
/// only reads passes store::Access::Read: a missing file is then refused instead of created.
store::Database open_store(const Context& ctx, store::Access access);

/// Opens the database for writing and runs `write(db)` as one transaction, committed when it
/// returns; a refusal inside it (fail(), need()) rolls all of it back. Returns what `write`
/// returns, for the command to print after the commit.
template <class Write>
auto write_store(const Context& ctx, Write&& write) {
  auto db = open_store(ctx, store::Access::Write);
  store::Transaction tx(db);
  if constexpr (std::is_void_v<decltype(write(db))>) {
    std::forward<Write>(write)(db);
    tx.commit();
  } else {
    auto result = std::forward<Write>(write)(db);
    tx.commit();
    return result;
  }
}

/// Adds `--game ID` to a subcommand: the game's number here, or its key (the start of its
/// uuid, 4 or more hex digits, the same on every host; `crowns games` shows it), which
/// open_store turns into the number. An all-digit value shorter than 8 is a number.
CLI::Option* add_game_option(
    CLI::App& sub, Context& ctx, std::optional<std::int64_t>& game,
    const std::string& description = "Game ID or key (default: the most recently changed game)");

/// Adds `--seen CHANGE` to a write: the last change of the game the writer saw (`show --json`
/// prints it as "change"); the write is refused, naming what changed, if there is a later one.
void add_seen_option(CLI::App& sub, std::optional<std::int64_t>& seen);

/// Prints `prompt`, reads one line of stdin. When stdin is not a terminal the answer is
/// echoed, so that a scripted session reads like a typed one. None at end of input.
std::optional<std::string> ask(Context& ctx, const std::string& prompt);

/// Asks a yes/no question ("[y/N]"); end of input means no.
bool confirm(Context& ctx, const std::string& question);
/// Whether a reply to a question says yes: "y" or "yes", in any case.
bool is_yes(std::string_view reply);
/// "n" or "no", in any case.
bool is_no(std::string_view reply);

/// Whether standard input is a terminal (someone can answer a question).
bool stdin_is_terminal();

/// "game 2 (2026-01-15: Cat, Dan; 3 of 11 rounds)": a game in progress as a question or a
/// refusal names it (a finished game says "tie-break to play").
std::string describe_game(const store::Game& game);

/// The game a round (or `play`) goes to when no --game is given: the one game in progress
/// (see store::games_in_progress). With several, asks which on a terminal (the most recently
/// played is the default) and refuses without one, naming them; with none, says why.
/// Call before taking the write lock: the question may wait on a person.
std::int64_t game_being_played(Context& ctx, const store::Database& db, store::InProgress which);

}  // namespace crowns::cli
