#pragma once
// What the scorekeeping commands share: opening the database, failing cleanly, and the
// --game option.

#include <cstdint>
#include <optional>
#include <string>

#include "cli/context.hpp"
#include "crowns/expected.hpp"
#include "store/sqlite.hpp"

namespace crowns::cli {

/// Opens (creating and migrating) the database chosen by --db / $CROWNS_DB / XDG.
store::Database open_store(const Context& ctx);

/// Stops the command: throws crowns::Error with `message` made safe for the terminal
/// (user-typed tokens may hold escape sequences).
[[noreturn]] void fail(const std::string& message, ExitCode code = ExitCode::Error);

/// The value, or fail() with the failure's message.
template <class T>
T need(Expected<T> result) {
  if (!result) fail(result.error());
  return std::move(result).value();
}
inline void need(const Expected<void>& result) {
  if (!result) fail(result.error());
}

/// Adds `--game ID` to a subcommand.
void add_game_option(CLI::App& sub, std::optional<std::int64_t>& game);

/// Prints `prompt`, reads one line of stdin. When stdin is not a terminal the answer is
/// echoed, so that a scripted session reads like a typed one. None at end of input.
std::optional<std::string> ask(Context& ctx, const std::string& prompt);

/// Asks a yes/no question ("[y/N]"); end of input means no.
bool confirm(Context& ctx, const std::string& question);

}  // namespace crowns::cli
