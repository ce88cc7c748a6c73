// The order games were played in, the same on every host (issue 44): date, then start time
// when it is known, then uuid. Never the local game number, which each database gives its
// own: ordered by it, two hosts holding the same games rated them in different orders and
// printed different ratings, form, records and `tonight`.
#pragma once

#include <string>

namespace crowns::store {

/// Whether a game's start is known: it was started here (its "new" entry in the log) or came
/// from a file that carried its times (stored with the T of ISO 8601). A game imported without
/// times has not (its created_at is the import's, different on each host). `g` is the games
/// table.
inline constexpr const char* kStartKnown =
    "(g.created_at GLOB '*T*' OR EXISTS (SELECT 1 FROM audit a "
    "WHERE a.game_id = g.id AND a.action = 'new'))";

/// A game's start, Unix seconds, when it is known (kStartKnown); NULL, first of its date, when
/// not. `g` is the games table.
inline const std::string kKnownStart = std::string("(CASE WHEN ") + kStartKnown +
                                       " THEN CAST(strftime('%s', g.created_at) AS INTEGER) END)";

/// ORDER BY terms for games as played, oldest first (`g` is the games table).
inline const std::string kPlayedOrder = "g.played_on, " + kKnownStart + ", g.uuid";

}  // namespace crowns::store
