// Games merging across databases (docs/DATA.md, "Merging"): the uuid in both formats, how a
// game of a file stands to the game here (compare_game), and plan/apply against real files.

#include <catch2/catch.hpp>
#include <string>

#include "store/audit.hpp"
#include "store/db.hpp"
#include "store/transfer.hpp"
#include "store/transfer_db.hpp"
#include "store/undo.hpp"
#include "unit/store_fixtures.hpp"
#include "unit/temp_db.hpp"

using namespace crowns;
using namespace crowns::store;
using crowns::test::new_game;
using crowns::test::out;
using crowns::test::play_round;
using crowns::test::pts;
using crowns::test::TempDir;

namespace {

constexpr const char* kId = "1b4e28ba-2fa1-4d2e-8b5c-0e2f3a4b5c6d";

ExportScore p(int points) {
  return {points, false, std::nullopt};
}
ExportScore o() {
  return {0, true, std::nullopt};
}

// Ann, Bob and Cy after `rounds` rounds of a fixed sequence.
ExportGame game_after(std::size_t rounds) {
  ExportGame g;
  g.uuid = kId;
  g.date = "2026-03-02";
  g.status = "active";
  g.seats = {{"Ann", std::nullopt}, {"Bob", std::nullopt}, {"Cy", std::nullopt}};
  for (std::size_t r = 0; r < rounds; ++r) {
    const int k = static_cast<int>(r);
    g.rounds.push_back(
        {r % 3 == 0 ? o() : p(3 + k), r % 3 == 1 ? o() : p(5 + k), r % 3 == 2 ? o() : p(7 + k)});
  }
  if (rounds == 11) g.status = "finished";
  return g;
}

ExportData with_players(std::vector<ExportGame> games) {
  ExportData data;
  data.players = {{"Ann", false}, {"Bob", false}, {"Cy", false}};
  data.games = std::move(games);
  return data;
}

Expected<ImportPlan> import(Database& db, const ExportData& data) {
  Transaction tx(db);
  auto plan = plan_import(db, data);
  if (!plan || !plan->changes()) return plan;  // as crowns import: nothing to write
  if (auto applied = apply_import(db, data, *plan, "test.json"); !applied)
    return Failure{applied.error()};
  tx.commit();
  return plan;
}

}  // namespace

TEST_CASE("a game grows forward: later rounds, an abandon, a tie-break", "[transfer][merge]") {
  const ExportGame here = game_after(3);
  CHECK(compare_game(here, here).kind == GameMerge::Kind::Same);
  CHECK(compare_game(game_after(2), here).kind == GameMerge::Kind::Behind);
  const GameMerge more = compare_game(game_after(5), here);
  CHECK(more.kind == GameMerge::Kind::Ahead);
  CHECK(more.first_new_round == 4);
  CHECK_FALSE(more.abandon);

  ExportGame abandoned = here;
  abandoned.status = "abandoned";
  const GameMerge abandon = compare_game(abandoned, here);
  CHECK(abandon.kind == GameMerge::Kind::Ahead);
  CHECK(abandon.first_new_round == 0);
  CHECK(abandon.abandon);
  CHECK(compare_game(here, abandoned).kind == GameMerge::Kind::Behind);
  CHECK(compare_game(game_after(2), abandoned).kind == GameMerge::Kind::Behind);

  ExportGame finished = game_after(11);
  ExportGame broken = finished;
  broken.seats[0].tiebreak = 5;  // (the tie itself is not this function's business)
  broken.seats[1].tiebreak = 9;
  const GameMerge tiebreak = compare_game(broken, game_after(8));
  CHECK(tiebreak.kind == GameMerge::Kind::Ahead);
  CHECK(tiebreak.first_new_round == 9);
  CHECK(tiebreak.tiebreak);
  CHECK(compare_game(finished, broken).kind == GameMerge::Kind::Behind);
}

