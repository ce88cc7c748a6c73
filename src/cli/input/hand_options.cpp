#include "cli/input/hand_options.hpp"

#include <CLI/CLI.hpp>

#include "cli/batch.hpp"
#include "cli/fail.hpp"
#include "cli/options.hpp"
#include "crowns/rules.hpp"

namespace crowns::cli {

void add_hand_options(CLI::App& sub, HandOptions& options) {
  sub.add_option("--boxes", options.boxes, "Boxes combined (1, or 2 for up to 14 players)")
      ->check(whole_number(1, kMaxBoxes));
  add_meld_switches(sub, options.melds);
  sub.add_flag("--json", options.json, "Print JSON");
  sub.add_flag("--batch", options.batch,
               "Read JSON Lines requests from stdin, answer each line at once");
}

bool run_hand_batch(const HandOptions& options, Context& ctx, const HandAnswerer& answer) {
  if (!options.batch) return false;
  if (!options.cards.empty())
    fail("--batch reads requests from stdin; give no cards", ExitCode::Usage);
  const MeldRules flags = options.melds.rules();
  run_batch(ctx, [flags, &answer](JsonRequest& r) { return answer(r, flags); });
  return true;
}

}  // namespace crowns::cli
