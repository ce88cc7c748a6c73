// crowns serve without HTTP: the token comparison, the cross-site rule, the rate limit, the
// live card's escaping, and the scorekeeper's writes (the CLI's checks and messages, nothing
// written on a refusal, a round entered twice refused).

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "serve/actions.hpp"
#include "serve/changes.hpp"
#include "serve/hint_words.hpp"
#include "serve/pages.hpp"
#include "serve/qr.hpp"
#include "serve/security.hpp"
#include "store/connections.hpp"
#include "store/db.hpp"
#include "store/players.hpp"
#include "store/undo.hpp"
#include "store_fixtures.hpp"
#include "temp_db.hpp"

using namespace crowns;
using namespace crowns::serve;

TEST_CASE("same_token accepts the secret only", "[serve]") {
  const std::string secret = make_token();
  CHECK(secret.size() == 64);
  CHECK(secret.find_first_not_of("0123456789abcdef") == std::string::npos);
  CHECK(make_token() != secret);
  CHECK(same_token(secret, secret));
  CHECK_FALSE(same_token(secret.substr(0, 63), secret));
  CHECK_FALSE(same_token(secret + "0", secret));
  CHECK_FALSE(same_token("", secret));
  CHECK_FALSE(same_token("", ""));  // no secret: nothing passes
  std::string flipped = secret;
  flipped.back() = flipped.back() == 'a' ? 'b' : 'a';
  CHECK_FALSE(same_token(flipped, secret));
}

TEST_CASE("cross_site_refusal lets same-origin and header-less requests through", "[serve]") {
  CHECK(cross_site_refusal({"", "", "127.0.0.1:8765"}).empty());
  CHECK(cross_site_refusal({"http://127.0.0.1:8765", "same-origin", "127.0.0.1:8765"}).empty());
  CHECK(cross_site_refusal({"", "none", "127.0.0.1:8765"}).empty());
  CHECK_FALSE(cross_site_refusal({"", "cross-site", "127.0.0.1:8765"}).empty());
  CHECK_FALSE(cross_site_refusal({"", "same-site", "127.0.0.1:8765"}).empty());
  CHECK_FALSE(cross_site_refusal({"http://evil.example", "", "127.0.0.1:8765"}).empty());
  CHECK_FALSE(cross_site_refusal({"null", "", "127.0.0.1:8765"}).empty());
  CHECK_FALSE(cross_site_refusal({"http://127.0.0.1:9999", "", "127.0.0.1:8765"}).empty());
}

TEST_CASE("player_link percent-encodes the name", "[serve]") {
  CHECK(player_link("Ann") == "/player?name=Ann");
  CHECK(player_link("Zo\u00eb O'Brien&x=1", true) ==
        "/player?name=Zo%C3%AB%20O%27Brien%26x%3D1&all=1");
  CHECK(player_link("<b>") == "/player?name=%3Cb%3E");
}

TEST_CASE("RateLimiter allows a burst, then the rate", "[serve]") {
  RateLimiter limit(3, 2);
  const auto t0 = RateLimiter::Clock::now();
  CHECK(limit.allow("a", t0));
  CHECK(limit.allow("a", t0));
  CHECK(limit.allow("a", t0));
  CHECK_FALSE(limit.allow("a", t0));
  CHECK(limit.allow("b", t0));                                   // each address has its own bucket
  CHECK(limit.allow("a", t0 + std::chrono::milliseconds(500)));  // 2 a second: one more
  CHECK_FALSE(limit.allow("a", t0 + std::chrono::milliseconds(500)));
}

namespace {

struct ServedDb {
  test::TempDir dir;
  std::string path = dir.file("crowns.db");
  store::Database db = store::open_database(path, store::Access::Write);
};

std::string content(const store::Database& db) {
  std::string all;
  for (const char* table : {"rounds", "scores", "audit"}) {
    auto stmt = db.prepare(std::string("SELECT count(*) FROM ") + table);
    stmt.step();
    all += std::to_string(stmt.int64(0)) + ",";
  }
  return all;
}

}  // namespace

