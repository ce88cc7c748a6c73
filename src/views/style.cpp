#include "views/style.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "crowns/names.hpp"
#include "views/ascii_out.hpp"

namespace crowns::views {
namespace {

std::string_view suit_color(Suit s) {
  switch (s) {
    case Suit::Stars: return "\033[33m";
    case Suit::Hearts: return "\033[31m";
    case Suit::Clubs: return "\033[32m";
    case Suit::Spades: return "";
    case Suit::Diamonds: return "\033[34m";
  }
  return "";
}

std::string wrap(bool on, std::string_view code, std::string_view text) {
  if (!on || code.empty()) return std::string(text);
  return std::string(code) + std::string(text) + "\033[0m";
}

bool is_wide(char32_t cp) {
  return (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) ||
         (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) ||
         (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) ||
         (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x1f300 && cp <= 0x1faff) ||
         (cp >= 0x20000 && cp <= 0x3fffd);
}

}  // namespace

std::string Style::suit(Suit s) const {
  if (!symbols) return std::string(1, suit_letter(s));
  return wrap(color, suit_color(s), suit_symbol(s));
}

std::string Style::card(Card c) const {
  if (c.is_joker()) return wrap(color, "\033[35m", symbols ? "JK" : "jk");
  if (!symbols) return to_string(c);
  return wrap(color, suit_color(c.suit),
              std::string(rank_name(c.rank)) + std::string(suit_symbol(c.suit)));
}

std::string Style::cards(const std::vector<Card>& cs) const {
  std::string out;
  for (std::size_t i = 0; i < cs.size(); ++i) {
    if (i) out += ' ';
    out += card(cs[i]);
  }
  return out;
}

std::string Style::bold(std::string_view text) const {
  return wrap(color, "\033[1m", text);
}
std::string Style::dim(std::string_view text) const {
  return wrap(color, "\033[2m", text);
}
std::string Style::green(std::string_view text) const {
  return wrap(color, "\033[32m", text);
}
std::string Style::red(std::string_view text) const {
  return wrap(color, "\033[31m", text);
}

std::size_t display_width(std::string_view text, Columns count) {
  std::size_t width = 0;
  const bool ascii = count == Columns::AsPrinted && ascii_output();
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '\033') {  // skip an SGR sequence: ESC [ ... m
      std::size_t j = i + 1;
      if (j < text.size() && text[j] == '[') {
        while (j < text.size() && text[j] != 'm') ++j;
      }
      i = j + 1;
      continue;
    }
    char32_t cp = 0;
    const std::size_t len = decode_utf8(text, i, cp);
    if (len == 0) {
      ++width;  // shown as "?" under --ascii
      ++i;
      continue;
    }
    if (ascii && cp >= 0x80) {
      width += ascii_for(cp).size();
      i += len;
      continue;
    }
    // A combining mark adds no column; utf8proc's width, or the wide ranges, make 2.
    const int columns = column_width(cp);
    width += columns == 0 ? 0 : is_wide(cp) ? 2 : static_cast<std::size_t>(columns);
    i += len;
  }
  return width;
}

std::string pad_right(std::string_view text, std::size_t width) {
  const std::size_t w = display_width(text);
  return std::string(text) + std::string(w < width ? width - w : 0, ' ');
}

std::string pad_left(std::string_view text, std::size_t width) {
  const std::size_t w = display_width(text);
  return std::string(w < width ? width - w : 0, ' ') + std::string(text);
}

std::string sanitize(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  static constexpr char kHex[] = "0123456789abcdef";
  for (std::size_t i = 0; i < text.size();) {
    char32_t cp = 0;
    const std::size_t len = decode_utf8(text, i, cp);
    if (len == 0) {
      const auto b = static_cast<unsigned char>(text[i]);
      out += "\\x";
      out += kHex[b >> 4];
      out += kHex[b & 15];
      ++i;
      continue;
    }
    if (is_unprintable(cp)) {
      if (cp < 0x100) {
        out += "\\x";
        out += kHex[(cp >> 4) & 15];
        out += kHex[cp & 15];
      } else {
        char buf[16];
        std::snprintf(buf, sizeof buf, "\\u{%04x}", static_cast<unsigned>(cp));
        out += buf;
      }
    } else {
      out.append(text.substr(i, len));
    }
    i += len;
  }
  return out;
}

std::string terminal_json(std::string json) {
  // Under --ascii every non-ASCII character is escaped here, as JSON can say it exactly: the
  // filter after would put look-alikes in its place ("·" -> "-", "♥" -> "h"), and a name or
  // note read back from the JSON would not be the same.
  const bool ascii = ascii_output();
  // DEL is the only ASCII one (dump() escapes C0 itself; a newline between values of a
  // multi-line export must stay); every other starts with the byte 0xc2, 0xe2 or 0xef.
  const bool plain = ascii ? std::all_of(json.begin(), json.end(),
                                         [](char c) { return (c & 0x80) == 0 && c != 0x7f; })
                           : json.find_first_of("\x7f\xc2\xe2\xef") == std::string::npos;
  if (plain) return json;
  std::string out;
  out.reserve(json.size() + 16);
  for (std::size_t i = 0; i < json.size();) {
    char32_t cp = 0;
    const std::size_t len = decode_utf8(json, i, cp);
    if (len > 0 && cp >= 0x7f && (is_unprintable(cp) || (ascii && cp >= 0x80))) {
      // Beyond U+FFFF, JSON writes a character as its two UTF-16 halves.
      const auto escape = [&out](unsigned unit) { out += fmt::format("\\u{:04x}", unit); };
      if (cp > 0xffff) {
        escape(0xd800 + ((cp - 0x10000) >> 10));
        escape(0xdc00 + ((cp - 0x10000) & 0x3ff));
      } else {
        escape(static_cast<unsigned>(cp));
      }
    } else {
      out.append(json, i, len == 0 ? 1 : len);
    }
    i += len == 0 ? 1 : len;
  }
  return out;
}

void Table::column(std::string header, Align align) {
  headers_.push_back(std::move(header));
  aligns_.push_back(align);
}

void Table::row(std::vector<std::string> cells) {
  cells.resize(headers_.size());
  rows_.push_back(std::move(cells));
}

void Table::print(std::ostream& out, const Style& style) const {
  std::vector<std::size_t> widths(headers_.size());
  for (std::size_t c = 0; c < headers_.size(); ++c) {
    widths[c] = display_width(headers_[c]);
    for (const auto& r : rows_) widths[c] = std::max(widths[c], display_width(r[c]));
  }
  auto line = [&](const std::vector<std::string>& cells, bool header) {
    std::string text;
    for (std::size_t c = 0; c < cells.size(); ++c) {
      if (c) text += "  ";
      const bool last = c + 1 == cells.size();
      if (aligns_[c] == Align::Right) {
        text += pad_left(cells[c], widths[c]);
      } else {
        text += last ? cells[c] : pad_right(cells[c], widths[c]);
      }
    }
    out << (header ? style.bold(text) : text) << '\n';
  };
  line(headers_, true);
  for (const auto& r : rows_) line(r, false);
}

}  // namespace crowns::views
