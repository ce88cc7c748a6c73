#pragma once
// The order of the standings, shared by `crowns leaderboard` and `crowns report` so the two
// always agree.

#include "crowns/leaderboard.hpp"

namespace crowns {

/// How standings are ranked unless asked otherwise (`crowns leaderboard` and the report):
/// wins, then win rate, then average total (lower first), as a club counts; the rating is a
/// column beside them.
inline constexpr RankBy kStandingsOrder = RankBy::Wins;

}  // namespace crowns
