#pragma once
// What crowns advise and crowns odds both ask of a hand: the cards, the top discard, the round,
// the cards seen, the boxes, the meld switches, --json and --batch; and --batch run the one way
// both run it. Each command adds the cards, --round, --seen and --top itself (their help says
// what they mean to it) and the shared tail with add_hand_options.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cli/context.hpp"
#include "cli/input/json_request.hpp"
#include "cli/input/meld_switches.hpp"
#include "crowns/expected.hpp"
#include "crowns/house_rules.hpp"

namespace CLI {
class App;
}  // namespace CLI

namespace crowns::cli {

/// The options as typed.
struct HandOptions {
  std::vector<std::string> cards;
  std::optional<std::string> top;
  std::optional<int> round;
  std::vector<std::string> seen;
  int boxes = 1;
  bool json = false;
  bool batch = false;
  MeldSwitches melds;
};

/// Adds what both commands' options end with: --boxes, --wild-melds, --book-suits, --json and
/// --batch.
void add_hand_options(CLI::App& sub, HandOptions& options);

/// A command's answer to one --batch request; `flags` are the meld rules (--wild-melds,
/// --book-suits) for a request that names none.
using HandAnswerer = std::function<Expected<std::string>(JsonRequest& request, MeldRules flags)>;

/// With --batch: refuses cards given on the command line (a usage error), then answers each
/// request line of stdin with `answer` (cli/batch.hpp), and returns true. Without: false.
bool run_hand_batch(const HandOptions& options, Context& ctx, const HandAnswerer& answer);

}  // namespace crowns::cli
