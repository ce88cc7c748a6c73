#include "cli/input/table_moves.hpp"

#include <sstream>
#include <string>

#include "cli/hint_words.hpp"
#include "crowns/ascii.hpp"
#include "crowns/names.hpp"

namespace crowns::cli {
namespace {

constexpr std::string_view kMoveExample =
    R"({"seat":1,"offered":"9h","took":true,"discarded":"Kd"})";
constexpr std::string_view kMoveForm =
    "SEAT took|passed CARD threw CARD (e.g. \"1 took 9h threw Kd\")";

}  // namespace

std::vector<TableMove> read_actions(JsonRequest& r, int players) {
  const nlohmann::json& actions = r.raw("actions");
  std::vector<TableMove> moves;
  if (actions.is_null()) return moves;
  if (!actions.is_array()) {
    r.fail("\"actions\" must be an array of moves like [" + std::string(kMoveExample) + "]");
    return moves;
  }
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const std::string where = "\"actions\" move " + std::to_string(i + 1);
    if (!actions[i].is_object()) {
      r.fail(where + " must be an object like " + std::string(kMoveExample));
      return {};
    }
    JsonRequest m(actions[i]);
    TableMove move;
    move.seat = m.required_int("seat", 0, players - 1);
    move.offered = m.required_card("offered");
    const bool took_missing = m.raw("took").is_null();
    move.took = m.boolean("took", false);
    move.discarded = m.required_card("discarded");
    auto bad = m.failure();
    if (!bad && took_missing) bad = Failure{"missing \"took\" (true or false)"};
    if (bad) {
      const bool seat = bad->message.find("\"seat\"") != std::string::npos;
      r.fail(where + ": " + bad->message +
             (seat ? "; seats count clockwise from you: 0 is you, 1 the next player" : ""));
      return {};
    }
    moves.push_back(move);
  }
  return moves;
}

Expected<TableMove> parse_table_move(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  const std::string form = "write a move as " + std::string(kMoveForm);
  if (words.size() != 5) {
    return Failure{"--move " + quote_token(text) + " has " + std::to_string(words.size()) +
                   " words: " + form};
  }
  TableMove move;
  const std::string& seat = words[0];
  if (seat.empty() || seat.size() > 2 || seat.find_first_not_of("0123456789") != std::string::npos)
    return Failure{"--move " + quote_token(text) + ": the seat " + quote_token(seat) +
                   " is not a number (0 is you, 1 the next player, clockwise); " + form};
  move.seat = std::stoi(seat);
  const std::string verb = ascii_lower(words[1]);
  if (verb != "took" && verb != "passed") {
    return Failure{"--move " + quote_token(text) + ": " + quote_token(words[1]) +
                   " is neither took nor passed; " + form};
  }
  move.took = verb == "took";
  auto offered = parse_card(words[2]);
  if (!offered)
    return Failure{"--move " + quote_token(text) + ": " + worded(offered.failure()) + "; " + form};
  move.offered = *offered;
  if (ascii_lower(words[3]) != "threw") {
    return Failure{"--move " + quote_token(text) + ": " + quote_token(words[3]) +
                   " should be threw; " + form};
  }
  auto discarded = parse_card(words[4]);
  if (!discarded)
    return Failure{"--move " + quote_token(text) + ": " + worded(discarded.failure()) + "; " +
                   form};
  move.discarded = *discarded;
  return move;
}

}  // namespace crowns::cli
