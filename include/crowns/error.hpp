#pragma once
// The one exception type of crowns: thrown where a command cannot go on, caught once in main.

#include <stdexcept>
#include <string>

#include "crowns/expected.hpp"

namespace crowns {

/// Process exit codes. 0 ok, 1 an error, 2 a usage error, 3 a conflict `crowns sync` left
/// undecided (a game two databases changed, each without the other's change).
enum class ExitCode : int { Ok = 0, Error = 1, Usage = 2, Conflict = 3 };

/// `message` with each NUL byte written as \x00, as crowns shows every other control byte:
/// what() ends at the first NUL, and a name read from a file or a line of input may hold one.
inline std::string without_nul(std::string message) {
  for (auto at = message.find('\0'); at != std::string::npos; at = message.find('\0', at + 4))
    message.replace(at, 1, "\\x00");
  return message;
}

/// what(): the failure's own words; hint(): what to do about it, which the door that catches
/// it words (crowns::Failure).
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message, ExitCode code = ExitCode::Error, Hint hint = {})
      : std::runtime_error(without_nul(message)), code_(code), hint_(std::move(hint)) {}
  explicit Error(const Failure& failure, ExitCode code = ExitCode::Error)
      : Error(failure.message, code, failure.hint) {}
  [[nodiscard]] ExitCode code() const { return code_; }
  [[nodiscard]] const Hint& hint() const { return hint_; }

 private:
  ExitCode code_;
  Hint hint_;
};

}  // namespace crowns
