// The checks every import passes before anything is written: what the store itself would
// refuse, and what the game rules make impossible whatever --force allows.

#include <algorithm>
#include <unordered_map>

#include "crowns/card.hpp"
#include "crowns/date.hpp"
#include "crowns/game_status.hpp"
#include "crowns/names.hpp"
#include "crowns/plural.hpp"
#include "crowns/round_order.hpp"
#include "crowns/rules.hpp"
#include "crowns/scoring.hpp"
#include "crowns/solver.hpp"
#include "store/transfer_internal.hpp"

namespace crowns::store::detail {
namespace {

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
  [[nodiscard]] std::string score(std::size_t g, std::size_t r, std::size_t s,
                                  const char* f) const {
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
  if (*normal != name) {
    const bool spaces = normal->size() < name.size() && name.find(*normal) != std::string::npos;
    bad(where, quote_token(name) +
                   (spaces ? " has spaces around it" : " is not written as crowns stores it") +
                   "; write '" + *normal + "'");
  }
}

void check_date(const std::string& date, const std::string& where) {
  if (!is_valid_date(date))
    bad(where, quote_token(date) + " is not a date; write YYYY-MM-DD, e.g. 2026-01-15");
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
      if (*s.ends_on < s.starts_on)
        bad(at.season(i, "ends_on"), "the season ends before it starts");
    }
  }
}

// Round `round`'s deal under the file's rules for the game: up or down by the order, a random
// order's as the file says it was dealt (none for a round it does not list).
std::optional<RoundDeal> file_deal(const ExportGame& game, int round) {
  if (game.rules.order != RoundOrder::Random) return round_deal(game.rules.order, round);
  if (round > static_cast<int>(game.dealt.size())) return std::nullopt;
  return deal_of_cards(game.dealt[static_cast<std::size_t>(round - 1)]);
}

void check_round(const ExportGame& game, std::size_t g, std::size_t r, const Namer& at) {
  const int round = static_cast<int>(r) + 1;
  const std::optional<RoundDeal> deal = file_deal(game, round);
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
        bad(at.score(g, r, s, "went_out"),
            "seats " + std::to_string(out_seat) + " and " + std::to_string(s) +
                " both went out in round " + std::to_string(round) + "; only one player goes out");
      }
      out_seat = static_cast<int>(s);
    }
    if (!cell.hand) continue;
    const std::string where = at.score(g, r, s, "hand");
    if (cell.hand->size() > kMaxHandBytes) bad(where, "the hand is too long");
    auto cards = parse_cards(*cell.hand);
    if (!cards) bad(where, cards.error());
    if (!deal) {
      bad(where, "round " + std::to_string(round) +
                     " of a random order is not in the game's \"dealt\" list");
    }
    if (static_cast<int>(cards->size()) > deal->cards) {
      bad(where, std::to_string(cards->size()) + " cards, but round " + std::to_string(round) +
                     " deals " + std::to_string(deal->cards));
    }
    if (auto copies = check_copies(*cards, game.boxes); !copies) bad(where, copies.error());
    if (cell.went_out) bad(where, "the player who went out holds no cards");
    // `crowns round` computes the points of a typed hand under the game's rules; an import
    // must agree with them.
    if (const int best = min_score(*cards, deal->wild_rank, HandMode::Dealt, game.rules.melds());
        best != cell.points) {
      bad(at.score(g, r, s, "points"), std::to_string(cell.points) + " points, but the hand " +
                                           quote_token(*cell.hand, 80) + " scores " +
                                           std::to_string(best) + " after its best lay-down");
    }
  }
}

