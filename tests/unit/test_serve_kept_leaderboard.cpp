// The phone's leaderboard, kept in memory and rated on as games finish (serve/kept_leaderboard),
// is the one `crowns leaderboard --by rating` reads afresh (issue 45 item 5: one leaderboard on
// every screen): after a game played earlier the same evening but finished later (another
// table that took longer, a game synced in), and while a tie waits for its tie-break under
// `ties tiebreak` (no winner yet: the terminal leaves it out).

#include <catch2/catch.hpp>

#include "crowns/leaderboard.hpp"
#include "serve/changes.hpp"
#include "serve/kept_leaderboard.hpp"
#include "serve/pages.hpp"
#include "store/db.hpp"
#include "store/games.hpp"
#include "store/history.hpp"
#include "store_fixtures.hpp"
#include "table/keeper.hpp"
#include "temp_db.hpp"
#include "views/period.hpp"
#include "views/report.hpp"

using namespace crowns;

namespace {

struct Club {
  test::TempDir dir;
  store::Database db = store::open_database(dir.file("crowns.db"), store::Access::Write);
  serve::KeptLeaderboard kept{views::all_time(), true};

  // The page as `crowns leaderboard --all --by rating` would rank it: every game read afresh.
  [[nodiscard]] std::string fresh() const {
    const auto results = store::load_results(db, {std::nullopt, std::nullopt, std::nullopt});
    return serve::leaderboard_page(
        leaderboard(results, replay_ratings(results), views::all_time(), RankBy::Rating, 1),
        views::Names(db), views::all_time(), true, rule_sets_of(results, views::all_time()),
        std::nullopt);
  }
  // The kept page after the hub's watcher told it that `game` changed.
  std::string after(std::int64_t game) {
    kept.note({.finished_games = true, .dates = {"2026-01-15"}, .games = {game}});
    return kept.text(db);
  }
  void started_at(std::int64_t game, const std::string& when) {
    db.prepare("UPDATE games SET created_at = ? WHERE id = ?").bind_all(when, game).run();
  }
};

// Plays `game` to its end: `winner` goes out every round, the others score 5 a seat.
store::Game play_out(store::Database& db, store::Game game, int winner) {
  while (game.next_round()) {
    std::vector<store::SeatScore> cells;
    cells.reserve(game.seats.size());
    for (int s = 0; s < static_cast<int>(game.seats.size()); ++s)
      cells.push_back(s == winner ? test::out(s) : test::pts(s, 5 * (1 + (s + winner) % 3)));
    game = test::play_round(db, game, cells);
  }
  return game;
}

}  // namespace

TEST_CASE("the kept leaderboard rates a game played earlier but finished later in its place",
          "[serve][leaderboard]") {
  Club c;
  const store::Game late = test::new_game(c.db, {"Ann", "Bob", "Cy"});
  const store::Game early = test::new_game(c.db, {"Ann", "Bob", "Cy"});
  c.started_at(late.id, "2026-01-15T21:00:00Z");
  c.started_at(early.id, "2026-01-15T19:00:00Z");
  play_out(c.db, late, 0);
  CHECK(c.kept.text(c.db) == c.fresh());
  // Game 2 started first: `crowns leaderboard` rates it before game 1, though it finished
  // after it and has the higher number.
  play_out(c.db, early, 1);
  const auto results = store::load_results(c.db, {std::nullopt, std::nullopt, std::nullopt});
  REQUIRE(results.size() == 2);
  CHECK(results.front().id == early.id);
  // The order matters to the ratings: rated the other way round, the page differs.
  const std::vector<GameResult> reversed{results[1], results[0]};
  CHECK(serve::leaderboard_page(
            leaderboard(reversed, replay_ratings(reversed), views::all_time(), RankBy::Rating, 1),
            views::Names(c.db), views::all_time(), true, rule_sets_of(reversed, views::all_time()),
            std::nullopt) != c.fresh());
  CHECK(c.after(early.id) == c.fresh());
}

