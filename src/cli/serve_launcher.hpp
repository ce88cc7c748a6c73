#pragma once
// crowns serve's options, parsed by the CLI, and the function that acts on them: it starts the
// program crowns-serve (src/cli/serve_launcher.cpp; src/serve/program.hpp) with its own command
// line, so that no other command maps cpp-httplib and OpenSSL at start-up.

#include "cli/context.hpp"

namespace crowns::cli {

struct ServeCommandOptions {
  int port = 8765;
  bool lan = false;
  bool keeper_qr = false;
  bool keep_token = false;   ///< Accepted: the token is kept by default since issue 38.
  bool fresh_token = false;  ///< A new token (and link) for this start and the next ones.
};

/// Replaces this process with crowns-serve, run with these options and the database resolved.
/// Throws crowns::Error when that program cannot be found or started.
void run_serve(const ServeCommandOptions& opts, Context& ctx);

}  // namespace crowns::cli
