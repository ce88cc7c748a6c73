// The export formats (docs/DATA.md): writing, reading back, and refusing bad files.

#include <catch2/catch.hpp>
#include <string>

#include "crowns/csv.hpp"
#include "store/transfer.hpp"

using namespace crowns;
using namespace crowns::store;

namespace {

ExportData sample() {
  ExportData data;
  data.players = {{"Ann", false}, {"Bob \"the, dealer\"", true}, {"Zoë", false}};
  data.seasons = {{"Spring", "2026-03-01", "2026-05-31"}, {"Open", "2026-06-01", std::nullopt}};
  ExportGame game;
  game.date = "2026-03-02";
  game.status = "active";
  game.first_dealer = 1;
  game.note = "at Cat's, with \"house\" rules\u00a0ok";
  game.seats = {
      {"Ann", std::nullopt}, {"Bob \"the, dealer\"", std::nullopt}, {"Zoë", std::nullopt}};
  game.rounds = {{{0, true, std::nullopt}, {32, false, "Kd Qh 7s"}, {3, false, std::nullopt}},
                 {{4, false, std::nullopt}, {0, true, std::nullopt}, {20, false, "4s"}}};
  data.games.push_back(game);
  return data;
}

}  // namespace

TEST_CASE("an export reads back to the same bytes, in JSON and in CSV", "[transfer]") {
  const ExportData data = sample();
  const auto valid = validate_export(data);
  INFO((valid ? std::string() : valid.error()));
  REQUIRE(valid);
  for (const auto format : {ExportFormat::Json, ExportFormat::Csv}) {
    const std::string text = format_export(data, format);
    const auto back = parse_export(text);
    INFO(text);
    REQUIRE(back);
    CHECK(format_export(*back, format) == text);
    // And across formats: what one writes, the other keeps.
    const auto other = format == ExportFormat::Json ? ExportFormat::Csv : ExportFormat::Json;
    const auto again = parse_export(format_export(*back, other));
    REQUIRE(again);
    CHECK(format_export(*again, format) == text);
    CHECK(game_key(back->games.at(0)) == game_key(data.games.at(0)));
  }
}

TEST_CASE("CSV quotes fields with commas or quotes, and tells none from empty", "[transfer]") {
  const std::string csv = format_export(sample(), ExportFormat::Csv);
  CHECK(csv.rfind("crowns-export,3\n", 0) == 0);
  CHECK(csv.find("player,\"Bob \"\"the, dealer\"\"\",1\n") != std::string::npos);
  CHECK(csv.find("season,Open,2026-06-01,\n") != std::string::npos);  // none: empty, unquoted
  CHECK(csv.find("score,1,2,2,20,0,4s\n") != std::string::npos);
}

TEST_CASE("JSON leaves fields at their defaults out", "[transfer]") {
  const std::string json = format_export(sample(), ExportFormat::Json);
  CHECK(json.rfind(R"({"format":"crowns-export","version":3,)", 0) == 0);
  CHECK(json.find(R"({"name":"Ann"})") != std::string::npos);
  CHECK(json.find(R"({"name":"Open","starts_on":"2026-06-01"})") != std::string::npos);
  CHECK(json.find(R"({"points":32,"hand":"Kd Qh 7s"})") != std::string::npos);
}

TEST_CASE("bad files are refused naming the place", "[transfer]") {
  CHECK(parse_export("").error() == "the file is empty");
  CHECK(parse_export(R"({"format":"crowns-export","version":4})")
            .error()
            .find("upgrade crowns to import it") != std::string::npos);
  CHECK(parse_export(R"({"format":"crowns-export","version":1,"players":[{"nam":"A"}]})").error() ==
        "players[0]: unknown field \"nam\"");
  CHECK(parse_export("crowns-export,1\nplayer,A\"b,0\n").error() ==
        "line 2: a quote inside an unquoted field");
  CHECK(parse_export("crowns-export,1\nplayer,Ann,2\n").error() ==
        "line 2, retired: '2' must be 0 or 1");
  ExportData data = sample();
  data.games[0].date = "2026-02-30";
  CHECK(validate_export(data).error() ==
        "games[0].date: '2026-02-30' is not a date; write YYYY-MM-DD, e.g. 2026-01-15");
  data = sample();
  data.games[0].status = "done";
  CHECK(validate_export(data).error().find("is not a status") != std::string::npos);
}

TEST_CASE("a game seats 2 to 8 players on one box and up to 14 on two", "[transfer]") {
  ExportData data;
  ExportGame game;
  game.date = "2026-03-02";
  game.status = "active";
  for (int i = 1; i <= 9; ++i) {
    data.players.push_back({"P" + std::to_string(i), false});
    game.seats.push_back({"P" + std::to_string(i), std::nullopt});
  }
  data.games = {game};
  CHECK(validate_export(data).error() ==
        "games[0].seats: 9 players; a game with 1 box seats 2 to 8");
  data.games[0].seats.pop_back();
  CHECK(validate_export(data));
  data.games[0].boxes = 2;
  data.games[0].seats.push_back({"P9", std::nullopt});
  CHECK(validate_export(data));
}

TEST_CASE("csv_field quotes only what needs it, and empty text", "[transfer]") {
  CHECK(csv_field("Ann") == "Ann");
  CHECK(csv_field("") == "\"\"");
  CHECK(csv_field("a,b") == "\"a,b\"");
  CHECK(csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(csv_field("two\nlines") == "\"two\nlines\"");
  CHECK(csv_field("Zoë ♥") == "Zoë ♥");
}
