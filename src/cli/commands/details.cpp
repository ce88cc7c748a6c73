// crowns details: fix a game's date, note, first dealer or seat order (logged; undo puts
// them back). `edit` fixes a round's scores; `details` fixes the game around them.

#include "store/details.hpp"

#include <CLI/CLI.hpp>

#include "cli/asking.hpp"
#include "cli/commands.hpp"
#include "cli/session.hpp"
#include "cli/views/scorecard_text.hpp"
#include "cli/views/written.hpp"

namespace crowns::cli {
namespace {

struct DetailsOptions {
  std::optional<std::int64_t> game;
  store::DetailsChange change;
  std::optional<std::string> seats;  ///< "Ann,Bob,Cat"
  std::optional<std::int64_t> seen;
  bool json = false;
};

std::vector<std::string> split_names(const std::string& text) {
  std::vector<std::string> names;
  std::string name;
  for (char c : text + ",") {
    if (c != ',') {
      name += c;
      continue;
    }
    const auto first = name.find_first_not_of(' ');
    const auto last = name.find_last_not_of(' ');
    names.push_back(first == std::string::npos ? "" : name.substr(first, last - first + 1));
    name.clear();
  }
  return names;
}

void run_details(const DetailsOptions& opts, Context& ctx) {
  store::DetailsChange change = opts.change;
  if (opts.seats) change.seats = split_names(*opts.seats);
  if (!change.date && !change.note && !change.dealer && !change.seats) {
    fail(
        "say what to change: crowns details [--game ID] [--date YYYY-MM-DD] [--note TEXT] "
        "[--dealer NAME] [--seats NAME,NAME,...]",
        ExitCode::Usage);
  }
  auto db = open_store(ctx, store::Access::Write);
  const store::Change done =
      need_table(table::change_details(db, opts.game, change, {.change = opts.seen}));
  if (opts.json) {
    print_game_written(ctx, db, done);
    return;
  }
  ctx.out << sanitize(done.entry.summary) << '\n';
  print_scorecard(ctx.out, ctx.style, *done.game);
}

}  // namespace

void setup_details(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<DetailsOptions>();
  auto* sub = app.add_subcommand(
      "details", "Fix a game's date, note, first dealer or seat order (logged, undoable)");
  add_game_option(*sub, ctx, opts->game);
  sub->add_option("--date", opts->change.date, "The date played, YYYY-MM-DD")
      ->type_name("YYYY-MM-DD");
  sub->add_option("--note", opts->change.note, "A note (--note '' removes it)");
  sub->add_option("--dealer", opts->change.dealer, "Who dealt round 1 (a player's name)")
      ->type_name("NAME");
  sub->add_option("--seats", opts->seats,
                  "Every player once, clockwise: Ann,Bob,Cat (scores move with the players)")
      ->type_name("NAMES");
  add_seen_option(*sub, opts->seen);
  sub->add_flag("--json", opts->json, kGameWrittenJson);
  sub->callback([opts, &ctx] { run_details(*opts, ctx); });
}

}  // namespace crowns::cli
