// crowns tonight: one evening's games, who won each, and its highlights.

#include "crowns/tonight.hpp"

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/input/rule_set.hpp"
#include "cli/session.hpp"
#include "crowns/date.hpp"
#include "crowns/plural.hpp"
#include "store/history.hpp"
#include "store/timeline.hpp"
#include "views/report.hpp"
#include "views/rule_sets.hpp"

namespace crowns::cli {
namespace {

using Json = nlohmann::ordered_json;

struct TonightOptions {
  std::optional<std::string> date;
  std::optional<std::string> rules;  ///< --rules: one rule set only.
  bool json = false;
};

// "+3.21", "-0.40", "+0.00".
std::string signed_change(double value) {
  const std::string text = fixed(value, 2);
  return text.front() == '-' ? text : "+" + text;
}

std::string winners_text(const tonight::GameLine& line, const Names& names, bool display) {
  std::string text;
  for (std::size_t i = 0; i < line.winners.size(); ++i) {
    text += i == 0 ? "" : (i + 1 == line.winners.size() ? " and " : ", ");
    text += display ? names.display(line.winners[i]) : names.name(line.winners[i]);
  }
  return text;
}

using Times = std::unordered_map<std::int64_t, store::timeline::GameTimes>;

// A game's length in seconds, or -1 when not known (a plain value: GCC's -Wmaybe-uninitialized
// misreads an optional copied into JSON).
std::int64_t game_length(const Times& times, std::int64_t game) {
  const auto it = times.find(game);
  if (it == times.end()) return -1;
  return it->second.duration().value_or(-1);
}

Json evening_json(const tonight::Evening& e, const Names& names, const Times& times) {
  Json games = Json::array();
  std::int64_t seconds = 0;
  bool all_timed = !e.games.empty();
  for (const auto& g : e.games) {
    Json winners = Json::array();
    for (auto p : g.winners) winners.push_back(names.name(p));
    const std::int64_t length = game_length(times, g.game);
    if (length >= 0)
      seconds += length;
    else
      all_timed = false;
    games.push_back(Json{{"game", g.game},
                         {"winners", winners},
                         {"total", g.winning_total},
                         {"duration_s", length >= 0 ? Json(length) : Json(nullptr)}});
  }
  Json j{{"date", e.date},
         {"games", games},
         {"duration_s", all_timed ? Json(seconds) : Json(nullptr)}};
  j["best_round"] = e.best_round ? Json{{"game", e.best_round->game},
                                        {"round", e.best_round->round},
                                        {"player", names.name(e.best_round->player)},
                                        {"left", e.best_round->left}}
                                 : Json(nullptr);
  j["closest_finish"] = e.closest_finish
                            ? Json{{"game", e.closest_finish->game},
                                   {"winner", names.name(e.closest_finish->winner)},
                                   {"runner_up", names.name(e.closest_finish->runner_up)},
                                   {"margin", e.closest_finish->margin},
                                   {"decided_by", decided_by_name(e.closest_finish->tie)}}
                            : Json(nullptr);
  j["biggest_comeback"] = e.biggest_comeback
                              ? Json{{"game", e.biggest_comeback->game},
                                     {"player", names.name(e.biggest_comeback->player)},
                                     {"deficit", e.biggest_comeback->value},
                                     {"round", e.biggest_comeback->round}}
                              : Json(nullptr);
  Json outs = Json::array();
  for (const auto& o : e.most_outs)
    outs.push_back(Json{{"player", names.name(o.player)}, {"outs", o.outs}});
  j["most_outs"] = outs;
  Json ratings = Json::array();
  for (const auto& r : e.ratings) {
    ratings.push_back(Json{{"player", names.name(r.player)},
                           {"before", rounded(r.before, 4)},
                           {"after", rounded(r.after, 4)},
                           {"change", rounded(r.change(), 4)}});
  }
  j["ratings"] = ratings;
  return j;
}

void print_evening(Context& ctx, const tonight::Evening& e, const Names& names, const Times& times,
                   const std::string& heading, const std::vector<RuleSetCount>& sets) {
  const Style& st = ctx.style;
  std::int64_t seconds = 0;
  bool all_timed = true;
  Table games;
  games.column("Game", Table::Align::Right);
  games.column("Winner");
  games.column("Total", Table::Align::Right);
  games.column("Time", Table::Align::Right);
  for (const auto& g : e.games) {
    const std::int64_t length = game_length(times, g.game);
    if (length >= 0)
      seconds += length;
    else
      all_timed = false;
    games.row({std::to_string(g.game), winners_text(g, names, true),
               std::to_string(g.winning_total),
               length >= 0 ? store::timeline::length_text(length) : "-"});
  }
  ctx.out << st.bold("Tonight") << ": " << e.date << " ("
          << counted(static_cast<int>(e.games.size()), "game")
          << (all_timed ? ", " + store::timeline::length_text(seconds) : "") << ")" << heading
          << '\n';
  print_rule_sets_note(ctx.out, sets);
  print_trimmed(ctx.out, st, games);
  ctx.out << '\n';
  auto line = [&](std::string_view label, const std::string& value) {
    ctx.out << pad_right(label, 17) << value << '\n';
  };
  if (e.best_round) {
    const auto& b = *e.best_round;
    line("Best round", names.display(b.player) + " went out in round " + std::to_string(b.round) +
                           " of game " + std::to_string(b.game) + ", the others scored " +
                           counted(b.left, "point"));
  }
  if (e.closest_finish) {
    const auto& c = *e.closest_finish;
    line("Closest finish",
         "game " + std::to_string(c.game) + ": " +
             closest_finish_text(c, names.display(c.winner), names.display(c.runner_up)));
  }
  if (e.biggest_comeback) {
    const auto& c = *e.biggest_comeback;
    line("Biggest comeback", names.display(c.player) + " in game " + std::to_string(c.game) + ": " +
                                 std::to_string(c.value) + " behind after round " +
                                 std::to_string(c.round) + ", still won");
  }
  if (!e.most_outs.empty()) {
    std::string who;
    for (std::size_t i = 0; i < e.most_outs.size(); ++i)
      who += (i ? ", " : "") + names.display(e.most_outs[i].player);
    line("Went out most", who + " (" + counted(e.most_outs.front().outs, "round") + ")");
  }
  ctx.out << '\n';
  Table ratings;
  ratings.column("Player");
  ratings.column("Rating before", Table::Align::Right);
  ratings.column("After", Table::Align::Right);
  ratings.column("Change", Table::Align::Right);
  for (const auto& r : e.ratings) {
    ratings.row({names.display(r.player), fixed(r.before, 2), fixed(r.after, 2),
                 signed_change(r.change())});
  }
  print_trimmed(ctx.out, st, ratings);
  ctx.out << st.dim(tonight::ratings_order_text()) << '\n';
}

void run_tonight(const TonightOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Read);
  if (opts.date && !is_valid_date(*opts.date)) {
    fail("--date '" + *opts.date + "' is not a date; write YYYY-MM-DD, e.g. 2026-01-15",
         ExitCode::Usage);
  }
  const std::optional<std::string> date =
      opts.date ? opts.date : store::timeline::last_played_on(db);
  if (!date) fail("no finished game yet: tonight shows an evening's finished games");
  const Period evening{*date, *date, *date};
  const std::optional<HouseRules> only = read_rule_set(opts.rules);
  const auto games = store::load_results(
      db, {.until = *date, .rounds_in = evening, .rounds_of = std::nullopt, .rules = only});
  const tonight::Evening e = tonight::evening_of(games, *date);
  const auto sets = rule_sets_of(games, evening);
  const Names names(db);
  const auto times = store::timeline::all_game_times(db);
  if (opts.json) {
    Json j = evening_json(e, names, times);
    add_rule_sets_json(j, only, sets);
    ctx.out << dump_json(j) << '\n';
    return;
  }
  if (e.games.empty()) {
    ctx.out << "No finished games on " << *date << '\n';
    return;
  }
  print_evening(ctx, e, names, times, views::rule_set_heading(only), sets);
}

}  // namespace

void setup_tonight(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<TonightOptions>();
  auto* sub = app.add_subcommand(
      "tonight", "One evening's games: winners, best round, closest finish, ratings moved");
  sub->add_option("--date", opts->date, "The evening (default: the last day games were finished)")
      ->type_name("YYYY-MM-DD");
  add_rule_set_option(*sub, opts->rules);
  sub->add_flag("--json", opts->json, "Print JSON");
  sub->callback([opts, &ctx] { run_tonight(*opts, ctx); });
}

}  // namespace crowns::cli
