#include "serve/pages.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "crowns/game_status.hpp"
#include "crowns/leaderboard.hpp"
#include "crowns/plural.hpp"
#include "crowns/rules.hpp"
#include "serve/assets.hpp"
#include "store/history.hpp"
#include "store/rounds.hpp"
#include "store/timeline.hpp"
#include "store/undo.hpp"
#include "table/tables.hpp"
#include "views/chart_data.hpp"
#include "views/evening_html.hpp"
#include "views/game_times.hpp"
#include "views/hand.hpp"
#include "views/html_report.hpp"
#include "views/period.hpp"
#include "views/report.hpp"
#include "views/rule_sets.hpp"
#include "views/scorecard.hpp"

namespace crowns::serve {
namespace {

using views::html_escape;
using Json = nlohmann::ordered_json;
constexpr int kGamesPerPage = 50;

std::string seat_name(const store::Game& game, int seat) {
  return html_escape(game.seats[static_cast<std::size_t>(seat)].name);
}

// The round's wild under the game's order (store::Game::deal, through the views' words).
std::string wild_text(const store::Game& game, int round) {
  const std::string wild = views::deal_wild_text(game, round);
  return wild == "?" ? wild : wild + "s";
}

// The four facts a table asks for before a round: round, wild, who deals, who starts.
void next_round_html(std::string& html, const store::Game& game, int round) {
  html += fmt::format(
      "<div class=\"next\" aria-label=\"next round\">"
      "<div><span>Round</span><b>{} <small>of {}</small></b><small>{} cards</small></div>"
      "<div><span>Wild</span><b>{}</b></div>"
      "<div><span>Deals</span><b>{}</b></div>"
      "<div><span>Starts</span><b>{}</b></div></div>\n",
      round, kRounds, views::deal_cards_text(game, round), wild_text(game, round),
      seat_name(game, game.dealer(round)), seat_name(game, game.starter(round)));
}

// Players by total, lowest first: who leads, and how far behind each is.
void standings_html(std::string& html, const store::Game& game, const Standings& st) {
  std::vector<int> order(game.seats.size());
  for (std::size_t s = 0; s < order.size(); ++s) order[s] = static_cast<int>(s);
  const auto won_game = [&](int s) {
    return std::find(st.winners.begin(), st.winners.end(), s) != st.winners.end();
  };
  // The one order of finish (crowns::finishing_places): after a tie-break the tied players
  // are placed by their tie-break scores, as the ratings and the report place them.
  const auto place = [&](int s) { return st.places[static_cast<std::size_t>(s)]; };
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return place(a) < place(b); });
  const int best = st.totals[static_cast<std::size_t>(st.leaders.front())];
  const bool finished = game.status == store::GameStatus::Finished;
  html +=
      "<table class=\"standings\"><thead><tr><th>#</th><th class=\"name\">Player</th>"
      "<th>Total</th><th>Behind</th></tr></thead><tbody>\n";
  for (int s : order) {
    const int total = st.totals[static_cast<std::size_t>(s)];
    const int rank = place(s);
    const bool won = won_game(s);
    const bool leads = total == best && (!st.tie_broken || won);
    const std::string mark = won                                            ? "wins"
                             : (leads && !finished && !game.rounds.empty()) ? "leads"
                                                                            : "";
    html += fmt::format(
        "<tr{}><td>{}</td><td class=\"name\">{}{}</td><td "
        "class=\"total\">{}</td><td>{}</td></tr>\n",
        leads ? " class=\"lead\"" : "", rank,
        fmt::format("<a class=\"tap\" href=\"{}\">{}</a>",
                    html_escape(player_link(game.seats[static_cast<std::size_t>(s)].name)),
                    seat_name(game, s)),
        mark.empty() ? "" : " <em>" + mark + "</em>", total,
        leads                            ? "—"
        : st.tie_broken && total == best ? "lost the tie-break"
                                         : "+" + std::to_string(total - best));
  }
  html += "</tbody></table>\n";
}

