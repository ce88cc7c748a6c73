#include "cli/views/scorecard_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "cli/views/terminal.hpp"
#include "crowns/game_status.hpp"
#include "crowns/names.hpp"
#include "crowns/rules.hpp"
#include "views/hand.hpp"
#include "views/scorecard.hpp"
#include "views/style.hpp"

namespace crowns::cli {
namespace {

using views::display_width;
using views::pad_left;
using views::pad_right;
using views::sanitize;
using views::Style;
constexpr std::size_t kTerminalWidth = 80;
constexpr std::size_t kMinCell = 8;  // "pts* total": 3 + 1 + 4
constexpr std::size_t kMaxCell = 12;
constexpr std::size_t kMinDealer = 6;
constexpr std::size_t kFixedLeft = 11;  // "Rd Cd Wild " before the dealer column

std::string name_of(const store::Game& game, int seat) {
  return sanitize(game.seats[static_cast<std::size_t>(seat)].name);
}

std::string join(const std::vector<std::string>& items, std::string_view last_sep) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += i + 1 == items.size() ? std::string(last_sep) : std::string(", ");
    out += items[i];
  }
  return out;
}

std::vector<std::string> names_of(const store::Game& game, const std::vector<int>& seats) {
  std::vector<std::string> names;
  names.reserve(seats.size());
  for (int s : seats) names.push_back(name_of(game, s));
  return names;
}

// The round's wild under the game's order (store::Game::deal through the views' words).
std::string wild_text(const store::Game& game, int round) {
  const std::string wild = views::deal_wild_text(game, round);
  return wild == "?" ? wild : wild + "s";
}

struct Layout {
  std::size_t cell = kMinCell;
  std::size_t dealer = kMinDealer;
};

// Widest names first, then narrower columns until the card fits the terminal.
Layout layout_for(const store::Game& game) {
  std::size_t longest = 0;
  for (const auto& s : game.seats) longest = std::max(longest, display_width(sanitize(s.name)));
  Layout l;
  l.cell = std::clamp(longest, kMinCell, kMaxCell);
  l.dealer = std::clamp(longest, kMinDealer, kMaxCell);
  const auto n = game.seats.size();
  auto width = [&] { return kFixedLeft + l.dealer + n * (1 + l.cell); };
  while (width() > kTerminalWidth && l.cell > kMinCell) --l.cell;
  while (width() > kTerminalWidth && l.dealer > kMinDealer) --l.dealer;
  return l;
}

std::size_t wide_width(const Layout& l, std::size_t players) {
  return kFixedLeft + l.dealer + players * (1 + l.cell);
}

// "lead", or how far behind the lowest total; after a tie-break, a tied player who lost it is
// not the lead ("+0"): the winner ranks first and alone.
std::string behind_text(const Standings& st, std::size_t seat, int best) {
  const int gap = st.totals[seat] - best;
  const bool won =
      std::find(st.winners.begin(), st.winners.end(), static_cast<int>(seat)) != st.winners.end();
  if (gap == 0 && (!st.tie_broken || won)) return "lead";
  return "+" + std::to_string(gap);
}

// "Dee joined at round 4 with 57": a line for each late arrival, under the table.
void print_arrivals(std::ostream& out, const store::Game& game) {
  for (const auto& s : game.seats) {
    if (s.joined_round > 1) {
      out << fmt::format("{} joined at round {} with {} (- : no score before)\n", sanitize(s.name),
                         s.joined_round, s.start_total);
    }
  }
}

