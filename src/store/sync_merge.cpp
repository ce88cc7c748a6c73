// Merging one database's sync file by what each version has seen (store/sync.hpp,
// docs/DATA.md "Sync").

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "crowns/names.hpp"
#include "store/audit.hpp"
#include "store/db.hpp"
#include "store/game_log.hpp"
#include "store/games.hpp"
#include "store/rounds.hpp"
#include "store/sync.hpp"

namespace crowns::store::sync {
namespace {

using versions::Order;
using versions::Seen;
using versions::Version;

struct HereGame {
  std::int64_t id = 0;
  Version version;
};

std::unordered_map<std::string, HereGame> games_here(const Database& db) {
  std::unordered_map<std::string, HereGame> here;
  auto stmt = db.prepare("SELECT id, uuid, seen, changed_by, changed_at FROM games");
  while (stmt.step()) {
    here.emplace(stmt.text(1), HereGame{stmt.int64(0),
                                        {Seen::parse(stmt.text(2)), stmt.optional_text(3),
                                         stmt.optional_text(4)}});
  }
  return here;
}

std::string names_of(const ExportGame& g) {
  std::string names;
  for (const auto& s : g.seats) names += (names.empty() ? "" : ", ") + s.player;
  return names;
}

std::string label_of(std::int64_t id, const ExportGame& g) {
  return "game " + std::to_string(id) + " here (" + g.date + ", " + names_of(g) + ")";
}

std::string status_text(const ExportGame& g) {
  const bool tiebreak = std::any_of(g.seats.begin(), g.seats.end(),
                                    [](const ExportSeat& s) { return s.tiebreak.has_value(); });
  return std::to_string(g.rounds.size()) + (g.rounds.size() == 1 ? " round" : " rounds") +
         (g.status == "abandoned" ? ", abandoned" : "") + (tiebreak ? ", with a tie-break" : "");
}

}  // namespace

std::string version_difference(const ExportGame& file, const ExportGame& here) {
  const GameMerge merge = compare_game(file, here);
  if (merge.kind == GameMerge::Kind::Conflict) return merge.conflict;
  if (merge.kind == GameMerge::Kind::Same) return "the same content";
  return "file: " + status_text(file) + "; here: " + status_text(here);
}

namespace {

std::string cell_text(const ExportScore& cell) {
  return log::cell_text({cell.points, cell.went_out, cell.hand});
}

// What taking the file's version changes, for the log and the summary: "round 1: Bob 4 -> 40;
// round 2 added; abandoned".
std::string change_text(const ExportGame& file, const ExportGame& here) {
  std::vector<std::string> parts;
  if (const GameMerge merge = compare_game(file, here); merge.kind == GameMerge::Kind::Conflict &&
                                                        merge.conflict.find("round ") != 0 &&
                                                        merge.conflict.find("the tie-break") != 0) {
    parts.push_back(merge.conflict);  // seats, arrival, details
  }
  const std::size_t common = std::min(file.rounds.size(), here.rounds.size());
  for (std::size_t r = 0; r < common; ++r) {
    std::string cells;
    for (std::size_t s = 0; s < file.rounds[r].size() && s < here.rounds[r].size(); ++s) {
      const auto& a = here.rounds[r][s];
      const auto& b = file.rounds[r][s];
      if (a.points == b.points && a.went_out == b.went_out && a.hand == b.hand) continue;
      const std::string name = s < file.seats.size() ? file.seats[s].player : "?";
      cells += (cells.empty() ? "" : ", ") + name + " " + cell_text(a) + " -> " + cell_text(b);
    }
    if (!cells.empty()) parts.push_back("round " + std::to_string(r + 1) + ": " + cells);
  }
  const auto span = [](std::size_t from, std::size_t to) {
    return from == to ? "round " + std::to_string(from)
                      : "rounds " + std::to_string(from) + "-" + std::to_string(to);
  };
  if (file.rounds.size() > here.rounds.size())
    parts.push_back(span(here.rounds.size() + 1, file.rounds.size()) + " added");
  if (file.rounds.size() < here.rounds.size())
    parts.push_back(span(file.rounds.size() + 1, here.rounds.size()) + " taken back");
  if (file.status == "abandoned" && here.status != "abandoned") parts.emplace_back("abandoned");
  if (file.status != "abandoned" && here.status == "abandoned") parts.emplace_back("reopened");
  const auto tiebreak = [](const ExportGame& g) {
    std::string line;
    for (const auto& seat : g.seats) {
      if (seat.tiebreak)
        line += (line.empty() ? "" : ", ") + seat.player + " " + std::to_string(*seat.tiebreak);
    }
    return line;
  };
  if (tiebreak(file) != tiebreak(here)) {
    parts.push_back(tiebreak(file).empty() ? "tie-break taken back"
                                           : "tie-break " + tiebreak(file));
  }
  std::string text;
  for (const auto& p : parts) text += (text.empty() ? "" : "; ") + p;
  return text.empty() ? "its times" : text;
}

Version decided(Database& db, std::int64_t game_id, const Version& file) {
  // The decision is a change of its own (record_change gave it an id): it includes both.
  Version v = versions::game_version(db, game_id);
  v.seen = v.seen.with(file.seen);
  return v;
}

}  // namespace

std::map<std::string, std::vector<std::string>> disagreeing_games(
    const Database& db, const std::vector<NamedFile>& files) {
  // Each game here: the versions the files hold of it. Two that each lack the other's changes
  // disagree, whether or not the one here already includes one of them: --keep file would
  // otherwise take whichever file came last.
  const auto here = games_here(db);
  std::map<std::string, std::vector<std::pair<Seen, std::string>>> moving;
  for (const auto& named : files) {
    for (const auto& [uuid, v] : named.file.versions) {
      if (here.contains(uuid)) moving[uuid].emplace_back(v.seen, named.name);
    }
  }
  std::map<std::string, std::vector<std::string>> disagree;
  for (const auto& [uuid, list] : moving) {
    bool split = false;
    for (std::size_t i = 0; i < list.size() && !split; ++i) {
      for (std::size_t j = i + 1; j < list.size() && !split; ++j)
        split = versions::compare(list[i].first, list[j].first) == Order::Concurrent;
    }
    if (!split) continue;
    for (const auto& [seen, name] : list) disagree[uuid].push_back(name);
  }
  return disagree;
}

Expected<FileMerge> merge_file(Database& db, const NamedFile& named, const FileKeep& keep) {
  const SyncFile& file = named.file;
  const std::string& source = named.name;
  FileMerge merge;
  merge.file = source;
  auto here = games_here(db);
  const auto store_conflict = [&](SyncConflict& c, const std::string& game_text) {
    c.kept = "undecided";
    versions::store_version(
        db, {.uuid = c.uuid, .version = c.file, .file = source, .game = game_text, .found_at = {}});
  };

  // Deletions first: a game the file deleted, in a version that includes the one here.
  for (const auto& [uuid, deletion] : file.deleted) {
    const auto it = here.find(uuid);
    if (it == here.end()) {
      if (!deletion) continue;
      const auto mine = versions::tombstone(db, uuid);
      Version t = *deletion;
      if (mine) t.seen = t.seen.with(mine->seen);
      if (!mine || !(mine->seen == t.seen)) versions::set_tombstone(db, uuid, t);
      continue;
    }
    const auto game = load_game(db, it->second.id);
    if (!game) continue;
    const Version& h = it->second.version;
    if (deletion && h.seen.includes(deletion->seen)) {
      ++merge.behind;  // the game here was kept over that deletion (a decision seen here)
      continue;
    }
    if (!deletion || deletion->seen.includes(h.seen)) {
      erase_game(db, *game);
      if (deletion) versions::set_tombstone(db, uuid, *deletion);
      merge.deleted.push_back(*game);
      here.erase(it);
      continue;
    }
    const auto content = load_export_game(db, game->id);
    SyncConflict c{.uuid = uuid,
                   .game_id = game->id,
                   .label = label_of(game->id, *content),
                   .difference = "the file's database deleted it, but it changed here since",
                   .here = h,
                   .file = *deletion};
    if (keep.side == KeepSide::Skip) {
      store_conflict(c, "");
    } else if (keep.side == KeepSide::File && !keep.disagree.contains(uuid)) {
      erase_game(db, *game);
      Version t = versions::tombstone(db, uuid).value_or(Version{});
      t.seen = t.seen.with(deletion->seen);
      versions::set_tombstone(db, uuid, t);
      merge.deleted.push_back(*game);
      here.erase(uuid);
      c.kept = "file";
    } else {
      append_audit(db, {.game_id = game->id,
                        .action = "keep",
                        .summary = "Kept game " + std::to_string(game->id) +
                                   " as it is here over its deletion in " + source});
      versions::set_game_version(db, game->id, decided(db, game->id, *deletion));
      c.kept = "here";
    }
    merge.conflicts.push_back(std::move(c));
  }

  // Then each game of the file against the game here (or its deletion here).
  ExportData rest;
  rest.players = file.data.players;
  rest.seasons = file.data.seasons;
  std::unordered_map<std::string, Version> new_versions;  // games the rest adds, by uuid
  std::vector<std::pair<std::string, Version>> restored;  // deleted here, brought back
  for (const ExportGame& g : file.data.games) {
    const auto fv = g.uuid ? file.versions.find(*g.uuid) : file.versions.end();
    if (!g.uuid || fv == file.versions.end()) {
      // A version 1 file (or a game without a version): merged by content, as import does;
      // a game deleted here stays deleted.
      if (g.uuid && versions::tombstone(db, *g.uuid) && !here.contains(*g.uuid)) {
        ++merge.not_brought_back;
        continue;
      }
      rest.games.push_back(g);
      continue;
    }
    const std::string& uuid = *g.uuid;
    const Version& f = fv->second;
    const auto it = here.find(uuid);
    if (it == here.end()) {
      const auto t = versions::tombstone(db, uuid);
      if (!t) {
        new_versions.emplace(uuid, f);
        rest.games.push_back(g);
        continue;
      }
      if (t->seen.empty() || t->seen.includes(f.seen)) {
        ++merge.not_brought_back;
        continue;
      }
      if (f.seen.includes(t->seen)) {
        // The file's version has seen the deletion and kept the game: it comes back.
        restored.emplace_back(uuid, f);
        rest.games.push_back(g);
        continue;
      }
      SyncConflict c{.uuid = uuid,
                     .game_id = 0,
                     .label = "game " + uuid.substr(0, 8) + " (" + g.date + ", " + names_of(g) +
                              "), deleted here",
                     .difference = "it was deleted here, but the file's database changed it since",
                     .here = *t,
                     .file = f};
      if (keep.side == KeepSide::File && !keep.disagree.contains(uuid)) {
        Version back = f;
        back.seen = f.seen.with(t->seen);
        restored.emplace_back(uuid, back);
        rest.games.push_back(g);
        c.kept = "file";
      } else if (keep.side == KeepSide::Skip) {
        store_conflict(c, game_export_text(g));
      } else {
        Version wider = *t;
        wider.seen = t->seen.with(f.seen);
        versions::set_tombstone(db, uuid, versions::with_change_here(db, wider));
        c.kept = "here";
      }
      merge.conflicts.push_back(std::move(c));
      continue;
    }
    const HereGame& h = it->second;
    const Order order = versions::compare(f.seen, h.version.seen);
    if (order == Order::Same) continue;
    if (order == Order::Behind) {
      ++merge.behind;
      continue;
    }
    const auto mine = load_export_game(db, h.id);
    if (!mine) continue;
    // Under other rules: never merged, whichever version includes the other and whatever
    // --keep says (a game's rules never change under it); kept until someone takes one.
    if (auto differ = rules_differ(g, *mine)) {
      SyncConflict c{.uuid = uuid,
                     .game_id = h.id,
                     .label = label_of(h.id, *mine),
                     .difference = *differ,
                     .here = h.version,
                     .file = f,
                     .hint = {.kind = HintKind::RulesDiffer, .name = short_game_key(uuid)}};
      if (keep.side != KeepSide::Skip)
        c.why_undecided = "keeping one side never changes a game's rules";
      store_conflict(c, game_export_text(g));
      merge.conflicts.push_back(std::move(c));
      continue;
    }
    if (order == Order::Ahead) {
      const std::string what = change_text(g, *mine);
      std::string summary = "Game " + std::to_string(h.id);
      summary += " brought to ";
      summary += source;
      summary += "'s version: ";
      summary += what;
      replace_game(db, h.id, g, "sync", summary);
      versions::set_game_version(db, h.id, f);
      merge.taken.push_back({h.id, label_of(h.id, *mine), what});
      continue;
    }
    // Concurrent. Alike in content (both sides made the same change): one version, no question.
    if (compare_game(g, *mine).kind == GameMerge::Kind::Same) {
      Version both = h.version;
      both.seen = both.seen.with(f.seen);
      versions::set_game_version(db, h.id, both);
      continue;
    }
    SyncConflict c{.uuid = uuid,
                   .game_id = h.id,
                   .label = label_of(h.id, *mine),
                   .difference = version_difference(g, *mine),
                   .here = h.version,
                   .file = f};
    if (const auto d = keep.disagree.find(uuid);
        keep.side == KeepSide::File && d != keep.disagree.end()) {
      std::string files;
      for (std::size_t i = 0; i < d->second.size(); ++i)
        files += (i == 0 ? "" : i + 1 == d->second.size() ? " and " : ", ") + d->second[i];
      c.why_undecided = files + " hold different versions of it";
      store_conflict(c, game_export_text(g));
    } else if (keep.side == KeepSide::File) {
      replace_game(db, h.id, g, "sync",
                   "Game " + std::to_string(h.id) + " took " + source +
                       "'s version over the one here: " + c.difference);
      versions::set_game_version(db, h.id, decided(db, h.id, f));
      c.kept = "file";
    } else if (keep.side == KeepSide::Here) {
      append_audit(db, {.game_id = h.id,
                        .action = "keep",
                        .summary = "Kept game " + std::to_string(h.id) + " as it is here over " +
                                   source + "'s version: " + c.difference});
      versions::set_game_version(db, h.id, decided(db, h.id, f));
      c.kept = "here";
    } else {
      store_conflict(c, game_export_text(g));
    }
    merge.conflicts.push_back(std::move(c));
  }

  auto planned = plan_import(db, rest, file.version >= 2 ? ContentMatch::No : ContentMatch::Yes);
  if (!planned) return planned.failure();
  merge.plan = *planned;
  // A version 1 file's conflicts (by content) are settled as --keep says, else kept here.
  const KeepSide legacy = keep.side;
  if (import_changes(merge.plan, legacy)) {
    if (auto applied = apply_import(db, rest, merge.plan, source, legacy); !applied)
      return applied.failure();
  }
  for (const auto& c : merge.plan.conflicts) {
    const bool taken = legacy == KeepSide::File && c.cannot_keep_file.empty();
    merge.conflicts.push_back(
        {.uuid = rest.games[c.index].uuid.value_or(""),
         .game_id = c.game_id,
         .label = c.label,
         .difference = c.difference,
         .here = {},
         .file = {},
         .kept = taken                      ? "file"
                 : legacy == KeepSide::Here ? "here"
                                            : "undecided",
         .why_undecided = legacy == KeepSide::File && !taken ? c.cannot_keep_file : "",
         .hint = c.hint});
  }
  // The games the file added carry its versions (a deleted game brought back, wider).
  auto find = db.prepare("SELECT id FROM games WHERE uuid = ?");
  const auto set_version = [&](const std::string& uuid, const Version& v) {
    find.reset();
    find.bind_all(uuid);
    if (find.step()) versions::set_game_version(db, find.int64(0), v);
  };
  for (const std::size_t i : merge.plan.new_games) {
    const auto& uuid = rest.games[i].uuid;
    if (!uuid) continue;
    if (const auto v = new_versions.find(*uuid); v != new_versions.end())
      set_version(*uuid, v->second);
  }
  for (const auto& [uuid, v] : restored) {
    set_version(uuid, v);
    versions::drop_tombstone(db, uuid);
  }
  return merge;
}

}  // namespace crowns::store::sync