// Every round: a row each, a column per player with the points and the running total.
void rounds_html(std::string& html, const store::Game& game) {
  const auto n = game.seats.size();
  html +=
      "<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"rounds\"><table "
      "class=\"rounds\"><thead><tr><th>Rd</th><th>Wild</th>";
  for (std::size_t s = 0; s < n; ++s)
    html += "<th class=\"name\">" + seat_name(game, static_cast<int>(s)) + "</th>";
  html += "</tr></thead><tbody>\n";
  std::vector<int> running(n, 0);
  for (std::size_t s = 0; s < n; ++s) running[s] = game.seats[s].start_total;
  for (const auto& r : game.rounds) {
    html += fmt::format("<tr><td>{}</td><td>{}</td>", r.round, wild_text(game, r.round));
    for (std::size_t s = 0; s < n; ++s) {
      if (!game.seats[s].plays(r.round)) {  // a late arrival, not seated yet
        html += "<td class=\"absent\"><abbr title=\"not seated yet\">–</abbr></td>";
        continue;
      }
      const auto& cell = r.scores[s];
      running[s] += cell.points;
      html += fmt::format("<td{}>{}{}<span class=\"run\">{}</span></td>",
                          cell.went_out ? " class=\"out\"" : "", cell.points,
                          cell.went_out ? "<abbr title=\"went out\">*</abbr>" : "", running[s]);
    }
    html += "</tr>\n";
  }
  const Standings st = game.standings();
  if (st.tie_broken) {
    // The tie-break is a row of its own: its points decide among the tied, adding to no total.
    html += "<tr class=\"tiebreak\"><td><abbr title=\"tie-break\">TB</abbr></td><td>6s</td>";
    for (std::size_t s = 0; s < n; ++s) {
      const auto& tb = game.seats[s].tiebreak;
      const bool won =
          std::find(st.winners.begin(), st.winners.end(), static_cast<int>(s)) != st.winners.end();
      html += tb ? fmt::format("<td{}>{}</td>", won ? " class=\"out\"" : "", *tb) : "<td></td>";
    }
    html += "</tr>\n";
  }
  html +=
      "</tbody></table></div>\n<p class=\"key\">Each cell: the round's points, under them "
      "the running total; * went out";
  if (st.tie_broken) html += "; TB: the 6-card tie-break, lowest wins";
  for (const auto& seat : game.seats) {
    if (seat.joined_round > 1) {
      html += fmt::format("; {} joined at round {} with {}", html_escape(seat.name),
                          seat.joined_round, seat.start_total);
    }
  }
  html += ".</p>\n";
}

// JSON inside <script>: < > & written as \u escapes (the same string to JSON.parse), so
// that no stored text can end the element ("</script>") or open a comment.
std::string script_safe(std::string_view json) {
  std::string out;
  out.reserve(json.size());
  for (const char c : json) {
    switch (c) {
      case '<': out += "\\u003c"; break;
      case '>': out += "\\u003e"; break;
      case '&': out += "\\u0026"; break;
      default: out += c;
    }
  }
  return out;
}

constexpr const char* kThemeColour = "#0b5cad";  // the icon's blue, the accent of style.css

// The points of a card left in hand and each round's wild rank, as core has them
// (crowns::card_points, crowns::wild_rank_of_round), for the card picker: the page reads this
// table and holds no copy of either rule.
std::string card_points_json() {
  Json ranks = Json::object();
  for (int rank = kMinRank; rank <= kMaxRank; ++rank)
    ranks[std::string(rank_name(rank))] = card_points(Card::natural(rank, Suit::Hearts), 0);
  Json wilds = Json::array();  // round 1..11's wild rank (crowns::wild_rank_of_round)
  for (int round = 1; round <= kRounds; ++round)
    wilds.push_back(std::string(rank_name(wild_rank_of_round(round))));
  return Json{{"ranks", ranks},
              {"wilds", wilds},
              {"wild", card_points(Card::natural(kMinRank, Suit::Hearts), kMinRank)},
              {"joker", card_points(Card::joker(), 0)}}
      .dump();
}

}  // namespace

