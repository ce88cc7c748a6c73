#pragma once
// One player's profile over a period, two players head to head, and the records of a
// period. Pure computations over finished games (GameResult, oldest first).

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "crowns/leaderboard.hpp"
#include "crowns/rules.hpp"

namespace crowns {

/// A game as one player saw it.
struct GameMark {
  std::int64_t game = 0;
  std::string date;
  int total = 0;
};

/// How a player fared against one opponent in the games they both finished.
struct Versus {
  std::int64_t opponent = 0;
  int games = 0;
  int lower = 0;          ///< The player finished ahead (a better place: crowns::finishing_places).
  int higher = 0;         ///< The opponent finished ahead.
  int equal = 0;          ///< The same place (equal totals, no tie-break between them).
  int wins = 0;           ///< Games of these the player won.
  int opponent_wins = 0;  ///< ... and the opponent won (a shared win counts for both).
  long long points = 0;   ///< The player's totals, summed.
  long long opponent_points = 0;  ///< The opponent's totals, summed.
  std::string last;               ///< Date of the latest of these games.
};

struct Profile {
  std::int64_t player = 0;
  int games = 0;
  int wins = 0;
  long long points = 0;
  int longest_win_streak = 0;
  int longest_losing_streak = 0;  ///< Games in a row without a win.
  std::optional<GameMark> best;   ///< Lowest total (the earliest of equals).
  std::optional<GameMark> worst;  ///< Highest total.
  int rounds = 0;                 ///< Rounds played (of the games with round detail).
  int outs = 0;                   ///< Rounds gone out.
  int highest = 0;  ///< Games finished with the highest total (ties count; all level: no).
  /// Points by the round's card count, whatever order a game dealt its rounds in: the 3-card
  /// round (3s wild) at 0 ... the 13-card round (Kings) at 10, where the standard order plays
  /// them as rounds 1 ... 11 (a down game's round 1 counts at 10).
  std::array<long long, kRounds> round_points{};
  std::array<int, kRounds> round_games{};  ///< Games counted for each, the same way.
  Rating rating;                           ///< After the last game up to the period's end.
  std::vector<double> rating_history;      ///< mu - 3 sigma after each of the period's games.
  std::vector<Versus> opponents;           ///< Most games together first.

  [[nodiscard]] double win_rate() const {
    return games == 0 ? 0.0 : static_cast<double>(wins) / games;
  }
  [[nodiscard]] double average() const {
    return games == 0 ? 0.0 : static_cast<double>(points) / games;
  }
  [[nodiscard]] double out_rate() const {
    return rounds == 0 ? 0.0 : static_cast<double>(outs) / rounds;
  }
  /// Average points in the round the standard order plays as round r (1-11): the round of
  /// cards_in_round(r) cards in every order; none without games.
  [[nodiscard]] std::optional<double> round_average(int round) const;
};

/// `player`'s profile in `period`. Round averages need round detail for their games.
Profile player_profile(const std::vector<GameResult>& games, const RatingReplay& replay,
                       const Period& period, std::int64_t player);

/// `a` against `b` in the period's games they both finished.
Versus head_to_head(const std::vector<GameResult>& games, const Period& period, std::int64_t a,
                    std::int64_t b);

/// One time a record was reached: the game, the player and the round.
struct RecordHolder {
  std::int64_t game = 0;
  std::string date;
  std::int64_t player = 0;
  int round = 0;       ///< The round it happened in (or after), when it has one.
  HouseRules rules{};  ///< The rules of the game it was reached in.
  int wild_rank = 0;   ///< The wild rank of `round` under the game's order; 0: none or unknown.
};

/// A record and who holds it: the first to reach it, and in `shared` everyone who equalled it
/// later (in game order), so that a shared record names every holder.
struct Record {
  std::int64_t game = 0;
  std::string date;
  std::int64_t player = 0;
  int value = 0;
  int round = 0;       ///< The round it happened in (or after), when it has one.
  HouseRules rules{};  ///< The rules of the game it was reached in.
  int wild_rank = 0;   ///< The wild rank of `round` under the game's order; 0: none or unknown.
  std::vector<RecordHolder> shared;
};

struct Records {
  std::optional<Record> lowest_winning_total;
  std::optional<Record> highest_round;     ///< Highest single-round score; round = its number.
  std::optional<Record> most_outs;         ///< Most rounds gone out in one game.
  std::optional<Record> biggest_comeback;  ///< Largest deficit after round k of a winner.
  std::optional<Record> highest_total;     ///< Highest final total.
  int games = 0;                           ///< Games in the period.
};

/// The records of the period; round records need round detail.
Records find_records(const std::vector<GameResult>& games, const Period& period);

}  // namespace crowns
