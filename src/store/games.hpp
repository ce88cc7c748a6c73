#pragma once
// Games as the store keeps them: seats, rounds and scores, read back as plain structs.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "crowns/date.hpp"
#include "crowns/expected.hpp"
#include "crowns/game_status.hpp"
#include "crowns/house_rules.hpp"
#include "crowns/round_order.hpp"
#include "crowns/scoring.hpp"
#include "crowns/standings.hpp"
#include "store/house_rules.hpp"
#include "store/sqlite.hpp"

namespace crowns::store {

using crowns::GameStatus;  // the status words are a rule: crowns/game_status.hpp
using crowns::status_name;

struct SeatInfo {
  int seat = 0;
  std::int64_t player_id = 0;
  std::string name;
  std::optional<int> tiebreak;  ///< The tie-break score, if played.
  int joined_round = 1;         ///< The first round played: above 1 for a late arrival.
  int start_total = 0;          ///< The total a late arrival started with.
  /// Whether this seat plays round `round` (a late arrival has no score before joining).
  [[nodiscard]] bool plays(int round) const { return round >= joined_round; }
};

struct ScoreCell {
  int points = 0;
  bool went_out = false;
  std::optional<std::string> hand;  ///< The cards as entered, if the points came from a hand.
  friend bool operator==(const ScoreCell&, const ScoreCell&) = default;
};

struct RoundInfo {
  int round = 0;
  std::vector<ScoreCell> scores;  ///< By seat.
  friend bool operator==(const RoundInfo&, const RoundInfo&) = default;
};

struct Game {
  std::int64_t id = 0;
  std::string uuid;  ///< The game's identity across databases (export and import).
  std::string date;
  GameStatus status = GameStatus::Active;
  int boxes = 1;
  int first_dealer = 0;
  std::optional<std::string> note;
  HouseRules rules;  ///< The rules it is played under (store/house_rules.hpp).
  /// Random order only: the card counts of the rounds dealt so far, round 1 first.
  std::vector<int> dealt;
  std::vector<SeatInfo> seats;
  std::vector<RoundInfo> rounds;  ///< Rounds 1..k, in order.
  /// The id of the game's last change in the audit log, read with the rest (0: none): the
  /// state a write names as the one it saw (table::Basis).
  std::int64_t last_change = 0;

