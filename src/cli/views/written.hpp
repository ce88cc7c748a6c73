#pragma once
// What a write prints under --json: the log entries it made (as `crowns log --json` prints
// them) and what it changed, as the command that reads it prints it (`show --json`,
// `player list --json`, `season list --json`). docs/SCOREKEEPING.md, "Scripts".

#include <nlohmann/json.hpp>
#include <vector>

#include "cli/session.hpp"
#include "store/audit.hpp"
#include "store/change.hpp"
#include "store/players.hpp"

namespace crowns::cli {

/// The help of --json on a write, and on a write of a game.
inline constexpr const char* kWrittenJson =
    "Print what was logged and the result as JSON (docs/SCOREKEEPING.md, Scripts)";
inline constexpr const char* kGameWrittenJson =
    "Print what was logged and the game as JSON (as log --json and show --json print them)";

/// An entry of the log as `crowns log --json` prints it: id, at, game, action, summary, and
/// the old and new values (parsed JSON).
nlohmann::ordered_json logged_json(const store::AuditEntry& entry);

/// A player as `crowns player list --json` prints one.
nlohmann::ordered_json player_json(const store::Player& player);

/// Prints {"logged": [entries], key: state} on one line: a write's answer under --json.
void print_written(Context& ctx, const std::vector<store::AuditEntry>& logged, const char* key,
                   const nlohmann::ordered_json& state);

/// Prints a game write's answer under --json: {"logged": [its entry], "game": the game as
/// `show --json` prints it now, or null when it is gone}.
void print_game_written(Context& ctx, const store::Database& db, const store::Change& change);

/// The entries a write makes, read inside its transaction: made before the write, then
/// written() after it.
class LogWatch {
 public:
  explicit LogWatch(const store::Database& db) : db_(db), before_(store::last_entry_id(db)) {}
  [[nodiscard]] std::vector<store::AuditEntry> written() const {
    return store::entries_after(db_, before_);
  }

 private:
  const store::Database& db_;
  std::int64_t before_;
};

}  // namespace crowns::cli
