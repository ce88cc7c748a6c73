#pragma once
// One line of `crowns analyze --batch`, answered on its own (callable from tests and fuzzers):
// analyze_batch.cpp, which needs only core and the hand's views.

#include <cstddef>
#include <string>
#include <string_view>

namespace crowns::cli {

/// The longest batch line answered; a longer one gets an error naming the line.
inline constexpr std::size_t kMaxBatchLine = std::size_t{64} * 1024;

/// Answers one JSON Lines request `{"id":…,"cards":…,"wild":…,"round":…,"drawn":…,"boxes":…}`
/// with one JSON object (no newline): the analysis, or `{"id":…,"error":"…"}`. Never throws for
/// bad input. Sets `*failed` to true if the answer is an error (leaves it alone otherwise).
/// A blank line gets the empty string: it is skipped. `line_no` (1-based, 0 for unknown) is
/// named in errors about the line as a whole.
std::string answer_batch_line(std::string_view line, int boxes, bool* failed, long line_no = 0);

}  // namespace crowns::cli
