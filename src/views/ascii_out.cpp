#include "views/ascii_out.hpp"

#include <fmt/format.h>

namespace crowns::views {
namespace {

// One process writes through one pair of filters at a time; app.cpp sets this with them.
bool g_ascii_output = false;

}  // namespace

void set_ascii_output(bool on) {
  g_ascii_output = on;
}

bool ascii_output() {
  return g_ascii_output;
}

std::string ascii_for(char32_t code) {
  switch (code) {
    case U'\u00b7': return "-";    // · between header fields
    case U'\u2026': return "...";  // … after a cut name
    case U'\u2013': return "-";
    case U'\u2014': return "--";
    case U'\u2192': return "->";
    case U'\u2190': return "<-";
    case U'\u2191': return "^";
    case U'\u2193': return "v";
    case U'\u00d7': return "x";
    case U'\u2212': return "-";
    case U'\u2264': return "<=";
    case U'\u2265': return ">=";
    case U'\u00b1': return "+/-";
    case U'\u2713': return "ok";
    case U'\u2605':
    case U'\u2606':
    case U'\u2b50': return "*";
    case U'\u2660':
    case U'\u2664': return "s";
    case U'\u2665':
    case U'\u2661': return "h";
    case U'\u2663':
    case U'\u2667': return "c";
    case U'\u2666':
    case U'\u2662': return "d";
    case U'\u2500':
    case U'\u2501':
    case U'\u254c': return "-";
    case U'\u2502':
    case U'\u2503': return "|";
    case U'\u2588':
    case U'\u2593':
    case U'\u2592': return "#";
    case U'\u2591': return ".";
    default: break;
  }
  if (code >= 0x250c && code <= 0x257f) return "+";  // box-drawing corners and crossings
  if (code >= 0x2581 && code <= 0x2587) return "_";  // sparkline blocks
  if (code > 0xffff) {
    const char32_t v = code - 0x10000;
    return fmt::format("\\u{:04x}\\u{:04x}", 0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff));
  }
  return fmt::format("\\u{:04x}", static_cast<unsigned>(code));
}

bool AsciiFilterBuf::put(const std::string& text) {
  const auto size = static_cast<std::streamsize>(text.size());
  return target_->sputn(text.data(), size) == size;
}

bool AsciiFilterBuf::feed(unsigned char byte) {
  if (need_ > 0) {
    if ((byte & 0xc0) == 0x80) {
      pending_[static_cast<std::size_t>(have_++)] = byte;
      if (have_ < need_) return true;
      char32_t code = pending_[0] & (0x7f >> need_);
      for (int i = 1; i < need_; ++i)
        code = (code << 6) | (pending_[static_cast<std::size_t>(i)] & 0x3f);
      need_ = 0;
      return put(ascii_for(code));
    }
    need_ = 0;  // a sequence cut short: show it as one "?" and read this byte afresh
    if (!put("?")) return false;
  }
  if (byte < 0x80) return target_->sputc(static_cast<char>(byte)) != traits_type::eof();
  const int length = (byte & 0xe0) == 0xc0   ? 2
                     : (byte & 0xf0) == 0xe0 ? 3
                     : (byte & 0xf8) == 0xf0 ? 4
                                             : 0;
  if (length == 0) return put("?");
  pending_[0] = byte;
  have_ = 1;
  need_ = length;
  return true;
}

AsciiFilterBuf::int_type AsciiFilterBuf::overflow(int_type ch) {
  if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
  const char c = traits_type::to_char_type(ch);
  if (!ascii_) return target_->sputc(c);
  return feed(static_cast<unsigned char>(c)) ? ch : traits_type::eof();
}

std::streamsize AsciiFilterBuf::xsputn(const char* s, std::streamsize n) {
  if (!ascii_) return target_->sputn(s, n);
  for (std::streamsize i = 0; i < n; ++i) {
    if (!feed(static_cast<unsigned char>(s[i]))) return i;
  }
  return n;
}

int AsciiFilterBuf::sync() {
  return target_->pubsync();
}

}  // namespace crowns::views
