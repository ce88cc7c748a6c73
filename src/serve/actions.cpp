#include "serve/actions.hpp"

#include <charconv>

#include "cli/commands/score_entry.hpp"
#include "cli/session.hpp"
#include "cli/views/scorecard.hpp"
#include "cli/views/style.hpp"
#include "crowns/names.hpp"
#include "serve/game_actions.hpp"
#include "store/undo.hpp"

namespace crowns::serve {
namespace {

using Json = nlohmann::ordered_json;
constexpr std::int64_t kMaxNumber = 1'000'000'000'000;

// A whole number field ("12"), or fail naming the field and the right form.
std::int64_t number_field(const Fields& fields, const std::string& name) {
  const auto it = fields.find(name);
  if (it == fields.end() || it->second.empty())
    throw Error("no " + name + ": send " + name + "=NUMBER");
  std::int64_t value = 0;
  const std::string& text = it->second;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 1 || value > kMaxNumber)
    throw Error(quote_token(text) + " is not a " + name + " number: send " + name + "=NUMBER");
  return value;
}

std::string field(const Fields& fields, const std::string& name) {
  const auto it = fields.find(name);
  return it == fields.end() ? std::string() : it->second;
}

// One value per seat, in seat order, as `crowns round VALUE...` takes them.
std::vector<std::string> seat_values(const store::Game& game, const Fields& fields) {
  const std::string out = field(fields, "out");
  std::vector<std::string> values;
  for (int s = 0; s < game.players(); ++s) {
    std::string value = field(fields, "v" + std::to_string(s));
    if (out == std::to_string(s) && (value.empty() || value == "0")) value = "out";
    values.push_back(std::move(value));
  }
  return values;
}

Checks checks_of(const Fields& fields) {
  return field(fields, "force") == "1" ? Checks::Force : Checks::Strict;
}

Json done(const store::Change& change) {
  return Json{{"ok", true},
              {"message", cli::sanitize(change.entry.summary)},
              {"state", change.game ? cli::scorecard_json(*change.game) : Json(nullptr)}};
}

Answer write(store::Database& db, Action action, const Fields& fields) {
  const std::int64_t id = number_field(fields, "game");
  store::Transaction tx(db);
  Json body;
  if (action == Action::Undo) {
    body = done(cli::need(store::undo_last_change(db, id)));
  } else {
    const store::Game game = cli::need(store::require_game(db, id, store::Pick::Latest));
    if (action == Action::Round) {
      // Two phones (or a phone and a terminal) entering the same round: the second is
      // refused, never recorded as the round after.
      if (fields.contains("round")) {
        const auto shown = number_field(fields, "round");
        const auto next = game.next_round();
        if (next && shown != *next) {
          return {409, Json{{"error", "round " + std::to_string(shown) + " of game " +
                                          std::to_string(id) +
                                          " is already recorded; the next is round " +
                                          std::to_string(*next) + ": check the scorecard"}}};
        }
      }
      body = done(cli::enter_round(db, id, seat_values(game, fields), checks_of(fields)).change);
    } else {
      const auto round = static_cast<int>(number_field(fields, "round"));
      body =
          done(cli::enter_edit(db, id, round, seat_values(game, fields), checks_of(fields)).change);
    }
  }
  tx.commit();
  return {200, std::move(body)};
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
    // The CLI's message, as `crowns: error: ...` prints it (escaped the same way).
    return {400, Json{{"error", cli::sanitize(e.what())}}};
  }
}

}  // namespace crowns::serve
