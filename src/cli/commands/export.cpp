// crowns export: every player, season and game as one JSON or CSV file (docs/DATA.md).

#include <CLI/CLI.hpp>
#include <algorithm>

#include "cli/commands.hpp"
#include "cli/files.hpp"
#include "cli/options.hpp"
#include "cli/session.hpp"
#include "crowns/plural.hpp"
#include "store/transfer_db.hpp"

namespace crowns::cli {
namespace {

struct ExportOptions {
  std::optional<store::ExportFormat> format;
  std::string out;
  bool force = false;
};

void run_export(const ExportOptions& opts, Context& ctx) {
  // A FILE.csv gets CSV unless --format says otherwise.
  const bool csv_name = opts.out.size() > 4 && opts.out.ends_with(".csv");
  const auto format =
      opts.format.value_or(csv_name ? store::ExportFormat::Csv : store::ExportFormat::Json);
  std::string text;
  std::size_t games = 0, players = 0, seasons = 0;
  {
    auto db = open_store(ctx, store::Access::Read);
    // One read transaction: a consistent picture even while another terminal records a round.
    store::Transaction tx(db, store::Transaction::Kind::Deferred);
    const store::ExportData data = store::load_export(db);
    text = store::format_export(data, format);
    games = data.games.size();
    players = data.players.size();
    seasons = data.seasons.size();
  }
  if (opts.out.empty() || opts.out == "-") {
    // Standard output may be a terminal. JSON escapes losslessly; CSV has no escapes, but
    // checked data never holds what sanitize() changes (only a tampered database does).
    if (format == store::ExportFormat::Json) {
      ctx.out << terminal_json(std::move(text));
    } else {
      for (std::size_t from = 0; from < text.size();) {
        const auto nl = std::min(text.find('\n', from), text.size());
        ctx.out << sanitize(std::string_view(text).substr(from, nl - from)) << '\n';
        from = nl + 1;
      }
    }
    return;
  }
  write_output_file(opts.out, text, opts.force ? store::Overwrite::Yes : store::Overwrite::No);
  ctx.out << "Exported " << counted(static_cast<long long>(games), "game") << ", "
          << counted(static_cast<long long>(players), "player") << " and "
          << counted(static_cast<long long>(seasons), "season") << " to " << sanitize(opts.out)
          << '\n';
}

}  // namespace

void setup_export(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<ExportOptions>();
  auto* sub = app.add_subcommand("export", "Write every player, season and game as JSON or CSV");
  sub->add_option("--format", opts->format, "json (default) or csv (default for --out FILE.csv)")
      ->transform(one_of<store::ExportFormat>(
          {{"json", store::ExportFormat::Json}, {"csv", store::ExportFormat::Csv}}));
  sub->add_option("-o,--out", opts->out, "Write to FILE (atomically) instead of standard output")
      ->type_name("FILE");
  sub->add_flag("--force", opts->force, "Replace FILE if it exists");
  sub->callback([opts, &ctx] { run_export(*opts, ctx); });
}

}  // namespace crowns::cli
