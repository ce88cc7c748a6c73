#pragma once
// How solitaire looks: the table of piles, the advisor's explanation, the simulation
// summary, the history, and the solitaire lines of `crowns stats NAME`.

#include <nlohmann/json.hpp>
#include <ostream>
#include <vector>

#include "cli/context.hpp"
#include "crowns/solitaire_advisor.hpp"
#include "store/solitaire.hpp"

namespace crowns::cli {

/// The 11 piles (wild rank, cards, cards each still needs, closed ones marked).
void print_piles(std::ostream& out, const views::Style& style, const solitaire::State& state);

/// "put 9♥ into pile 1, discard K♦: pile 1 closes" and why.
std::string advice_text(const views::Style& style, const solitaire::Advice& advice, Card turned);

/// The chance to win: "100.0% (exact: ...)" or, sampled, its 95% interval with the samples
/// behind it, "34–100% (95% interval: the advisor won 2 of 2 samples of the unseen cards)",
/// naming `time_limit` (seconds) when it cut the sampling short.
std::string odds_text(const solitaire::WinEstimate& estimate, int time_limit);
nlohmann::ordered_json odds_json(const solitaire::WinEstimate& estimate);

void print_simulation(std::ostream& out, const views::Style& style,
                      const solitaire::SimulationSummary& summary);
nlohmann::ordered_json simulation_json(const solitaire::SimulationSummary& summary);

void print_history(std::ostream& out, const views::Style& style,
                   const std::vector<store::SolitaireGame>& games);
nlohmann::ordered_json history_json(const std::vector<store::SolitaireGame>& games);

/// The solitaire lines of `crowns stats NAME` (nothing if the player has no finished game).
void print_solitaire_totals(std::ostream& out, const views::Style& style,
                            const store::SolitaireTotals& totals);
nlohmann::ordered_json solitaire_totals_json(const store::SolitaireTotals& totals);

}  // namespace crowns::cli
