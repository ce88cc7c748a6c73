// How a game of an import file stands to the game here with the same uuid (docs/DATA.md,
// "Merging"). Pure: compares two export games, touches no database.

#include <algorithm>
#include <string>

#include "crowns/house_rules.hpp"
#include "crowns/names.hpp"
#include "crowns/rules.hpp"
#include "store/game_log.hpp"
#include "store/games.hpp"
#include "store/transfer.hpp"

namespace crowns::store {
namespace {

GameMerge conflict(std::string what) {
  GameMerge merge;
  merge.kind = GameMerge::Kind::Conflict;
  merge.conflict = std::move(what);
  return merge;
}

GameMerge behind() {
  GameMerge merge;
  merge.kind = GameMerge::Kind::Behind;
  return merge;
}

GameMerge ahead(int first_new_round, bool abandon, bool tiebreak) {
  GameMerge merge;
  merge.kind = GameMerge::Kind::Ahead;
  merge.first_new_round = first_new_round;
  merge.abandon = abandon;
  merge.tiebreak = tiebreak;
  return merge;
}

std::string shown(const std::optional<std::string>& text) {
  return text ? quote_token(*text, 60) : std::string("none");
}

bool same_cell(const ExportScore& a, const ExportScore& b) {
  return a.points == b.points && a.went_out == b.went_out && a.hand == b.hand;
}

// "Ann 5, Bob 0*, Cy 12 (Kd Qh)": a round as `crowns log` writes it.
std::string round_text(const ExportGame& game, std::size_t r) {
  std::string line;
  for (std::size_t s = 0; s < game.rounds[r].size() && s < game.seats.size(); ++s) {
    const ExportScore& cell = game.rounds[r][s];
    line += (s ? ", " : "") + game.seats[s].player + " " +
            log::cell_text({cell.points, cell.went_out, cell.hand});
  }
  return line;
}

std::string seat_names(const ExportGame& game) {
  std::string names;
  for (const auto& seat : game.seats) names += (names.empty() ? "" : ", ") + seat.player;
  return names;
}

bool has_tiebreak(const ExportGame& game) {
  return std::any_of(game.seats.begin(), game.seats.end(),
                     [](const ExportSeat& s) { return s.tiebreak.has_value(); });
}

std::string tiebreak_text(const ExportGame& game) {
  std::string line;
  for (const auto& seat : game.seats) {
    if (seat.tiebreak)
      line += (line.empty() ? "" : ", ") + seat.player + " " + std::to_string(*seat.tiebreak);
  }
  return line;
}

// The fields that only `crowns details` changes: a difference is not an order of events.
std::optional<std::string> details_differ(const ExportGame& file, const ExportGame& here) {
  bool same_seats = file.seats.size() == here.seats.size();
  for (std::size_t s = 0; same_seats && s < file.seats.size(); ++s)
    same_seats = fold_case(file.seats[s].player) == fold_case(here.seats[s].player);
  if (!same_seats)
    return "the seats differ (file: " + seat_names(file) + "; here: " + seat_names(here) + ")";
  for (std::size_t s = 0; s < file.seats.size(); ++s) {
    const ExportSeat& a = file.seats[s];
    const ExportSeat& b = here.seats[s];
    if (a.joined_round != b.joined_round || a.start_total != b.start_total) {
      const auto arrival = [](const ExportSeat& seat) {
        return seat.joined_round > 1 ? "joined at round " + std::to_string(seat.joined_round) +
                                           " with " + std::to_string(seat.start_total)
                                     : std::string("played from round 1");
      };
      return a.player + "'s arrival differs (file: " + arrival(a) + "; here: " + arrival(b) + ")";
    }
  }
  if (file.date != here.date)
    return "the date differs (file: " + file.date + "; here: " + here.date + ")";
  if (file.boxes != here.boxes) {
    return "the boxes differ (file: " + std::to_string(file.boxes) +
           "; here: " + std::to_string(here.boxes) + ")";
  }
  if (file.first_dealer != here.first_dealer) {
    const auto dealer = [](const ExportGame& g) {
      return g.seats.at(static_cast<std::size_t>(g.first_dealer)).player;
    };
    return "the first dealer differs (file: " + dealer(file) + "; here: " + dealer(here) + ")";
  }
  if (file.note != here.note)
    return "the note differs (file: " + shown(file.note) + "; here: " + shown(here.note) + ")";
  return std::nullopt;
}

}  // namespace

std::optional<std::string> rules_differ(const ExportGame& file, const ExportGame& here) {
  if (file.rules == here.rules) return std::nullopt;
  const std::string key = short_game_key(here.uuid.value_or(file.uuid.value_or("")));
  return "game " + key + " is under other rules in the file (file: " + describe(file.rules) +
         "; here: " + describe(here.rules) + ")";
}

GameMerge compare_game(const ExportGame& file, const ExportGame& here) {
  if (auto differ = rules_differ(file, here)) return conflict(*differ);
  if (auto differ = details_differ(file, here)) return conflict(*differ);
  const std::size_t in_file = file.rounds.size();
  const std::size_t in_here = here.rounds.size();
  for (std::size_t r = 0; r < std::min(in_file, in_here); ++r) {
    const auto& a = file.rounds[r];
    const auto& b = here.rounds[r];
    if (!std::equal(a.begin(), a.end(), b.begin(), b.end(), same_cell)) {
      return conflict("round " + std::to_string(r + 1) + " differs (file: " + round_text(file, r) +
                      "; here: " + round_text(here, r) + ")");
    }
  }
  const bool file_abandoned = file.status == "abandoned";
  const bool here_abandoned = here.status == "abandoned";
  const bool file_tiebreak = has_tiebreak(file);
  const bool here_tiebreak = has_tiebreak(here);
  if (file_tiebreak && here_tiebreak) {
    for (std::size_t s = 0; s < file.seats.size(); ++s) {
      if (file.seats[s].tiebreak != here.seats[s].tiebreak) {
        return conflict("the tie-break differs (file: " + tiebreak_text(file) +
                        "; here: " + tiebreak_text(here) + ")");
      }
    }
  }
  if (in_file > in_here) {
    if (here_abandoned) {
      return conflict("it was abandoned here after round " + std::to_string(in_here) +
                      ", but the file goes on to round " + std::to_string(in_file) +
                      " (reopen it here, then import again)");
    }
    return ahead(static_cast<int>(in_here) + 1, file_abandoned, file_tiebreak);
  }
  if (in_file < in_here) {
    if (file_abandoned && !here_abandoned) {
      return conflict("the file abandoned it after round " + std::to_string(in_file) +
                      ", but here it goes on to round " + std::to_string(in_here));
    }
    return behind();
  }
  // The same rounds: an abandon or a tie-break is the only step left to take.
  if ((file_abandoned && !here_abandoned) || (file_tiebreak && !here_tiebreak)) {
    return ahead(0, file_abandoned && !here_abandoned, file_tiebreak && !here_tiebreak);
  }
  if ((here_abandoned && !file_abandoned) || (here_tiebreak && !file_tiebreak)) return behind();
  return GameMerge{};
}

}  // namespace crowns::store
