#pragma once
// The terminal's door onto the table: its questions asked at the prompt, its refusals worded
// with the commands and flags a terminal has.

#include <string>

#include "cli/context.hpp"
#include "table/asker.hpp"
#include "table/keeper.hpp"
#include "table/refusal.hpp"

namespace crowns::cli {

/// Asks the table's questions on this terminal: yes/no, or a name among the choices (asked
/// again until one is given; none at end of input or on q).
class TerminalAsker final : public table::Asker {
 public:
  explicit TerminalAsker(Context& ctx) : ctx_(ctx) {}
  table::Reply confirm(const table::Ask& ask) override;
  std::optional<std::size_t> choose(const table::Ask& ask) override;

 private:
  Context& ctx_;
};

/// Stops the command with `refusal` in the terminal's words (crowns::Error); `hint` names the
/// option that would have answered the question ahead ("--round 3", "--another").
[[noreturn]] void fail_refusal(const table::Refusal& refusal, const std::string& hint = "");

/// The value of a table write, or fail_refusal with its refusal.
template <class T>
T need_table(table::Outcome<T> outcome, const std::string& hint = "") {
  if (!outcome) fail_refusal(outcome.refusal(), hint);
  return std::move(*outcome);
}

}  // namespace crowns::cli
