#include "serve/actions.hpp"

#include <charconv>

#include "crowns/names.hpp"
#include "serve/game_actions.hpp"
#include "serve/hint_words.hpp"
#include "serve/pages.hpp"
#include "serve/refusals.hpp"
#include "store/client_writes.hpp"
#include "store/undo.hpp"
#include "table/keeper.hpp"
#include "table/scores.hpp"
#include "views/style.hpp"

namespace crowns::serve {

std::string field(const Fields& fields, const std::string& name) {
  const auto it = fields.find(name);
  return it == fields.end() ? std::string() : it->second;
}

std::vector<std::string> comma_items(const std::string& text) {
  std::vector<std::string> items;
  std::size_t from = 0;
  for (std::size_t comma = text.find(',');; comma = text.find(',', from)) {
    items.push_back(text.substr(from, comma == std::string::npos ? comma : comma - from));
    if (comma == std::string::npos) break;
    from = comma + 1;
  }
  return items;
}

nlohmann::ordered_json done(const store::Database& db, const store::Change& change) {
  return nlohmann::ordered_json{{"ok", true},
                                {"message", views::sanitize(change.entry.summary)},
                                {"state", page_state(db, change.game)}};
}

namespace {

using Json = nlohmann::ordered_json;
constexpr std::int64_t kMaxNumber = 1'000'000'000'000;

}  // namespace

// A whole number field ("12"), or fail naming the field and the right form.
std::int64_t number_field(const Fields& fields, const std::string& name, std::int64_t least) {
  const auto it = fields.find(name);
  if (it == fields.end() || it->second.empty())
    throw Error("no " + name + ": send " + name + "=NUMBER");
  std::int64_t value = 0;
  const std::string& text = it->second;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < least ||
      value > kMaxNumber)
    throw Error(quote_token(text) + " is not a " + name + " number: send " + name + "=NUMBER");
  return value;
}

std::string write_id_field(const Fields& fields) {
  std::string id = field(fields, "wid");
  if (!fields.contains("wid")) return {};
  if (!store::valid_write_id(id))
    throw Error(quote_token(id) +
                " is not a write id: send wid= with 8 to 64 letters, digits, - or _");
  return id;
}

namespace {

// One value per seat of `seats`, in seat order, as `crowns round VALUE...` takes them. The "out"
// radio fills an empty (or 0) field with "out"; one that contradicts a typed value is refused,
// naming both, never silently dropped for another seat's "out".
std::vector<std::string> seat_values(const store::Game& game, const std::vector<int>& seats,
                                     const Fields& fields) {
  const std::string out = field(fields, "out");
  std::vector<std::string> values;
  for (const int s : seats) {
    std::string value = field(fields, "v" + std::to_string(s));
    if (out == std::to_string(s)) {
      const std::string& name = game.seats[static_cast<std::size_t>(s)].name;
      if (value.empty() || value == "0") {
        value = "out";
      } else if (value != "out") {
        const bool number = value.find_first_not_of("0123456789") == std::string::npos;
        throw Error(name + " is marked out but has " +
                    (number ? value + " points" : "cards left (" + value + ")") +
                    ": clear the field or untick out");
      }
    } else if (!out.empty() && value == "out") {
      std::size_t marked = game.seats.size();
      std::from_chars(out.data(), out.data() + out.size(), marked);
      if (marked < game.seats.size())
        throw Error(game.seats[marked].name + " is marked out but " +
                    game.seats[static_cast<std::size_t>(s)].name +
                    " has \"out\" typed: one player goes out");
    }
    values.push_back(std::move(value));
  }
  return values;
}

Checks checks_of(const Fields& fields) {
  return field(fields, "force") == "1" ? Checks::Force : Checks::Strict;
}

// The state the form was typed against: seen=AUDIT ID, the game's last change it showed
// (state.change); round=N, the round it showed. Either refuses a write once the game moved on.
table::Basis basis_of(const Fields& fields, std::optional<int> round = std::nullopt) {
  table::Basis basis;
  if (fields.contains("seen")) basis.change = number_field(fields, "seen", 0);
  basis.round = round;
  basis.write = write_id_field(fields);
  return basis;
}

// The questions a form answered ahead: confirm=repeat (a round that reads as the one just
// recorded), confirm=typed (values typed for a round recorded meanwhile, as the next),
// confirm=1 (a second game while one is in progress).
table::AnsweredAhead confirmed(const Fields& fields) {
  const std::string answer = field(fields, "confirm");
  if (answer == "repeat") return table::AnsweredAhead({table::Question::Repeat});
  if (answer == "typed") return table::AnsweredAhead({table::Question::TypedEarlier});
  if (answer == "1") return table::AnsweredAhead({table::Question::InProgress});
  return table::AnsweredAhead({});
}

Answer write(store::Database& db, Action action, const Fields& fields) {
  const std::int64_t id = number_field(fields, "game");
  if (action == Action::Undo) {
    // The page names the change its undo removes (change=AUDIT ID); another writer's change
    // since is refused, never undone in its place.
    std::optional<std::int64_t> removes;
    if (fields.contains("change")) removes = number_field(fields, "change");
    return answer(db, table::undo(db, id, basis_of(fields), removes));
  }
  const store::Game game = existing_game(db, id);
  auto asker = confirmed(fields);
  if (action == Action::Round) {
    // Two phones (or a phone and a terminal) entering the same round: the second is refused,
    // never recorded as the round after. typed=N: the round the values were first typed for.
    std::optional<int> shown;
    if (fields.contains("round")) shown = static_cast<int>(number_field(fields, "round"));
    std::optional<int> typed;
    if (fields.contains("typed")) typed = static_cast<int>(number_field(fields, "typed"));
    return answer(db,
                  table::record_round(db,
                                      {.game = id,
                                       .values = seat_values(game, table::every_seat(game), fields),
                                       .checks = checks_of(fields),
                                       .basis = basis_of(fields, shown),
                                       .typed_for = typed},
                                      asker));
  }
  const auto round = static_cast<int>(number_field(fields, "round"));
  // A correction carries the round as it was shown (was=5,0*,12): changed since, it is
  // refused, never laid over another edit. A late arrival's field is left out for a round
  // before they joined.
  std::vector<std::string> shown;
  if (fields.contains("was")) shown = comma_items(field(fields, "was"));
  return answer(db, table::correct_round(
                        db,
                        {.game = id,
                         .round = round,
                         .values = seat_values(game, table::seats_in_round(game, round), fields),
                         .checks = checks_of(fields),
                         .basis = basis_of(fields),
                         .shown = shown},
                        asker));
}

}  // namespace

const char* action_path(Action action) {
  switch (action) {
    case Action::Edit: return "/api/edit";
    case Action::Undo: return "/api/undo";
    case Action::Start: return "/api/start";
    case Action::Rematch: return "/api/rematch";
    case Action::Tiebreak: return "/api/tiebreak";
    case Action::Join: return "/api/join";
    case Action::Round: break;
  }
  return "/api/round";
}

Answer run_action(store::Database& db, Action action, const Fields& fields) {
  try {
    if (action == Action::Round || action == Action::Edit || action == Action::Undo)
      return write(db, action, fields);
    return run_game_action(db, action, fields);
  } catch (const Error& e) {
    // The CLI's message, as `crowns: error: ...` prints it (escaped the same way), in the
    // page's words.
    return {400, Json{{"error", views::sanitize(phone_said(e))}}};
  }
}

}  // namespace crowns::serve
