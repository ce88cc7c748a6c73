// crowns advise: take the top discard or draw, and which card to discard, with what each
// choice is worth (docs/ADVICE.md).

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/fail.hpp"
#include "cli/input/advice_request.hpp"
#include "cli/options.hpp"
#include "crowns/advice.hpp"
#include "crowns/rules.hpp"

namespace crowns::cli {
namespace {

struct AdviseOptions {
  std::vector<std::string> cards;
  std::optional<std::string> top;
  std::optional<int> round;
  std::vector<std::string> seen;
  std::vector<std::string> next_holds;
  int players = 2;
  std::optional<int> stock;
  bool last = false;
  int boxes = 1;
  bool json = false;
  bool batch = false;
};

std::string percent(double p) {
  return fmt::format("{:.0f}%", 100 * p);
}

std::string points(double ev) {
  return fmt::format("{:.1f}", ev);
}

void print_header(std::ostream& out, const Style& style, const Situation& s) {
  std::vector<Card> hand = s.hand;
  std::sort(hand.begin(), hand.end());
  out << "Round " << s.round << " · " << s.hand.size() << " cards · "
      << rank_name(wild_rank_of_round(s.round)) << "s wild · " << s.players << " players"
      << (s.last ? " · last turn" : "") << '\n';
  out << "hand     " << style.cards(hand) << '\n';
  if (s.top) out << "top      " << style.card(*s.top) << '\n';
  if (!s.next_holds.empty()) out << "next has " << style.cards(s.next_holds) << '\n';
}

void print_draw(std::ostream& out, const Style& style, const Situation& s, const DrawAdvice& a) {
  print_header(out, style, s);
  const std::string take = "take " + style.card(*s.top) + ", discard " + style.card(*a.discard);
  out << "advice   " << style.bold(a.take ? take : "draw from the deck")
      << (a.take && a.goes_out ? " and go out" : "") << '\n';
  Table table;
  table.column("choice");
  table.column("points", Table::Align::Right);
  table.column("out now", Table::Align::Right);
  table.column("out next", Table::Align::Right);
  table.row({take, points(a.take_ev), a.goes_out ? "yes" : "no",
             a.goes_out || s.last ? "-" : percent(a.take_p_out)});
  table.row({"draw", points(a.draw_ev), percent(a.draw_p_out), "-"});
  table.print(out, style);
  out << style.dim(s.last ? "points: this hand's exact expected score"
                          : "points: expected at the end of the round; out now: this draw goes "
                            "out; out next: the draw after it does")
      << '\n';
}

void print_discard(std::ostream& out, const Style& style, const Situation& s,
                   const DiscardAdvice& a) {
  print_header(out, style, s);
  const auto& best = a.options.front();
  out << "advice   " << style.bold("discard " + style.card(best.discard))
      << (best.goes_out ? " and go out" : "") << '\n';
  Table table;
  table.column("discard");
  table.column("now", Table::Align::Right);
  table.column("points", Table::Align::Right);
  table.column("out next", Table::Align::Right);
  const bool feeding = !s.next_holds.empty() && !s.last;
  if (feeding) table.column("feeds next");
  for (const auto& o : a.options) {
    std::vector<std::string> row = {style.card(o.discard), std::to_string(o.score_now),
                                    points(o.ev), o.goes_out ? "out" : percent(o.p_out)};
    if (feeding) row.emplace_back(o.feeds ? "yes" : "no");
    table.row(row);
  }
  table.print(out, style);
  out << style.dim(s.last ? "now = points = this hand's final score"
                          : "now: points kept after the lay-down; points: expected at the end "
                            "of the round; out next: the next draw goes out")
      << '\n';
  if (feeding) {
    out << style.dim(
               "feeds next: could meld with what the next player holds (counted against "
               "it)")
        << '\n';
  }
}

nlohmann::ordered_json draw_json(const DrawAdvice& a) {
  nlohmann::ordered_json j;
  j["take"] = a.take;
  if (a.take) j["discard"] = to_string(*a.discard);
  if (a.take) j["goes_out"] = a.goes_out;
  j["take_p_out"] = json_rounded(a.take_p_out);
  j["take_ev"] = json_rounded(a.take_ev, 3);
  j["draw_ev"] = json_rounded(a.draw_ev, 3);
  j["draw_p_out"] = json_rounded(a.draw_p_out);
  return j;
}

nlohmann::ordered_json discard_json(const DiscardAdvice& a) {
  nlohmann::ordered_json j;
  const auto& best = a.options.front();
  j["discard"] = to_string(best.discard);
  j["goes_out"] = best.goes_out;
  j["ev"] = json_rounded(best.ev, 3);
  j["p_out"] = json_rounded(best.p_out);
  auto options = nlohmann::ordered_json::array();
  for (const auto& o : a.options) {
    options.push_back({{"discard", to_string(o.discard)},
                       {"goes_out", o.goes_out},
                       {"score", o.score_now},
                       {"ev", json_rounded(o.ev, 3)},
                       {"p_out", json_rounded(o.p_out)},
                       {"feeds", o.feeds}});
  }
  j["options"] = std::move(options);
  return j;
}

nlohmann::ordered_json advice_json(const Situation& s, const Unseen& unseen) {
  if (decision_of(s) == Decision::Draw) return draw_json(advise_draw(s, unseen));
  return discard_json(advise_discard(s, unseen));
}

Expected<nlohmann::ordered_json> answer_request(const nlohmann::json& request) {
  Situation s;
  auto round = round_field(request);
  if (!round) return Failure{round.error()};
  s.round = *round;
  auto hand = hand_field(request);
  if (!hand) return Failure{hand.error()};
  s.hand = std::move(hand).value();
  auto top = card_field(request, "top");
  if (!top) return Failure{top.error()};
  s.top = *top;
  auto seen = cards_field(request, "seen");
  if (!seen) return Failure{seen.error()};
  s.seen = std::move(seen).value();
  auto next_holds = cards_field(request, "next_holds");
  if (!next_holds) return Failure{next_holds.error()};
  s.next_holds = std::move(next_holds).value();
  auto boxes = int_field(request, "boxes", 1, kMaxBoxes);
  if (!boxes) return Failure{boxes.error()};
  s.boxes = boxes->value_or(1);
  auto players = int_field(request, "players", kMinPlayers, kMaxPlayers);
  if (!players) return Failure{players.error()};
  s.players = players->value_or(2);
  auto stock = int_field(request, "stock", 0, kMaxBoxes * kCardsPerBox);
  if (!stock) return Failure{stock.error()};
  s.stock = *stock;
  auto last = bool_field(request, "last");
  if (!last) return Failure{last.error()};
  s.last = last->value_or(false);
  auto unseen = check_situation(s);
  if (!unseen) return Failure{unseen.error()};
  return advice_json(s, *unseen);
}

void run_advise(const AdviseOptions& opts, Context& ctx) {
  if (opts.batch) {
    if (!opts.cards.empty())
      fail("--batch reads requests from stdin; give no cards", ExitCode::Usage);
    run_json_lines(ctx, answer_request);
    return;
  }
  if (opts.cards.empty()) {
    fail("no cards given (e.g. crowns advise 7h 8h Ks --top 9h, or the drawn hand alone)",
         ExitCode::Usage);
  }
  Situation s;
  s.hand = need(parse_cards(opts.cards));
  if (opts.top) s.top = need(parse_card(*opts.top));
  if (!opts.seen.empty()) s.seen = need(parse_cards(opts.seen));
  if (!opts.next_holds.empty()) s.next_holds = need(parse_cards(opts.next_holds));
  s.round = opts.round ? *opts.round
                       : need(implied_round(static_cast<int>(s.hand.size()), s.top.has_value()));
  s.players = opts.players;
  s.stock = opts.stock;
  s.last = opts.last;
  s.boxes = opts.boxes;
  const Unseen unseen = need(check_situation(s));
  if (opts.json) {
    ctx.out << advice_json(s, unseen).dump() << '\n';
  } else if (decision_of(s) == Decision::Draw) {
    print_draw(ctx.out, ctx.style, s, advise_draw(s, unseen));
  } else {
    print_discard(ctx.out, ctx.style, s, advise_discard(s, unseen));
  }
}

}  // namespace

void setup_advise(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<AdviseOptions>();
  auto* sub = app.add_subcommand(
      "advise", "Advise a move: take the top discard or draw, and which card to discard");
  sub->add_option("cards", opts->cards,
                  "Your hand: round+2 cards with --top (before drawing), or round+3 (after)");
  sub->add_option("-t,--top", opts->top, "The top discard (a draw decision)");
  sub->add_option("-r,--round", opts->round, "Round 1-11 (default: from the hand size)")
      ->check(whole_number(1, kRounds));
  sub->add_option("-s,--seen", opts->seen,
                  "Cards out of play: the discard pile, cards others took from it");
  sub->add_option("--next-holds", opts->next_holds,
                  "Cards the next player took from the discard pile and still holds (not in "
                  "--seen)");
  sub->add_option("-p,--players", opts->players, "Players at the table (default 2)")
      ->check(whole_number(kMinPlayers, kMaxPlayers));
  sub->add_option("--stock", opts->stock, "Cards left in the draw pile")
      ->check(whole_number(0, kMaxBoxes * kCardsPerBox));
  sub->add_flag("--last", opts->last, "Someone has gone out: this is your last turn");
  sub->add_option("--boxes", opts->boxes, "Boxes combined (1, or 2 for up to 14 players)")
      ->check(whole_number(1, kMaxBoxes));
  sub->add_flag("--json", opts->json, "Print JSON");
  sub->add_flag("--batch", opts->batch,
                "Read JSON Lines requests from stdin, answer each line at once");
  sub->callback([opts, &ctx] { run_advise(*opts, ctx); });
}

}  // namespace crowns::cli
