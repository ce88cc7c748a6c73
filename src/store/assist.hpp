#pragma once
// Move-assistant sessions in the database (migration 0007): the setup and the answers, saved
// after every answer, read back to resume. Write functions run inside the caller's transaction.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "crowns/assist.hpp"
#include "store/sqlite.hpp"

namespace crowns::store {

struct AssistRecord {
  std::int64_t id = 0;                  ///< 0 until saved.
  std::optional<std::int64_t> game_id;  ///< The game followed; none when standalone.
  std::optional<std::string> me;        ///< --me.
  assist::Setup setup;
  std::vector<std::string> answers;
  bool done = false;
  std::string started_at;
};

/// Inserts the session (id 0; sets it) or updates its answers and status.
void save_assist(Database& db, AssistRecord& session);

/// The most recent session still going on.
std::optional<AssistRecord> active_assist(const Database& db);

/// Ends every session still going on (a new one replaces them).
void close_assists(Database& db);

/// The --me of the most recent session that gave one.
std::optional<std::string> remembered_me(const Database& db);

}  // namespace crowns::store
