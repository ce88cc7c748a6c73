// crowns rules: the rules of Five Crowns at a glance (docs/RULES.md has the whole page).

#include "crowns/rules.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "views/report.hpp"

namespace crowns::cli {
namespace {

using Json = nlohmann::ordered_json;

struct RulesOptions {
  bool json = false;
};

// One headed paragraph; the text is plain ASCII so that --ascii output stays ASCII.
// Each line fits 80 columns after the 10-column head (test_manual.sh checks).
void section(std::ostream& out, const Style& style, std::string_view head,
             std::initializer_list<std::string_view> lines) {
  bool first = true;
  for (const auto line : lines) {
    out << (first ? style.bold(pad_right(head, 10)) : std::string(10, ' ')) << line << '\n';
    first = false;
  }
}

Json rules_json() {
  Json rounds = Json::array();
  for (int r = 1; r <= kRounds; ++r) {
    rounds.push_back(Json{{"round", r},
                          {"cards", cards_in_round(r)},
                          {"wild", std::string(rank_name(wild_rank_of_round(r)))}});
  }
  return Json{{"cards_per_box", kCardsPerBox},
              {"jokers_per_box", kJokersPerBox},
              {"copies_per_box", kCopiesPerBox},
              {"values", Json{{"3-10", "face value"},
                              {"J", 11},
                              {"Q", 12},
                              {"K", 13},
                              {"wild", kWildPoints},
                              {"joker", kJokerPoints}}},
              {"rounds", rounds},
              {"players", Json{{"one_box", fmt::format("{}-{}", kMinPlayers, max_players(1))},
                               {"two_boxes", fmt::format("{}-{}", kMinPlayers, max_players(2))},
                               {"reshuffle_from", max_players(1)}}},
              {"tiebreak", Json{{"cards", kTieBreakCards}, {"wild", "6"}}}};
}

void run_rules(const RulesOptions& opts, Context& ctx) {
  if (opts.json) {
    ctx.out << dump_json(rules_json()) << '\n';
    return;
  }
  const Style& style = ctx.style;
  std::string suits;
  for (const Suit s : {Suit::Stars, Suit::Hearts, Suit::Clubs, Suit::Spades, Suit::Diamonds})
    suits += (suits.empty() ? "" : " ") + style.suit(s);
  std::ostream& out = ctx.out;
  out << style.bold("Five Crowns at a glance") << " (the whole page: docs/RULES.md)\n\n";
  const std::string cards =
      fmt::format("{} per box: {} suits ({}) x 3 to K, each twice, + {} jokers", kCardsPerBox,
                  kSuitCount, suits, kJokersPerBox);
  section(out, style, "Cards", {cards, "no aces and no 2s"});
  section(out, style, "Values",
          {"left in hand: 3-10 face value, J 11, Q 12, K 13,",
           "a card of the round's wild rank 20, a joker 50"});
  out << '\n' << style.bold("Round Cards Wild") << '\n';
  for (int r = 1; r <= kRounds; ++r) {
    out << fmt::format("{:>5} {:>5}  {}", r, cards_in_round(r), wild_label(r)) << '\n';
  }
  out << '\n';
  const std::string one_box =
      fmt::format("{} to {} on one box (with {} the discard pile is reshuffled into a new",
                  kMinPlayers, max_players(1), max_players(1));
  const std::string two_boxes = fmt::format("draw pile when it runs out); {} to {} with two boxes",
                                            max_players(1) + 1, max_players(2));
  section(out, style, "Players",
          {one_box, two_boxes, "(crowns new --boxes 2)",
           "the deal moves one seat left each round; left of the dealer starts"});
  section(out, style, "Turn",
          {"draw one (the draw pile, or the top discard), then discard one",
           "only the next player may take a discard, before drawing"});
  section(out, style, "Melds",
          {"book: 3+ cards of one rank, any suits, duplicates allowed",
           "run: 3+ cards in a row of one suit, 3 up to K, no wrapping",
           "wilds (the round's rank and jokers) stand in anywhere, any number"});
  section(out, style, "Going out",
          {"lay down all your cards but one in books and runs and discard the",
           "last: 0 points; everyone else has one last turn, lays down what they",
           "can and scores the rest"});
  section(out, style, "Winner",
          {"the lowest total after round 11; no playing on another player's melds"});
  section(out, style, "Ties",
          {"shared, or (house option) the tied players play a 6-card tie-break",
           "round (6s wild), lowest score wins: crowns tiebreak NAME=VALUE..."});
  section(
      out, style, "Solitaire",
      {"11 face-up piles of 3 to 13 cards (pile k wild as round k), 28 in",
       "the stock; turn a card, play it into one pile and discard one from",
       "it; a pile that can go out is closed; close all 11 before the stock", "runs out to win"});
}

}  // namespace

void setup_rules(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<RulesOptions>();
  auto* sub = app.add_subcommand("rules", "The rules of Five Crowns at a glance");
  sub->add_flag("--json", opts->json, "Print the round table and card values as JSON");
  sub->callback([opts, &ctx] { run_rules(*opts, ctx); });
}

}  // namespace crowns::cli