TEST_CASE("a game changed differently on two sides is a conflict naming what differs",
          "[transfer][merge]") {
  const ExportGame here = game_after(4);
  ExportGame edited = game_after(5);
  edited.rounds[2][0] = p(40);
  CHECK(compare_game(edited, here).conflict ==
        "round 3 differs (file: Ann 40, Bob 7, Cy 0*; here: Ann 5, Bob 7, Cy 0*)");
  ExportGame hand = here;
  hand.rounds[1][0].hand = "Kd";
  CHECK(compare_game(hand, here).conflict.rfind("round 2 differs (file: Ann 4 (Kd), ", 0) == 0);

  ExportGame seats = here;
  seats.seats[2].player = "Dee";
  CHECK(compare_game(seats, here).conflict ==
        "the seats differ (file: Ann, Bob, Dee; here: Ann, Bob, Cy)");
  ExportGame folded = here;
  folded.seats[2].player = "CY";  // names ignore case, as everywhere
  CHECK(compare_game(folded, here).kind == GameMerge::Kind::Same);
  ExportGame dated = here;
  dated.date = "2026-03-03";
  CHECK(compare_game(dated, here).conflict ==
        "the date differs (file: 2026-03-03; here: 2026-03-02)");
  ExportGame dealt = here;
  dealt.first_dealer = 2;
  CHECK(compare_game(dealt, here).conflict == "the first dealer differs (file: Cy; here: Ann)");
  ExportGame noted = here;
  noted.note = "at Cy's";
  CHECK(compare_game(noted, here).conflict == "the note differs (file: 'at Cy's'; here: none)");

  ExportGame abandoned = here;
  abandoned.status = "abandoned";
  CHECK(compare_game(game_after(6), abandoned).conflict ==
        "it was abandoned here after round 4, but the file goes on to round 6 (reopen it here, "
        "then import again)");
  ExportGame gave_up = game_after(2);
  gave_up.status = "abandoned";
  CHECK(compare_game(gave_up, here).conflict ==
        "the file abandoned it after round 2, but here it goes on to round 4");

  ExportGame one = game_after(11), other = game_after(11);
  one.seats[0].tiebreak = 5;
  other.seats[0].tiebreak = 6;
  CHECK(compare_game(one, other).conflict == "the tie-break differs (file: Ann 5; here: Ann 6)");
}

TEST_CASE("the uuid goes out and comes back in JSON and CSV; version 1 files have none",
          "[transfer][merge]") {
  const ExportData data = with_players({game_after(2)});
  for (const auto format : {ExportFormat::Json, ExportFormat::Csv}) {
    const auto back = parse_export(format_export(data, format));
    REQUIRE(back);
    CHECK(back->games.at(0).uuid == kId);
  }
  CHECK(format_export(data, ExportFormat::Json)
            .find(R"({"uuid":")" + std::string(kId) + R"(","date":"2026-03-02")") !=
        std::string::npos);
  CHECK(format_export(data, ExportFormat::Csv)
            .find("\ngame,1," + std::string(kId) + ",2026-03-02,active,1,0,\n") !=
        std::string::npos);
  const auto v1 = parse_export(
      "crowns-export,1\nplayer,Ann,0\nplayer,Bob,0\ngame,1,2026-03-02,active,1,0,\n"
      "seat,1,0,Ann,\nseat,1,1,Bob,\n");
  REQUIRE(v1);
  CHECK_FALSE(v1->games.at(0).uuid);
  CHECK(parse_export("crowns-export,2\nplayer,Ann,0\nplayer,Bob,0\ngame,1,2026-03-02,active,1,0,\n")
            .error() ==
        "line 4: a game row has 8 fields (game,number,uuid,date,status,boxes,first_dealer,note), "
        "not 7");
  // A version 2 game without a uuid is a game without one (as from version 1).
  const auto none = parse_export(
      "crowns-export,2\nplayer,Ann,0\nplayer,Bob,0\ngame,1,,2026-03-02,active,1,0,\n"
      "seat,1,0,Ann,\nseat,1,1,Bob,\n");
  REQUIRE(none);
  CHECK_FALSE(none->games.at(0).uuid);

  ExportData bad = data;
  bad.games[0].uuid = "1B4E28BA-2FA1-4D2E-8B5C-0E2F3A4B5C6D";
  CHECK(validate_export(bad).error() ==
        "games[0].uuid: '1B4E28BA-2FA1-4D2E-8B5C-0E2F3A4B5C6D' is not a game id; write "
        "8-4-4-4-12 lower-case hex digits, e.g. 1b4e28ba-2fa1-4d2e-8b5c-0e2f3a4b5c6d");
  CHECK_FALSE(is_game_uuid("1b4e28ba-2fa1-4d2e-8b5c-0e2f3a4b5c6"));
  CHECK_FALSE(is_game_uuid("1b4e28ba-2fa1-4d2e-8b5c_0e2f3a4b5c6d"));
  CHECK(is_game_uuid(kId));
}