TEST_CASE("the kept leaderboard leaves out a tie still to be broken, as the terminal does",
          "[serve][leaderboard]") {
  Club c;
  play_out(c.db, test::new_game(c.db, {"Ann", "Bob"}), 0);
  CHECK(c.kept.text(c.db) == c.fresh());
  store::Transaction tx(c.db);
  auto tied = store::create_game(
      c.db, {.players = {"Ann", "Bob"}, .date = "2026-01-15", .rules = {.ties = Ties::Tiebreak}});
  REQUIRE(tied.ok());
  tx.commit();
  // Ann and Bob go out in turn, 5 points to the other; Bob scores 0 in round 11: 25 each.
  store::Game game = *tied;
  while (const auto next = game.next_round()) {
    const int out = *next % 2 == 1 ? 0 : 1;
    game = test::play_round(c.db, game,
                            {out == 0 ? test::out(0) : test::pts(0, 5),
                             out == 1 ? test::out(1) : test::pts(1, *next == 11 ? 0 : 5)});
  }
  REQUIRE(game.status == store::GameStatus::Finished);
  REQUIRE(game.awaiting_tiebreak());
  CHECK_FALSE(store::load_result(c.db, game.id));
  CHECK(c.after(game.id) == c.fresh());
  // Broken: now it counts, on the kept page as afresh.
  REQUIRE(table::record_tiebreak(c.db, {.game = game.id, .values = {"0*", "10"}}));
  REQUIRE(store::load_result(c.db, game.id));
  CHECK(c.after(game.id) == c.fresh());
}

TEST_CASE("the kept leaderboard of one rule set rates its games alone and links back",
          "[serve][leaderboard][rule_sets]") {
  Club c;
  serve::KeptLeaderboard standard{views::all_time(), true, HouseRules{}};
  // As `crowns leaderboard --all --by rating --rules standard` ranks it: those games alone.
  const auto fresh_standard = [&] {
    const auto results = store::load_results(c.db, {.until = std::nullopt,
                                                    .rounds_in = std::nullopt,
                                                    .rounds_of = std::nullopt,
                                                    .rules = HouseRules{}});
    return serve::leaderboard_page(
        leaderboard(results, replay_ratings(results), views::all_time(), RankBy::Rating, 1),
        views::Names(c.db), views::all_time(), true, rule_sets_of(results, views::all_time()),
        HouseRules{});
  };
  const store::Game first = play_out(c.db, test::new_game(c.db, {"Ann", "Bob"}), 0);
  CHECK(standard.text(c.db) == fresh_standard());
  store::Transaction tx(c.db);
  auto down = store::create_game(c.db, {.players = {"Ann", "Bob", "Cy"},
                                        .date = "2026-01-15",
                                        .add_unknown = true,
                                        .rules = {.order = RoundOrder::Down}});
  REQUIRE(down.ok());
  tx.commit();
  const store::Game other = play_out(c.db, *down, 2);
  // The down game finished: the standard board is as it was, the full one says the mix.
  standard.note({.finished_games = true, .dates = {"2026-01-15"}, .games = {other.id}});
  const std::string page = standard.text(c.db);
  CHECK(page == fresh_standard());
  CHECK(page.find(">Cy<") == std::string::npos);
  CHECK(page.find("· rules: standard</small>") != std::string::npos);
  CHECK(page.find("Only the games played under the standard rules.") != std::string::npos);
  CHECK(page.find("href=\"/leaderboard?all=1\">All rule sets</a>") != std::string::npos);
  CHECK(page.find("href=\"/report?all=1&amp;rules=standard\">") != std::string::npos);
  CHECK(page.find("Note: these games") == std::string::npos);
  const std::string all = c.after(other.id);
  CHECK(all == c.fresh());
  CHECK(all.find("Note: these games were played under 2 rule sets") != std::string::npos);
  CHECK(all.find("href=\"/leaderboard?all=1&amp;rules=standard\">Only standard (1 game)</a>") !=
        std::string::npos);
  CHECK(all.find("href=\"/leaderboard?all=1&amp;rules=order%3Ddown\">Only order down (1 "
                 "game)</a>") != std::string::npos);
  CHECK(first.id != other.id);
}
