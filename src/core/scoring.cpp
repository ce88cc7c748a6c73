#include "crowns/scoring.hpp"

#include <algorithm>
#include <cctype>

#include "crowns/ascii.hpp"
#include "crowns/names.hpp"
#include "crowns/rules.hpp"

namespace crowns {
namespace {

// Not a score: each door says which forms a score takes, with the cards as it types them.
Hint score_forms() {
  return {.kind = HintKind::ScoreForms};
}
// What a strict check refuses and --force / "accept an unusual value" records anyway.
Hint accept_unusual() {
  return {.kind = HintKind::AcceptUnusual};
}

bool all_digits(std::string_view text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return std::string(text.substr(first, last - first + 1));
}

}  // namespace

RoundSpec round_spec(int round, int boxes) {
  return RoundSpec{cards_in_round(round), wild_rank_of_round(round), boxes,
                   "round " + std::to_string(round)};
}

RoundSpec tiebreak_spec(int boxes) {
  return RoundSpec{kTieBreakCards, 6, boxes, "the tie-break", RoundSpec::Kind::TieBreak};
}

Expected<ScoreInput> parse_score(std::string_view token, std::string_view who) {
  const std::string text = trim(token);
  const std::string low = ascii_lower(text);
  const std::string shown =
      quote_token(text, 80) + " for " + std::string(who);  // a 13-card hand fits
  if (text.empty()) return Failure{"no value for " + std::string(who), score_forms()};
  if (low == "out" || low == "0*") return ScoreInput{ScoreInput::Kind::Out, 0, {}};
  std::string_view digits = low;
  const bool negative = digits.starts_with('-');
  if (negative) digits.remove_prefix(1);
  const bool starred = digits.ends_with('*');
  if (starred) digits.remove_suffix(1);
  if (all_digits(digits)) {
    if (negative) return Failure{shown + ": points cannot be negative"};
    // Only 0* is starred in a score: "5*" is far more often a slip for 5 than the 5 of stars
    // left alone in hand, so it is refused with both readings; a hand (with spaces, a comma
    // or a star symbol) still reads star cards.
    if (starred && digits.size() <= 2 && digits.front() != '0') {
      if (const int rank = std::stoi(std::string(digits)); rank >= kMinRank && rank <= 10) {
        return Failure{shown + ": only 0* is starred (the player who went out); write " +
                       std::string(digits) + " for " + std::string(digits) + " points, or the " +
                       std::string(digits) + " of stars left alone in hand as \"" +
                       std::string(digits) + "*,\""};
      }
    }
    if (starred) {
      return Failure{shown +
                     ": only the player who went out is starred, and they score 0 "
                     "(write 0* or out)"};
    }
    if (digits.size() > 4) return Failure{shown + ": too many points for one round"};
    return ScoreInput{ScoreInput::Kind::Points, std::stoi(std::string(digits)), {}};
  }
  auto cards = parse_cards(text);
  if (cards) return ScoreInput{ScoreInput::Kind::Hand, 0, std::move(cards).value()};
  // A token with spaces was meant as a hand: say which card is wrong.
  if (text.find_first_of(" ,") != std::string::npos) return Failure{shown + ": " + cards.error()};
  return Failure{shown + " is not a score", score_forms()};
}

Expected<ScoreEntry> score_input(const ScoreInput& input, const RoundSpec& spec,
                                 std::string_view who, Checks checks) {
  const std::string name(who);
  const bool strict = checks == Checks::Strict;
  ScoreEntry entry;
  switch (input.kind) {
    case ScoreInput::Kind::Out: entry.went_out = true; return entry;
    case ScoreInput::Kind::Points: {
      entry.points = input.points;
      const int most = max_round_points(spec.cards, spec.melds);
      if (strict && (input.points == 1 || input.points == 2)) {
        return Failure{name + ": a score of " + std::to_string(input.points) +
                           " cannot happen (the lowest card scores 3)",
                       accept_unusual()};
      }
      if (strict && input.points > most) {
        return Failure{name + ": " + std::to_string(input.points) + " points is more than " +
                           std::to_string(spec.cards) + " cards can hold in " + spec.label +
                           " (at most " + std::to_string(most) + ")",
                       accept_unusual()};
      }
      return entry;
    }
    case ScoreInput::Kind::Hand: {
      const int size = static_cast<int>(input.cards.size());
      if (size > spec.cards) {
        return Failure{name + "'s hand has " + std::to_string(size) + " cards, but " + spec.label +
                       " deals " + std::to_string(spec.cards) + " (give the cards left in hand)"};
      }
      if (auto copies = check_copies(input.cards, spec.boxes); !copies) {
        return Failure{name + "'s hand: " + copies.error(), copies.failure().hint};
      }
      entry.hand = input.cards;
      std::sort(entry.hand.begin(), entry.hand.end());
      entry.solution = solve(entry.hand, spec.wild_rank, HandMode::Dealt, spec.melds);
      entry.points = entry.solution->score;
      // A few cards typed alone can score more than a whole hand can be left with ("jk jk" is
      // 100 points, but with any other card the two jokers meld): some cards are missing.
      if (const int most = max_round_points(spec.cards, spec.melds);
          strict && entry.points > most) {
        return Failure{name + "'s hand scores " + std::to_string(entry.points) + ", more than " +
                           std::to_string(spec.cards) + " cards can be left with in " + spec.label +
                           " (at most " + std::to_string(most) + "): give every card held",
                       accept_unusual()};
      }
      return entry;
    }
  }
  return entry;
}

Expected<void> check_round(std::span<const ScoreEntry> entries, std::span<const std::string> names,
                           const RoundSpec& spec, Checks checks) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].went_out) out.push_back(names[i]);
  }
  if (out.size() > 1) {
    std::string who;
    for (std::size_t i = 0; i < out.size(); ++i) {
      who += (i == 0 ? "" : i + 1 == out.size() ? " and " : ", ") + out[i];
    }
    return Failure{who + (out.size() == 2 ? " are both" : " are all") + " marked out in " +
                   spec.label + "; only one player goes out (the others score what they hold)"};
  }
  if (checks == Checks::Force) return {};
  const bool someone_zero = std::any_of(entries.begin(), entries.end(),
                                        [](const ScoreEntry& e) { return e.points == 0; });
  const bool ended = spec.kind == RoundSpec::Kind::TieBreak ? someone_zero : !out.empty();
  if (!ended && !entries.empty()) {
    // Every round ends when one player goes out; a plain 0 is most likely that player unmarked.
    std::string hint = "mark the player who went out with 0* (or out)";
    for (std::size_t i = 0; i < entries.size(); ++i) {
      if (entries[i].points == 0 && entries[i].hand.empty()) {
        hint = "if " + names[i] + " went out, write 0* (or out) for them";
        break;
      }
    }
    return Failure{"nobody went out in " + spec.label + ", but every round ends when one player " +
                       "does: " + hint,
                   accept_unusual()};
  }
  std::vector<Card> all;
  for (const auto& e : entries) all.insert(all.end(), e.hand.begin(), e.hand.end());
  if (auto copies = check_copies(all, spec.boxes); !copies) {
    return Failure{"the hands of " + spec.label + " together hold " + copies.error(),
                   accept_unusual()};
  }
  return {};
}

std::vector<std::size_t> infer_went_out(std::span<ScoreEntry> entries, const RoundSpec& spec) {
  if (spec.kind == RoundSpec::Kind::TieBreak) return {};
  if (std::any_of(entries.begin(), entries.end(), [](const ScoreEntry& e) { return e.went_out; }))
    return {};
  std::vector<std::size_t> zeros;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].points == 0) zeros.push_back(i);
  }
  if (zeros.size() != 1) return zeros.size() > 1 ? zeros : std::vector<std::size_t>{};
  entries[zeros.front()] = ScoreEntry{.points = 0, .went_out = true, .hand = {}, .solution = {}};
  return {};
}

std::string hand_text(std::span<const Card> hand) {
  std::string out;
  for (Card c : hand) out += (out.empty() ? "" : " ") + to_string(c);
  return out;
}

std::string entry_text(const ScoreEntry& entry) {
  if (entry.went_out) return "0*";
  if (!entry.hand.empty()) {
    std::string out = hand_text(entry.hand);
    // A lone star card such as "5*" would read back as a starred score, which is refused.
    if (entry.hand.size() == 1 && out.ends_with('*')) out += ',';
    return out;
  }
  return std::to_string(entry.points);
}

}  // namespace crowns
