#pragma once
// crowns serve: the scorecard live on every phone at the table (docs/SERVE.md).

#include <iosfwd>
#include <string>

namespace crowns::serve {

/// The scorekeeper's token at the start: the one kept beside the database (made the first
/// time), or a fresh one that replaces it there (the old link stops working).
enum class Token { Kept, Fresh };

struct ServeOptions {
  std::string db_path;     ///< The database file (already resolved from --db / $CROWNS_DB / XDG).
  int port = 8765;         ///< 0: any free port (the URLs printed say which).
  bool lan = false;        ///< Listen on every address, not only 127.0.0.1.
  bool ascii = false;      ///< Draw the QR code with '#' rather than blocks.
  bool keeper_qr = false;  ///< Also show the scorekeeper's link as a QR code.
  Token token = Token::Kept;  ///< The token kept across restarts, or a fresh one (token_file).
};

/// Where serve keeps the scorekeeper's token: beside the database, owner-only.
std::string token_file(const std::string& db_path);

/// Prints the viewers' URL, the scorekeeper's URL (with a fresh token) and a QR code of the
/// viewers' URL to `out`, then serves until SIGINT or SIGTERM. Throws crowns::Error (one
/// line) when the database cannot be opened or the port cannot be listened on.
void serve(const ServeOptions& options, std::ostream& out);

}  // namespace crowns::serve
