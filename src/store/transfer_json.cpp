// The JSON export format: written (format_json_export, and game_key, a game's content as
// that format writes it) and read (parse_json_export). The checks of what was read are
// transfer_check.cpp; the entry points that pick a format are transfer.cpp.

#include <climits>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>

#include "crowns/date.hpp"
#include "crowns/json_line.hpp"
#include "crowns/names.hpp"
#include "crowns/rules.hpp"
#include "store/house_rules.hpp"
#include "store/transfer_internal.hpp"

namespace crowns::store {
namespace {

using detail::BadImport;
using nlohmann::json;

// ---- writing ------------------------------------------------------------------------------

void append_quoted(std::string& out, std::string_view text) {
  out += json_line(json(text));
}

// What a game is written for: the file, or game_key() (no uuid, names folded to one case).
enum class GameText { File, Key };

// Fields at their default (false, none) are left out, so that a typical file stays small.
void append_game(std::string& out, const ExportGame& g, GameText text) {
  const bool key = text == GameText::Key;
  out += '{';
  if (g.uuid && !key) {
    out += "\"uuid\":";
    append_quoted(out, *g.uuid);
    out += ',';
  }
  out += "\"date\":";
  append_quoted(out, g.date);
  out += ",\"status\":";
  append_quoted(out, g.status);
  out += ",\"boxes\":" + std::to_string(g.boxes);
  out += ",\"first_dealer\":" + std::to_string(g.first_dealer);
  // Only when not the standard rules: a standard game's text (and its digest) is what it was
  // before house rules.
  if (!g.rules.is_standard()) out += ",\"rules\":" + house_rules_json<json>(g.rules).dump();
  if (!g.dealt.empty()) {
    out += ",\"dealt\":[";
    for (std::size_t i = 0; i < g.dealt.size(); ++i)
      out += (i ? "," : "") + std::to_string(g.dealt[i]);
    out += ']';
  }
  if (g.deal_seed) out += ",\"deal_seed\":" + std::to_string(*g.deal_seed);
  if (g.note) {
    out += ",\"note\":";
    append_quoted(out, *g.note);
  }
  out += ",\"seats\":[";
  for (std::size_t s = 0; s < g.seats.size(); ++s) {
    out += s ? ",{\"player\":" : "{\"player\":";
    append_quoted(out, key ? fold_case(g.seats[s].player) : g.seats[s].player);
    if (g.seats[s].tiebreak) out += ",\"tiebreak\":" + std::to_string(*g.seats[s].tiebreak);
    if (g.seats[s].joined_round > 1) {
      out += ",\"joined_round\":" + std::to_string(g.seats[s].joined_round) +
             ",\"start_total\":" + std::to_string(g.seats[s].start_total);
    }
    out += '}';
  }
  out += "],\"rounds\":[";
  for (std::size_t r = 0; r < g.rounds.size(); ++r) {
    out += r ? ",[" : "[";
    for (std::size_t s = 0; s < g.rounds[r].size(); ++s) {
      const ExportScore& cell = g.rounds[r][s];
      out += s ? ",{\"points\":" : "{\"points\":";
      out += std::to_string(cell.points);
      if (cell.went_out) out += ",\"went_out\":true";
      if (cell.hand) {
        out += ",\"hand\":";
        append_quoted(out, *cell.hand);
      }
      out += '}';
    }
    out += ']';
  }
  out += ']';
  if (!key && g.started_at) {
    out += ",\"started_at\":";
    append_quoted(out, *g.started_at);
    if (g.ended_at) {
      out += ",\"ended_at\":";
      append_quoted(out, *g.ended_at);
    }
  }
  // Without a start, the times of rounds recorded since the game came without times.
  if (!key && (g.started_at || !g.recorded_at.empty())) {
    out += ",\"recorded_at\":[";
    for (std::size_t r = 0; r < g.recorded_at.size(); ++r) {
      if (r) out += ',';
      if (g.recorded_at[r])
        append_quoted(out, *g.recorded_at[r]);
      else
        out += "null";
    }
    out += ']';
  }
  out += '}';
}

// ---- reading ------------------------------------------------------------------------------

[[noreturn]] void bad(const std::string& path, const std::string& what) {
  throw BadImport(path + ": " + what);
}

std::string kind_of(const json& v) {
  if (v.is_null()) return "null";
  if (v.is_boolean()) return "true/false";
  if (v.is_number_integer()) return "a whole number";
  if (v.is_number()) return "a number with a fraction";
  if (v.is_string()) return "text";
  if (v.is_array()) return "a list";
  return "an object";
}

// Refuses keys other than `allowed`: a typo ("went_ou") must not be dropped silently.
void expect_object(const json& v, const std::string& path,
                   std::initializer_list<std::string_view> allowed) {
  if (!v.is_object()) bad(path, "must be an object {...}, not " + kind_of(v));
  for (const auto& [key, value] : v.items()) {
    bool known = false;
    for (auto a : allowed) known = known || key == a;
    if (!known) bad(path, "unknown field \"" + key + "\"");
  }
}

const json* json_member(const json& obj, const char* key) {
  const auto it = obj.find(key);
  return it == obj.end() ? nullptr : &*it;
}

const json& required(const json& obj, const std::string& path, const char* key) {
  const json* v = json_member(obj, key);
  if (!v) bad(path, std::string("the field \"") + key + "\" is missing");
  return *v;
}

int as_int(const json& v, const std::string& path) {
  // A whole number written 5.0 or 1e9, or too long for 64 bits, is read as a float.
  if (v.is_number_float() && std::trunc(v.get<double>()) == v.get<double>()) {
    const auto d = v.get<double>();
    if (d > INT_MAX || d < INT_MIN) bad(path, v.dump() + " is out of range");
    bad(path, "write the whole number " + std::to_string(static_cast<int>(d)) +
                  " as digits only, not " + v.dump());
  }
  if (!v.is_number_integer()) bad(path, "must be a whole number, not " + kind_of(v));
  if (v.is_number_unsigned()) {
    const auto u = v.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(INT_MAX)) bad(path, std::to_string(u) + " is out of range");
    return static_cast<int>(u);
  }
  const auto i = v.get<std::int64_t>();
  if (i < INT_MIN || i > INT_MAX) bad(path, std::to_string(i) + " is out of range");
  return static_cast<int>(i);
}

std::string as_text(const json& v, const std::string& path) {
  if (!v.is_string()) bad(path, "must be text, not " + kind_of(v));
  return v.get<std::string>();
}

bool as_bool(const json& v, const std::string& path) {
  if (!v.is_boolean()) bad(path, "must be true or false, not " + kind_of(v));
  return v.get<bool>();
}

std::optional<std::string> optional_text(const json& obj, const std::string& path,
                                         const char* key) {
  const json* v = json_member(obj, key);
  if (!v || v->is_null()) return std::nullopt;
  return as_text(*v, path + "." + key);
}

std::optional<int> optional_int(const json& obj, const std::string& path, const char* key) {
  const json* v = json_member(obj, key);
  if (!v || v->is_null()) return std::nullopt;
  return as_int(*v, path + "." + key);
}

bool optional_bool(const json& obj, const std::string& path, const char* key) {
  const json* v = json_member(obj, key);
  return v && !v->is_null() && as_bool(*v, path + "." + key);
}

const json& list(const json& obj, const char* key, std::size_t limit) {
  static const json kEmpty = json::array();
  const json* v = json_member(obj, key);
  if (!v) return kEmpty;
  if (!v->is_array()) bad(key, "must be a list [...], not " + kind_of(*v));
  if (v->size() > limit) {
    bad(key, std::to_string(v->size()) + " entries is more than an import may hold (" +
                 std::to_string(limit) + ")");
  }
  return *v;
}

std::string at(const std::string& path, std::size_t index) {
  return path + "[" + std::to_string(index) + "]";
}

std::optional<std::string> optional_time(const json& obj, const std::string& path,
                                         const char* key) {
  auto text = optional_text(obj, path, key);
  if (text && !is_export_time(*text)) {
    bad(path + "." + key, quote_token(*text, 40) +
                              " is not a time written 2026-01-15T19:04:00Z (UTC, to the second)");
  }
  return text;
}

// A game's times (version 3): checked for their form here, for their order by check_export.
void read_times(const json& j, const std::string& path, ExportGame& g) {
  g.started_at = optional_time(j, path, "started_at");
  g.ended_at = optional_time(j, path, "ended_at");
  const json* list = json_member(j, "recorded_at");
  if (!list || list->is_null()) return;
  if (!list->is_array())
    bad(path + ".recorded_at", "must be a list [...] of times, not " + kind_of(*list));
  const json& recorded = *list;
  for (std::size_t r = 0; r < recorded.size(); ++r) {
    const std::string rp = at(path + ".recorded_at", r);
    if (recorded[r].is_null()) {
      g.recorded_at.emplace_back();
      continue;
    }
    const std::string text = as_text(recorded[r], rp);
    if (!is_export_time(text))
      bad(rp, quote_token(text, 40) + " is not a time written 2026-01-15T19:04:00Z (UTC)");
    g.recorded_at.emplace_back(text);
  }
}

ExportGame read_game(const json& j, const std::string& path) {
  expect_object(j, path,
                {"uuid", "date", "status", "boxes", "first_dealer", "rules", "dealt", "deal_seed",
                 "note", "seats", "rounds", "started_at", "ended_at", "recorded_at"});
  ExportGame g;
  g.uuid = optional_text(j, path, "uuid");
  g.date = as_text(required(j, path, "date"), path + ".date");
  g.status = as_text(required(j, path, "status"), path + ".status");
  g.boxes = as_int(required(j, path, "boxes"), path + ".boxes");
  g.first_dealer = optional_int(j, path, "first_dealer").value_or(0);
  g.note = optional_text(j, path, "note");
  if (const json* rules = json_member(j, "rules"); rules && !rules->is_null()) {
    auto read = house_rules_from_json(*rules);
    if (!read) bad(path + ".rules", read.error());
    g.rules = *read;
  }
  if (const json* dealt = json_member(j, "dealt"); dealt && !dealt->is_null()) {
    if (!dealt->is_array())
      bad(path + ".dealt", "must be a list of card counts, not " + kind_of(*dealt));
    std::string text;
    for (const auto& n : *dealt) {
      if (!n.is_number_integer()) bad(path + ".dealt", "must be a list of card counts (3 to 13)");
      text += (text.empty() ? "" : " ") + std::to_string(n.get<std::int64_t>());
    }
    auto counts = parse_dealt(text);
    if (!counts) bad(path + ".dealt", counts.error());
    if (g.rules.order != RoundOrder::Random && !counts->empty())
      bad(path + ".dealt", "is for a game in random order only");
    g.dealt = *counts;
  }
  if (const json* seed = json_member(j, "deal_seed"); seed && !seed->is_null()) {
    if (!seed->is_number_unsigned() &&
        !(seed->is_number_integer() && seed->get<std::int64_t>() >= 0))
      bad(path + ".deal_seed", "must be a whole number 0 to 18446744073709551615");
    if (g.rules.order != RoundOrder::Random)
      bad(path + ".deal_seed", "is for a game in random order only");
    g.deal_seed = seed->get<std::uint64_t>();
  }
  const json& seats = required(j, path, "seats");
  if (!seats.is_array()) bad(path + ".seats", "must be a list [...], not " + kind_of(seats));
  // Checked here, not only later: a list this long should not be read at all.
  if (seats.size() > static_cast<std::size_t>(kMaxPlayers)) {
    bad(path + ".seats", std::to_string(seats.size()) + " seats; a game has 2 to 14");
  }
  for (std::size_t s = 0; s < seats.size(); ++s) {
    const std::string sp = at(path + ".seats", s);
    expect_object(seats[s], sp, {"player", "tiebreak", "joined_round", "start_total"});
    g.seats.push_back({.player = as_text(required(seats[s], sp, "player"), sp + ".player"),
                       .tiebreak = optional_int(seats[s], sp, "tiebreak"),
                       .joined_round = optional_int(seats[s], sp, "joined_round").value_or(1),
                       .start_total = optional_int(seats[s], sp, "start_total").value_or(0)});
  }
  read_times(j, path, g);
  const json* rounds = json_member(j, "rounds");
  if (!rounds || rounds->is_null()) return g;
  if (!rounds->is_array()) bad(path + ".rounds", "must be a list [...], not " + kind_of(*rounds));
  if (rounds->size() > static_cast<std::size_t>(kRounds))
    bad(path + ".rounds", std::to_string(rounds->size()) + " rounds; a game has 11");
  for (std::size_t r = 0; r < rounds->size(); ++r) {
    const std::string rp = at(path + ".rounds", r);
    const json& cells = (*rounds)[r];
    if (!cells.is_array()) bad(rp, "must be a list of one score per seat, not " + kind_of(cells));
    const std::size_t playing = g.seats_at(static_cast<int>(r) + 1);
    if (cells.size() != playing) {
      bad(rp, std::to_string(cells.size()) + " scores for " + std::to_string(playing) +
                  " seats; give one score per seat playing the round, in seat order");
    }
    auto& row = g.rounds.emplace_back();
    for (std::size_t s = 0; s < cells.size(); ++s) {
      const std::string cp = at(rp, s);
      expect_object(cells[s], cp, {"points", "went_out", "hand"});
      row.push_back({as_int(required(cells[s], cp, "points"), cp + ".points"),
                     optional_bool(cells[s], cp, "went_out"), optional_text(cells[s], cp, "hand")});
    }
  }
  return g;
}

// nlohmann parses nesting with its own stack, but a file of a million '[' still costs time
// and memory for nothing: an export is never nested more than 5 deep.
void check_nesting(std::string_view text) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > 8)
        bad("the file", "nested more than 8 levels deep; this is not an export of crowns");
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
}

}  // namespace

