// The page's script is ES modules by concern (issue 46): each is embedded in crowns-serve and
// served from it, none is over 300 lines, every module one imports is one of them, and the
// imports make no circle (a module below asks one above through redraw.js, never imports it).

#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "serve/assets.hpp"

using namespace crowns::serve;

namespace {

// Each module's imports: "/entry.js" -> {"/page.js", ...}.
using ImportGraph = std::map<std::string, std::set<std::string>>;

// The import lines of the embedded scripts. Every line that starts with `import` must be one
// `import { names } from './module.js';`, the form read here, so no import goes unread.
ImportGraph script_imports() {
  static const std::regex kImport(R"(import \{[^}]*\} from '\.(/[a-z-]+\.js)';)");
  ImportGraph graph;
  for (const WebAsset& asset : web_assets()) {
    if (!asset.path.ends_with(".js")) continue;
    auto& imports = graph[std::string(asset.path)];
    std::size_t from = 0;
    while (from < asset.body.size()) {
      const std::size_t end = std::min(asset.body.find('\n', from), asset.body.size());
      const std::string line(asset.body.substr(from, end - from));
      from = end + 1;
      if (!line.starts_with("import")) continue;
      std::smatch match;
      INFO(asset.path << ": " << line);
      CHECK(std::regex_match(line, match, kImport));
      if (!match.empty()) imports.insert(match[1]);
    }
  }
  return graph;
}

// A circle of imports, as its modules in order with the first again at the end; empty when
// there is none. Depth first: a module met again while still on the path closes a circle.
std::vector<std::string> import_circle(const ImportGraph& graph) {
  enum class Mark { New, OnPath, Done };
  std::map<std::string, Mark> marks;
  std::vector<std::string> path;
  std::vector<std::string> circle;
  const std::function<bool(const std::string&)> visit = [&](const std::string& module) {
    marks[module] = Mark::OnPath;
    path.push_back(module);
    if (const auto it = graph.find(module); it != graph.end()) {
      for (const auto& next : it->second) {
        if (marks[next] == Mark::OnPath) {
          circle.assign(std::find(path.begin(), path.end(), next), path.end());
          circle.push_back(next);
          return true;
        }
        if (marks[next] == Mark::New && visit(next)) return true;
      }
    }
    path.pop_back();
    marks[module] = Mark::Done;
    return false;
  };
  for (const auto& [module, imports] : graph) {
    if (marks[module] == Mark::New && visit(module)) return circle;
  }
  return {};
}

std::string joined(const std::vector<std::string>& modules) {
  std::string text;
  for (const auto& m : modules) text += (text.empty() ? "" : " -> ") + m;
  return text;
}

}  // namespace

TEST_CASE("the page's script: modules of at most 300 lines, every import embedded", "[serve]") {
  std::set<std::string> scripts;
  for (const WebAsset& asset : web_assets()) {
    if (!asset.path.ends_with(".js")) continue;
    scripts.emplace(asset.path);
    INFO(asset.path);
    CHECK(std::count(asset.body.begin(), asset.body.end(), '\n') <= 300);
    CHECK(asset.type == "text/javascript; charset=utf-8");  // a module needs a script type
  }
  REQUIRE(scripts.contains("/app.js"));
  CHECK(scripts.size() >= 10);  // app.js and the modules it imports, not one long function
  std::set<std::string> imported{"/app.js"};
  for (const auto& [module, imports] : script_imports()) {
    for (const auto& path : imports) {
      INFO(module << " imports " << path);
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

TEST_CASE("the page's modules import each other in no circle", "[serve]") {
  const ImportGraph graph = script_imports();
  const auto circle = import_circle(graph);
  INFO("a circle: " << joined(circle));
  CHECK(circle.empty());
  // The check finds one: writes.js importing entry.js again, as it once did.
  ImportGraph planted = graph;
  planted["/writes.js"].insert("/entry.js");
  const auto found = import_circle(planted);
  INFO("planted: " << joined(found));
  REQUIRE(found.size() >= 3);
  CHECK(found.front() == found.back());
  CHECK(std::count(found.begin(), found.end(), "/writes.js") == 1);
  CHECK(std::count(found.begin(), found.end(), "/entry.js") >= 1);
  CHECK(import_circle({{"/a.js", {"/b.js"}}, {"/b.js", {"/c.js"}}, {"/c.js", {"/a.js"}}}) ==
        std::vector<std::string>{"/a.js", "/b.js", "/c.js", "/a.js"});
  CHECK(
      import_circle({{"/a.js", {"/b.js", "/c.js"}}, {"/b.js", {"/c.js"}}, {"/c.js", {}}}).empty());
}
