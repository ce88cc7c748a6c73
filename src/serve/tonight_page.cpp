// The evening page (serve/tonight_page.hpp): what `crowns tonight` says, as HTML.

#include "serve/tonight_page.hpp"

#include <fmt/format.h>

#include "cli/views/html_report.hpp"
#include "cli/views/report.hpp"
#include "crowns/date.hpp"
#include "crowns/error.hpp"
#include "crowns/plural.hpp"
#include "crowns/tonight.hpp"
#include "store/history.hpp"
#include "store/timeline.hpp"

namespace crowns::serve {
namespace {

std::string evening_winners(const tonight::GameLine& line, const cli::Names& names) {
  std::string text;
  for (std::size_t i = 0; i < line.winners.size(); ++i) {
    text += i == 0 ? "" : (i + 1 == line.winners.size() ? " and " : ", ");
    text += cli::html_escape(names.name(line.winners[i]));
  }
  return text;
}

void evening_facts(std::string& html, const tonight::Evening& e, const cli::Names& names) {
  const auto who = [&](std::int64_t p) { return cli::html_escape(names.name(p)); };
  html += "<dl class=\"evening\">\n";
  if (const auto& b = e.best_round) {
    html += fmt::format(
        "<dt>Best round</dt><dd>{} went out in round {} of game {}, the others scored {}</dd>\n",
        who(b->player), b->round, b->game, counted(b->left, "point"));
  }
  if (const auto& c = e.closest_finish) {
    html += fmt::format("<dt>Closest finish</dt><dd>game {}: {} ahead of {} by {}</dd>\n", c->game,
                        who(c->winner), who(c->runner_up), counted(c->margin, "point"));
  }
  if (const auto& c = e.biggest_comeback) {
    html += fmt::format(
        "<dt>Biggest comeback</dt><dd>{} in game {}: {} behind after round {}, still won</dd>\n",
        who(c->player), c->game, c->value, c->round);
  }
  if (!e.most_outs.empty()) {
    std::string list;
    for (const auto& o : e.most_outs) list += (list.empty() ? "" : ", ") + who(o.player);
    html += fmt::format("<dt>Went out most</dt><dd>{} ({})</dd>\n", list,
                        counted(e.most_outs.front().outs, "round"));
  }
  html += "</dl>\n";
}

}  // namespace

std::string tonight_body(const store::Database& db, const std::optional<std::string>& date) {
  if (date && !is_valid_date(*date)) {
    throw Error("'" + *date + "' is not a date; write YYYY-MM-DD, e.g. /tonight?date=2026-01-15");
  }
  const auto day = date ? date : store::timeline::last_played_on(db);
  if (!day) return "<h1>Tonight</h1>\n<p>No finished game yet.</p>\n";
  const auto games = store::load_results(db, {*day, Period{*day, *day, *day}, std::nullopt});
  const tonight::Evening e = tonight::evening_of(games, *day);
  const cli::Names names(db);
  std::string html = fmt::format("<h1>Tonight <small>{}</small></h1>\n", *day);
  if (e.games.empty()) return html + "<p>No finished games that day.</p>\n";
  const auto times = store::timeline::all_game_times(db);
  html +=
      "<table class=\"standings\">\n<thead><tr><th>Game</th><th>Winner</th>"
      "<th class=\"num\">Total</th><th class=\"num\">Time</th></tr></thead>\n<tbody>\n";
  for (const auto& g : e.games) {
    const auto it = times.find(g.game);
    const std::int64_t length =
        it == times.end() ? -1 : it->second.duration().value_or(std::int64_t{-1});
    html += fmt::format(
        "<tr><td><a href=\"/game/{}\">{}</a></td><td>{}</td><td class=\"num\">{}</td>"
        "<td class=\"num\">{}</td></tr>\n",
        g.game, g.game, evening_winners(g, names), g.winning_total,
        length >= 0 ? store::timeline::length_text(length) : "-");
  }
  html += "</tbody>\n</table>\n";
  evening_facts(html, e, names);
  html +=
      "<table class=\"standings\">\n<thead><tr><th>Player</th><th class=\"num\">Rating "
      "before</th><th class=\"num\">After</th><th class=\"num\">Change</th></tr></thead>\n"
      "<tbody>\n";
  for (const auto& r : e.ratings) {
    const std::string change = cli::fixed(r.change(), 2);
    html += fmt::format(
        "<tr><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>"
        "<td class=\"num\">{}</td></tr>\n",
        cli::html_escape(names.name(r.player)), cli::fixed(r.before, 2), cli::fixed(r.after, 2),
        change.front() == '-' ? change : "+" + change);
  }
  html += "</tbody>\n</table>\n";
  return html;
}

}  // namespace crowns::serve
