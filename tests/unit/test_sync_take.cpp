// Sync's last gaps (issues 44 and 47): a kept version taken that deletes or brings back a game
// is undone like any take; two versions of one game under different rules are a conflict no
// --keep settles; a random order's seed and deals travel, so every host deals the same rounds.

#include <catch2/catch.hpp>
#include <string>

#include "store/db.hpp"
#include "store/house_rules.hpp"
#include "store/rounds.hpp"
#include "store/sync.hpp"
#include "store/transfer_db.hpp"
#include "store/undo.hpp"
#include "store/versions.hpp"
#include "unit/store_fixtures.hpp"
#include "unit/sync_helpers.hpp"
#include "unit/temp_db.hpp"

using namespace crowns;
using namespace crowns::store;
using crowns::test::content_of;
using crowns::test::erase_now;
using crowns::test::file_of;
using crowns::test::merge_in;
using crowns::test::new_game;
using crowns::test::out;
using crowns::test::play_round;
using crowns::test::pts;
using crowns::test::take_now;
using crowns::test::TempDir;
using crowns::test::undo_now;
using crowns::test::uuid_game;

// A named namespace: the unit tests build in unity files, beside other tests' helpers.
namespace sync_take_test {

// A game of Ann and Bob with a round, merged into b and played a round more there, deleted on
// a and merged again: b holds the game and, kept from the conflict, the version deleting it.
struct DeletedThere {
  Game game;                                  ///< As a started it.
  std::int64_t here = 0;                      ///< Its number in b.
  std::vector<versions::StoredVersion> kept;  ///< b's kept versions: the deletion alone.
};

DeletedThere deleted_there_played_here(Database& a, Database& b) {
  Game game = new_game(a, {"Ann", "Bob"});
  game = play_round(a, game, {out(0), pts(1, 4)});
  merge_in(b, file_of(a, "aaaaaaaaaaaaaaaa"));
  const std::int64_t here = *uuid_game(b, game.uuid);
  play_round(b, *load_game(b, here), {pts(0, 7), out(1)});
  erase_now(a, game);
  REQUIRE(merge_in(b, file_of(a, "aaaaaaaaaaaaaaaa")).conflicts.size() == 1);
  auto kept = versions::stored_versions(b);
  REQUIRE(kept.size() == 1);
  return {game, here, std::move(kept)};
}

Game start_game(Database& db, const HouseRules& rules, std::optional<std::uint64_t> seed = {}) {
  Transaction tx(db);
  auto game = create_game(db, {.players = {"Ann", "Bob", "Cy"},
                               .date = "2026-01-15",
                               .add_unknown = true,
                               .rules = RulesChoice::all(rules),
                               .deal_seed = seed});
  REQUIRE(game.ok());
  tx.commit();
  return *game;
}

HouseRules random_order() {
  HouseRules rules;
  REQUIRE(set_switch(rules, HouseSwitch::Order, "random").ok());
  return rules;
}

// `from`'s export imported into `to` (as crowns import does, conflicts skipped).
ImportPlan import_into(Database& to, const Database& from) {
  auto data = parse_export(format_export(load_export(from), ExportFormat::Json));
  REQUIRE(data);
  Transaction tx(to, Transaction::Kind::Immediate);
  auto plan = plan_import(to, *data);
  REQUIRE(plan);
  REQUIRE(apply_import(to, *data, *plan, "file"));
  keep_rules_conflicts(to, *data, *plan, "file");
  tx.commit();
  return *plan;
}

}  // namespace sync_take_test

using namespace sync_take_test;

