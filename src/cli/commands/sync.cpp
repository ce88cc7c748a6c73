// crowns sync FOLDER: one history from every host. This database writes its own file into the
// folder and merges the files the others wrote there, by what each game's version has seen
// (store/sync.hpp, docs/DATA.md "Sync").

#include "store/sync.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/commands/sync_conflicts.hpp"
#include "cli/files.hpp"
#include "cli/hint_words.hpp"
#include "cli/options.hpp"
#include "cli/session.hpp"
#include "crowns/names.hpp"
#include "crowns/plural.hpp"
#include "store/transfer_db.hpp"
#include "views/local_time.hpp"

namespace crowns::cli {
namespace {

using Json = nlohmann::ordered_json;
namespace fs = std::filesystem;

struct SyncOptions {
  std::string folder;
  bool json = false;
  std::string keep;        ///< "here", "file" or one other database's file name; empty: none.
  bool conflicts = false;  ///< --conflicts: list the kept versions instead.
  std::optional<std::int64_t> take;  ///< --take ID: take a kept version instead.
};

// What --keep decides: a side for every file, or one file whose versions win.
struct KeepChoice {
  store::KeepSide side = store::KeepSide::Skip;
  std::string file;  ///< --keep crowns-<id>.json: that file's versions, the others' kept here.

  [[nodiscard]] store::KeepSide side_for(const std::string& name) const {
    if (file.empty()) return side;
    return name == file ? store::KeepSide::File : store::KeepSide::Here;
  }
};

struct Skipped {
  std::string file;
  std::string why;
};

// A copy found out: the id this database had, and the one it took.
struct CopyFound {
  std::string old_id;
  std::string new_id;
  std::string file;  ///< The file written under the old id by the other copy.
};

std::string game_names(const store::Game& g) {
  std::string names;
  for (const auto& s : g.seats) names += (names.empty() ? "" : ", ") + s.name;
  return names;
}

// The sync files of the folder (conflict copies a sync tool made included), by name.
std::vector<fs::path> sync_files(const fs::path& folder) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (!store::sync::is_sync_file_name(name)) continue;
    if (entry.is_regular_file(ec)) files.push_back(entry.path());
  }
  if (ec) fail(quote_token(folder.string()) + " cannot be read: " + ec.message());
  std::sort(files.begin(), files.end());
  return files;
}

std::optional<std::string> read_text(const fs::path& path, std::vector<Skipped>& skipped,
                                     std::istream& in) {
  try {
    return read_input_file(path.string(), store::kMaxImportBytes, in);
  } catch (const Error& e) {
    skipped.push_back({path.filename().string(), e.what()});
    return std::nullopt;
  }
}

// "database 3f9a0c2e71d4b855 at 2026-03-02 21:04:00": who made a version's last change.
std::string made_by(const store::versions::Version& v, const std::string& mine) {
  std::string who = !v.by           ? "a database before sync ids"
                    : *v.by == mine ? "this database (" + mine + ")"
                                    : "database " + *v.by;
  return who + (v.at ? " at " + local_text(*v.at) : "");  // in the local zone, named
}

std::string keep_hint(const std::string& folder, const std::vector<std::string>& files) {
  std::string hint = "crowns sync " + shell_word(folder, ShellQuote::IfNeeded) +
                     " --keep here (keep the versions here), --keep file (take the files')";
  for (const auto& f : files) hint += ", --keep " + f;
  return hint;
}

Json version_json(const store::versions::Version& v) {
  return Json{{"by", v.by ? Json(*v.by) : Json(nullptr)},
              {"at", v.at ? Json(iso_utc(*v.at)) : Json(nullptr)}};
}

struct Outcome {
  std::string id;    ///< This database's sync id (a new one when a copy was found out).
  std::string mine;  ///< Its file's name.
  bool wrote = false;
  std::optional<CopyFound> copy;
  std::vector<store::sync::FileMerge> merged;
  std::vector<Skipped> skipped;
  std::string not_written;  ///< Why our own file was not written, when it was not.
  std::size_t undecided = 0;
};