std::string document(const std::string& title, const std::string& current, const std::string& body,
                     const std::string& body_attributes, const std::string& manifest) {
  std::string html =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta name=\"referrer\" content=\"no-referrer\">\n<title>" +
      html_escape(title) +
      "</title>\n<link rel=\"stylesheet\" href=\"/style.css\">\n<link rel=\"icon\" "
      "href=\"/icon.svg\">\n<link rel=\"apple-touch-icon\" href=\"/icon-180.png\">\n"
      "<link rel=\"manifest\" href=\"" +
      html_escape(manifest) + "\">\n<meta name=\"theme-color\" content=\"" + kThemeColour +
      "\">\n</head>\n<body" + body_attributes + ">\n<nav>";
  for (const auto& [href, label] :
       {std::pair{"/", "Game"}, std::pair{"/games", "Games"},
        std::pair{"/leaderboard", "Leaderboard"}, std::pair{"/report", "Report"},
        std::pair{"/analyze", "Hand"}}) {
    html += fmt::format("<a href=\"{}\"{}>{}</a>", href,
                        current == label ? " aria-current=\"page\"" : "", label);
  }
  html += "</nav>\n<main>\n" + body +
          "</main>\n<script type=\"application/json\" id=\"card-points\">" + card_points_json() +
          "</script>\n<script type=\"module\" src=\"/app.js\"></script>\n</body>\n</html>\n";
  return html;
}

std::optional<store::Game> current_game(const store::Database& db) {
  auto playing = store::games_in_progress(db, store::InProgress::Rounds);
  if (!playing.empty()) return std::move(playing.front());
  auto latest = store::require_game(db, std::nullopt, store::Pick::Latest);
  if (!latest) return std::nullopt;
  return std::move(latest).value();
}

std::optional<store::Game> shown_game(const store::Database& db, std::optional<std::int64_t> id) {
  if (!id) return current_game(db);
  auto game = store::require_game(db, id, store::Pick::Latest);
  if (!game) throw Error(game.failure());
  return std::move(game).value();
}

std::string card_html(const store::Game& game) {
  std::string html;
  std::vector<std::string> names;
  for (const auto& s : game.seats) names.push_back(html_escape(s.name));
  html += fmt::format("<h1>Game {} <small>{}</small></h1>\n", game.id, html_escape(game.date));
  html += fmt::format("<p class=\"meta\">{} · {}{}</p>\n", store::status_name(game.status),
                      rounds_progress(game.rounds_played()), game.boxes == 2 ? " · two boxes" : "");
  if (game.note) html += "<p class=\"meta\">Note: " + html_escape(*game.note) + "</p>\n";
  // The house options only, loudly, in the terminal scorecard's words (the standard rules go
  // without saying).
  if (!game.rules.is_standard()) {
    html += "<p class=\"house-rules\"><b>House rules:</b> " +
            html_escape(views::house_options_text(game.rules)) + "</p>\n";
  }
  if (const auto next = game.next_round(); game.status == store::GameStatus::Active && next) {
    next_round_html(html, game, *next);
  } else {
    html += "<p class=\"result\">" + views::result_html(game) + "</p>\n";
  }
  standings_html(html, game, game.standings());
  if (!game.rounds.empty()) rounds_html(html, game);
  return html;
}

// The game's time under the card (issue 39): its length, or the time since it started.
std::string time_html(const store::Database& db, const store::Game& game) {
  const auto times = store::timeline::game_times(db, game.id);
  return "<p class=\"meta\" id=\"game-time\">Time: " +
         html_escape(views::game_times_text(times, store::timeline::now(db))) + "</p>\n";
}

// No game to show: none yet, or (`gone`) the table's game was removed (its start undone, or
// deleted) with no game before it at the table.
std::string no_game_html(bool gone = false) {
  // One card for every page: the stylesheet shows the viewers' words or the scorekeeper's
  // (whose page has the start form below).
  return std::string(gone ? "<h1>No game at this table</h1>\n<p class=\"meta\">Its game was "
                            "removed.</p>\n"
                          : "<h1>No game yet</h1>\n") +
         "<p class=\"for-viewer\">The scorekeeper starts one; it shows here at once.</p>\n"
         "<p class=\"for-keeper\">Start one with the form below: tap the players in seat "
         "order.</p>\n";
}

