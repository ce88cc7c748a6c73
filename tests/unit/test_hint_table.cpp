// docs/HINTS.md is every hint kind with the terminal's and the phone's words for it, made from
// the two files that word them (src/cli/hint_words.cpp, src/serve/hint_words.cpp), so the page
// cannot drift from the code. CROWNS_GOLDEN_UPDATE=1 writes the page anew.

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/hint_words.hpp"
#include "crowns/hint.hpp"
#include "serve/hint_words.hpp"

using namespace crowns;

namespace {

// A table cell: the words as said, a bar escaped, an empty hint named as such.
std::string cell(const std::string& words) {
  if (words.empty()) return "(none: the failure's own words)";
  std::string out;
  for (char c : words) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

std::string hint_table() {
  std::ostringstream page;
  page << "# Hints: what each door says to do\n\n"
          "A failure carries its hint as data (include/crowns/hint.hpp): a kind and its values. "
          "`--json`\nand `--batch` lines give the kind's name; the terminal words it with its "
          "commands and flags\n(src/cli/hint_words.cpp), the phone with its controls "
          "(src/serve/hint_words.cpp).\nThe words below follow the failure's message; the values "
          "are game 3, round 2, 14, Ann, Bob,\nAnn=out. Made by tests/unit/test_hint_table.cpp "
          "(`CROWNS_GOLDEN_UPDATE=1\nbuild/ci/tests/crowns_tests \"[hint-table]\"` writes it "
          "anew); do not edit by hand.\n\n"
          "| kind | terminal | phone |\n|---|---|---|\n";
  for (int k = 1; k < kHintKinds; ++k) {
    const Hint hint{.kind = static_cast<HintKind>(k),
                    .game = 3,
                    .round = 2,
                    .count = 14,
                    .name = "Ann",
                    .other = "Bob",
                    .args = "Ann=out"};
    page << "| `" << hint_kind_name(hint.kind) << "` | " << cell(cli::hint_words(hint)) << " | "
         << cell(serve::phone_hint(hint)) << " |\n";
  }
  return page.str();
}

}  // namespace

TEST_CASE("docs/HINTS.md lists every hint kind with both doors' words", "[hint-table]") {
  const std::string path = std::string(CROWNS_SOURCE_DIR) + "/docs/HINTS.md";
  const std::string made = hint_table();
  if (const char* update = std::getenv("CROWNS_GOLDEN_UPDATE");
      update && std::string(update) == "1") {
    std::ofstream(path) << made;
  }
  std::ifstream in(path);
  REQUIRE(in);
  std::ostringstream page;
  page << in.rdbuf();
  CHECK(page.str() == made);
}