TEST_CASE("a kept version that deletes the game, taken, then undone: the game back whole",
          "[sync][take]") {
  TempDir dir;
  Database a = open_database(dir.file("a.db"));
  Database b = open_database(dir.file("b.db"));
  const auto [game, here, kept] = deleted_there_played_here(a, b);
  const std::string before = content_of(b, here);
  const versions::Version version_before = versions::game_version(b, here);

  const auto taken = take_now(b, kept[0].id);
  CHECK_FALSE(load_game(b, here));
  REQUIRE(versions::tombstone(b, game.uuid));
  CHECK(versions::tombstone(b, game.uuid)->seen.includes(version_before.seen));
  CHECK(versions::tombstone(b, game.uuid)->seen.includes(kept[0].version.seen));
  const auto logged = next_to_undo(b, std::nullopt);
  REQUIRE(logged);
  CHECK(logged->action == "sync");
  CHECK(logged->game_id == here);
  CHECK(logged->summary == taken.summary);

  // Undo: the game is back under its number, as it was, and its version includes the deletion
  // (the undo is a change of its own, which the next sync carries).
  const Change undone = undo_now(b);
  REQUIRE(undone.game);
  CHECK(undone.game->id == here);
  CHECK(content_of(b, here) == before);
  CHECK_FALSE(versions::tombstone(b, game.uuid));
  const auto now = versions::game_version(b, here);
  CHECK(now.seen.includes(version_before.seen));
  CHECK(now.seen.includes(kept[0].version.seen));
  CHECK(versions::stored_versions(b).empty());

  // a, which deleted it, takes the game back without a question.
  const auto back = merge_in(a, file_of(b, "bbbbbbbbbbbbbbbb"));
  CHECK(back.conflicts.empty());
  const auto in_a = uuid_game(a, game.uuid);
  REQUIRE(in_a);
  CHECK(load_game(a, *in_a)->rounds_played() == 2);
}

TEST_CASE("undo of one game that a kept version taken deleted: back whole, past later changes",
          "[sync][take]") {
  TempDir dir;
  Database a = open_database(dir.file("a.db"));
  Database b = open_database(dir.file("b.db"));
  const auto [game, here, kept] = deleted_there_played_here(a, b);
  const Game other = new_game(b, {"Cy", "Dee"});
  const std::string before = content_of(b, here);
  const std::string other_before = content_of(b, other.id);
  const versions::Version version_before = versions::game_version(b, here);
  take_now(b, kept[0].id);
  REQUIRE_FALSE(load_game(b, here));
  // A later change of another game: the last change of any game is that one, not the take.
  play_round(b, other, {out(0), pts(1, 9)});
  const std::string other_after = content_of(b, other.id);

  // Asked for by the game's number: the take is found in the log and undone as plain undo
  // undoes it, the game back under its number as it was; the other game is left as it is.
  const Change undone = undo_now(b, here);
  REQUIRE(undone.game);
  CHECK(undone.game->id == here);
  CHECK(undone.entry.game_id == here);
  CHECK(undone.entry.summary.rfind("Put game " + std::to_string(here) + " back as it was before: ",
                                   0) == 0);
  CHECK(content_of(b, here) == before);
  CHECK_FALSE(versions::tombstone(b, game.uuid));
  CHECK(versions::game_version(b, here).seen.includes(version_before.seen));
  CHECK(versions::game_version(b, here).seen.includes(kept[0].version.seen));
  CHECK(content_of(b, other.id) == other_after);
  REQUIRE(next_to_undo(b, std::nullopt));
  CHECK(next_to_undo(b, std::nullopt)->game_id == other.id);
  // The game's next change to undo is the round b played, not the take again.
  REQUIRE(next_to_undo(b, here));
  CHECK(next_to_undo(b, here)->action == "round");
  undo_now(b, other.id);
  CHECK(content_of(b, other.id) == other_before);

  // a, which deleted it, takes the game back without a question.
  CHECK(merge_in(a, file_of(b, "bbbbbbbbbbbbbbbb")).conflicts.empty());
  CHECK(uuid_game(a, game.uuid));

  // A game no take deleted is still not there to undo: deleted by hand, or never here.
  erase_now(b, *load_game(b, other.id));
  for (const std::int64_t missing : {other.id, std::int64_t{99}}) {
    Transaction tx(b);
    const auto refused = undo_last_change(b, missing);
    REQUIRE_FALSE(refused);
    CHECK(refused.error() == "there is no game " + std::to_string(missing));
    CHECK(refused.failure().hint.kind == HintKind::ListGames);
  }
}

