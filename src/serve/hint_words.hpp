#pragma once
// The phone's words for every hint (crowns/hint.hpp): what to do about a failure, with the
// page's buttons and fields. The one place they are written; the terminal has its own
// (src/cli/hint_words.cpp). A hint the phone has no control for is worded as nothing: the
// failure's own words stand alone, whole.

#include <string>

#include "crowns/error.hpp"
#include "crowns/expected.hpp"
#include "crowns/hint.hpp"

namespace crowns::serve {

/// The hint as the phone says it, with the punctuation that joins it to the failure's words;
/// empty for a hint the phone has no control for.
std::string phone_hint(const Hint& hint);

/// The failure's words followed by its hint's, for a phone (not escaped).
std::string phone_said(const std::string& message, const Hint& hint);
inline std::string phone_said(const Failure& failure) {
  return phone_said(failure.message, failure.hint);
}
inline std::string phone_said(const Error& error) {
  return phone_said(error.what(), error.hint());
}

/// The hint as crowns-serve prints it at its start, on the terminal of whoever ran `crowns
/// serve` (a database missing or damaged): the terminal's words (cli/hint_words.cpp), which
/// crowns-serve cannot link (it holds nothing of the CLI), for the few kinds its start can
/// raise; a unit test keeps them equal. Empty for every other kind.
std::string console_hint(const Hint& hint);

/// The error's words followed by its hint's, for crowns-serve's error line (not escaped).
inline std::string console_said(const Error& error) {
  return error.what() + console_hint(error.hint());
}

}  // namespace crowns::serve
