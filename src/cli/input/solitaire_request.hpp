#pragma once
// One request of `crowns solitaire batch`, answered on its own (callable from tests).

#include <string>

#include "cli/input/json_request.hpp"
#include "crowns/house_rules.hpp"

namespace crowns::cli {

/// Answers one request
/// `{"id":…,"piles":[p1,…,p11],"card":"Qh","stock":N,"dead":[…],"closed":[…]}` (a closed
/// pile is null, `stock` the cards left after `card` was turned) with the advisor's play as
/// the members of an answer (`"pile":k,"discard":"X","closes":…,"needed":…`), or fails naming
/// the field. The piles close under "wild_melds" and "book_suits" when the request gives them,
/// else under `rules` (the command's flags); an answer under house rules carries "rules".
Expected<std::string> answer_solitaire_request(JsonRequest& r, MeldRules rules);

}  // namespace crowns::cli
