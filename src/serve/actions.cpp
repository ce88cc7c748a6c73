#include "serve/actions.hpp"

#include <charconv>

#include "cli/commands/score_entry.hpp"
#include "cli/input/score_args.hpp"
#include "cli/session.hpp"
#include "cli/views/scorecard.hpp"
#include "cli/views/style.hpp"
#include "crowns/names.hpp"
#include "serve/game_actions.hpp"
#include "serve/pages.hpp"
#include "store/undo.hpp"

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
                                {"message", cli::sanitize(change.entry.summary)},
                                {"state", page_state(db, change.game)}};
}

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

// What a correction was based on ("was": the round's cells as the form showed them, comma
// separated, "0*" for who went out) against the round now: what changed, "" when nothing.
std::string changed_since(const store::Game& game, int round, const std::string& was) {
  if (round < 1 || round > static_cast<int>(game.rounds.size())) return {};
  const auto& now = game.rounds[static_cast<std::size_t>(round - 1)];
  const std::vector<std::string> shown = comma_items(was);
  std::string what;
  for (std::size_t s = 0; s < now.scores.size() && s < game.seats.size(); ++s) {
    if (!game.seats[s].plays(round)) continue;  // a late arrival, not seated yet: no cell
    const auto& cell = now.scores[s];
    const std::string cell_now = cell.went_out ? "0*" : std::to_string(cell.points);
    if (s < shown.size() && shown[s] == cell_now) continue;
    what += (what.empty() ? "" : ", ") + game.seats[s].name + " is now " +
            (cell.went_out ? std::string("out") : std::to_string(cell.points));
  }
  return what;
}

Answer refused(const store::Database& db, const store::Game& game, const std::string& message) {
  return {409, Json{{"error", cli::sanitize(message)}, {"state", page_state(db, game)}}};
}

Checks checks_of(const Fields& fields) {
  return field(fields, "force") == "1" ? Checks::Force : Checks::Strict;
}

Answer write(store::Database& db, Action action, const Fields& fields) {
  const std::int64_t id = number_field(fields, "game");
  store::Transaction tx(db);
  Json body;
  if (action == Action::Undo) {
    // The page names the change its undo removes (change=AUDIT ID); another writer's change
    // since is refused, never undone in its place.
    if (fields.contains("change")) {
      const auto shown = number_field(fields, "change");
      const auto next = store::next_to_undo(db, id);
      if (!next || next->id != shown) {
        const store::Game game = cli::need(store::require_game(db, id, store::Pick::Latest));
        return refused(
            db, game,
            next ? "the last change of game " + std::to_string(id) + " is now another (" +
                       next->summary + "): nothing undone; check it and undo again"
                 : "game " + std::to_string(id) + " has nothing left to undo: nothing undone");
      }
    }
    body = done(db, cli::need(store::undo_last_change(db, id)));
  } else {
    const store::Game game = cli::need(store::require_game(db, id, store::Pick::Latest));
    if (action == Action::Round) {
      // Two phones (or a phone and a terminal) entering the same round: the second is
      // refused, never recorded as the round after.
      if (fields.contains("round")) {
        const auto shown = number_field(fields, "round");
        const auto next = game.next_round();
        if (next && shown != *next) {
          return refused(db, game,
                         "round " + std::to_string(shown) + " of game " + std::to_string(id) +
                             " is already recorded; the next is round " + std::to_string(*next) +
                             ": check the scorecard");
        }
      }
      body = done(db, cli::enter_round(db, id, seat_values(game, cli::every_seat(game), fields),
                                       checks_of(fields))
                          .change);
    } else {
      const auto round = static_cast<int>(number_field(fields, "round"));
      // A correction carries the round as it was shown (was=5,0*,12): changed since, it is
      // refused, never laid over another edit.
      if (fields.contains("was")) {
        const std::string what = changed_since(game, round, field(fields, "was"));
        if (!what.empty()) {
          return refused(db, game,
                         "round " + std::to_string(round) + " changed meanwhile: " + what +
                             " \u2014 your values are kept");
        }
      }
      // A late arrival's field is left out for a round before they joined.
      body = done(db, cli::enter_edit(db, id, round,
                                      seat_values(game, cli::seats_in_round(game, round), fields),
                                      checks_of(fields))
                          .change);
    }
  }
  tx.commit();
  return {200, std::move(body)};
}

}  // namespace

std::string phone_words(std::string message) {
  // A terminal's words, and what the page has instead: no options, no shell quoting.
  static const std::pair<std::string_view, std::string_view> kPhone[] = {
      {"add --force to record it anyway",
       "tick \u201caccept an unusual value\u201d to record it anyway"},
      {" or the cards left in quotes (\"Ks Qh jk\")", " or the cards left (Ks Qh jk)"},
      {"--force", "\u201caccept an unusual value\u201d"},
  };
  for (const auto& [terminal, phone] : kPhone) {
    for (auto at = message.find(terminal); at != std::string::npos;
         at = message.find(terminal, at + phone.size()))
      message.replace(at, terminal.size(), phone);
  }
  return message;
}

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
    return {400, Json{{"error", phone_words(cli::sanitize(e.what()))}}};
  }
}

}  // namespace crowns::serve
