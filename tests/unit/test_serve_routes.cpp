// The server's routes are one table (serve/routes.hpp): every write wants the scorekeeper's
// secret and the writes' rate limit, every page file has its row, and no path is listed twice.
// tests/e2e/test_serve_routes.sh tries every row on the real server.

#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <utility>

#include "cli/hint_words.hpp"
#include "serve/assets.hpp"
#include "serve/hint_words.hpp"
#include "serve/routes.hpp"

using namespace crowns;
using namespace crowns::serve;

TEST_CASE("the route table: what each row needs follows from what it does", "[serve][routes]") {
  const auto rows = route_table();
  std::set<std::pair<Method, std::string>> seen;
  int writes = 0;
  for (const RouteRow& row : rows) {
    INFO(method_name(row.method) << ' ' << row.path);
    CHECK(seen.emplace(row.method, row.path).second);
    CHECK(row.path.starts_with("/"));
    // A write is a POST, wants the secret from the header or the form, counts as a write and
    // answers JSON; a read is a GET.
    CHECK((row.method == Method::Post) == (row.access == Access::Write));
    CHECK((row.limit == Limit::Writes) == (row.access == Access::Write));
    if (row.access == Access::Write) {
      ++writes;
      CHECK(row.secret == Secret::HeaderOrField);
      CHECK(row.reply == Reply::Json);
    } else {
      CHECK(row.secret != Secret::HeaderOrField);
    }
    // The scorekeeper's pages hold the token: only with it.
    if (row.path.starts_with("/keep") || row.path == "/api/keeper")
      CHECK(row.secret != Secret::None);
  }
  CHECK(writes == 7);  // round, edit, undo, start, rematch, tiebreak, join
  for (const WebAsset& asset : web_assets()) {
    INFO(asset.path);
    CHECK(seen.contains({Method::Get, std::string(asset.path)}));
  }
}

TEST_CASE("crowns-serve's start-up hints are the terminal's words", "[serve][routes]") {
  // crowns-serve cannot link the CLI's words (it holds nothing of the CLI): its own copy of
  // the few kinds its start raises must say what the terminal says.
  int worded = 0;
  for (int k = 0; k < kHintKinds; ++k) {
    const Hint hint{.kind = static_cast<HintKind>(k), .name = "crowns.db"};
    const std::string said = console_hint(hint);
    INFO(hint_kind_name(hint.kind));
    if (said.empty()) continue;
    ++worded;
    CHECK(said == cli::hint_words(hint));
  }
  CHECK(worded == 5);
  CHECK(console_hint({.kind = HintKind::DatabaseMissing}) ==
        ": check --db or $CROWNS_DB, or start one by recording something");
}
