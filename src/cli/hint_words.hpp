#pragma once
// The terminal's words for every hint (crowns/hint.hpp): what to do about a failure, with the
// commands and flags a terminal has. The one place they are written; the phone has its own
// (src/serve/hint_words.cpp).

#include <nlohmann/json.hpp>
#include <string>

#include "crowns/expected.hpp"
#include "crowns/hint.hpp"

namespace crowns::cli {

/// The hint as the terminal says it, with the punctuation that joins it to the failure's own
/// words ("; add --force to record it anyway"); empty for HintKind::None.
std::string hint_words(const Hint& hint);

/// The failure's words followed by its hint's: the line `crowns: error:` prints.
std::string worded(const std::string& message, const Hint& hint);
inline std::string worded(const Failure& failure) {
  return worded(failure.message, failure.hint);
}

/// The hint for `--json`: {"kind": "accept_unusual", ...its values}; null for none.
nlohmann::ordered_json hint_json(const Hint& hint);

/// A failure as JSON, the one writer of it for `--json` and every `--batch` error line: adds
/// "error" (its words and its hint's, as `crowns: error:` prints them, made safe to print) and,
/// when it has a hint, "hint" (hint_json) to `answer`, after what it already holds ("id").
void add_failure_json(nlohmann::ordered_json& answer, const Failure& failure);

}  // namespace crowns::cli