void print_json(const SyncOptions& opts, const Outcome& o, Context& ctx) {
  Json files = Json::array();
  Json undecided = Json::array();
  for (const auto& m : o.merged) {
    Json conflicts = Json::array();
    for (const auto& c : m.conflicts) {
      Json item{{"here", c.game_id == 0 ? Json(nullptr) : Json(c.game_id)},
                {"game", c.uuid},
                {"difference", c.difference},
                {"kept", c.kept},
                {"file_version", version_json(c.file)},
                {"here_version", version_json(c.here)}};
      if (!c.why_undecided.empty()) item["why"] = c.why_undecided;
      if (c.hint) item["hint"] = hint_json(c.hint);
      if (c.kept == "undecided")
        undecided.push_back({{"here", item["here"]}, {"game", c.uuid}, {"file", m.file}});
      conflicts.push_back(std::move(item));
    }
    Json deleted = Json::array();
    for (const auto& g : m.deleted) deleted.push_back(g.id);
    Json taken = Json::array();
    for (const auto& t : m.taken) taken.push_back({{"here", t.game_id}, {"change", t.summary}});
    files.push_back({{"file", m.file},
                     {"added",
                      {{"players", m.plan.new_players.size()},
                       {"seasons", m.plan.new_seasons.size()},
                       {"games", m.plan.new_games.size()}}},
                     {"updated", m.plan.updated_games.size() + m.taken.size()},
                     {"taken", taken},
                     {"deleted", deleted},
                     {"not_brought_back", m.not_brought_back},
                     {"conflicts", conflicts}});
  }
  Json skips = Json::array();
  for (const auto& s : o.skipped) skips.push_back({{"file", s.file}, {"error", s.why}});
  Json copy = nullptr;
  if (o.copy)
    copy = {{"old_id", o.copy->old_id}, {"new_id", o.copy->new_id}, {"file", o.copy->file}};
  ctx.out << dump_json(Json{{"folder", opts.folder},
                            {"file", o.mine},
                            {"written", o.wrote},
                            {"copy", copy},
                            {"files", files},
                            {"skipped", skips},
                            {"undecided", undecided},
                            {"status", static_cast<int>(ctx.exit_code)}})
          << '\n';
}

void print_text(const SyncOptions& opts, const Outcome& o, Context& ctx) {
  for (const auto& m : o.merged) {
    const auto& p = m.plan;
    std::vector<std::string> did;
    if (!p.new_games.empty())
      did.push_back("added " + counted(static_cast<long long>(p.new_games.size()), "game"));
    const auto updated = p.updated_games.size() + m.taken.size();
    if (updated > 0) did.push_back("updated " + counted(static_cast<long long>(updated), "game"));
    const auto taken = std::count_if(m.conflicts.begin(), m.conflicts.end(),
                                     [](const auto& c) { return c.kept == "file"; });
    if (taken > 0) did.push_back("took its version of " + counted(taken, "game"));
    if (!p.new_players.empty())
      did.push_back(counted(static_cast<long long>(p.new_players.size()), "new player"));
    if (!p.new_seasons.empty())
      did.push_back(counted(static_cast<long long>(p.new_seasons.size()), "new season"));
    if (!m.deleted.empty())
      did.push_back("deleted " + counted(static_cast<long long>(m.deleted.size()), "game"));
    std::string line;
    for (const auto& d : did) line += (line.empty() ? "" : ", ") + d;
    ctx.out << sanitize(m.file) << ": " << (line.empty() ? "nothing new" : line) << '\n';
    for (const auto& t : m.taken)
      ctx.out << "  Brought " << sanitize(t.label) << " to its version: " << sanitize(t.summary)
              << '\n';
    for (const auto& g : m.deleted) {
      ctx.out << "  Deleted game " << g.id << " (" << g.date << ", " << sanitize(game_names(g))
              << "): deleted in the database that wrote it\n";
    }
    for (const auto& c : m.conflicts) {
      ctx.out << "  Conflict: " << sanitize(c.label) << ": " << sanitize(c.difference) << '\n';
      if (!c.file.seen.empty() || !c.here.seen.empty()) {
        ctx.out << "    the file's version: changed last by " << sanitize(made_by(c.file, o.id))
                << "; here: by " << sanitize(made_by(c.here, o.id)) << '\n';
      }
      ctx.out << "    "
              << (c.kept == "file" ? "took the file's version"
                  : c.kept == "here"
                      ? "kept as it is here"
                      : "kept as it is here for now; the file's version is kept too" +
                            (c.why_undecided.empty() ? std::string()
                                                     : " (" + c.why_undecided + ")"))
              << '\n';
    }
  }
  if (o.merged.empty() && o.skipped.empty())
    ctx.out << "No other database's file in " << sanitize(opts.folder) << " yet\n";
  if (!o.not_written.empty())
    ctx.out << "Not written: " << sanitize(o.mine) << '\n';
  else
    ctx.out << (o.wrote ? "Wrote " : "Unchanged: ") << sanitize(o.mine) << '\n';
}

// --keep's word, checked before anything is read or written.
KeepChoice keep_choice(const SyncOptions& opts) {
  if (opts.keep.empty()) return {};
  if (opts.keep == "here") return {store::KeepSide::Here, {}};
  if (opts.keep == "file") return {store::KeepSide::File, {}};
  const std::string name = fs::path(opts.keep).filename().string();
  if (!store::sync::is_sync_file_name(name)) {
    fail("sync: --keep " + quote_token(opts.keep) +
             " is not here, file or a file of the folder (crowns-<16 hex digits>.json)",
         ExitCode::Usage);
  }
  std::error_code ec;
  if (!fs::is_regular_file(fs::path(opts.folder) / name, ec)) {
    fail("sync: --keep " + quote_token(opts.keep) + ": no such file in " +
             quote_token(opts.folder) + " (give the name of another database's file there)",
         ExitCode::Usage);
  }
  return {store::KeepSide::File, name};
}

