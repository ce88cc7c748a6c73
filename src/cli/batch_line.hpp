#pragma once
// One JSON Lines request answered, as text in and text out: the protocol shared by every batch
// (cli/batch.hpp runs the loop over stdin). No I/O here, so the fuzz targets link only this, the
// request reader and a command's answerer.

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "cli/input/json_request.hpp"

namespace crowns::cli {

/// The longest request line read (a longer one gets an error answer and is skipped).
inline constexpr std::size_t kMaxRequestLine = std::size_t{64} * 1024;

/// A command's answer to one request: the JSON members that follow "id", without braces
/// (`"pile":3,"discard":"Kd"`), or a failure. Read the fields with the reader, then
/// `if (auto bad = r.failure()) return *bad;` before working.
using Answerer = std::function<Expected<std::string>(JsonRequest& request)>;

/// The members of a JSON object as an Answerer returns them.
std::string answer_fields(const nlohmann::ordered_json& object);

/// One line answered: its text (no newline; empty for a blank line, which is skipped) and
/// whether it is an error answer.
struct LineAnswer {
  std::string text;
  bool failed = false;
};

/// Answers one request line; never throws for bad input. `line_no` (1-based, 0 for unknown)
/// names the line in errors about the line as a whole.
LineAnswer answer_line(std::string_view line, const Answerer& answer, long line_no = 0);

/// A probability rounded to 6 decimals (or `decimals`) for a JSON answer.
double json_rounded(double value, int decimals = 6);

}  // namespace crowns::cli
