// The versions a sync kept from conflicts not decided yet, listed and taken later
// (store/sync.hpp: kept_versions, take_kept_version; docs/DATA.md "Sync").

#include <algorithm>

#include "store/audit.hpp"
#include "store/house_rules.hpp"
#include "store/rounds.hpp"
#include "store/sync.hpp"

namespace crowns::store::sync {
namespace {

using versions::Version;

std::string kept_names(const ExportGame& g) {
  std::string names;
  for (const auto& s : g.seats) names += (names.empty() ? "" : ", ") + s.player;
  return names;
}

// The one game a kept version's export holds; nullopt for a version that deletes the game.
std::optional<ExportData> kept_game(const versions::StoredVersion& v) {
  if (v.game.empty()) return std::nullopt;
  auto data = parse_export(v.game);
  if (!data || data->games.size() != 1) return std::nullopt;
  return std::move(data).value();
}

std::optional<std::int64_t> kept_game_here(const Database& db, const std::string& uuid) {
  auto stmt = db.prepare("SELECT id FROM games WHERE uuid = ?");
  stmt.bind_all(uuid);
  if (stmt.step()) return stmt.int64(0);
  return std::nullopt;
}

KeptVersion describe_kept(const Database& db, const versions::StoredVersion& v) {
  KeptVersion k{.stored = v};
  const auto data = kept_game(v);
  const auto id = kept_game_here(db, v.uuid);
  const auto mine = id ? load_export_game(db, *id) : std::nullopt;
  if (id && mine) {
    k.game_id = *id;
    k.label =
        "game " + std::to_string(*id) + " here (" + mine->date + ", " + kept_names(*mine) + ")";
    k.difference = data ? version_difference(data->games.front(), *mine)
                        : "the file's database deleted it; it is here";
  } else {
    k.label = "game " + short_game_key(v.uuid) +
              (data ? " (" + data->games.front().date + ", " + kept_names(data->games.front()) + ")"
                    : "") +
              ", deleted here";
    k.difference =
        data ? "it was deleted here; the file's database changed it" : "deleted on both sides";
  }
  return k;
}

std::string kept_made_text(const versions::StoredVersion& v) {
  return v.file + (v.version.by ? ", made by database " + *v.version.by : "") +
         (v.version.at ? " at " + *v.version.at + " UTC" : "");
}

}  // namespace

std::vector<KeptVersion> kept_versions(const Database& db) {
  std::vector<KeptVersion> all;
  for (const auto& v : versions::stored_versions(db)) all.push_back(describe_kept(db, v));
  return all;
}

Expected<TakenVersion> take_kept_version(Database& db, std::int64_t id) {
  const auto stored = versions::stored_versions(db);
  const auto it = std::find_if(stored.begin(), stored.end(),
                               [&](const versions::StoredVersion& v) { return v.id == id; });
  if (it == stored.end()) {
    if (stored.empty())
      return Failure{"there is no kept version " + std::to_string(id) + ": no conflict is waiting",
                     {.kind = HintKind::ListConflicts}};
    std::string ids;
    for (const auto& v : stored) ids += (ids.empty() ? "" : ", ") + std::to_string(v.id);
    return Failure{"there is no kept version " + std::to_string(id) + " (kept: " + ids + ")",
                   {.kind = HintKind::ListConflicts}};
  }
  const versions::StoredVersion& v = *it;
  TakenVersion taken{.taken = describe_kept(db, v)};
  const auto data = kept_game(v);
  if (!v.game.empty() && !data)
    return Failure{"kept version " + std::to_string(id) + " is damaged: its game does not read"};
  const std::string source = "kept version " + std::to_string(id) + " (" + kept_made_text(v) + ")";
  const auto here = kept_game_here(db, v.uuid);
  if (here && data) {
    // The game here becomes the kept version, logged as a sync change (undo puts it back).
    taken.summary = "Game " + std::to_string(*here) + " took " + source +
                    " over the one here: " + taken.taken.difference;
    // Taken by choice, a version under other rules brings its rules (and a random order's
    // deals): the one way a game's rules change, logged, and undone with the rest.
    const ExportGame& game = data->games.front();
    const auto before = load_game(db, *here);
    replace_game(db, *here, game, "sync", taken.summary);
    if (before && before->rules != game.rules)
      write_game_rules(db, *here, game.rules, game.dealt, game.deal_seed);
    Version decided = versions::game_version(db, *here);
    decided.seen = decided.seen.with(v.version.seen);
    versions::set_game_version(db, *here, decided);
  } else if (here) {
    // A version that deletes the game: deleted, its tombstone including both. One entry
    // holding the game as it was (no new value: gone), so that undo puts it back whole.
    const auto before = load_export_game(db, *here);
    if (!before) return Failure{"game " + std::to_string(*here) + " could not be read"};
    taken.summary = "Game " + std::to_string(*here) + " deleted, as " + source + " says";
    append_audit(db, {.game_id = *here,
                      .action = "sync",
                      .summary = taken.summary,
                      .old_value = game_export_text(*before)});
    const Version mine = versions::game_version(db, *here);  // with the entry's change
    db.prepare("DELETE FROM games WHERE id = ?").bind_all(*here).run();
    Version t = versions::tombstone(db, v.uuid).value_or(Version{});
    t.seen = t.seen.with(v.version.seen).with(mine.seen);
    t.by = mine.by;
    t.at = mine.at;
    versions::set_tombstone(db, v.uuid, t);
  } else if (data) {
    // Deleted here: the game comes back as the kept version, which now includes the deletion.
    // One entry holding the game brought back (no old value: it was gone), so that undo
    // deletes it again.
    const ExportGame& game = data->games.front();
    if (const auto planned = plan_import(db, *data, ContentMatch::No); !planned)
      return planned.failure();  // the kept version is checked as an import checks a file
    const std::int64_t back = insert_game_content(db, std::nullopt, game);
    Version decided = v.version;
    if (const auto t = versions::tombstone(db, v.uuid)) decided.seen = decided.seen.with(t->seen);
    versions::set_game_version(db, back, decided);
    versions::drop_tombstone(db, v.uuid);
    taken.taken.game_id = back;
    taken.summary = "Game " + std::to_string(back) + " brought back from " + source;
    append_audit(db, {.game_id = back,
                      .action = "sync",
                      .summary = taken.summary,
                      .new_value = game_export_text(game)});
  } else {
    taken.summary = "Nothing to take: game " + short_game_key(v.uuid) + " is deleted on both sides";
  }
  versions::prune_stored(db);
  // A deletion on both sides leaves the version kept: it is dropped by hand.
  db.prepare("DELETE FROM sync_versions WHERE id = ?").bind_all(id).run();
  return taken;
}

}  // namespace crowns::store::sync