void check_game(const ExportGame& game, std::size_t g, const Namer& at,
                const std::unordered_map<std::string, std::size_t>& players) {
  check_date(game.date, at.game(g, "date"));
  if (!parse_game_status(game.status)) {
    bad(at.game(g, "status"),
        quote_token(game.status) + " is not a status (active, finished or abandoned)");
  }
  if (!is_valid_boxes(game.boxes)) bad(at.game(g, "boxes"), "must be 1 or 2");
  const auto seats = game.seats.size();
  const auto most = static_cast<std::size_t>(max_players(game.boxes));
  if (seats < static_cast<std::size_t>(kMinPlayers) || seats > most) {
    bad(at.game(g, "seats"), std::to_string(seats) + " players; a game with " +
                                 counted(game.boxes, "box", "boxes") + " seats 2 to " +
                                 std::to_string(most));
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
      bad(at.seat(g, s, "player"), "unknown player " + quote_token(seat.player) +
                                       " (every player must be in the players list)");
    }
    if (const auto [it, added] = seated.emplace(folded, s); !added) {
      bad(at.seat(g, s, "player"), quote_token(seat.player) +
                                       " sits twice in this game (also at seat " +
                                       std::to_string(it->second) + ")");
    }
    if (seat.joined_round != 1 || seat.start_total != 0) {
      const int earlier = s == 0 ? 1 : game.seats[s - 1].joined_round;
      const int latest = std::min(kRounds, static_cast<int>(game.rounds.size()) + 1);
      if (seat.joined_round < std::max(2, earlier) || seat.joined_round > latest) {
        bad(at.seat(g, s, "joined_round"),
            std::to_string(seat.joined_round) + " is not a round a late arrival can join at (" +
                std::to_string(std::max(2, earlier)) + " to " + std::to_string(latest) +
                ": after the seats before, and by the round after the last one recorded)");
      }
      if (seat.start_total < 0 || seat.start_total > kMaxImportPoints) {
        bad(at.seat(g, s, "start_total"), std::to_string(seat.start_total) +
                                              " is out of range (0 to " +
                                              std::to_string(kMaxImportPoints) + ")");
      }
    }
    if (seat.tiebreak) {
      if (game.status != "finished")
        bad(at.seat(g, s, "tiebreak"), "only a finished game has a tie-break");
      if (*seat.tiebreak < 0 || *seat.tiebreak > kMaxImportPoints) {
        bad(at.seat(g, s, "tiebreak"), std::to_string(*seat.tiebreak) + " is out of range (0 to " +
                                           std::to_string(kMaxImportPoints) + ")");
      }
    }
  }
  const auto rounds = game.rounds.size();
  if (rounds > static_cast<std::size_t>(kRounds)) bad(at.game(g, "rounds"), "a game has 11 rounds");
  if (game.status == "finished" && rounds != static_cast<std::size_t>(kRounds)) {
    bad(at.game(g, "status"),
        "finished, but " + std::to_string(rounds) + " of 11 rounds are recorded");
  }
  if (game.status != "finished" && rounds == static_cast<std::size_t>(kRounds)) {
    bad(at.game(g, "status"),
        game.status + ", but all 11 rounds are recorded (that is 'finished')");
  }
  for (std::size_t r = 0; r < rounds; ++r) {
    const std::size_t playing = game.seats_at(static_cast<int>(r) + 1);
    if (game.rounds[r].size() != playing) {
      bad(at.game(g, "rounds"), "round " + std::to_string(r + 1) + " has " +
                                    std::to_string(game.rounds[r].size()) + " scores for " +
                                    std::to_string(playing) + " seats");
    }
    check_round(game, g, r, at);
  }
}

ScoreEntry entry_of(const ExportScore& cell) {
  ScoreEntry entry{cell.points, cell.went_out, {}, std::nullopt};
  if (cell.hand) {
    if (auto cards = parse_cards(*cell.hand)) entry.hand = *cards;
  }
  return entry;
}

// The unusual values of one checked round (or the tie-break): points no hand can hold, and a
// round nobody went out of or whose hands together hold more copies than the boxes.
void unusual_in_round(const std::vector<ScoreEntry>& entries, const std::vector<std::string>& names,
                      const RoundSpec& spec, std::vector<std::string>& found) {
  for (std::size_t s = 0; s < entries.size(); ++s) {
    const ScoreEntry& e = entries[s];
    if (e.went_out || !e.hand.empty()) continue;
    const ScoreInput points{ScoreInput::Kind::Points, e.points, {}};
    if (auto checked = score_input(points, spec, names[s], Checks::Strict); !checked) {
      found.push_back(spec.label + ": " + checked.error());
    }
  }
  if (auto round = check_round(entries, names, spec, Checks::Strict); !round) {
    found.push_back(round.error());
  }
}

}  // namespace

