#pragma once
// How output looks: colour, suit symbols, and the helpers that draw cards and tables.

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "crowns/card.hpp"
#include "crowns/json_line.hpp"

namespace crowns::views {

// The terminal sets both from itself and the environment (cli::detect_style).
struct Style {
  bool color = false;    ///< ANSI colours (only on a terminal, never with NO_COLOR).
  bool symbols = false;  ///< ♠ ♥ ♣ ♦ ★ instead of s h c d *.

  [[nodiscard]] std::string card(Card c) const;
  [[nodiscard]] std::string cards(const std::vector<Card>& cs) const;
  /// A card as it stands in a meld for another: "jk=10♥".
  [[nodiscard]] std::string suit(Suit s) const;
  [[nodiscard]] std::string bold(std::string_view text) const;
  [[nodiscard]] std::string dim(std::string_view text) const;
  [[nodiscard]] std::string green(std::string_view text) const;
  [[nodiscard]] std::string red(std::string_view text) const;
};

/// Which columns display_width() counts: those of the text as crowns prints it (under
/// --ascii, after the filter rewrites it as ASCII), or those of the UTF-8 text itself (for
/// text that does not go through the filter, such as an SVG file's labels).
enum class Columns { AsPrinted, Utf8 };

/// Display width of UTF-8 text on a terminal, ignoring ANSI escape sequences.
std::size_t display_width(std::string_view text, Columns columns = Columns::AsPrinted);

/// Pads `text` with spaces to `width` columns (left-aligned, or right-aligned numbers).
std::string pad_right(std::string_view text, std::size_t width);
std::string pad_left(std::string_view text, std::size_t width);

/// Makes text from the user or the database safe to print: control characters, escape
/// sequences, bidi overrides and invalid UTF-8 are shown as \xNN / \u{NNNN}.
std::string sanitize(std::string_view text);

/// JSON text made safe to print: the characters sanitize() escapes that JSON itself leaves
/// raw (DEL; C1 controls such as U+009B, the 8-bit CSI; bidi overrides; zero-width ones) are
/// written as \uXXXX escapes, which every JSON reader decodes back to the same text.
/// `json` is the output of nlohmann's dump(), which already escapes C0 controls.
std::string terminal_json(std::string json);

/// A JSON value as one line of output: json_line() made safe to print by terminal_json().
template <class Json>
std::string dump_json(const Json& value) {
  return terminal_json(json_line(value));
}

/// A simple aligned table: a header row, rows of cells, a column per header.
class Table {
 public:
  enum class Align { Left, Right };
  void column(std::string header, Align align = Align::Left);
  void row(std::vector<std::string> cells);
  void print(std::ostream& out, const Style& style) const;

 private:
  std::vector<std::string> headers_;
  std::vector<Align> aligns_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace crowns::views