TEST_CASE("a kept version that brings a deleted game back, taken, then undone: deleted again",
          "[sync][take]") {
  TempDir dir;
  Database a = open_database(dir.file("a.db"));
  Database b = open_database(dir.file("b.db"));
  Game game = new_game(a, {"Ann", "Bob"});
  merge_in(b, file_of(a, "aaaaaaaaaaaaaaaa"));
  erase_now(b, *load_game(b, *uuid_game(b, game.uuid)));
  play_round(a, game, {out(0), pts(1, 9)});
  const auto met = merge_in(b, file_of(a, "aaaaaaaaaaaaaaaa"));
  REQUIRE(met.conflicts.size() == 1);
  const auto kept = versions::stored_versions(b);
  REQUIRE(kept.size() == 1);
  const auto tombstone_before = versions::tombstone(b, game.uuid);
  REQUIRE(tombstone_before);
  const auto rows_before = crowns::test::rows(b, "audit");

  const auto taken = take_now(b, kept[0].id);
  const auto back = uuid_game(b, game.uuid);
  REQUIRE(back);
  CHECK(taken.taken.game_id == *back);
  CHECK(load_game(b, *back)->rounds_played() == 1);
  CHECK_FALSE(versions::tombstone(b, game.uuid));
  CHECK(crowns::test::rows(b, "audit") ==
        rows_before + 1);  // one entry, of the game: undo reaches it
  const auto logged = next_to_undo(b, std::nullopt);
  REQUIRE(logged);
  CHECK(logged->action == "sync");
  CHECK(logged->game_id == *back);

  const Change undone = undo_now(b);
  CHECK_FALSE(undone.game);
  CHECK_FALSE(uuid_game(b, game.uuid));
  const auto t = versions::tombstone(b, game.uuid);
  REQUIRE(t);
  CHECK(t->seen.includes(tombstone_before->seen));
  CHECK(t->seen.includes(kept[0].version.seen));
  // The deletion again reaches a, whose version it includes.
  const auto gone = merge_in(a, file_of(b, "bbbbbbbbbbbbbbbb"));
  CHECK(gone.conflicts.empty());
  CHECK(gone.deleted.size() == 1);
}

TEST_CASE("two versions of one game under different rules: a conflict, kept, taken by choice",
          "[sync][take][house_rules]") {
  TempDir dir;
  Database a = open_database(dir.file("a.db"));
  Database b = open_database(dir.file("b.db"));
  Game game = new_game(a, {"Ann", "Bob"});
  merge_in(b, file_of(a, "aaaaaaaaaaaaaaaa"));
  const std::int64_t here = *uuid_game(b, game.uuid);
  // b holds it under other rules (a file edited by hand, or a crowns that lost them).
  b.prepare("UPDATE games SET round_order = 'down' WHERE id = ?").bind_all(here).run();
  play_round(a, game, {out(0), pts(1, 4)});  // a's version includes b's
  const std::string before = content_of(b, here);

  for (const KeepSide keep : {KeepSide::Skip, KeepSide::Here, KeepSide::File}) {
    const auto met = merge_in(b, file_of(a, "aaaaaaaaaaaaaaaa"), keep);
    REQUIRE(met.conflicts.size() == 1);
    const auto& c = met.conflicts[0];
    CHECK(c.kept == "undecided");
    CHECK(c.hint.kind == HintKind::RulesDiffer);
    CHECK(c.hint.name == short_game_key(game.uuid));
    CHECK(c.difference == "game " + short_game_key(game.uuid) +
                              " is under other rules in the file (file: order up, wild melds "
                              "yes, book suits any, leads left, ties shared; here: order down, "
                              "wild melds yes, book suits any, leads left, ties shared)");
    CHECK(met.taken.empty());
    CHECK(content_of(b, here) == before);
  }
  const auto kept = versions::stored_versions(b);
  REQUIRE(kept.size() == 1);

  // Taken by choice: the version with its rules; undo puts the game back under its own.
  take_now(b, kept[0].id);
  CHECK(load_game(b, here)->rules.is_standard());
  CHECK(load_game(b, here)->rounds_played() == 1);
  undo_now(b);
  CHECK(load_game(b, here)->rules.order == RoundOrder::Down);
  CHECK(load_game(b, here)->rounds_played() == 0);

  // crowns import meets it the same way: not merged, its version kept for sync --take.
  Database c = open_database(dir.file("c.db"));
  import_into(c, a);
  const std::int64_t in_c = *uuid_game(c, game.uuid);
  c.prepare("UPDATE games SET round_order = 'down' WHERE id = ?").bind_all(in_c).run();
  play_round(a, *load_game(a, game.id), {out(0), pts(1, 6)});
  const std::string c_before = content_of(c, in_c);
  const ImportPlan plan = import_into(c, a);
  REQUIRE(plan.conflicts.size() == 1);
  CHECK(plan.conflicts[0].hint.kind == HintKind::RulesDiffer);
  CHECK_FALSE(plan.conflicts[0].cannot_keep_file.empty());
  CHECK(plan.updated_games.empty());
  CHECK(content_of(c, in_c) == c_before);
  REQUIRE(versions::stored_versions(c).size() == 1);
  take_now(c, versions::stored_versions(c)[0].id);
  CHECK(load_game(c, in_c)->rules.is_standard());
  CHECK(load_game(c, in_c)->rounds_played() == 2);
}

