#pragma once
// Player names: what a valid name is, and how names are compared and suggested.

#include <span>
#include <string>
#include <string_view>

#include "crowns/expected.hpp"

namespace crowns {

inline constexpr std::size_t kMaxNameLength = 40;   ///< In characters (code points).
inline constexpr std::size_t kMaxNoteBytes = 4096;  ///< A game's note, in bytes of UTF-8.

/// Trims surrounding spaces of any kind, turns inner Unicode spaces into ' ', normalises to
/// NFC, and checks the name: 1-40 printable characters, valid UTF-8, no control, bidi or
/// other format (Cf) characters, not only spaces, no '=' (it separates NAME=VALUE) and no
/// leading '-' (it would read as an option). Fails naming the problem.
Expected<std::string> normalize_player_name(std::string_view raw);

/// Checks a game's note (`crowns new --note`, imports): at most kMaxNoteBytes of valid UTF-8
/// with no control or bidi characters (not even a tab or a newline: a note is one line).
/// Fails naming the problem.
Expected<void> check_note(std::string_view note);

/// Decodes one UTF-8 code point at text[i] into `cp`; returns its length in bytes, or 0 if the
/// bytes there are not valid UTF-8 (overlong, surrogate, out of range, cut short).
std::size_t decode_utf8(std::string_view text, std::size_t i, char32_t& cp);

/// Whether a terminal would not show `cp` as itself: C0 and C1 controls, DEL, zero-width
/// characters, bidi embeddings, overrides and isolates, line and paragraph separators, BOM.
/// The one definition of "unsafe" shared by name checks and output escaping (cli::sanitize).
bool is_unprintable(char32_t cp);

/// The terminal columns `cp` takes (utf8proc): 0 for a combining mark (Mn, Me) or a format
/// character (Cf), so that a Thai or decomposed name keeps the columns after it in place; 2
/// for an East Asian wide character or an emoji; else 1.
int column_width(char32_t cp);

/// `token` for an error message, in single quotes, cut to its first `max_chars` characters
/// with "..." and its length when longer, so that a 10,000-character typo still gives a
/// one-line message. Not escaped: the CLI escapes every message once before printing it.
std::string quote_token(std::string_view token, std::size_t max_chars = kMaxNameLength);

/// Whether shell_word quotes a word only when bash would read it differently, or always (a
/// name in a message, "did you mean 'Ann'?", reads as one word either way).
enum class ShellQuote { IfNeeded, Always };

/// `word` as it is written in a command crowns suggests, so that it survives copy-paste into
/// bash (or zsh, fish): as it is when made only of letters, digits, non-ASCII characters and
/// _@%+=:,./-, else in single quotes, a quote inside as '\''.
/// "O'Brien" -> 'O'\''Brien', "Tom&Jerry" -> 'Tom&Jerry', "Zoë" -> Zoë.
std::string shell_word(std::string_view word, ShellQuote when = ShellQuote::IfNeeded);

/// The key names are compared by: Unicode case folding of the NFC form (utf8proc), so that
/// "ÉVA", "éva" and an NFD "éva" are one name; plain ASCII folding for text that is not UTF-8.
std::string fold_case(std::string_view text);

/// The known name closest to `typed` (edit distance at most 2 ignoring case and accents, so
/// "Zoe" finds "Zoë"; or a unique prefix of at least 2 letters); empty if none is close.
std::string closest_name(std::string_view typed, std::span<const std::string> known);

}  // namespace crowns
