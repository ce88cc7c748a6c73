#include "table/keeper.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <utility>

#include "crowns/game_status.hpp"
#include "crowns/plural.hpp"
#include "crowns/rules.hpp"
#include "store/audit.hpp"
#include "store/client_writes.hpp"
#include "store/db.hpp"
#include "store/house_rules.hpp"
#include "store/players.hpp"
#include "store/undo.hpp"
#include "table/scores.hpp"
#include "table/tables.hpp"

namespace crowns::table {
namespace {

// A refusal on its way out of a write: thrown inside, caught once at the function's edge, so
// each step reads as the rule it checks. The transaction rolls back as it unwinds.
struct Stop {
  Refusal refusal;
};

// A failure of the store or of core, refused as Refused::Invalid with its words and hint.
[[noreturn]] void stop_invalid(const Failure& failure, const std::optional<store::Game>& game) {
  throw Stop{
      {.kind = Refused::Invalid, .message = failure.message, .hint = failure.hint, .game = game}};
}

template <class T>
T take(Expected<T> result, const std::optional<store::Game>& game = std::nullopt) {
  if (!result) stop_invalid(result.failure(), game);
  return std::move(result).value();
}
void take(const Expected<void>& result, const std::optional<store::Game>& game = std::nullopt) {
  if (!result) stop_invalid(result.failure(), game);
}

// Runs `write` as one transaction: committed when it returns, rolled back on a refusal.
template <class Write>
auto in_transaction(store::Database& db, Write&& write)
    -> Outcome<decltype(std::forward<Write>(write)())> {
  try {
    store::Transaction tx(db);
    auto done = std::forward<Write>(write)();
    tx.commit();
    return done;
  } catch (Stop& stop) {
    return std::move(stop.refusal);
  }
}

// Runs `write` in a transaction that is always rolled back: whether the rules would take it.
template <class Write>
std::optional<Refusal> dry_run(store::Database& db, Write&& write) {
  try {
    store::Transaction tx(db);
    std::forward<Write>(write)();
  } catch (Stop& stop) {
    return std::move(stop.refusal);
  }
  return std::nullopt;
}

// A write sent again after its answer was lost is found by its own id, before anything else
// (the change it made is one its basis has not seen), and never stored twice.
void check_stored(const store::Database& db, const Basis& basis) {
  if (basis.write.empty()) return;
  auto entry = store::find_client_write(db, basis.write);
  if (!entry) return;
  std::optional<store::Game> game;
  if (entry->game_id) game = store::load_game(db, *entry->game_id);
  std::optional<int> round;
  if (entry->action == "round" && entry->new_value) {
    const auto value = nlohmann::json::parse(*entry->new_value, nullptr, false);
    if (value.is_object() && value.contains("round") && value["round"].is_number_integer())
      round = value["round"].get<int>();
  }
  throw Stop{{.kind = Refused::Stored,
              .message = (round ? "round " + std::to_string(*round) + " was saved"
                                : std::string("this change was saved")) +
                         " (" + entry->summary + "): nothing written again",
              .game = std::move(game),
              .round = round,
              .stored = std::move(entry)}};
}

// The write's own id, kept with the change it made, in its transaction.
void remember(store::Database& db, const Basis& basis, const store::AuditEntry& entry) {
  if (!basis.write.empty()) store::remember_client_write(db, basis.write, entry.id, entry.game_id);
}

// The one stale-write rule: a write typed against an older state of the game is refused,
// naming what changed since, checked inside the write's transaction.
void check_basis(const store::Database& db, const store::Game& game, const Basis& basis) {
  if (!basis.change) return;
  auto since = store::changes_after(db, game.id, *basis.change);
  if (since.empty()) return;
  // The latest three by name (what the writer most likely missed), the rest counted.
  constexpr std::size_t kNamed = 3;
  const std::size_t first = since.size() > kNamed ? since.size() - kNamed : 0;
  std::string what =
      first > 0 ? counted(static_cast<long long>(first), "earlier change") + ", then " : "";
  for (std::size_t i = first; i < since.size(); ++i)
    what += (i == first ? "" : "; ") + since[i].summary;
  throw Stop{{.kind = Refused::Stale,
              .message = "game " + std::to_string(game.id) + " changed since you saw it (" + what +
                         "): nothing recorded",
              .game = game,
              .since = std::move(since)}};
}

// Whether `scores` read as the round before (the same points and marks, seat by seat).
bool repeats_last_round(const store::Game& game, const std::vector<store::SeatScore>& scores) {
  if (game.rounds.empty()) return false;
  const store::RoundInfo& last = game.rounds.back();
  return std::all_of(scores.begin(), scores.end(), [&](const store::SeatScore& s) {
    const store::ScoreCell& cell = last.scores[static_cast<std::size_t>(s.seat)];
    return cell.points == s.entry.points && cell.went_out == s.entry.went_out;
  });
}

// The one repeat guard: a round that reads as the one recorded just before, seconds ago, is
// asked about; unanswered, it is refused with both rounds.
void check_repeat(const store::Database& db, const store::Game& game, int round,
                  const std::vector<store::SeatScore>& scores, Asker& asker) {
  if (!repeats_last_round(game, scores)) return;
  const auto age = store::seconds_since_recorded(db, game.id, round - 1);
  if (!age || *age >= kRepeatSeconds) return;
  const std::string earlier = store::round_line(game, game.rounds.back());
  const std::string before = std::to_string(round - 1);
  const std::string recorded =
      " was recorded less than a minute ago with the same scores (" + earlier + ")";
  const Reply reply = asker.confirm({.kind = Question::Repeat,
                                     .text = "Round " + before + recorded + ". Record round " +
                                             std::to_string(round) + " the same?"});
  if (reply == Reply::Yes) return;
  throw Stop{{.kind = reply == Reply::No ? Refused::Declined : Refused::Repeat,
              .message = reply == Reply::No
                             ? "round " + std::to_string(round) +
                                   " not recorded: it reads the same as round " + before
                             : "round " + before + recorded + ": is this the same round again?",
              .game = game,
              .round = round,
              .earlier = earlier}};
}

// Values typed for round `typed_for`, which another door recorded while they were typed, are
// most likely that round again (a near-copy: one value typed differently). Asked whatever the
// values, with the round as recorded beside what was typed; unanswered, nothing is recorded.
void check_typed_earlier(const store::Game& game, int round, int typed_for,
                         const std::vector<store::SeatScore>& scores, Asker& asker) {
  const auto index = static_cast<std::size_t>(typed_for - 1);
  if (typed_for < 1 || index >= game.rounds.size()) return;
  const std::string earlier = store::round_line(game, game.rounds[index]);
  store::RoundInfo typed_round{.round = round, .scores = {}};
  typed_round.scores.resize(game.seats.size());
  for (const auto& s : scores) {
    auto& cell = typed_round.scores[static_cast<std::size_t>(s.seat)];
    cell.points = s.entry.points;
    cell.went_out = s.entry.went_out;
  }
  const std::string typed = store::round_line(game, typed_round);
  const std::string was = std::to_string(typed_for);
  const std::string now = std::to_string(round);
  const std::string both = "round " + was + " was recorded while these values were typed for it (" +
                           "recorded: " + earlier + "; typed: " + typed + ")";
  const Reply reply = asker.confirm(
      {.kind = Question::TypedEarlier,
       .text = "R" + both.substr(1) + ". Record what was typed as round " + now + "?"});
  if (reply == Reply::Yes) return;
  throw Stop{{.kind = reply == Reply::No ? Refused::Declined : Refused::TypedEarlier,
              .message = reply == Reply::No ? "round " + now +
                                                  " not recorded: the values were typed for "
                                                  "round " +
                                                  was + ", which is recorded"
                                            : both + ": is it the same round?",
              .game = game,
              .round = round,
              .earlier = earlier,
              .typed_for = typed_for,
              .typed = typed}};
}

// The request's values read for `seats` (or the scores a door already read), each scored.
std::vector<store::SeatScore> read_scores(const store::Game& game,
                                          const std::vector<std::string>& values,
                                          const std::vector<store::SeatScore>& scores,
                                          const std::vector<int>& seats, Coverage coverage,
                                          const RoundSpec& spec, Checks checks) {
  if (values.empty() && !scores.empty()) return scores;
  const auto matched = take(match_values(values, game, seats, coverage), game);
  return take(score_values(matched, game, spec, checks), game);
}

// The change as the door shows it: the game after it names this change as its last (the
// store may have read the game back before it logged the change).
store::Change logged(store::Change change) {
  if (change.game) change.game->last_change = change.entry.id;
  return change;
}

store::Game game_now(const store::Database& db, std::optional<std::int64_t> id,
                     store::Pick pick = store::Pick::Latest) {
  return take(store::require_game(db, id, pick));
}

// A new player whose name is close to a roster name is asked about first, one at a time:
// "Bbo" beside "Bob" is most likely Bob. Nobody is created before the answer.
void check_new_names(const store::Database& db, const store::NewGame& spec, Asker& asker) {
  if (!spec.add_unknown) return;  // an unknown name is refused as such, with "did you mean"
  for (const auto& name : spec.players) {
    const std::string close = close_roster_name(db, name);
    if (close.empty()) continue;
    std::string text = name;
    text += " is not a player yet; did you mean ";
    text += close;
    text += '?';
    std::string question = text;
    question += " Add ";
    question += name;
    question += " as a new player?";
    const Reply reply =
        asker.confirm({.kind = Question::NewPlayer, .text = question, .choices = {close, name}});
    if (reply == Reply::Yes) continue;
    std::string declined = "no game started: ";
    declined += name;
    declined += " is not a player yet (did you mean ";
    declined += close;
    declined += "?)";
    throw Stop{{.kind = reply == Reply::No ? Refused::Declined : Refused::NewPlayer,
                .message = reply == Reply::No ? declined : text,
                .name = name,
                .close = close}};
  }
}

// A second game while one is in progress is asked about first; nothing is created before.
void check_in_progress(const store::Database& db, Asker& asker) {
  auto playing = store::games_in_progress(db, store::InProgress::Rounds);
  if (playing.empty()) return;
  const std::string text = in_progress_text(playing);
  const Reply reply =
      asker.confirm({.kind = Question::InProgress, .text = text + ": start another anyway?"});
  if (reply == Reply::Yes) return;
  throw Stop{{.kind = reply == Reply::No ? Refused::Declined : Refused::InProgress,
              .message = reply == Reply::No ? "no game started: " + text : text,
              .in_progress = std::move(playing)}};
}

}  // namespace

std::string close_roster_name(const store::Database& db, const std::string& name) {
  if (store::find_player(db, name)) return {};
  if (const auto alike = store::find_look_alike(db, name)) return alike->name;
  return store::suggest_player(db, name);
}

std::string in_progress_text(const std::vector<store::Game>& games) {
  std::string text;
  for (const auto& game : games) {
    std::string names;
    for (const auto& s : game.seats) names += (names.empty() ? "" : ", ") + s.name;
    text += (text.empty() ? "" : "; ") + std::string("game ") + std::to_string(game.id) + " (" +
            names + ") is still in progress, " +
            (game.rounds_played() == 0 ? std::string("with no rounds yet")
                                       : "after " + rounds_progress(game.rounds_played()));
  }
  return text;
}

Outcome<Recorded> record_round(store::Database& db, const RoundRequest& request, Asker& asker) {
  return in_transaction(db, [&] {
    check_stored(db, request.basis);
    store::Game game = game_now(db, request.game);
    const int round = take(store::require_next_round(game), game);
    if (request.basis.round && *request.basis.round != round) {
      // Two doors entering the same round: the second is refused, never recorded as the next
      // (said first: it is the change that matters to the writer).
      const auto not_next = store::require_round_is_next(game, *request.basis.round);
      throw Stop{{.kind = Refused::NotNext,
                  .message = not_next.error(),
                  .hint = not_next.failure().hint,
                  .game = game,
                  .round = request.basis.round}};
    }
    // Then anything else that changed since the values were typed.
    check_basis(db, game, request.basis);
    // A random order's round is dealt when it becomes current (log::refresh); a game that
    // came from a file or a sync without it is dealt here, before it is scored.
    store::deal_due_rounds(db, game);
    const RoundSpec spec = game.spec(round);
    auto scores = read_scores(game, request.values, request.scores, every_seat(game),
                              Coverage::Every, spec, request.checks);
    take(settle_went_out(asker, game, scores, std::nullopt, spec, request.checks), game);
    take(check_scores(game, scores, std::nullopt, spec, request.checks), game);
    // Typed for a round recorded meanwhile: asked whatever the values. Else a round named by
    // its number (--round N, a form's round) is the round meant, repeat or not.
    if (request.typed_for && *request.typed_for < round)
      check_typed_earlier(game, round, *request.typed_for, scores, asker);
    else if (!request.basis.round || request.typed_for)
      check_repeat(db, game, round, scores, asker);
    store::Change change = logged(take(store::insert_round(db, game, scores), game));
    remember(db, request.basis, change.entry);
    return Recorded{std::move(game), round, spec, std::move(scores), std::move(change)};
  });
}

Outcome<Recorded> correct_round(store::Database& db, const CorrectionRequest& request,
                                Asker& asker) {
  return in_transaction(db, [&] {
    check_stored(db, request.basis);
    store::Game game = game_now(db, request.game);
    check_basis(db, game, request.basis);
    // The store's refusal is the message: "game 1 has no round 3 (rounds 1-2 are in)".
    const store::RoundInfo before = take(store::recorded_round(game, request.round), game);
    if (!request.shown.empty()) {
      std::string what;
      for (std::size_t s = 0; s < before.scores.size() && s < game.seats.size(); ++s) {
        if (!game.seats[s].plays(request.round)) continue;  // a late arrival: no cell yet
        const auto& cell = before.scores[s];
        const std::string now = cell.went_out ? "0*" : std::to_string(cell.points);
        if (s < request.shown.size() && request.shown[s] == now) continue;
        what += (what.empty() ? "" : ", ") + game.seats[s].name + " is now " +
                (cell.went_out ? std::string("out") : std::to_string(cell.points));
      }
      if (!what.empty()) {
        throw Stop{
            {.kind = Refused::Stale,
             .message = "round " + std::to_string(request.round) + " changed meanwhile: " + what,
             .game = game,
             .round = request.round}};
      }
    }
    const RoundSpec spec = game.spec(request.round);
    // Values in seat order are the players of that round; a late arrival named in a round
    // before they came is refused by the store, naming the round.
    const bool named =
        std::any_of(request.values.begin(), request.values.end(),
                    [](const std::string& v) { return v.find('=') != std::string::npos; });
    auto scores = read_scores(game, request.values, request.scores,
                              named ? every_seat(game) : seats_in_round(game, request.round),
                              Coverage::Some, spec, request.checks);
    take(settle_went_out(asker, game, scores, before, spec, request.checks), game);
    take(check_scores(game, scores, before, spec, request.checks), game);
    store::Change change = logged(take(store::edit_round(db, game, request.round, scores), game));
    remember(db, request.basis, change.entry);
    return Recorded{std::move(game), request.round, spec, std::move(scores), std::move(change)};
  });
}

Outcome<Recorded> record_tiebreak(store::Database& db, const TiebreakRequest& request) {
  return in_transaction(db, [&] {
    check_stored(db, request.basis);
    store::Game game = game_now(db, request.game);
    check_basis(db, game, request.basis);
    const Standings st = take(store::check_tiebreak(game), game);
    const RoundSpec spec = game.tiebreak_spec();
    auto scores = read_scores(game, request.values, request.scores, st.leaders, Coverage::Every,
                              spec, request.checks);
    take(check_scores(game, scores, std::nullopt, spec, request.checks), game);
    store::Change change = logged(take(store::insert_tiebreak(db, game, scores), game));
    remember(db, request.basis, change.entry);
    return Recorded{std::move(game), 0, spec, std::move(scores), std::move(change)};
  });
}

Outcome<store::Change> undo(store::Database& db, std::optional<std::int64_t> game,
                            const Basis& basis, std::optional<std::int64_t> removes) {
  return in_transaction(db, [&] {
    check_stored(db, basis);
    if (game && basis.change) check_basis(db, game_now(db, game), basis);
    if (removes) {
      const auto next = store::next_to_undo(db, game);
      if (!next || next->id != *removes) {
        const std::string id = game ? std::to_string(*game) : std::string("any game");
        throw Stop{{.kind = Refused::Stale,
                    .message = next ? "the last change of game " + id + " is now another (" +
                                          next->summary +
                                          "): nothing undone; check it and undo again"
                                    : "game " + id + " has nothing left to undo: nothing undone",
                    .game = game ? std::optional<store::Game>(game_now(db, game)) : std::nullopt}};
      }
    }
    store::Change change = logged(take(store::undo_last_change(db, game)));
    remember(db, basis, change.entry);
    return change;
  });
}

Outcome<store::Change> seat_arrival(store::Database& db, const ArrivalRequest& request) {
  AnsweredAhead added({Question::NewPlayer});
  return seat_arrival(db, request, added);
}

Outcome<store::Change> seat_arrival(store::Database& db, const ArrivalRequest& request,
                                    Asker& asker) {
  if (request.arrival.add_unknown) {
    try {
      store::NewGame arriving;
      arriving.players = {request.arrival.name};
      arriving.add_unknown = true;
      check_new_names(db, arriving, asker);
    } catch (Stop& stop) {
      return std::move(stop.refusal);
    }
  }
  return in_transaction(db, [&] {
    check_stored(db, request.basis);
    const store::Game game = game_now(db, request.game, store::Pick::LatestActive);
    check_basis(db, game, request.basis);
    const auto next = game.next_round();
    if (next && game.status == store::GameStatus::Active) {
      // A late arrival seated from what a form showed: the round they would join at and the
      // totals it offered the highest of. Changed since, nobody is seated.
      std::string what;
      if (request.basis.round && *request.basis.round != *next) {
        what = "the next round is now round " + std::to_string(*next) + ", not " +
               std::to_string(*request.basis.round);
      } else if (!request.shown_totals.empty()) {
        const Standings st = game.standings();
        for (std::size_t s = 0; s < game.seats.size(); ++s) {
          if (s < request.shown_totals.size() && request.shown_totals[s] == st.totals[s]) continue;
          what +=
              (what.empty() ? "" : ", ") + game.seats[s].name +
              (s < request.shown_totals.size() ? "'s total is now " + std::to_string(st.totals[s])
                                               : std::string(" joined"));
        }
      }
      if (!what.empty()) {
        throw Stop{{.kind = Refused::Stale,
                    .message = "Nobody seated: the game changed meanwhile (" + what +
                               "); check the starting total",
                    .game = game}};
      }
    }
    store::Change change = logged(take(store::join_game(db, game, request.arrival), game));
    remember(db, request.basis, change.entry);
    return change;
  });
}

namespace {

// A change to one whole game (abandon, reopen, details): the basis checked and the change logged
// and remembered in the same transaction as the write.
template <typename Write>
Outcome<store::Change> change_game(store::Database& db, std::optional<std::int64_t> id,
                                   const Basis& basis, Write write) {
  return in_transaction(db, [&] {
    check_stored(db, basis);
    const store::Game game = game_now(db, id);
    check_basis(db, game, basis);
    store::Change done = logged(take(write(game), game));
    remember(db, basis, done.entry);
    return done;
  });
}

}  // namespace

Outcome<store::Change> abandon(store::Database& db, std::optional<std::int64_t> id,
                               const Basis& basis) {
  return change_game(db, id, basis,
                     [&](const store::Game& game) { return store::abandon_game(db, game); });
}

Outcome<store::Change> reopen(store::Database& db, std::optional<std::int64_t> id,
                              const Basis& basis) {
  return change_game(db, id, basis,
                     [&](const store::Game& game) { return store::reopen_game(db, game); });
}

Outcome<store::Change> change_details(store::Database& db, std::optional<std::int64_t> id,
                                      const store::DetailsChange& change, const Basis& basis) {
  return change_game(db, id, basis, [&](const store::Game& game) {
    return store::update_details(db, game, change);
  });
}

Outcome<store::Change> delete_game(store::Database& db, std::int64_t id, const Basis& basis) {
  return in_transaction(db, [&] {
    check_stored(db, basis);
    const store::Game game = game_now(db, id);
    check_basis(db, game, basis);
    store::Change done = store::erase_game(db, game);
    remember(db, basis, done.entry);
    return done;
  });
}

namespace {

// A game created, its write's own id kept with the change that created it (checked again
// inside the transaction: two copies of one start sent at once make one game).
store::Game created(store::Database& db, const store::NewGame& spec, const Basis& basis) {
  check_stored(db, basis);
  store::Game game = take(store::create_game(db, spec));
  if (!basis.write.empty()) {
    const auto log = store::changes_after(db, game.id, 0);
    if (!log.empty()) remember(db, basis, log.back());
  }
  return game;
}

// A table's next game is started once, from the game its page showed (`shown`): refused when
// the table plays another game now (another phone at it started the next one meanwhile),
// with that game, which the page then shows.
void check_table(const store::Database& db, std::int64_t shown) {
  game_now(db, shown);  // no such game: refused as such
  const store::Game now = game_at_table(db, shown);
  if (now.id == shown) return;
  std::string names;
  for (const auto& s : now.seats) names += (names.empty() ? "" : ", ") + s.name;
  throw Stop{{.kind = Refused::MovedOn,
              .message = "this table's next game has started meanwhile: game " +
                         std::to_string(now.id) + " (" + names + ")",
              .game = now}};
}

// A start sent again: the game it started.
std::optional<Refusal> started_already(const store::Database& db, const Basis& basis) {
  try {
    check_stored(db, basis);
  } catch (Stop& stop) {
    return std::move(stop.refusal);
  }
  return std::nullopt;
}

}  // namespace

Outcome<store::Game> start_game(store::Database& db, const store::NewGame& spec, Asker& asker,
                                const Basis& basis) {
  if (auto again = started_already(db, basis)) return *again;
  // "Did you mean Bob?" first: the likely answer to a new name close to a roster name (the
  // store refuses one that looks alike outright, which the person may not have meant either).
  // A table that moved on asks nothing (checked again inside the transaction).
  try {
    if (spec.after) check_table(db, *spec.after);
    check_new_names(db, spec, asker);
  } catch (Stop& stop) {
    return std::move(stop.refusal);
  }
  // A game the rules refuse (an unknown name, a bad date) is refused as such, before any
  // question: tried in a transaction that is rolled back, so nothing is written.
  if (auto refused = dry_run(db, [&] { take(store::create_game(db, spec)); })) return *refused;
  // Asked outside any transaction: the question may wait on a person, and the phones' writes
  // must not wait on it.
  try {
    check_in_progress(db, asker);
  } catch (Stop& stop) {
    return std::move(stop.refusal);
  }
  return in_transaction(db, [&] {
    check_stored(db, basis);  // its own start moved the table on: the game it started
    if (spec.after) check_table(db, *spec.after);
    return created(db, spec, basis);
  });
}

Outcome<store::Game> start_rematch(store::Database& db, std::int64_t id, Asker& asker,
                                   const Basis& basis) {
  if (auto again = started_already(db, basis)) return *again;
  try {
    check_table(db, id);
    check_in_progress(db, asker);
  } catch (Stop& stop) {
    return std::move(stop.refusal);
  }
  return in_transaction(db, [&] {
    check_stored(db, basis);
    const store::Game before = game_now(db, id);
    if (before.status == store::GameStatus::Active) {
      throw Stop{{.kind = Refused::Invalid,
                  .message = "game " + std::to_string(before.id) +
                             " is still being played; a rematch follows a finished game",
                  .game = before}};
    }
    check_table(db, id);
    store::NewGame spec;
    for (const auto& s : before.seats) spec.players.push_back(s.name);
    // The deal passes on: the seat after the last game's first dealer deals round 1.
    spec.dealer =
        before.seats[static_cast<std::size_t>((before.first_dealer + 1) % before.players())].name;
    spec.boxes = before.boxes;
    spec.date = store::today();
    spec.after = before.id;  // played at the same table: its pages follow it there
    spec.rules = store::RulesChoice::all(
        before.rules);  // the same table plays on under the same house rules
    return created(db, spec, basis);
  });
}

}  // namespace crowns::table
