// The CSV export format: one stream of records, each starting with its kind (docs/DATA.md).
//
//   crowns-export,1
//   # player,name,retired
//   player,Ann,0
//   # season,name,starts_on,ends_on
//   # game,number,uuid,date,status,boxes,first_dealer,note
//   # seat,game,seat,player,tiebreak
//   # score,game,round,seat,points,went_out,hand
//   game,1,1b4e28ba-2fa1-4d2e-8b5c-0e2f3a4b5c6d,2026-01-15,finished,1,0,
//   seat,1,0,Ann,
//   score,1,1,0,0,1,
//
// RFC 4180 quoting; an empty unquoted field is "none", a quoted "" is empty text. Lines
// starting with '#' are comments. Seat and score rows name their game by its number.
// Version 1 files have no uuid column in game rows.

#include <map>
#include <unordered_map>

#include "crowns/csv.hpp"
#include "crowns/names.hpp"
#include "crowns/rules.hpp"
#include "store/transfer_internal.hpp"

namespace crowns::store::detail {
namespace {

// ---- writing ------------------------------------------------------------------------------

void field(std::string& out, std::string_view text) {
  out += ',';
  out += csv_field(text);
}

void field(std::string& out, const std::optional<std::string>& text) {
  if (text)
    field(out, std::string_view(*text));
  else
    out += ',';
}

void field(std::string& out, long long n) {
  out += ',' + std::to_string(n);
}

// ---- reading ------------------------------------------------------------------------------

struct Record {
  int line = 0;                                    ///< Where the record starts.
  std::vector<std::optional<std::string>> fields;  ///< None: empty and unquoted.
};

[[noreturn]] void bad(int line, const std::string& what) {
  throw BadImport("line " + std::to_string(line) + ": " + what);
}
[[noreturn]] void bad(int line, const char* column, const std::string& what) {
  throw BadImport("line " + std::to_string(line) + ", " + column + ": " + what);
}

// Splits the text into records (RFC 4180), skipping blank lines and '#' comments.
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  bool next(Record& rec) {
    for (;;) {
      if (pos_ >= text_.size()) return false;
      const char c = text_[pos_];
      if (c == '\n' || c == '\r' || c == '#') {
        if (c == '#') pos_ = std::min(text_.find('\n', pos_), text_.size());
        if (pos_ < text_.size() && text_[pos_] == '\r') ++pos_;
        if (pos_ < text_.size() && text_[pos_] == '\n') ++pos_, ++line_;
        continue;
      }
      break;
    }
    rec.line = line_;
    rec.fields.clear();
    for (;;) {
      rec.fields.push_back(read_field(rec.line));
      if (pos_ >= text_.size()) return true;
      const char c = text_[pos_++];
      if (c == ',') continue;
      if (c == '\r' && pos_ < text_.size() && text_[pos_] == '\n') ++pos_;
      ++line_;
      return true;
    }
  }

