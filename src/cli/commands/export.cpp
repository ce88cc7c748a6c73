// crowns export: every player, season and game as one JSON or CSV file (docs/DATA.md).

#include <CLI/CLI.hpp>
#include <algorithm>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/fail.hpp"
#include "cli/files.hpp"
#include "cli/options.hpp"
#include "cli/session.hpp"
#include "crowns/plural.hpp"
#include "store/transfer_db.hpp"
#include "views/ascii_out.hpp"

namespace crowns::cli {
namespace {

struct ExportOptions {
  std::optional<store::ExportFormat> format;
  std::string out;
  bool force = false;
  bool json = false;
};

void run_export(const ExportOptions& opts, Context& ctx) {
  // A FILE.csv gets CSV unless --format says otherwise.
  const bool csv_name = opts.out.size() > 4 && opts.out.ends_with(".csv");
  const bool to_stdout = opts.out.empty() || opts.out == "-";
  // Without a file, --json is the export itself, as JSON.
  if (opts.json && to_stdout && opts.format == store::ExportFormat::Csv) {
    fail("--json prints JSON: leave out --format csv, or write the CSV with --out FILE",
         ExitCode::Usage);
  }
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
  if (to_stdout) {
    // Standard output may be a terminal. JSON escapes losslessly; CSV has no escapes, but
    // checked data never holds what sanitize() changes (only a tampered database does).
    // Under --ascii a name comes out as Zo\u00eb: JSON decodes it, but CSV has no escapes and
    // an import would take the backslashes as part of the name.
    if (format == store::ExportFormat::Csv && ascii_output() &&
        std::any_of(text.begin(), text.end(), [](char c) { return (c & 0x80) != 0; })) {
      fail(
          "--ascii would write non-ASCII names in this CSV as \\uXXXX, which an import reads "
          "as written; export to a file with --out FILE (UTF-8, as --ascii leaves files), as "
          "JSON, or without --ascii");
    }
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
  if (opts.json) {
    ctx.out << dump_json(nlohmann::ordered_json{
                   {"file", opts.out},
                   {"format", format == store::ExportFormat::Csv ? "csv" : "json"},
                   {"bytes", text.size()},
                   {"games", games},
                   {"players", players},
                   {"seasons", seasons}})
            << '\n';
    return;
  }
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
  sub->add_flag("--json", opts->json,
                "With --out, print what was written as JSON; without, the export as JSON");
  sub->callback([opts, &ctx] { run_export(*opts, ctx); });
}

}  // namespace crowns::cli
