#include "views/html_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "crowns/game_status.hpp"
#include "crowns/names.hpp"
#include "crowns/plural.hpp"
#include "crowns/rules.hpp"
#include "crowns/standings_order.hpp"
#include "views/report.hpp"
#include "views/report_style.hpp"
#include "views/rule_sets.hpp"
#include "views/scorecard.hpp"

namespace crowns::views {
namespace {

std::string signed_change(double change) {
  if (std::abs(change) < 0.005) return "±0.00";
  return (change > 0 ? "+" : "−") + fixed(std::abs(change), 2);
}

// A stored name as page text: escaped, and isolated so a right-to-left name does not reorder
// the words around it.
std::string name_html(std::string_view name) {
  return "<bdi>" + html_escape(name) + "</bdi>";
}

std::vector<std::string> seat_names(const store::Game& game, const std::vector<int>& seats) {
  std::vector<std::string> names;
  names.reserve(seats.size());
  for (const int s : seats) names.push_back(game.seats[static_cast<std::size_t>(s)].name);
  return names;
}

void open_document(std::ostringstream& html, const std::string& title) {
  html << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
       << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
       << "<meta name=\"generator\" content=\"crowns " << CROWNS_VERSION << "\">\n"
       << "<title>" << html_escape(title) << "</title>\n<style>" << report_stylesheet()
       << "</style>\n</head>\n<body>\n";
}

void close_document(std::ostringstream& html) {
  html << "<p class=\"meta\">Made by crowns " << CROWNS_VERSION
       << ". Ratings are OpenSkill (Weng-Lin Plackett-Luce), shown as μ − 3σ; a new player "
          "starts at 0.00.</p>\n</body>\n</html>\n";
}

void scorecard_html(std::ostringstream& html, const store::Game& game, int heading) {
  const Standings st = game.standings();
  const auto n = static_cast<std::size_t>(game.players());
  html << fmt::format("<article class=\"game\" id=\"game-{}\">\n<h{}>Game {} · {}", game.id,
                      heading, game.id, html_escape(game.date))
       << (game.boxes == 2 ? " · two boxes" : "") << "</h" << heading << ">\n";
  html << "<p class=\"meta\">" << game.players() << " players · " << store::status_name(game.status)
       << ", "
       << rounds_progress(game.rounds_played())
       // The key names the game on every host (--game KEY); its number is this database's.
       << " · key " << store::short_game_key(game.uuid) << "</p>\n";
  if (!game.rules.is_standard()) {
    html << "<p class=\"meta rules\">House rules: " << html_escape(house_options_text(game.rules))
         << "</p>\n";
  }
  if (game.note) html << "<p>Note: " << html_escape(*game.note) << "</p>\n";
  // The dealer comes last: on a phone the scores come first, whatever the names' length.
  html << "<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"rounds\"><table "
          "class=\"card\">\n<thead><tr><th>Rd</th><th>Wild</th>";
  for (const auto& seat : game.seats)
    html << "<th class=\"who\">" << name_html(seat.name) << "</th>";
  html << "<th class=\"dealer\">Dealer</th></tr></thead>\n<tbody>\n";
  std::vector<int> running(n, 0);
  for (std::size_t s = 0; s < n; ++s) running[s] = game.seats[s].start_total;
  for (const auto& r : game.rounds) {
    html << "<tr><td>" << r.round << "</td><td>" << deal_wild_text(game, r.round) << "s</td>";
    for (std::size_t s = 0; s < n; ++s) {
      if (!game.seats[s].plays(r.round)) {  // a late arrival, not seated yet
        html << "<td>–</td>";
        continue;
      }
      const auto& cell = r.scores[s];
      running[s] += cell.points;
      html << (cell.went_out ? "<td class=\"out\">" : "<td>") << cell.points
           << (cell.went_out ? "*" : "") << "<span class=\"run\">" << running[s] << "</span></td>";
    }
    html << "<td class=\"dealer\">"
         << name_html(game.seats[static_cast<std::size_t>(game.dealer(r.round))].name)
         << "</td></tr>\n";
  }
  html << "</tbody>\n<tfoot><tr><td colspan=\"2\" class=\"label\">Total</td>";
  for (std::size_t s = 0; s < n; ++s) {
    const bool won =
        std::find(st.winners.begin(), st.winners.end(), static_cast<int>(s)) != st.winners.end();
    html << "<td" << (won ? " class=\"win\"" : "") << ">" << st.totals[s]
         << (won ? "<span class=\"run\">♛ win</span>" : "") << "</td>";
  }
  html << "<td></td></tr>\n";
  const bool tiebreak = std::any_of(game.seats.begin(), game.seats.end(),
                                    [](const auto& seat) { return seat.tiebreak.has_value(); });
  if (tiebreak) {
    html << "<tr><td colspan=\"2\" class=\"label\">Tie-break</td>";
    for (const auto& seat : game.seats)
      html << "<td>" << (seat.tiebreak ? std::to_string(*seat.tiebreak) : "") << "</td>";
    html << "<td></td></tr>\n";
  }
  html << "</tfoot></table></div>\n<p class=\"key\">Each cell: the round's points, then the "
          "running total below; * went out; ♛ the winner"
       << (tiebreak ? "; the tie-break is a 6-card round, 6s wild" : "");
  for (const auto& seat : game.seats) {
    if (seat.joined_round > 1) {
      html << "; " << name_html(seat.name) << " joined at round " << seat.joined_round << " with "
           << seat.start_total;
    }
  }
  html << ".</p>\n";
  html << "<p class=\"result\"><strong>" << result_html(game) << "</strong></p>\n</article>\n";
}

void standings_html(std::ostringstream& html, const std::vector<StandingRow>& rows) {
  html << "<section id=\"standings\">\n<h2>Standings</h2>\n";
  if (rows.empty()) {
    html << "<p>No finished games in this period.</p>\n</section>\n";
    return;
  }
  html << "<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"standings\"><table "
          "class=\"stack standings\">\n<thead><tr><th>#</th>"
          "<th class=\"name\">Player</th><th>Games</th><th>Wins</th><th>Win %</th><th>Avg</th>"
          "<th>Best</th><th>Rating</th><th>Skill change</th></tr></thead>\n<tbody>\n";
  for (const auto& [r, name, change] : rows) {
    html << "<tr><td>" << r.rank << "</td><td class=\"name span3\">" << name_html(name)
         << "</td><td data-label=\"Games\">" << r.games << "</td><td data-label=\"Wins\">" << r.wins
         << "</td><td data-label=\"Win %\">" << fixed(100.0 * r.win_rate(), 1)
         << "%</td><td data-label=\"Avg\">" << fixed(r.average(), 1)
         << "</td><td data-label=\"Best\">" << r.best << "</td><td data-label=\"Rating\">"
         << fixed(r.rating.ordinal(), 2) << "</td><td data-label=\"Skill change\" class=\""
         << (change >= 0 ? "up" : "down") << "\">" << signed_change(change) << "</td></tr>\n";
  }
  // Which order it shows, in the one sentence every leaderboard uses (the phone's leaderboard
  // page ranks by rating and says so; "as the leaderboard ranks them" was wrong there).
  html << "</tbody></table></div>\n<p class=\"key\" id=\"ranked-by\">"
       << ranked_by_text(kStandingsOrder)
       << " Average: the total, lower is better; a "
          "shared win counts for every winner. Rating: OpenSkill μ − 3σ, which weighs whom you "
          "beat and grows surer with more games. Skill change: how μ, the skill estimate, moved "
          "over the period: down for being beaten, up for beating others (a second place "
          "counts); not the rating's change, which rises with every game played as it grows "
          "surer, even for a player who lost them all.</p>\n</section>\n";
}

void records_html(std::ostringstream& html, const PeriodReport& report) {
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
  constexpr std::size_t kMostHolders = 3;
  const auto name_of = [&](std::int64_t id) {
    const auto it = report.names.find(id);
    return it == report.names.end() ? "#" + std::to_string(id) : it->second;
  };
  html << "<section id=\"records\">\n<h2>Records</h2>\n<div class=\"scroll\" tabindex=\"0\" "
          "role=\"region\" aria-label=\"records\"><table "
          "class=\"stack records\">\n<thead><tr><th class=\"name\">Record</th><th>Value</th>"
          "<th class=\"name\">Player</th><th>Game</th><th class=\"name\">Date</th></tr></thead>\n"
          "<tbody>\n";
  for (const auto& kind : kKinds) {
    const auto& r = report.records.*kind.field;
    html << "<tr><td class=\"name full\">" << kind.title << "</td>";
    if (!r) {
      html << "<td data-label=\"Value\">–</td><td class=\"name span3\"></td><td></td>"
              "<td class=\"name span3\"></td></tr>\n";
      continue;
    }
    std::vector<std::string> holders{name_of(r->player)};
    for (const auto& h : r->shared) {
      std::string name = name_of(h.player);
      if (std::find(holders.begin(), holders.end(), name) == holders.end())
        holders.push_back(std::move(name));
    }
    html << "<td data-label=\"Value\">" << r->value << "</td><td class=\"name span3\" "
         << "data-label=\"" << (holders.size() > 1 ? "Shared by" : "Player") << "\">"
         << holder_list_html(holders, kMostHolders);
    if (!r->shared.empty()) {
      html << "<span class=\"run\">shared record: reached " << r->shared.size() + 1
           << " times; the first shown</span>";
    }
    html << "</td><td data-label=\"Game\"><a href=\"#game-" << r->game << "\">" << r->game
         << "</a></td><td class=\"name span3\" data-label=\"Date\">" << html_escape(r->date)
         << (r->round > 0 ? ", round " + std::to_string(r->round) : "");
    if (!r->rules.is_standard()) {  // held under house rules: named, as the scorecard names them
      html << "<span class=\"run rules\">house rules: " << html_escape(house_options_text(r->rules))
           << "</span>";
    }
    html << "</td></tr>\n";
  }
  html << "</tbody></table></div>\n</section>\n";
}

}  // namespace

int PeriodReport::finished_games() const {
  return games_with(store::GameStatus::Finished);
}

int PeriodReport::games_with(store::GameStatus status) const {
  return static_cast<int>(
      std::count_if(games.begin(), games.end(), [&](const auto& g) { return g.status == status; }));
}

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    char32_t cp = 0;
    const std::size_t len = decode_utf8(text, i, cp);
    // Joiners stay: emoji sequences and Persian words need them, and they move nothing.
    const bool joiner = cp == 0x200C || cp == 0x200D;
    if (len == 0 || (is_unprintable(cp) && !joiner)) {
      // Not the terminal's \x1b: a page shows a stray control or bad byte as U+FFFD.
      out += "\uFFFD";
      i += std::max<std::size_t>(len, 1);
      continue;
    }
    const char c = text[i];
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out.append(text.substr(i, len));
    }
    i += len;
  }
  return out;
}