// Players as rows, rounds as columns: "Ann      0*  10   5 ...  Total Behind".
void print_compact(std::ostream& out, const Style& style, const store::Game& game) {
  std::size_t name_width = 6;
  for (const auto& s : game.seats)
    name_width = std::max(name_width, std::min<std::size_t>(display_width(sanitize(s.name)), 12));
  std::string header = pad_right("Player", name_width);
  // Over the digits, not the * or space after them: " 12*" sits under "  12 ".
  for (int r = 1; r <= kRounds; ++r) header += fmt::format(" {:>3} ", r);
  out << style.bold(header + " Total Behind") << '\n';
  const Standings st = game.standings();
  const int best = st.totals[static_cast<std::size_t>(st.leaders.front())];
  for (std::size_t s = 0; s < game.seats.size(); ++s) {
    std::string line = pad_right(fit(name_of(game, static_cast<int>(s)), name_width), name_width);
    for (int r = 1; r <= kRounds; ++r) {
      std::string cell;
      if (r <= game.rounds_played() && !game.seats[s].plays(r)) {
        cell = "- ";  // joined later
      } else if (r <= game.rounds_played()) {
        const auto& score = game.rounds[static_cast<std::size_t>(r - 1)].scores[s];
        cell = std::to_string(score.points) + (score.went_out ? "*" : " ");
      }
      line += " " + pad_left(cell, 4);
    }
    line += fmt::format(" {:>5} {:>6}", st.totals[s], behind_text(st, s, best));
    out << line << '\n';
  }
  out << style.dim("(a column per round: its points, * went out; --wide: running totals)") << '\n';
  print_arrivals(out, game);
}

}  // namespace

std::string fit(std::string_view text, std::size_t width) {
  if (display_width(text) <= width) return std::string(text);
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    char32_t cp = 0;
    const std::size_t len = std::max<std::size_t>(1, decode_utf8(text, i, cp));
    const std::string next = out + std::string(text.substr(i, len));
    if (display_width(next) + display_width("…") > width) break;
    out = next;
    i += len;
  }
  return out + "…";
}

namespace {

// "Round 3/11 · 5 cards · 5s wild · Ann deals · Bob starts".
std::string round_header(const store::Game& game, int round) {
  return fmt::format("Round {}/{} · {} cards · {} wild · {} deals · {} starts", round, kRounds,
                     views::deal_cards_text(game, round), wild_text(game, round),
                     name_of(game, game.dealer(round)), name_of(game, game.starter(round)));
}

}  // namespace

void print_outlook(std::ostream& out, const Style& style, const store::Game& game) {
  const Standings st = game.standings();
  const std::string id = std::to_string(game.id);
  if (game.status == store::GameStatus::Abandoned) {
    out << "Abandoned after " << rounds_progress(game.rounds_played()) << ": no result.\n";
    return;
  }
  if (game.status == store::GameStatus::Active) {
    out << style.bold(round_header(game, *game.next_round())) << '\n';
    return;
  }
  const int best = st.totals[static_cast<std::size_t>(st.leaders.front())];
  const auto tied = names_of(game, st.leaders);
  if (!st.tied) {
    out << style.bold(fmt::format("Winner: {} with {}", tied.front(), best)) << '\n';
    return;
  }
  if (game.awaiting_tiebreak()) {
    // House rule `ties tiebreak`: no shared win; the game is not over until it is played.
    std::string args;
    for (const auto& n : tied) args += " " + shell_word(n) + "=VALUE";
    out << style.bold(fmt::format("Not over: {} tie at {}", join(tied, " and "), best)) << '\n';
    out << "the house rules (ties tiebreak) play the 6-card tie-break (6s wild): crowns tiebreak"
        << args << '\n';
    return;
  }
  if (!st.tie_broken) {
    out << fmt::format("Tie for the win at {}: {} share it,", best, join(tied, " and ")) << '\n';
    std::string args;
    for (const auto& n : tied) args += " " + shell_word(n) + "=VALUE";
    out << "unless they play the 6-card tie-break (6s wild): crowns tiebreak" << args << '\n';
    return;
  }
  std::vector<std::string> results;
  for (int s : st.leaders) {
    results.push_back(name_of(game, s) + " " +
                      std::to_string(*game.seats[static_cast<std::size_t>(s)].tiebreak));
  }
  const auto winners = names_of(game, st.winners);
  if (winners.size() == 1) {
    out << fmt::format("Tie at {} broken by the tie-break ({}): ", best, join(results, ", "))
        << style.bold("winner " + winners.front()) << '\n';
  } else {
    // Not "broken ... still tied": the tie-break was played and did not break the tie.
    out << fmt::format("Tie at {} not broken by the tie-break ({}): ", best, join(results, ", "))
        << style.bold("a shared win for " + join(winners, " and ")) << '\n';
  }
}

