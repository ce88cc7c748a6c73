// crowns analyze: the best lay-down of a hand, for a person or a script.

#include <CLI/CLI.hpp>
#include <istream>
#include <nlohmann/json.hpp>

#include "cli/batch.hpp"
#include "cli/commands.hpp"
#include "cli/fail.hpp"
#include "cli/files.hpp"
#include "cli/input/analyze_request.hpp"
#include "cli/input/meld_switches.hpp"
#include "cli/options.hpp"
#include "crowns/hand_report.hpp"
#include "crowns/rules.hpp"
#include "views/hand.hpp"
#include "views/hand_json.hpp"

namespace crowns::cli {
namespace {

struct AnalyzeOptions {
  std::vector<std::string> cards;
  std::optional<int> round;
  std::optional<std::string> wild;
  bool drawn = false;
  bool json = false;
  bool batch = false;
  int boxes = 1;
  MeldSwitches melds;

  [[nodiscard]] MeldRules rules() const { return melds.rules(); }
};

void run_analyze(const AnalyzeOptions& opts, Context& ctx) {
  if (opts.batch) {
    if (!opts.cards.empty()) fail("--batch reads hands from stdin; give no cards", ExitCode::Usage);
    const int boxes = opts.boxes;
    const MeldRules rules = opts.rules();
    run_batch(ctx,
              [boxes, rules](JsonRequest& r) { return answer_analyze_request(r, boxes, rules); });
    return;
  }
  if (opts.cards.empty())
    fail("no cards given (e.g. crowns analyze 7h 8h 9h Ks jk)", ExitCode::Usage);
  HandQuery q;
  q.cards = need(parse_cards(opts.cards));
  q.round = opts.round;
  if (opts.wild) q.wild = need(parse_rank(*opts.wild));
  q.mode = opts.drawn ? HandMode::Drawn : HandMode::Dealt;
  q.boxes = opts.boxes;
  q.rules = opts.rules();
  const HandReport report = need(analyze_hand(std::move(q)));
  if (opts.json) {
    ctx.out << json_text(report) << '\n';
  } else {
    print_hand(ctx.out, ctx.style, report);
  }
}

}  // namespace

void setup_analyze(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<AnalyzeOptions>();
  auto* sub = app.add_subcommand("analyze", "Find the lowest-scoring lay-down of a hand");
  sub->add_option("cards", opts->cards, "Cards, e.g. 7h 8h 9h Ks jk (or one quoted string)");
  sub->add_option("-r,--round", opts->round, "Round 1-11 (sets the hand size and wild rank)");
  sub->add_option("-w,--wild", opts->wild, "Wild rank 3-10, J, Q or K (default: the hand size)")
      ->type_name("RANK");
  sub->add_flag("-d,--drawn", opts->drawn, "The hand holds the drawn card: find the best discard");
  sub->add_flag("--json", opts->json, "Print JSON");
  sub->add_flag("--batch", opts->batch, "Read JSON Lines hands from stdin, answer one per line");
  sub->add_option("--boxes", opts->boxes, "Boxes combined (1, or 2 for up to 14 players)")
      ->check(whole_number(1, kMaxBoxes));
  // House rules that change a lay-down (docs/RULES.md); --order and --leads change only which
  // round deals how many cards, and a hand's wild rank is given by --round or --wild here.
  add_meld_switches(*sub, opts->melds);
  sub->callback([opts, &ctx] { run_analyze(*opts, ctx); });
}

}  // namespace crowns::cli
