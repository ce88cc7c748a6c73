// The HTML report: escaping of stored text, and a game's page holding no markup that came
// from a name or a note.

#include <catch2/catch.hpp>
#include <set>

#include "views/chart_data.hpp"
#include "views/html_report.hpp"

using crowns::views::game_report_html;
using crowns::views::holder_list_html;
using crowns::views::html_escape;
using crowns::views::result_html;

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
  // A page shows no terminal escapes: U+FFFD where the terminal would print \x1b.
  CHECK(escaped == "a\uFFFD[31mb\uFFFD\uFFFD");
  CHECK(html_escape("Ann\nBob") == "Ann\uFFFDBob");
  CHECK(html_escape("Ann\u202eboB") == "Ann\uFFFDboB");  // no bidi override
  CHECK(html_escape("👨\u200d👩") == "👨\u200d👩");          // a joiner stays
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
  const std::string html = game_report_html(game, crowns::views::game_chart(game));
  CHECK(html.find("<script") == std::string::npos);
  CHECK(html.find("<img") == std::string::npos);
  CHECK(html.find("<b>") == std::string::npos);
  CHECK(html.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
  CHECK(html.find("&lt;b&gt;bold&lt;/b&gt; &amp; &#39;quoted&#39;") != std::string::npos);
  CHECK(html.find("<svg") != std::string::npos);
  CHECK(html.find("id=\"game-7\"") != std::string::npos);
}

namespace {

// A finished 2-player game whose 11 rounds give Ann `ann` and Bob `bob` points in all.
crowns::store::Game finished_game(const std::string& first, const std::string& second, int ann,
                                  int bob) {
  crowns::store::Game game;
  game.id = 3;
  game.date = "2026-02-01";
  game.status = crowns::store::GameStatus::Finished;
  game.seats.push_back({0, 1, first, std::nullopt});
  game.seats.push_back({1, 2, second, std::nullopt});
  for (int r = 1; r <= 11; ++r) {
    const int a = r == 11 ? ann : 0;
    const int b = r == 11 ? bob : 0;
    game.rounds.push_back({r, {{a, a == 0, std::nullopt}, {b, a != 0, std::nullopt}}});
  }
  return game;
}

}  // namespace

TEST_CASE("a page's result line has no terminal text: no escapes, no commands", "[report]") {
  const auto tied = finished_game("Ann", "O'Brien & <Co>", 30, 30);
  const std::string line = result_html(tied);
  CHECK(line ==
        "<bdi>Ann</bdi> and <bdi>O&#39;Brien &amp; &lt;Co&gt;</bdi> share the win at 30 "
        "(no tie-break played).");
  CHECK(line.find("\\x") == std::string::npos);
  CHECK(line.find("crowns") == std::string::npos);
  CHECK(line.find('\n') == std::string::npos);
  // The whole page: the tie is worded the same, nothing asks for a command.
  const std::string page = game_report_html(tied, crowns::views::game_chart(tied));
  CHECK(page.find("share the win at 30") != std::string::npos);
  CHECK(page.find("crowns tiebreak") == std::string::npos);
  CHECK(page.find("\\x0a") == std::string::npos);
}

TEST_CASE("result lines for a win, a broken tie and an unbroken tie-break", "[report]") {
  CHECK(result_html(finished_game("Ann", "Bob", 10, 40)) == "Winner: <bdi>Ann</bdi> with 10");
  auto broken = finished_game("Ann", "Bob", 20, 20);
  broken.seats[0].tiebreak = 12;
  broken.seats[1].tiebreak = 0;
  CHECK(result_html(broken) ==
        "Tie at 20 broken by the tie-break (<bdi>Ann</bdi> 12, <bdi>Bob</bdi> 0): winner "
        "<bdi>Bob</bdi>");
  broken.seats[0].tiebreak = 0;
  CHECK(result_html(broken) ==
        "Tie at 20 not broken by the tie-break (<bdi>Ann</bdi> 0, <bdi>Bob</bdi> 0): "
        "<bdi>Ann</bdi> and <bdi>Bob</bdi> share the win");
}

TEST_CASE("a long list of record holders is capped", "[report]") {
  CHECK(holder_list_html({"Ann"}, 3) == "<bdi>Ann</bdi>");
  CHECK(holder_list_html({"Ann", "Bob"}, 3) == "<bdi>Ann</bdi> and <bdi>Bob</bdi>");
  CHECK(holder_list_html({"Ann", "Bob", "Cy"}, 3) ==
        "<bdi>Ann</bdi>, <bdi>Bob</bdi> and <bdi>Cy</bdi>");
  std::vector<std::string> many;
  many.reserve(26);
  for (int i = 0; i < 26; ++i) many.push_back("P" + std::to_string(i));
  CHECK(holder_list_html(many, 2) == "<bdi>P0</bdi>, <bdi>P1</bdi> and 24 more");
}

TEST_CASE("chart styles stay distinct for the 14 seats of the biggest game", "[report]") {
  std::set<std::pair<std::string, std::string>> seen;
  std::set<std::string> colours;
  for (std::size_t k = 0; k < 14; ++k) {
    const auto style = crowns::views::series_style(k);
    seen.emplace(style.colour, style.dash);
    colours.emplace(style.colour);
  }
  CHECK(colours.size() == 14);
  CHECK(seen.size() == 14);
}

TEST_CASE("a series with one value gets a visible dot on the page's chart", "[report]") {
  crowns::views::ChartData chart;
  chart.title = "t";
  chart.x_labels = {"1", "2", "3"};
  chart.series.push_back({"Ann", {1.0, 2.0, 3.0}});
  chart.series.push_back({"Bob", {std::nullopt, std::nullopt, 5.0}});
  const std::string svg = crowns::views::chart_svg(chart);
  // Bob's only value: a circle of radius 4 at the last x.
  CHECK(svg.find("r=\"4\"") != std::string::npos);
  CHECK(svg.find("Bob") != std::string::npos);
}
