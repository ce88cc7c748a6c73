#include "cli/views/html_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "cli/commands/chart_data.hpp"
#include "cli/views/report.hpp"
#include "cli/views/scorecard.hpp"
#include "crowns/game_status.hpp"
#include "crowns/leaderboard.hpp"
#include "crowns/plural.hpp"
#include "crowns/profile.hpp"
#include "crowns/rules.hpp"
#include "store/history.hpp"

namespace crowns::cli {
namespace {

// Phone: wide tables scroll inside their own box, so the page never scrolls sideways.
// Paper: every game starts a page; nothing is told by a background colour alone (the
// winner and who went out are marked in text as well).
constexpr std::string_view kStyle = R"(
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
  margin: 0 auto; max-width: 62rem; padding: 1rem; line-height: 1.4; color: #111;
  background: #fff; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
h2 { font-size: 1.2rem; margin: 1.5rem 0 .5rem; border-bottom: 2px solid #333; }
p { margin: .3rem 0; overflow-wrap: anywhere; }
.meta { color: #444; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: .2rem .45rem; border-bottom: 1px solid #bbb; text-align: right;
  white-space: nowrap; vertical-align: top; }
th { border-bottom: 2px solid #333; }
.name { text-align: left; }
th.name { max-width: 10rem; overflow: hidden; text-overflow: ellipsis; }
td .run { display: block; color: #555; font-size: .75em; }
.out { font-weight: bold; }
.win { font-weight: bold; }
tfoot td { border-top: 2px solid #333; font-weight: bold; }
figure { margin: .5rem 0; }
svg { display: block; max-width: 100%; height: auto; }
.key { color: #444; font-size: .85em; }
.up { color: #1a7f37; } .down { color: #b42318; }
@media print {
  @page { size: A4; margin: 12mm; }
  body { max-width: none; padding: 0; font-size: 10pt; }
  .scroll { overflow: visible; }
  .game { break-before: page; }
  table, figure { break-inside: avoid; }
  th.name { white-space: normal; max-width: none; }
}
)";

std::string signed_change(double change) {
  if (std::abs(change) < 0.005) return "±0.00";
  return (change > 0 ? "+" : "−") + fixed(std::abs(change), 2);
}

// The inline SVG of a chart: the standalone document without its XML declaration.
std::string inline_svg(const ChartData& chart) {
  const std::string svg = chart_svg(chart);
  const auto start = svg.find("<svg");
  return start == std::string::npos ? svg : svg.substr(start);
}

void open_document(std::ostringstream& html, const std::string& title) {
  html << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
       << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
       << "<meta name=\"generator\" content=\"crowns " << CROWNS_VERSION << "\">\n"
       << "<title>" << html_escape(title) << "</title>\n<style>" << kStyle
       << "</style>\n</head>\n<body>\n";
}

void close_document(std::ostringstream& html) {
  html << "<p class=\"meta\">Made by crowns " << CROWNS_VERSION
       << ". Ratings are OpenSkill (Weng-Lin Plackett-Luce), shown as mu − 3 sigma; a new "
          "player starts at 0.00.</p>\n</body>\n</html>\n";
}

// The result line under a scorecard, as `crowns show` words it.
std::string outlook_text(const store::Game& game) {
  std::ostringstream text;
  print_outlook(text, Style{}, game);
  std::string line = text.str();
  while (!line.empty() && line.back() == '\n') line.pop_back();
  return line;
}

void scorecard_html(std::ostringstream& html, const store::Game& game, int heading) {
  const Standings st = game.standings();
  const auto n = static_cast<std::size_t>(game.players());
  html << fmt::format("<article class=\"game\" id=\"game-{}\">\n<h{}>Game {} · {}", game.id,
                      heading, game.id, html_escape(game.date))
       << (game.boxes == 2 ? " · two boxes" : "") << "</h" << heading << ">\n";
  html << "<p class=\"meta\">" << game.players() << " players · " << store::status_name(game.status)
       << ", " << rounds_progress(game.rounds_played()) << "</p>\n";
  if (game.note) html << "<p>Note: " << html_escape(*game.note) << "</p>\n";
  html << "<div class=\"scroll\"><table class=\"card\">\n<thead><tr><th>Rd</th><th>Wild</th>"
       << "<th class=\"name\">Dealer</th>";
  for (const auto& seat : game.seats)
    html << "<th class=\"name\" title=\"" << html_escape(seat.name) << "\">"
         << html_escape(seat.name) << "</th>";
  html << "</tr></thead>\n<tbody>\n";
  std::vector<int> running(n, 0);
  for (const auto& r : game.rounds) {
    html << "<tr><td>" << r.round << "</td><td>" << wild_label(r.round)
         << "</td><td class=\"name\">"
         << html_escape(game.seats[static_cast<std::size_t>(game.dealer(r.round))].name) << "</td>";
    for (std::size_t s = 0; s < n; ++s) {
      const auto& cell = r.scores[s];
      running[s] += cell.points;
      html << (cell.went_out ? "<td class=\"out\">" : "<td>") << cell.points
           << (cell.went_out ? "*" : "") << "<span class=\"run\">" << running[s] << "</span></td>";
    }
    html << "</tr>\n";
  }
  html << "</tbody>\n<tfoot><tr><td colspan=\"3\" class=\"name\">Total</td>";
  for (std::size_t s = 0; s < n; ++s) {
    const bool won =
        std::find(st.winners.begin(), st.winners.end(), static_cast<int>(s)) != st.winners.end();
    html << "<td" << (won ? " class=\"win\"" : "") << ">" << st.totals[s] << (won ? " ♛ win" : "")
         << "</td>";
  }
  html << "</tr>\n";
  const bool tiebreak = std::any_of(game.seats.begin(), game.seats.end(),
                                    [](const auto& seat) { return seat.tiebreak.has_value(); });
  if (tiebreak) {
    html << "<tr><td colspan=\"3\" class=\"name\">Tie-break (6 cards)</td>";
    for (const auto& seat : game.seats)
      html << "<td>" << (seat.tiebreak ? std::to_string(*seat.tiebreak) : "") << "</td>";
    html << "</tr>\n";
  }
  html << "</tfoot></table></div>\n<p class=\"key\">Each cell: the round's points, then the "
          "running total below; * went out; ♛ the winner.</p>\n";
  html << "<p class=\"result\"><strong>" << html_escape(outlook_text(game))
       << "</strong></p>\n</article>\n";
}

// A player's rating before the period: after their last game before it, else a new player's.
double rating_before(const std::vector<GameResult>& games, const RatingReplay& replay,
                     const Period& period, std::int64_t player) {
  double rating = Rating{}.ordinal();
  for (std::size_t g = 0; g < games.size(); ++g) {
    if (period.from && games[g].date >= *period.from) break;
    if (const int seat = games[g].seat_of(player); seat >= 0)
      rating = replay.after[g][static_cast<std::size_t>(seat)].ordinal();
  }
  return rating;
}

void standings_html(std::ostringstream& html, const std::vector<LeaderRow>& rows,
                    const std::vector<GameResult>& games, const RatingReplay& replay,
                    const Period& period, const Names& names) {
  html << "<section id=\"standings\">\n<h2>Standings</h2>\n";
  if (rows.empty()) {
    html << "<p>No finished games in this period.</p>\n</section>\n";
    return;
  }
  html << "<div class=\"scroll\"><table>\n<thead><tr><th>#</th><th class=\"name\">Player</th>"
          "<th>Games</th><th>Wins</th><th>Win %</th><th>Avg</th><th>Best</th><th>Rating</th>"
          "<th>Change</th></tr></thead>\n<tbody>\n";
  for (const auto& r : rows) {
    const double change = r.rating.ordinal() - rating_before(games, replay, period, r.player);
    html << "<tr><td>" << r.rank << "</td><td class=\"name\">" << html_escape(names.name(r.player))
         << "</td><td>" << r.games << "</td><td>" << r.wins << "</td><td>"
         << fixed(100.0 * r.win_rate(), 1) << "%</td><td>" << fixed(r.average(), 1) << "</td><td>"
         << r.best << "</td><td>" << fixed(r.rating.ordinal(), 2) << "</td><td class=\""
         << (change >= 0 ? "up" : "down") << "\">" << signed_change(change) << "</td></tr>\n";
  }
  html << "</tbody></table></div>\n<p class=\"key\">Ranked by rating; change: over the period. "
          "Win %: shared wins count for every winner.</p>\n</section>\n";
}

void records_html(std::ostringstream& html, const Records& rec, const Names& names) {
  struct Kind {
    const char* title;
    std::optional<Record> Records::*field;
  };
  static constexpr Kind kKinds[] = {
      {"Lowest winning total", &Records::lowest_winning_total},
      {"Highest round score", &Records::highest_round},
      {"Most rounds gone out", &Records::most_outs},
      {"Biggest comeback (behind the leader, still won)", &Records::biggest_comeback},
      {"Highest total", &Records::highest_total},
  };
  html << "<section id=\"records\">\n<h2>Records</h2>\n<div class=\"scroll\"><table>\n"
          "<thead><tr><th class=\"name\">Record</th><th>Value</th><th class=\"name\">Player</th>"
          "<th>Game</th><th class=\"name\">Date</th></tr></thead>\n<tbody>\n";
  for (const auto& kind : kKinds) {
    const auto& r = rec.*kind.field;
    html << "<tr><td class=\"name\">" << kind.title << "</td>";
    if (!r) {
      html << "<td>–</td><td></td><td></td><td></td></tr>\n";
      continue;
    }
    html << "<td>" << r->value << "</td><td class=\"name\">" << html_escape(names.name(r->player))
         << "</td><td><a href=\"#game-" << r->game << "\">" << r->game
         << "</a></td><td class=\"name\">" << html_escape(r->date)
         << (r->round > 0 ? ", round " + std::to_string(r->round) : "") << "</td></tr>\n";
  }
  html << "</tbody></table></div>\n</section>\n";
}

}  // namespace

std::string html_escape(std::string_view text) {
  const std::string safe = sanitize(text);
  std::string out;
  out.reserve(safe.size());
  for (const char c : safe) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string period_report_html(const store::Database& db, const Period& period,
                               ReportSummary& summary) {
  const auto results = store::load_results(db, {period.to, period, std::nullopt});
  const auto replay = replay_ratings(results);
  const auto rows = leaderboard(results, replay, period, RankBy::Rating, 1);
  const Names names(db);
  std::vector<store::GameSummary> listed;
  for (auto& g : store::list_games(db)) {
    if (period.contains(g.date)) listed.push_back(std::move(g));
  }
  std::reverse(listed.begin(), listed.end());  // newest first
  summary = {static_cast<int>(listed.size()), static_cast<int>(rows.size())};

  std::ostringstream html;
  const std::string title = "Five Crowns · " + period.label;
  open_document(html, title);
  html << "<header>\n<h1>" << html_escape(title) << "</h1>\n<p class=\"meta\">"
       << html_escape(period.from ? *period.from : "the first game") << " to "
       << html_escape(period.to ? *period.to : "today") << " · "
       << counted(static_cast<long long>(listed.size()), "game") << " · "
       << counted(static_cast<long long>(rows.size()), "player") << "</p>\n</header>\n";
  standings_html(html, rows, results, replay, period, names);
  ChartData ratings = rating_chart(db, period, {}, 8);
  if (!ratings.x_labels.empty()) {
    thin_date_labels(ratings.x_labels);
    html << "<section id=\"ratings\">\n<h2>Ratings</h2>\n<figure>" << inline_svg(ratings)
         << "</figure>\n</section>\n";
  }
  records_html(html, find_records(results, period), names);
  for (const auto& g : listed) {
    if (const auto game = store::load_game(db, g.id)) scorecard_html(html, *game, 2);
  }
  close_document(html);
  return html.str();
}

std::string game_report_html(const store::Game& game) {
  std::ostringstream html;
  open_document(html, "Five Crowns · game " + std::to_string(game.id) + " · " + game.date);
  scorecard_html(html, game, 1);
  html << "<figure>" << inline_svg(game_chart(game)) << "</figure>\n";
  close_document(html);
  return html.str();
}

}  // namespace crowns::cli
