#pragma once
// The export/import model: everything a crowns database holds that a person would miss
// (players, seasons, games, seats, rounds, scores, tie-breaks), written as JSON or CSV and
// read back. Pure: no database here (store/transfer_db.hpp moves it in and out of SQLite),
// so that the reader can be fuzzed on its own. docs/DATA.md describes the formats.

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "crowns/expected.hpp"
#include "crowns/house_rules.hpp"
#include "crowns/names.hpp"

namespace crowns::store {

inline constexpr std::string_view kExportFormat = "crowns-export";
/// The newest version this program reads and writes. Version 2 added each game's `uuid`,
/// version 3 its times (`started_at`, `ended_at`, each round's `recorded_at`); older files
/// still import (their games' times are not known).
inline constexpr int kExportVersion = 3;

/// Bounds on what an import may hold; anything over is refused with a clear error.
inline constexpr std::size_t kMaxImportBytes = 64u << 20;  ///< 64 MiB.
inline constexpr std::size_t kMaxImportPlayers = 100000;
inline constexpr std::size_t kMaxImportSeasons = 10000;
inline constexpr std::size_t kMaxImportGames = 1000000;
inline constexpr std::size_t kMaxNoteBytes = crowns::kMaxNoteBytes;  ///< As `crowns new --note`.
inline constexpr std::size_t kMaxHandBytes = 200;
inline constexpr int kMaxImportPoints = 9999;  ///< What `crowns round --force` can store.

enum class ExportFormat { Json, Csv };

struct ExportPlayer {
  std::string name;
  bool retired = false;
};

struct ExportSeason {
  std::string name;
  std::string starts_on;  ///< YYYY-MM-DD.
  std::optional<std::string> ends_on;
};

struct ExportScore {
  int points = 0;
  bool went_out = false;
  std::optional<std::string> hand;  ///< The cards as entered ("Ks Qh jk"), if any.
};

struct ExportSeat {
  std::string player;           ///< A name from the players list (case ignored).
  std::optional<int> tiebreak;  ///< The 6-card tie-break score, if played.
  int joined_round = 1;         ///< Above 1: a late arrival, playing from this round.
  int start_total = 0;          ///< A late arrival's starting total.
};

struct ExportGame {
  /// The game's identity across databases (8-4-4-4-12 lower-case hex); none in a version 1
  /// file. An import merges a game into the game here with the same uuid.
  std::optional<std::string> uuid;
  std::string date;    ///< YYYY-MM-DD.
  std::string status;  ///< "active", "finished" or "abandoned".
  int boxes = 1;
  int first_dealer = 0;  ///< The seat that dealt round 1.
  std::optional<std::string> note;
  /// The rules it is played under ("rules" in the file; absent: the standard rules, as every
  /// file from before house rules). An import never changes the rules of a game here.
  HouseRules rules{};
  /// Random order: the card counts of the rounds dealt so far ("dealt" in the file).
  std::vector<int> dealt{};
  /// Random order started with a seed (`crowns new --seed N`): the seed its next rounds are
  /// drawn from ("deal_seed" in the file), so that every host deals the same next round.
  std::optional<std::uint64_t> deal_seed{};
  std::vector<ExportSeat> seats;  ///< In seat order.
  /// Rounds 1..k; each one score per seat playing it, in seat order (a late arrival sits
  /// after everyone seated before them, so the seats playing a round always come first).
  std::vector<std::vector<ExportScore>> rounds;
  /// When it was started and ended (ISO 8601 UTC, 2026-01-15T19:04:00Z), when known; the
  /// end of a game over only. Neither is compared by a merge nor part of game_key().
  std::optional<std::string> started_at;
  std::optional<std::string> ended_at;
  /// When each round was first recorded, parallel to `rounds` (none: not known); empty when
  /// the game's times are not known.
  std::vector<std::optional<std::string>> recorded_at;
  /// How many seats play round `round` (1-11): all but those who joined later.
  [[nodiscard]] std::size_t seats_at(int round) const {
    return static_cast<std::size_t>(std::count_if(
        seats.begin(), seats.end(), [&](const ExportSeat& s) { return s.joined_round <= round; }));
  }
};

struct ExportData {
  std::vector<ExportPlayer> players;  ///< By name, ignoring case.
  std::vector<ExportSeason> seasons;  ///< By start date, then name.
  std::vector<ExportGame> games;      ///< By date, then the order they were created.
};

/// Writes the whole export: deterministic, so equal data gives equal bytes.
std::string format_export(const ExportData& data, ExportFormat format);

/// Reads an export (JSON if its first non-blank byte is '{', else CSV) and checks all of it.
/// Fails with the first problem, naming the JSON path (games[3].rounds[2][1].points) or the
/// CSV line and field. Never throws, whatever the bytes.
Expected<ExportData> parse_export(std::string_view text);

/// Checks the meaning of parsed data: names, dates, seat counts, players known, rounds in
/// order and complete, scores in range, at most one player out per round, status consistent
/// with the rounds. parse_export() has already called it; for data built in code.
Expected<void> validate_export(const ExportData& data);

/// A game of an import that holds values `crowns round` refuses without --force: points no
/// hand of the round can hold (1, 2, more than max_round_points), a round nobody went out of,
/// hands that together hold more copies than the boxes. `values` says each, as `round` would.
struct UnusualGame {
  std::size_t index = 0;  ///< In data.games.
  std::string label;      ///< "game 3 of the file (2026-01-05, Ann, Bob)".
  std::vector<std::string> values;
};

/// The games of checked data (from parse_export) with unusual values, in file order.
std::vector<UnusualGame> find_unusual(const ExportData& data);

/// A game's content for "already imported" when the game has no id here: every exported
/// field but the uuid, names folded to one case.
std::string game_key(const ExportGame& game);

/// Whether `text` is a time as an export writes it: 2026-01-15T19:04:00Z (UTC).
bool is_export_time(std::string_view text);

/// Whether `text` is a game id as crowns writes it: 8-4-4-4-12 lower-case hex digits.
bool is_game_uuid(std::string_view text);

/// How a game of a file stands to the game here with the same uuid.
struct GameMerge {
  enum class Kind {
    Same,      ///< Nothing to do.
    Behind,    ///< The file's game is an earlier state of ours (fewer rounds, no abandon...).
    Ahead,     ///< The file's game continues ours: it adds what the fields below say.
    Conflict,  ///< Both changed it differently; `conflict` says where.
  };
  Kind kind = Kind::Same;
  int first_new_round = 0;  ///< Ahead: the first round to append (0: none).
  bool abandon = false;     ///< Ahead: the file abandoned the game.
  bool tiebreak = false;    ///< Ahead: the file adds the tie-break.
  std::string conflict;     ///< Conflict: "round 4 differs (file: Ann 5, Bob 0*; here: ...)".
};

/// Compares a game of the file with the game here (`here` as load_export() gives it). The
/// game grows only forward: rounds are appended, an active game may become abandoned, a
/// finished one may gain its tie-break. Anything else that differs is a conflict: seats, the
/// date, boxes, first dealer or note, a recorded round, the tie-break, or rounds added to a
/// game abandoned here.
/// Two versions under different rules are a conflict before anything else (a game's rules
/// never change by a merge): rules_differ() words it.
GameMerge compare_game(const ExportGame& file, const ExportGame& here);

/// When the two versions of one game are under different rules: "game 1a2b3c4d is under other
/// rules in the file (file: order down, ...; here: order up, ...)", in the words `crowns
/// rules` uses; else nullopt.
std::optional<std::string> rules_differ(const ExportGame& file, const ExportGame& here);

}  // namespace crowns::store
