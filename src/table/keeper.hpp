#pragma once
// What the table does, once for every door: start a game, record a round, correct one, undo,
// the tie-break, a late arrival, a rematch. The terminal (src/cli) and the phone (src/serve)
// both call these; each door only gathers the values, answers the questions (table/asker.hpp)
// and words the outcome (table/refusal.hpp).
//
// Each function is one transaction: it opens it, checks the writer's basis (the last change of
// the game it saw) inside it, writes, logs, remembers the write's own id (Basis::write) with
// the change, and commits; a refusal writes nothing.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "crowns/scoring.hpp"
#include "store/change.hpp"
#include "store/details.hpp"
#include "store/games.hpp"
#include "store/join.hpp"
#include "store/rounds.hpp"
#include "table/asker.hpp"
#include "table/refusal.hpp"

namespace crowns::table {

/// The state a write was typed against. Every write that names it is refused when the game
/// has changed since (Refused::Stale), never applied to whatever is there now.
struct Basis {
  /// The last change of the game the writer saw (store::last_change_id; 0: none yet). None:
  /// not checked (a one-shot command typed against nothing it was shown).
  std::optional<std::int64_t> change{};
  /// The round the writer means: for a new round, refused unless it is the next one.
  std::optional<int> round{};
  /// The write's own id, made by the page that sent it (store::valid_write_id; empty: none).
  /// A write stored under it already is not stored again: refused as Refused::Stored, with
  /// the change it made, checked before anything else (its own change made it stale).
  std::string write{};
};

/// Whether a round that reads as the one recorded just before is asked about: a real round
/// takes minutes to deal and play, so one that repeats the last within this many seconds, or
/// one typed before the last was recorded, is most likely the same round again.
constexpr std::int64_t kRepeatSeconds = 60;

struct RoundRequest {
  std::int64_t game = 0;
  std::vector<std::string> values{};  ///< One per seat in seat order, or NAME=VALUE pairs.
  /// Or, when `values` is empty, the scores a door already read with its own prompts (play):
  /// checked again as a whole round here.
  std::vector<store::SeatScore> scores{};
  Checks checks = Checks::Strict;
  Basis basis{};
  /// The round the values were typed for. One already recorded (by another door, while they
  /// were typed) is asked about (Question::TypedEarlier) whatever the values, with that round
  /// as recorded beside what was typed; unconfirmed, nothing is recorded
  /// (Refused::TypedEarlier). None: typed for the round now next.
  std::optional<int> typed_for{};
};

struct CorrectionRequest {
  std::optional<std::int64_t> game{};  ///< None: the game touched last.
  int round = 0;
  std::vector<std::string> values{};  ///< NAME=VALUE pairs, or values in seat order.
  /// Or, when `values` is empty, the scores a door already read with its own prompts (play):
  /// checked again as a whole round here.
  std::vector<store::SeatScore> scores{};
  Checks checks = Checks::Strict;
  Basis basis{};
  /// The round's cells as the writer was shown them ("5", "0*"), in seat order; a seat that
  /// differs now is refused as stale, naming the change. Empty: not checked.
  std::vector<std::string> shown{};
};

struct TiebreakRequest {
  std::optional<std::int64_t> game{};  ///< None: the game touched last.
  std::vector<std::string> values{};   ///< The tied players' values.
  /// Or, when `values` is empty, the scores a door already read with its own prompts (play):
  /// checked again as a whole round here.
  std::vector<store::SeatScore> scores{};
  Checks checks = Checks::Strict;
  Basis basis{};
};

/// What a round, a correction or a tie-break wrote, for the door to show.
struct Recorded {
  store::Game before;                    ///< The game as it was.
  int round = 0;                         ///< The round (0: the tie-break).
  RoundSpec spec;                        ///< Its cards and wild rank.
  std::vector<store::SeatScore> scores;  ///< The scores as checked.
  store::Change change;                  ///< The game after it and the log entry.
};

/// The next round of game `request.game`. Asks `asker` which player went out when two scored
/// 0 with nobody marked, whether to record values typed for a round recorded meanwhile as the
/// next, and whether to record a round that repeats the one just recorded.
Outcome<Recorded> record_round(store::Database& db, const RoundRequest& request, Asker& asker);

/// Corrects a recorded round (logged; the old values kept).
Outcome<Recorded> correct_round(store::Database& db, const CorrectionRequest& request,
                                Asker& asker);

/// Records (or replaces) the tie-break of the players tied for the lowest total.
Outcome<Recorded> record_tiebreak(store::Database& db, const TiebreakRequest& request);

/// Undoes the last change (of game `game`, or of any game). `removes`: the change the writer
/// was shown as the one to undo (a page's undo button); another is refused as stale.
Outcome<store::Change> undo(store::Database& db, std::optional<std::int64_t> game,
                            const Basis& basis, std::optional<std::int64_t> removes = std::nullopt);

struct ArrivalRequest {
  std::int64_t game = 0;
  store::Arrival arrival;
  Basis basis{};
  /// The totals the writer was shown, in seat order (what the default start total is the
  /// highest of); a total that differs now is refused as stale. Empty: not checked.
  std::vector<int> shown_totals{};
};

/// Seats a late arrival from the next round.
Outcome<store::Change> seat_arrival(store::Database& db, const ArrivalRequest& request);

/// The same, asking `asker` first about a new player whose name is close to a roster name
/// (Question::NewPlayer, as start_game does); the two-argument form takes `add_unknown` as the
/// answer (a command line's --add).
Outcome<store::Change> seat_arrival(store::Database& db, const ArrivalRequest& request,
                                    Asker& asker);

/// Starts a game. A new player (spec.add_unknown) whose name is close to a roster name (a
/// letter off, letters that look alike: "Bbo" beside "Bob") is asked about first
/// (Question::NewPlayer, one name at a time); while another game is in progress, asks
/// `asker` (Question::InProgress). Writes nothing, and creates nobody, unless it says yes.
Outcome<store::Game> start_game(store::Database& db, const store::NewGame& spec, Asker& asker,
                                const Basis& basis = {});

/// A new game of a finished (or abandoned) game's players in the same seats, the first deal
/// passed on to the next seat, at the same table (NewGame::after); asks as start_game does.
Outcome<store::Game> start_rematch(store::Database& db, std::int64_t game, Asker& asker,
                                   const Basis& basis = {});

/// Ends an active game without a result (kept, not counted).
Outcome<store::Change> abandon(store::Database& db, std::optional<std::int64_t> game,
                               const Basis& basis);

/// Takes an abandoned game up again.
Outcome<store::Change> reopen(store::Database& db, std::optional<std::int64_t> game,
                              const Basis& basis);

/// Fixes a game's date, note, first dealer or seat order (store::update_details).
Outcome<store::Change> change_details(store::Database& db, std::optional<std::int64_t> game,
                                      const store::DetailsChange& change, const Basis& basis);

/// Deletes a game (the log keeps a full copy: undo brings it back).
Outcome<store::Change> delete_game(store::Database& db, std::int64_t game, const Basis& basis);

/// The roster's name a new name is close to ("Bob" for "Bbo", "Ann" for a Cyrillic "Аnn"), or
/// "" when it is on the roster (ignoring case) or close to nobody's.
std::string close_roster_name(const store::Database& db, const std::string& name);

/// The games in progress, as Refused::InProgress and Question::InProgress name them: "game 3
/// (Ann, Bob) is still in progress, after round 5 of 11", joined with "; ".
std::string in_progress_text(const std::vector<store::Game>& games);

}  // namespace crowns::table
