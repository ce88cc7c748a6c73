#include "store/details.hpp"

#include <algorithm>

#include "crowns/names.hpp"
#include "store/game_log.hpp"

namespace crowns::store {

namespace {

// The details as the log keeps them: seat order by player id (names change; ids do not).
struct Details {
  std::string date;
  std::optional<std::string> note;
  int first_dealer = 0;
  std::vector<std::int64_t> seat_players;

  bool operator==(const Details&) const = default;
};

Details details_of(const Game& game) {
  Details d{game.date, game.note, game.first_dealer, {}};
  for (const auto& s : game.seats) d.seat_players.push_back(s.player_id);
  return d;
}

std::string name_of(const Game& game, std::int64_t player_id) {
  for (const auto& s : game.seats) {
    if (s.player_id == player_id) return s.name;
  }
  return "#" + std::to_string(player_id);
}

log::Json details_json(const Game& game, const Details& d) {
  log::Json names = log::Json::array();
  for (auto id : d.seat_players) names.push_back(name_of(game, id));
  return log::Json{{"date", d.date},
                   {"note", d.note ? log::Json(*d.note) : log::Json(nullptr)},
                   {"first_dealer", d.first_dealer},
                   {"seat_players", d.seat_players},
                   {"players", names}};
}

std::optional<Details> details_from_json(const std::string& text) {
  const log::Json j = log::Json::parse(text, nullptr, false);
  if (!j.is_object() || !j.contains("date") || !j.contains("first_dealer") ||
      !j.contains("seat_players")) {
    return std::nullopt;
  }
  Details d;
  d.date = j["date"].get<std::string>();
  if (j["note"].is_string()) d.note = j["note"].get<std::string>();
  d.first_dealer = j["first_dealer"].get<int>();
  d.seat_players = j["seat_players"].get<std::vector<std::int64_t>>();
  return d;
}

// Writes `to` over the game's details. A new seat order renumbers the seats and moves every
// score and draft with its player; the foreign keys between them are checked at commit.
void write_details(Database& db, const Game& game, const Details& to) {
  db.prepare("UPDATE games SET played_on = ?, note = ?, first_dealer = ? WHERE id = ?")
      .bind_all(to.date, to.note, to.first_dealer, game.id)
      .run();
  if (to.seat_players == details_of(game).seat_players) return;
  db.exec("PRAGMA defer_foreign_keys = ON");  // until this transaction ends
  constexpr int kAside = 1000;                // past any seat: no clash while moving
  for (const char* table : {"seats", "scores", "drafts"}) {
    db.prepare(std::string("UPDATE ") + table + " SET seat = seat + ? WHERE game_id = ?")
        .bind_all(kAside, game.id)
        .run();
  }
  for (std::size_t new_seat = 0; new_seat < to.seat_players.size(); ++new_seat) {
    const auto old = std::find_if(game.seats.begin(), game.seats.end(), [&](const SeatInfo& s) {
      return s.player_id == to.seat_players[new_seat];
    });
    for (const char* table : {"seats", "scores", "drafts"}) {
      db.prepare(std::string("UPDATE ") + table + " SET seat = ? WHERE game_id = ? AND seat = ?")
          .bind_all(static_cast<int>(new_seat), game.id, old->seat + kAside)
          .run();
    }
  }
}

std::string names_text(const Game& game, const std::vector<std::int64_t>& ids) {
  std::string text;
  for (auto id : ids) text += (text.empty() ? "" : ", ") + name_of(game, id);
  return text;
}

std::string describe(const Game& game, const Details& from, const Details& to) {
  std::string what;
  auto add = [&](const std::string& part) { what += (what.empty() ? "" : "; ") + part; };
  if (from.date != to.date) add("date " + from.date + " -> " + to.date);
  if (from.note != to.note) {
    add("note " + (from.note ? "'" + *from.note + "'" : std::string("none")) + " -> " +
        (to.note ? "'" + *to.note + "'" : std::string("none")));
  }
  const auto dealer = [&](const Details& d) {
    return name_of(game, d.seat_players[static_cast<std::size_t>(d.first_dealer)]);
  };
  if (dealer(from) != dealer(to)) add("first dealer " + dealer(from) + " -> " + dealer(to));
  if (from.seat_players != to.seat_players) {
    add("seats " + names_text(game, from.seat_players) + " -> " +
        names_text(game, to.seat_players));
  }
  return what;
}

// The seat (in `seats`, player ids in order) of the player called `name`, or a failure.
Expected<std::size_t> seat_named(const Game& game, const std::vector<std::int64_t>& seats,
                                 const std::string& name, const std::string& option) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    names.push_back(name_of(game, seats[i]));
    if (fold_case(names.back()) == fold_case(name)) return i;
  }
  const std::string close = closest_name(name, names);
  std::string all;
  for (const auto& n : names) all += (all.empty() ? "" : ", ") + n;
  return Failure{(option.empty() ? "" : option + " ") + quote_token(name) +
                 " is not playing game " + std::to_string(game.id) +
                 (close.empty() ? " (players: " + all + ")"
                                : "; did you mean " + shell_word(close, ShellQuote::Always) + "?")};
}

