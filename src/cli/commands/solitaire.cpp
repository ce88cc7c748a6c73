// crowns solitaire: play the solitaire variant, get the advisor's play, know the chances.

#include "cli/views/solitaire.hpp"

#include <CLI/CLI.hpp>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>
#include <thread>

#include "cli/batch.hpp"
#include "cli/commands.hpp"
#include "cli/files.hpp"
#include "cli/hint_words.hpp"
#include "cli/input/meld_switches.hpp"
#include "cli/input/solitaire_request.hpp"
#include "cli/options.hpp"
#include "cli/session.hpp"
#include "cli/solitaire/play.hpp"
#include "cli/views/progress.hpp"
#include "crowns/names.hpp"
#include "store/db.hpp"
#include "store/players.hpp"
#include "views/hand.hpp"
#include "views/report.hpp"

namespace crowns::cli {
namespace {

using namespace crowns::solitaire;

constexpr std::size_t kMaxDealFile = std::size_t{64} * 1024;
constexpr int kHistoryLimit = 50;
// `solitaire odds` plays out at most 200 shuffles, for at most 10 s unless a count is asked
// for (seed 112's 200 took about 2 minutes of CPU); a hint's 30 stop after 2 s.
constexpr int kOddsSamples = 200;
constexpr int kOddsTime = 10;
constexpr int kHintTime = 2;
// Bounds of the numbers a user gives: far beyond any useful run, short of one that never ends.
constexpr int kMaxSamples = 100000;
constexpr int kMaxSimulated = 10000000;
constexpr int kMaxJobs = 1024;
constexpr int kMaxTime = 24 * 3600;

struct SolitaireOptions {
  std::optional<std::int64_t> seed;
  std::optional<std::string> player;
  std::optional<std::string> deal;
  bool batch = false;
  bool odds = false;
  std::optional<int> samples;
  std::optional<int> time;
  std::optional<int> simulate;
  std::string policy_name = "advisor";
  int jobs = 0;
  bool history = false;
  bool json = false;
  MeldSwitches melds;
};

// The piles of a deal file: 11 lines of cards (blank lines and # comments skipped).
Piles parse_deal_lines(const std::vector<std::string>& lines, const std::string& source) {
  Piles piles;
  OneBox box;
  int pile = 0;
  int line_no = 0;
  for (const auto& line : lines) {
    ++line_no;
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    if (pile == kPiles) {
      fail(source + ", line " + std::to_string(line_no) +
           ": a deal has 11 piles, one a line; this is a 12th");
    }
    const std::string where = source + ", line " + std::to_string(line_no) + ": ";
    auto cards = parse_cards(std::string_view(line));
    if (!cards) fail(where + worded(cards.failure()));
    ++pile;
    if (static_cast<int>(cards->size()) != pile_size(pile)) {
      fail(where + "pile " + std::to_string(pile) + " holds " + std::to_string(cards->size()) +
           " cards; it must hold " + std::to_string(pile_size(pile)) +
           " (one line a pile: 3, 4, ... 13 cards)");
    }
    if (auto fits = box.add(*cards); !fits) fail(where + worded(fits.failure()));
    piles[pile - 1] = *cards;
  }
  if (pile < kPiles) {
    fail(source + " holds " + std::to_string(pile) +
         " piles; a deal has 11, one a line (3, 4, ... 13 cards)");
  }
  if (auto ok = check_piles(piles); !ok) fail(source + ": " + worded(ok.failure()));
  return piles;
}

// Reads the deal of --deal FILE, or from stdin for "-" (11 pile lines; the turned cards follow).
Piles read_deal(Context& ctx, const std::string& path) {
  std::vector<std::string> lines;
  if (path == "-") {
    std::string line;
    int piles = 0;
    while (piles < kPiles && read_line(ctx.in, line, kMaxDealFile)) {
      lines.push_back(line);
      const auto first = line.find_first_not_of(" \t\r");
      if (first != std::string::npos && line[first] != '#') ++piles;
    }
    return parse_deal_lines(lines, "the deal on stdin");
  }
  const std::string text = read_input_file(path, kMaxDealFile, ctx.in);
  std::size_t start = 0;
  while (start < text.size()) {
    const auto end = text.find('\n', start);
    lines.push_back(text.substr(start, end == std::string::npos ? end : end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return parse_deal_lines(lines, quote_token(path));
}

std::optional<std::int64_t> player_id(const store::Database& db, const SolitaireOptions& opts) {
  if (!opts.player) return std::nullopt;
  return need(store::require_player(db, *opts.player)).id;
}

store::SolitaireGame new_game(std::optional<std::int64_t> player, std::int64_t seed) {
  const Deal deal = deal_from_seed(static_cast<std::uint64_t>(seed));
  store::SolitaireGame game;
  game.player_id = player;
  game.seed = seed;
  game.piles = deal.piles;
  game.stock = deal.stock;
  game.started_at = store::now_timestamp();
  return game;
}

// A saved game closes its piles under the rules it started with: flags that say otherwise are
// refused rather than quietly ignored.
void check_saved_rules(const SolitaireOptions& opts, const store::SolitaireGame& game) {
  need(check_against_game(opts.melds, game.rules, game.id));
}

std::int64_t random_seed() {
  std::random_device device;
  return static_cast<std::int64_t>(device() % 1000000000U);
}

// `solitaire batch`: each request's piles close under its own "wild_melds"/"book_suits", else
// the flags'.
void run_batch_requests(const SolitaireOptions& opts, Context& ctx) {
  const MeldRules rules = opts.melds.rules();
  run_batch(ctx, [rules](JsonRequest& r) { return answer_solitaire_request(r, rules); });
}

void run_simulate(const SolitaireOptions& opts, Context& ctx) {
  const int games = *opts.simulate;
  const auto seed = static_cast<std::uint64_t>(opts.seed.value_or(1));
  const bool greedy = fold_case(opts.policy_name) == "greedy";
  ProgressLine progress(ctx.err, !opts.json && progress_wanted(),
                        {.what = "Simulating", .total = games, .unit = "deal"});
  const SimulationSummary summary =
      simulate(games, seed, greedy ? Policy::Greedy : Policy::Advisor, opts.melds.rules(),
               opts.jobs, [&progress](int finished) {
                 progress.set_done(finished);
                 return true;
               });
  const char* policy = greedy ? "greedy" : "advisor";
  if (opts.json) {
    auto j = simulation_json(summary);
    j["policy"] = policy;
    j["seed"] = seed;
    if (opts.melds.rules() != MeldRules{})
      j["rules"] = meld_rules_json<nlohmann::ordered_json>(opts.melds.rules());
    ctx.out << dump_json(j) << '\n';
    return;
  }
  ctx.out << "Simulated " << games << " deals (seeds " << seed << " to "
          << seed + static_cast<std::uint64_t>(games) - 1 << "), " << policy << " play"
          << views::meld_rules_note(opts.melds.rules()) << '\n';
  print_simulation(ctx.out, ctx.style, summary);
}

void run_odds(const SolitaireOptions& opts, Context& ctx) {
  std::optional<State> state;
  std::optional<Card> turned;
  std::string what;
  if (opts.deal) {
    state.emplace(read_deal(ctx, *opts.deal), opts.melds.rules());
    what = "the deal";
  } else if (opts.seed) {
    const auto game = new_game(std::nullopt, *opts.seed);
    state.emplace(game.piles, opts.melds.rules());
    turned = next_stock_card(game);
    what = "seed " + std::to_string(*opts.seed);
  } else {
    auto db = open_store(ctx, store::Access::Read);
    const auto game = store::latest_active_solitaire(db, player_id(db, opts));
    if (!game) {
      fail(
          "no solitaire game is being played; give --seed N or --deal FILE, or start one with "
          "'crowns solitaire'");
    }
    check_saved_rules(opts, *game);
    state = replay(*game);
    turned = next_stock_card(*game);
    what = "game " + std::to_string(game->id) + " at play " + std::to_string(state->plays + 1);
  }
  // A count asked for is played in full (the same figure every run); else the time decides.
  const std::optional<int> time = opts.time      ? opts.time
                                  : opts.samples ? std::nullopt
                                                 : std::optional<int>(kOddsTime);
  const WinEstimate odds = chance_to_win(ctx, *state, turned,
                                         {.samples = opts.samples.value_or(kOddsSamples),
                                          .time = time,
                                          .jobs = opts.jobs,
                                          .progress = !opts.json && progress_wanted()});
  if (opts.json) {
    ctx.out << dump_json(odds_json(odds)) << '\n';
    return;
  }
  ctx.out << "Chance to win " << what << views::meld_rules_note(state->rules) << ": "
          << odds_text(odds, time.value_or(0)) << '\n';
}

void run_history(const SolitaireOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Read);
  const auto games = store::solitaire_history(db, player_id(db, opts), kHistoryLimit);
  if (opts.json) {
    ctx.out << dump_json(history_json(games)) << '\n';
    return;
  }
  print_history(ctx.out, ctx.style, games);
}

void run_solitaire(const SolitaireOptions& opts, Context& ctx) {
  if (opts.batch) return run_batch_requests(opts, ctx);
  if (opts.simulate) return run_simulate(opts, ctx);
  if (opts.odds) return run_odds(opts, ctx);
  if (opts.history) return run_history(opts, ctx);
  if (opts.json) fail("--json goes with solitaire odds, simulate or history", ExitCode::Usage);
  auto db = open_store(ctx, store::Access::Write);
  const auto player = player_id(db, opts);
  store::SolitaireGame game;
  if (opts.deal) {
    game.player_id = player;
    game.piles = read_deal(ctx, *opts.deal);
    game.rules = opts.melds.rules();
    game.started_at = store::now_timestamp();
  } else if (opts.seed) {
    game = new_game(player, *opts.seed);
    game.rules = opts.melds.rules();
  } else if (auto saved = store::latest_active_solitaire(db, player)) {
    check_saved_rules(opts, *saved);
    game = std::move(*saved);
    ctx.out << "Resuming game " << game.id << '\n';
  } else {
    game = new_game(player, random_seed());
    game.rules = opts.melds.rules();
  }
  play_solitaire(ctx, db, game, opts.time.value_or(kHintTime));
}

}  // namespace

void setup_solitaire(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<SolitaireOptions>();
  auto* sub = app.add_subcommand(
      "solitaire",
      "Play solitaire (11 piles, 28 cards to turn) with an advisor; resume a saved game");
  sub->footer(
      "Examples:\n"
      "  crowns solitaire --seed 42          a new game of deal 42 (answer '3 Kd', hint or q)\n"
      "  crowns solitaire                    resume the saved game, else deal a new one\n"
      "  crowns solitaire deal table.txt     real cards: 11 lines of piles, then type each card\n"
      "  crowns solitaire odds --seed 42     the chance to win deal 42 with the advisor\n"
      "  crowns solitaire simulate 1000      the advisor's win rate on 1000 seeded deals");
  auto* seed = sub->add_option("--seed", opts->seed, "Deal this seed (0 or more)")
                   ->check(whole_number(0, std::numeric_limits<std::int64_t>::max()));
  sub->add_option("--player", opts->player, "Record the game for this player")->type_name("NAME");
  auto* hint_time = sub->add_option("--time", opts->time,
                                    "Seconds a hint may sample its chance to win (default 2)")
                        ->type_name("SECONDS")
                        ->check(whole_number(1, kMaxTime));
  // The meld switches a pile closes under (house rules); the other switches (order, leads,
  // ties) change nothing in solitaire. A saved game keeps the rules it started with.
  add_meld_switches(*sub, opts->melds, MeldDefault::GameOrStandard);

  // The sub-commands. Each sets its mode; the options they share write the same fields.
  auto* deal_cmd = sub->add_subcommand(
      "deal", "Play real cards: 11 lines of piles (pile 1 first), then type each card turned");
  deal_cmd->add_option("file", opts->deal, "The deal: a file, or - for stdin")
      ->required()
      ->type_name("FILE");
  deal_cmd->add_option("--player", opts->player, "Record the game for this player")
      ->type_name("NAME");
  add_meld_switches(*deal_cmd, opts->melds);
  deal_cmd->callback([opts, &ctx] { run_solitaire(*opts, ctx); });

  auto* odds_cmd =
      sub->add_subcommand("odds", "The chance to win: the saved game, --seed N or --deal FILE");
  odds_cmd->add_option("--seed", opts->seed, "Deal this seed")
      ->check(whole_number(0, std::numeric_limits<std::int64_t>::max()));
  odds_cmd->add_option("--deal", opts->deal, "Real cards: a file (or - for stdin)")
      ->type_name("FILE");
  odds_cmd->add_option("--player", opts->player, "The saved game of this player")
      ->type_name("NAME");
  odds_cmd
      ->add_option("--samples", opts->samples,
                   "Monte-Carlo samples, all played (default: up to 200 within --time)")
      ->check(whole_number(1, kMaxSamples));
  odds_cmd
      ->add_option("--time", opts->time,
                   "Seconds of sampling at most (default 10 unless --samples is given)")
      ->type_name("SECONDS")
      ->check(whole_number(1, kMaxTime));
  odds_cmd->add_option("--jobs", opts->jobs, "Threads (default: every core)")
      ->check(whole_number(1, kMaxJobs));
  add_meld_switches(*odds_cmd, opts->melds, MeldDefault::GameOrStandard);
  odds_cmd->add_flag("--json", opts->json, "Print JSON");
  odds_cmd->callback([opts, &ctx] { run_odds(*opts, ctx); });

  auto* batch_cmd =
      sub->add_subcommand("batch", "Read JSON Lines positions from stdin, answer each with a play");
  add_meld_switches(*batch_cmd, opts->melds);
  batch_cmd->callback([opts, &ctx] { run_batch_requests(*opts, ctx); });

  auto* simulate_cmd =
      sub->add_subcommand("simulate", "Play N seeded deals (from --seed, default 1) and report");
  simulate_cmd->add_option("games", opts->simulate, "Deals to play, N")
      ->required()
      ->check(whole_number(1, kMaxSimulated));
  simulate_cmd->add_option("--seed", opts->seed, "The first deal's seed (default 1)")
      ->check(whole_number(0, std::numeric_limits<std::int64_t>::max()));
  simulate_cmd->add_option("--policy", opts->policy_name, "advisor (default) or greedy")
      ->check(CLI::IsMember({"advisor", "greedy"}, CLI::ignore_case));
  simulate_cmd->add_option("--jobs", opts->jobs, "Threads (default: every core)")
      ->check(whole_number(1, kMaxJobs));
  add_meld_switches(*simulate_cmd, opts->melds);
  simulate_cmd->add_flag("--json", opts->json, "Print JSON");
  simulate_cmd->callback([opts, &ctx] { run_simulate(*opts, ctx); });

  auto* history_cmd = sub->add_subcommand("history", "List finished games");
  history_cmd->add_option("--player", opts->player, "Only this player's games")->type_name("NAME");
  history_cmd->add_flag("--json", opts->json, "Print JSON");
  history_cmd->callback([opts, &ctx] { run_history(*opts, ctx); });

  // The older spellings (crowns solitaire --odds, ...), still read, not shown in the help.
  const std::string older;  // an empty group hides an option
  auto* deal =
      sub->add_option("--deal", opts->deal, "Real cards (older spelling of 'deal')")->group(older);
  auto* batch = sub->add_flag("--batch", opts->batch, "Older spelling of 'batch'")->group(older);
  auto* odds = sub->add_flag("--odds", opts->odds, "Older spelling of 'odds'")->group(older);
  sub->add_option("--samples", opts->samples, "For --odds")
      ->check(whole_number(1, kMaxSamples))
      ->group(older);
  auto* simulate = sub->add_option("--simulate", opts->simulate, "Older spelling of 'simulate'")
                       ->check(whole_number(1, kMaxSimulated))
                       ->group(older);
  sub->add_option("--policy", opts->policy_name, "For --simulate")
      ->check(CLI::IsMember({"advisor", "greedy"}, CLI::ignore_case))
      ->group(older);
  sub->add_option("--jobs", opts->jobs, "For --simulate and --odds")
      ->check(whole_number(1, kMaxJobs))
      ->group(older);
  auto* history =
      sub->add_flag("--history", opts->history, "Older spelling of 'history'")->group(older);
  sub->add_flag("--json", opts->json, "For --simulate, --odds, --history")->group(older);
  // Checked here rather than with CLI11's excludes(), which would list the hidden options
  // in the help of --seed.
  const std::vector<std::pair<CLI::Option*, std::vector<CLI::Option*>>> exclusions = {
      {batch, {seed, deal, odds, simulate, history, hint_time}},
      {simulate, {deal, odds, history, hint_time}},
      {history, {seed, deal, odds, hint_time}},
      {deal, {seed}}};
  sub->callback([sub, opts, exclusions, &ctx] {
    for (const auto& [option, others] : exclusions) {
      for (const CLI::Option* other : others) {
        if (option->count() > 0 && other->count() > 0)
          fail("--" + other->get_lnames().front() + " excludes --" + option->get_lnames().front(),
               ExitCode::Usage);
      }
    }
    if (sub->get_subcommands().empty()) run_solitaire(*opts, ctx);
  });
}

}  // namespace crowns::cli