// The key under which this database remembers what it last wrote into `folder`.
std::string folder_key(const fs::path& folder) {
  std::error_code ec;
  const auto canonical = fs::weakly_canonical(folder, ec);
  return (ec ? folder : canonical).string();
}

void run_sync(const SyncOptions& opts, Context& ctx) {
  const fs::path folder(opts.folder);
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) {
    fail("sync: " + quote_token(opts.folder) +
             " is not a folder; give the folder a sync tool shares (create it first)",
         ExitCode::Usage);
  }
  const KeepChoice keep = keep_choice(opts);
  auto db = open_store(ctx, store::Access::Write);
  const std::string where = folder_key(folder);
  std::string id;
  std::optional<std::string> written;
  {
    store::Transaction tx(db, store::Transaction::Kind::Immediate);
    id = store::sync::database_id(db);
    store::versions::fill_legacy(db, id);
    written = store::sync::last_written(db, where);
    tx.commit();
  }
  Outcome o;
  if (keep.file == store::sync::file_name(id)) {
    fail("sync: --keep " + quote_token(opts.keep) +
             " is this database's own file: --keep here keeps the games here",
         ExitCode::Usage);
  }

  // Read every file; those under this database's own id are its own past, or a copy's.
  std::vector<store::sync::NamedFile> files;
  std::vector<store::sync::NamedFile> own;  // under our id but not what we last wrote
  bool own_marked = false;                  // our own file holds git's conflict markers
  bool own_rewritten = false;               // our own file is not what we last wrote
  for (const auto& path : sync_files(folder)) {
    const std::string name = path.filename().string();
    const auto text = read_text(path, o.skipped, ctx.in);
    if (!text) continue;
    const bool ours = store::sync::file_id(name) == id;
    if (ours && name == store::sync::file_name(id) && store::sync::has_conflict_markers(*text)) {
      own_marked = true;  // said once, below: it is not written over
      continue;
    }
    if (ours && written && store::sync::digest(*text) == *written) continue;
    auto parsed = store::sync::parse_sync_file(*text);
    if (!parsed) {
      o.skipped.push_back({name, worded(parsed.failure())});
      continue;
    }
    if (ours) {
      if (name == store::sync::file_name(id) && written) own_rewritten = true;
      own.push_back({name, *parsed});
    } else {
      files.push_back({name, *parsed});
    }
  }
  // The file chosen by name is merged first: the others then meet its versions.
  std::stable_partition(files.begin(), files.end(),
                        [&](const store::sync::NamedFile& f) { return f.name == keep.file; });
  std::map<std::string, std::vector<std::string>> disagree;
  if (keep.side == store::KeepSide::File && keep.file.empty())
    disagree = store::sync::disagreeing_games(db, files);

  const auto merge_one = [&](const store::sync::NamedFile& f, store::KeepSide side) {
    store::Transaction tx(db, store::Transaction::Kind::Immediate);
    auto merged = store::sync::merge_file(db, f, {side, disagree});
    if (!merged) {
      o.skipped.push_back({f.name, worded(merged.failure())});
      return false;  // rolled back
    }
    tx.commit();
    o.merged.push_back(*merged);
    return true;
  };
  // Files under our own id first: what they hold that we do not is a copy's work.
  for (const auto& f : own) {
    if (!merge_one(f, store::KeepSide::Skip)) continue;
    const auto& m = o.merged.back();
    const bool brought = !m.plan.new_games.empty() || !m.taken.empty() || !m.deleted.empty() ||
                         !m.conflicts.empty() || !m.plan.updated_games.empty();
    if ((brought || own_rewritten) && !o.copy) {
      store::Transaction tx(db, store::Transaction::Kind::Immediate);
      const std::string fresh = store::sync::new_database_id(db);
      tx.commit();
      o.copy = CopyFound{id, fresh, f.name};
      id = fresh;
    }
  }
  if (o.copy) own_marked = false;  // the marked file is the other copy's now
  for (const auto& f : files) merge_one(f, keep.side_for(f.name));
  {
    store::Transaction tx(db, store::Transaction::Kind::Immediate);
    store::versions::prune_stored(db);
    tx.commit();
  }
  o.id = id;
  o.mine = store::sync::file_name(id);
  for (const auto& m : o.merged) {
    o.undecided += static_cast<std::size_t>(
        std::count_if(m.conflicts.begin(), m.conflicts.end(),
                      [](const auto& c) { return c.kept == "undecided"; }));
  }

  // Our file last, holding what the others brought: written whole, and only when it changed;
  // never over a file git left with conflict markers (that would lose the other side).
  const fs::path path = folder / o.mine;
  if (own_marked) {
    o.not_written = "it holds git's conflict markers";
  } else {
    const std::string bytes = store::sync::format_sync_file(db, id);
    std::string before;
    try {
      if (fs::exists(path, ec))
        before = read_input_file(path.string(), store::kMaxImportBytes, ctx.in);
    } catch (const Error&) {
      before.clear();  // unreadable: written again
    }
    o.wrote = before != bytes;
    if (o.wrote) write_output_file(path.string(), bytes, store::Overwrite::Yes);
    store::Transaction tx(db, store::Transaction::Kind::Immediate);
    store::sync::set_last_written(db, where, store::sync::digest(bytes));
    tx.commit();
  }

  if (o.copy) {
    ctx.err << "crowns: warning: " << sanitize(o.copy->file)
            << " holds changes this database never made under its id " << o.copy->old_id
            << " (the database was copied, restored from a backup, or its file replaced): this "
               "database now syncs as "
            << o.copy->new_id << " and keeps every game of both\n";
  }
  for (const auto& s : o.skipped) {
    ctx.err << "crowns: warning: skipped " << sanitize(s.file) << ": " << sanitize(s.why)
            << "; the next sync reads it again\n";
  }
  if (!o.not_written.empty()) {
    ctx.err << "crowns: warning: did not write " << sanitize(o.mine) << ": "
            << sanitize(o.not_written) << "; resolve the merge (git checkout --theirs "
            << sanitize(o.mine) << " or --ours, then git add it), then sync again\n";
  }
  std::vector<std::string> conflict_files;
  for (const auto& m : o.merged) {
    if (std::any_of(m.conflicts.begin(), m.conflicts.end(),
                    [](const auto& c) { return c.kept == "undecided"; }))
      conflict_files.push_back(m.file);
  }
  // Two versions under different rules: no --keep settles them, the hint says what does.
  std::size_t by_rules = 0;
  for (const auto& m : o.merged) {
    for (const auto& c : m.conflicts) {
      if (c.kept != "undecided" || c.hint.kind != HintKind::RulesDiffer) continue;
      ++by_rules;
      ctx.err << "crowns: " << sanitize(c.difference) << sanitize(hint_words(c.hint)) << '\n';
    }
  }
  if (o.undecided > by_rules) {
    ctx.err << "crowns: " << counted(static_cast<long long>(o.undecided - by_rules), "conflict")
            << " left undecided (each game kept as it is here, the other version kept too); "
               "choose with "
            << sanitize(keep_hint(opts.folder, conflict_files)) << '\n';
  }
  if (!o.skipped.empty() || !o.not_written.empty()) ctx.exit_code = ExitCode::Error;
  if (o.undecided > 0) ctx.exit_code = ExitCode::Conflict;
  if (opts.json) {
    print_json(opts, o, ctx);
    return;
  }
  print_text(opts, o, ctx);
}

}  // namespace