Expected<Details> apply(const Game& game, const DetailsChange& change) {
  Details to = details_of(game);
  if (change.date) {
    if (!is_valid_date(*change.date)) {
      return Failure{"the date " + quote_token(*change.date) +
                     " is not a date; write YYYY-MM-DD, e.g. 2026-01-15"};
    }
    to.date = *change.date;
  }
  if (change.note) {
    if (change.note->empty()) {
      to.note.reset();
    } else if (auto ok = check_note(*change.note); !ok) {
      return Failure{"the note: " + ok.error()};
    } else {
      to.note = *change.note;
    }
  }
  const std::int64_t dealer_id = to.seat_players[static_cast<std::size_t>(to.first_dealer)];
  if (change.seats && game.has_late_arrival()) {
    // A late arrival sits after everyone seated before them (their rounds before joining have
    // no scores); reseating would give them a seat with rounds they never played.
    return Failure{
        "game " + std::to_string(game.id) + " has a late arrival, so its seat order stays as it is",
        {.kind = HintKind::SeatsFromRoundOne, .game = game.id}};
  }
  if (change.seats) {
    std::vector<std::int64_t> order;
    for (const auto& name : *change.seats) {
      auto seat = seat_named(game, details_of(game).seat_players, name, "");
      if (!seat) return seat.failure();
      const std::int64_t id = game.seats[*seat].player_id;
      if (std::find(order.begin(), order.end(), id) != order.end()) {
        return Failure{"the seats name " + quote_token(name_of(game, id)) + " twice"};
      }
      order.push_back(id);
    }
    if (order.size() != game.seats.size()) {
      return Failure{"the seats must name all " + std::to_string(game.seats.size()) +
                     " players of game " + std::to_string(game.id) + " once each, clockwise (" +
                     names_text(game, details_of(game).seat_players) + ")"};
    }
    to.seat_players = order;
    // The same player deals round 1 unless --dealer says otherwise.
    to.first_dealer =
        static_cast<int>(std::find(order.begin(), order.end(), dealer_id) - order.begin());
  }
  if (change.dealer) {
    auto seat = seat_named(game, to.seat_players, *change.dealer, "the dealer");
    if (!seat) return seat.failure();
    if (!game.seats[*seat].plays(1)) {
      return Failure{"the dealer " + quote_token(*change.dealer) + " joined game " +
                     std::to_string(game.id) + " at round " +
                     std::to_string(game.seats[*seat].joined_round) + " and did not deal round 1"};
    }
    to.first_dealer = static_cast<int>(*seat);
  }
  return to;
}

}  // namespace

Expected<Change> update_details(Database& db, const Game& game, const DetailsChange& change) {
  auto to = apply(game, change);
  if (!to) return to.failure();
  const Details from = details_of(game);
  if (*to == from) {
    return Failure{
        "nothing to change: game " + std::to_string(game.id) + " already has those details",
        {.kind = HintKind::ShowGame, .game = game.id}};
  }
  const std::string what = describe(game, from, *to);
  write_details(db, game, *to);
  Game after = log::refresh(db, game.id);
  return log::append_change(
      db, std::move(after),
      {.game_id = game.id,
       .action = "details",
       .summary = "Game " + std::to_string(game.id) + " details changed: " + what,
       .old_value = log::dump(details_json(game, from)),
       .new_value = log::dump(details_json(game, *to))});
}

Expected<Game> revert_details(Database& db, const Game& game, const std::string& now,
                              const std::string& back) {
  const auto expected = details_from_json(now);
  const auto target = details_from_json(back);
  if (!expected || !target || !(*expected == details_of(game))) {
    return Failure{"game " + std::to_string(game.id) + "'s details have changed since"};
  }
  auto seated = expected->seat_players;
  auto wanted = target->seat_players;
  std::sort(seated.begin(), seated.end());
  std::sort(wanted.begin(), wanted.end());
  if (seated != wanted || target->first_dealer < 0 ||
      target->first_dealer >= static_cast<int>(wanted.size())) {
    return Failure{"game " + std::to_string(game.id) + "'s players have changed since"};
  }
  write_details(db, game, *target);
  return log::refresh(db, game.id);
}

}  // namespace crowns::store
