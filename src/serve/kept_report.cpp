#include "serve/kept_report.hpp"

#include "views/evening_html.hpp"
#include "views/report_data.hpp"

namespace crowns::serve {

void KeptReport::note(const Change& change) {
  pending_.note(change, change.everything || change.finished_games);
}

void KeptReport::build(const store::Database& db) {
  built_ = false;
  const views::PeriodReport report = views::gather_period_report(db, period_, only_);
  parts_ = views::period_report_parts(report);
  // As crowns report writes it (issue 39): the period's time and rivals. They read finished
  // games only, which make the whole report again when they change.
  views::insert_report_sections(parts_.tail, views::time_and_rivals_html(db, period_, only_));
  cards_.clear();
  at_.clear();
  for (const auto& game : report.games) {
    at_.emplace(game.id, cards_.size());
    cards_.push_back({game.date, game.status});
  }
  built_ = true;
}

bool KeptReport::patch(const store::Database& db, const std::vector<std::int64_t>& games) {
  for (const std::int64_t id : games) {
    const auto game = store::load_game(db, id);
    const auto it = at_.find(id);
    if (it == at_.end()) {
      // Not in the report: it must still be out of the period or of another rule set (or
      // gone); a game's rules never change.
      if (game && period_.contains(game->date) && (!only_ || game->rules == *only_)) return false;
      continue;
    }
    // The standings count the games by status and the order is by date: a card alone can
    // change only while both stay.
    const Card& card = cards_[it->second];
    if (!game || game->date != card.date || game->status != card.status) return false;
    parts_.cards[it->second] = views::period_report_card(*game);
  }
  return true;
}

std::string KeptReport::text(const store::Database& db) {
  const std::scoped_lock lock(render_mutex_);
  pending_.catch_up(
      built_, [&](const std::vector<std::int64_t>& games) { return patch(db, games); },
      [&] { build(db); });
  return views::joined(parts_);
}

}  // namespace crowns::serve