void setup_sync(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<SyncOptions>();
  auto* sub = app.add_subcommand(
      "sync",
      "Share one history through a folder a sync tool carries (Syncthing, git...); exit status "
      "3: a conflict left undecided");
  sub->add_option("folder", opts->folder, "The shared folder (not with --conflicts or --take)");
  sub->add_flag("--json", opts->json, "Print the summary as JSON");
  auto* conflicts = sub->add_flag(
      "--conflicts", opts->conflicts,
      "List the versions kept from conflicts not decided yet (exit 3 while any waits)");
  sub->add_option("--take", opts->take,
                  "Take the kept version ID (from --conflicts) for its game: logged, undoable")
      ->check(whole_number(1, kMaxId))
      ->type_name("ID")
      ->excludes(conflicts);
  sub->add_option("--keep", opts->keep,
                  "A game changed differently on two databases: keep the game here, the "
                  "files' version (when they agree), or one file's (default: keep it here, "
                  "keep the other version too, and exit 3)")
      ->type_name("here|file|FILE");
  sub->callback([opts, &ctx] {
    if (opts->conflicts || opts->take) {
      if (!opts->folder.empty() || !opts->keep.empty())
        fail(std::string(opts->take ? "--take" : "--conflicts") +
                 " works on the database alone: give no folder and no --keep",
             ExitCode::Usage);
      if (opts->take) return run_sync_take(*opts->take, opts->json, ctx);
      return run_sync_conflicts(opts->json, ctx);
    }
    if (opts->folder.empty())
      fail("give the shared folder: crowns sync FOLDER (or --conflicts, --take ID)",
           ExitCode::Usage);
    run_sync(*opts, ctx);
  });
}

}  // namespace crowns::cli
