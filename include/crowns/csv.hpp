#pragma once
// CSV fields as crowns writes them (RFC 4180): a field holding a comma, a quote or a line
// break, or an empty one, is quoted, with "" for a quote inside; anything else is written as
// it is. A quoted "" is empty text, which an unquoted empty field ("none") is not.

#include <string>
#include <string_view>

namespace crowns {

inline std::string csv_field(std::string_view text) {
  if (!text.empty() && text.find_first_of(",\"\r\n") == std::string_view::npos) {
    return std::string(text);
  }
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + '"';
}

}  // namespace crowns
