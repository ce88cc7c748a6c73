// The HTML report: escaping of stored text, and a game's page holding no markup that came
// from a name or a note.

#include <catch2/catch.hpp>

#include "cli/views/html_report.hpp"

using crowns::cli::game_report_html;
using crowns::cli::html_escape;

TEST_CASE("html_escape escapes the five special characters and nothing else", "[report]") {
  CHECK(html_escape("Ann") == "Ann");
  CHECK(html_escape("<script>") == "&lt;script&gt;");
  CHECK(html_escape("\"><img onerror=x>") == "&quot;&gt;&lt;img onerror=x&gt;");
  CHECK(html_escape("a & b's") == "a &amp; b&#39;s");
  CHECK(html_escape("&amp;") == "&amp;amp;");  // escaped once more: shown as typed
  CHECK(html_escape("Zoë ★") == "Zoë ★");
}

TEST_CASE("html_escape leaves no control byte or invalid UTF-8", "[report]") {
  const std::string escaped = html_escape(std::string("a\x1b[31mb\xff\x01", 9));
  for (const char c : escaped) {
    CHECK(static_cast<unsigned char>(c) >= 0x20);
  }
  CHECK(escaped.find('\xff') == std::string::npos);
}

TEST_CASE("a game's report shows hostile names and notes as text", "[report]") {
  crowns::store::Game game;
  game.id = 7;
  game.date = "2026-01-15";
  game.status = crowns::store::GameStatus::Active;
  game.note = "<b>bold</b> & 'quoted'";
  const std::vector<std::string> names = {"<script>alert(1)</script>",
                                          "\"><img src=x onerror=alert(2)>", "Ann"};
  for (int s = 0; s < 3; ++s) {
    game.seats.push_back({s, s + 1, names[static_cast<std::size_t>(s)], std::nullopt});
  }
  game.rounds.push_back({1, {{0, true, std::nullopt}, {10, false, std::nullopt}, {5, false, {}}}});
  const std::string html = game_report_html(game);
  CHECK(html.find("<script") == std::string::npos);
  CHECK(html.find("<img") == std::string::npos);
  CHECK(html.find("<b>") == std::string::npos);
  CHECK(html.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
  CHECK(html.find("&lt;b&gt;bold&lt;/b&gt; &amp; &#39;quoted&#39;") != std::string::npos);
  CHECK(html.find("<svg") != std::string::npos);
  CHECK(html.find("id=\"game-7\"") != std::string::npos);
}
