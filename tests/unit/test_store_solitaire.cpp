// Solitaire games in the store (migration 0005): saved, resumed, listed, counted, merged.

#include <catch2/catch.hpp>

#include "crowns/solitaire_advisor.hpp"
#include "store/db.hpp"
#include "store/players.hpp"
#include "store/solitaire.hpp"
#include "unit/temp_db.hpp"

using namespace crowns;
using namespace crowns::store;
using crowns::test::TempDir;

namespace {

SolitaireGame seeded_game(std::optional<std::int64_t> player, std::int64_t seed) {
  const auto deal = solitaire::deal_from_seed(static_cast<std::uint64_t>(seed));
  SolitaireGame game;
  game.player_id = player;
  game.seed = seed;
  game.piles = deal.piles;
  game.stock = deal.stock;
  game.started_at = "2026-01-15 12:00:00";
  return game;
}

void save(Database& db, SolitaireGame& game) {
  Transaction tx(db);
  save_solitaire(db, game);
  tx.commit();
}

// Plays `count` advised plays into the record.
void play(SolitaireGame& game, int count) {
  solitaire::State state(game.piles, MeldRules{});
  for (const auto& p : game.plays) solitaire::apply_move(state, p.turned, p.move);
  for (int i = 0; i < count && state.outcome() == solitaire::Outcome::Playing; ++i) {
    const Card turned = (*game.stock)[game.plays.size()];
    const auto advice = solitaire::advise(state, turned, solitaire::unseen_cards(state, turned));
    solitaire::apply_move(state, turned, advice.move);
    game.plays.push_back({turned, advice.move});
  }
  game.piles_closed = solitaire::kPiles - state.open_piles();
}

Player add(Database& db, const std::string& name) {
  Transaction tx(db);
  auto p = add_player(db, name);
  REQUIRE(p);
  tx.commit();
  return *p;
}

}  // namespace

TEST_CASE("a saved solitaire game reads back exactly and resumes as the latest active",
          "[store][solitaire][slow]") {
  TempDir dir;
  Database db = open_database(dir.file("s.db"));
  const Player ann = add(db, "Ann");
  CHECK_FALSE(latest_active_solitaire(db, std::nullopt));
  SolitaireGame game = seeded_game(ann.id, 42);
  play(game, 5);
  game.hints = 2;
  save(db, game);
  REQUIRE(game.id > 0);
  const auto back = latest_active_solitaire(db, ann.id);
  REQUIRE(back);
  CHECK(back->id == game.id);
  CHECK(back->seed == 42);
  CHECK(back->player_name == "Ann");
  CHECK(back->piles == game.piles);
  CHECK(back->stock == game.stock);
  REQUIRE(back->plays.size() == 5);
  for (std::size_t i = 0; i < 5; ++i) {
    CHECK(back->plays[i].turned == game.plays[i].turned);
    CHECK(back->plays[i].move == game.plays[i].move);
  }
  CHECK(back->hints == 2);
  CHECK(back->status == SolitaireStatus::Active);

  // More plays update the same row.
  play(game, 3);
  save(db, game);
  CHECK(latest_active_solitaire(db, std::nullopt)->plays.size() == 8);
  CHECK(solitaire_history(db, std::nullopt, 10).empty());
}

TEST_CASE("finished games are listed newest first and counted per player", "[store][solitaire]") {
  TempDir dir;
  Database db = open_database(dir.file("s.db"));
  const Player ann = add(db, "Ann");
  const Player bob = add(db, "Bob");
  for (int seed = 1; seed <= 3; ++seed) {
    SolitaireGame game = seeded_game(ann.id, seed);
    play(game, 28);
    game.status = seed == 2 ? SolitaireStatus::Won : SolitaireStatus::Lost;
    game.piles_closed = seed == 2 ? 11 : 7 + seed;
    game.hints = seed == 3 ? 1 : 0;
    game.finished_at = "2026-01-15 12:00:0" + std::to_string(seed);
    save(db, game);
  }
  SolitaireGame open_game = seeded_game(bob.id, 9);
  save(db, open_game);

  const auto all = solitaire_history(db, std::nullopt, 10);
  REQUIRE(all.size() == 3);
  CHECK(all[0].seed == 3);
  CHECK(all[2].seed == 1);
  CHECK(solitaire_history(db, bob.id, 10).empty());
  CHECK(solitaire_history(db, ann.id, 2).size() == 2);

  const auto totals = solitaire_totals(db, ann.id);
  CHECK(totals.played == 3);
  CHECK(totals.won == 1);
  CHECK(totals.best_closed == 11);
  CHECK(totals.hinted == 1);
  CHECK(solitaire_totals(db, bob.id).played == 0);
  CHECK(latest_active_solitaire(db, ann.id) == std::nullopt);
  CHECK(latest_active_solitaire(db, bob.id)->id == open_game.id);
  // Each status reads back as written, in the words the database and the output share.
  CHECK(all[1].status == SolitaireStatus::Won);
  CHECK(all[0].status == SolitaireStatus::Lost);
  CHECK(status_name(SolitaireStatus::Active) == "active");
  CHECK(status_name(all[1].status) == "won");
  CHECK(status_name(all[0].status) == "lost");
}

TEST_CASE("merging players moves their solitaire games", "[store][solitaire]") {
  TempDir dir;
  Database db = open_database(dir.file("s.db"));
  const Player ann = add(db, "Ann");
  const Player annie = add(db, "Annie");
  SolitaireGame game = seeded_game(annie.id, 5);
  save(db, game);
  {
    Transaction tx(db);
    REQUIRE(merge_players(db, "Annie", "Ann"));
    tx.commit();
  }
  const auto back = latest_active_solitaire(db, ann.id);
  REQUIRE(back);
  CHECK(back->id == game.id);
}
