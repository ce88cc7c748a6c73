// The checks every import passes before anything is written: what the store itself would
// refuse, and what the game rules make impossible whatever --force allows.

#include <algorithm>
#include <unordered_map>

#include "crowns/card.hpp"
#include "crowns/names.hpp"
#include "crowns/rules.hpp"
#include "store/transfer_internal.hpp"

namespace crowns::store::detail {
namespace {

constexpr int kMaxPlayersPerBox = 7;

// Names an item for a message: a JSON path, or the CSV line it came from.
class Namer {
 public:
  explicit Namer(const Origins* csv) : csv_(csv) {}
  [[nodiscard]] std::string player(std::size_t i, const char* f) const {
    return csv_ ? line(csv_->player_lines[i], f) : "players[" + std::to_string(i) + "]." + f;
  }
  [[nodiscard]] std::string season(std::size_t i, const char* f) const {
    return csv_ ? line(csv_->season_lines[i], f) : "seasons[" + std::to_string(i) + "]." + f;
  }
  [[nodiscard]] std::string game(std::size_t g, const char* f) const {
    return csv_ ? line(csv_->game_lines[g], f) : "games[" + std::to_string(g) + "]." + f;
  }
  [[nodiscard]] std::string seat(std::size_t g, std::size_t s, const char* f) const {
    return csv_ ? line(csv_->seat_lines[g][s], f)
                : "games[" + std::to_string(g) + "].seats[" + std::to_string(s) + "]." + f;
  }
  /// `r` counts from 0 (round r + 1).
  [[nodiscard]] std::string score(std::size_t g, std::size_t r, std::size_t s, const char* f) const {
    return csv_ ? line(csv_->score_lines[g][r][s], f)
                : "games[" + std::to_string(g) + "].rounds[" + std::to_string(r) + "][" +
                      std::to_string(s) + "]." + f;
  }

