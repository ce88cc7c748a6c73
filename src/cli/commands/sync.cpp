// crowns sync FOLDER: one history from every host. This database writes its own file into the
// folder and merges the files the others wrote there, as crowns import merges (store/sync.hpp).

#include "store/sync.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
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
  store::KeepSide keep = store::KeepSide::Skip;
};

// What merging one file did.
struct FileMerge {
  std::string file;
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

// Merges one file inside its own transaction; a file that cannot be merged is skipped.
std::optional<FileMerge> merge_file(store::Database& db, const fs::path& path,
                                    const SyncOptions& opts, std::vector<Skipped>& skipped) {
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
  store::sync::SyncFile file = *parsed;
  store::Transaction tx(db, store::Transaction::Kind::Immediate);
  FileMerge merge{name, {}, {}, 0};
  merge.kept_deleted = store::sync::drop_deleted(file.data, store::sync::deleted_games(db));
  merge.deleted = store::sync::apply_deletions(db, file.deleted);
  auto plan = store::plan_import(db, file.data);
  if (!plan) {
    skipped.push_back({name, plan.error()});
    return std::nullopt;  // rolled back: the deletions too
  }
  if (store::import_changes(*plan, opts.keep)) {
    if (auto applied = store::apply_import(db, file.data, *plan, name, opts.keep); !applied) {
      skipped.push_back({name, applied.error()});
      return std::nullopt;
    }
  }
  tx.commit();
  merge.plan = *plan;
  return merge;
}

std::string conflict_text(const SyncOptions& opts, const store::GameConflict& c) {
  if (opts.keep == store::KeepSide::File && c.cannot_keep_file.empty())
    return "took the file's version";
  if (opts.keep == store::KeepSide::Here) return "kept as it is here";
  if (opts.keep == store::KeepSide::File)
    return "kept as it is here (the file's version cannot be taken: " + c.cannot_keep_file + ")";
  return "kept as it is here until sync --keep here or --keep file decides";
}

void print_json(const SyncOptions& opts, const std::string& mine, bool wrote,
                const std::vector<FileMerge>& merged, const std::vector<Skipped>& skipped,
                Context& ctx) {
  Json files = Json::array();
  for (const auto& m : merged) {
    Json conflicts = Json::array();
    for (const auto& c : m.plan.conflicts) {
      conflicts.push_back(
          {{"here", c.game_id},
           {"difference", c.difference},
           {"kept",
            opts.keep == store::KeepSide::File && c.cannot_keep_file.empty() ? "file" : "here"}});
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
  ctx.out << dump_json(Json{{"folder", opts.folder},
                            {"file", mine},
                            {"written", wrote},
                            {"files", files},
                            {"skipped", skips}})
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
              << sanitize(conflict_text(opts, c)) << '\n';
    }
  }
  if (merged.empty())
    ctx.out << "No other database's file in " << sanitize(opts.folder) << " yet\n";
  ctx.out << (wrote ? "Wrote " : "Unchanged: ") << sanitize(mine) << '\n';
}

void run_sync(const SyncOptions& opts, Context& ctx) {
  const fs::path folder(opts.folder);
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) {
    fail("sync: " + quote_token(opts.folder) +
             " is not a folder; give the folder a sync tool shares (create it first)",
         ExitCode::Usage);
  }
  auto db = open_store(ctx, store::Access::Write);
  std::string id;
  {
    store::Transaction tx(db, store::Transaction::Kind::Immediate);
    id = store::sync::database_id(db);
    tx.commit();
  }
  const std::string mine = store::sync::file_name(id);
  std::vector<FileMerge> merged;
  std::vector<Skipped> skipped;
  for (const auto& path : other_files(folder, mine)) {
    if (auto m = merge_file(db, path, opts, skipped)) merged.push_back(std::move(*m));
  }
  for (const auto& s : skipped) {
    ctx.err << "crowns: warning: skipped " << sanitize(s.file) << ": " << sanitize(s.why)
            << " (damaged or not all of it arrived yet; the next sync reads it again)\n";
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
  if (!skipped.empty()) ctx.exit_code = ExitCode::Error;
  if (opts.json) {
    print_json(opts, mine, wrote, merged, skipped, ctx);
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
                  "A game changed differently on two databases: keep the game here or the "
                  "file's (default: keep it here and say so)")
      ->transform(one_of<store::KeepSide>(
          {{"here", store::KeepSide::Here}, {"file", store::KeepSide::File}}))
      ->type_name("here|file");
  sub->callback([opts, &ctx] { run_sync(*opts, ctx); });
}

}  // namespace crowns::cli
