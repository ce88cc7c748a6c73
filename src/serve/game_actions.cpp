#include "serve/game_actions.hpp"

#include <algorithm>
#include <charconv>

#include "crowns/game_status.hpp"
#include "crowns/names.hpp"
#include "crowns/rules.hpp"
#include "serve/pages.hpp"
#include "serve/refusals.hpp"
#include "store/db.hpp"
#include "store/join.hpp"
#include "store/rounds.hpp"
#include "table/keeper.hpp"
#include "views/style.hpp"

namespace crowns::serve {
namespace {

using Json = nlohmann::ordered_json;

std::int64_t game_field(const Fields& fields) {
  return number_field(fields, "game");
}

// The questions a start form answered ahead: confirm=1 (a second game while one is in
// progress); new=NAME,NAME (each a new player, though close to a roster name: the person saw
// "did you mean" and chose the new one).
class StartAnswers final : public table::Asker {
 public:
  explicit StartAnswers(const Fields& fields)
      : second_(field(fields, "confirm") == "1"),
        new_(fields.contains("new") ? comma_items(field(fields, "new"))
                                    : std::vector<std::string>()) {}
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

Answer start(store::Database& db, const Fields& fields) {
  store::NewGame spec;
  const std::string write = write_id_field(fields);
  // A game started from a table's page (table=ID: the game it showed) is that table's next
  // game; the table layer refuses it if the table moved on meanwhile (Refused::MovedOn).
  if (fields.contains("table")) spec.after = number_field(fields, "table");
  // One past the most a game seats: a 15th name is refused by the rules, never dropped.
  for (int s = 0; s <= kMaxPlayers; ++s) {
    const std::string name = field(fields, "p" + std::to_string(s));
    if (name.empty()) break;
    spec.players.push_back(name);
  }
  if (const std::string dealer = field(fields, "dealer"); !dealer.empty()) spec.dealer = dealer;
  if (const std::string note = field(fields, "note"); !note.empty()) spec.note = note;
  spec.add_unknown = field(fields, "add") == "1";
  spec.boxes = boxes_for(static_cast<int>(spec.players.size()));
  spec.date = store::today();
  StartAnswers asker(fields);
  return started(db, table::start_game(db, spec, asker, {.write = write}));
}

Answer rematch(store::Database& db, const Fields& fields) {
  const std::int64_t id = game_field(fields);
  const table::Basis basis{.write = write_id_field(fields)};
  StartAnswers asker(fields);
  return started(db, table::start_rematch(db, id, asker, basis));
}

std::optional<std::int64_t> seen_field(const Fields& fields) {
  const std::string text = field(fields, "seen");
  if (!fields.contains("seen")) return std::nullopt;
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < 0)
    throw Error(quote_token(text) + " is not a change number: send seen=NUMBER");
  return value;
}

Answer tiebreak(store::Database& db, const Fields& fields) {
  const std::int64_t id = game_field(fields);
  const store::Game game = existing_game(db, id);
  // The tied seats' values, as `crowns tiebreak` takes them; the table checks the tie.
  std::vector<std::string> values;
  const std::string out = field(fields, "out");
  for (const int seat : game.standings().leaders) {
    std::string value = field(fields, "v" + std::to_string(seat));
    if (out == std::to_string(seat) && (value.empty() || value == "0")) value = "out";
    values.push_back(std::move(value));
  }
  return answer(
      db, table::record_tiebreak(
              db, {.game = id,
                   .values = values,
                   .checks = field(fields, "force") == "1" ? Checks::Force : Checks::Strict,
                   .basis = {.change = seen_field(fields), .write = write_id_field(fields)}}));
}

// A late arrival seated from a form carries what the form showed: the round they would
// join at (round=) and the totals it offered the highest of (was=, in seat order). Changed
// since (a round recorded, a correction, another arrival) it is refused, naming the change,
// and the page redraws the form with the totals now: nobody starts from a total nobody saw.
Answer join(store::Database& db, const Fields& fields) {
  table::ArrivalRequest request{
      .game = game_field(fields),
      .arrival = {.name = field(fields, "name"),
                  .total = std::nullopt,
                  .add_unknown = field(fields, "add") == "1"},
      .basis = {.change = seen_field(fields), .write = write_id_field(fields)}};
  if (request.arrival.name.empty()) throw Error("no name: send name=NAME (who arrives)");
  if (const std::string total = field(fields, "total"); !total.empty()) {
    int value = 0;
    const auto [end, error] = std::from_chars(total.data(), total.data() + total.size(), value);
    if (error != std::errc() || end != total.data() + total.size() || value < 0) {
      throw Error(quote_token(total) + " is not a starting total: give a whole number, 0 or more");
    }
    request.arrival.total = value;
  }
  if (fields.contains("round")) {
    const std::string round = field(fields, "round");
    int value = 0;
    const auto [end, error] = std::from_chars(round.data(), round.data() + round.size(), value);
    request.basis.round = error == std::errc() && end == round.data() + round.size() ? value : -1;
  }
  if (fields.contains("was")) {
    for (const auto& item : comma_items(field(fields, "was"))) {
      int value = -1;
      std::from_chars(item.data(), item.data() + item.size(), value);
      request.shown_totals.push_back(value);
    }
  }
  StartAnswers asker(fields);
  return answer(db, table::seat_arrival(db, request, asker));
}

}  // namespace

std::string in_progress_text(const store::Database& db) {
  return table::in_progress_text(store::games_in_progress(db, store::InProgress::Rounds));
}

Answer run_game_action(store::Database& db, Action action, const Fields& fields) {
  // Each is one transaction of the table's; a refusal wrote nothing.
  switch (action) {
    case Action::Start: return start(db, fields);
    case Action::Rematch: return rematch(db, fields);
    case Action::Join: return join(db, fields);
    default: break;
  }
  return tiebreak(db, fields);
}

}  // namespace crowns::serve
