#pragma once
// One request of `crowns solitaire batch`, answered on its own (callable from tests).

#include <string>

#include "cli/input/json_request.hpp"

namespace crowns::cli {

/// Answers one request
/// `{"id":…,"piles":[p1,…,p11],"card":"Qh","stock":N,"dead":[…],"closed":[…]}` (a closed
/// pile is null, `stock` the cards left after `card` was turned) with the advisor's play as
/// the members of an answer (`"pile":k,"discard":"X","closes":…,"needed":…`), or fails naming
/// the field.
Expected<std::string> answer_solitaire_request(JsonRequest& r);

}  // namespace crowns::cli
