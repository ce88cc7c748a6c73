#pragma once
// The one way crowns writes a JSON value on one line: compact, keys in the value's order,
// non-ASCII text as UTF-8, and invalid UTF-8 replaced (U+FFFD) rather than thrown about.
// A template, so that core does not depend on the JSON library: pass any nlohmann::json or
// nlohmann::ordered_json.

#include <string>

namespace crowns {

template <class Json>
std::string json_line(const Json& value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace crowns