 private:
  static std::string line(int n, const char* f) { return "line " + std::to_string(n) + ", " + f; }
  const Origins* csv_;
};

[[noreturn]] void bad(const std::string& where, const std::string& what) {
  throw BadImport(where + ": " + what);
}

// A name as crowns stores it: already normalized (no surrounding spaces, allowed characters).
void check_name(const std::string& name, const std::string& where, std::string_view kind) {
  auto normal = normalize_player_name(name);
  if (!normal) {
    std::string why = normal.error();
    if (const auto p = why.find("player name"); p != std::string::npos) why.replace(p, 6, kind);
    bad(where, why);
  }
  if (*normal != name) bad(where, quote_token(name) + " has spaces around it; write '" + *normal + "'");
}

void check_date(const std::string& date, const std::string& where) {
  if (!is_valid_date(date)) bad(where, quote_token(date) + " is not a date; write YYYY-MM-DD, e.g. 2026-01-15");
}

void check_players(const ExportData& data, const Namer& at,
                   std::unordered_map<std::string, std::size_t>& by_name) {
  for (std::size_t i = 0; i < data.players.size(); ++i) {
    const std::string& name = data.players[i].name;
    check_name(name, at.player(i, "name"), "player");
    const auto [it, added] = by_name.emplace(fold_case(name), i);
    if (!added) {
      bad(at.player(i, "name"), "'" + name + "' is listed twice (also as " +
                                    at.player(it->second, "name") + "; names ignore case)");
    }
  }
}

void check_seasons(const ExportData& data, const Namer& at) {
  std::unordered_map<std::string, std::size_t> by_name;
  for (std::size_t i = 0; i < data.seasons.size(); ++i) {
    const ExportSeason& s = data.seasons[i];
    check_name(s.name, at.season(i, "name"), "season");
    if (const auto [it, added] = by_name.emplace(fold_case(s.name), i); !added) {
      bad(at.season(i, "name"), "the season '" + s.name + "' is listed twice (names ignore case)");
    }
    check_date(s.starts_on, at.season(i, "starts_on"));
    if (s.ends_on) {
      check_date(*s.ends_on, at.season(i, "ends_on"));
      if (*s.ends_on < s.starts_on) bad(at.season(i, "ends_on"), "the season ends before it starts");
    }
  }
}

void check_round(const ExportGame& game, std::size_t g, std::size_t r, const Namer& at) {
  const int round = static_cast<int>(r) + 1;
  int out_seat = -1;
  for (std::size_t s = 0; s < game.rounds[r].size(); ++s) {
    const ExportScore& cell = game.rounds[r][s];
    if (cell.points < 0 || cell.points > kMaxImportPoints) {
      bad(at.score(g, r, s, "points"), std::to_string(cell.points) + " is out of range (0 to " +
                                           std::to_string(kMaxImportPoints) + ")");
    }
    if (cell.went_out) {
      if (cell.points != 0) bad(at.score(g, r, s, "points"), "a player who went out scores 0");
      if (out_seat >= 0) {
        bad(at.score(g, r, s, "went_out"), "seats " + std::to_string(out_seat) + " and " +
                                               std::to_string(s) + " both went out in round " +
                                               std::to_string(round) + "; only one player goes out");
      }
      out_seat = static_cast<int>(s);
    }
    if (!cell.hand) continue;
    const std::string where = at.score(g, r, s, "hand");
    if (cell.hand->size() > kMaxHandBytes) bad(where, "the hand is too long");
    auto cards = parse_cards(*cell.hand);
    if (!cards) bad(where, cards.error());
    if (static_cast<int>(cards->size()) > cards_in_round(round)) {
      bad(where, std::to_string(cards->size()) + " cards, but round " + std::to_string(round) +
                     " deals " + std::to_string(cards_in_round(round)));
    }
    if (auto copies = check_copies(*cards, game.boxes); !copies) bad(where, copies.error());
  }
}

void check_game(const ExportGame& game, std::size_t g, const Namer& at,
                const std::unordered_map<std::string, std::size_t>& players) {
  check_date(game.date, at.game(g, "date"));
  if (!is_valid_status(game.status)) {
    bad(at.game(g, "status"), quote_token(game.status) + " is not a status (active, finished or abandoned)");
  }
  if (game.boxes != 1 && game.boxes != 2) bad(at.game(g, "boxes"), "must be 1 or 2");
  const auto seats = game.seats.size();
  const auto most = static_cast<std::size_t>(kMaxPlayersPerBox * game.boxes);
  if (seats < 2 || seats > most) {
    bad(at.game(g, "seats"), std::to_string(seats) + " players; a game with " + std::to_string(game.boxes) +
                                 (game.boxes == 1 ? " box" : " boxes") + " seats 2 to " + std::to_string(most));
  }
  if (game.first_dealer < 0 || static_cast<std::size_t>(game.first_dealer) >= seats) {
    bad(at.game(g, "first_dealer"), std::to_string(game.first_dealer) + " is not a seat (0 to " +
                                        std::to_string(seats - 1) + ")");
  }
  if (game.note) {
    if (auto note = check_note(*game.note); !note) bad(at.game(g, "note"), note.error());
  }
  std::unordered_map<std::string, std::size_t> seated;
  for (std::size_t s = 0; s < seats; ++s) {
    const ExportSeat& seat = game.seats[s];
    const std::string folded = fold_case(seat.player);
    if (!players.contains(folded)) {
      bad(at.seat(g, s, "player"), "unknown player " + quote_token(seat.player) + " (every player must be in the players list)");
    }
    if (const auto [it, added] = seated.emplace(folded, s); !added) {
      bad(at.seat(g, s, "player"), quote_token(seat.player) + " sits twice in this game (also at seat " +
                                       std::to_string(it->second) + ")");
    }
    if (seat.tiebreak) {
      if (game.status != "finished") bad(at.seat(g, s, "tiebreak"), "only a finished game has a tie-break");
      if (*seat.tiebreak < 0 || *seat.tiebreak > kMaxImportPoints) {
        bad(at.seat(g, s, "tiebreak"), std::to_string(*seat.tiebreak) + " is out of range (0 to " +
                                           std::to_string(kMaxImportPoints) + ")");
      }
    }
  }
  const auto rounds = game.rounds.size();
  if (rounds > static_cast<std::size_t>(kRounds)) bad(at.game(g, "rounds"), "a game has 11 rounds");
  if (game.status == "finished" && rounds != static_cast<std::size_t>(kRounds)) {
    bad(at.game(g, "status"), "finished, but " + std::to_string(rounds) + " of 11 rounds are recorded");
  }
  if (game.status != "finished" && rounds == static_cast<std::size_t>(kRounds)) {
    bad(at.game(g, "status"), game.status + ", but all 11 rounds are recorded (that is 'finished')");
  }
  for (std::size_t r = 0; r < rounds; ++r) {
    if (game.rounds[r].size() != seats) {
      bad(at.game(g, "rounds"), "round " + std::to_string(r + 1) + " has " + std::to_string(game.rounds[r].size()) +
                                    " scores for " + std::to_string(seats) + " seats");
    }
    check_round(game, g, r, at);
  }
}

}  // namespace

bool is_valid_date(std::string_view date) {
  if (date.size() != 10 || date[4] != '-' || date[7] != '-') return false;
  for (std::size_t i : {0u, 1u, 2u, 3u, 5u, 6u, 8u, 9u}) {
    if (date[i] < '0' || date[i] > '9') return false;
  }
  const auto num = [&](std::size_t from, std::size_t len) {
    int n = 0;
    for (std::size_t i = from; i < from + len; ++i) n = n * 10 + (date[i] - '0');
    return n;
  };
  const int year = num(0, 4), month = num(5, 2), day = num(8, 2);
  if (month < 1 || month > 12 || day < 1) return false;
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return day <= kDays[month - 1] + (month == 2 && leap ? 1 : 0);
}

bool is_valid_status(std::string_view status) {
  return status == "active" || status == "finished" || status == "abandoned";
}

void check_export(const ExportData& data, const Origins* csv) {
  const Namer at(csv);
  std::unordered_map<std::string, std::size_t> players;
  check_players(data, at, players);
  check_seasons(data, at);
  for (std::size_t g = 0; g < data.games.size(); ++g) check_game(data.games[g], g, at, players);
}

}  // namespace crowns::store::detail
