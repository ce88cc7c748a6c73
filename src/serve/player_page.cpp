// A player's page on the phone (/player?name=NAME): what `crowns stats NAME` says, read from
// views::player_stats as the terminal reads it, so the two cannot tell different stories.

#include <fmt/format.h>

#include "crowns/plural.hpp"
#include "crowns/rivalry.hpp"
#include "serve/pages.hpp"
#include "store/players.hpp"
#include "views/html_report.hpp"
#include "views/player_stats.hpp"
#include "views/rule_sets.hpp"

namespace crowns::serve {
namespace {

using views::html_escape;

std::string share_text(int part, int whole) {
  return whole == 0 ? "–" : views::fixed(100.0 * part / whole, 1) + "%";
}

std::string game_mark_html(const std::optional<GameMark>& m) {
  if (!m) return "–";
  return fmt::format("{} (<a class=\"tap\" href=\"/game/{}\">game {}</a>, {})", m->total, m->game,
                     m->game, html_escape(m->date));
}

std::string player_anchor(const views::Names& names, std::int64_t player, bool all) {
  const std::string name = names.name(player);
  return fmt::format("<a class=\"tap\" href=\"{}\"><bdi>{}</bdi></a>",
                     html_escape(player_link(name, all)), html_escape(name));
}

std::string rival_html(const std::optional<rivalry::Rival>& r, const views::Names& names, bool all,
                       std::string_view counts) {
  if (!r) {
    return fmt::format("no one yet (it takes {} together, more often one way than the other)",
                       counted(rivalry::kMinGamesTogether, "game"));
  }
  return fmt::format("{} ({} {} in {})", player_anchor(names, r->opponent, all), counts,
                     counted(r->times, "time"), counted(r->games, "game"));
}

store::Player named_player(const store::Database& db, const std::string& name) {
  auto player = store::require_player(db, name);
  if (!player) throw Error(player.failure());
  return *player;
}

}  // namespace

std::string player_link(const std::string& name, bool all) {
  std::string link = "/player?name=";
  for (const unsigned char c : name) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      link += static_cast<char>(c);
    } else {
      link += fmt::format("%{:02X}", c);
    }
  }
  return all ? link + "&all=1" : link;
}

nlohmann::ordered_json player_page_json(const store::Database& db, const std::string& name,
                                        const Period& period) {
  const store::Player player = named_player(db, name);
  return views::player_stats_json(views::player_stats(db, player.id, period), views::Names(db));
}

std::string player_page(const store::Database& db, const std::string& name, const Period& period,
                        bool all) {
  const store::Player player = named_player(db, name);
  const views::PlayerStats stats = views::player_stats(db, player.id, period);
  const views::Names names(db);
  const Profile& p = stats.profile;
  std::string body = fmt::format("<h1><bdi>{}</bdi> <small>{}</small></h1>\n",
                                 html_escape(player.name), html_escape(period.label));
  body += fmt::format("<p class=\"meta\"><a href=\"{}\">{}</a></p>\n",
                      html_escape(player_link(player.name, !all)),
                      all ? "This period only" : "Every game");
  body += views::rule_sets_note_html(stats.rule_sets);
  if (p.games == 0) {
    body += "<p>No finished games in this period.</p>\n";
    return document("Five Crowns · " + player.name, "", body);
  }
  const auto row = [&](std::string_view label, const std::string& value) {
    body += fmt::format("<dt>{}</dt><dd>{}</dd>\n", label, value);
  };
  body += "<dl class=\"profile\">\n";
  row("Games", std::to_string(p.games));
  row("Wins", fmt::format("{} ({})", p.wins, share_text(p.wins, p.games)));
  row("Average total", views::one_decimal(p.average()));
  row("Best game", game_mark_html(p.best));
  row("Worst game", game_mark_html(p.worst));
  row("Went out", fmt::format("{} of {} ({})", p.outs, counted(p.rounds, "round"),
                              share_text(p.outs, p.rounds)));
  row("Rating", views::fixed(p.rating.ordinal(), 2));
  const views::TimePlayed& t = stats.played;
  row("Time played", t.games == 0 ? std::string("not known (no game with its times)")
                                  : store::timeline::length_text(t.seconds) + ", average game " +
                                        store::timeline::length_text(t.seconds / t.games));
  body += "</dl>\n<h2>Rivals</h2>\n<dl class=\"profile\" id=\"rivals\">\n";
  row("Nemesis", rival_html(stats.rivals.nemesis, names, all, "finished ahead"));
  row("Beats most", rival_html(stats.rivals.most_beaten, names, all, "finished behind"));
  const auto& with = stats.rivals.most_played_with;
  row("Plays most with", with ? fmt::format("{} ({})", player_anchor(names, with->opponent, all),
                                            counted(with->games, "game"))
                              : std::string("–"));
  body += "</dl>\n";
  if (!p.opponents.empty()) {
    body +=
        "<h2>Head to head</h2>\n<div class=\"scroll\" tabindex=\"0\" role=\"region\" "
        "aria-label=\"head to head\"><table class=\"board versus\"><thead><tr><th "
        "class=\"name\">Opponent</th><th>Games</th><th>Ahead</th><th>Behind</th><th>Same</th>"
        "</tr></thead><tbody>\n";
    for (const auto& v : p.opponents) {
      body += fmt::format(
          "<tr><td class=\"name\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
          player_anchor(names, v.opponent, all), v.games, v.lower, v.higher, v.equal);
    }
    body +=
        "</tbody></table></div>\n<p class=\"key\">Ahead: finished in the better place (a "
        "tie-break counted). The nemesis finished ahead of this player most often, in at least 3 "
        "games together.</p>\n";
  }
  return document("Five Crowns · " + player.name, "", body);
}

}  // namespace crowns::serve