  [[nodiscard]] int players() const { return static_cast<int>(seats.size()); }
  [[nodiscard]] int rounds_played() const { return static_cast<int>(rounds.size()); }
  /// The next round to record (1-11), or none when all 11 are in.
  [[nodiscard]] std::optional<int> next_round() const;
  /// Round `round`'s (1..11) cards and wild rank under the game's order; none for a round of
  /// a random order not dealt yet (it is dealt when it becomes the round to record). The one
  /// answer for every screen, the scorecard, the phone, the report, play, round and analyze.
  [[nodiscard]] std::optional<RoundDeal> deal(int round) const;
  /// The same as the scoring checks take it: round `round`'s cards, wild rank and boxes, and
  /// the game's meld rules. Throws crowns::Error for a round not dealt yet (a write only ever
  /// scores a round dealt: the current one or one recorded).
  [[nodiscard]] RoundSpec spec(int round) const;
  /// The 6-card tie-break's spec (6s wild) under the game's meld rules.
  [[nodiscard]] RoundSpec tiebreak_spec() const;
  /// Seat dealing `round`: the deal passes to the next seat (in seat order, round the table)
  /// that plays the round, so a late arrival deals in turn from the round they joined.
  [[nodiscard]] int dealer(int round) const;
  /// Seat playing first in `round`: left of its dealer; under `leads out`, from round 2 on,
  /// whoever went out in the round before (left of the dealer while that is not recorded).
  [[nodiscard]] int starter(int round) const;
  /// The seats playing `round`, in seat order (every seat unless someone joined late).
  [[nodiscard]] std::vector<int> seats_at(int round) const;
  [[nodiscard]] bool has_late_arrival() const;
  /// The standings. Under `ties tiebreak`, a game whose 11 rounds end in a tie for the lowest
  /// total has no winners (the order of finish undecided: statistics leave it out) until
  /// the tie-break is recorded; under `ties shared` the tied share the win until then.
  [[nodiscard]] Standings standings() const;
  /// Under `ties tiebreak`: all 11 rounds are in, the lowest total is tied and the tie-break
  /// is not recorded yet, so the game is not over.
  [[nodiscard]] bool awaiting_tiebreak() const;
};

/// One line of `crowns games`.
struct GameSummary {
  std::int64_t id = 0;
  std::string uuid;
  std::string date;
  GameStatus status = GameStatus::Active;
  int rounds_played = 0;
  std::vector<std::string> players;  ///< In seat order.
  std::vector<std::string> winners;  ///< Finished games only.
  std::optional<std::string> note;
  std::optional<std::int64_t> started;  ///< Unix seconds, when known (store/played_order.hpp).
};

/// Whether `a` was played before `b`: date, start when known (unknown first), then uuid; the
/// same order on every host, whatever the local numbers (store/played_order.hpp).
bool played_before(const GameSummary& a, const GameSummary& b);

/// A game's key: the start of its uuid, this many hex digits, the same on every host (local
/// game numbers are not). `crowns games`, `show` and the report show it; --game takes it.
inline constexpr std::size_t kGameKeyLength = 8;

/// The key shown for a game with this uuid.
std::string short_game_key(std::string_view uuid);

/// Whether `text` may be (the start of) a game's key: 4 to 36 hex digits and dashes.
bool is_game_key(std::string_view text);

/// `text` as keys are compared: lower case.
std::string fold_game_key(std::string_view text);

/// The number here of the one game whose uuid starts with `key` (folded). Fails naming the
/// candidates when several do, or when none does.
Expected<std::int64_t> game_by_key(const Database& db, std::string_view key);

/// Which game a command means when no --game is given.
enum class Pick {
  Latest,        ///< The most recently touched game, any status.
  LatestActive,  ///< The most recently touched unfinished game.
};

std::optional<Game> load_game(const Database& db, std::int64_t id);

/// The game `id` if given, else the one `pick` chooses. Fails with a message that says
/// how to start or name a game.
Expected<Game> require_game(const Database& db, std::optional<std::int64_t> id, Pick pick);

/// Which games may take the next round (or tie-break) when no --game is given.
enum class InProgress {
  Rounds,            ///< Active games only.
  RoundsOrTiebreak,  ///< Also the game played last, if it is finished with its tie unbroken.
};

/// The games in progress, the most recently played first: played means started, given a
/// round or a tie-break, or reopened (not edited, undone or otherwise fixed).
std::vector<Game> games_in_progress(const Database& db, InProgress which);

/// Every game, oldest first, in the order played (played_before).
std::vector<GameSummary> list_games(const Database& db);

/// The games of `ids` in the order played (store/played_order.hpp, as load_results reads
/// them), each once; an id of no game is left out. For a cache of rated games: does a game
/// finished now come after every game it rated?
std::vector<std::int64_t> in_played_order(const Database& db, const std::vector<std::int64_t>& ids);

/// A stretch of the games list, newest first (the reverse of list_games' order).
struct GamesPage {
  std::int64_t total = 0;          ///< Games in the database.
  std::vector<GameSummary> games;  ///< At most `limit`, from the `offset`-th newest.
};
/// The games from the `offset`-th newest (from 0), `limit` of them: read along the
/// played-on index, so a page costs the same with 100 or 100,000 games.
GamesPage list_games_page(const Database& db, std::int64_t offset, int limit);

struct NewGame {
  std::vector<std::string> players{};   ///< Names in seat order.
  std::optional<std::string> dealer{};  ///< Deals round 1; default the first seat.
  int boxes = 1;
  std::string date{};  ///< YYYY-MM-DD.
  std::optional<std::string> note{};
  bool add_unknown = false;  ///< Add players not yet known instead of failing.
  /// The switches the start sets; the others take the club's default (store::club_rules).
  RulesChoice rules{};
  /// For the random order: draw the rounds from this seed (round_sequence), the same seed the
  /// same rounds; none: each round drawn when dealt.
  std::optional<std::uint64_t> deal_seed{};
  /// The game whose table this one continues (a rematch; a game started from that table's
  /// page), kept in the game's "new" entry of the audit log; none when not said (a terminal's
  /// `crowns new`).
  std::optional<std::int64_t> after{};
};

/// Seats a new game (inside the caller's transaction) and logs it.
Expected<Game> create_game(Database& db, const NewGame& spec);

/// The game whose table game `id` continues (NewGame::after), or none when its start did not
/// say (started in a terminal, before tables were kept, or imported).
std::optional<std::int64_t> continued_table(const Database& db, std::int64_t id);

/// What a game's start said, as its "new" entry of the log keeps it after the game is gone
/// (its start undone, deleted): the day, the players in seat order, the table it continued.
struct GameStart {
  std::string date;
  std::vector<std::string> players;
  std::optional<std::int64_t> after;  ///< NewGame::after, when the start said.
};
/// Game `id`'s start as the log keeps it; none without a "new" entry (imported, synced in).
std::optional<GameStart> game_start(const Database& db, std::int64_t id);

}  // namespace crowns::store