namespace {

// A game's id is written as crowns writes it, and names one game of the file only.
void check_uuid(const ExportData& data, std::size_t g, const Namer& at,
                std::unordered_map<std::string, std::size_t>& ids) {
  const auto& uuid = data.games[g].uuid;
  if (!uuid) return;
  if (!is_game_uuid(*uuid)) {
    bad(at.game(g, "uuid"), quote_token(*uuid) +
                                " is not a game id; write 8-4-4-4-12 lower-case hex digits, "
                                "e.g. 1b4e28ba-2fa1-4d2e-8b5c-0e2f3a4b5c6d");
  }
  if (const auto [it, added] = ids.emplace(*uuid, g); !added) {
    bad(at.game(g, "uuid"), "the game id " + *uuid + " is also " + at.game(it->second, "uuid") +
                                "; each game appears once");
  }
}

// A game's times (written whole and UTC, so they compare as text): recorded_at is one per
// round and after the start, each round's after the one before, the end after the last.
void check_times(const ExportGame& game, std::size_t g, const Namer& at) {
  // A game imported without times has no start; the rounds recorded since keep theirs.
  if (!game.started_at && game.ended_at)
    bad(at.game(g, "started_at"), "is missing: a game's times start with its start");
  if (!game.started_at && game.recorded_at.empty()) return;
  if (game.recorded_at.size() != game.rounds.size()) {
    bad(at.game(g, "recorded_at"), std::to_string(game.recorded_at.size()) + " times for " +
                                       counted(static_cast<int>(game.rounds.size()), "round") +
                                       "; give one per round (null: not known)");
  }
  std::string before = game.started_at.value_or("");
  for (std::size_t r = 0; r < game.recorded_at.size(); ++r) {
    const auto& time = game.recorded_at[r];
    if (!time) continue;
    if (*time < before) {
      bad(at.game(g, "recorded_at") + "[" + std::to_string(r) + "]",
          *time + " is before " + before + " (the start or the round before)");
    }
    before = *time;
  }
  if (game.ended_at) {
    if (game.status == "active") bad(at.game(g, "ended_at"), "an active game has no end yet");
    if (*game.ended_at < before)
      bad(at.game(g, "ended_at"), *game.ended_at + " is before " + before);
  }
}

}  // namespace

void check_export(const ExportData& data, const Origins* csv) {
  const Namer at(csv);
  std::unordered_map<std::string, std::size_t> players;
  check_players(data, at, players);
  check_seasons(data, at);
  std::unordered_map<std::string, std::size_t> ids;
  for (std::size_t g = 0; g < data.games.size(); ++g) {
    check_uuid(data, g, at, ids);
    check_game(data.games[g], g, at, players);
    check_times(data.games[g], g, at);
  }
}

}  // namespace crowns::store::detail

namespace crowns::store {

std::vector<UnusualGame> find_unusual(const ExportData& data) {
  std::vector<UnusualGame> games;
  for (std::size_t g = 0; g < data.games.size(); ++g) {
    const ExportGame& game = data.games[g];
    std::vector<std::string> names;
    for (const auto& seat : game.seats) names.push_back(seat.player);
    std::vector<std::string> found;
    for (std::size_t r = 0; r < game.rounds.size(); ++r) {
      std::vector<ScoreEntry> entries;
      for (const auto& cell : game.rounds[r]) entries.push_back(detail::entry_of(cell));
      detail::unusual_in_round(entries, names, round_spec(static_cast<int>(r) + 1, game.boxes),
                               found);
    }
    std::vector<ScoreEntry> tiebreak;
    std::vector<std::string> tied;
    for (std::size_t s = 0; s < game.seats.size(); ++s) {
      if (!game.seats[s].tiebreak) continue;
      tiebreak.push_back({*game.seats[s].tiebreak, false, {}, std::nullopt});
      tied.push_back(names[s]);
    }
    if (!tiebreak.empty()) {
      detail::unusual_in_round(tiebreak, tied, tiebreak_spec(game.boxes), found);
    }
    if (found.empty()) continue;
    std::string players;
    for (const auto& n : names) players += (players.empty() ? "" : ", ") + n;
    games.push_back(
        {g, "game " + std::to_string(g + 1) + " of the file (" + game.date + ", " + players + ")",
         std::move(found)});
  }
  return games;
}

}  // namespace crowns::store

namespace crowns::store {

bool is_export_time(std::string_view text) {
  if (text.size() != 20 || text[10] != 'T' || text[13] != ':' || text[16] != ':' ||
      text[19] != 'Z' || !is_valid_date(text.substr(0, 10)))
    return false;
  const auto number = [&](std::size_t at, int most) {
    const char a = text[at], b = text[at + 1];
    if (a < '0' || a > '9' || b < '0' || b > '9') return false;
    return (a - '0') * 10 + (b - '0') <= most;
  };
  return number(11, 23) && number(14, 59) && number(17, 59);
}

bool is_game_uuid(std::string_view text) {
  if (text.size() != 36) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
    if (dash ? c != '-' : !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

}  // namespace crowns::store
