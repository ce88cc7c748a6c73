#pragma once
// `crowns analyze --batch`'s protocol: a request line read into a hand query and answered with
// the hand's lay-down. The command (cli/commands/analyze.cpp) runs it over stdin; the fuzz
// target fuzz_batch drives it with core and the batch protocol files alone.

#include <string_view>

#include "cli/batch_line.hpp"
#include "crowns/house_rules.hpp"

namespace crowns::cli {

/// The answer to one analyze request: the report's fields, or why the request is refused.
/// `default_boxes` is --boxes and `default_rules` --wild-melds and --book-suits, used when the
/// request names none ("wild_melds": true/false or "yes"/"no", "book_suits": "any"/"distinct").
Expected<std::string> answer_analyze_request(JsonRequest& request, int default_boxes,
                                             MeldRules default_rules = {});

/// `crowns analyze --batch`'s answer to one line, with --boxes `boxes` as the default.
LineAnswer answer_analyze_line(std::string_view line, int boxes, long line_no = 0);

}  // namespace crowns::cli
