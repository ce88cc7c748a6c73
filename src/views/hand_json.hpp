#pragma once
// A solved hand as JSON, for a script (`analyze --json`, the batch answers): no styling and no
// I/O, so the batch protocol links without the terminal views.

#include <string>
#include <vector>

#include "crowns/hand_report.hpp"
#include "crowns/solver.hpp"

namespace crowns::views {

/// The cards of a meld as they are shown: a run in rank order (as the solver gives it); a book
/// with its natural cards first, then its wilds, each in canonical order, so that the same book
/// always reads the same whatever order the solver found its cards in.
std::vector<MeldCard> display_order(const Meld& meld);

/// The report's fields as JSON object members, without the braces: `"round":…,"wild":…`.
void append_json(std::string& out, const HandReport& report);
/// The report as one JSON object (what `analyze --json` prints).
std::string json_text(const HandReport& report);

}  // namespace crowns::views
