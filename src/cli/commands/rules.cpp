// crowns rules: the rules of Five Crowns at a glance, under the rules in force (the club's
// default for new games, or a game's own with --game); crowns rules set: the club's default
// (docs/RULES.md has the whole page and every house option).

#include "crowns/rules.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <array>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli/commands.hpp"
#include "cli/input/new_game.hpp"
#include "cli/session.hpp"
#include "crowns/house_rules.hpp"
#include "crowns/round_order.hpp"
#include "store/db.hpp"
#include "store/house_rules.hpp"
#include "views/report.hpp"
#include "views/scorecard.hpp"

namespace crowns::cli {
namespace {

using Json = nlohmann::ordered_json;

struct RulesOptions {
  bool json = false;
  std::optional<std::int64_t> game;
  // rules set
  std::array<std::optional<std::string>, kHouseSwitches.size()> set{};
  bool standard = false;
};

// The rules in force and whose they are: a game's (--game), else the club's default for new
// games, the standard rules while there is no database yet (nothing is created to say so).
struct InForce {
  HouseRules rules;
  std::optional<std::int64_t> game;
};

InForce rules_in_force(const RulesOptions& opts, Context& ctx) {
  if (!opts.game) {
    std::error_code ec;
    if (!std::filesystem::exists(store::database_path(ctx.options.db), ec)) return {};
  }
  const store::Database db = open_store(ctx, store::Access::Read);
  if (opts.game) {
    const store::Game game = need(store::require_game(db, opts.game, store::Pick::Latest));
    return {game.rules, game.id};
  }
  return {store::club_rules(db), std::nullopt};
}

// What a switch's value means, in at most 40 columns (a line of `crowns rules` fits 80).
std::string switch_meaning(HouseSwitch which, const HouseRules& rules) {
  switch (which) {
    case HouseSwitch::Order:
      switch (rules.order) {
        case RoundOrder::Up: return "rounds deal 3 cards up to 13";
        case RoundOrder::Down: return "rounds deal 13 cards down to 3";
        case RoundOrder::Random: return "each round's cards drawn as it is dealt";
      }
      break;
    case HouseSwitch::WildMelds:
      return rules.wild_melds == WildMelds::Count ? "a meld of wild cards only counts"
                                                  : "a meld of wild cards only does not count";
    case HouseSwitch::BookSuits:
      return rules.book_suits == BookSuits::Any ? "a book's natural cards may share a suit"
                                                : "a book's natural cards differ in suit";
    case HouseSwitch::Leads:
      return rules.leads == Leads::LeftOfDealer ? "left of the dealer starts a round"
                                                : "who went out first last round starts";
    case HouseSwitch::Ties:
      return rules.ties == Ties::Shared ? "a tie for the lowest total is shared"
                                        : "a tie for the lowest total: tie-break";
  }
  return "";
}

Json in_force_json(const InForce& in_force) {
  Json options = Json::array();
  for (const HouseSwitch s : kHouseSwitches) {
    if (switch_word(in_force.rules, s) != switch_word(HouseRules{}, s))
      options.push_back(std::string(switch_name(s)));
  }
  return Json{{"of", in_force.game ? Json(*in_force.game) : Json("club")},
              {"rules", house_rules_json<Json>(in_force.rules)},
              {"standard", in_force.rules.is_standard()},
              {"house_options", options}};
}

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

Json rules_json(const InForce& in_force) {
  // The rounds in the order in force; a random order's are drawn as they are dealt.
  Json rounds = nullptr;
  if (in_force.rules.order != RoundOrder::Random) {
    rounds = Json::array();
    for (int r = 1; r <= kRounds; ++r) {
      const RoundDeal deal = round_deal(in_force.rules.order, r);
      rounds.push_back(Json{
          {"round", r}, {"cards", deal.cards}, {"wild", std::string(rank_name(deal.wild_rank))}});
    }
  }
  return Json{{"in_force", in_force_json(in_force)},
              {"cards_per_box", kCardsPerBox},
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

void print_in_force(std::ostream& out, const Style& style, const InForce& in_force) {
  const std::string whose = in_force.game
                                ? "game " + std::to_string(*in_force.game) + "'s rules"
                                : "the club's rules for new games (crowns rules set changes them)";
  section(out, style, "In force", {whose});
  for (const HouseSwitch s : kHouseSwitches) {
    const bool house = switch_word(in_force.rules, s) != switch_word(HouseRules{}, s);
    std::string name(switch_name(s));
    std::replace(name.begin(), name.end(), '_', ' ');
    out << std::string(10, ' ')
        << fmt::format("{:<11}{:<9}{}{}", name, switch_word(in_force.rules, s),
                       switch_meaning(s, in_force.rules), house ? " *" : "")
        << '\n';
  }
  out << std::string(10, ' ')
      << (in_force.rules.is_standard() ? std::string("the standard rules")
                                       : std::string("* a house option, not the standard rule"))
      << '\n';
}

void run_rules(const RulesOptions& opts, Context& ctx) {
  const InForce in_force = rules_in_force(opts, ctx);
  const HouseRules& rules = in_force.rules;
  if (opts.json) {
    ctx.out << dump_json(rules_json(in_force)) << '\n';
    return;
  }
  const Style& style = ctx.style;
  std::string suits;
  for (const Suit s : {Suit::Stars, Suit::Hearts, Suit::Clubs, Suit::Spades, Suit::Diamonds})
    suits += (suits.empty() ? "" : " ") + style.suit(s);
  std::ostream& out = ctx.out;
  out << style.bold("Five Crowns at a glance") << " (the whole page: docs/RULES.md)\n\n";
  print_in_force(out, style, in_force);
  out << '\n';
  const std::string cards =
      fmt::format("{} per box: {} suits ({}) x 3 to K, each twice, + {} jokers", kCardsPerBox,
                  kSuitCount, suits, kJokersPerBox);
  section(out, style, "Cards", {cards, "no aces and no 2s"});
  section(out, style, "Values",
          {"left in hand: 3-10 face value, J 11, Q 12, K 13,",
           "a card of the round's wild rank 20, a joker 50"});
  out << '\n';
  if (rules.order == RoundOrder::Random) {
    section(out, style, "Rounds",
            {"random order: each round's cards (3 to 13, every count once) are drawn",
             "when the round is dealt and shown then, never before; the wild rank",
             "is the number of cards dealt"});
  } else {
    out << style.bold("Round Cards Wild") << '\n';
    for (int r = 1; r <= kRounds; ++r) {
      const RoundDeal deal = round_deal(rules.order, r);
      out << fmt::format("{:>5} {:>5}  {}s", r, deal.cards, rank_name(deal.wild_rank)) << '\n';
    }
  }
  out << '\n';
  const std::string one_box =
      fmt::format("{} to {} on one box (with {} the discard pile is reshuffled into a new",
                  kMinPlayers, max_players(1), max_players(1));
  const std::string two_boxes = fmt::format("draw pile when it runs out); {} to {} with two boxes",
                                            max_players(1) + 1, max_players(2));
  section(out, style, "Players",
          {one_box, two_boxes, "(crowns new --boxes 2)",
           rules.leads == Leads::LeftOfDealer
               ? "the deal moves one seat left each round; left of the dealer starts"
               : "the deal moves one seat left each round; whoever went out first"});
  if (rules.leads == Leads::FirstOut) {
    out << std::string(10, ' ') << "last round starts (round 1: left of the dealer)\n";
  }
  section(out, style, "Turn",
          {"draw one (the draw pile, or the top discard), then discard one",
           "only the next player may take a discard, before drawing"});
  section(out, style, "Melds",
          {rules.book_suits == BookSuits::Any
               ? "book: 3+ cards of one rank, any suits, duplicates allowed"
               : "book: 3+ cards of one rank, its natural cards of different suits",
           "run: 3+ cards in a row of one suit, 3 up to K, no wrapping",
           rules.wild_melds == WildMelds::Count
               ? "wilds (the round's rank and jokers) stand in anywhere, any number"
               : "wilds (the round's rank and jokers) stand in anywhere, but a meld"});
  if (rules.wild_melds == WildMelds::DoNotCount) {
    out << std::string(10, ' ') << "needs a natural card: one of wild cards only does not count\n";
  }
  section(out, style, "Going out",
          {"lay down all your cards but one in books and runs and discard the",
           "last: 0 points; everyone else has one last turn, lays down what they",
           "can and scores the rest"});
  section(out, style, "Winner",
          {"the lowest total after round 11; no playing on another player's melds"});
  if (rules.ties == Ties::Shared) {
    section(out, style, "Ties",
            {"shared, unless the tied players play a 6-card tie-break round",
             "(6s wild), lowest score wins: crowns tiebreak NAME=VALUE..."});
  } else {
    section(out, style, "Ties",
            {"the tied players play a 6-card tie-break round (6s wild), lowest",
             "score wins; the game is not over until it is recorded:",
             "crowns tiebreak NAME=VALUE..."});
  }
  section(
      out, style, "Solitaire",
      {"11 face-up piles of 3 to 13 cards (pile k wild as round k), 28 in",
       "the stock; turn a card, play it into one pile and discard one from",
       "it; a pile that can go out is closed; close all 11 before the stock", "runs out to win"});
}

void run_set(const RulesOptions& opts, Context& ctx) {
  store::RulesChoice choice;
  for (const HouseSwitch s : kHouseSwitches) {
    const auto& word = opts.set.at(static_cast<std::size_t>(s));
    if (!word) continue;
    if (auto set = choice.set(s, *word); !set) fail(switch_flag(s) + " " + set.error());
  }
  if (choice.empty() && !opts.standard) {
    std::string flags;
    for (const HouseSwitch s : kHouseSwitches)
      flags += " [" + switch_flag(s) + " " + switch_choices(s) + "]";
    fail("crowns rules set needs a switch to set:" + flags + ", or --standard", ExitCode::Usage);
  }
  const auto [before, after] = write_store(ctx, [&](store::Database& db) {
    const HouseRules was = store::club_rules(db);
    const HouseRules now = choice.over(opts.standard ? HouseRules{} : was);
    store::set_club_rules(db, now);
    return std::pair{was, now};
  });
  const InForce in_force{after, std::nullopt};
  if (opts.json) {
    ctx.out << dump_json(in_force_json(in_force)) << '\n';
    return;
  }
  ctx.out << (before == after ? "The club's rules stay " : "The club's rules for new games: ")
          << (after.is_standard() ? std::string("the standard rules")
                                  : views::house_options_text(after))
          << " (" << describe(after) << ")\n";
  if (before != after) ctx.out << "Games already started keep their own rules.\n";
}

}  // namespace

void setup_rules(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<RulesOptions>();
  auto* sub = app.add_subcommand(
      "rules", "The rules of Five Crowns at a glance, under the rules in force; set the club's");
  sub->add_flag("--json", opts->json, "Print the rules in force, round table and values as JSON");
  sub->add_option("--game", opts->game, "The rules of this game (default: the club's)")
      ->type_name("ID");
  auto* set = sub->add_subcommand(
      "set", "Set the club's rules for new games: crowns rules set --order down --leads out");
  for (const HouseSwitch s : kHouseSwitches) {
    set->add_option(switch_flag(s), opts->set.at(static_cast<std::size_t>(s)), house_switch_help(s))
        ->type_name(switch_choices(s));
  }
  set->add_flag("--standard", opts->standard,
                "Start from the standard rules (the switches given still apply)");
  set->add_flag("--json", opts->json, "Print the club's rules as JSON");
  sub->require_subcommand(0, 1);
  sub->callback([opts, set, &ctx] {
    if (set->parsed()) {
      run_set(*opts, ctx);
    } else {
      run_rules(*opts, ctx);
    }
  });
}

}  // namespace crowns::cli
