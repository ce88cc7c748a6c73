#pragma once
// The season report kept in its parts between changes (views::ReportParts): after a change to
// games of its period that are not finished (a round at the table) only their scorecards are
// made again, not the standings, the charts and the other 10,000 scorecards.

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "crowns/results.hpp"
#include "serve/changes.hpp"
#include "store/sqlite.hpp"
#include "views/html_report.hpp"

namespace crowns::serve {

class KeptReport {
 public:
  /// The report of `period`; `only`: of the games of that rule set alone
  /// (views::gather_period_report).
  explicit KeptReport(Period period, std::optional<HouseRules> only = std::nullopt)
      : period_(std::move(period)), only_(only) {}

  /// Notes a change (from the hub's watcher: quick, never waits for a report being made).
  void note(const Change& change);
  /// The report as the database has it now: its scorecards of the games changed since the
  /// last call made again, or all of it when a change touched more (a game finished, a
  /// finished game changed, a game came into the period or left it, changed status).
  /// Throws crowns::Error when the database cannot be read; the next call makes it whole.
  std::string text(const store::Database& db);

 private:
  struct Card {
    std::string date;
    store::GameStatus status = store::GameStatus::Active;
  };
  void build(const store::Database& db);
  /// Makes the cards of `games` again; false when one of them needs the whole report.
  bool patch(const store::Database& db, const std::vector<std::int64_t>& games);

  const Period period_;
  const std::optional<HouseRules> only_;
  std::mutex render_mutex_;  ///< One making at a time; guards what follows.
  bool built_ = false;
  views::ReportParts parts_;
  std::vector<Card> cards_;                           ///< By part.
  std::unordered_map<std::int64_t, std::size_t> at_;  ///< Game id: its part.
  PendingChanges pending_;
};

}  // namespace crowns::serve
