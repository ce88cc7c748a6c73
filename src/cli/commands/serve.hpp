#pragma once
// crowns serve's options, parsed by the CLI in every crowns program, and the function that
// acts on them. The crowns program defines run_serve by starting its helper program
// crowns-serve (src/cli/serve_launcher.cpp), so that no other command maps cpp-httplib and
// OpenSSL at start-up; crowns-serve, which has the server linked in, defines it by serving
// (src/serve/run_serve.cpp).

#include "cli/context.hpp"

namespace crowns::cli {

struct ServeCommandOptions {
  int port = 8765;
  bool lan = false;
  bool keeper_qr = false;
  bool keep_token = false;   ///< Accepted: the token is kept by default since issue 38.
  bool fresh_token = false;  ///< A new token (and link) for this start and the next ones.
};

/// Serves until stopped (crowns-serve), or replaces this process with crowns-serve run on
/// the same command line (crowns). Throws crowns::Error when that program cannot be found or
/// started, or the server cannot start.
void run_serve(const ServeCommandOptions& opts, Context& ctx);

}  // namespace crowns::cli
