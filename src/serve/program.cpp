#include "serve/program.hpp"

#include <CLI/CLI.hpp>
#include <charconv>
#include <optional>
#include <string_view>

#include "crowns/error.hpp"
#include "crowns/names.hpp"
#include "serve/hint_words.hpp"
#include "serve/routes.hpp"
#include "serve/server.hpp"
#include "views/style.hpp"

namespace crowns::serve {
namespace {

constexpr int kMaxPort = 65535;
// What a refused command line is told: the options crowns-serve takes, and who runs it.
constexpr const char* kUsage =
    "crowns-serve --db FILE [--port N] [--lan] [--keeper-qr] [--fresh-token] [--ascii]; crowns "
    "serve runs it";

// `text` as a port (0 to 65535), or none.
std::optional<int> read_port(std::string_view text) {
  int port = -1;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), port);
  if (error != std::errc() || end != text.data() + text.size() || port < 0 || port > kMaxPort)
    return std::nullopt;
  return port;
}

// The table of routes, a line each: `crowns-serve --routes` (what tests/e2e/test_serve_routes.sh
// reads to try every route).
void print_routes(std::ostream& out) {
  for (const RouteRow& row : route_table()) {
    out << method_name(row.method) << ' ' << row.path << ' ' << access_name(row.access) << ' '
        << secret_name(row.secret) << ' ' << limit_name(row.limit) << ' ' << reply_name(row.reply)
        << '\n';
  }
}

}  // namespace

int run_program(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  ServeOptions opts;
  CLI::App app{"crowns-serve: the live scorecard of crowns serve (run it as crowns serve)",
               "crowns-serve"};
  app.add_option("--db", opts.db_path, "The database file");
  std::string port = std::to_string(opts.port);
  app.add_option("--port", port, "The port (0: any free one)");
  app.add_flag("--lan", opts.lan, "Listen on the local network, not only 127.0.0.1");
  app.add_flag("--keeper-qr", opts.keeper_qr, "Also show the scorekeeper's link as a QR code");
  bool fresh = false;
  app.add_flag("--fresh-token", fresh, "A new scorekeeper's link (kept from then on)");
  app.add_flag("--ascii", opts.ascii, "Draw the QR code in ASCII");
  bool routes = false;
  app.add_flag("--routes", routes,
               "List the routes served, a line each (method, path, access, secret, rate limit, "
               "reply), and stop");
  // Every refusal of the command line: one line naming the bad token, then the right form.
  const auto refuse = [&](const std::string& what) {
    err << "crowns: error: " << views::sanitize(what) << " (" << kUsage << ")\n";
    return static_cast<int>(ExitCode::Usage);
  };
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {
      out << app.help();
      return 0;
    }
    return refuse(e.what());
  }
  if (routes) {
    print_routes(out);
    return 0;
  }
  if (opts.db_path.empty()) return refuse("--db FILE is required: the database to serve");
  const auto number = read_port(port);
  if (!number)
    return refuse(quote_token(port) + " is not a port: give --port a whole number from 0 to " +
                  std::to_string(kMaxPort) + " (0: any free one)");
  opts.port = *number;
  opts.token = fresh ? Token::Fresh : Token::Kept;
  try {
    serve(opts, out);
    return 0;
  } catch (const Error& e) {
    // Read at the terminal of whoever ran `crowns serve`: its hint in the terminal's words.
    out.flush();
    err << "crowns: error: " << views::sanitize(console_said(e)) << '\n';
    return static_cast<int>(e.code());
  }
}

}  // namespace crowns::serve
