#include "crowns/names.hpp"

#include <utf8proc.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <optional>
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
      std::size_t best =
          std::min({d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1, d[(i - 1) * w + j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        best = std::min(best, d[(i - 2) * w + j - 2] + 1);
      }
      d[i * w + j] = best;
    }
  }
  return d[a.size() * w + b.size()];
}

bool is_space(char32_t cp) {
  return utf8proc_category(static_cast<utf8proc_int32_t>(cp)) == UTF8PROC_CATEGORY_ZS;
}

// utf8proc_map() with `options` over valid UTF-8; nullopt if utf8proc refuses the text.
std::optional<std::string> map_utf8(std::string_view text, int options) {
  utf8proc_uint8_t* mapped = nullptr;
  const utf8proc_ssize_t n = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(text.data()),
                                          static_cast<utf8proc_ssize_t>(text.size()), &mapped,
                                          static_cast<utf8proc_option_t>(options));
  const std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owned(mapped, &std::free);
  if (n < 0) return std::nullopt;
  return std::string(reinterpret_cast<const char*>(mapped), static_cast<std::size_t>(n));
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
         cp == 0xfeff || cp == 0x2028 || cp == 0x2029 ||          // BOM, line/paragraph sep.
         // Every other format character: word joiner U+2060, Arabic letter mark U+061C,
         // soft hyphen, tags... (Unicode category Cf, from utf8proc's tables).
         (cp > 0x7f &&
          utf8proc_category(static_cast<utf8proc_int32_t>(cp)) == UTF8PROC_CATEGORY_CF);
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
  return "'" + std::string(token.substr(0, cut)) + "...' (" + std::to_string(chars) +
         " characters)";
}

int column_width(char32_t cp) {
  const auto c = static_cast<utf8proc_int32_t>(cp);
  if (utf8proc_codepoint_valid(c) == 0) return 1;
  switch (utf8proc_category(c)) {
    case UTF8PROC_CATEGORY_MN:
    case UTF8PROC_CATEGORY_ME:
    case UTF8PROC_CATEGORY_CF: return 0;
    default: return utf8proc_charwidth(c) >= 2 ? 2 : 1;
  }
}

std::string shell_word(std::string_view word, ShellQuote when) {
  const auto plain = [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') ||
           std::string_view("_@%+=:,./-").find(c) != std::string_view::npos;
  };
  if (when == ShellQuote::IfNeeded && !word.empty() &&
      std::all_of(word.begin(), word.end(), plain)) {
    return std::string(word);
  }
  std::string out = "'";
  for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
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
    if (is_unprintable(cp))
      return Failure{"a note cannot hold control or invisible characters (one line of text)"};
    i += len;
  }
  return {};
}

Expected<std::string> normalize_player_name(std::string_view raw) {
  // Spaces of any kind (no-break, ideographic, ...) around a name are dropped; inside it they
  // become plain spaces, so that "Ann Lee" typed with a no-break space is the same player.
  // A tab is allowed only around the name (pasted from a table), like the Unicode spaces.
  const auto first = raw.find_first_not_of(" \t");
  raw = first == std::string_view::npos ? std::string_view() : raw.substr(first);
  raw = raw.substr(0, raw.find_last_not_of(" \t") + 1);
  std::string spaced;
  std::size_t kept = 0;  // the length of `spaced` up to its last non-space character
  for (std::size_t i = 0; i < raw.size();) {
    char32_t cp = 0;
    const std::size_t len = decode_utf8(raw, i, cp);
    if (len == 0) return Failure{"a player name must be valid UTF-8 text"};
    if (is_unprintable(cp)) {
      return Failure{"a player name cannot hold control or invisible characters"};
    }
    if (is_space(cp)) {
      if (!spaced.empty()) spaced += ' ';
    } else {
      spaced.append(raw.substr(i, len));
      kept = spaced.size();
    }
    i += len;
  }
  spaced.resize(kept);
  if (spaced.empty()) return Failure{"a player name cannot be empty"};
  // NFC: "Zoë" typed as Z o e + combining diaeresis is the same name as with "ë".
  const auto composed = map_utf8(spaced, UTF8PROC_STABLE | UTF8PROC_COMPOSE);
  if (!composed) return Failure{"a player name must be valid UTF-8 text"};
  const std::string_view name = *composed;
  std::size_t chars = 0;
  for (std::size_t i = 0; i < name.size(); ++chars) {
    char32_t cp = 0;
    const std::size_t len = decode_utf8(name, i, cp);
    i += len == 0 ? 1 : len;
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
  // Unicode case folding of the NFC form: "ÉVA", "éva" and "e\u0301va" fold alike.
  if (auto folded = map_utf8(text, UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_CASEFOLD))
    return *std::move(folded);
  std::string out(text);  // not UTF-8: ASCII folding, byte for byte
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

namespace {
// What a suggestion compares: the folded name without its accents (marks), so that a typed
// "Zoe" is zero edits from "Zoë", not two bytes away.
std::string suggestion_key(std::string_view text) {
  if (auto key = map_utf8(
          text, UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_CASEFOLD | UTF8PROC_STRIPMARK))
    return *std::move(key);
  return fold_case(text);
}
}  // namespace

std::string closest_name(std::string_view typed, std::span<const std::string> known) {
  const std::string want = suggestion_key(typed);
  std::string best;
  // Short names are all close to each other: "Al" is two edits from "Bo".
  std::size_t best_distance = want.size() <= 3 ? 2 : 3;
  std::vector<const std::string*> prefixed;
  for (const auto& name : known) {
    const std::string folded = suggestion_key(name);
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