Json page_state(const store::Database& db, const std::optional<store::Game>& game) {
  if (!game) return nullptr;
  Json state = views::scorecard_json(*game);
  views::add_game_times(state, store::timeline::game_times(db, game->id), store::timeline::now(db));
  Json undo = nullptr;
  if (const auto change = store::next_to_undo(db, game->id); change && change->action != "delete") {
    const std::string id = std::to_string(game->id);
    std::string label = "Undo the last change of game " + id;
    std::string says = "This undoes: " + change->summary;
    if (change->action == "round" && !game->rounds.empty()) {
      const auto& last = game->rounds.back();
      label = "Undo round " + std::to_string(last.round);
      says = "This removes round " + std::to_string(last.round) + ": " +
             store::round_line(*game, last);
    } else if (change->action == "new" && game->rounds.empty()) {
      label = "Undo the start of game " + id;
      says = "This removes game " + id + ", which has no rounds yet";
    } else if (change->action == "edit") {
      label = "Undo the correction";
    } else if (change->action == "join") {
      label = "Undo the late arrival";
      says = "This takes back: " + change->summary;
    }
    undo = Json{{"change", change->id}, {"label", label}, {"says", says}};
  }
  state["undo"] = undo;
  state["change"] = game->last_change;  // the state a form's write names (table::Basis)
  return state;
}

std::string tables_html(const std::vector<store::Game>& games) {
  std::string html = fmt::format(
      "<h1>Tables <small>{} games in progress</small></h1>\n<p class=\"meta\">Choose your "
      "table: its page then follows that game (and its rematch) only.</p>\n<ul "
      "class=\"games tables\">\n",
      games.size());
  for (const auto& game : games) {
    std::string players;
    for (const auto& s : game.seats) players += (players.empty() ? "" : ", ") + html_escape(s.name);
    const Standings st = game.standings();
    std::string leads = "no round yet";
    if (!game.rounds.empty()) {
      std::string names;
      for (const int s : st.leaders) names += (names.empty() ? "" : " and ") + seat_name(game, s);
      leads = names + (st.leaders.size() > 1 ? " lead" : " leads") + " with " +
              std::to_string(st.totals[static_cast<std::size_t>(st.leaders.front())]);
    }
    const auto next = game.next_round();
    html += fmt::format(
        "<li><a href=\"/?game={0}\" data-table=\"{0}\"><b>Game {0}</b> <span>{1}</span></a>"
        "<div class=\"meta\">{2} · {3}</div></li>\n",
        game.id, players, next ? fmt::format("round {} of {}", *next, kRounds) : "tie-break",
        leads);
  }
  html += "</ul>\n";
  return html;
}

std::string live_event(const store::Database& db, std::optional<std::int64_t> id, bool table,
                       std::uint64_t version) {
  if (id && table) {
    const auto game = table::game_at_table_now(db, *id);
    return card_event(db, game, version, game ? Gone::No : Gone::Yes);
  }
  if (id) return card_event(db, store::load_game(db, *id), version);
  const auto tables = table::tables_in_progress(db);
  if (tables.empty()) return card_event(db, current_game(db), version);
  Json ids = Json::array();
  for (const auto& game : tables) ids.push_back(game.id);
  const Json data{{"version", version},
                  {"game", nullptr},
                  {"tables", ids},
                  {"html", tables_html(tables)},
                  {"state", nullptr}};
  return "event: card\ndata: " + data.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n\n";
}

std::string card_event(const store::Database& db, const std::optional<store::Game>& game,
                       std::uint64_t version, Gone gone) {
  const Json data{
      {"version", version},
      {"game", game ? Json(game->id) : Json(nullptr)},
      {"html", game ? card_html(*game) + time_html(db, *game) : no_game_html(gone == Gone::Yes)},
      {"state", page_state(db, game)}};
  return "event: card\ndata: " + data.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n\n";
}

