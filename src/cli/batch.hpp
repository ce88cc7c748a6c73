#pragma once
// The one JSON Lines loop of `crowns analyze --batch`, `advise --batch`, `odds --batch` and
// `solitaire batch`: a request a line on stdin, an answer a line on stdout, in order, each
// answer sent as soon as no more input is waiting (so a program that writes one request and
// waits gets its answer, and a file of a million requests is not flushed a million times).
//
// An answer is {"id":<the request's id>, ...the command's fields} or
// {"id":…,"error":"…"} (with "line":N when the request has no id); a bad line does not stop
// the loop, and the exit status is 1 at the end if any line failed.

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "cli/context.hpp"
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

/// Reads ctx.in to its end, answering every line on ctx.out; ctx.exit_code becomes Error if a
/// line failed.
void run_batch(Context& ctx, const Answerer& answer);

/// A probability rounded to 6 decimals (or `decimals`) for a JSON answer.
double json_rounded(double value, int decimals = 6);

/// `crowns analyze --batch`'s answer to one line, with --boxes `boxes` as the default.
LineAnswer answer_analyze_line(std::string_view line, int boxes, long line_no = 0);

}  // namespace crowns::cli