std::string holder_list_html(const std::vector<std::string>& names, std::size_t most) {
  const std::size_t shown = names.size() > most ? most : names.size();
  std::string out;
  for (std::size_t i = 0; i < shown; ++i) {
    if (i > 0) out += i + 1 == names.size() ? " and " : ", ";
    out += name_html(names[i]);
  }
  if (shown < names.size()) out += fmt::format(" and {} more", names.size() - shown);
  return out;
}

std::string result_html(const store::Game& game) {
  if (game.status == store::GameStatus::Abandoned)
    return "Abandoned after " + rounds_progress(game.rounds_played()) + ": no result.";
  if (game.status == store::GameStatus::Active) {
    return "In progress after " + rounds_progress(game.rounds_played()) + "; round " +
           std::to_string(game.next_round().value_or(kRounds)) + " is next.";
  }
  const Standings st = game.standings();
  const int best = st.totals[static_cast<std::size_t>(st.leaders.front())];
  const auto all = std::numeric_limits<std::size_t>::max();
  if (!st.tied)
    return fmt::format("Winner: {} with {}", holder_list_html(seat_names(game, st.leaders), all),
                       best);
  if (!st.tie_broken) {
    return fmt::format("{} share the win at {} (no tie-break played).",
                       holder_list_html(seat_names(game, st.leaders), all), best);
  }
  std::vector<std::string> results;
  for (const int s : st.leaders) {
    const auto& seat = game.seats[static_cast<std::size_t>(s)];
    results.push_back(name_html(seat.name) + " " + std::to_string(seat.tiebreak.value_or(0)));
  }
  std::string scores;
  for (std::size_t i = 0; i < results.size(); ++i) scores += (i > 0 ? ", " : "") + results[i];
  const auto winners = seat_names(game, st.winners);
  if (winners.size() == 1) {
    return fmt::format("Tie at {} broken by the tie-break ({}): winner {}", best, scores,
                       name_html(winners.front()));
  }
  return fmt::format("Tie at {} not broken by the tie-break ({}): {} share the win", best, scores,
                     holder_list_html(winners, all));
}