 private:
  std::optional<std::string> read_field(int start) {
    if (pos_ < text_.size() && text_[pos_] == '"') {
      std::string value;
      ++pos_;
      for (;;) {
        if (pos_ >= text_.size()) bad(start, "a quoted field is never closed");
        const char c = text_[pos_++];
        if (c == '"') {
          if (pos_ < text_.size() && text_[pos_] == '"') {
            value += '"';
            ++pos_;
            continue;
          }
          break;
        }
        if (c == '\n') ++line_;
        value += c;
      }
      if (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != '\n' && text_[pos_] != '\r') {
        bad(line_, "text after a closing quote (write a quote inside a field as \"\")");
      }
      return value;
    }
    const auto end = std::min(text_.find_first_of(",\r\n", pos_), text_.size());
    std::string_view value = text_.substr(pos_, end - pos_);
    pos_ = end;
    if (value.find('"') != std::string_view::npos) bad(line_, "a quote inside an unquoted field");
    if (value.empty()) return std::nullopt;
    return std::string(value);
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  int line_ = 1;
};

const std::string& cell_text(const Record& rec, std::size_t i, const char* column) {
  if (!rec.fields[i]) bad(rec.line, column, "is empty");
  return *rec.fields[i];
}

int number(const Record& rec, std::size_t i, const char* column) {
  const std::string& t = cell_text(rec, i, column);
  const bool minus = t[0] == '-';
  const std::string_view digits = std::string_view(t).substr(minus ? 1 : 0);
  if (digits.empty() || digits.size() > 9 ||
      digits.find_first_not_of("0123456789") != std::string_view::npos) {
    bad(rec.line, column, quote_token(t) + " is not a whole number");
  }
  const int n = std::stoi(std::string(digits));
  return minus ? -n : n;
}

std::optional<int> optional_number(const Record& rec, std::size_t i, const char* column) {
  if (!rec.fields[i]) return std::nullopt;
  return number(rec, i, column);
}

bool flag(const Record& rec, std::size_t i, const char* column) {
  const std::string& t = cell_text(rec, i, column);
  if (t != "0" && t != "1") bad(rec.line, column, quote_token(t) + " must be 0 or 1");
  return t == "1";
}

void expect_fields(const Record& rec, std::size_t count, const char* columns) {
  if (rec.fields.size() != count) {
    bad(rec.line, "a " + *rec.fields[0] + " row has " + std::to_string(count) + " fields (" +
                      columns + "), not " + std::to_string(rec.fields.size()));
  }
}

// Seats and scores as read, before the game's rounds are put together.
struct PendingGame {
  std::map<int, std::pair<ExportSeat, int>> seats;  // seat -> (seat, line)
  std::map<std::pair<int, int>, std::pair<ExportScore, int>>
      scores;  // (round, seat) -> (score, line)
};

std::size_t game_index(const Record& rec, const std::unordered_map<int, std::size_t>& numbers) {
  const int n = number(rec, 1, "game");
  const auto it = numbers.find(n);
  if (it == numbers.end())
    bad(rec.line, "game", "no game " + std::to_string(n) + " before this line");
  return it->second;
}

// Puts seats and scores in order: seats 0..n-1, rounds 1..k, each with a score per seat.
void assemble(ExportGame& game, PendingGame& pending, int game_line, Origins& origins) {
  auto& seat_lines = origins.seat_lines.emplace_back();
  for (auto& [seat, entry] : pending.seats) {
    if (seat != static_cast<int>(game.seats.size())) {
      bad(game_line,
          "this game has no seat " + std::to_string(game.seats.size()) + " (seats count from 0)");
    }
    game.seats.push_back(std::move(entry.first));
    seat_lines.push_back(entry.second);
  }
  auto& score_lines = origins.score_lines.emplace_back();
  const auto seats = static_cast<int>(game.seats.size());
  const auto playing = [&](std::size_t round) { return game.seats_at(static_cast<int>(round)); };
  for (auto& [key, entry] : pending.scores) {
    const auto [round, seat] = key;
    if (seat >= seats) bad(entry.second, "seat", "the game has no seat " + std::to_string(seat));
    if (round > static_cast<int>(game.rounds.size())) {
      if (!game.rounds.empty() && game.rounds.back().size() != playing(game.rounds.size())) {
        bad(game_line, "this game's round " + std::to_string(game.rounds.size()) +
                           " has no score for seat " + std::to_string(game.rounds.back().size()));
      }
      if (round != static_cast<int>(game.rounds.size()) + 1) {
        bad(game_line, "this game has no scores for round " +
                           std::to_string(game.rounds.size() + 1) + " but has some for round " +
                           std::to_string(round));
      }
      game.rounds.emplace_back();
      score_lines.emplace_back();
    }
    if (seat != static_cast<int>(game.rounds.back().size())) {
      bad(game_line, "this game's round " + std::to_string(round) + " has no score for seat " +
                         std::to_string(game.rounds.back().size()));
    }
    game.rounds.back().push_back(std::move(entry.first));
    score_lines.back().push_back(entry.second);
  }
  if (!game.rounds.empty() && game.rounds.back().size() != playing(game.rounds.size())) {
    bad(game_line, "this game's round " + std::to_string(game.rounds.size()) +
                       " has no score for seat " + std::to_string(game.rounds.back().size()));
  }
}

}  // namespace

std::string format_csv_export(const ExportData& data) {
  std::string out;
  out.reserve(512 + data.games.size() * 1200);
  out += std::string(kExportFormat) + "," + std::to_string(kExportVersion) + "\n";
  out += "# player,name,retired\n";
  for (const auto& p : data.players) {
    out += "player";
    field(out, std::string_view(p.name));
    field(out, p.retired ? 1 : 0);
    out += '\n';
  }
  out += "# season,name,starts_on,ends_on\n";
  for (const auto& s : data.seasons) {
    out += "season";
    field(out, std::string_view(s.name));
    field(out, std::string_view(s.starts_on));
    field(out, s.ends_on);
    out += '\n';
  }
  out += "# game,number,uuid,date,status,boxes,first_dealer,note\n";
  out += "# seat,game,seat,player,tiebreak\n";
  out += "# score,game,round,seat,points,went_out,hand\n";
  for (std::size_t g = 0; g < data.games.size(); ++g) {
    const ExportGame& game = data.games[g];
    const auto number = static_cast<long long>(g) + 1;
    out += "game";
    field(out, number);
    field(out, game.uuid);
    field(out, std::string_view(game.date));
    field(out, std::string_view(game.status));
    field(out, game.boxes);
    field(out, game.first_dealer);
    field(out, game.note);
    out += '\n';
    for (std::size_t s = 0; s < game.seats.size(); ++s) {
      out += "seat";
      field(out, number);
      field(out, static_cast<long long>(s));
      field(out, std::string_view(game.seats[s].player));
      if (game.seats[s].tiebreak)
        field(out, *game.seats[s].tiebreak);
      else
        out += ',';
      if (game.seats[s].joined_round > 1) {  // a late arrival: two more fields
        field(out, game.seats[s].joined_round);
        field(out, game.seats[s].start_total);
      }
      out += '\n';
    }
    for (std::size_t r = 0; r < game.rounds.size(); ++r) {
      for (std::size_t s = 0; s < game.rounds[r].size(); ++s) {
        const ExportScore& cell = game.rounds[r][s];
        out += "score";
        field(out, number);
        field(out, static_cast<long long>(r) + 1);
        field(out, static_cast<long long>(s));
        field(out, cell.points);
        field(out, cell.went_out ? 1 : 0);
        field(out, cell.hand);
        out += '\n';
      }
    }
  }
  return out;
}

ExportData parse_csv_export(std::string_view text, Origins& origins) {
  Reader reader(text);
  Record rec;
  if (!reader.next(rec) || !rec.fields[0] || *rec.fields[0] != kExportFormat ||
      rec.fields.size() != 2) {
    bad(rec.line, "this is not an export of crowns (the first line must be crowns-export,VERSION)");
  }
  const int version = number(rec, 1, "version");
  if (version > kExportVersion) {
    bad(rec.line, "version",
        "the file is crowns-export version " + std::to_string(version) +
            "; this crowns reads up to version " + std::to_string(kExportVersion) +
            ": upgrade crowns to import it");
  }
  if (version < 1)
    bad(rec.line, "version", std::to_string(version) + " is not a version (they start at 1)");

  ExportData data;
  std::vector<PendingGame> pending;
  std::unordered_map<int, std::size_t> numbers;  // game number -> index
  while (reader.next(rec)) {
    const std::string kind = rec.fields[0].value_or("");
    if (kind == "player") {
      expect_fields(rec, 3, "player,name,retired");
      if (data.players.size() >= kMaxImportPlayers)
        bad(rec.line, "too many players for one import");
      data.players.push_back({cell_text(rec, 1, "name"), flag(rec, 2, "retired")});
      origins.player_lines.push_back(rec.line);
    } else if (kind == "season") {
      expect_fields(rec, 4, "season,name,starts_on,ends_on");
      if (data.seasons.size() >= kMaxImportSeasons)
        bad(rec.line, "too many seasons for one import");
      data.seasons.push_back(
          {cell_text(rec, 1, "name"), cell_text(rec, 2, "starts_on"), rec.fields[3]});
      origins.season_lines.push_back(rec.line);
    } else if (kind == "game") {
      // Version 1 game rows have no uuid: read them as if its column were there and empty.
      if (version == 1) {
        expect_fields(rec, 7, "game,number,date,status,boxes,first_dealer,note");
        rec.fields.insert(rec.fields.begin() + 2, std::nullopt);
      } else {
        expect_fields(rec, 8, "game,number,uuid,date,status,boxes,first_dealer,note");
      }
      if (data.games.size() >= kMaxImportGames) bad(rec.line, "too many games for one import");
      const int n = number(rec, 1, "number");
      if (const auto [it, added] = numbers.emplace(n, data.games.size()); !added) {
        bad(rec.line, "number",
            "game " + std::to_string(n) + " is defined twice (also line " +
                std::to_string(origins.game_lines[it->second]) + ")");
      }
      ExportGame game;
      game.uuid = rec.fields[2];
      game.date = cell_text(rec, 3, "date");
      game.status = cell_text(rec, 4, "status");
      game.boxes = number(rec, 5, "boxes");
      game.first_dealer = number(rec, 6, "first_dealer");
      game.note = rec.fields[7];
      data.games.push_back(std::move(game));
      pending.emplace_back();
      origins.game_lines.push_back(rec.line);
    } else if (kind == "seat") {
      // A late arrival's row adds joined_round,start_total.
      if (rec.fields.size() != 7) expect_fields(rec, 5, "seat,game,seat,player,tiebreak");
      auto& seats = pending[game_index(rec, numbers)].seats;
      const int seat = number(rec, 2, "seat");
      if (seat < 0 || seat >= kMaxPlayers)
        bad(rec.line, "seat", std::to_string(seat) + " is not a seat (0 to 13)");
      const auto [it, added] = seats.emplace(
          seat,
          std::pair{ExportSeat{
                        .player = cell_text(rec, 3, "player"),
                        .tiebreak = optional_number(rec, 4, "tiebreak"),
                        .joined_round = rec.fields.size() == 7 ? number(rec, 5, "joined_round") : 1,
                        .start_total = rec.fields.size() == 7 ? number(rec, 6, "start_total") : 0},
                    rec.line});
      if (!added) {
        bad(rec.line, "seat",
            "seat " + std::to_string(seat) + " is given twice (also line " +
                std::to_string(it->second.second) + ")");
      }
    } else if (kind == "score") {
      expect_fields(rec, 7, "score,game,round,seat,points,went_out,hand");
      auto& scores = pending[game_index(rec, numbers)].scores;
      const int round = number(rec, 2, "round");
      const int seat = number(rec, 3, "seat");
      if (!is_valid_round(round))
        bad(rec.line, "round", std::to_string(round) + " is not a round (1 to 11)");
      if (seat < 0 || seat >= kMaxPlayers)
        bad(rec.line, "seat", std::to_string(seat) + " is not a seat (0 to 13)");
      const ExportScore cell{number(rec, 4, "points"), flag(rec, 5, "went_out"), rec.fields[6]};
      const auto [it, added] = scores.emplace(std::pair{round, seat}, std::pair{cell, rec.line});
      if (!added) {
        bad(rec.line, "the score of seat " + std::to_string(seat) + " in round " +
                          std::to_string(round) + " is given twice (also line " +
                          std::to_string(it->second.second) + ")");
      }
    } else {
      bad(rec.line,
          quote_token(kind) + " is not a kind of row (player, season, game, seat or score)");
    }
  }
  for (std::size_t g = 0; g < data.games.size(); ++g) {
    assemble(data.games[g], pending[g], origins.game_lines[g], origins);
  }
  return data;
}

}  // namespace crowns::store::detail
