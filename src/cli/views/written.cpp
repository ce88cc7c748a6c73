#include "cli/views/written.hpp"

#include "views/game_times.hpp"
#include "views/local_time.hpp"
#include "views/style.hpp"

namespace crowns::cli {
namespace {

using Json = nlohmann::ordered_json;

// A logged value: its JSON, or the text itself when it is not JSON.
Json logged_value(const std::optional<std::string>& text) {
  if (!text) return nullptr;
  auto j = Json::parse(*text, nullptr, false);
  return j.is_discarded() ? Json(*text) : j;
}

}  // namespace

Json logged_json(const store::AuditEntry& entry) {
  return {{"id", entry.id},
          {"at", views::iso_utc(entry.at)},
          {"game", entry.game_id ? Json(*entry.game_id) : nullptr},
          {"action", entry.action},
          {"summary", entry.summary},
          {"old", logged_value(entry.old_value)},
          {"new", logged_value(entry.new_value)}};
}

Json player_json(const store::Player& player) {
  return {{"id", player.id},
          {"name", player.name},
          {"retired", player.retired},
          {"games", player.games},
          {"wins", player.wins},
          {"last_played", player.last_played ? Json(*player.last_played) : nullptr}};
}

void print_written(Context& ctx, const std::vector<store::AuditEntry>& logged, const char* key,
                   const Json& state) {
  Json entries = Json::array();
  for (const auto& entry : logged) entries.push_back(logged_json(entry));
  ctx.out << views::dump_json(Json{{"logged", std::move(entries)}, {key, state}}) << '\n';
}

void print_game_written(Context& ctx, const store::Database& db, const store::Change& change) {
  print_written(ctx, {change.entry}, "game",
                change.game ? views::game_json(db, *change.game) : Json(nullptr));
}

}  // namespace crowns::cli
