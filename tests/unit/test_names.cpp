// Player names and notes: what is valid, how they are compared, quoted and suggested.

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "crowns/ascii.hpp"
#include "crowns/error.hpp"
#include "crowns/names.hpp"

using namespace crowns;

TEST_CASE("a player name is trimmed and checked", "[names]") {
  CHECK(normalize_player_name("  Ann ").value() == "Ann");
  CHECK(normalize_player_name("Zoë").value() == "Zoë");
  CHECK(normalize_player_name(std::string(40, 'n')));
  const auto long_name = normalize_player_name(std::string(41, 'n'));
  REQUIRE_FALSE(long_name);
  CHECK(long_name.error().find("at most 40 characters") != std::string::npos);
  for (const char* bad : {"", "   ", "-x", "a=b", "tab\there", "esc\x1b", "bad\xff"}) {
    INFO(bad);
    CHECK_FALSE(normalize_player_name(bad));
  }
}

TEST_CASE("a note is one line of valid UTF-8, at most 4096 bytes", "[names]") {
  CHECK(check_note("at Cat's, Zoë won"));
  CHECK(check_note(std::string(crowns::kMaxNoteBytes, 'n')));
  CHECK_FALSE(check_note(std::string(crowns::kMaxNoteBytes + 1, 'n')));
  CHECK_FALSE(check_note("two\nlines"));
  CHECK_FALSE(check_note("bad\xff"));
}

TEST_CASE("decode_utf8 reads one code point or refuses bad bytes", "[names]") {
  char32_t cp = 0;
  CHECK(decode_utf8("a", 0, cp) == 1);
  CHECK(cp == U'a');
  CHECK(decode_utf8("ë", 0, cp) == 2);
  CHECK(cp == U'ë');
  CHECK(decode_utf8("♥", 0, cp) == 3);
  CHECK(cp == U'♥');
  CHECK(decode_utf8("\xf0\x9f\x83\x8f", 0, cp) == 4);
  CHECK(cp == 0x1F0CF);
  CHECK(decode_utf8("\xc0\x80", 0, cp) == 0);      // overlong
  CHECK(decode_utf8("\xed\xa0\x80", 0, cp) == 0);  // a surrogate
  CHECK(decode_utf8("\xe2\x99", 0, cp) == 0);      // cut short
  CHECK(decode_utf8("\xff", 0, cp) == 0);
}

TEST_CASE("quote_token quotes and cuts long tokens to one line", "[names]") {
  CHECK(quote_token("abc") == "'abc'");
  const std::string quoted = quote_token(std::string(10000, 'x'));
  CHECK(quoted.size() < 100);
  CHECK(quoted.find("...") != std::string::npos);
}

TEST_CASE("an error holding a NUL byte shows it as \\x00 rather than end there", "[names]") {
  const std::string name("B\0ob", 4);
  const Error error("unknown player " + quote_token(name) + "; nothing was imported");
  CHECK(std::string(error.what()) == "unknown player 'B\\x00ob'; nothing was imported");
  CHECK(without_nul(std::string("\0\0", 2)) == "\\x00\\x00");
  CHECK(without_nul("plain") == "plain");
}

TEST_CASE("names compare ignoring ASCII case; typos get the closest name", "[names]") {
  CHECK(fold_case("AnN") == fold_case("ann"));
  const std::vector<std::string> known{"Ann", "Bob", "Catherine"};
  CHECK(closest_name("Anm", known) == "Ann");
  CHECK(closest_name("bbo", known) == "Bob");
  CHECK(closest_name("Cath", known) == "Catherine");
  CHECK(closest_name("Zed", known).empty());
}

TEST_CASE("ascii_lower changes A-Z only", "[names]") {
  CHECK(ascii_lower("AbC 10H ★") == "abc 10h ★");
  CHECK(ascii_lower("ÀÉ") == "ÀÉ");
  CHECK(ascii_lower('Q') == 'q');
  CHECK(ascii_lower('*') == '*');
}

TEST_CASE("shell_word quotes a word for bash only when it needs it", "[names]") {
  CHECK(shell_word("Ann") == "Ann");
  CHECK(shell_word("Zoë") == "Zoë");
  CHECK(shell_word("-dash") == "-dash");
  CHECK(shell_word("a.b_c@d%e+f=g:h,i/j") == "a.b_c@d%e+f=g:h,i/j");
  CHECK(shell_word("O'Brien") == "'O'\\''Brien'");
  CHECK(shell_word("Tom&Jerry") == "'Tom&Jerry'");
  CHECK(shell_word("a b") == "'a b'");
  CHECK(shell_word("$x") == "'$x'");
  CHECK(shell_word("~x") == "'~x'");
  CHECK(shell_word("#x") == "'#x'");
  CHECK(shell_word("") == "''");
  CHECK(shell_word("Ann", ShellQuote::Always) == "'Ann'");
  CHECK(shell_word("O'Brien", ShellQuote::Always) == "'O'\\''Brien'");
}
