#pragma once
// Moving the export model in and out of the database: what `crowns export` reads and what
// `crowns import` writes.

#include <cstddef>
#include <vector>

#include "crowns/expected.hpp"
#include "store/audit.hpp"
#include "store/sqlite.hpp"
#include "store/transfer.hpp"

namespace crowns::store {

/// Everything exportable, in export order (players by name, seasons by start, games by date
/// then creation). Reads only. `ids`, when given, gets the id here of each game, in order.
ExportData load_export(const Database& db, std::vector<std::int64_t>* ids = nullptr);

/// One game as load_export gives it, or none if there is no game `game_id`.
std::optional<ExportGame> load_export_game(const Database& db, std::int64_t game_id);

/// A game of the file that continues a game here (same uuid): what apply_import adds to it.
struct GameUpdate {
  std::size_t index = 0;     ///< In data.games.
  std::int64_t game_id = 0;  ///< The game here.
  GameMerge merge;           ///< Kind::Ahead.
};

/// A game of the file with an id unknown here whose content equals a game here without its
/// own id in the file: the game here takes the file's id, so later imports merge into it.
struct IdAdoption {
  std::size_t index = 0;
  std::int64_t game_id = 0;
};

/// A game of the file that both sides changed differently (GameMerge::Kind::Conflict): not
/// imported unless the file's version is kept (KeepSide::File).
struct GameConflict {
  std::size_t index = 0;     ///< In data.games.
  std::int64_t game_id = 0;  ///< The game here.
  std::string label;         ///< "game 1 of the file is game 4 here (2026-03-02, Ann, Bob)".
  std::string difference;    ///< The first: "round 6 differs (file: ...; here: ...)".
  /// Why the file's version cannot replace the game here (other seats or boxes, rounds here
  /// the file has not), or empty when it can.
  std::string cannot_keep_file;
  Hint hint{};  ///< RulesDiffer: the two are under different rules, which no --keep settles.
};

/// What an import does with a game both sides changed: skip it (the default, reported), keep
/// the game here as it is, or take the file's version (each step logged, so undo reverses it).
enum class KeepSide { Skip, Here, File };

/// What an import would do: indexes into the data's lists. A player or season already in
/// the database (same name, ignoring case) is kept as it is. A game with a uuid the database
/// holds is merged (docs/DATA.md, "Merging"); a game without one, or with an unknown one,
/// counts as already there when a game here (not merged by uuid) has every exported field
/// equal (game_key), as many times as the file holds it.
struct ImportPlan {
  std::vector<std::size_t> new_players;
  std::vector<std::size_t> new_seasons;
  std::vector<std::size_t> new_games;
  std::vector<GameUpdate> updated_games;
  std::vector<IdAdoption> adopted_ids;
  std::vector<GameConflict> conflicts;  ///< Left out, unless the file's version is kept.
  std::size_t existing_players = 0;
  std::size_t existing_seasons = 0;
  std::size_t existing_games = 0;  ///< The same here (by uuid or by content).
  std::size_t behind_games = 0;    ///< Further along here than in the file: kept as they are.

  /// Whether applying the plan would change the database.
  [[nodiscard]] bool changes() const {
    return !new_players.empty() || !new_seasons.empty() || !new_games.empty() ||
           !updated_games.empty() || !adopted_ids.empty();
  }
};

/// Compares checked data with the database. Fails if a season of the same name has other
/// dates. A game of the file that conflicts with the game here of the same uuid is listed in
/// `conflicts` (naming both and the first difference: the round, the seats...). Reads only.
/// With ContentMatch::No a game with an unknown uuid is always new: a sync file's games all
/// carry their uuid, and two games alike in content are still two games.
enum class ContentMatch { Yes, No };
Expected<ImportPlan> plan_import(const Database& db, const ExportData& data,
                                 ContentMatch content = ContentMatch::Yes);

/// Writes what the plan adds, with cached totals and winners, and one audit entry naming
/// `source`; each round appended to a game here, an abandon or a tie-break the file adds is
/// logged for that game as `crowns round` (abandon, tiebreak) logs it, so undo reverses it.
/// With KeepSide::File each conflicting game the file's version can replace (no
/// cannot_keep_file) is brought to it: its details, each differing round as an edit, a
/// reopen, the file's further rounds, abandon and tie-break, each logged as by hand.
/// Run it inside the caller's transaction, after plan_import on the same data; on failure
/// the caller rolls back.
Expected<void> apply_import(Database& db, const ExportData& data, const ImportPlan& plan,
                            const std::string& source, KeepSide keep = KeepSide::Skip);

/// A crowns export (JSON) holding the one game and its players: how the log keeps a game a
/// sync replaced, and how a kept conflicting version is stored.
std::string game_export_text(const ExportGame& game);

/// Writes `game`'s content over game `game_id` here, keeping its number and uuid: details,
/// status, seats (players made by name when missing), rounds, scores, tie-break, cached
/// totals and winners, and its times (a round without one in `game` keeps the time it had
/// here). Logs nothing: inside the caller's transaction.
void write_game_content(Database& db, std::int64_t game_id, const ExportGame& game);

/// A new game here holding `game` (which has a uuid) whole: its rules, a random order's deals
/// and seed, then write_game_content. Numbered `id` when given (a game put back under the
/// number it had: numbers are never reused, so it is free), else the next number. Logs
/// nothing and gives the game no version: the caller does both. Returns its number.
std::int64_t insert_game_content(Database& db, std::optional<std::int64_t> id,
                                 const ExportGame& game);

/// write_game_content, logged as one entry `action` with `summary`, the game before and after
/// as game_export_text (so undo puts the one before back). Returns the entry.
AuditEntry replace_game(Database& db, std::int64_t game_id, const ExportGame& game,
                        const std::string& action, const std::string& summary);

/// Keeps the file's version of each game of the plan under other rules than the game here
/// (GameConflict::hint RulesDiffer) as a sync keeps a conflicting version, so that `sync
/// --conflicts` lists it and `sync --take` can take it; the game here is not changed. Its
/// version is the digest of its content (versions::legacy_id), as an import gives a new game.
/// Returns how many it kept. Inside the caller's write transaction.
std::size_t keep_rules_conflicts(Database& db, const ExportData& data, const ImportPlan& plan,
                                 const std::string& source);

/// Whether `plan` changes the database when conflicts are settled as `keep` says.
bool import_changes(const ImportPlan& plan, KeepSide keep);

}  // namespace crowns::store
