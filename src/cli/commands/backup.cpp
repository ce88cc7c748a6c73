// crowns backup FILE: a consistent copy of the database, safe while others write to it.

#include "store/backup.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/files.hpp"
#include "cli/session.hpp"
#include "store/db.hpp"
#include "store/sync.hpp"

namespace crowns::cli {
namespace {

struct BackupOptions {
  std::string file;
  bool force = false;
  bool json = false;
};

void run_backup(const BackupOptions& opts, Context& ctx) {
  const std::string db_path = store::database_path(ctx.options.db);
  // Refuses a file that is not a crowns database, migrates an old one.
  const auto sync_id = store::sync::existing_database_id(open_store(ctx, store::Access::Read));
  const auto overwrite = opts.force ? store::Overwrite::Yes : store::Overwrite::No;
  // Through a symbolic link to the file it names; never over a FIFO, a device or the link.
  const store::BackupResult result =
      store::backup_database(db_path, output_target(opts.file, overwrite), overwrite);
  if (opts.json) {
    const nlohmann::ordered_json j{{"backup", result.file},
                                   {"database", db_path},
                                   {"pages", result.pages},
                                   {"bytes", result.bytes}};
    ctx.out << dump_json(j) << '\n';
    return;
  }
  ctx.out << "Backed up " << sanitize(db_path) << " to " << sanitize(result.file) << " ("
          << (result.bytes + 1023) / 1024 << " KiB)\n";
  if (sync_id) {
    ctx.out << "The backup keeps this database's sync id (" << *sync_id
            << "): a copy of it that syncs is found out by its first sync and takes an id of its "
               "own, keeping every game\n";
  }
}

}  // namespace

void setup_backup(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<BackupOptions>();
  auto* sub =
      app.add_subcommand("backup", "Copy the database to FILE (safe while crowns is in use)");
  sub->add_option("file", opts->file, "The backup file to write")->required();
  sub->add_flag("-f,--force", opts->force, "Replace FILE if it exists");
  sub->add_flag("--json", opts->json, "Print the result as JSON");
  sub->callback([opts, &ctx] { run_backup(*opts, ctx); });
}

}  // namespace crowns::cli