std::string game_page(const store::Database& db, std::optional<std::int64_t> id,
                      const PageFor& who) {
  const auto tables = id ? std::vector<store::Game>() : table::tables_in_progress(db);
  // A table's page whose game is gone (its start undone, deleted) shows the game before it at
  // the table, or its start form: 200, the scorekeeper's token kept.
  const auto game = !tables.empty()   ? std::nullopt
                    : id && who.table ? table::game_at_table_now(db, *id)
                                      : shown_game(db, id);
  std::string body = "<section id=\"card\" aria-live=\"polite\">\n";
  body += !tables.empty() ? tables_html(tables)
          : game          ? card_html(*game) + time_html(db, *game)
                          : no_game_html(id.has_value());
  body += "</section>\n<p id=\"live\" class=\"live\">Live: updates by itself.</p>\n";
  if (!who.token.empty()) body += "<section id=\"entry\" hidden></section>\n";
  if (game) {
    body += fmt::format(
        "<p class=\"meta\" id=\"report-link\"><a class=\"tap\" href=\"/report/game/{}\">This "
        "game's "
        "full report</a>"
        "</p>\n",
        game->id);
  }
  // The scorekeeper's page carries the token for its script to send; a viewer's has none.
  std::string attributes = fmt::format(" data-follow=\"{}\"{}", id ? std::to_string(*id) : "",
                                       id && !who.table ? "" : " data-table=\"1\"");
  if (!who.token.empty()) attributes += " data-token=\"" + html_escape(who.token) + "\"";
  if (game) attributes += fmt::format(" data-game=\"{}\"", game->id);
  const std::string state =
      page_state(db, game).dump(-1, ' ', false, Json::error_handler_t::replace);
  body += "<script type=\"application/json\" id=\"state\">" + script_safe(state) + "</script>\n";
  const std::string title = game ? "Five Crowns · game " + std::to_string(game->id) : "Five Crowns";
  // Put on the home screen, the scorekeeper's page opens as itself (its token, its table).
  // A viewer's opens their table's page (the game shown, then its rematch).
  std::string manifest = "/manifest.webmanifest";
  const std::optional<std::int64_t> table = game && who.table ? std::optional(game->id) : id;
  if (!who.token.empty())
    manifest += "?token=" + who.token + (table ? fmt::format("&game={}", *table) : "");
  else if (table)
    manifest += fmt::format("?game={}", *table);
  return document(who.token.empty() ? title : title + " · scorekeeper", id ? "" : "Game", body,
                  attributes, manifest);
}

std::string games_page(const store::Database& db, std::int64_t page) {
  const auto listed = store::list_games_page(
      db, (std::max<std::int64_t>(page, 1) - 1) * kGamesPerPage, kGamesPerPage);
  const std::int64_t pages =
      std::max<std::int64_t>(1, (listed.total + kGamesPerPage - 1) / kGamesPerPage);
  if (page < 1 || page > pages) {
    throw Error("there is no page " + std::to_string(page) + " of games: they fill " +
                counted(pages, "page") + " (/games?page=" + std::to_string(pages) +
                " is the oldest)");
  }
  std::string body =
      fmt::format("<h1>Games <small>{}</small></h1>\n", counted(listed.total, "game"));
  body +=
      "<p class=\"meta\"><a href=\"/tonight\">The last evening: winners and highlights</a></p>\n";
  body += "<ul class=\"games\">\n";
  for (const auto& g : listed.games) {
    std::string players;
    for (const auto& p : g.players) players += (players.empty() ? "" : ", ") + html_escape(p);
    std::string result = std::string(store::status_name(g.status));
    if (g.status == store::GameStatus::Active) result += ", " + rounds_progress(g.rounds_played);
    if (!g.winners.empty()) {
      std::string winners;
      for (const auto& w : g.winners) winners += (winners.empty() ? "" : " and ") + html_escape(w);
      result = "won by " + winners;
    }
    body += fmt::format(
        "<li><a href=\"/game/{}\"><b>Game {}</b> <span>{}</span></a><div>{}</div>"
        "<div class=\"meta\">{}</div></li>\n",
        g.id, g.id, html_escape(g.date), players, result);
  }
  body += "</ul>\n";
  if (pages > 1) {
    // Newest and oldest too: the first game ever is 200 clicks away on 10,000 games.
    body += "<nav class=\"pager\" aria-label=\"pages\">";
    if (page > 1) {
      body += "<a href=\"/games\">Newest</a> ";
      body += fmt::format("<a href=\"/games?page={}\" rel=\"prev\">Newer</a> ", page - 1);
    }
    body += fmt::format("<span>page {} of {}</span>", page, pages);
    if (page < pages) {
      body += fmt::format(" <a href=\"/games?page={}\" rel=\"next\">Older</a>", page + 1);
      body += fmt::format(" <a href=\"/games?page={}\">Oldest</a>", pages);
    }
    body += "</nav>\n";
  }
  return document("Five Crowns · games", "Games", body);
}

