// Fuzz target: one line of `crowns analyze --batch` (answer_analyze_line: the line protocol of
// cli/batch_line.cpp, the request reader of cli/input/json_request.cpp, analyze's answerer in
// cli/input/analyze_request.cpp) — linked with core alone: no store, no CLI11, no terminal.
//
// Whatever the bytes, the answer must be: empty for a blank line, else exactly one line of
// valid JSON, an object whose first key is "id", holding either "error" (a string, and the
// failed flag set) or an analysis whose score is the sum of its deadwood points and whose
// cards are laid down or left exactly once (and the failed flag untouched).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "cli/input/analyze_request.hpp"

namespace {

constexpr std::size_t kMaxInput = 70 * 1024;  // a little over the 64 KiB line limit

[[noreturn]] void fail(const char* what, std::string_view input, const std::string& answer) {
  std::fprintf(stderr, "fuzz_batch: %s\ninput: %.*s\nanswer: %s\n", what,
               static_cast<int>(input.size()), input.data(), answer.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > kMaxInput) return 0;
  // The last byte picks the default --boxes; the rest is the line (getline strips the '\n').
  const int boxes = 1 + (data[size - 1] & 1);
  std::string_view line(reinterpret_cast<const char*>(data), size - 1);
  if (const auto nl = line.find('\n'); nl != std::string_view::npos) line = line.substr(0, nl);

  const auto [answer, failed] = crowns::cli::answer_analyze_line(line, boxes, 1);
  const bool blank = line.find_first_not_of(" \t\r") == std::string_view::npos;
  if (blank) {
    if (!answer.empty() || failed) fail("a blank line was answered", line, answer);
    return 0;
  }
  if (answer.empty()) fail("no answer", line, answer);
  if (answer.find('\n') != std::string::npos) fail("the answer spans lines", line, answer);

  const auto j = nlohmann::ordered_json::parse(answer, nullptr, false);
  if (j.is_discarded() || !j.is_object() || j.empty())
    fail("the answer is not a JSON object", line, answer);
  if (j.begin().key() != "id") fail("the answer does not start with \"id\"", line, answer);
  if (const auto e = j.find("error"); e != j.end()) {
    if (!e->is_string() || e->get<std::string>().empty())
      fail("the error is not a message", line, answer);
    if (!failed) fail("an error without the failed flag", line, answer);
    return 0;
  }
  if (failed) fail("the failed flag without an error", line, answer);

  // An analysis: the score is the deadwood's points, every card is accounted for once.
  int points = 0;
  for (const auto& p : j.at("deadwood_points")) points += p.get<int>();
  if (points != j.at("score").get<int>()) fail("score is not the deadwood's points", line, answer);
  if (j.at("goes_out").get<bool>() != (points == 0)) fail("goes_out does not match", line, answer);
  std::size_t placed = j.at("deadwood").size() + (j.at("discard").is_null() ? 0 : 1);
  for (const auto& m : j.at("melds")) {
    if (m.at("cards").size() < 3) fail("a meld of fewer than 3 cards", line, answer);
    placed += m.at("cards").size();
  }
  if (placed != j.at("cards").size()) fail("cards are lost or doubled", line, answer);
  if (j.at("drawn").get<bool>() == j.at("discard").is_null())
    fail("discard does not match drawn", line, answer);
  return 0;
}
