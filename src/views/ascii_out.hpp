#pragma once
// --ascii: everything crowns writes is plain ASCII, whatever command wrote it.

#include <array>
#include <ostream>
#include <streambuf>
#include <string>

namespace crowns::views {

/// ASCII text for one UTF-8 character (`code` is its code point): a look-alike for the
/// typographic symbols crowns prints ("·" -> "-", "…" -> "...", "★" -> "*", box drawing),
/// else "\uXXXX" (two such escapes beyond U+FFFF), which a JSON reader decodes back to the
/// same character, so JSON output stays valid and keeps names and notes intact.
std::string ascii_for(char32_t code);

/// Whether this run writes through the --ascii filter (app.cpp sets it with the filters).
/// While it does, display_width() counts a non-ASCII character as the columns of its
/// ascii_for() text, so that tables padded before the filter rewrites them ("Zo\u00eb" is 8
/// columns, not 3) still line up.
void set_ascii_output(bool on);
bool ascii_output();

/// A stream buffer that passes bytes on to `target` unchanged until ascii() is turned on, and
/// then rewrites every non-ASCII character with ascii_for(). Invalid UTF-8 bytes become "?".
/// Write errors of the target are passed back (a failed write still fails).
class AsciiFilterBuf : public std::streambuf {
 public:
  explicit AsciiFilterBuf(std::streambuf* target) : target_(target) {}
  void set_ascii(bool on) { ascii_ = on; }

 protected:
  int_type overflow(int_type ch) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  bool put(const std::string& text);
  bool feed(unsigned char byte);

  std::streambuf* target_;
  bool ascii_ = false;
  std::array<unsigned char, 4> pending_{};  // an incomplete UTF-8 sequence
  int have_ = 0;
  int need_ = 0;
};

}  // namespace crowns::views
