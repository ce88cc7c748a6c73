// What each game's history has seen (store/versions.hpp).

#include "store/versions.hpp"

#include <algorithm>
#include <cstdio>

#include "store/db.hpp"
#include "store/transfer_db.hpp"

namespace crowns::store::versions {
namespace {

// FNV-1a, 64 bits: stable across builds and hosts, unlike std::hash.
std::uint64_t fnv1a(std::string_view text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::optional<Version> read_version(const Statement& stmt, int first) {
  Version v;
  v.seen = Seen::parse(stmt.text(first));
  v.by = stmt.optional_text(first + 1);
  v.at = stmt.optional_text(first + 2);
  return v;
}

}  // namespace

Seen Seen::parse(std::string_view text) {
  Seen seen;
  std::size_t at = 0;
  while (at < text.size()) {
    const auto space = text.find(' ', at);
    const auto end = space == std::string_view::npos ? text.size() : space;
    if (end > at) seen.ids.emplace_back(text.substr(at, end - at));
    at = end + 1;
  }
  std::sort(seen.ids.begin(), seen.ids.end());
  seen.ids.erase(std::unique(seen.ids.begin(), seen.ids.end()), seen.ids.end());
  return seen;
}

std::string Seen::text() const {
  std::string out;
  out.reserve(ids.size() * 13);
  for (const auto& id : ids) {
    if (!out.empty()) out += ' ';
    out += id;
  }
  return out;
}

bool Seen::includes(const Seen& other) const {
  return std::includes(ids.begin(), ids.end(), other.ids.begin(), other.ids.end());
}

Seen Seen::with(const Seen& other) const {
  Seen both;
  both.ids.reserve(ids.size() + other.ids.size());
  std::set_union(ids.begin(), ids.end(), other.ids.begin(), other.ids.end(),
                 std::back_inserter(both.ids));
  return both;
}

bool is_change_id(std::string_view text) {
  return text.size() == 12 && std::all_of(text.begin(), text.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

Order compare(const Seen& file, const Seen& here) {
  if (file == here) return Order::Same;
  if (here.includes(file)) return Order::Behind;
  if (file.includes(here)) return Order::Ahead;
  return Order::Concurrent;
}

std::string legacy_id(const ExportGame& game) {
  char hex[17];
  std::snprintf(
      hex, sizeof hex, "%016llx",
      static_cast<unsigned long long>(fnv1a(game.uuid.value_or("") + '\n' + game_key(game))));
  return std::string(hex, 12);
}

std::size_t fill_legacy(Database& db, const std::string& id) {
  // Changes made here before this database had a sync id were made by it.
  db.prepare("UPDATE games SET changed_by = ? WHERE changed_by IS NULL AND changed_at IS NOT NULL")
      .bind_all(id)
      .run();
  db.prepare(
        "UPDATE game_tombstones SET deleted_by = ? WHERE deleted_by IS NULL AND seen <> '' "
        "  AND deleted_at IS NOT NULL")
      .bind_all(id)
      .run();
  auto any = db.prepare("SELECT count(*) FROM games WHERE seen = ''");
  const auto missing = any.step() ? static_cast<std::size_t>(any.int64(0)) : 0;
  if (missing == 0) return 0;
  std::vector<std::int64_t> ids;
  const ExportData data = load_export(db, &ids);
  auto set = db.prepare("UPDATE games SET seen = ? WHERE id = ? AND seen = ''");
  for (std::size_t i = 0; i < data.games.size(); ++i) {
    set.reset();
    set.bind_all(legacy_id(data.games[i]), ids[i]).run();
  }
  return missing;
}

std::string new_change_id(const Database& db) {
  auto stmt = db.prepare("SELECT lower(hex(randomblob(6)))");
  stmt.step();
  return stmt.text(0);
}

Version with_change_here(const Database& db, Version version) {
  version.seen = version.seen.with(Seen{{new_change_id(db)}});
  auto id = db.prepare("SELECT value FROM meta WHERE key = 'sync_id'");
  version.by = id.step() ? std::optional(id.text(0)) : std::nullopt;
  version.at = now_timestamp();
  return version;
}

void record_change(Database& db, std::int64_t game_id) {
  db.prepare(
        "UPDATE games SET seen = ltrim(seen || ' ' || lower(hex(randomblob(6)))), "
        "  changed_by = (SELECT value FROM meta WHERE key = 'sync_id'), changed_at = ? "
        "WHERE id = ?")
      .bind_all(now_timestamp(), game_id)
      .run();
}

Version game_version(const Database& db, std::int64_t game_id) {
  auto stmt = db.prepare("SELECT seen, changed_by, changed_at FROM games WHERE id = ?");
  stmt.bind_all(game_id);
  if (!stmt.step()) return {};
  return *read_version(stmt, 0);
}

void set_game_version(Database& db, std::int64_t game_id, const Version& version) {
  db.prepare("UPDATE games SET seen = ?, changed_by = ?, changed_at = ? WHERE id = ?")
      .bind_all(version.seen.text(), version.by, version.at, game_id)
      .run();
}

std::vector<std::pair<std::string, Version>> tombstones(const Database& db) {
  auto stmt = db.prepare(
      "SELECT uuid, seen, deleted_by, deleted_at FROM game_tombstones "
      "WHERE uuid NOT IN (SELECT uuid FROM games) ORDER BY uuid");
  std::vector<std::pair<std::string, Version>> all;
  while (stmt.step()) all.emplace_back(stmt.text(0), *read_version(stmt, 1));
  return all;
}

std::optional<Version> tombstone(const Database& db, const std::string& uuid) {
  auto stmt = db.prepare("SELECT seen, deleted_by, deleted_at FROM game_tombstones WHERE uuid = ?");
  stmt.bind_all(uuid);
  if (!stmt.step()) return std::nullopt;
  return read_version(stmt, 0);
}

void set_tombstone(Database& db, const std::string& uuid, const Version& version) {
  db.prepare(
        "INSERT INTO game_tombstones (uuid, seen, deleted_by, deleted_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (uuid) DO UPDATE SET seen = excluded.seen, deleted_by = excluded.deleted_by, "
        "  deleted_at = excluded.deleted_at")
      .bind_all(uuid, version.seen.text(), version.by, version.at)
      .run();
}

void drop_tombstone(Database& db, const std::string& uuid) {
  db.prepare("DELETE FROM game_tombstones WHERE uuid = ?").bind_all(uuid).run();
}

void store_version(Database& db, const StoredVersion& v) {
  db.prepare(
        "INSERT OR IGNORE INTO sync_versions (uuid, seen, file, made_by, made_at, game, found_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)")
      .bind_all(v.uuid, v.version.seen.text(), v.file, v.version.by, v.version.at, v.game,
                v.found_at.empty() ? now_timestamp() : v.found_at)
      .run();
}

std::vector<StoredVersion> stored_versions(const Database& db,
                                           const std::optional<std::string>& uuid) {
  auto stmt = db.prepare(
      "SELECT id, uuid, seen, made_by, made_at, file, game, found_at FROM sync_versions "
      "WHERE ?1 IS NULL OR uuid = ?1 ORDER BY id");
  stmt.bind_all(uuid);
  std::vector<StoredVersion> all;
  while (stmt.step()) {
    all.push_back({.id = stmt.int64(0),
                   .uuid = stmt.text(1),
                   .version = *read_version(stmt, 2),
                   .file = stmt.text(5),
                   .game = stmt.text(6),
                   .found_at = stmt.text(7)});
  }
  return all;
}

std::size_t prune_stored(Database& db) {
  std::size_t dropped = 0;
  auto drop = db.prepare("DELETE FROM sync_versions WHERE id = ?");
  for (const auto& v : stored_versions(db)) {
    auto here = db.prepare("SELECT seen FROM games WHERE uuid = ?");
    here.bind_all(v.uuid);
    std::optional<Seen> seen;
    if (here.step()) {
      seen = Seen::parse(here.text(0));
    } else if (const auto t = tombstone(db, v.uuid)) {
      seen = t->seen;
    }
    if (seen && seen->includes(v.version.seen)) {
      drop.reset();
      drop.bind_all(v.id).run();
      ++dropped;
    }
  }
  return dropped;
}

}  // namespace crowns::store::versions
