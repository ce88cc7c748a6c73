#pragma once
// What each game's history has seen (docs/DATA.md, "Sync: one history"): every change made to
// a game gets a random id, and a version of the game is known by the set of change ids it
// includes. One version includes another when its set holds every id of the other's: the
// other is an earlier state of the same history, never a rival. Two versions that each hold
// an id the other lacks are concurrent: a conflict.
//
// Random ids rather than a counter per database (a version vector): a copied database (a
// backup restored, a laptop cloned) keeps its id, and two copies counting under one id would
// give two different changes the same name; random ids never collide in practice (48 bits,
// a few dozen changes a game).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/sqlite.hpp"
#include "store/transfer.hpp"

namespace crowns::store::versions {

/// The ids of the changes a version includes: sorted, without repeats.
struct Seen {
  std::vector<std::string> ids;

  /// Reads "id id id" (any order, repeats allowed; empty: none).
  static Seen parse(std::string_view text);
  /// "id id id", sorted: equal sets give equal text.
  [[nodiscard]] std::string text() const;
  [[nodiscard]] bool empty() const { return ids.empty(); }
  /// Whether every id of `other` is here.
  [[nodiscard]] bool includes(const Seen& other) const;
  /// The union.
  [[nodiscard]] Seen with(const Seen& other) const;
  bool operator==(const Seen&) const = default;
};

/// Whether `text` is a change id: 12 lower-case hex digits.
bool is_change_id(std::string_view text);

/// How a version of a game (the file's) stands to another (the one here).
enum class Order {
  Same,        ///< The same changes.
  Behind,      ///< The file's is included in ours: nothing to take.
  Ahead,       ///< Ours is included in the file's: take the file's forward.
  Concurrent,  ///< Each holds changes the other lacks: a conflict.
};

Order compare(const Seen& file, const Seen& here);

/// A version of a game as a sync file carries it: what it has seen, and the database and
/// time of its last change (when known).
struct Version {
  Seen seen{};
  std::optional<std::string> by{};  ///< The sync id of the database that made the last change.
  std::optional<std::string> at{};  ///< "YYYY-MM-DD HH:MM:SS" UTC.
};

/// The id a game from before versions gets: the digest of its content (every exported field
/// but its times), so that two databases holding it alike give it the same id.
std::string legacy_id(const ExportGame& game);

/// Gives every game here without a version (from before migration 10) its legacy_id, and names
/// this database (sync id `id`) as the maker of the changes made before it had an id. Inside
/// the caller's write transaction; returns how many games it gave a legacy id.
std::size_t fill_legacy(Database& db, const std::string& id);

/// Records a new change of game `game_id` made here: a new random id in its seen set, and
/// this database as its last changer. Called by append_audit for every entry of a game.
void record_change(Database& db, std::int64_t game_id);

/// The version of game `game_id` here.
Version game_version(const Database& db, std::int64_t game_id);

/// Sets the version of game `game_id` here (after taking a file's version, or deciding).
void set_game_version(Database& db, std::int64_t game_id, const Version& version);

/// Every deleted game's uuid with the version the deletion included, by uuid.
std::vector<std::pair<std::string, Version>> tombstones(const Database& db);

/// The tombstone of `uuid`, if it was deleted here (or a deletion reached here).
std::optional<Version> tombstone(const Database& db, const std::string& uuid);

/// Records (or widens) the tombstone of `uuid`.
void set_tombstone(Database& db, const std::string& uuid, const Version& version);

/// Drops the tombstone of `uuid` (the game is back).
void drop_tombstone(Database& db, const std::string& uuid);

/// A version of a game a sync found in conflict with the one here and did not take.
struct StoredVersion {
  std::int64_t id = 0;
  std::string uuid{};
  Version version{};
  std::string file{};  ///< The file it came from.
  std::string game{};  ///< A crowns export holding the one game; empty: the version deletes it.
  std::string found_at{};
};

/// Keeps a conflicting version (once: the same version found again is not kept twice).
void store_version(Database& db, const StoredVersion& v);

/// The versions kept, oldest first; of one game when `uuid` is given.
std::vector<StoredVersion> stored_versions(const Database& db,
                                           const std::optional<std::string>& uuid = {});

/// Drops the kept versions that the game's version here (or its tombstone) now includes.
std::size_t prune_stored(Database& db);

/// `version` with one more change made here now: a new id, this database and the time.
Version with_change_here(const Database& db, Version version);

/// A random change id (12 hex digits).
std::string new_change_id(const Database& db);

}  // namespace crowns::store::versions
