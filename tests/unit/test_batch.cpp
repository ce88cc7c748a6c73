// analyze --batch, one line at a time: answers, errors, blank lines.

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli/commands/analyze_batch.hpp"

using namespace crowns::cli;
using Json = nlohmann::json;

namespace {

Json answer(std::string_view line, bool* failed, long line_no = 1) {
  const std::string text = answer_batch_line(line, 1, failed, line_no);
  REQUIRE(text.find('\n') == std::string::npos);  // one line each
  return Json::parse(text);
}

}  // namespace

TEST_CASE("a batch line is answered with its id and the analysis", "[batch]") {
  bool failed = false;
  const Json j = answer(R"({"id":7,"cards":"7h 8h 9h"})", &failed);
  CHECK_FALSE(failed);
  CHECK(j["id"] == 7);
  CHECK(j["round"] == 1);
  CHECK(j["score"] == 0);
  CHECK_FALSE(j.contains("error"));
  const Json left = answer(R"({"id":"x","cards":["Kd","Qh","7s"],"wild":"J"})", &failed);
  CHECK_FALSE(failed);
  CHECK(left["id"] == "x");
  CHECK(left["score"] == 13 + 12 + 7);
}

TEST_CASE("a bad batch line gets an error answer and sets failed", "[batch]") {
  bool failed = false;
  const Json bad_card = answer(R"({"id":1,"cards":"7h 8h 1h"})", &failed);
  CHECK(failed);
  CHECK(bad_card["id"] == 1);
  CHECK(bad_card["error"].get<std::string>().find("'1h'") != std::string::npos);
  failed = false;
  const Json not_json = answer("this is not json", &failed, 3);
  CHECK(failed);
  CHECK(not_json["id"].is_null());
  CHECK(not_json.contains("error"));
  failed = false;
  const Json no_cards = answer(R"({"id":2})", &failed);
  CHECK(failed);
  CHECK(no_cards["error"] == "missing \"cards\"");
}

TEST_CASE("a blank batch line is skipped", "[batch]") {
  bool failed = false;
  CHECK(answer_batch_line("", 1, &failed).empty());
  CHECK(answer_batch_line("   \r", 1, &failed).empty());
  CHECK_FALSE(failed);
}
