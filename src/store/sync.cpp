// Sync files (store/sync.hpp): what a database writes into the shared folder and reads back.

#include "store/sync.hpp"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <unordered_set>

#include "crowns/json_line.hpp"
#include "store/rounds.hpp"
#include "store/transfer_db.hpp"

namespace crowns::store::sync {
namespace {

using nlohmann::json;

bool is_hex(std::string_view text) {
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

}  // namespace

std::string database_id(Database& db) {
  auto read = db.prepare("SELECT value FROM meta WHERE key = 'sync_id'");
  if (read.step()) return read.text(0);
  auto made = db.prepare("SELECT lower(hex(randomblob(8)))");
  made.step();
  std::string id = made.text(0);
  db.prepare("INSERT INTO meta (key, value) VALUES ('sync_id', ?)").bind_all(id).run();
  return id;
}

std::string file_name(std::string_view id) {
  return "crowns-" + std::string(id) + ".json";
}

bool is_sync_file_name(std::string_view name) {
  constexpr std::string_view kPrefix = "crowns-";
  constexpr std::string_view kSuffix = ".json";
  if (name.size() != kPrefix.size() + 16 + kSuffix.size()) return false;
  if (!name.starts_with(kPrefix) || !name.ends_with(kSuffix)) return false;
  return is_hex(name.substr(kPrefix.size(), 16));
}

std::vector<std::string> deleted_games(const Database& db) {
  auto stmt = db.prepare(
      "SELECT DISTINCT json_extract(old_value, '$.uuid') AS uuid FROM audit "
      "WHERE action = 'delete' AND undone_by IS NULL AND uuid IS NOT NULL "
      "  AND uuid NOT IN (SELECT uuid FROM games) ORDER BY uuid");
  std::vector<std::string> uuids;
  while (stmt.step()) uuids.push_back(stmt.text(0));
  return uuids;
}

std::string format_sync_file(const Database& db, const std::string& id) {
  std::string out = R"({"format":")" + std::string(kSyncFormat) + R"(","version":)" +
                    std::to_string(kSyncVersion) + R"(,"database":")" + id + R"(","deleted":)" +
                    json_line(json(deleted_games(db))) + ",\n\"export\":";
  out += format_export(load_export(db), ExportFormat::Json);
  while (!out.empty() && out.back() == '\n') out.pop_back();
  out += "}\n";
  return out;
}

Expected<SyncFile> parse_sync_file(std::string_view text) {
  if (text.size() > kMaxImportBytes) return Failure{"the file is larger than an import may be"};
  json j = json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded()) return Failure{"not valid JSON (damaged, or not all of it arrived yet)"};
  if (!j.is_object() || !j.contains("format") || !j["format"].is_string() ||
      j["format"].get<std::string>() != kSyncFormat)
    return Failure{"not a crowns sync file (\"format\" must be \"crowns-sync\")"};
  if (!j.contains("version") || !j["version"].is_number_integer())
    return Failure{"version: must be a whole number"};
  if (const auto version = j["version"].get<std::int64_t>(); version > kSyncVersion) {
    return Failure{"the file is crowns-sync version " + std::to_string(version) +
                   "; this crowns reads up to version " + std::to_string(kSyncVersion) +
                   ": upgrade crowns to sync with it"};
  }
  SyncFile file;
  if (!j.contains("database") || !j["database"].is_string())
    return Failure{"database: must be the id of the database that wrote it"};
  file.database = j["database"].get<std::string>();
  if (j.contains("deleted")) {
    if (!j["deleted"].is_array()) return Failure{"deleted: must be a list of game ids"};
    for (const auto& uuid : j["deleted"]) {
      if (!uuid.is_string() || !is_game_uuid(uuid.get<std::string>()))
        return Failure{"deleted: " + uuid.dump() + " is not a game id"};
      file.deleted.push_back(uuid.get<std::string>());
    }
  }
  if (!j.contains("export")) return Failure{"the field \"export\" is missing"};
  auto data = parse_export(j["export"].dump());
  if (!data) return Failure{"export: " + data.error()};
  file.data = *data;
  return file;
}

std::size_t drop_deleted(ExportData& data, const std::vector<std::string>& deleted_here) {
  const std::unordered_set<std::string> gone(deleted_here.begin(), deleted_here.end());
  const auto before = data.games.size();
  std::erase_if(data.games, [&](const ExportGame& g) { return g.uuid && gone.contains(*g.uuid); });
  return before - data.games.size();
}

std::vector<Game> apply_deletions(Database& db, const std::vector<std::string>& deleted) {
  std::vector<Game> removed;
  auto find = db.prepare("SELECT id FROM games WHERE uuid = ?");
  for (const auto& uuid : deleted) {
    find.reset();
    find.bind_all(uuid);
    if (!find.step()) continue;
    const auto game = load_game(db, find.int64(0));
    if (!game) continue;
    delete_game(db, *game);
    removed.push_back(*game);
  }
  return removed;
}

bool Movers::changes(std::int64_t game_id, const std::string& file) const {
  const auto it = changed_by.find(game_id);
  return it != changed_by.end() &&
         std::find(it->second.begin(), it->second.end(), file) != it->second.end();
}

Movers find_movers(const Database& db, const std::vector<NamedFile>& files) {
  Movers movers;
  // Each game here: the version of each file that changes it.
  std::map<std::int64_t, std::vector<ExportGame>> versions;
  const auto deleted_here = deleted_games(db);
  for (const auto& named : files) {
    ExportData data = named.file.data;
    drop_deleted(data, deleted_here);
    const auto plan = plan_import(db, data);
    if (!plan) continue;
    const auto changed = [&](std::int64_t game_id, std::size_t index) {
      movers.changed_by[game_id].push_back(named.name);
      versions[game_id].push_back(data.games[index]);
    };
    for (const auto& u : plan->updated_games) changed(u.game_id, u.index);
    for (const auto& c : plan->conflicts) changed(c.game_id, c.index);
  }
  for (const auto& [game_id, games] : versions) {
    bool disagree = false;
    for (std::size_t i = 0; i < games.size() && !disagree; ++i) {
      for (std::size_t j = i + 1; j < games.size() && !disagree; ++j)
        disagree = compare_game(games[i], games[j]).kind == GameMerge::Kind::Conflict;
    }
    if (disagree) movers.disagree[game_id] = movers.changed_by[game_id];
  }
  return movers;
}

}  // namespace crowns::store::sync