namespace detail {

ExportData parse_json_export(std::string_view text) {
  check_nesting(text);
  json j;
  try {
    j = json::parse(text.begin(), text.end());
  } catch (const json::exception& e) {  // parse_error, and out_of_range for 1E400
    std::string what = e.what();
    if (const auto p = what.find("] "); p != std::string::npos) what.erase(0, p + 2);
    // nlohmann quotes the whole token it was reading ("last read: '...'"): a 10 MB string
    // would make a 10 MB message. Keep its last 40 bytes, where the problem is.
    if (const auto p = what.find("last read: '"); p != std::string::npos) {
      const auto from = p + 12, to = what.rfind('\'');
      if (to != std::string::npos && to > from + 60) {
        auto keep = to - 40;
        while (keep < to && (static_cast<unsigned char>(what[keep]) & 0xc0) == 0x80)
          ++keep;  // whole UTF-8
        what.replace(from, keep - from, "...");
      }
    }
    throw BadImport("not valid JSON: " + what);
  }
  if (!j.is_object()) bad("the file", "must hold one JSON object {...}, not " + kind_of(j));
  const json* format = json_member(j, "format");
  if (!format || !format->is_string() || format->get<std::string>() != kExportFormat) {
    bad("format", "this is not an export of crowns (\"format\" must be \"crowns-export\")");
  }
  const int version = as_int(required(j, "the file", "version"), "version");
  if (version > kExportVersion) {
    bad("version", "the file is crowns-export version " + std::to_string(version) +
                       "; this crowns reads up to version " + std::to_string(kExportVersion) +
                       ": upgrade crowns to import it");
  }
  if (version < 1) bad("version", std::to_string(version) + " is not a version (they start at 1)");
  expect_object(j, "the file", {"format", "version", "players", "seasons", "games"});

  ExportData data;
  const json& players = list(j, "players", kMaxImportPlayers);
  for (std::size_t i = 0; i < players.size(); ++i) {
    const std::string p = at("players", i);
    expect_object(players[i], p, {"name", "retired"});
    data.players.push_back({as_text(required(players[i], p, "name"), p + ".name"),
                            optional_bool(players[i], p, "retired")});
  }
  const json& seasons = list(j, "seasons", kMaxImportSeasons);
  for (std::size_t i = 0; i < seasons.size(); ++i) {
    const std::string p = at("seasons", i);
    expect_object(seasons[i], p, {"name", "starts_on", "ends_on"});
    data.seasons.push_back({as_text(required(seasons[i], p, "name"), p + ".name"),
                            as_text(required(seasons[i], p, "starts_on"), p + ".starts_on"),
                            optional_text(seasons[i], p, "ends_on")});
  }
  const json& games = list(j, "games", kMaxImportGames);
  data.games.reserve(games.size());
  for (std::size_t i = 0; i < games.size(); ++i)
    data.games.push_back(read_game(games[i], at("games", i)));
  return data;
}

std::string format_json_export(const ExportData& data) {
  std::string out;
  out.reserve(256 + data.games.size() * 600);
  out += "{\"format\":\"" + std::string(kExportFormat) +
         "\",\"version\":" + std::to_string(kExportVersion);
  out += ",\n\"players\":[";
  for (std::size_t i = 0; i < data.players.size(); ++i) {
    out += i ? ",\n{\"name\":" : "\n{\"name\":";
    append_quoted(out, data.players[i].name);
    out += data.players[i].retired ? ",\"retired\":true}" : "}";
  }
  out += "],\n\"seasons\":[";
  for (std::size_t i = 0; i < data.seasons.size(); ++i) {
    const ExportSeason& s = data.seasons[i];
    out += i ? ",\n{\"name\":" : "\n{\"name\":";
    append_quoted(out, s.name);
    out += ",\"starts_on\":";
    append_quoted(out, s.starts_on);
    if (s.ends_on) {
      out += ",\"ends_on\":";
      append_quoted(out, *s.ends_on);
    }
    out += '}';
  }
  out += "],\n\"games\":[";
  for (std::size_t i = 0; i < data.games.size(); ++i) {
    out += i ? ",\n" : "\n";
    append_game(out, data.games[i], GameText::File);
  }
  out += "]}\n";
  return out;
}

}  // namespace detail

std::string game_key(const ExportGame& game) {
  std::string key;
  append_game(key, game, GameText::Key);
  return key;
}

}  // namespace crowns::store
