#pragma once
// One line of `crowns solitaire --batch`, answered on its own (callable from tests).

#include <string>
#include <string_view>

namespace crowns::cli {

/// Answers one JSON Lines request
/// `{"id":…,"piles":[p1,…,p11],"card":"Qh","stock":N,"dead":[…],"closed":[…]}` (a closed
/// pile is null, `stock` the cards left after `card` was turned) with the advisor's play
/// `{"id":…,"pile":k,"discard":"X","closes":…,"needed":…}`, or `{"id":…,"error":"…"}`. Never
/// throws for bad input; sets `*failed` on an error. A blank line gets "" (skipped).
std::string answer_solitaire_line(std::string_view line, bool* failed, long line_no = 0);

}  // namespace crowns::cli
