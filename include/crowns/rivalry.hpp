#pragma once
// A player's rivalries, read from their head-to-head record (Profile::opponents): the nemesis,
// the opponent they beat most often, and the one they played with most. docs/STATS.md.

#include <optional>
#include <vector>

#include "crowns/profile.hpp"

namespace crowns::rivalry {

/// Games together before an opponent can be a nemesis or the one beaten most.
inline constexpr int kMinGamesTogether = 3;

struct Rival {
  std::int64_t opponent = 0;
  int games = 0;  ///< Finished games together.
  int times =
      0;  ///< What the rivalry counts: games they finished lower, we finished lower, or games.
  [[nodiscard]] double share() const {
    return games == 0 ? 0.0 : static_cast<double>(times) / games;
  }
};

struct Rivals {
  /// The opponent who most often finished ahead of the player (at least kMinGamesTogether
  /// games together, and ahead more often than behind); a tie goes to the higher share of the
  /// games together, then to more games together.
  std::optional<Rival> nemesis;
  /// The opponent the player most often finished ahead of (and more often than behind them),
  /// by the same rules: never the nemesis.
  std::optional<Rival> most_beaten;
  /// The opponent with the most games together (a tie: the one met first).
  std::optional<Rival> most_played_with;
};

Rivals rivals_of(const std::vector<Versus>& opponents);

}  // namespace crowns::rivalry
