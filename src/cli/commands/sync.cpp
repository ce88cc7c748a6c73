// crowns sync FOLDER: one history from every host. This database writes its own file into the
// folder and merges the files the others wrote there, as crowns import merges (store/sync.hpp).

#include "store/sync.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/files.hpp"
#include "cli/options.hpp"
#include "cli/session.hpp"
#include "crowns/names.hpp"
#include "crowns/plural.hpp"
#include "store/transfer_db.hpp"

namespace crowns::cli {
namespace {

using Json = nlohmann::ordered_json;
namespace fs = std::filesystem;

struct SyncOptions {
  std::string folder;
  bool json = false;
  std::string keep;  ///< "here", "file" or one other database's file name; empty: none.
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

// A game the files change in ways that disagree, left as it is here by --keep file.
struct Undecided {
  store::Game game;
  std::vector<std::string> files;
};

// What merging one file did.
struct FileMerge {
  std::string file;
  store::KeepSide keep = store::KeepSide::Skip;
  store::ImportPlan plan;
  std::vector<store::Game> deleted;
  std::size_t kept_deleted = 0;  ///< Games of the file deleted here: not brought back.
};

struct Skipped {
  std::string file;
  std::string why;
};

std::string game_names(const store::Game& g) {
  std::string names;
  for (const auto& s : g.seats) names += (names.empty() ? "" : ", ") + s.name;
  return names;
}

// The other databases' files in the folder, by name (the order does not change the outcome).
std::vector<fs::path> other_files(const fs::path& folder, const std::string& mine) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (name == mine || !store::sync::is_sync_file_name(name)) continue;
    if (entry.is_regular_file(ec)) files.push_back(entry.path());
  }
  if (ec) fail(quote_token(folder.string()) + " cannot be read: " + ec.message());
  std::sort(files.begin(), files.end());
  return files;
}

// Reads and checks one file; a file that cannot be read is skipped.
std::optional<store::sync::NamedFile> read_sync_file(const fs::path& path,
                                                     std::vector<Skipped>& skipped) {
  const std::string name = path.filename().string();
  std::string text;
  try {
    text = read_input_file(path.string(), store::kMaxImportBytes, std::cin);
  } catch (const Error& e) {
    skipped.push_back({name, e.what()});
    return std::nullopt;
  }
  const auto parsed = store::sync::parse_sync_file(text);
  if (!parsed) {
    skipped.push_back({name, parsed.error()});
    return std::nullopt;
  }
  return store::sync::NamedFile{name, *parsed};
}

std::string file_list(const std::vector<std::string>& files) {
  std::string list;
  for (std::size_t i = 0; i < files.size(); ++i)
    list += (i == 0 ? "" : i + 1 == files.size() ? " and " : ", ") + files[i];
  return list;
}

// With --keep file, a conflict is settled by the file's version only when the files agree
// on it and this file changed the game as it was before the sync: never by a file that
// disagrees with another, nor by one holding what this sync just moved on from.
void hold_back(store::ImportPlan& plan, const std::string& name, const store::sync::Movers& movers,
               std::map<std::int64_t, Undecided>& undecided, const store::Database& db) {
  for (auto& c : plan.conflicts) {
    if (!c.cannot_keep_file.empty()) continue;
    if (const auto it = movers.disagree.find(c.game_id); it != movers.disagree.end()) {
      std::string choose;
      for (const auto& f : it->second) choose += (choose.empty() ? "" : " or ") + ("--keep " + f);
      c.cannot_keep_file =
          file_list(it->second) + " hold different versions of it: choose one with " + choose;
      if (!undecided.contains(c.game_id)) {
        if (auto game = store::load_game(db, c.game_id))
          undecided.emplace(c.game_id, Undecided{std::move(*game), it->second});
      }
    } else if (!movers.changes(c.game_id, name)) {
      c.cannot_keep_file =
          "the file holds the game no further along than it was here before this sync";
    }
  }
}

// Merges one file inside its own transaction; a file that cannot be merged is skipped.
std::optional<FileMerge> merge_file(store::Database& db, store::sync::NamedFile named,
                                    const KeepChoice& keep, const store::sync::Movers& movers,
                                    std::map<std::int64_t, Undecided>& undecided,
                                    std::vector<Skipped>& skipped) {
  const std::string& name = named.name;
  store::sync::SyncFile& file = named.file;
  store::Transaction tx(db, store::Transaction::Kind::Immediate);
  FileMerge merge{name, keep.side_for(name), {}, {}, 0};
  merge.kept_deleted = store::sync::drop_deleted(file.data, store::sync::deleted_games(db));
  merge.deleted = store::sync::apply_deletions(db, file.deleted);
  const auto planned = store::plan_import(db, file.data);
  if (!planned) {
    skipped.push_back({name, planned.error()});
    return std::nullopt;  // rolled back: the deletions too
  }
  store::ImportPlan plan = *planned;
  if (keep.side == store::KeepSide::File && keep.file.empty())
    hold_back(plan, name, movers, undecided, db);
  if (store::import_changes(plan, merge.keep)) {
    if (auto applied = store::apply_import(db, file.data, plan, name, merge.keep); !applied) {
      skipped.push_back({name, applied.error()});
      return std::nullopt;
    }
  }
  tx.commit();
  merge.plan = std::move(plan);
  return merge;
}

std::string conflict_text(store::KeepSide keep, const store::GameConflict& c) {
  if (keep == store::KeepSide::File && c.cannot_keep_file.empty()) return "took the file's version";
  if (keep == store::KeepSide::Here) return "kept as it is here";
  if (keep == store::KeepSide::File)
    return "kept as it is here (the file's version cannot be taken: " + c.cannot_keep_file + ")";
  return "kept as it is here until sync --keep here or --keep file decides";
}

void print_json(const SyncOptions& opts, const std::string& mine, bool wrote,
                const std::vector<FileMerge>& merged, const std::vector<Skipped>& skipped,
                const std::map<std::int64_t, Undecided>& undecided, Context& ctx) {
  Json files = Json::array();
  for (const auto& m : merged) {
    Json conflicts = Json::array();
    for (const auto& c : m.plan.conflicts) {
      conflicts.push_back(
          {{"here", c.game_id},
           {"difference", c.difference},
           {"kept",
            m.keep == store::KeepSide::File && c.cannot_keep_file.empty() ? "file" : "here"}});
    }
    Json deleted = Json::array();
    for (const auto& g : m.deleted) deleted.push_back(g.id);
    files.push_back({{"file", m.file},
                     {"added",
                      {{"players", m.plan.new_players.size()},
                       {"seasons", m.plan.new_seasons.size()},
                       {"games", m.plan.new_games.size()}}},
                     {"updated", m.plan.updated_games.size()},
                     {"deleted", deleted},
                     {"not_brought_back", m.kept_deleted},
                     {"conflicts", conflicts}});
  }
  Json skips = Json::array();
  for (const auto& s : skipped) skips.push_back({{"file", s.file}, {"error", s.why}});
  Json open = Json::array();
  for (const auto& [id, u] : undecided) open.push_back({{"here", id}, {"files", u.files}});
  ctx.out << dump_json(Json{{"folder", opts.folder},
                            {"file", mine},
                            {"written", wrote},
                            {"files", files},
                            {"skipped", skips},
                            {"undecided", open}})
          << '\n';
}

void print_text(const SyncOptions& opts, const std::string& mine, bool wrote,
                const std::vector<FileMerge>& merged, Context& ctx) {
  for (const auto& m : merged) {
    const auto& p = m.plan;
    std::vector<std::string> did;
    if (!p.new_games.empty())
      did.push_back("added " + counted(static_cast<long long>(p.new_games.size()), "game"));
    if (!p.updated_games.empty())
      did.push_back("updated " + counted(static_cast<long long>(p.updated_games.size()), "game"));
    const auto taken = std::count_if(p.conflicts.begin(), p.conflicts.end(), [&](const auto& c) {
      return m.keep == store::KeepSide::File && c.cannot_keep_file.empty();
    });
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
    for (const auto& g : m.deleted) {
      ctx.out << "  Deleted game " << g.id << " (" << g.date << ", " << sanitize(game_names(g))
              << "): deleted in the database that wrote " << sanitize(m.file)
              << " (crowns undo brings it back)\n";
    }
    for (const auto& c : p.conflicts) {
      ctx.out << "  Conflict: " << sanitize(c.label + ", but " + c.difference) << "; "
              << sanitize(conflict_text(m.keep, c)) << '\n';
    }
  }
  if (merged.empty())
    ctx.out << "No other database's file in " << sanitize(opts.folder) << " yet\n";
  ctx.out << (wrote ? "Wrote " : "Unchanged: ") << sanitize(mine) << '\n';
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
  std::string id;
  {
    store::Transaction tx(db, store::Transaction::Kind::Immediate);
    id = store::sync::database_id(db);
    tx.commit();
  }
  const std::string mine = store::sync::file_name(id);
  if (keep.file == mine) {
    fail("sync: --keep " + quote_token(opts.keep) +
             " is this database's own file: --keep here keeps the games here",
         ExitCode::Usage);
  }
  std::vector<Skipped> skipped;
  std::vector<store::sync::NamedFile> files;
  for (const auto& path : other_files(folder, mine)) {
    if (auto f = read_sync_file(path, skipped)) files.push_back(std::move(*f));
  }
  // The file chosen by name is merged first: the others then meet its versions.
  std::stable_partition(files.begin(), files.end(),
                        [&](const store::sync::NamedFile& f) { return f.name == keep.file; });
  const store::sync::Movers movers = keep.side == store::KeepSide::File && keep.file.empty()
                                         ? store::sync::find_movers(db, files)
                                         : store::sync::Movers{};
  std::vector<FileMerge> merged;
  std::map<std::int64_t, Undecided> undecided;
  for (auto& f : files) {
    if (auto m = merge_file(db, std::move(f), keep, movers, undecided, skipped))
      merged.push_back(std::move(*m));
  }
  for (const auto& s : skipped) {
    ctx.err << "crowns: warning: skipped " << sanitize(s.file) << ": " << sanitize(s.why)
            << " (damaged or not all of it arrived yet; the next sync reads it again)\n";
  }
  for (const auto& [game_id, u] : undecided) {
    std::string choose;
    for (const auto& f : u.files) choose += (choose.empty() ? "" : " or ") + ("--keep " + f);
    ctx.err << "crowns: warning: game " << game_id << " (" << u.game.date << ", "
            << sanitize(game_names(u.game))
            << ") is kept as it is here: " << sanitize(file_list(u.files))
            << " hold different versions of it; choose one with " << sanitize(choose) << '\n';
  }
  // Our file last, holding what the others brought: written whole, and only when it changed.
  const std::string bytes = store::sync::format_sync_file(db, id);
  const fs::path own = folder / mine;
  std::string before;
  try {
    if (fs::exists(own, ec)) before = read_input_file(own.string(), store::kMaxImportBytes, ctx.in);
  } catch (const Error&) {
    before.clear();  // unreadable: written again
  }
  const bool wrote = before != bytes;
  if (wrote) write_output_file(own.string(), bytes, store::Overwrite::Yes);
  if (!skipped.empty() || !undecided.empty()) ctx.exit_code = ExitCode::Error;
  if (opts.json) {
    print_json(opts, mine, wrote, merged, skipped, undecided, ctx);
    return;
  }
  print_text(opts, mine, wrote, merged, ctx);
}

}  // namespace

void setup_sync(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<SyncOptions>();
  auto* sub = app.add_subcommand(
      "sync", "Share one history through a folder a sync tool carries (Syncthing, git...)");
  sub->add_option("folder", opts->folder, "The shared folder")->required();
  sub->add_flag("--json", opts->json, "Print the summary as JSON");
  sub->add_option("--keep", opts->keep,
                  "A game changed differently on two databases: keep the game here, the "
                  "files' version (when they agree), or one file's (default: keep it here "
                  "and say so)")
      ->type_name("here|file|FILE");
  sub->callback([opts, &ctx] { run_sync(*opts, ctx); });
}

}  // namespace crowns::cli
