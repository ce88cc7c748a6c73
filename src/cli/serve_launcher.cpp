// crowns serve in the crowns program: start the helper program crowns-serve on the same
// command line. The server needs cpp-httplib, and with it OpenSSL, brotli and zlib; mapping
// them cost every crowns command about 5 ms of start-up (docs/PERFORMANCE.md), so only
// crowns-serve links them, as git keeps git-http-push out of git itself.

#include "cli/serve_launcher.hpp"

#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>
#include <vector>

#include "crowns/error.hpp"
#include "store/db.hpp"

namespace crowns::cli {
namespace {

namespace fs = std::filesystem;

// Where crowns-serve is, beside this program (a build tree) or where `cmake --install` and
// the Debian package put it (PREFIX/libexec/crowns), or "" with the places looked at.
std::string find_helper(std::string& looked_at) {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) {
    looked_at = "/proc/self/exe: " + ec.message();
    return {};
  }
  const fs::path dir = self.parent_path();
  const std::array candidates = {dir / "crowns-serve",
                                 dir.parent_path() / "libexec" / "crowns" / "crowns-serve"};
  for (const auto& candidate : candidates) {
    looked_at += (looked_at.empty() ? "" : ", ") + candidate.string();
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return {};
}

}  // namespace

void run_serve(const ServeCommandOptions& opts, Context& ctx) {
  std::string looked_at;
  const std::string helper = find_helper(looked_at);
  if (helper.empty())
    throw Error("crowns serve needs its program crowns-serve, which is not installed (looked in " +
                looked_at + "); reinstall crowns");
  // crowns-serve's own command line, from what crowns has read and checked: the database
  // already resolved (--db, $CROWNS_DB, XDG), the options as crowns-serve names them.
  std::vector<std::string> words = {helper, "--db", store::database_path(ctx.options.db), "--port",
                                    std::to_string(opts.port)};
  if (opts.lan) words.emplace_back("--lan");
  if (opts.keeper_qr) words.emplace_back("--keeper-qr");
  if (opts.fresh_token) words.emplace_back("--fresh-token");
  if (ctx.options.ascii) words.emplace_back("--ascii");
  ctx.out.flush();
  ctx.err.flush();
  std::cout.flush();
  std::vector<char*> args;
  args.reserve(words.size() + 1);
  for (auto& word : words) args.push_back(word.data());
  args.push_back(nullptr);
  ::execv(helper.c_str(), args.data());
  const int why = errno;
  throw Error("cannot start " + helper + ": " + std::strerror(why));
}

}  // namespace crowns::cli
