// Issue 39's parts of a page as HTML (cli/views/evening_html.hpp).

#include "views/evening_html.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "crowns/leaderboard.hpp"
#include "crowns/plural.hpp"
#include "crowns/profile.hpp"
#include "crowns/rivalry.hpp"
#include "crowns/tonight.hpp"
#include "store/history.hpp"
#include "store/timeline.hpp"
#include "views/html_report.hpp"
#include "views/period_times.hpp"
#include "views/report.hpp"
#include "views/rule_sets.hpp"
#include "views/scorecard.hpp"

namespace crowns::views {
namespace {

using Times = TimesByGame;

std::string length_cell(const Times& times, std::int64_t game) {
  const auto it = times.find(game);
  if (it == times.end()) return "–";
  const auto length = it->second.duration();
  return length ? store::timeline::length_text(*length) : "–";
}

std::string signed_fixed(double value) {
  const std::string text = fixed(value, 2);
  return text.front() == '-' ? text : "+" + text;
}

void evening_facts_html(std::string& html, const tonight::Evening& e, const Names& names) {
  const auto who = [&](std::int64_t p) { return html_escape(names.name(p)); };
  html += "<dl class=\"evening\">\n";
  if (const auto& b = e.best_round) {
    html += fmt::format(
        "<dt>Best round</dt><dd>{} went out in round {} of game {}, the others scored {}</dd>\n",
        who(b->player), b->round, b->game, counted(b->left, "point"));
  }
  if (const auto& c = e.closest_finish) {
    html += fmt::format("<dt>Closest finish</dt><dd>game {}: {}</dd>\n", c->game,
                        closest_finish_text(*c, who(c->winner), who(c->runner_up)));
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

std::string rival_cell(const std::optional<rivalry::Rival>& r, const Names& names) {
  if (!r) return "–";
  return html_escape(names.name(r->opponent)) + " (" + std::to_string(r->times) + " of " +
         counted(r->games, "game") + ")";
}

}  // namespace

std::string evening_section_html(const store::Database& db, const std::optional<std::string>& date,
                                 int heading, std::string_view game_link,
                                 const std::optional<HouseRules>& only) {
  const auto day = date ? date : store::timeline::last_played_on(db);
  std::string html = "<section id=\"tonight\">\n";
  if (!day) {
    return html +
           fmt::format("<h{0}>Tonight</h{0}>\n<p>No finished game yet.</p>\n</section>\n", heading);
  }
  html += fmt::format("<h{0}>Tonight <small>{1}</small></h{0}>\n", heading, html_escape(*day));
  const auto games = store::load_results(db, {.until = *day,
                                              .rounds_in = Period{*day, *day, *day},
                                              .rounds_of = std::nullopt,
                                              .rules = only});
  const tonight::Evening e = tonight::evening_of(games, *day);
  if (e.games.empty()) return html + "<p>No finished games that day.</p>\n</section>\n";
  html += rule_sets_note_html(rule_sets_of(games, Period{*day, *day, *day}));
  const Names names(db);
  const Times times = store::timeline::all_game_times(db);
  html +=
      "<table class=\"stack evening\">\n<thead><tr><th>Game</th><th class=\"name\">Winner</th>"
      "<th>Total</th><th>Time</th></tr></thead>\n<tbody>\n";
  for (const auto& g : e.games) {
    std::string winners;
    for (std::size_t i = 0; i < g.winners.size(); ++i) {
      winners += i == 0 ? "" : (i + 1 == g.winners.size() ? " and " : ", ");
      winners += html_escape(names.name(g.winners[i]));
    }
    html += fmt::format(
        "<tr><td data-label=\"Game\"><a class=\"tap\" href=\"{4}{0}\">{0}</a></td><td "
        "class=\"name\" "
        "data-label=\"Winner\">{1}</td><td data-label=\"Total\">{2}</td><td "
        "data-label=\"Time\">{3}</td></tr>\n",
        g.game, winners, g.winning_total, length_cell(times, g.game), game_link);
  }
  html += "</tbody>\n</table>\n";
  evening_facts_html(html, e, names);
  html +=
      "<table class=\"stack evening\">\n<thead><tr><th class=\"name\">Player</th><th>Rating "
      "before</th><th>After</th><th>Change</th></tr></thead>\n<tbody>\n";
  for (const auto& r : e.ratings) {
    html += fmt::format(
        "<tr><td class=\"name\">{}</td><td data-label=\"Rating before\">{}</td><td "
        "data-label=\"After\">{}</td><td data-label=\"Change\">{}</td></tr>\n",
        html_escape(names.name(r.player)), fixed(r.before, 2), fixed(r.after, 2),
        signed_fixed(r.change()));
  }
  return html + "</tbody>\n</table>\n<p class=\"key\" id=\"ratings-order\">" +
         std::string(tonight::ratings_order_text()) + "</p>\n</section>\n";
}

std::string time_and_rivals_html(const store::Database& db, const Period& period,
                                 const std::optional<HouseRules>& only) {
  const auto games = store::load_results(
      db, {.until = period.to, .rounds_in = period, .rounds_of = std::nullopt, .rules = only});
  const Times times = store::timeline::all_game_times(db);
  const RatingReplay replay = replay_ratings(games);
  const Names names(db);
  std::vector<std::int64_t> players;
  for (const auto& g : games) {
    if (!period.contains(g.date)) continue;
    for (const auto& s : g.seats) {
      if (std::find(players.begin(), players.end(), s.player) == players.end())
        players.push_back(s.player);
    }
  }
  std::string html = "<section id=\"time\">\n<h2>Time and rivals</h2>\n";
  if (players.empty()) return html + "<p>No finished games in this period.</p>\n</section>\n";
  const TimeRecords records = time_records(times, games, period);
  const auto took = [](const std::optional<TimeRecord>& r) {
    if (!r) return std::string("not known");
    return fmt::format("{} (<a href=\"#game-{}\">game {}</a>{})",
                       store::timeline::length_text(r->seconds), r->game, r->game,
                       (r->round > 0 ? ", round " + std::to_string(r->round) : "") +
                           (r->rules.is_standard()
                                ? ""
                                : ", house rules: " + html_escape(house_options_text(r->rules))));
  };
  html += "<p class=\"meta\">Longest game: " + took(records.longest_game) +
          "; shortest: " + took(records.shortest_game) +
          "; slowest round: " + took(records.slowest_round) + ".</p>\n";
  html +=
      "<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"time and rivals\">"
      "<table class=\"stack rivals\">\n<thead><tr><th class=\"name\">Player</th><th>Time "
      "played</th><th class=\"name\">Nemesis</th><th class=\"name\">Beats most</th><th "
      "class=\"name\">Plays most with</th></tr></thead>\n<tbody>\n";
  for (const std::int64_t p : players) {
    const Profile profile = player_profile(games, replay, period, p);
    const rivalry::Rivals rivals = rivalry::rivals_of(profile.opponents);
    const TimePlayed played = time_played(times, games, period, p);
    html += fmt::format(
        "<tr><td class=\"name full\">{}</td><td data-label=\"Time played\">{}</td><td "
        "class=\"name\" data-label=\"Nemesis\">{}</td><td class=\"name\" data-label=\"Beats "
        "most\">{}</td><td class=\"name\" data-label=\"Plays most with\">{}</td></tr>\n",
        html_escape(names.name(p)),
        played.games ? store::timeline::length_text(played.seconds) : "–",
        rival_cell(rivals.nemesis, names), rival_cell(rivals.most_beaten, names),
        rivals.most_played_with ? html_escape(names.name(rivals.most_played_with->opponent)) : "–");
  }
  return html + "</tbody></table></div>\n</section>\n";
}

void insert_report_sections(std::string& html, const std::string& sections) {
  auto at = html.rfind("<p class=\"meta\">Made by crowns");
  if (at == std::string::npos) at = html.rfind("</body>");
  if (at == std::string::npos) at = html.size();
  html.insert(at, sections);
}

}  // namespace crowns::views
