#pragma once
// The one exception type of crowns: thrown where a command cannot go on, caught once in main.

#include <stdexcept>
#include <string>

namespace crowns {

/// Process exit codes. 0 ok, 1 an error, 2 a usage error.
enum class ExitCode : int { Ok = 0, Error = 1, Usage = 2 };

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message, ExitCode code = ExitCode::Error)
      : std::runtime_error(message), code_(code) {}
  [[nodiscard]] ExitCode code() const { return code_; }

 private:
  ExitCode code_;
};

}  // namespace crowns
