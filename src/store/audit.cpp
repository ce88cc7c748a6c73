#include "store/audit.hpp"

#include <algorithm>

#include "store/db.hpp"
#include "store/versions.hpp"

namespace crowns::store {

AuditEntry append_audit(Database& db, AuditEntry entry) {
  entry.at = now_timestamp();
  db.prepare(
        "INSERT INTO audit (at, game_id, action, summary, old_value, new_value) "
        "VALUES (?, ?, ?, ?, ?, ?)")
      .bind_all(entry.at, entry.game_id, entry.action, entry.summary, entry.old_value,
                entry.new_value)
      .run();
  entry.id = db.last_insert_id();
  // Every change of a game is a change its history has seen (store/versions.hpp).
  if (entry.game_id) versions::record_change(db, *entry.game_id);
  return entry;
}

AuditEntry read_audit_row(const Statement& stmt) {
  AuditEntry e;
  e.id = stmt.int64(0);
  e.at = stmt.text(1);
  if (!stmt.is_null(2)) e.game_id = stmt.int64(2);
  e.action = stmt.text(3);
  e.summary = stmt.text(4);
  e.old_value = stmt.optional_text(5);
  e.new_value = stmt.optional_text(6);
  return e;
}

namespace {

// Every row of `stmt` (selecting as read_audit_row says), in its order.
std::vector<AuditEntry> read_audit_rows(Statement& stmt) {
  std::vector<AuditEntry> entries;
  while (stmt.step()) entries.push_back(read_audit_row(stmt));
  return entries;
}

}  // namespace

std::vector<AuditEntry> list_audit(const Database& db, std::optional<std::int64_t> game_id,
                                   int limit) {
  // Newest first with a limit, then reversed: the last N in reading order.
  auto stmt = db.prepare(
      "SELECT id, at, game_id, action, summary, old_value, new_value FROM audit "
      "WHERE ?1 IS NULL OR game_id = ?1 ORDER BY id DESC LIMIT ?2");
  stmt.bind_all(game_id, limit > 0 ? limit : -1);
  auto entries = read_audit_rows(stmt);
  std::reverse(entries.begin(), entries.end());
  return entries;
}

std::int64_t last_change_id(const Database& db, std::int64_t game_id) {
  auto stmt = db.prepare("SELECT coalesce(max(id), 0) FROM audit WHERE game_id = ?");
  stmt.bind_all(game_id);
  return stmt.step() ? stmt.int64(0) : 0;
}

std::vector<AuditEntry> changes_after(const Database& db, std::int64_t game_id,
                                      std::int64_t after) {
  auto stmt = db.prepare(
      "SELECT id, at, game_id, action, summary, old_value, new_value FROM audit "
      "WHERE game_id = ? AND id > ? ORDER BY id");
  stmt.bind_all(game_id, after);
  return read_audit_rows(stmt);
}

std::int64_t last_entry_id(const Database& db) {
  auto stmt = db.prepare("SELECT coalesce(max(id), 0) FROM audit");
  return stmt.step() ? stmt.int64(0) : 0;
}

std::vector<AuditEntry> entries_after(const Database& db, std::int64_t after) {
  auto stmt = db.prepare(
      "SELECT id, at, game_id, action, summary, old_value, new_value FROM audit "
      "WHERE id > ? ORDER BY id");
  stmt.bind_all(after);
  return read_audit_rows(stmt);
}

}  // namespace crowns::store
