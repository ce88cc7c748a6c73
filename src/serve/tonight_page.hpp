#pragma once
// The evening page (/tonight, /tonight?date=YYYY-MM-DD): `crowns tonight` on the phone.

#include <optional>
#include <string>

#include "store/sqlite.hpp"

namespace crowns::serve {

/// The part of the page under the navigation: the evening's games and who won each, its best
/// round, closest finish, biggest comeback, who went out most and the ratings moved. `date`
/// none: the last day a game was finished. Throws crowns::Error for a date that is not one.
std::string tonight_body(const store::Database& db, const std::optional<std::string>& date);

}  // namespace crowns::serve
