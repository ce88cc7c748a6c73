// Sync files (store/sync.hpp): what a database writes into the shared folder and reads back.

#include "store/sync.hpp"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "crowns/json_line.hpp"

namespace crowns::store::sync {
namespace {

using nlohmann::json;

bool is_hex(std::string_view text) {
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

std::string random_id(Database& db) {
  auto made = db.prepare("SELECT lower(hex(randomblob(8)))");
  made.step();
  return made.text(0);
}

nlohmann::ordered_json version_json(const versions::Version& v) {
  nlohmann::ordered_json j = {{"seen", v.seen.text()}};
  if (v.by) j["by"] = *v.by;
  if (v.at) j["at"] = *v.at;
  return j;
}

// A VERSION of the file at `path`, or why it is not one.
Expected<versions::Version> read_version(const json& j, const std::string& path) {
  if (!j.is_object() || !j.contains("seen") || !j["seen"].is_string())
    return Failure{path + ": must be {\"seen\":\"change ids\",\"by\":ID,\"at\":TIME}"};
  versions::Version v;
  v.seen = versions::Seen::parse(j["seen"].get<std::string>());
  for (const auto& id : v.seen.ids) {
    if (versions::is_change_id(id)) continue;
    std::string why = path;
    why += ".seen: '";
    why += id;
    why += "' is not a change id (12 hex digits)";
    return Failure{why};
  }
  if (j.contains("by") && !j["by"].is_null()) {
    if (!j["by"].is_string() || j["by"].get<std::string>().size() != 16 ||
        !is_hex(j["by"].get<std::string>()))
      return Failure{path + ".by: must be a database id (16 hex digits)"};
    v.by = j["by"].get<std::string>();
  }
  if (j.contains("at") && !j["at"].is_null()) {
    if (!j["at"].is_string() || j["at"].get<std::string>().size() > 32)
      return Failure{path + ".at: must be a time"};
    v.at = j["at"].get<std::string>();
  }
  return v;
}

}  // namespace

std::string database_id(Database& db) {
  auto read = db.prepare("SELECT value FROM meta WHERE key = 'sync_id'");
  if (read.step()) return read.text(0);
  std::string id = random_id(db);
  db.prepare("INSERT INTO meta (key, value) VALUES ('sync_id', ?)").bind_all(id).run();
  return id;
}

std::optional<std::string> existing_database_id(const Database& db) {
  auto read = db.prepare("SELECT value FROM meta WHERE key = 'sync_id'");
  if (!read.step()) return std::nullopt;
  return read.text(0);
}

std::string new_database_id(Database& db) {
  std::string id = random_id(db);
  db.prepare(
        "INSERT INTO meta (key, value) VALUES ('sync_id', ?) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value")
      .bind_all(id)
      .run();
  db.prepare("DELETE FROM meta WHERE key LIKE 'sync_written %'").run();
  return id;
}

std::string file_name(std::string_view id) {
  return "crowns-" + std::string(id) + ".json";
}

std::optional<std::string> file_id(std::string_view name) {
  constexpr std::string_view kPrefix = "crowns-";
  constexpr std::string_view kSuffix = ".json";
  constexpr std::string_view kConflict = ".sync-conflict-";
  if (!name.starts_with(kPrefix) || !name.ends_with(kSuffix)) return std::nullopt;
  if (name.size() < kPrefix.size() + 16 + kSuffix.size()) return std::nullopt;
  const std::string_view id = name.substr(kPrefix.size(), 16);
  if (!is_hex(id)) return std::nullopt;
  const std::string_view rest =
      name.substr(kPrefix.size() + 16, name.size() - kPrefix.size() - 16 - kSuffix.size());
  if (!rest.empty() && !rest.starts_with(kConflict)) return std::nullopt;
  return std::string(id);
}

bool is_sync_file_name(std::string_view name) {
  return file_id(name).has_value();
}

bool has_conflict_markers(std::string_view text) {
  const auto line_starting = [&](std::string_view mark) {
    if (text.starts_with(mark)) return true;
    return text.find("\n" + std::string(mark)) != std::string_view::npos;
  };
  return line_starting("<<<<<<< ") && line_starting(">>>>>>> ");
}

std::string digest(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

std::optional<std::string> last_written(const Database& db, const std::string& where) {
  auto read = db.prepare("SELECT value FROM meta WHERE key = 'sync_written ' || ?");
  read.bind_all(where);
  if (!read.step()) return std::nullopt;
  return read.text(0);
}

void set_last_written(Database& db, const std::string& where, const std::string& bytes_digest) {
  db.prepare(
        "INSERT INTO meta (key, value) VALUES ('sync_written ' || ?, ?) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value")
      .bind_all(where, bytes_digest)
      .run();
}

std::vector<std::string> deleted_games(const Database& db) {
  std::vector<std::string> uuids;
  for (const auto& [uuid, v] : versions::tombstones(db)) uuids.push_back(uuid);
  return uuids;
}

std::string format_sync_file(const Database& db, const std::string& id) {
  nlohmann::ordered_json deleted = nlohmann::ordered_json::object();
  for (const auto& [uuid, v] : versions::tombstones(db)) deleted[uuid] = version_json(v);
  // Each game's version, by uuid (sorted: deterministic bytes).
  std::map<std::string, versions::Version> by_uuid;
  auto stmt = db.prepare("SELECT uuid, seen, changed_by, changed_at FROM games");
  while (stmt.step()) {
    by_uuid.emplace(stmt.text(0), versions::Version{versions::Seen::parse(stmt.text(1)),
                                                    stmt.optional_text(2), stmt.optional_text(3)});
  }
  std::string out = R"({"format":")" + std::string(kSyncFormat) + R"(","version":)" +
                    std::to_string(kSyncVersion) + R"(,"database":")" + id +
                    "\",\n\"deleted\":" + json_line(deleted) + ",\n\"versions\":{";
  bool first = true;
  for (const auto& [uuid, v] : by_uuid) {
    out += (first ? "\n" : ",\n") + json(uuid).dump() + ":" + json_line(version_json(v));
    first = false;
  }
  out += "},\n\"export\":";
  out += format_export(load_export(db), ExportFormat::Json);
  while (!out.empty() && out.back() == '\n') out.pop_back();
  out += "}\n";
  return out;
}

Expected<SyncFile> parse_sync_file(std::string_view text) {
  if (text.size() > kMaxImportBytes) return Failure{"the file is larger than an import may be"};
  if (has_conflict_markers(text)) {
    return Failure{
        "it holds git's conflict markers (<<<<<<< ... >>>>>>>): a merge left it "
        "unresolved",
        {.kind = HintKind::ResolveMerge}};
  }
  json j = json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded()) return Failure{"not valid JSON (damaged, or not all of it arrived yet)"};
  if (!j.is_object() || !j.contains("format") || !j["format"].is_string() ||
      j["format"].get<std::string>() != kSyncFormat)
    return Failure{"not a sync file of crowns (\"format\" must be \"crowns-sync\")"};
  if (!j.contains("version") || !j["version"].is_number_integer())
    return Failure{"version: must be a whole number"};
  const auto version = j["version"].get<std::int64_t>();
  if (version > kSyncVersion) {
    return Failure{"the file is crowns-sync version " + std::to_string(version) +
                   "; this crowns reads up to version " + std::to_string(kSyncVersion) +
                   ": upgrade crowns to sync with it"};
  }
  if (version < 1) return Failure{"version: " + std::to_string(version) + " is not a version"};
  SyncFile file;
  file.version = static_cast<int>(version);
  if (!j.contains("database") || !j["database"].is_string())
    return Failure{"database: must be the id of the database that wrote it"};
  file.database = j["database"].get<std::string>();
  if (j.contains("deleted")) {
    const json& deleted = j["deleted"];
    if (file.version == 1) {
      if (!deleted.is_array()) return Failure{"deleted: must be a list of game ids"};
      for (const auto& uuid : deleted) {
        if (!uuid.is_string() || !is_game_uuid(uuid.get<std::string>()))
          return Failure{"deleted: " + uuid.dump() + " is not a game id"};
        file.deleted.emplace(uuid.get<std::string>(), std::nullopt);
      }
    } else {
      if (!deleted.is_object()) return Failure{"deleted: must map game ids to versions"};
      for (const auto& [uuid, v] : deleted.items()) {
        if (!is_game_uuid(uuid)) return Failure{"deleted: \"" + uuid + "\" is not a game id"};
        auto read = read_version(v, "deleted." + uuid);
        if (!read) return read.failure();
        file.deleted.emplace(uuid, *read);
      }
    }
  }
  if (file.version >= 2) {
    if (!j.contains("versions") || !j["versions"].is_object())
      return Failure{"versions: must map game ids to versions"};
    for (const auto& [uuid, v] : j["versions"].items()) {
      if (!is_game_uuid(uuid)) return Failure{"versions: \"" + uuid + "\" is not a game id"};
      auto read = read_version(v, "versions." + uuid);
      if (!read) return read.failure();
      file.versions.emplace(uuid, *read);
    }
  }
  if (!j.contains("export")) return Failure{"the field \"export\" is missing"};
  auto data = parse_export(j["export"].dump());
  if (!data) return Failure{"export: " + data.error()};
  file.data = *data;
  return file;
}

}  // namespace crowns::store::sync