Period page_period(const store::Database& db, bool all) {
  return all ? views::all_time() : views::default_period(db);
}

std::string rule_set_query(const HouseRules& rules) {
  // '=' as %3D: the query reader of the server's library keeps only the last '='-part of a
  // value. The words are parse_rule_set's (a-z, '_', '=' and ','), nothing else to escape.
  std::string query = "rules=";
  for (const char c : rule_set_words(rules))
    query += c == '=' ? std::string("%3D") : std::string(1, c);
  return query;
}

std::string leaderboard_link(bool all, const std::optional<HouseRules>& only) {
  std::string query = all ? "all=1" : "";
  if (only) query += (query.empty() ? "" : "&") + rule_set_query(*only);
  return "/leaderboard" + (query.empty() ? "" : "?" + query);
}

std::string leaderboard_page(const std::vector<LeaderRow>& rows, const views::Names& names,
                             const Period& period, bool all,
                             const std::vector<RuleSetCount>& rule_sets,
                             const std::optional<HouseRules>& only) {
  std::string body = "<h1>Leaderboard <small>" + html_escape(period.label) +
                     html_escape(views::rule_set_heading(only)) + "</small></h1>\n";
  body += all ? "<p class=\"meta\"><a href=\"" + html_escape(leaderboard_link(false, only)) +
                    "\">This period only</a></p>\n"
              : "<p class=\"meta\"><a href=\"" + html_escape(leaderboard_link(true, only)) +
                    "\">Every game</a></p>\n";
  body +=
      "<p id=\"board-live\" class=\"live\">Follows every table: a game finished at any of them "
      "shows here by itself.</p>\n";
  if (only) {
    // One rule set: which, and the way back to every rule set (and to its report).
    body += views::rule_set_only_html(only) +
            "<nav class=\"chips\" aria-label=\"rule sets\"><a class=\"chip\" "
            "id=\"all-rule-sets\" href=\"" +
            html_escape(leaderboard_link(all, std::nullopt)) +
            "\">All rule sets</a> <a class=\"chip\" href=\"" +
            html_escape("/report?" + std::string(all ? "all=1&" : "") + rule_set_query(*only)) +
            "\">This rule set's report</a></nav>\n";
  } else if (rule_sets.size() > 1) {
    // The terminal's words (views/rule_sets.hpp), then a link for each rule set where the
    // terminal says how to take one (--rules).
    body += views::rule_sets_note_html(rule_sets);
    body += "<nav class=\"chips\" id=\"rule-chips\" aria-label=\"take one rule set\">";
    for (const auto& set : rule_sets) {
      body += "<a class=\"chip\" href=\"" + html_escape(leaderboard_link(all, set.rules)) +
              "\">Only " + html_escape(views::rule_set_text(set.rules)) + " (" +
              counted(set.games, "game") + ")</a> ";
    }
    body += "</nav>\n";
  }
  if (rows.empty()) {
    body += "<p>No finished games in this period.</p>\n";
    return document("Five Crowns · leaderboard", "Leaderboard", body);
  }
  body +=
      "<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"leaderboard\"><table "
      "class=\"board\"><thead><tr><th>#</th>"
      "<th class=\"name\">Player</th><th>Rating</th><th>Games</th><th>Wins</th>"
      "<th>Win%</th><th>Avg</th><th>Best</th><th class=\"name\">Form</th></tr></thead><tbody>\n";
  for (const auto& r : rows) {
    body += fmt::format(
        "<tr><td>{}</td><td class=\"name\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}%</td>"
        "<td>{}</td><td>{}</td><td class=\"name\">{}</td></tr>\n",
        r.rank,
        fmt::format("<a class=\"tap\" href=\"{}\">{}</a>",
                    html_escape(player_link(names.name(r.player), all)),
                    html_escape(names.name(r.player))),
        views::fixed(r.rating.ordinal(), 2), r.games, r.wins, views::fixed(100.0 * r.win_rate(), 1),
        views::fixed(r.average(), 1), r.best, html_escape(r.form));
  }
  // Which order it shows, in the terminal's words (its leaderboard ranks the same way by rating).
  body += "</tbody></table></div>\n<p class=\"key\" id=\"ranked-by\">" +
          std::string(ranked_by_text(RankBy::Rating)) +
          " Rating: mu − 3 sigma (OpenSkill); form: the last 5 games, oldest first (W won).</p>\n";
  return document("Five Crowns · leaderboard", "Leaderboard", body);
}