TEST_CASE("importing a later export of a game appends its rounds, undoably", "[transfer][merge]") {
  TempDir dir;
  Database a = open_database(dir.file("a.db"));
  Database b = open_database(dir.file("b.db"));
  Game game = new_game(a, {"Ann", "Bob", "Cy"});
  game = play_round(a, game, {out(0), pts(1, 12), pts(2, 30)});
  REQUIRE(import(b, load_export(a)));
  Game there = *load_game(b, 1);
  CHECK(there.uuid == game.uuid);
  there = play_round(b, there, {pts(0, 8), out(1), pts(2, 15)});
  there = play_round(b, there, {pts(0, 6), pts(1, 9), out(2)});

  const ExportData later = load_export(b);
  const auto plan = import(a, later);
  REQUIRE(plan);
  REQUIRE(plan->updated_games.size() == 1);
  CHECK(plan->updated_games[0].merge.first_new_round == 2);
  CHECK(plan->new_games.empty());
  CHECK(format_export(load_export(a), ExportFormat::Json) ==
        format_export(later, ExportFormat::Json));
  const auto log = list_audit(a, 1, 0);
  REQUIRE(log.size() == 4);  // new, round 1, and the two imported rounds
  CHECK(log.back().summary == "Round 3 entered: Ann 6, Bob 9, Cy 0* (imported from test.json)");

  // The same file again changes nothing; an undo takes the newest imported round back.
  const auto again = import(a, later);
  REQUIRE(again);
  CHECK_FALSE(again->changes());
  CHECK(again->existing_games == 1);
  {
    Transaction tx(a);
    REQUIRE(undo_last_change(a, std::nullopt));
    tx.commit();
  }
  CHECK(load_game(a, 1)->rounds_played() == 2);

  // A round typed differently on each side: a conflict, naming both games and the round; the
  // file's version can replace the game here (the same players, no more rounds here).
  play_round(a, *load_game(a, 1), {pts(0, 6), pts(1, 9), out(2)});
  play_round(a, *load_game(a, 1), {out(0), pts(1, 5), pts(2, 5)});
  play_round(b, *load_game(b, 1), {out(0), pts(1, 5), pts(2, 7)});
  const auto conflict = plan_import(a, load_export(b));
  REQUIRE(conflict);
  REQUIRE(conflict->conflicts.size() == 1);
  CHECK(conflict->conflicts[0].label ==
        "game 1 of the file is game 1 here (2026-01-15, Ann, Bob, Cy)");
  CHECK(conflict->conflicts[0].difference ==
        "round 4 differs (file: Ann 0*, Bob 5, Cy 7; here: Ann 0*, Bob 5, Cy 5)");
  CHECK(conflict->conflicts[0].cannot_keep_file.empty());
  CHECK_FALSE(import_changes(*conflict, KeepSide::Skip));
  CHECK(import_changes(*conflict, KeepSide::File));
}

TEST_CASE("games without a known uuid are matched by content, and take the file's id",
          "[transfer][merge]") {
  TempDir dir;
  Database db = open_database(dir.file("a.db"));
  ExportGame old = game_after(3);
  old.uuid.reset();
  REQUIRE(import(db, with_players({old})));
  const std::string first = load_game(db, 1)->uuid;
  CHECK(is_game_uuid(first));
  CHECK(first != kId);
  // The same game from a version 1 file: already there, nothing changes.
  const auto v1 = import(db, with_players({old}));
  REQUIRE(v1);
  CHECK_FALSE(v1->changes());
  // The same game with an id this database does not know: already there, and the game here
  // takes that id, so that the next export of it merges.
  const auto adopted = import(db, with_players({game_after(3)}));
  REQUIRE(adopted);
  CHECK(adopted->existing_games == 1);
  CHECK(adopted->adopted_ids.size() == 1);
  CHECK(load_game(db, 1)->uuid == kId);
  const auto merged = import(db, with_players({game_after(5)}));
  REQUIRE(merged);
  CHECK(merged->updated_games.size() == 1);
  CHECK(load_game(db, 1)->rounds_played() == 5);
  // A game of other content is a new game.
  ExportGame other = game_after(1);
  other.uuid.reset();
  const auto added = import(db, with_players({other}));
  REQUIRE(added);
  CHECK(added->new_games.size() == 1);
}

TEST_CASE("an imported game reaches its end: the last rounds, then its tie-break",
          "[transfer][merge]") {
  TempDir dir;
  Database db = open_database(dir.file("a.db"));
  REQUIRE(import(db, with_players({game_after(9)})));
  // Ann 58, Bob 68 and Cy 96 after 11 rounds; 10 more for Ann in round 11 ties her with Bob.
  ExportGame finished = game_after(11);
  finished.rounds[10][0].points += 10;
  REQUIRE(validate_export(with_players({finished})));
  finished.seats[0].tiebreak = 3;
  finished.seats[1].tiebreak = 10;
  const auto plan = import(db, with_players({finished}));
  INFO((plan ? std::string() : plan.error()));
  REQUIRE(plan);
  const Game after = *load_game(db, 1);
  CHECK(after.status == GameStatus::Finished);
  CHECK(after.seats[0].tiebreak == 3);
  CHECK(list_audit(db, 1, 1).back().action == "tiebreak");
}
