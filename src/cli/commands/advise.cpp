// crowns advise: take the top discard or draw, and which card to discard, with what each
// choice is worth (docs/ADVICE.md).

#include <CLI/CLI.hpp>
#include <algorithm>
#include <ostream>

#include "cli/batch.hpp"
#include "cli/commands.hpp"
#include "cli/fail.hpp"
#include "cli/input/hand_options.hpp"
#include "cli/input/meld_switches.hpp"
#include "cli/input/table_moves.hpp"
#include "cli/options.hpp"
#include "cli/views/advice.hpp"
#include "crowns/advice.hpp"
#include "crowns/rules.hpp"

namespace crowns::cli {
namespace {

struct AdviseOptions {
  HandOptions hand;
  std::vector<std::string> next_holds;
  std::vector<std::string> moves;
  int players = 2;
  bool last = false;
};

// One --batch request; `rules` (the flags) are the meld rules when it names none.
Expected<std::string> answer_request(JsonRequest& r, MeldRules rules) {
  Situation s;
  s.round = r.required_int("round", 1, kRounds);
  s.hand = r.required_cards("hand");
  s.top = r.card("top");
  s.seen = r.cards("seen");
  s.next_holds = r.cards("next_holds");
  s.boxes = r.integer("boxes", 1, kMaxBoxes, 1);
  s.players = r.integer("players", kMinPlayers, kMaxPlayers, kMinPlayers);
  s.last = r.boolean("last", false);
  s.actions = read_actions(r, s.players);
  s.rules = read_meld_rules(r, rules);
  if (auto bad = r.failure()) return *bad;
  auto unseen = check_situation(s);
  if (!unseen) return unseen.failure();
  return answer_fields(advice_json(s, *unseen));
}

void run_advise(const AdviseOptions& opts, Context& ctx) {
  if (run_hand_batch(opts.hand, ctx, answer_request)) return;
  const HandOptions& given = opts.hand;
  if (given.cards.empty()) {
    fail("no cards given (e.g. crowns advise 7h 8h Ks --top 9h, or the drawn hand alone)",
         ExitCode::Usage);
  }
  Situation s;
  s.hand = need(parse_cards(given.cards));
  if (given.top) s.top = need(parse_card(*given.top));
  if (!given.seen.empty()) s.seen = need(parse_cards(given.seen));
  if (!opts.next_holds.empty()) s.next_holds = need(parse_cards(opts.next_holds));
  s.round = given.round ? *given.round
                        : need(implied_round(static_cast<int>(s.hand.size()), s.top.has_value()));
  s.players = opts.players;
  for (const auto& move : opts.moves) s.actions.push_back(need(parse_table_move(move)));
  s.last = opts.last;
  s.boxes = given.boxes;
  s.rules = given.melds.rules();
  const Unseen unseen = need(check_situation(s));
  if (given.json) {
    ctx.out << advice_json(s, unseen).dump() << '\n';
  } else if (decision_of(s) == Decision::Draw) {
    print_situation(ctx.out, ctx.style, s);
    print_draw_advice(ctx.out, ctx.style, s, unseen, advise_draw(s, unseen));
  } else {
    print_situation(ctx.out, ctx.style, s);
    print_discard_advice(ctx.out, ctx.style, s, unseen, advise_discard(s, unseen));
  }
}

}  // namespace

void setup_advise(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<AdviseOptions>();
  auto* sub = app.add_subcommand(
      "advise", "Advise a move: take the top discard or draw, and which card to discard");
  sub->add_option("cards", opts->hand.cards,
                  "Your hand: round+2 cards with --top (before drawing), or round+3 (after)");
  sub->add_option("-t,--top", opts->hand.top, "The top discard (a draw decision)")
      ->type_name("CARD");
  sub->add_option("-r,--round", opts->hand.round, "Round 1-11 (default: from the hand size)")
      ->check(whole_number(1, kRounds));
  sub->add_option("-s,--seen", opts->hand.seen,
                  "Cards out of play: the discard pile, cards others took from it")
      ->type_name("CARDS");
  sub->add_option("--next-holds", opts->next_holds,
                  "Cards the next player took from the discard pile and still holds (not in "
                  "--seen)")
      ->type_name("CARDS");
  sub->add_option("--move", opts->moves,
                  "A public move of this round, oldest first, repeatable: \"SEAT took|passed "
                  "CARD threw CARD\", seats clockwise from you (0 you, 1 the next player)")
      ->type_name("MOVE")
      ->allow_extra_args(false);
  sub->add_option("-p,--players", opts->players, "Players at the table (default 2)")
      ->check(whole_number(kMinPlayers, kMaxPlayers));
  sub->add_flag("--last", opts->last, "Someone has gone out: this is your last turn");
  add_hand_options(*sub, opts->hand);
  sub->callback([opts, &ctx] { run_advise(*opts, ctx); });
}

}  // namespace crowns::cli