TEST_CASE("the live card escapes hostile names and shows the next round", "[serve]") {
  ServedDb t;
  auto game = test::new_game(t.db, {"Ann", "<script>alert(1)</script>", "\"><img src onerror>"});
  game = test::play_round(t.db, game, {test::out(0), test::pts(1, 10), test::pts(2, 20)});
  const std::string html = card_html(game);
  CHECK(html.find("<script>") == std::string::npos);
  CHECK(html.find("<img") == std::string::npos);
  CHECK(html.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
  CHECK(html.find("Wild") != std::string::npos);
  CHECK(html.find("leads") != std::string::npos);
  const std::string event = card_event(t.db, game, 3);
  CHECK(event.starts_with("event: card\ndata: {"));
  CHECK(event.ends_with("\n\n"));
  // One data line: a newline inside would end the event early.
  CHECK(event.substr(0, event.size() - 2).find('\n', 12) == std::string::npos);
  const auto data = nlohmann::json::parse(event.substr(event.find('{')));
  CHECK(data["version"] == 3);
  CHECK(data["state"]["rounds"].size() == 1);
  const std::string page = game_page(t.db, std::nullopt, {});
  CHECK(page.find("data-token") == std::string::npos);
  // Three script elements, ours (the state as JSON, the card points, app.js); a name cannot
  // close or add one.
  std::size_t scripts = 0;
  for (auto at = page.find("<script"); at != std::string::npos; at = page.find("<script", at + 1))
    ++scripts;
  CHECK(scripts == 3);
  CHECK(page.find("\\u003cscript\\u003ealert(1)") != std::string::npos);
  CHECK(game_page(t.db, std::nullopt, {"abc"}).find("data-token=\"abc\"") != std::string::npos);
}

TEST_CASE("a round from the scorekeeper goes through the CLI's checks", "[serve]") {
  ServedDb t;
  const auto game = test::new_game(t.db, {"Ann", "Bob", "Cy"});
  const std::string id = std::to_string(game.id);
  const std::string before = content(t.db);

  SECTION("a bad value is refused with the CLI's message, and nothing is written") {
    const Answer a =
        run_action(t.db, Action::Round, {{"game", id}, {"v0", "0"}, {"v1", "abc"}, {"v2", "5"}});
    CHECK(a.status == 400);
    CHECK(a.body["error"].get<std::string>().find("abc") != std::string::npos);
    CHECK(content(t.db) == before);
  }
  SECTION("a missing game number is refused") {
    const Answer a = run_action(t.db, Action::Round, {{"v0", "out"}});
    CHECK(a.status == 400);
    CHECK(a.body["error"] == "no game: send game=NUMBER");
  }
  SECTION("a good round is recorded, with a typed hand and who went out") {
    const Answer a = run_action(
        t.db, Action::Round,
        {{"game", id}, {"round", "1"}, {"v0", "7h 8h"}, {"v1", ""}, {"out", "1"}, {"v2", "9"}});
    REQUIRE(a.status == 200);
    const auto& r = a.body["state"]["rounds"][0];
    CHECK(r["scores"]["Ann"] == 15);
    CHECK(r["went_out"] == "Bob");
    CHECK(content(t.db) != before);
    SECTION("the same round again is refused, never recorded as round 2") {
      const std::string after = content(t.db);
      const Answer again =
          run_action(t.db, Action::Round,
                     {{"game", id}, {"round", "1"}, {"v0", "out"}, {"v1", "3"}, {"v2", "4"}});
      CHECK(again.status == 409);
      CHECK(content(t.db) == after);
    }
    SECTION("an edit and an undo are logged like the CLI's") {
      const Answer e =
          run_action(t.db, Action::Edit,
                     {{"game", id}, {"round", "1"}, {"v0", "20"}, {"v1", "out"}, {"v2", "9"}});
      CHECK(e.status == 200);
      CHECK(e.body["state"]["rounds"][0]["scores"]["Ann"] == 20);
      const Answer u = run_action(t.db, Action::Undo, {{"game", id}});
      CHECK(u.status == 200);
      CHECK(u.body["state"]["rounds"][0]["scores"]["Ann"] == 15);
    }
  }
}

TEST_CASE("qr_text draws a square code with its finder patterns", "[serve]") {
  const std::string text = qr_text("http://192.168.1.20:8765/", true);
  std::vector<std::string> lines;
  for (std::size_t at = 0, next = 0; at < text.size(); at = next + 1) {
    next = text.find('\n', at);
    lines.push_back(text.substr(at, next - at));
  }
  REQUIRE(lines.size() >= 25);  // version 2 or more, and the quiet zone
  for (const auto& line : lines) CHECK(line.size() == 2 * lines.size());
  // Dark modules are blank (a dark terminal shows the light ones): the top-left finder
  // pattern's top edge is 7 dark modules after a quiet zone of 2 light ones.
  CHECK(lines[0] == std::string(lines[0].size(), '#'));
  CHECK(lines[2].substr(0, 4) == "####");
  CHECK(lines[2].substr(4, 14) == std::string(14, ' '));
  CHECK(lines[2].substr(18, 2) == "##");
  // Half blocks: two rows a line.
  const std::string blocks = qr_text("http://192.168.1.20:8765/", false);
  CHECK(std::count(blocks.begin(), blocks.end(), '\n') ==
        static_cast<long>((lines.size() + 1) / 2));
}

TEST_CASE("Change::touches: what each kind of page reads", "[serve]") {
  const Period season{"2026-01-01", "2026-12-31", "2026"};
  const Reads card;  // everything
  const Reads board = Reads::finished_games();
  const Reads report = Reads::finished_games_and(season);
  const Change nothing;
  CHECK(nothing.touches(card));
  CHECK_FALSE(nothing.touches(board));
  CHECK_FALSE(nothing.touches(report));
  const Change round_in_season{.dates = {"2026-03-01"}};
  CHECK_FALSE(round_in_season.touches(board));
  CHECK(round_in_season.touches(report));
  const Change round_before{.dates = {"2025-12-31"}};
  CHECK_FALSE(round_before.touches(report));
  const Change finished{.finished_games = true, .dates = {"2025-12-31"}};
  CHECK(finished.touches(board));
  CHECK(finished.touches(report));
  Change unknown;
  unknown.everything = true;
  CHECK(unknown.touches(board));
}

TEST_CASE("ChangeLog reads from the audit log what each change touched", "[serve]") {
  ServedDb t;
  store::Database watcher = store::open_another(t.db);
  auto game = test::new_game(t.db, {"Ann", "Bob", "Cy"});
  ChangeLog log;
  log.start(watcher);
  CHECK_FALSE(log.since_last(watcher).everything);  // nothing new: nothing touched

  // Rounds 1-10: an unfinished game; its date, not the finished games.
  for (int r = 1; r <= 10; ++r)
    game = test::play_round(t.db, game, {test::out(0), test::pts(1, 5), test::pts(2, 9)});
  Change change = log.since_last(watcher);
  CHECK_FALSE(change.everything);
  CHECK_FALSE(change.finished_games);
  CHECK(std::find(change.dates.begin(), change.dates.end(), "2026-01-15") != change.dates.end());

  SECTION("the game finishing touches the finished games; undo of its last round too") {
    game = test::play_round(t.db, game, {test::out(0), test::pts(1, 5), test::pts(2, 9)});
    change = log.since_last(watcher);
    CHECK_FALSE(change.everything);
    CHECK(change.finished_games);
    {
      store::Transaction tx(t.db);
      REQUIRE(store::undo_last_change(t.db, game.id).ok());
      tx.commit();
    }
    change = log.since_last(watcher);
    CHECK(change.finished_games);  // it was finished: the leaderboard must lose it
  }
  SECTION("a renamed player is a change of everything") {
    {
      store::Transaction tx(t.db);
      REQUIRE(store::rename_player(t.db, "Bob", "Bobby").ok());
      tx.commit();
    }
    CHECK(log.since_last(watcher).everything);
    CHECK_FALSE(log.since_last(watcher).everything);  // and then it goes on from there
  }
  SECTION("a rewritten log (a restore) is a change of everything") {
    t.db.exec("DELETE FROM audit WHERE id = (SELECT max(id) FROM audit)");
    CHECK(log.since_last(watcher).everything);
  }
}

TEST_CASE("host_allowed answers only the names the server is served on", "[serve]") {
  const auto names = served_names(false);
  CHECK(host_allowed("127.0.0.1:8765", names));
  CHECK(host_allowed("127.0.0.1", names));
  CHECK(host_allowed("localhost:8765", names));
  CHECK(host_allowed("LocalHost.:8765", names));
  CHECK(host_allowed("[::1]:8765", names));
  CHECK(host_allowed("[::1]", names));
  CHECK_FALSE(host_allowed("evil.example:8765", names));
  CHECK_FALSE(host_allowed("evil.example", names));
  CHECK_FALSE(host_allowed("localhost.evil.example:8765", names));
  CHECK_FALSE(host_allowed("127.0.0.1.evil.example", names));
  CHECK_FALSE(host_allowed("", names));
  CHECK_FALSE(host_allowed(":8765", names));
  CHECK_FALSE(host_allowed("[::2]:8765", names));
  // --lan adds this computer's addresses and name, never a stranger's.
  const auto lan = served_names(true);
  CHECK(lan.size() >= names.size());
  CHECK(host_allowed("localhost:1", lan));
  CHECK_FALSE(host_allowed("evil.example:8765", lan));
}

TEST_CASE("kept_token keeps one owner-only token, and refuses one others can read", "[serve]") {
  test::TempDir dir;
  const std::string path = dir.file("crowns.db.serve-token");
  const std::string token = kept_token(path);
  CHECK(token.size() == 64);
  CHECK((std::filesystem::status(path).permissions() & std::filesystem::perms::all) ==
        (std::filesystem::perms::owner_read | std::filesystem::perms::owner_write));
  CHECK(kept_token(path) == token);
  std::filesystem::permissions(path, std::filesystem::perms::group_read,
                               std::filesystem::perm_options::add);
  CHECK_THROWS_WITH(kept_token(path), Catch::Contains("chmod 600"));
}

TEST_CASE("a write carries what it was based on; a stale one is refused (409)", "[serve]") {
  ServedDb t;
  auto game = test::new_game(t.db, {"Ann", "Bob", "Dee"});
  game = test::play_round(t.db, game, {test::out(0), test::pts(1, 10), test::pts(2, 20)});
  const std::string id = std::to_string(game.id);

  SECTION("a correction of a round changed since names what changed") {
    REQUIRE(run_action(t.db, Action::Edit,
                       {{"game", id}, {"round", "1"}, {"v0", "out"}, {"v1", "10"}, {"v2", "41"}})
                .status == 200);
    const std::string before = content(t.db);
    const Answer a = run_action(t.db, Action::Edit,
                                {{"game", id},
                                 {"round", "1"},
                                 {"was", "0*,10,20"},
                                 {"v0", "out"},
                                 {"v1", "10"},
                                 {"v2", "14"}});
    CHECK(a.status == 409);
    CHECK(a.body["error"] ==
          "round 1 changed meanwhile: Dee is now 41 \u2014 your values are kept");
    CHECK(a.body["state"]["rounds"][0]["scores"]["Dee"] == 41);
    CHECK(content(t.db) == before);
    const Answer b = run_action(t.db, Action::Edit,
                                {{"game", id},
                                 {"round", "1"},
                                 {"was", "0*,10,41"},
                                 {"v0", "out"},
                                 {"v1", "10"},
                                 {"v2", "14"}});
    CHECK(b.status == 200);
  }
  SECTION("out ticked against a typed value is refused naming both") {
    const std::string before = content(t.db);
    const Answer a = run_action(
        t.db, Action::Round,
        {{"game", id}, {"round", "2"}, {"v0", "10"}, {"v1", "out"}, {"v2", "7"}, {"out", "0"}});
    CHECK(a.status == 400);
    CHECK(a.body["error"].get<std::string>().starts_with("Ann is marked out but has 10 points"));
    const Answer b = run_action(
        t.db, Action::Round,
        {{"game", id}, {"round", "2"}, {"v0", ""}, {"v1", "out"}, {"v2", "7"}, {"out", "0"}});
    CHECK(b.status == 400);
    CHECK(b.body["error"].get<std::string>().starts_with("Ann is marked out but Bob has"));
    CHECK(content(t.db) == before);
  }
  SECTION("undo removes the change it names, and refuses when the last is another") {
    const auto state = page_state(t.db, game);
    CHECK(state["undo"]["label"] == "Undo round 1");
    CHECK(state["undo"]["says"] == "This removes round 1: Ann 0*, Bob 10, Dee 20");
    const std::string named = std::to_string(state["undo"]["change"].get<std::int64_t>());
    game = test::play_round(t.db, game, {test::pts(0, 5), test::out(1), test::pts(2, 3)});
    const std::string before = content(t.db);
    const Answer stale = run_action(t.db, Action::Undo, {{"game", id}, {"change", named}});
    CHECK(stale.status == 409);
    CHECK(stale.body["error"].get<std::string>().find("Round 2 entered") != std::string::npos);
    CHECK(content(t.db) == before);
    const auto now = page_state(t.db, game)["undo"]["change"].get<std::int64_t>();
    CHECK(run_action(t.db, Action::Undo, {{"game", id}, {"change", std::to_string(now)}}).status ==
          200);
  }
  SECTION("a game without rounds: undo says it removes the game") {
    const auto fresh = test::new_game(t.db, {"Ann", "Bob"});
    CHECK(page_state(t.db, fresh)["undo"]["says"] ==
          "This removes game " + std::to_string(fresh.id) + ", which has no rounds yet");
  }
}

TEST_CASE("phone_said: a failure and its hint in the page's words", "[serve]") {
  CHECK(phone_said("500 for Ann is unusual", {.kind = HintKind::AcceptUnusual}) ==
        "500 for Ann is unusual; tick \u201caccept an unusual value\u201d to record it anyway");
  CHECK(phone_said("no game in progress", {.kind = HintKind::StartGame}) ==
        "no game in progress; start one with the form below");
  // No control on the page for it: the failure's own words, whole.
  CHECK(phone_said("there is no game 9", {.kind = HintKind::ListGames, .game = 9}) ==
        "there is no game 9");
  CHECK(phone_said("fine as it is", {}) == "fine as it is");
  // No hint the phone words names a terminal command or flag.
  for (int k = 0; k < kHintKinds; ++k) {
    const std::string words = phone_hint({.kind = static_cast<HintKind>(k),
                                          .game = 3,
                                          .round = 2,
                                          .count = 14,
                                          .name = "Ann",
                                          .other = "Bob",
                                          .args = "Ann=out"});
    INFO(hint_kind_name(static_cast<HintKind>(k)));
    CHECK(words.find("--") == std::string::npos);
    CHECK(words.find("crowns ") == std::string::npos);
  }
}
