#include "cli/views/solitaire.hpp"

#include "crowns/plural.hpp"
#include "crowns/rules.hpp"
#include "views/hand.hpp"
#include "views/local_time.hpp"
#include "views/report.hpp"

namespace crowns::cli {
namespace {

using Json = nlohmann::ordered_json;
using solitaire::kPiles;
using solitaire::pile_size;
using solitaire::pile_wild;

std::string tenths_percent(double p) {
  return fixed(100 * p, 1) + "%";
}

}  // namespace

void print_piles(std::ostream& out, const views::Style& style, const solitaire::State& state) {
  Table table;
  table.column("Pile", Table::Align::Right);
  table.column("Wild", Table::Align::Right);
  table.column("Needs", Table::Align::Right);
  table.column("Cards");
  for (int p = 1; p <= kPiles; ++p) {
    const auto& pile = state.piles[p - 1];
    const bool closed = state.closed[p - 1];
    const std::string needs = closed ? style.green("closed")
                                     : std::to_string(solitaire::cards_to_close(
                                           pile, pile_size(p), pile_wild(p), state.rules));
    table.row({std::to_string(p), rank_text(pile_wild(p)), needs,
               closed ? style.dim(style.cards(pile)) : style.cards(pile)});
  }
  print_trimmed(out, style, table);
}

std::string advice_text(const views::Style& style, const solitaire::Advice& advice, Card turned) {
  std::string text = "put " + style.card(turned) + " into pile " +
                     std::to_string(advice.move.pile) + ", discard " +
                     style.card(advice.move.discard);
  const std::string lost =
      advice.lost ? " (the game cannot be won now: this play closes the most piles)" : "";
  if (advice.closes) return text + ": pile " + std::to_string(advice.move.pile) + " closes" + lost;
  if (advice.kept_for != 0) {
    text += ": kept for pile " + std::to_string(advice.kept_for) + " (it would close pile " +
            std::to_string(advice.could_close) + ", but the plan to win needs it in pile " +
            std::to_string(advice.kept_for) + ")";
    return text;
  }
  text += ": pile " + std::to_string(advice.move.pile) + " then needs " +
          counted(advice.needed_after, "card") + " (" + std::to_string(advice.needed_before) +
          " before), with " + std::to_string(advice.outs_after) + " unseen cards that help";
  return text + "; the open piles need " + std::to_string(advice.needed_total) + " plays in all" +
         lost;
}

std::string odds_text(const solitaire::WinEstimate& estimate, int time_limit) {
  if (estimate.exact) {
    return tenths_percent(estimate.p_win) +
           (estimate.p_win > 0
                ? " (exact: the unseen cards can be shared out so that every pile closes)"
                : " (exact: no way of sharing out the unseen cards closes every pile)");
  }
  return interval_text(estimate.interval) + " (95% interval: the advisor won " +
         std::to_string(estimate.wins) + " of " + counted(estimate.samples, "sample") +
         " of the unseen cards" +
         (estimate.cut_short ? " before the " + std::to_string(time_limit) + " s limit)" : ")");
}

Json odds_json(const solitaire::WinEstimate& estimate) {
  return Json{{"p_win", rounded(estimate.p_win, 4)},
              {"margin95", rounded(estimate.margin95, 4)},
              {"samples", estimate.samples},
              {"exact", estimate.exact},
              {"p_low", rounded(estimate.interval.low, 4)},
              {"p_high", rounded(estimate.interval.high, 4)},
              {"timed_out", estimate.cut_short}};
}

void print_simulation(std::ostream& out, const views::Style& style,
                      const solitaire::SimulationSummary& summary) {
  out << "Won " << summary.wins << " of " << summary.games << ": "
      << style.bold(tenths_percent(summary.win_rate())) << " (95% interval "
      << interval_text(summary.interval()) << ")\n";
  out << "Piles closed on average: " << fixed(summary.mean_closed(), 2) << '\n';
  Table table;
  table.column("Closed", Table::Align::Right);
  table.column("Games", Table::Align::Right);
  table.column("Share", Table::Align::Right);
  for (int k = 0; k <= kPiles; ++k) {
    const int n = summary.closed_histogram[k];
    if (n == 0) continue;
    table.row({std::to_string(k), std::to_string(n),
               tenths_percent(static_cast<double>(n) / summary.games)});
  }
  print_trimmed(out, style, table);
}

Json simulation_json(const solitaire::SimulationSummary& summary) {
  Json histogram = Json::array();
  for (int k = 0; k <= kPiles; ++k) histogram.push_back(summary.closed_histogram[k]);
  return Json{{"games", summary.games},
              {"wins", summary.wins},
              {"win_rate", rounded(summary.win_rate(), 4)},
              {"margin95", rounded(summary.margin95(), 4)},
              {"mean_closed", rounded(summary.mean_closed(), 3)},
              {"closed_histogram", histogram},
              {"win_rate_low", rounded(summary.interval().low, 4)},
              {"win_rate_high", rounded(summary.interval().high, 4)}};
}

void print_history(std::ostream& out, const views::Style& style,
                   const std::vector<store::SolitaireGame>& games) {
  if (games.empty()) {
    out << "No finished solitaire games yet\n";
    return;
  }
  Table table;
  table.column("Game", Table::Align::Right);
  table.column("Finished");
  table.column("Player");
  table.column("Deal");
  table.column("Result");
  table.column("Closed", Table::Align::Right);
  table.column("Plays", Table::Align::Right);
  table.column("Hints", Table::Align::Right);
  for (const auto& g : games) {
    const std::string word(store::status_name(g.status));
    const std::string result =
        g.status == store::SolitaireStatus::Won ? style.green(word) : style.red(word);
    table.row({std::to_string(g.id), g.finished_at ? views::local_text(*g.finished_at) : "-",
               g.player_name ? sanitize(*g.player_name) : "-",
               g.seed ? "seed " + std::to_string(*g.seed) : "real cards", result,
               std::to_string(g.piles_closed), std::to_string(g.plays.size()),
               std::to_string(g.hints)});
  }
  print_trimmed(out, style, table);
}

Json history_json(const std::vector<store::SolitaireGame>& games) {
  Json list = Json::array();
  for (const auto& g : games) {
    list.push_back(
        Json{{"game", g.id},
             {"finished_at", g.finished_at ? Json(views::iso_utc(*g.finished_at)) : Json(nullptr)},
             {"player", g.player_name ? Json(*g.player_name) : Json(nullptr)},
             {"seed", g.seed ? Json(*g.seed) : Json(nullptr)},
             {"result", store::status_name(g.status)},
             {"piles_closed", g.piles_closed},
             {"plays", g.plays.size()},
             {"hints", g.hints}});
  }
  return list;
}

void print_solitaire_totals(std::ostream& out, const views::Style& style,
                            const store::SolitaireTotals& totals) {
  if (totals.played == 0) return;
  out << '\n' << style.bold("Solitaire") << '\n';
  out << "  " << pad_right("Played", 16) << totals.played << '\n';
  out << "  " << pad_right("Won", 16) << totals.won << " ("
      << tenths_percent(static_cast<double>(totals.won) / totals.played) << ")\n";
  out << "  " << pad_right("Best", 16) << totals.best_closed << " of " << solitaire::kPiles
      << " piles closed\n";
  out << "  " << pad_right("With hints", 16) << totals.hinted << " games\n";
}

Json solitaire_totals_json(const store::SolitaireTotals& totals) {
  return Json{{"played", totals.played},
              {"won", totals.won},
              {"best_piles_closed", totals.best_closed},
              {"games_with_hints", totals.hinted}};
}

}  // namespace crowns::cli
