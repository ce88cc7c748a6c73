#include "crowns/hand_report.hpp"

#include <algorithm>
#include <utility>

#include "crowns/hand_round.hpp"
#include "crowns/rules.hpp"

namespace crowns {

Expected<HandReport> analyze_hand(HandQuery query) {
  if (auto copies = check_copies(query.cards, query.boxes); !copies) return copies.failure();
  auto hand_round =
      infer_hand_round(static_cast<int>(query.cards.size()), query.mode, query.round, query.wild);
  if (!hand_round) return hand_round.failure();
  HandReport report;
  report.round = hand_round->round;
  report.wild_rank = hand_round->wild_rank;
  report.cards = std::move(query.cards);
  std::sort(report.cards.begin(), report.cards.end());
  report.mode = query.mode;
  report.rules = query.rules;
  report.solution = solve(report.cards, report.wild_rank, query.mode, query.rules);
  return report;
}

}  // namespace crowns