void print_scorecard(std::ostream& out, const Style& style, const store::Game& game,
                     CardLayout layout) {
  const Layout l = layout_for(game);
  const auto n = game.seats.size();
  const bool compact = layout == CardLayout::Compact ||
                       (layout == CardLayout::Auto && wide_width(l, n) > terminal_columns());
  std::vector<std::string> players;
  for (const auto& s : game.seats) players.push_back(sanitize(s.name));
  const std::string progress =
      fmt::format("{}, {}{}", store::status_name(game.status),
                  rounds_progress(game.rounds_played()), game.boxes == 2 ? " · two boxes" : "");
  std::string title =
      fmt::format("Game {} · {} · {} · {}", game.id, game.date, join(players, ", "), progress);
  // Many long names: the column headers already say who plays.
  const bool cut = display_width(title) > kTerminalWidth;
  if (cut) title = fmt::format("Game {} · {} · {}", game.id, game.date, progress);
  out << style.bold(title) << '\n';
  if (cut && game.rounds.empty()) out << "Seats: " << join(players, ", ") << '\n';
  if (game.note) out << "Note: " << sanitize(*game.note) << '\n';
  if (!game.rules.is_standard())
    out << "House rules: " << views::house_options_text(game.rules) << '\n';
  if (game.rounds.empty()) {
    print_outlook(out, style, game);
    return;
  }
  if (compact) {
    print_compact(out, style, game);
    print_outlook(out, style, game);
    return;
  }
  const std::size_t points_width = l.cell - 5;
  std::string header = "Rd Cd Wild " + pad_right("Dealer", l.dealer);
  for (const auto& p : players) header += " " + pad_left(fit(p, l.cell), l.cell);
  out << style.bold(header) << '\n';
  std::vector<int> running(n, 0);
  for (std::size_t s = 0; s < n; ++s) running[s] = game.seats[s].start_total;
  for (const auto& r : game.rounds) {
    std::string line =
        fmt::format("{:>2} {:>2} {:<4} ", r.round, views::deal_cards_text(game, r.round),
                    wild_text(game, r.round)) +
        pad_right(fit(name_of(game, game.dealer(r.round)), l.dealer), l.dealer);
    for (std::size_t s = 0; s < n; ++s) {
      if (!game.seats[s].plays(r.round)) {  // joined later
        line += " " + pad_left("-", points_width) + std::string(5, ' ');
        continue;
      }
      const auto& cell = r.scores[s];
      running[s] += cell.points;
      line += " " + pad_left(std::to_string(cell.points), points_width) +
              (cell.went_out ? "*" : " ") + fmt::format("{:>4}", running[s]);
    }
    line.erase(line.find_last_not_of(' ') + 1);  // a late arrival's blank last column
    out << line << '\n';
  }
  const Standings st = game.standings();
  const int best = st.totals[static_cast<std::size_t>(st.leaders.front())];
  if (st.tie_broken) {
    // The tie-break as a row of its own: its points decide, they add to no total.
    std::string line = fmt::format("TB {:>2} {:<4} ", 6, "6s") + std::string(l.dealer, ' ');
    for (std::size_t s = 0; s < n; ++s) {
      const auto& tb = game.seats[s].tiebreak;
      line += " " + pad_left(tb ? std::to_string(*tb) : "", points_width) + std::string(5, ' ');
    }
    line.erase(line.find_last_not_of(' ') + 1);
    out << line << '\n';
  }
  std::string total = pad_right("Total", kFixedLeft + l.dealer);
  std::string behind = pad_right("Behind", kFixedLeft + l.dealer);
  for (std::size_t s = 0; s < n; ++s) {
    total += " " + pad_left(std::to_string(st.totals[s]), l.cell);
    behind += " " + pad_left(behind_text(st, s, best), l.cell);
  }
  out << style.bold(total) << '\n' << behind << '\n';
  out << style.dim("(each cell: the round's points, then the running total; * went out)") << '\n';
  if (st.tie_broken)
    out << style.dim("(TB: the 6-card tie-break of the tied, lowest wins)") << '\n';
  print_arrivals(out, game);
  print_outlook(out, style, game);
}

}  // namespace crowns::cli
