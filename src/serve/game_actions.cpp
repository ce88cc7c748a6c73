#include "serve/game_actions.hpp"

#include <algorithm>

#include "crowns/game_status.hpp"
#include "crowns/house_rules.hpp"
#include "crowns/names.hpp"
#include "crowns/rules.hpp"
#include "serve/pages.hpp"
#include "serve/refusals.hpp"
#include "store/db.hpp"
#include "store/house_rules.hpp"
#include "store/join.hpp"
#include "store/rounds.hpp"
#include "table/keeper.hpp"
#include "views/style.hpp"

namespace crowns::serve {
namespace {

using Json = nlohmann::ordered_json;

// The questions a start form answered ahead: confirm=1 (a second game while one is in
// progress); new=NAME,NAME (each a new player, though close to a roster name: the person saw
// "did you mean" and chose the new one).
class StartAnswers final : public table::Asker {
 public:
  explicit StartAnswers(const Form& form)
      : second_(form.ticked("confirm")), new_(form.items("new")) {}
  table::Reply confirm(const table::Ask& ask) override {
    if (ask.kind == table::Question::InProgress && second_) return table::Reply::Yes;
    if (ask.kind == table::Question::NewPlayer && ask.choices.size() == 2 &&
        std::find(new_.begin(), new_.end(), ask.choices[1]) != new_.end())
      return table::Reply::Yes;
    return table::Reply::Unanswered;
  }
  std::optional<std::size_t> choose(const table::Ask& /*ask*/) override { return std::nullopt; }

 private:
  bool second_;
  std::vector<std::string> new_;
};

// What `crowns new` logs ("Game 4 started: Ann, Bob"), and the new game.
Answer started(const store::Database& db, const table::Outcome<store::Game>& outcome) {
  if (!outcome) return refusal_answer(db, outcome.refusal());
  const store::Game& game = *outcome;
  std::string names;
  for (const auto& s : game.seats) names += (names.empty() ? "" : ", ") + s.name;
  return {200, Json{{"ok", true},
                    {"message",
                     views::sanitize("Game " + std::to_string(game.id) + " started: " + names)},
                    {"state", page_state(db, game)}}};
}

Answer start(store::Database& db, const Form& form) {
  store::NewGame spec;
  const std::string write = form.write_id();
  // A game started from a table's page (table=ID: the game it showed) is that table's next
  // game; the table layer refuses it if the table moved on meanwhile (Refused::MovedOn).
  spec.after = form.maybe_number("table");
  // One past the most a game seats: a 15th name is refused by the rules, never dropped.
  spec.players = form.names("p", kMaxPlayers + 1);
  if (const std::string dealer = form.text("dealer"); !dealer.empty()) spec.dealer = dealer;
  if (const std::string note = form.text("note"); !note.empty()) spec.note = note;
  spec.add_unknown = form.ticked("add");
  // The house rules the start form chose (order, wild_melds, book_suits, leads, ties, each a
  // word of crowns new's flags); a switch not sent takes the club's default.
  for (const HouseSwitch which : kHouseSwitches) {
    const std::string word = form.text(std::string(switch_name(which)));
    if (word.empty()) continue;
    if (auto set = spec.rules.set(which, word); !set)
      throw Error(std::string(switch_name(which)) + ": " + set.error());
  }
  spec.boxes = boxes_for(static_cast<int>(spec.players.size()));
  spec.date = store::today();
  StartAnswers asker(form);
  return started(db, table::start_game(db, spec, asker, {.write = write}));
}

Answer rematch(store::Database& db, const Form& form) {
  const std::int64_t id = form.number("game");
  const table::Basis basis{.write = form.write_id()};
  StartAnswers asker(form);
  return started(db, table::start_rematch(db, id, asker, basis));
}

Answer tiebreak(store::Database& db, const Form& form) {
  const std::int64_t id = form.number("game");
  const store::Game game = existing_game(db, id);
  // The tied seats' values, as `crowns tiebreak` takes them; the table checks the tie.
  std::vector<std::string> values;
  const std::string out = form.text("out");
  for (const int seat : game.standings().leaders) {
    std::string value = form.text("v" + std::to_string(seat));
    if (out == std::to_string(seat) && (value.empty() || value == "0")) value = "out";
    values.push_back(std::move(value));
  }
  return answer(db, table::record_tiebreak(
                        db, {.game = id,
                             .values = values,
                             .checks = form.ticked("force") ? Checks::Force : Checks::Strict,
                             .basis = {.change = form.seen(), .write = form.write_id()}}));
}

// A late arrival seated from a form carries what the form showed: the round they would
// join at (round=) and the totals it offered the highest of (was=, in seat order). Changed
// since (a round recorded, a correction, another arrival) it is refused, naming the change,
// and the page redraws the form with the totals now: nobody starts from a total nobody saw.
Answer join(store::Database& db, const Form& form) {
  table::ArrivalRequest request{.game = form.number("game"),
                                .arrival = {.name = form.text("name"),
                                            .total = std::nullopt,
                                            .add_unknown = form.ticked("add")},
                                .basis = {.change = form.seen(), .write = form.write_id()}};
  if (request.arrival.name.empty()) throw Error("no name: send name=NAME (who arrives)");
  // An empty total: the highest total now (the default).
  if (!form.text("total").empty())
    request.arrival.total = static_cast<int>(*form.maybe_number("total"));
  if (const auto round = form.maybe_number("round")) request.basis.round = static_cast<int>(*round);
  for (const std::int64_t total : form.numbers("was"))
    request.shown_totals.push_back(static_cast<int>(total));
  StartAnswers asker(form);
  return answer(db, table::seat_arrival(db, request, asker));
}

}  // namespace

std::string in_progress_text(const store::Database& db) {
  return table::in_progress_text(store::games_in_progress(db, store::InProgress::Rounds));
}

Answer run_game_action(store::Database& db, Action action, const Fields& fields) {
  // Each is one transaction of the table's; a refusal wrote nothing.
  const Form form(fields);
  switch (action) {
    case Action::Start: return start(db, form);
    case Action::Rematch: return rematch(db, form);
    case Action::Join: return join(db, form);
    default: break;
  }
  return tiebreak(db, form);
}

}  // namespace crowns::serve
