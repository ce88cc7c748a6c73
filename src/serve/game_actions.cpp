#include "serve/game_actions.hpp"

#include <charconv>

#include "cli/commands/score_entry.hpp"
#include "cli/fail.hpp"
#include "cli/input/score_args.hpp"
#include "cli/views/scorecard.hpp"
#include "cli/views/style.hpp"
#include "crowns/game_status.hpp"
#include "crowns/names.hpp"
#include "crowns/rules.hpp"
#include "serve/pages.hpp"
#include "store/db.hpp"
#include "store/join.hpp"
#include "store/rounds.hpp"

namespace crowns::serve {
namespace {

using Json = nlohmann::ordered_json;

std::int64_t game_field(const Fields& fields) {
  const std::string text = field(fields, "game");
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < 1)
    throw Error(quote_token(text) + " is not a game number: send game=NUMBER");
  return value;
}

// A new game refused while another is in progress, unless the keeper confirmed it.
std::optional<Answer> in_progress_refusal(const store::Database& db, const Fields& fields) {
  if (field(fields, "confirm") == "1") return std::nullopt;
  const std::string playing = in_progress_text(db);
  if (playing.empty()) return std::nullopt;
  return Answer{
      409, Json{{"error", cli::sanitize(playing + ": start another anyway?")}, {"confirm", true}}};
}

// What `crowns new` logs ("Game 4 started: Ann, Bob"), and the new game.
Json started(const store::Database& db, const store::Game& game) {
  std::string names;
  for (const auto& s : game.seats) names += (names.empty() ? "" : ", ") + s.name;
  return Json{{"ok", true},
              {"message", cli::sanitize("Game " + std::to_string(game.id) + " started: " + names)},
              {"state", page_state(db, game)}};
}

Json start(store::Database& db, const Fields& fields) {
  store::NewGame spec;
  for (int s = 0; s < kMaxPlayers; ++s) {
    const std::string name = field(fields, "p" + std::to_string(s));
    if (name.empty()) break;
    spec.players.push_back(name);
  }
  if (const std::string dealer = field(fields, "dealer"); !dealer.empty()) spec.dealer = dealer;
  if (const std::string note = field(fields, "note"); !note.empty()) spec.note = note;
  spec.add_unknown = field(fields, "add") == "1";
  spec.boxes = static_cast<int>(spec.players.size()) > max_players(1) ? 2 : 1;
  spec.date = store::today();
  return started(db, cli::need(store::create_game(db, spec)));
}

Json rematch(store::Database& db, const Fields& fields) {
  const store::Game before =
      cli::need(store::require_game(db, game_field(fields), store::Pick::Latest));
  if (before.status == store::GameStatus::Active) {
    throw Error("game " + std::to_string(before.id) +
                " is still being played; a rematch follows a finished game");
  }
  store::NewGame spec;
  for (const auto& s : before.seats) spec.players.push_back(s.name);
  // The deal passes on: the seat after the last game's first dealer deals round 1.
  spec.dealer =
      before.seats[static_cast<std::size_t>((before.first_dealer + 1) % before.players())].name;
  spec.boxes = before.boxes;
  spec.date = store::today();
  return started(db, cli::need(store::create_game(db, spec)));
}

Json tiebreak(store::Database& db, const Fields& fields) {
  const store::Game game =
      cli::need(store::require_game(db, game_field(fields), store::Pick::Latest));
  const Standings st = cli::need(store::check_tiebreak(game));
  // The same steps as `crowns tiebreak`: values of the tied seats, scored, checked, recorded.
  std::vector<std::string> values;
  const std::string out = field(fields, "out");
  for (const int seat : st.leaders) {
    std::string value = field(fields, "v" + std::to_string(seat));
    if (out == std::to_string(seat) && (value.empty() || value == "0")) value = "out";
    values.push_back(std::move(value));
  }
  const RoundSpec spec = tiebreak_spec(game.boxes);
  const Checks checks = field(fields, "force") == "1" ? Checks::Force : Checks::Strict;
  const auto matched = cli::need(cli::match_values(values, game, st.leaders, cli::Coverage::Every));
  const auto scores = cli::need(cli::score_values(matched, game, spec, checks));
  cli::need(cli::check_scores(game, scores, std::nullopt, spec, checks));
  return done(db, cli::need(store::record_tiebreak(db, game, scores)));
}

// A late arrival seated from a form carries what the form showed: the round they would
// join at (round=) and the totals it offered the highest of (was=, in seat order). Changed
// since (a round recorded, a correction, another arrival) it is refused, naming the change,
// and the page redraws the form with the totals now: nobody starts from a total nobody saw.
std::optional<Answer> stale_join(const store::Database& db, const store::Game& game,
                                 const Fields& fields) {
  if (!fields.contains("round") && !fields.contains("was")) return std::nullopt;
  const auto next = game.next_round();
  if (!next || game.status != store::GameStatus::Active) return std::nullopt;  // join says why
  std::string what;
  const std::string shown_round = field(fields, "round");
  if (fields.contains("round") && shown_round != std::to_string(*next)) {
    what = "the next round is now round " + std::to_string(*next) + ", not " + shown_round;
  } else if (fields.contains("was")) {
    const std::vector<std::string> shown = comma_items(field(fields, "was"));
    const Standings st = game.standings();
    for (std::size_t s = 0; s < game.seats.size(); ++s) {
      const std::string now = std::to_string(st.totals[s]);
      if (s < shown.size() && shown[s] == now) continue;
      what += (what.empty() ? "" : ", ") + game.seats[s].name +
              (s < shown.size() ? "'s total is now " + now : " joined");
    }
  }
  if (what.empty()) return std::nullopt;
  return Answer{409, Json{{"error", cli::sanitize("Nobody seated: the game changed meanwhile (" +
                                                  what + "); check the starting total")},
                          {"state", page_state(db, game)}}};
}

Answer join(store::Database& db, const Fields& fields) {
  const store::Game game =
      cli::need(store::require_game(db, game_field(fields), store::Pick::Latest));
  if (auto refused = stale_join(db, game, fields)) return std::move(*refused);
  store::Arrival arrival{.name = field(fields, "name"),
                         .total = std::nullopt,
                         .add_unknown = field(fields, "add") == "1"};
  if (arrival.name.empty()) throw Error("no name: send name=NAME (who arrives)");
  if (const std::string total = field(fields, "total"); !total.empty()) {
    int value = 0;
    const auto [end, error] = std::from_chars(total.data(), total.data() + total.size(), value);
    if (error != std::errc() || end != total.data() + total.size() || value < 0) {
      throw Error(quote_token(total) + " is not a starting total: give a whole number, 0 or more");
    }
    arrival.total = value;
  }
  return {200, done(db, cli::need(store::join_game(db, game, arrival)))};
}

}  // namespace

std::string in_progress_text(const store::Database& db) {
  std::string text;
  for (const auto& game : store::games_in_progress(db, store::InProgress::Rounds)) {
    std::string names;
    for (const auto& s : game.seats) names += (names.empty() ? "" : ", ") + s.name;
    text += (text.empty() ? "" : "; ") + std::string("game ") + std::to_string(game.id) + " (" +
            names + ") is still in progress, " +
            (game.rounds_played() == 0 ? std::string("with no rounds yet")
                                       : "after " + rounds_progress(game.rounds_played()));
  }
  return text;
}

Answer run_game_action(store::Database& db, Action action, const Fields& fields) {
  store::Transaction tx(db);
  if (action == Action::Start || action == Action::Rematch) {
    if (auto refused = in_progress_refusal(db, fields)) return std::move(*refused);
  }
  // A refused join (409) wrote nothing, so committing it changes nothing either.
  Answer answer = action == Action::Join
                      ? join(db, fields)
                      : Answer{200, action == Action::Start     ? start(db, fields)
                                    : action == Action::Rematch ? rematch(db, fields)
                                                                : tiebreak(db, fields)};
  tx.commit();
  return answer;
}

}  // namespace crowns::serve