ReportParts period_report_parts(const PeriodReport& report) {
  std::ostringstream html;
  const std::string title = "Five Crowns · " + report.period.label + rule_set_heading(report.only);
  open_document(html, title);
  const int finished = report.finished_games();
  std::string counts = counted(finished, "finished game");
  for (const auto status : {store::GameStatus::Active, store::GameStatus::Abandoned}) {
    if (const int k = report.games_with(status); k > 0)
      counts += fmt::format(" · {} {}", k, store::status_name(status));
  }
  html << "<header>\n<h1>" << html_escape(title) << "</h1>\n<p class=\"meta\">"
       << html_escape(report.period.from ? *report.period.from : "the first game") << " to "
       << html_escape(report.period.to ? *report.period.to : "today") << " · " << counts << " · "
       << counted(static_cast<long long>(report.standings.size()), "player") << "</p>\n</header>\n";
  // The standings and records below may mix rule sets: said above them; or of one only.
  html << rule_sets_note_html(report.rule_sets) << rule_set_only_html(report.only);
  standings_html(html, report.standings);
  if (!report.ratings.x_labels.empty()) {
    html << "<section id=\"ratings\">\n<h2>Ratings</h2>\n"
         << chart_figure_html(report.ratings) << "</section>\n";
  }
  records_html(html, report);
  ReportParts parts;
  parts.head = html.str();
  parts.cards.reserve(report.games.size());
  for (const auto& game : report.games) parts.cards.push_back(period_report_card(game));
  std::ostringstream tail;
  close_document(tail);
  parts.tail = tail.str();
  return parts;
}

std::string period_report_card(const store::Game& game) {
  std::ostringstream html;
  scorecard_html(html, game, 2);
  return html.str();
}

std::string period_report_html(const PeriodReport& report) {
  return joined(period_report_parts(report));
}

std::string joined(const ReportParts& parts) {
  std::size_t size = parts.head.size() + parts.tail.size();
  for (const auto& card : parts.cards) size += card.size();
  std::string html;
  html.reserve(size);
  html += parts.head;
  for (const auto& card : parts.cards) html += card;
  html += parts.tail;
  return html;
}

std::string game_report_html(const store::Game& game, const ChartData& chart) {
  std::ostringstream html;
  open_document(html, "Five Crowns · game " + std::to_string(game.id) + " · " + game.date);
  scorecard_html(html, game, 1);
  html << chart_figure_html(chart);
  close_document(html);
  return html.str();
}

}  // namespace crowns::views
