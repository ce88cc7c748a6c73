// One JSON Lines request answered (cli/batch_line.hpp): no I/O, so a fuzz target can drive it.

#include "cli/batch_line.hpp"

#include <cmath>

#include "cli/hint_words.hpp"
#include "views/style.hpp"

namespace crowns::cli {
namespace {

// {"id":…,"error":…,"hint":{…}}: the failure as `--json` gives it (add_failure_json).
std::string error_answer(const nlohmann::json& id, long line_no, const Failure& failure) {
  nlohmann::ordered_json answer{{"id", id}};
  // Without an id, the line number is how a script finds the request that failed.
  if (id.is_null() && line_no > 0) answer["line"] = line_no;
  add_failure_json(answer, failure);
  return views::dump_json(answer);
}

}  // namespace

std::string answer_fields(const nlohmann::ordered_json& object) {
  std::string text = views::dump_json(object);
  // "{...}" -> "..."; an empty object leaves nothing.
  return text.size() <= 2 ? std::string() : text.substr(1, text.size() - 2);
}

LineAnswer answer_line(std::string_view line, const Answerer& answer, long line_no) {
  if (line.find_first_not_of(" \t\r") == std::string_view::npos) return {};
  const std::string where =
      line_no > 0 ? "line " + std::to_string(line_no) : std::string("the line");
  if (line.size() > kMaxRequestLine)
    return {error_answer(nullptr, line_no, {.message = where + " is longer than 64 KiB"}), true};
  const auto request = nlohmann::json::parse(line, nullptr, false);
  if (request.is_discarded())
    return {error_answer(nullptr, line_no, {.message = where + " is not valid JSON"}), true};
  if (!request.is_object())
    return {error_answer(nullptr, line_no, {.message = where + " is not a JSON object"}), true};
  nlohmann::json id = nullptr;
  if (const auto it = request.find("id"); it != request.end()) id = *it;
  JsonRequest reader(request);
  auto fields = answer(reader);
  // A handler that forgot to ask still refuses a bad or unknown field.
  if (fields && !reader.checked()) {
    if (auto bad = reader.failure()) fields = *bad;
  }
  if (!fields) return {error_answer(id, line_no, fields.failure()), true};
  const std::string id_text = views::dump_json(id);
  std::string text;
  text.reserve(id_text.size() + fields->size() + 10);
  text += "{\"id\":";
  text += id_text;
  if (!fields->empty()) text += ',';
  text += *fields;
  text += '}';
  return {std::move(text), false};
}

double json_rounded(double value, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(value * scale) / scale;
}

}  // namespace crowns::cli
