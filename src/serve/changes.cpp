#include "serve/changes.hpp"

#include <algorithm>

namespace crowns::serve {
namespace {

// More entries than this at once (an import, a script): reading the games afresh is quicker
// than following them one by one, and as right.
constexpr int kMostEntries = 200;

}  // namespace

bool Change::touches(const Reads& reads) const {
  if (everything || reads.everything || finished_games) return true;
  if (!reads.games_in) return false;
  return std::any_of(dates.begin(), dates.end(),
                     [&](const std::string& date) { return reads.games_in->contains(date); });
}

void PendingChanges::note(const Change& change, bool whole) {
  const std::scoped_lock lock(mutex_);
  if (whole) {
    whole_ = true;
    games_.clear();
  } else if (!whole_) {
    games_.insert(games_.end(), change.games.begin(), change.games.end());
  }
}

PendingChanges::Taken PendingChanges::take() {
  const std::scoped_lock lock(mutex_);
  Taken taken{whole_, {}};
  taken.games.swap(games_);
  whole_ = false;
  return taken;
}

void PendingChanges::spoil() {
  const std::scoped_lock lock(mutex_);
  whole_ = true;
}

void ChangeLog::start(store::Database& db) {
  store::Transaction snapshot(db, store::Transaction::Kind::Deferred);
  reload(db);
}

std::string ChangeLog::stamp_of(const store::Database& db, std::int64_t entry) const {
  auto row = db.prepare(
      "SELECT at || ' ' || action || ' ' || coalesce(game_id, '') FROM audit WHERE id = ?");
  row.bind_all(entry);
  return row.step() ? row.text(0) : std::string();
}

void ChangeLog::reload(const store::Database& db) {
  whole_ = false;
  games_.clear();
  auto games = db.prepare("SELECT id, played_on, status = 'finished' FROM games");
  while (games.step()) games_[games.int64(0)] = {games.text(1), games.integer(2) != 0};
  auto newest = db.prepare("SELECT coalesce(max(id), 0) FROM audit");
  last_entry_ = newest.step() ? newest.int64(0) : 0;
  last_stamp_ = stamp_of(db, last_entry_);
  whole_ = true;
}

Change ChangeLog::since_last(store::Database& db) {
  // One read transaction: the entries and the games' state as of one moment.
  store::Transaction snapshot(db, store::Transaction::Kind::Deferred);
  Change change;
  const auto everything = [&] {
    reload(db);
    change.everything = true;
    return change;
  };
  // Not started, or a restore (or sqlite3) rewrote the log: start again.
  if (!whole_ || stamp_of(db, last_entry_) != last_stamp_) return everything();
  whole_ = false;  // until the end: a failure half-way starts again at the next call
  auto entries = db.prepare("SELECT id, game_id FROM audit WHERE id > ? ORDER BY id LIMIT ?");
  entries.bind_all(last_entry_, kMostEntries + 1);
  std::vector<std::int64_t> games;
  std::int64_t newest = last_entry_;
  int count = 0;
  while (entries.step()) {
    if (++count > kMostEntries) return everything();
    // No game: a player or a season changed, or an import; names and periods are everywhere.
    if (entries.is_null(1)) return everything();
    newest = entries.int64(0);
    games.push_back(entries.int64(1));
  }
  std::sort(games.begin(), games.end());
  games.erase(std::unique(games.begin(), games.end()), games.end());
  change.games = games;
  auto now = db.prepare("SELECT played_on, status = 'finished' FROM games WHERE id = ?");
  for (const std::int64_t id : games) {
    const auto before = games_.find(id);
    if (before != games_.end()) {
      change.dates.push_back(before->second.date);
      change.finished_games = change.finished_games || before->second.finished;
    }
    now.reset();
    now.bind_all(id);
    if (now.step()) {
      GameMark mark{now.text(0), now.integer(1) != 0};
      change.dates.push_back(mark.date);
      change.finished_games = change.finished_games || mark.finished;
      games_[id] = std::move(mark);
    } else {
      games_.erase(id);  // deleted
    }
  }
  last_stamp_ = stamp_of(db, newest);
  last_entry_ = newest;
  whole_ = true;
  return change;
}

}  // namespace crowns::serve
