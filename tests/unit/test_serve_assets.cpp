// The page's script is ES modules by concern (issue 46): each is embedded in crowns-serve and
// served from it, none is over 300 lines, and every module one imports is one of them.

#include <algorithm>
#include <catch2/catch.hpp>
#include <regex>
#include <set>
#include <string>

#include "serve/assets.hpp"

using namespace crowns::serve;

TEST_CASE("the page's script: modules of at most 300 lines, every import embedded", "[serve]") {
  std::set<std::string> scripts;
  for (const WebAsset& asset : web_assets()) {
    if (asset.path.ends_with(".js")) scripts.emplace(asset.path);
  }
  REQUIRE(scripts.contains("/app.js"));
  CHECK(scripts.size() >= 10);  // app.js and the modules it imports, not one long function
  std::set<std::string> imported{"/app.js"};
  for (const WebAsset& asset : web_assets()) {
    if (!asset.path.ends_with(".js")) continue;
    INFO(asset.path);
    CHECK(std::count(asset.body.begin(), asset.body.end(), '\n') <= 300);
    CHECK(asset.type == "text/javascript; charset=utf-8");  // a module needs a script type
    static const std::regex kImport(R"(import \{[^}]*\} from '\.(/[a-z-]+\.js)';)");
    std::size_t from = 0;
    while (from < asset.body.size()) {
      const std::size_t end = std::min(asset.body.find('\n', from), asset.body.size());
      const std::string line(asset.body.substr(from, end - from));
      from = end + 1;
      std::smatch match;
      if (!std::regex_match(line, match, kImport)) continue;
      const std::string path = match[1];
      INFO(path);
      CHECK(scripts.contains(path));
      imported.insert(path);
    }
  }
  // Every module is reached from app.js (updating.js is the page shown while the server
  // starts, a script of its own).
  for (const auto& path : scripts) {
    INFO(path);
    CHECK((imported.contains(path) || path == "/updating.js"));
  }
}
