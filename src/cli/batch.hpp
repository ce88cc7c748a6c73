#pragma once
// The one JSON Lines loop of `crowns analyze --batch`, `advise --batch`, `odds --batch` and
// `solitaire batch`: a request a line on stdin, an answer a line on stdout, in order, each
// answer sent as soon as no more input is waiting (so a program that writes one request and
// waits gets its answer, and a file of a million requests is not flushed a million times).
//
// An answer is {"id":<the request's id>, ...the command's fields} or
// {"id":…,"error":"…"} (with "line":N when the request has no id, and "hint":{…} when the
// failure has one, as --json gives it: add_failure_json); a bad line does not stop
// the loop, and the exit status is 1 at the end if any line failed.

#include "cli/batch_line.hpp"
#include "cli/context.hpp"

namespace crowns::cli {

/// Reads ctx.in to its end, answering every line on ctx.out; ctx.exit_code becomes Error if a
/// line failed.
void run_batch(Context& ctx, const Answerer& answer);

}  // namespace crowns::cli
