// Output helpers: display widths, padding, sanitize, terminal_json, Table, is_yes.

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/session.hpp"
#include "views/ascii_out.hpp"
#include "views/style.hpp"

using namespace crowns;
using namespace crowns::cli;

TEST_CASE("display_width counts characters, not bytes, and skips colour codes", "[style]") {
  CHECK(display_width("") == 0);
  CHECK(display_width("Ann") == 3);
  CHECK(display_width("Zoë") == 3);
  CHECK(display_width("7♥ 8♥") == 5);
  CHECK(display_width("\x1b[1mbold\x1b[0m") == 4);
}

TEST_CASE("under --ascii, display_width counts the text as the filter prints it", "[style]") {
  set_ascii_output(true);
  CHECK(display_width("Zo\u00eb") == std::string("Zo\\u00eb").size());
  CHECK(display_width("\U0001F98A") == std::string("\\ud83e\\udd8a").size());
  CHECK(display_width("a\u2026") == 4);  // "a..."
  CHECK(display_width("Zo\u00eb", Columns::Utf8) == 3);
  CHECK(pad_right("Zo\u00eb", 10) == "Zo\u00eb  ");
  set_ascii_output(false);
  CHECK(display_width("Zo\u00eb") == 3);
}

TEST_CASE("under --ascii, JSON escapes every non-ASCII character exactly", "[style]") {
  set_ascii_output(true);
  const std::string json = terminal_json(R"({"note":"café · 7♥ 🦊"})");
  set_ascii_output(false);
  // No look-alike ("-" for the dot, "h" for the heart): the escapes read back as the text.
  CHECK(json == R"({"note":"caf\u00e9 \u00b7 7\u2665 \ud83e\udd8a"})");
  CHECK(nlohmann::json::parse(json)["note"] == "café · 7♥ 🦊");
  CHECK(terminal_json(R"({"note":"café"})") == "{\"note\":\"café\"}");
}

TEST_CASE("pad_right and pad_left pad to a width in columns", "[style]") {
  CHECK(pad_right("ab", 4) == "ab  ");
  CHECK(pad_left("12", 4) == "  12");
  CHECK(pad_right("Zoë", 4) == "Zoë ");
  CHECK(pad_left("toolong", 3) == "toolong");  // never cut
}

TEST_CASE("sanitize escapes what a terminal would act on and keeps the rest", "[style]") {
  CHECK(sanitize("Ann") == "Ann");
  CHECK(sanitize("Zoë ♥") == "Zoë ♥");
  CHECK(sanitize("a\x1b[31mb") == "a\\x1b[31mb");
  CHECK(sanitize("bad\xff") == "bad\\xff");
  const std::string escaped = sanitize("x\u202ey");  // a bidi override
  CHECK(escaped.find("\u202e") == std::string::npos);
  CHECK(escaped.front() == 'x');
  CHECK(escaped.back() == 'y');
}

TEST_CASE("dump_json: one line, invalid UTF-8 replaced, unsafe characters escaped", "[style]") {
  nlohmann::ordered_json j{{"name", "Zoë"}, {"n", 2}};
  CHECK(dump_json(j) == R"({"name":"Zoë","n":2})");
  nlohmann::json bad{{"text", std::string("a\xff")}};
  CHECK(dump_json(bad) == "{\"text\":\"a\xef\xbf\xbd\"}");
  nlohmann::json bidi{{"text", "x\u202ey"}};
  const std::string line = dump_json(bidi);
  CHECK(line.find("\u202e") == std::string::npos);
  CHECK(nlohmann::json::parse(line)["text"] == "x\u202ey");  // a JSON reader gets it back
}

TEST_CASE("Table aligns columns to their widest cell", "[style]") {
  Table table;
  table.column("name");
  table.column("points", Table::Align::Right);
  table.row({"Ann", "5"});
  table.row({"Barbara", "120"});
  std::ostringstream out;
  table.print(out, Style{});
  std::istringstream lines(out.str());
  std::vector<std::string> got;
  for (std::string line; std::getline(lines, line);) got.push_back(line);
  REQUIRE(got.size() == 3);
  CHECK(got[0].rfind("name", 0) == 0);
  CHECK(got[1].rfind("Ann ", 0) == 0);
  // The right-aligned column ends in the same place on every line.
  const auto end = [](const std::string& s) { return s.find_last_not_of(' '); };
  CHECK(end(got[0]) == end(got[1]));
  CHECK(end(got[1]) == end(got[2]));
  CHECK(got[2].find("Barbara") == 0);
}

TEST_CASE("Style without colour or symbols writes plain ASCII cards", "[style]") {
  const Style plain;
  CHECK(plain.card(Card::natural(7, Suit::Hearts)) == "7h");
  CHECK(plain.bold("x") == "x");
  CHECK(plain.card(Card::joker()) == "jk");
}

TEST_CASE("is_yes: y or yes in any case, nothing else", "[style]") {
  for (const char* yes : {"y", "Y", "yes", "YES", "Yes", "yEs"}) CHECK(is_yes(yes));
  for (const char* no : {"", "n", "no", "yess", " y", "ja", "1"}) CHECK_FALSE(is_yes(no));
}

TEST_CASE("display_width: combining marks take no column, wide characters two", "[style]") {
  // Thai "สมศรี": ส ม ศ ร and the vowel sign ี above (a combining mark): 4 columns.
  CHECK(display_width("\u0e2a\u0e21\u0e28\u0e23\u0e35") == 4);
  CHECK(display_width("Zoe\u0308") == 3);     // e + combining diaeresis, as NFD writes Zoë
  CHECK(display_width("\u5f20\u4f1f") == 4);  // 张伟
  CHECK(pad_right("Zoe\u0308", 5) == "Zoe\u0308  ");
}
