#pragma once
// Finished games as the statistics see them: who sat where, their totals, the tie-break,
// who went out; plus the period (a date range) a report covers. Plain data, no I/O.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "crowns/house_rules.hpp"
#include "crowns/round_order.hpp"

namespace crowns {

struct SeatResult {
  std::int64_t player = 0;
  int total = 0;
  std::optional<int> tiebreak;  ///< The 6-card tie-break score, if this seat played it.
  bool winner = false;          ///< Shared wins: every winner of the game.
  int outs = 0;                 ///< Rounds this seat went out in.
};

/// One finished game. Round detail (`points`, `went_out`) is filled only when asked for:
/// rounds() x seats values, round-major (round r, seat s at [r * seats + s]).
/// In GameResult::points: no score, the round was played before this seat's late arrival.
inline constexpr int kNoScore = -1;

struct GameResult {
  std::int64_t id = 0;
  std::string date;  ///< YYYY-MM-DD
  std::vector<SeatResult> seats{};
  std::vector<int> points{};
  std::vector<std::uint8_t> went_out{};
  HouseRules rules{};        ///< The rules it was played under.
  std::vector<int> dealt{};  ///< Random order only: each round's card count, round 1 first.

  [[nodiscard]] int players() const { return static_cast<int>(seats.size()); }
  [[nodiscard]] bool has_rounds() const { return !points.empty(); }
  [[nodiscard]] int rounds() const {
    return seats.empty() ? 0 : static_cast<int>(points.size() / seats.size());
  }
  [[nodiscard]] int point(int round_index, int seat) const {
    return points[index(round_index, seat)];
  }
  [[nodiscard]] bool out(int round_index, int seat) const {
    return went_out[index(round_index, seat)] != 0;
  }
  /// The place of a cell in `points` and `went_out`: round by round.
  [[nodiscard]] std::size_t index(int round_index, int seat) const {
    return static_cast<std::size_t>(round_index) * static_cast<std::size_t>(players()) +
           static_cast<std::size_t>(seat);
  }
  /// The seat of `player`, or -1.
  [[nodiscard]] int seat_of(std::int64_t player) const;
  /// Round `round`'s (1..11) cards and wild under the game's order (game_round_deal).
  [[nodiscard]] std::optional<RoundDeal> deal(int round) const {
    return game_round_deal(rules.order, dealt, round);
  }
};

/// Places in a game, lower is better: by final total, and among the seats tied for the
/// lowest total, by the tie-break when it was played. Equal places are ties.
std::vector<int> finishing_places(const GameResult& game);

/// A closed date range; a missing end is open. Dates are YYYY-MM-DD, so they compare as text.
struct Period {
  std::optional<std::string> from;
  std::optional<std::string> to;
  std::string label;  ///< How reports name it: "season Winter", "2026", "all time".

  [[nodiscard]] bool contains(std::string_view date) const {
    return (!from || date >= *from) && (!to || date <= *to);
  }
};

/// A rule set and how many games were played under it.
struct RuleSetCount {
  HouseRules rules;
  int games = 0;
  friend bool operator==(const RuleSetCount&, const RuleSetCount&) = default;
};

/// The rule sets of the games in `period` at which every one of `players` sat (every game in
/// it when `players` is empty), with how many games each: most games first, then in
/// describe()'s words' order. More than one: the figures over these games mix rule sets, and
/// every screen that shows them says so (views/rule_sets.hpp).
std::vector<RuleSetCount> rule_sets_of(const std::vector<GameResult>& games, const Period& period,
                                       std::span<const std::int64_t> players = {});

}  // namespace crowns
