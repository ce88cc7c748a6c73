#include "cli/asking.hpp"

#include "cli/fail.hpp"
#include "cli/session.hpp"
#include "crowns/ascii.hpp"
#include "crowns/names.hpp"
#include "views/style.hpp"

namespace crowns::cli {

table::Reply TerminalAsker::confirm(const table::Ask& ask) {
  return cli::confirm(ctx_, ask.text) ? table::Reply::Yes : table::Reply::No;
}

std::optional<std::size_t> TerminalAsker::choose(const table::Ask& ask) {
  std::string names;
  for (std::size_t i = 0; i < ask.choices.size(); ++i) {
    names += (i == 0 ? "" : i + 1 == ask.choices.size() ? " and " : ", ") + ask.choices[i];
  }
  for (;;) {
    const auto reply = cli::ask(ctx_, ask.text + " ");
    if (!reply) return std::nullopt;
    const std::string key = fold_case(std::string(ascii_trim(*reply, " \t")));
    if (key == "q" || key == "quit") return std::nullopt;
    for (std::size_t i = 0; i < ask.choices.size(); ++i) {
      if (fold_case(ask.choices[i]) == key) return i;
    }
    ctx_.out << "  answer with the name of the player who went out: " << sanitize(names) << '\n';
  }
}

void fail_refusal(const table::Refusal& refusal, const std::string& hint) {
  switch (refusal.kind) {
    case table::Refused::Repeat: {
      const std::string round = std::to_string(refusal.round.value_or(0));
      fail(refusal.message + " If round " + round + " really went the same way, add " +
           (hint.empty() ? "--round " + round : hint));
    }
    case table::Refused::TypedEarlier:
      fail(refusal.message + " If it is another round, record it as round " +
           std::to_string(refusal.round.value_or(0)) + " with --round " +
           std::to_string(refusal.round.value_or(0)));
    case table::Refused::InProgress:
      fail(refusal.message + ": to start another game beside it, add " + hint);
    case table::Refused::Stale:
      fail(refusal.message + "; look again (crowns show) and repeat the command");
    case table::Refused::NewPlayer:
    case table::Refused::NotNext:
    case table::Refused::Stored:
    case table::Refused::MovedOn:
    case table::Refused::Invalid:
    case table::Refused::Declined: break;
  }
  fail(Failure{refusal.message, refusal.hint});
}

}  // namespace crowns::cli
