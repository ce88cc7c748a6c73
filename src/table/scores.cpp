#include "table/scores.hpp"

#include <algorithm>

#include "crowns/ascii.hpp"
#include "crowns/names.hpp"
#include "crowns/plural.hpp"

namespace crowns::table {
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
                                : "; did you mean " + shell_word(close, ShellQuote::Always) + "?")};
}

}  // namespace

std::vector<int> every_seat(const store::Game& game) {
  std::vector<int> seats;
  for (const auto& s : game.seats) seats.push_back(s.seat);
  return seats;
}

std::vector<int> seats_in_round(const store::Game& game, int round) {
  std::vector<int> seats;
  for (const auto& s : game.seats) {
    if (s.plays(round)) seats.push_back(s.seat);
  }
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
    if (!seat) return seat.failure();
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
    if (!input) return input.failure();
    auto entry = score_input(*input, spec, name, checks);
    if (!entry) return entry.failure();
    scores.push_back({seat, std::move(entry).value()});
  }
  return scores;
}

namespace {

// The whole round as check_round sees it: `scores` over `base`, in seat order.
struct RoundEntries {
  std::vector<ScoreEntry> entries;
  std::vector<std::string> names;
  std::vector<int> seats;
};

RoundEntries round_entries(const store::Game& game, const std::vector<store::SeatScore>& scores,
                           const std::optional<store::RoundInfo>& base) {
  RoundEntries round;
  for (const auto& seat : game.seats) {
    const auto given = std::find_if(scores.begin(), scores.end(),
                                    [&](const store::SeatScore& s) { return s.seat == seat.seat; });
    if (given != scores.end()) {
      round.entries.push_back(given->entry);
    } else if (base) {
      const auto& cell = base->scores[static_cast<std::size_t>(seat.seat)];
      ScoreEntry e{cell.points, cell.went_out, {}, std::nullopt};
      if (cell.hand) {
        if (auto cards = parse_cards(*cell.hand)) e.hand = *cards;
      }
      round.entries.push_back(std::move(e));
    } else {
      continue;
    }
    round.names.push_back(seat.name);
    round.seats.push_back(seat.seat);
  }
  return round;
}

// "Ann and Bob", "Ann, Bob and Cy".
std::string and_list(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  }
  return out;
}

}  // namespace

Expected<void> check_scores(const store::Game& game, const std::vector<store::SeatScore>& scores,
                            const std::optional<store::RoundInfo>& base, const RoundSpec& spec,
                            Checks checks) {
  const RoundEntries round = round_entries(game, scores, base);
  auto checked = check_round(round.entries, round.names, spec, checks);
  if (checked || !base) return checked;
  // An edit that marks someone out while the player recorded as out keeps the mark: say how
  // to move it (that player's points, in the same command); their points are not known here.
  std::vector<std::string> kept;
  std::string now_out;
  for (std::size_t i = 0; i < round.entries.size(); ++i) {
    if (!round.entries[i].went_out) continue;
    const int seat = round.seats[i];
    const bool given = std::any_of(scores.begin(), scores.end(),
                                   [&](const store::SeatScore& s) { return s.seat == seat; });
    if (given) {
      now_out = round.names[i];
    } else {
      kept.push_back(round.names[i]);
    }
  }
  if (kept.empty() || now_out.empty()) return checked;
  std::string args = shell_word(now_out + "=out");
  for (const auto& name : kept) args += " " + shell_word(name + "=POINTS");
  return Failure{checked.error() + ": to move the mark to " + now_out + ", give " + and_list(kept) +
                     (kept.size() == 1 ? " their" : " each their") +
                     " points in the same correction",
                 {.kind = HintKind::MoveWentOut, .round = base->round, .args = args}};
}

Expected<void> settle_went_out(Asker& asker, const store::Game& game,
                               std::vector<store::SeatScore>& scores,
                               const std::optional<store::RoundInfo>& base, const RoundSpec& spec,
                               Checks checks) {
  RoundEntries round = round_entries(game, scores, base);
  const std::vector<ScoreEntry> typed = round.entries;
  const std::vector<std::size_t> zeros = infer_went_out(round.entries, spec);
  std::optional<std::size_t> out;  // the player newly marked out
  for (std::size_t i = 0; i < round.entries.size(); ++i) {
    if (round.entries[i].went_out && !typed[i].went_out) out = i;
  }
  if (!zeros.empty() && checks == Checks::Strict) {
    std::vector<std::string> names;
    names.reserve(zeros.size());
    for (std::size_t i : zeros) names.push_back(round.names[i]);
    const std::string who =
        and_list(names) + (names.size() == 2 ? " both" : " all") + " scored 0 in " + spec.label;
    const auto chosen = asker.choose(
        {.kind = Question::WhoWentOut, .text = who + ". Who went out?", .choices = names});
    if (!chosen || *chosen >= zeros.size()) {
      return Failure{who + ": mark the one who went out with 0* (or out)"};
    }
    out = zeros[*chosen];
    round.entries[*out] = ScoreEntry{.points = 0, .went_out = true, .hand = {}, .solution = {}};
  }
  if (!out) return {};
  const int seat = round.seats[*out];
  const auto given = std::find_if(scores.begin(), scores.end(),
                                  [&](const store::SeatScore& s) { return s.seat == seat; });
  if (given == scores.end()) {
    scores.push_back({seat, round.entries[*out]});
    std::sort(scores.begin(), scores.end(),
              [](const store::SeatScore& a, const store::SeatScore& b) { return a.seat < b.seat; });
  } else {
    given->entry = round.entries[*out];
  }
  return {};
}

}  // namespace crowns::table
