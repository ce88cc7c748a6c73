#pragma once
// Sync for store tests: one database's sync file as another reads it, merged in, a kept version
// taken, the last change undone, a game deleted, each in its own committed transaction and
// failing the test (REQUIRE) if the store refuses. What test_sync.cpp and test_sync_take.cpp
// (and any test of sync) do between two databases.

#include <catch2/catch.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "store/db.hpp"
#include "store/rounds.hpp"
#include "store/sync.hpp"
#include "store/transfer_db.hpp"
#include "store/undo.hpp"

namespace crowns::test {

/// `from`'s sync file, written under database id `id`, as another database reads it.
inline store::sync::NamedFile file_of(store::Database& from, const std::string& id) {
  auto parsed = store::sync::parse_sync_file(store::sync::format_sync_file(from, id));
  REQUIRE(parsed);
  return {store::sync::file_name(id), *parsed};
}

/// Merges `file` into `to`, as crowns sync does (a conflict settled by `keep`).
inline store::sync::FileMerge merge_in(store::Database& to, const store::sync::NamedFile& file,
                                       store::KeepSide keep = store::KeepSide::Skip) {
  store::Transaction tx(to, store::Transaction::Kind::Immediate);
  auto merged = store::sync::merge_file(to, file, {keep, {}});
  REQUIRE(merged);
  tx.commit();
  return *merged;
}

/// Takes kept version `id` (crowns sync --take ID).
inline store::sync::TakenVersion take_now(store::Database& db, std::int64_t id) {
  store::Transaction tx(db, store::Transaction::Kind::Immediate);
  auto taken = store::sync::take_kept_version(db, id);
  REQUIRE(taken);
  tx.commit();
  return *taken;
}

/// Undoes the newest change of game `game`, or of any game (crowns undo [--game N]).
inline store::Change undo_now(store::Database& db,
                              std::optional<std::int64_t> game = std::nullopt) {
  store::Transaction tx(db, store::Transaction::Kind::Immediate);
  auto undone = store::undo_last_change(db, game);
  REQUIRE(undone);
  tx.commit();
  return *undone;
}

/// Deletes `game` (crowns delete).
inline void erase_now(store::Database& db, const store::Game& game) {
  store::Transaction tx(db);
  store::erase_game(db, game);
  tx.commit();
}

/// The number here of the game with `uuid`, none when it is not here.
inline std::optional<std::int64_t> uuid_game(const store::Database& db, const std::string& uuid) {
  auto stmt = db.prepare("SELECT id FROM games WHERE uuid = ?");
  stmt.bind_all(uuid);
  if (!stmt.step()) return std::nullopt;
  return stmt.int64(0);
}

/// Game `id` as an export writes it (its content, rules and times), or "" when it is not here.
inline std::string content_of(const store::Database& db, std::int64_t id) {
  const auto g = store::load_export_game(db, id);
  return g ? store::game_export_text(*g) : "";
}

}  // namespace crowns::test
