#include "cli/input/score_args.hpp"

#include <algorithm>

#include "cli/views/hand.hpp"
#include "crowns/ascii.hpp"
#include "crowns/names.hpp"
#include "crowns/plural.hpp"

namespace crowns::cli {
namespace {

std::string trim_spaces(std::string_view text) {
  return std::string(ascii_trim(text, " \t"));
}

std::string seat_names(const store::Game& game, const std::vector<int>& seats, const char* sep) {
  std::string out;
  for (int s : seats)
    out += (out.empty() ? "" : sep) + game.seats[static_cast<std::size_t>(s)].name;
  return out;
}

Expected<int> find_seat(const std::string& name, const store::Game& game,
                        const std::vector<int>& seats) {
  const std::string key = fold_case(name);
  for (int s : seats) {
    if (fold_case(game.seats[static_cast<std::size_t>(s)].name) == key) return s;
  }
  for (const auto& seat : game.seats) {
    if (fold_case(seat.name) == key) {
      return Failure{seat.name + " is not in the tie (the tie-break is for " +
                     seat_names(game, seats, " and ") + ")"};
    }
  }
  std::vector<std::string> names;
  names.reserve(seats.size());
  for (int s : seats) names.push_back(game.seats[static_cast<std::size_t>(s)].name);
  const std::string close = closest_name(name, names);
  return Failure{quote_token(name) + " is not playing game " + std::to_string(game.id) +
                 (close.empty() ? " (players: " + seat_names(game, seats, ", ") + ")"
                                : "; did you mean '" + close + "'?")};
}

}  // namespace

std::vector<int> every_seat(const store::Game& game) {
  std::vector<int> seats;
  for (const auto& s : game.seats) seats.push_back(s.seat);
  return seats;
}

Expected<std::vector<std::pair<int, std::string>>> match_values(
    const std::vector<std::string>& tokens, const store::Game& game, const std::vector<int>& seats,
    Coverage coverage) {
  const std::string forms = "give one value per player in seat order (" +
                            seat_names(game, seats, " ") + ") or NAME=VALUE pairs";
  if (tokens.empty()) return Failure{"no values: " + forms};
  const auto pairs = static_cast<std::size_t>(
      std::count_if(tokens.begin(), tokens.end(),
                    [](const std::string& t) { return t.find('=') != std::string::npos; }));
  std::vector<std::pair<int, std::string>> values;
  if (pairs == 0) {
    if (tokens.size() != seats.size()) {
      return Failure{counted(static_cast<long long>(tokens.size()), "value") + " for " +
                     std::to_string(seats.size()) + " players: " + forms};
    }
    for (std::size_t i = 0; i < seats.size(); ++i) values.emplace_back(seats[i], tokens[i]);
    return values;
  }
  if (pairs != tokens.size()) {
    const auto plain = std::find_if(tokens.begin(), tokens.end(), [](const std::string& t) {
      return t.find('=') == std::string::npos;
    });
    return Failure{"'" + *plain + "' has no NAME=: once one value is NAME=VALUE, all must be"};
  }
  for (const auto& token : tokens) {
    const auto eq = token.find('=');
    const std::string name = trim_spaces(token.substr(0, eq));  // "Bob = 0*" names Bob
    auto seat = find_seat(name, game, seats);
    if (!seat) return Failure{seat.error()};
    if (std::any_of(values.begin(), values.end(),
                    [&](const auto& v) { return v.first == *seat; })) {
      return Failure{game.seats[static_cast<std::size_t>(*seat)].name + " is given twice"};
    }
    values.emplace_back(*seat, token.substr(eq + 1));
  }
  if (coverage == Coverage::Every) {
    std::vector<int> missing;
    for (int s : seats) {
      if (std::none_of(values.begin(), values.end(), [&](const auto& v) { return v.first == s; })) {
        missing.push_back(s);
      }
    }
    if (!missing.empty()) {
      return Failure{"no value for " + seat_names(game, missing, ", ") +
                     ": every player needs one (" + seat_names(game, seats, ", ") + ")"};
    }
  }
  std::sort(values.begin(), values.end());
  return values;
}

Expected<std::vector<store::SeatScore>> score_values(
    const std::vector<std::pair<int, std::string>>& values, const store::Game& game,
    const RoundSpec& spec, Checks checks) {
  std::vector<store::SeatScore> scores;
  for (const auto& [seat, token] : values) {
    const std::string& name = game.seats[static_cast<std::size_t>(seat)].name;
    auto input = parse_score(token, name);
    if (!input) return Failure{input.error()};
    auto entry = score_input(*input, spec, name, checks);
    if (!entry) return Failure{entry.error()};
    scores.push_back({seat, std::move(entry).value()});
  }
  return scores;
}

Expected<void> check_scores(const store::Game& game, const std::vector<store::SeatScore>& scores,
                            const std::optional<store::RoundInfo>& base, const RoundSpec& spec,
                            Checks checks) {
  std::vector<ScoreEntry> entries;
  std::vector<std::string> names;
  for (const auto& seat : game.seats) {
    const auto given = std::find_if(scores.begin(), scores.end(),
                                    [&](const store::SeatScore& s) { return s.seat == seat.seat; });
    if (given != scores.end()) {
      entries.push_back(given->entry);
    } else if (base) {
      const auto& cell = base->scores[static_cast<std::size_t>(seat.seat)];
      ScoreEntry e{cell.points, cell.went_out, {}, std::nullopt};
      if (cell.hand) {
        if (auto cards = parse_cards(*cell.hand)) e.hand = *cards;
      }
      entries.push_back(std::move(e));
    } else {
      continue;
    }
    names.push_back(seat.name);
  }
  return check_round(entries, names, spec, checks);
}

void print_hands(std::ostream& out, const Style& style, const store::Game& game,
                 const std::vector<store::SeatScore>& scores, const RoundSpec& spec,
                 std::optional<int> round) {
  for (const auto& s : scores) {
    if (!s.entry.solution) continue;
    HandReport report{s.entry.hand,    spec.wild_rank,    round,
                      HandMode::Dealt, *s.entry.solution, spec.cards};
    out << sanitize(game.seats[static_cast<std::size_t>(s.seat)].name) << "'s hand:\n";
    print_hand(out, style, report, "  ");
  }
}

}  // namespace crowns::cli
