#pragma once
// The round's public moves (crowns advise's --move and the batch field "actions"): who was
// offered which top discard, took it or let it pass, and what they threw (issue 37,
// docs/ADVICE.md "The round's moves").

#include <string_view>
#include <vector>

#include "cli/input/json_request.hpp"
#include "crowns/advice.hpp"
#include "crowns/expected.hpp"

namespace crowns::cli {

/// The "actions" field of a request: an array of {"seat":1,"offered":"9h","took":true,
/// "discarded":"Kd"}, oldest first, seats 0..players-1. Absent or null: none. A bad move is
/// recorded in `r` as its first error, naming the move and the field.
std::vector<TableMove> read_actions(JsonRequest& r, int players);

/// One --move: "SEAT took|passed CARD threw CARD" ("1 took 9h threw Kd": the next player took
/// the 9h from the pile and threw the Kd). Fails naming the word that does not fit and the form.
Expected<TableMove> parse_table_move(std::string_view text);

}  // namespace crowns::cli
