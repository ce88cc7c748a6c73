#include "serve/program.hpp"

#include <CLI/CLI.hpp>

#include "crowns/error.hpp"
#include "serve/server.hpp"
#include "views/style.hpp"

namespace crowns::serve {

int run_program(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  constexpr int kMaxPort = 65535;
  ServeOptions opts;
  CLI::App app{"crowns-serve: the live scorecard of crowns serve (run it as crowns serve)",
               "crowns-serve"};
  app.add_option("--db", opts.db_path, "The database file")->required();
  app.add_option("--port", opts.port, "The port (0: any free one)")->check(CLI::Range(0, kMaxPort));
  app.add_flag("--lan", opts.lan, "Listen on the local network, not only 127.0.0.1");
  app.add_flag("--keeper-qr", opts.keeper_qr, "Also show the scorekeeper's link as a QR code");
  bool fresh = false;
  app.add_flag("--fresh-token", fresh, "A new scorekeeper's link (kept from then on)");
  app.add_flag("--ascii", opts.ascii, "Draw the QR code in ASCII");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {
      out << app.help();
      return 0;
    }
    err << "crowns: error: " << views::sanitize(e.what())
        << " (crowns-serve is run by crowns serve)\n";
    return static_cast<int>(ExitCode::Usage);
  }
  opts.token = fresh ? Token::Fresh : Token::Kept;
  try {
    serve(opts, out);
    return 0;
  } catch (const Error& e) {
    out.flush();
    err << "crowns: error: " << views::sanitize(e.what()) << '\n';
    return static_cast<int>(e.code());
  }
}

}  // namespace crowns::serve
