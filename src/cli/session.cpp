#include "cli/session.hpp"

#include <CLI/CLI.hpp>
#include <unistd.h>

#include <istream>

#include "cli/files.hpp"
#include "store/db.hpp"

namespace crowns::cli {
namespace {
constexpr std::size_t kMaxAnswerBytes = 4096;
}  // namespace

store::Database open_store(const Context& ctx) {
  return store::open_database(store::database_path(ctx.options.db));
}

void fail(const std::string& message, ExitCode code) { throw Error(sanitize(message), code); }

void add_game_option(CLI::App& sub, std::optional<std::int64_t>& game) {
  sub.add_option("-g,--game", game, "Game ID (default: the most recently changed game)");
}

std::optional<std::string> ask(Context& ctx, const std::string& prompt) {
  ctx.out << prompt << std::flush;
  std::string answer;
  // A hand of 13 cards is about 40 bytes: a longer answer is kept only so far that it is
  // refused as too long instead of filling memory.
  if (!read_line(ctx.in, answer, kMaxAnswerBytes + 1)) {
    ctx.out << '\n';
    return std::nullopt;
  }
  if (isatty(STDIN_FILENO) == 0) ctx.out << sanitize(answer) << '\n';
  return answer;
}

bool confirm(Context& ctx, const std::string& question) {
  const auto reply = ask(ctx, question + " [y/N] ");
  if (!reply) return false;
  const std::string& answer = *reply;
  return answer == "y" || answer == "Y" || answer == "yes" || answer == "YES" || answer == "Yes";
}

}  // namespace crowns::cli
