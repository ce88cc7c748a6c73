// crowns serve: the scorecard live on every phone at the table; the scorekeeper's link enters
// rounds too (docs/SERVE.md). The server itself is src/serve/, in the program crowns-serve.

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/serve_launcher.hpp"

namespace crowns::cli {
namespace {

constexpr int kMaxPort = 65535;

}  // namespace

void setup_serve(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<ServeCommandOptions>();
  auto* sub = app.add_subcommand(
      "serve",
      "Serve the live scorecard to phones at the table; the scorekeeper's link enters rounds");
  sub->add_option("-p,--port", opts->port, "The port to listen on (default 8765; 0: any free one)")
      ->check(whole_number(0, kMaxPort));
  sub->add_flag("--lan", opts->lan,
                "Listen on the local network, not only this computer (127.0.0.1)");
  sub->add_flag("--keeper-qr", opts->keeper_qr,
                "Also show the scorekeeper's link as a QR code (for your own phone)");
  sub->add_flag("--keep-token", opts->keep_token,
                "Keep the scorekeeper's link across restarts (the default: its token in "
                "DB.serve-token, owner-only)");
  sub->add_flag("--fresh-token", opts->fresh_token,
                "A new scorekeeper's link: the old one stops working (the new token is kept "
                "for the next starts)")
      ->excludes("--keep-token");
  sub->callback([opts, &ctx] { run_serve(*opts, ctx); });
}

}  // namespace crowns::cli