TEST_CASE("a random order's seed travels: every host deals the same next round",
          "[sync][house_rules]") {
  TempDir dir;
  Database a = open_database(dir.file("a.db"));
  Database b = open_database(dir.file("b.db"));
  Database alone = open_database(dir.file("alone.db"));
  const Game game = start_game(a, random_order(), 42);
  Game solo = start_game(alone, random_order(), 42);
  CHECK(format_export(load_export(a), ExportFormat::Json).find("\"deal_seed\":42") !=
        std::string::npos);
  merge_in(b, file_of(a, "aaaaaaaaaaaaaaaa"));
  // Rounds recorded on either host in turn: the rounds dealt are the seed's, as on one host.
  for (int r = 1; r <= 6; ++r) {
    Database& at = r % 2 ? b : a;
    Database& other = r % 2 ? a : b;
    const std::string id = r % 2 ? "bbbbbbbbbbbbbbbb" : "aaaaaaaaaaaaaaaa";
    const Game g = *load_game(at, *uuid_game(at, game.uuid));
    play_round(at, g, {out(0), pts(1, r), pts(2, 2 * r)});
    solo = play_round(alone, solo, {out(0), pts(1, r), pts(2, 2 * r)});
    merge_in(other, file_of(at, id));
    INFO("round " << r);
    CHECK(load_game(a, *uuid_game(a, game.uuid))->dealt == solo.dealt);
    CHECK(load_game(b, *uuid_game(b, game.uuid))->dealt == solo.dealt);
  }
  // A standard game's export carries no seed, no deals, no rules: its text is what it was.
  Database s = open_database(dir.file("s.db"));
  new_game(s, {"Ann", "Bob"});
  const std::string plain = format_export(load_export(s), ExportFormat::Json);
  CHECK(plain.find("deal_seed") == std::string::npos);
  CHECK(plain.find("dealt") == std::string::npos);
}

TEST_CASE("an import that adds rounds to a random game takes its deals, never draws its own",
          "[sync][house_rules]") {
  TempDir dir;
  Database a = open_database(dir.file("a.db"));
  Database b = open_database(dir.file("b.db"));
  Game game = start_game(a, random_order());  // no seed: each round drawn when it is dealt
  import_into(b, a);
  for (int r = 1; r <= 8; ++r) {
    game = play_round(a, game, {out(0), pts(1, r), pts(2, 3)});
    const ImportPlan plan = import_into(b, a);
    CHECK(plan.updated_games.size() == 1);
    INFO("round " << r);
    REQUIRE(load_game(b, *uuid_game(b, game.uuid))->dealt == game.dealt);
  }
}
