#include "store/players.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "crowns/names.hpp"
#include "crowns/plural.hpp"
#include "store/audit.hpp"
#include "store/db.hpp"
#include "store/game_log.hpp"
#include "store/look_alike.hpp"

namespace crowns::store {
namespace {

// Lookups read the player alone; only lists pay for the per-player counts.
constexpr std::string_view kPlayerColumns =
    "SELECT p.id, p.name, p.retired, 0, 0, NULL FROM players p ";

// "U+0410 at 1": the letters of a (valid UTF-8) name outside ASCII and where they are, so a
// look-alike can be told apart from the name it imitates.
std::string code_points(std::string_view name) {
  std::string out;
  int position = 0;
  for (std::size_t i = 0; i < name.size(); ++position) {
    const auto lead = static_cast<unsigned char>(name[i]);
    const std::size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    if (lead >= 0x80) {
      std::uint32_t cp = lead & (length == 2 ? 0x1Fu : length == 3 ? 0x0Fu : 0x07u);
      for (std::size_t k = 1; k < length && i + k < name.size(); ++k) {
        cp = (cp << 6) | (static_cast<unsigned char>(name[i + k]) & 0x3Fu);
      }
      out += (out.empty() ? "" : ", ") + fmt::format("U+{:04X} at {}", cp, position + 1);
    }
    i += length;
  }
  return out;
}

Player read_player(const Statement& stmt) {
  Player p;
  p.id = stmt.int64(0);
  p.name = stmt.text(1);
  p.retired = stmt.integer(2) != 0;
  p.games = stmt.integer(3);
  p.wins = stmt.integer(4);
  p.last_played = stmt.optional_text(5);
  return p;
}

log::Json player_json(const Player& p) {
  return log::Json{{"id", p.id}, {"name", p.name}, {"retired", p.retired}};
}

}  // namespace

std::vector<Player> list_players(const Database& db, Include include) {
  auto stmt = db.prepare(
      "SELECT p.id, p.name, p.retired, count(s.game_id), coalesce(sum(s.winner), 0), "
      "  max(g.played_on) "
      "FROM players p LEFT JOIN seats s ON s.player_id = p.id LEFT JOIN games g ON g.id = "
      "s.game_id "
      "WHERE ?1 OR p.retired = 0 GROUP BY p.id ORDER BY p.name COLLATE NOCASE, p.id");
  stmt.bind_all(include == Include::All);
  std::vector<Player> players;
  while (stmt.step()) players.push_back(read_player(stmt));
  return players;
}

std::optional<Player> find_player(const Database& db, const std::string& name) {
  const auto normalized = normalize_player_name(name);
  const std::string key = normalized ? *normalized : name;
  auto stmt = db.prepare(std::string(kPlayerColumns) + "WHERE p.name = ?1 COLLATE NOCASE");
  stmt.bind_all(key);
  if (stmt.step()) return read_player(stmt);
  // NOCASE folds ASCII only: "ÉVA" for "Éva", or a name stored before crowns normalised names
  // (NFD "Zoë"), is found by the Unicode folding key. A few hundred names at most, and only
  // when the fast lookup missed. Two stored names that fold alike (kept from before) give
  // the first added; `crowns player merge` joins them.
  const std::string folded = fold_case(key);
  auto all = db.prepare(std::string(kPlayerColumns) + "ORDER BY p.id");
  while (all.step()) {
    if (fold_case(all.text(1)) == folded) return read_player(all);
  }
  return std::nullopt;
}

std::string suggest_player(const Database& db, const std::string& typed) {
  std::vector<std::string> known;
  auto stmt = db.prepare("SELECT name FROM players ORDER BY name COLLATE NOCASE");
  while (stmt.step()) known.push_back(stmt.text(0));
  return closest_name(typed, known);
}

Expected<Player> require_player(const Database& db, const std::string& name) {
  if (auto p = find_player(db, name)) return *p;
  std::string message = "unknown player " + quote_token(name);
  if (const auto valid = normalize_player_name(name); !valid) {
    message += ": " + valid.error();  // no hint to add them: a name that cannot be added
  } else if (const std::string close = suggest_player(db, name); !close.empty()) {
    message += "; did you mean " + shell_word(close, ShellQuote::Always) + "?";
  } else {
    return Failure{message, {.kind = HintKind::AddPlayer, .name = name}};
  }
  return Failure{message};
}

std::optional<Player> find_look_alike(const Database& db, const std::string& name) {
  const std::string folded = fold_case(name);
  auto all = db.prepare(std::string(kPlayerColumns) + "ORDER BY p.id");
  while (all.step()) {
    const std::string other = all.text(1);
    if (fold_case(other) != folded && look_alike(name, other).value_or(false)) {
      return read_player(all);
    }
  }
  return std::nullopt;
}

Expected<Player> add_player(Database& db, const std::string& name, LookAlikes look_alikes) {
  auto normalized = normalize_player_name(name);
  if (!normalized) return Failure{quote_token(name) + ": " + normalized.error()};
  if (look_alikes == LookAlikes::Refused && !find_player(db, *normalized)) {
    if (const auto alike = find_look_alike(db, *normalized)) {
      const std::string letters = code_points(*normalized);
      return Failure{
          quote_token(*normalized) + " looks like the existing player " + quote_token(alike->name) +
              " but is spelled with other letters" + (letters.empty() ? "" : " (" + letters + ")") +
              "; write " + shell_word(alike->name) + " for them",
          {.kind = HintKind::AddDifferentPlayer, .name = *normalized, .other = alike->name}};
    }
  }
  if (auto existing = find_player(db, *normalized)) {
    if (!existing->retired) {
      return Failure{"player '" + *normalized + "' already exists" +
                     (existing->name != *normalized ? " (as '" + existing->name + "')" : "")};
    }
    db.prepare("UPDATE players SET retired = 0 WHERE id = ?").bind_all(existing->id).run();
    append_audit(db, {.action = "player.unretire",
                      .summary = "Player " + existing->name + " is back from retirement",
                      .old_value = log::dump(player_json(*existing)),
                      .new_value = log::dump(log::Json{{"retired", false}})});
    existing->retired = false;
    return *existing;
  }
  db.prepare("INSERT INTO players (name, created_at) VALUES (?, ?)")
      .bind_all(*normalized, now_timestamp())
      .run();
  Player p;
  p.id = db.last_insert_id();
  p.name = *normalized;
  append_audit(db, {.action = "player.add",
                    .summary = "Player " + p.name + " added",
                    .new_value = log::dump(player_json(p))});
  return p;
}

Expected<Change> rename_player(Database& db, const std::string& old_name,
                               const std::string& new_name) {
  auto player = require_player(db, old_name);
  if (!player) return player.failure();
  auto normalized = normalize_player_name(new_name);
  if (!normalized) return Failure{quote_token(new_name) + ": " + normalized.error()};
  if (auto clash = find_player(db, *normalized); clash && clash->id != player->id) {
    return Failure{"player '" + clash->name + "' already exists",
                   {.kind = HintKind::MergePlayers, .name = player->name, .other = clash->name}};
  }
  if (*normalized == player->name)
    return Failure{"the player is already called '" + player->name + "'"};
  db.prepare("UPDATE players SET name = ? WHERE id = ?").bind_all(*normalized, player->id).run();
  return Change{
      std::nullopt,
      append_audit(db,
                   {.action = "player.rename",
                    .summary = "Player " + player->name + " renamed to " + *normalized,
                    .old_value = log::dump(log::Json{{"id", player->id}, {"name", player->name}}),
                    .new_value = log::dump(log::Json{{"id", player->id}, {"name", *normalized}})})};
}

Expected<Change> merge_players(Database& db, const std::string& from, const std::string& into) {
  auto source = require_player(db, from);
  if (!source) return source.failure();
  auto target = require_player(db, into);
  if (!target) return target.failure();
  if (source->id == target->id)
    return Failure{"'" + from + "' and '" + into + "' are the same player"};
  auto shared = db.prepare(
      "SELECT a.game_id FROM seats a JOIN seats b ON a.game_id = b.game_id "
      "WHERE a.player_id = ? AND b.player_id = ? ORDER BY a.game_id LIMIT 1");
  shared.bind_all(source->id, target->id);
  if (shared.step()) {
    return Failure{source->name + " and " + target->name + " both sat at game " +
                   std::to_string(shared.int64(0)) +
                   ", so they are different people; "
                   "rename one instead"};
  }
  log::Json games = log::Json::array();
  auto seats = db.prepare("SELECT game_id FROM seats WHERE player_id = ? ORDER BY game_id");
  seats.bind_all(source->id);
  while (seats.step()) games.push_back(seats.int64(0));
  db.prepare("UPDATE seats SET player_id = ? WHERE player_id = ?")
      .bind_all(target->id, source->id)
      .run();
  db.prepare("UPDATE solitaire_games SET player_id = ? WHERE player_id = ?")
      .bind_all(target->id, source->id)
      .run();
  db.prepare("DELETE FROM players WHERE id = ?").bind_all(source->id).run();
  return Change{
      std::nullopt,
      append_audit(
          db,
          {.action = "player.merge",
           .summary = "Player " + source->name + " merged into " + target->name + " (" +
                      counted(static_cast<long long>(games.size()), "game") + " moved)",
           .old_value = log::dump(log::Json{{"player", player_json(*source)}, {"games", games}}),
           .new_value = log::dump(log::Json{{"into", player_json(*target)}})})};
}

Expected<Change> retire_player(Database& db, const std::string& name) {
  auto player = require_player(db, name);
  if (!player) return player.failure();
  if (player->retired) return Failure{"player '" + player->name + "' is already retired"};
  db.prepare("UPDATE players SET retired = 1 WHERE id = ?").bind_all(player->id).run();
  return Change{
      std::nullopt,
      append_audit(db, {.action = "player.retire",
                        .summary = "Player " + player->name + " retired",
                        .old_value = log::dump(log::Json{{"id", player->id}, {"retired", false}}),
                        .new_value = log::dump(log::Json{{"id", player->id}, {"retired", true}})})};
}

}  // namespace crowns::store
