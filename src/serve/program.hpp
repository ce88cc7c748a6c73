#pragma once
// crowns-serve, the program behind `crowns serve`: its own command line, which `crowns serve`
// writes after it has checked the user's (cli/serve_launcher.cpp), and its own error line.
// It links the table, the store, the views and the web server, and nothing of the terminal's
// CLI.

#include <ostream>

namespace crowns::serve {

/// Reads `crowns-serve --db PATH [--port N] [--lan] [--keeper-qr] [--fresh-token] [--ascii]`,
/// serves until stopped, and returns the exit code; a failure is one line on `err`
/// ("crowns: error: ...").
int run_program(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace crowns::serve
