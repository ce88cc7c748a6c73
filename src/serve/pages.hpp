#pragma once
// The pages of `crowns serve`, rendered from the store (no HTTP here): the live scorecard,
// the games list, the leaderboard, the season report (crowns report's own HTML) and the
// scorekeeper's entry page. Every stored text goes through html_escape.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "crowns/leaderboard.hpp"
#include "crowns/results.hpp"
#include "store/games.hpp"
#include "store/sqlite.hpp"
#include "views/report.hpp"

namespace crowns::serve {

/// The game the table is playing: the one in progress played last, else the game touched
/// last; none in an empty database.
std::optional<store::Game> current_game(const store::Database& db);

/// The game a page shows: `id`, or the current game when none. Throws crowns::Error (the
/// CLI's message) for an id that is no game.
std::optional<store::Game> shown_game(const store::Database& db, std::optional<std::int64_t> id);

/// The live part of a game's page: title, the next round's wild, dealer and starter (or the
/// result), the standings with who leads, and every round with running totals.
std::string card_html(const store::Game& game);
/// The card when there is no game yet.
std::string no_game_html();

/// What a page's script reads of a game: `crowns show --json`'s scorecard, with "undo": the
/// change the scorekeeper's undo would remove, {"change": its audit id, "label": the button,
/// "says": the confirmation that names it}, or null. Null with no game.
nlohmann::ordered_json page_state(const store::Database& db,
                                  const std::optional<store::Game>& game);

/// The list of tables: each game in progress with its players, its round and who leads,
/// linking to the table's page (`keeper`: its scorekeeper's page, token added by the script).
std::string tables_html(const std::vector<store::Game>& games);

/// Whether a table's game is gone (its start undone, deleted) and none before it remains.
enum class Gone { No, Yes };

/// One server-sent event: `event: card`, data {"version", "game", "html", "state"} where
/// state is page_state's; with no game, the card says "No game yet" (or, `gone`, "No game
/// at this table").
std::string card_event(const store::Database& db, const std::optional<store::Game>& game,
                       std::uint64_t version, Gone gone = Gone::No);

/// What a page knows of who asks.
struct PageFor {
  std::string token;  ///< The scorekeeper's token ("" for a viewer): the page may write.
  /// The id given names a table, not one game: the page follows table::game_at_table's game.
  bool table = false;
};

/// The event a page's stream sends after a change: the card of the game `id` (`table`: of
/// the table of `id`), or with no id the current game's card, or the list of tables when
/// two or more are in progress (data {"version", "game": null, "tables": [ids], "html",
/// "state": null}).
std::string live_event(const store::Database& db, std::optional<std::int64_t> id, bool table,
                       std::uint64_t version);

/// The scorecard page (`id` none: the current game, followed as it changes).
std::string game_page(const store::Database& db, std::optional<std::int64_t> id,
                      const PageFor& who);
/// Every game, newest first, `page` (from 1) of 50 at a time, with links to the pages
/// around it. Throws crowns::Error naming the last page for a page past it (or below 1).
std::string games_page(const store::Database& db, std::int64_t page);
/// The period of the leaderboard and the report: the current season (or year), or with `all`
/// every game.
Period page_period(const store::Database& db, bool all);
/// The leaderboard of `period`, ranked by rating (`all`: it is every game; the page links
/// the other one). When its games span more than one of `rule_sets` it says so and links each
/// one's leaderboard (leaderboard_link); with `only`, the games of that rule set alone, it
/// says which and links back to every rule set. Made from the finished games by
/// serve/kept_leaderboard.hpp.
std::string leaderboard_page(const std::vector<LeaderRow>& rows, const views::Names& names,
                             const Period& period, bool all,
                             const std::vector<RuleSetCount>& rule_sets,
                             const std::optional<HouseRules>& only);
/// The query that takes one rule set: "rules=order%3Ddown,wild_melds%3Dno" (parse_rule_set's
/// words, '=' escaped), "rules=standard".
std::string rule_set_query(const HouseRules& rules);
/// The leaderboard's address: `all` every game, `only` one rule set ("/leaderboard?all=1&
/// rules=standard").
std::string leaderboard_link(bool all, const std::optional<HouseRules>& only);
/// crowns report's page for one game (for a period: serve/kept_report.hpp).
std::string game_report_page(const store::Database& db, std::int64_t id);
/// The evening page (/tonight): `crowns tonight` for `date` (none: the last day a game was
/// finished), cli/views/evening_html.hpp; the route refuses a bad date.
std::string tonight_page(const store::Database& db, const std::optional<std::string>& date);
/// The hand page: the card picker and crowns analyze's answer (serve/hand_page.hpp).
std::string analyze_page(const std::string& body);
/// The web app manifest (a page put on a phone's home screen opens as an app): with the
/// scorekeeper's `token`, its start page is the scorekeeper's page (of `game`'s table when
/// given), else the viewers' page (of `game` when given). Icons: the SVG, PNGs of 192 and 512
/// px, and a maskable 512 px one.
std::string manifest_json(const std::string& token, std::optional<std::int64_t> game);
/// A whole page around `body`: the head (stylesheet, icons, `manifest`), the tab bar with
/// `current` (a tab's label, or "") marked, the page's script.
std::string document(const std::string& title, const std::string& current, const std::string& body,
                     const std::string& body_attributes = {},
                     const std::string& manifest = "/manifest.webmanifest");

/// A player's page (/player?name=NAME): what `crowns stats NAME` says of `period` (the
/// current season, or every game with `all`), from views::player_stats, with links to their
/// games and their rivals' pages. Throws crowns::Error (the CLI's message, "did you mean")
/// for no such player.
std::string player_page(const store::Database& db, const std::string& name, const Period& period,
                        bool all);
/// The same as JSON: `crowns stats NAME --json` without the solitaire totals.
nlohmann::ordered_json player_page_json(const store::Database& db, const std::string& name,
                                        const Period& period);
/// The address of a player's page: /player?name=NAME, the name percent-encoded.
std::string player_link(const std::string& name, bool all = false);

/// A small page saying what went wrong.
std::string error_page(int status, const std::string& message);

/// The note at the top of a page served from before a change (`why`: what changed) while its
/// new copy is made, with the script (updating_script) that reloads it once that is ready.
/// Styled inline: the season report does not load the stylesheet.
std::string updating_note(const std::string& why);

}  // namespace crowns::serve