std::string tonight_page(const store::Database& db, const std::optional<std::string>& date) {
  return document("Five Crowns · tonight", "", views::evening_section_html(db, date, 1, "/game/"));
}

std::string analyze_page(const std::string& body) {
  return document("Five Crowns · check a hand", "Hand",
                  "<h1>Check a hand</h1>\n<p class=\"meta\">Tap every card of the hand (as "
                  "dealt, or with the card just drawn); the answer is the best lay-down and "
                  "what it leaves, as the terminal's analysis says.</p>\n" +
                      body);
}

std::string game_report_page(const store::Database& db, std::int64_t id) {
  const store::Game game = *shown_game(db, id);
  return views::game_report_html(game, views::game_chart(game));
}

std::string manifest_json(const std::string& token, std::optional<std::int64_t> game) {
  const std::string table = game ? fmt::format("game={}", *game) : std::string();
  const bool keeper = !token.empty();
  Json icons = Json::array();
  icons.push_back({{"src", "/icon.svg"}, {"sizes", "any"}, {"type", "image/svg+xml"}});
  for (const int size : {192, 512})
    icons.push_back({{"src", fmt::format("/icon-{}.png", size)},
                     {"sizes", fmt::format("{0}x{0}", size)},
                     {"type", "image/png"}});
  icons.push_back({{"src", "/icon-maskable-512.png"},
                   {"sizes", "512x512"},
                   {"type", "image/png"},
                   {"purpose", "maskable"}});
  const Json manifest{
      {"name", keeper ? "Five Crowns scorekeeper" : "Five Crowns"},
      {"short_name", keeper ? "Keep score" : "Crowns"},
      // Told apart by the table, never by the token (an id is not a secret's place).
      {"id", keeper ? "/keep" + (table.empty() ? "" : "?" + table) : "/"},
      {"start_url", keeper ? "/keep?token=" + token + (table.empty() ? "" : "&" + table)
                           : (game ? fmt::format("/?game={}", *game) : "/")},
      {"scope", "/"},
      {"display", "standalone"},
      {"background_color", "#ffffff"},
      {"theme_color", kThemeColour},
      {"icons", icons}};
  return manifest.dump(2) + "\n";
}

std::string error_page(int status, const std::string& message) {
  return document("Five Crowns · " + std::to_string(status), "",
                  "<h1>" + std::to_string(status) + "</h1>\n<p class=\"error\">" +
                      html_escape(message) + "</p>\n<p><a href=\"/\">The current game</a></p>\n");
}

std::string updating_note(const std::string& why) {
  return "<p id=\"updating\" role=\"status\" style=\"margin:0;padding:.4rem .75rem;"
         "background:#fff3c4;color:#3d2e00;border-bottom:1px solid #c9a227;"
         "font:14px/1.4 system-ui,sans-serif\">Updating\u2026 (" +
         html_escape(why) +
         "): this is the page as it was before; it reloads itself when the new one is "
         "ready.</p><script src=\"/updating.js\"></script>";
}

const WebAsset* web_asset(std::string_view path) {
  for (const WebAsset& asset : web_assets())
    if (asset.path == path) return &asset;
  return nullptr;
}

}  // namespace crowns::serve
