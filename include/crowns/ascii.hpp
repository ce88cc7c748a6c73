#pragma once
// ASCII lower-casing and trimming, for the words crowns reads (cards, score forms, answers):
// only A-Z change, whatever the locale, and UTF-8 bytes pass through untouched.

#include <string>
#include <string_view>

namespace crowns {

constexpr char ascii_lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

inline std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = ascii_lower(c);
  return out;
}

/// `text` without the `blanks` at either end.
constexpr std::string_view ascii_trim(std::string_view text, std::string_view blanks = " \t\r") {
  const auto first = text.find_first_not_of(blanks);
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(blanks);
  return text.substr(first, last - first + 1);
}

}  // namespace crowns
