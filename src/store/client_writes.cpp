#include "store/client_writes.hpp"

#include <algorithm>

#include "store/db.hpp"

namespace crowns::store {

bool valid_write_id(const std::string& id) {
  constexpr std::size_t kShortest = 8;
  constexpr std::size_t kLongest = 64;
  return id.size() >= kShortest && id.size() <= kLongest &&
         std::all_of(id.begin(), id.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                  c == '-' || c == '_';
         });
}

void remember_client_write(Database& db, const std::string& write_id, std::int64_t audit_id,
                           std::optional<std::int64_t> game_id) {
  db.prepare("INSERT INTO client_writes (write_id, audit_id, game_id, at) VALUES (?, ?, ?, ?)")
      .bind_all(write_id, audit_id, game_id, now_timestamp())
      .run();
}

std::optional<AuditEntry> find_client_write(const Database& db, const std::string& write_id) {
  auto stmt = db.prepare(
      "SELECT a.id, a.at, a.game_id, a.action, a.summary, a.old_value, a.new_value "
      "FROM client_writes w JOIN audit a ON a.id = w.audit_id WHERE w.write_id = ?");
  stmt.bind_all(write_id);
  if (!stmt.step()) return std::nullopt;
  return read_audit_row(stmt);
}

}  // namespace crowns::store
