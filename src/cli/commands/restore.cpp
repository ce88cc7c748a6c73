// crowns restore FILE: check a backup, then replace the database with it, keeping the old
// database aside.

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/session.hpp"
#include "crowns/plural.hpp"
#include "store/backup.hpp"
#include "store/db.hpp"
#include "store/sync.hpp"

namespace crowns::cli {
namespace {

struct RestoreOptions {
  std::string file;
  bool yes = false;
  bool json = false;
};

void run_restore(const RestoreOptions& opts, Context& ctx) {
  const std::string db_path = store::database_path(ctx.options.db);
  std::error_code ec;
  if (std::filesystem::exists(db_path, ec))
    open_store(ctx, store::Access::Write);  // refuses what is not crowns'
  store::RestoreCandidate candidate(opts.file, db_path);
  const auto& info = candidate.info();
  if (!opts.yes) {
    if (isatty(STDIN_FILENO) == 0) {
      fail(
          "restore replaces the whole database; add --yes to confirm (standard input is not a "
          "terminal)",
          ExitCode::Usage);
    }
    const std::string question = "Replace " + sanitize(db_path) + " with " + sanitize(opts.file) +
                                 " (" + counted(info.games, "game") + ", " +
                                 counted(info.players, "player") +
                                 ")? The current database is kept aside.";
    if (!confirm(ctx, question)) {
      ctx.out << "Nothing was changed.\n";
      return;
    }
  }
  const std::string aside = candidate.replace_database();
  if (opts.json) {
    const nlohmann::ordered_json j{{"restored", opts.file},
                                   {"database", db_path},
                                   {"previous", aside.empty() ? nlohmann::ordered_json(nullptr)
                                                              : nlohmann::ordered_json(aside)},
                                   {"games", info.games},
                                   {"players", info.players}};
    ctx.out << dump_json(j) << '\n';
    return;
  }
  ctx.out << "Restored " << sanitize(db_path) << " from " << sanitize(opts.file) << " ("
          << counted(info.games, "game") << ", " << counted(info.players, "player") << ")\n";
  if (!aside.empty()) ctx.out << "The previous database is kept as " << sanitize(aside) << '\n';
  if (const auto sync_id =
          store::sync::existing_database_id(open_store(ctx, store::Access::Read))) {
    ctx.out << "It keeps the backup's sync id (" << *sync_id
            << "): if a file under that id was written since, the next sync says so, takes a new "
               "id and brings back what that file holds\n";
  }
}

}  // namespace

void setup_restore(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<RestoreOptions>();
  auto* sub = app.add_subcommand("restore",
                                 "Replace the database with a backup (the old one is kept aside)");
  sub->add_option("file", opts->file, "A file made by crowns backup")->required();
  sub->add_flag("-y,--yes", opts->yes, "Do not ask for confirmation");
  sub->add_flag("--json", opts->json, "Print the result as JSON");
  sub->callback([opts, &ctx] { run_restore(*opts, ctx); });
}

}  // namespace crowns::cli
