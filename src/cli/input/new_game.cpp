#include "cli/input/new_game.hpp"

#include <CLI/CLI.hpp>

#include "cli/asking.hpp"
#include "cli/options.hpp"
#include "cli/session.hpp"
#include "crowns/date.hpp"
#include "crowns/names.hpp"
#include "crowns/rules.hpp"
#include "store/db.hpp"
#include "table/keeper.hpp"

namespace crowns::cli {

StartedGame start_at_terminal(Context& ctx, store::Database& db, const store::NewGame& spec,
                              const NewGameFlags& flags, bool may_ask) {
  // A second table on purpose says --another and is not asked; without a terminal nobody can
  // be, so the game is refused (naming the game in progress and --another), not created.
  // A new name close to a roster name ("Bbo" beside "Bob") is asked about at the terminal;
  // in a script, --add is the choice made ahead.
  TerminalAsker terminal(ctx);
  table::AnsweredAhead second_table({table::Question::InProgress, table::Question::NewPlayer});
  table::AnsweredAhead script({table::Question::NewPlayer});
  table::Asker& asker = flags.another                    ? static_cast<table::Asker&>(second_table)
                        : stdin_is_terminal() && may_ask ? static_cast<table::Asker&>(terminal)
                                                         : static_cast<table::Asker&>(script);
  StartedGame started;
  started.game = need_table(table::start_game(db, spec, asker), "--another");
  for (auto& game : store::games_in_progress(db, store::InProgress::Rounds)) {
    if (game.id != started.game.id) started.others.push_back(std::move(game));
  }
  return started;
}

void note_others_in_progress(Context& ctx, const StartedGame& started) {
  const auto& others = started.others;
  if (others.empty()) return;
  std::string list;
  for (const auto& g : others) list += (list.empty() ? "" : ", ") + describe_game(g);
  const std::string id = std::to_string(started.game.id);
  const std::string other = std::to_string(others.front().id);
  ctx.out << "Note: " << sanitize(list) << (others.size() == 1 ? " is" : " are")
          << " still in progress too: name the game a round is for, e.g. crowns round --game " << id
          << " VALUES... ("
          << (others.size() == 1 ? "crowns abandon --game " + other + " ends game " + other
                                 : std::string("crowns abandon --game ID ends one"))
          << ")\n";
}

std::string house_switch_help(HouseSwitch which) {
  static constexpr std::array<const char*, kHouseSwitches.size()> kHelp = {
      "House rule: the order of the rounds", "House rule: whether a meld of wild cards only counts",
      "House rule: whether a book's natural cards may repeat a suit",
      "House rule: who starts a round, left of the dealer or who went out last round",
      "House rule: a tie for the lowest total is shared, or settled by a 6-card tie-break"};
  return kHelp.at(static_cast<std::size_t>(which));
}

void add_new_game_options(CLI::App& sub, NewGameFlags& flags) {
  sub.add_option("--dealer", flags.dealer, "Who deals round 1 (default: the first player)")
      ->type_name("NAME");
  sub.add_option("--boxes", flags.boxes, "Boxes of cards (default: 1, or 2 for 9 to 14 players)")
      ->check(whole_number(1, 2));
  sub.add_option("--date", flags.date, "Date played, YYYY-MM-DD (default: today)")
      ->type_name("YYYY-MM-DD");
  sub.add_option("--note", flags.note, "A note, e.g. where you played");
  sub.add_flag("-a,--add", flags.add, "Add players not seen before");
  sub.add_flag("--another", flags.another,
               "Start it even while another game is in progress (a second table)");
  for (const HouseSwitch s : kHouseSwitches) {
    const auto i = static_cast<std::size_t>(s);
    sub.add_option(
           switch_flag(s), flags.rules.at(i),
           house_switch_help(s) + (s == HouseSwitch::Order ? " (default: the club's, crowns rules)"
                                                           : " (default: the club's)"))
        ->type_name(switch_choices(s));
  }
  sub.add_option("--seed", flags.seed,
                 "With --order random: deal the rounds from this seed (the same seed, the same "
                 "rounds)")
      ->type_name("N");
}

store::RulesChoice rules_choice(const NewGameFlags& flags) {
  store::RulesChoice choice;
  for (const HouseSwitch s : kHouseSwitches) {
    const auto& word = flags.rules.at(static_cast<std::size_t>(s));
    if (!word) continue;
    if (auto set = choice.set(s, *word); !set) fail(switch_flag(s) + " " + set.error());
  }
  return choice;
}

store::NewGame new_game_spec(const std::vector<std::string>& players, const NewGameFlags& flags) {
  // A game is recorded on or after the day it is played: a future date is a typo (2099 for
  // 2026), and would sort the game after every real one.
  const std::string today = store::today();
  if (flags.date && is_valid_date(*flags.date) && *flags.date > today) {
    fail("--date " + quote_token(*flags.date) + " is after today (" + today +
         "); give the day the game was played");
  }
  // --note '' is no note, as it is for `crowns details` (not a "Note:" line with nothing on it).
  const auto note = flags.note && flags.note->empty() ? std::nullopt : flags.note;
  return {.players = players,
          .dealer = flags.dealer,
          .boxes = flags.boxes.value_or(boxes_for(static_cast<int>(players.size()))),
          .date = flags.date.value_or(store::today()),
          .note = note,
          .add_unknown = flags.add,
          .rules = rules_choice(flags),
          .deal_seed = flags.seed};
}

}  // namespace crowns::cli
