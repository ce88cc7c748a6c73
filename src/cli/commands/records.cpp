// crowns records: the records of a period.

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/input/period.hpp"
#include "cli/input/rule_set.hpp"
#include "cli/session.hpp"
#include "crowns/plural.hpp"
#include "crowns/profile.hpp"
#include "store/timeline.hpp"
#include "views/period_times.hpp"
#include "views/report.hpp"
#include "views/rule_sets.hpp"
#include "views/scorecard.hpp"

namespace crowns::cli {
namespace {

using Json = nlohmann::ordered_json;

struct RecordsOptions {
  PeriodOptions period;
  std::optional<std::string> rules;  ///< --rules: one rule set only.
  bool json = false;
};

struct Kind {
  const char* key;
  const char* title;
  std::optional<Record> Records::*field;
};
constexpr Kind kKinds[] = {
    {"lowest_winning_total", "Lowest winning total", &Records::lowest_winning_total},
    {"highest_round", "Highest round score", &Records::highest_round},
    {"most_outs", "Most rounds gone out", &Records::most_outs},
    {"biggest_comeback", "Biggest comeback", &Records::biggest_comeback},
    {"highest_total", "Highest total", &Records::highest_total},
};

// A record shared by more holders is one line naming the first two ("and 24 more").
constexpr std::size_t kMaxHolderLines = 3;

// Everyone who holds the record, the first to reach it first.
std::vector<RecordHolder> holders(const Record& r) {
  std::vector<RecordHolder> all{{.game = r.game,
                                 .date = r.date,
                                 .player = r.player,
                                 .round = r.round,
                                 .rules = r.rules,
                                 .wild_rank = r.wild_rank}};
  all.insert(all.end(), r.shared.begin(), r.shared.end());
  return all;
}

// A record held more than kMaxHolderLines times, in one cell: the first two players to
// reach it and how many more players ("Ann, Bob and 24 more"), with the number of times when
// players hold it more than once ("Ann, Bob and 11 more (26 times)", "Bob, 11 times").
std::string capped_holders(const std::vector<RecordHolder>& all, const Names& names) {
  std::vector<std::int64_t> players;
  for (const auto& h : all) {
    if (std::find(players.begin(), players.end(), h.player) == players.end())
      players.push_back(h.player);
  }
  const std::string times =
      players.size() == all.size() ? "" : " (" + std::to_string(all.size()) + " times)";
  if (players.size() == 1)
    return names.display(players[0]) + ", " + std::to_string(all.size()) + " times";
  if (players.size() == 2)
    return names.display(players[0]) + " and " + names.display(players[1]) + times;
  return names.display(players[0]) + ", " + names.display(players[1]) + " and " +
         std::to_string(players.size() - 2) + " more" + times;
}

// What the value means, after it: "(round 11, Ks wild)", "behind by 40 after round 6".
std::string detail(const Kind& kind, const RecordHolder& r) {
  const std::string key = kind.key;
  if (key == "highest_round") {
    // The wild under the game's order: a down game's round 1 is Kings.
    return "round " + std::to_string(r.round) +
           (r.wild_rank > 0 ? ", " + wild_rank_label(r.wild_rank) + " wild" : "");
  }
  if (key == "biggest_comeback")
    return "behind the leader after round " + std::to_string(r.round) + ", still won";
  if (key == "most_outs") return "rounds in one game";
  return "";
}

struct TimeKind {
  const char* key;
  const char* title;
  std::optional<views::TimeRecord> views::TimeRecords::*field;
};
constexpr TimeKind kTimeKinds[] = {
    {"longest_game", "Longest game", &views::TimeRecords::longest_game},
    {"shortest_game", "Shortest game", &views::TimeRecords::shortest_game},
    {"slowest_round", "Slowest round", &views::TimeRecords::slowest_round},
};

void add_time_records_json(Json& j, const views::TimeRecords& rec) {
  for (const auto& kind : kTimeKinds) {
    const auto& r = rec.*kind.field;
    if (!r) {
      j[kind.key] = nullptr;
      continue;
    }
    Json item{{"game", r->game}, {"date", r->date}};
    if (r->round > 0) item["round"] = r->round;
    item["duration_s"] = r->seconds;
    item["rules"] = views::record_rules_json(r->rules);
    j[kind.key] = item;
  }
}

// The Rules column: shown when a record is held in a game of house rules, which it names
// (views::house_options_text); empty for the standard rules.
struct RulesColumn {
  bool shown = false;
  void add(std::vector<std::string> cells, const HouseRules& rules, Table& table) const {
    if (shown) cells.push_back(views::house_options_text(rules));
    table.row(std::move(cells));
  }
};

void add_time_records_rows(Table& table, const views::TimeRecords& rec, const RulesColumn& rules) {
  for (const auto& kind : kTimeKinds) {
    const auto& r = rec.*kind.field;
    if (!r) {
      rules.add({kind.title, "-", "", "", "", "times not known"}, HouseRules{}, table);
      continue;
    }
    rules.add({kind.title, store::timeline::length_text(r->seconds), "", std::to_string(r->game),
               r->date, r->round > 0 ? "round " + std::to_string(r->round) : ""},
              r->rules, table);
  }
}

// Whether any record shown is held in a game of house rules.
bool any_house_rules(const Records& rec, const views::TimeRecords& time) {
  for (const auto& kind : kKinds) {
    const auto& r = rec.*kind.field;
    if (!r) continue;
    for (const auto& h : holders(*r)) {
      if (!h.rules.is_standard()) return true;
    }
  }
  for (const auto& kind : kTimeKinds) {
    const auto& r = time.*kind.field;
    if (r && !r->rules.is_standard()) return true;
  }
  return false;
}

void run_records(const RecordsOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Read);
  const Period period = resolve_period(db, opts.period);
  const std::optional<HouseRules> only = read_rule_set(opts.rules);
  const auto games = store::load_results(
      db, {.until = period.to, .rounds_in = period, .rounds_of = std::nullopt, .rules = only});
  const Records rec = find_records(games, period);
  const auto sets = rule_sets_of(games, period);
  const Names names(db);
  const views::TimeRecords time =
      views::time_records(store::timeline::all_game_times(db), games, period);
  if (opts.json) {
    Json j{{"period", period_json(period)}, {"games", rec.games}};
    add_rule_sets_json(j, only, sets);
    for (const auto& kind : kKinds) {
      const auto& r = rec.*kind.field;
      if (!r) {
        j[kind.key] = nullptr;
        continue;
      }
      Json item{{"player", names.name(r->player)},
                {"value", r->value},
                {"game", r->game},
                {"date", r->date}};
      if (r->round > 0) item["round"] = r->round;
      if (std::string_view(kind.key) == "highest_round") {
        item["wild"] = r->wild_rank > 0 ? Json(wild_rank_label(r->wild_rank)) : Json(nullptr);
      }
      item["rules"] = views::record_rules_json(r->rules);
      item["holders"] = Json::array();
      for (const auto& h : holders(*r)) {
        Json holder{{"player", names.name(h.player)}, {"game", h.game}, {"date", h.date}};
        if (h.round > 0) holder["round"] = h.round;
        holder["rules"] = views::record_rules_json(h.rules);
        item["holders"].push_back(holder);
      }
      j[kind.key] = item;
    }
    add_time_records_json(j, time);
    ctx.out << dump_json(j) << '\n';
    return;
  }
  ctx.out << ctx.style.bold("Records") << ": " << sanitize(period.label)
          << views::rule_set_heading(only) << " (" << counted(rec.games, "game") << ")\n";
  print_rule_sets_note(ctx.out, sets);
  if (rec.games == 0) {
    ctx.out << "  No finished games in this period"
            << (period.from || period.to ? " (--all covers every game)" : "") << '\n';
    return;
  }
  Table table;
  table.column("Record");
  table.column("Value", Table::Align::Right);
  table.column("Player");
  table.column("Game", Table::Align::Right);
  table.column("Date");
  table.column("");
  const RulesColumn rules{.shown = any_house_rules(rec, time)};
  if (rules.shown) table.column("Rules");
  for (const auto& kind : kKinds) {
    const auto& r = rec.*kind.field;
    if (!r) {
      rules.add({kind.title, "-", "", "", "", ""}, HouseRules{}, table);
      continue;
    }
    const std::vector<RecordHolder> all = holders(*r);
    if (all.size() > kMaxHolderLines) {  // "Ann, Bob and 24 more": --json lists them all
      const RecordHolder& h = all.front();
      rules.add({kind.title, std::to_string(r->value), capped_holders(all, names),
                 std::to_string(h.game), h.date, detail(kind, h)},
                h.rules, table);
      continue;
    }
    bool first = true;
    for (const auto& h : all) {  // a shared record: one line per holder
      rules.add({first ? kind.title : "", first ? std::to_string(r->value) : "",
                 names.display(h.player), std::to_string(h.game), h.date, detail(kind, h)},
                h.rules, table);
      first = false;
    }
  }
  add_time_records_rows(table, time, rules);
  print_trimmed(ctx.out, ctx.style, table);
}

}  // namespace

void setup_records(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<RecordsOptions>();
  auto* sub =
      app.add_subcommand("records", "Records of a period: lowest win, highest round, comebacks");
  add_period_options(*sub, opts->period);
  add_rule_set_option(*sub, opts->rules);
  sub->add_flag("--json", opts->json, "Print JSON");
  sub->callback([opts, &ctx] { run_records(*opts, ctx); });
}

}  // namespace crowns::cli
