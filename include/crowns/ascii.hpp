#pragma once
// ASCII lower-casing, for the words crowns reads (cards, score forms, answers): only A-Z
// change, whatever the locale, and UTF-8 bytes pass through untouched.

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

}  // namespace crowns
