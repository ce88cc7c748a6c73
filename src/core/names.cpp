#include "crowns/names.hpp"

#include <algorithm>
#include <vector>

namespace crowns {
namespace {

// Edit distance counting a swap of two neighbouring letters as one edit ("Cta" -> "Cat"):
// the typo people make most when typing names fast.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  const std::size_t w = b.size() + 1;
  std::vector<std::size_t> d((a.size() + 1) * w);
  for (std::size_t i = 0; i <= a.size(); ++i) d[i * w] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      std::size_t best = std::min({d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1, d[(i - 1) * w + j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        best = std::min(best, d[(i - 2) * w + j - 2] + 1);
      }
      d[i * w + j] = best;
    }
  }
  return d[a.size() * w + b.size()];
}

}  // namespace

std::size_t decode_utf8(std::string_view text, std::size_t i, char32_t& cp) {
  const auto b0 = static_cast<unsigned char>(text[i]);
  std::size_t len = 0;
  if (b0 < 0x80) {
    cp = b0;
    return 1;
  }
  if ((b0 & 0xe0) == 0xc0) {
    len = 2;
    cp = b0 & 0x1fu;
  } else if ((b0 & 0xf0) == 0xe0) {
    len = 3;
    cp = b0 & 0x0fu;
  } else if ((b0 & 0xf8) == 0xf0) {
    len = 4;
    cp = b0 & 0x07u;
  } else {
    return 0;
  }
  if (i + len > text.size()) return 0;
  for (std::size_t k = 1; k < len; ++k) {
    const auto b = static_cast<unsigned char>(text[i + k]);
    if ((b & 0xc0) != 0x80) return 0;
    cp = (cp << 6) | (b & 0x3fu);
  }
  if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
      cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
    return 0;
  }
  return len;
}

bool is_unprintable(char32_t cp) {
  return cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0) ||  // C0, DEL, C1
         (cp >= 0x200b && cp <= 0x200f) ||                        // zero-width, LRM/RLM
         (cp >= 0x202a && cp <= 0x202e) ||                        // bidi embeddings, overrides
         (cp >= 0x2066 && cp <= 0x2069) ||                        // bidi isolates
         cp == 0xfeff || cp == 0x2028 || cp == 0x2029;            // BOM, line/paragraph sep.
}

std::string quote_token(std::string_view token, std::size_t max_chars) {
  std::size_t chars = 0;
  std::size_t cut = token.size();
  for (std::size_t i = 0; i < token.size(); ++chars) {
    if (chars == max_chars) cut = i;
    char32_t cp = 0;
    const std::size_t len = decode_utf8(token, i, cp);
    i += len == 0 ? 1 : len;
  }
  if (chars <= max_chars) return "'" + std::string(token) + "'";
  return "'" + std::string(token.substr(0, cut)) + "...' (" + std::to_string(chars) + " characters)";
}

Expected<void> check_note(std::string_view note) {
  if (note.size() > kMaxNoteBytes) {
    return Failure{"a note is at most " + std::to_string(kMaxNoteBytes) + " bytes (this one has " +
                   std::to_string(note.size()) + ")"};
  }
  for (std::size_t i = 0; i < note.size();) {
    char32_t cp = 0;
    const std::size_t len = decode_utf8(note, i, cp);
    if (len == 0) return Failure{"a note must be valid UTF-8 text"};
    if (is_unprintable(cp)) return Failure{"a note cannot hold control or invisible characters (one line of text)"};
    i += len;
  }
  return {};
}

Expected<std::string> normalize_player_name(std::string_view raw) {
  const auto first = raw.find_first_not_of(" \t");
  if (first == std::string_view::npos) return Failure{"a player name cannot be empty"};
  const auto last = raw.find_last_not_of(" \t");
  const std::string_view name = raw.substr(first, last - first + 1);
  std::size_t chars = 0;
  for (std::size_t i = 0; i < name.size();) {
    char32_t cp = 0;
    const std::size_t len = decode_utf8(name, i, cp);
    if (len == 0) return Failure{"a player name must be valid UTF-8 text"};
    if (is_unprintable(cp)) {
      return Failure{"a player name cannot hold control or invisible characters"};
    }
    i += len;
    ++chars;
  }
  if (chars > kMaxNameLength) {
    return Failure{"a player name is at most " + std::to_string(kMaxNameLength) +
                   " characters (this one has " + std::to_string(chars) + ")"};
  }
  if (name.find('=') != std::string_view::npos) {
    return Failure{"a player name cannot contain '=' (it separates NAME=VALUE)"};
  }
  if (name.front() == '-') return Failure{"a player name cannot start with '-'"};
  return std::string(name);
}

std::string fold_case(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::string closest_name(std::string_view typed, std::span<const std::string> known) {
  const std::string want = fold_case(typed);
  std::string best;
  // Short names are all close to each other: "Al" is two edits from "Bo".
  std::size_t best_distance = want.size() <= 3 ? 2 : 3;
  std::vector<const std::string*> prefixed;
  for (const auto& name : known) {
    const std::string folded = fold_case(name);
    if (want.size() >= 2 && folded.starts_with(want)) prefixed.push_back(&name);
    const std::size_t d = edit_distance(want, folded);
    if (d < best_distance) {
      best_distance = d;
      best = name;
    }
  }
  if (best.empty() && prefixed.size() == 1) best = *prefixed.front();
  return best;
}

}  // namespace crowns
