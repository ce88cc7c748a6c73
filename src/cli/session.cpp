#include "cli/session.hpp"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <istream>

#include "cli/files.hpp"
#include "cli/options.hpp"
#include "crowns/ascii.hpp"
#include "crowns/game_status.hpp"
#include "crowns/names.hpp"
#include "store/db.hpp"
#include "store/rounds.hpp"

namespace crowns::cli {
namespace {
constexpr std::size_t kMaxAnswerBytes = 4096;

// A --game value that is a local number: digits, shorter than a whole key (8 hex digits), so
// that "12" stays game 12 and "20260115" is read as a key.
bool is_game_number(std::string_view text) {
  return !text.empty() && text.size() < store::kGameKeyLength &&
         text.find_first_not_of("0123456789") == std::string_view::npos;
}
}  // namespace

store::Database open_store(const Context& ctx, store::Access access) {
  const std::string path = store::database_path(ctx.options.db);
  std::error_code ec;
  const bool existed = std::filesystem::exists(path, ec);
  store::Database db = store::open_database(path, access);
  if (!existed && ctx.created_db.empty()) ctx.created_db = path;
  for (const auto& [key, game] : ctx.game_keys) *game = need(store::game_by_key(db, key));
  ctx.game_keys.clear();
  return db;
}

CLI::Option* add_game_option(CLI::App& sub, Context& ctx, std::optional<std::int64_t>& game,
                             const std::string& description) {
  return sub
      .add_option_function<std::string>(
          "-g,--game",
          [&ctx, &game](const std::string& text) {
            if (is_game_number(text)) {
              game = *read_whole_number(text, 1, kMaxId);
            } else {
              game = 0;  // a placeholder that says "given": open_store puts the number
              ctx.game_keys.push_back({store::fold_game_key(text), &game});
            }
          },
          description)
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            if (is_game_number(text)) {
              const auto number = read_whole_number(text, 1, kMaxId);
              return number ? std::string() : number.error();
            }
            if (store::is_game_key(text)) return {};
            return quote_token(text) +
                   " is neither a game number nor a game key (give a number from crowns games, "
                   "or 4 or more hex digits of the game's key)";
          },
          "ID or KEY"))
      ->type_name("ID");
}

void add_seen_option(CLI::App& sub, std::optional<std::int64_t>& seen) {
  sub.add_option("--seen", seen,
                 "The game's last change you saw (show --json: \"change\"); refused if it moved on")
      ->check(whole_number(0, kMaxId))
      ->type_name("CHANGE");
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
  // Flushed, so that an error about the answer (on stderr, unbuffered) comes after it.
  if (isatty(STDIN_FILENO) == 0) ctx.out << sanitize(answer) << '\n' << std::flush;
  return answer;
}

bool confirm(Context& ctx, const std::string& question) {
  const auto reply = ask(ctx, question + " [y/N] ");
  if (!reply) return false;
  return is_yes(*reply);
}

bool is_yes(std::string_view reply) {
  const std::string word = ascii_lower(reply);
  return word == "y" || word == "yes";
}

bool is_no(std::string_view reply) {
  const std::string word = ascii_lower(reply);
  return word == "n" || word == "no";
}

bool stdin_is_terminal() {
  return isatty(STDIN_FILENO) != 0;
}

std::string describe_game(const store::Game& game) {
  std::string players;
  for (const auto& s : game.seats) players += (players.empty() ? "" : ", ") + s.name;
  const std::string progress = game.status == store::GameStatus::Finished
                                   ? "tie-break to play"
                                   : rounds_progress(game.rounds_played());
  return "game " + std::to_string(game.id) + " (" + game.date + ": " + players + "; " + progress +
         ")";
}

std::int64_t game_being_played(Context& ctx, const store::Database& db, store::InProgress which) {
  const auto games = store::games_in_progress(db, which);
  if (games.empty()) {
    // Say why the latest game takes no more rounds (finished: no round 12; abandoned).
    if (auto latest = store::require_game(db, std::nullopt, store::Pick::Latest)) {
      need(store::require_next_round(*latest));
    }
    fail("no game in progress; start one with: crowns new NAME NAME...");
  }
  if (games.size() == 1) return games.front().id;
  std::string list;
  for (const auto& g : games) list += (list.empty() ? "" : ", ") + describe_game(g);
  if (!stdin_is_terminal()) {
    fail(std::to_string(games.size()) + " games are in progress: " + list +
         "; say which with --game ID (or end one with: crowns abandon --game ID)");
  }
  ctx.out << games.size() << " games are in progress:\n";
  for (const auto& g : games) ctx.out << "  " << sanitize(describe_game(g)) << '\n';
  const std::string first = std::to_string(games.front().id);
  const auto reply = ask(ctx, "Which game? [" + first + "] ");
  if (!reply) fail("no game chosen; say which with --game ID");
  if (reply->empty()) return games.front().id;
  for (const auto& g : games) {
    if (*reply == std::to_string(g.id)) return g.id;
  }
  fail(quote_token(*reply) + " is not one of the games in progress (" + list +
       "); say which with --game ID");
}

}  // namespace crowns::cli
