#include "serve/actions.hpp"

#include "crowns/names.hpp"
#include "serve/form.hpp"
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
namespace {

using Json = nlohmann::ordered_json;

}  // namespace

nlohmann::ordered_json done(const store::Database& db, const store::Change& change) {
  return nlohmann::ordered_json{{"ok", true},
                                {"message", views::sanitize(change.entry.summary)},
                                {"state", page_state(db, change.game)}};
}

namespace {

// One value per seat of `seats`, in seat order, as `crowns round VALUE...` takes them. The "out"
// radio fills an empty (or 0) field with "out"; one that contradicts a typed value is refused,
// naming both, never silently dropped for another seat's "out".
std::vector<std::string> seat_values(const store::Game& game, const std::vector<int>& seats,
                                     const Form& form) {
  const std::string out = form.text("out");
  std::vector<std::string> values;
  for (const int s : seats) {
    std::string value = form.text("v" + std::to_string(s));
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
      const auto marked =
          static_cast<std::size_t>(read_whole_number(out, 0).value_or(std::ssize(game.seats)));
      if (marked < game.seats.size())
        throw Error(game.seats[marked].name + " is marked out but " +
                    game.seats[static_cast<std::size_t>(s)].name +
                    " has \"out\" typed: one player goes out");
    }
    values.push_back(std::move(value));
  }
  return values;
}

Checks checks_of(const Form& form) {
  return form.ticked("force") ? Checks::Force : Checks::Strict;
}

// The state the form was typed against: seen=AUDIT ID, the game's last change it showed
// (state.change); round=N, the round it showed. Either refuses a write once the game moved on.
table::Basis basis_of(const Form& form, std::optional<int> round = std::nullopt) {
  return {.change = form.seen(), .round = round, .write = form.write_id()};
}

// The questions a form answered ahead: confirm=repeat (a round that reads as the one just
// recorded), confirm=typed (values typed for a round recorded meanwhile, as the next),
// confirm=1 (a second game while one is in progress).
table::AnsweredAhead confirmed(const Form& form) {
  const std::string answer = form.text("confirm");
  if (answer == "repeat") return table::AnsweredAhead({table::Question::Repeat});
  if (answer == "typed") return table::AnsweredAhead({table::Question::TypedEarlier});
  if (answer == "1") return table::AnsweredAhead({table::Question::InProgress});
  return table::AnsweredAhead({});
}

Answer write(store::Database& db, Action action, const Fields& fields) {
  const Form form(fields);
  const std::int64_t id = form.number("game");
  if (action == Action::Undo) {
    // The page names the change its undo removes (change=AUDIT ID); another writer's change
    // since is refused, never undone in its place.
    return answer(db, table::undo(db, id, basis_of(form), form.maybe_number("change")));
  }
  const store::Game game = existing_game(db, id);
  auto asker = confirmed(form);
  const auto round_of = [&](const std::string& name) -> std::optional<int> {
    if (const auto n = form.maybe_number(name)) return static_cast<int>(*n);
    return std::nullopt;
  };
  if (action == Action::Round) {
    // Two phones (or a phone and a terminal) entering the same round: the second is refused,
    // never recorded as the round after. typed=N: the round the values were first typed for.
    return answer(db,
                  table::record_round(db,
                                      {.game = id,
                                       .values = seat_values(game, table::every_seat(game), form),
                                       .checks = checks_of(form),
                                       .basis = basis_of(form, round_of("round")),
                                       .typed_for = round_of("typed")},
                                      asker));
  }
  const auto round = static_cast<int>(form.number("round"));
  // A correction carries the round as it was shown (was=5,0*,12): changed since, it is
  // refused, never laid over another edit. A late arrival's field is left out for a round
  // before they joined.
  return answer(db, table::correct_round(
                        db,
                        {.game = id,
                         .round = round,
                         .values = seat_values(game, table::seats_in_round(game, round), form),
                         .checks = checks_of(form),
                         .basis = basis_of(form),
                         .shown = form.items("was")},
                        asker));
}

}  // namespace

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
