// Fuzz target: the round values of `crowns round` / `edit` / `tiebreak` / `play`.
//
// The first bytes choose the game (2-14 seats, 1 or 2 boxes), the round (1-11 or the 6-card
// tie-break), --force or not, and whether every seat must be named; the rest, split at '\n',
// are the command-line tokens (VALUE... or NAME=VALUE..., e.g. "Al=12", "0*", "Ks Qh jk").
// They go through match_values -> score_values -> check_scores, as the commands do.
//
// Invariants, beyond "does not crash": nothing throws (every function here reports failure as a
// value); every failure is a non-empty one-line message; every value that parses re-renders
// (12, 0*, "Ks Qh jk") and parses back the same; every scored entry re-renders with
// entry_text() and scores back to the same points, out flag and sorted hand; points are never
// negative and, unless forced, never more than the round's cards can hold; a hand's points are
// the solver's minimum; and when the whole round passes check_scores, at most one seat is out.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "crowns/card.hpp"
#include "crowns/rules.hpp"
#include "crowns/scoring.hpp"
#include "crowns/solver.hpp"
#include "table/scores.hpp"

namespace {

constexpr std::size_t kMaxInput = 8192;
// Seat names: mixed case and a prefix pair (Al/Alma) so that name matching and the
// "did you mean" hints get exercised.
constexpr const char* kNames[] = {"Al",   "Bob", "cy", "Dee", "Eve", "Fay", "Gus",
                                  "Alma", "Ike", "Jo", "Kat", "Lu",  "Mo",  "Ned"};

[[noreturn]] void fail(const std::string& what, std::string_view input) {
  std::fprintf(stderr, "fuzz_score: %s\ninput: %.*s\n", what.c_str(),
               static_cast<int>(input.size()), input.data());
  std::abort();
}

void check_message(const std::string& message, std::string_view input) {
  if (message.empty()) fail("an empty error message", input);
  if (message.find('\n') != std::string::npos)
    fail("a message of several lines: " + message, input);
}

std::string hand_text(const std::vector<crowns::Card>& cards) {
  std::string out;
  for (crowns::Card c : cards) out += (out.empty() ? "" : " ") + crowns::to_string(c);
  return out;
}

// A parsed value, re-rendered the way a scorekeeper would type it, must parse back the same.
void check_reparse(const crowns::ScoreInput& in, std::string_view input) {
  using Kind = crowns::ScoreInput::Kind;
  std::string text;
  switch (in.kind) {
    case Kind::Points: text = std::to_string(in.points); break;
    case Kind::Out: text = "0*"; break;
    case Kind::Hand:
      text = hand_text(in.cards);
      // A lone star card ("5*") is a starred score; a scorekeeper types "5*," (as entry_text).
      if (in.cards.size() == 1 && text.ends_with('*')) text += ',';
      break;
  }
  const auto back = crowns::parse_score(text, "Al");
  if (!back) fail("'" + text + "' does not parse back: " + back.error(), input);
  if (back->kind != in.kind || back->points != in.points || !(back->cards == in.cards)) {
    fail("'" + text + "' parses back as something else", input);
  }
  if (in.kind == Kind::Points && (in.points < 0 || in.points > 9999))
    fail("points out of range", input);
}

// A scored entry, written back with entry_text(), scores the same.
void check_entry(const crowns::ScoreEntry& e, const crowns::RoundSpec& spec, crowns::Checks checks,
                 std::string_view input) {
  if (e.points < 0) fail("negative points", input);
  if (e.went_out && (e.points != 0 || !e.hand.empty())) fail("out with points or cards", input);
  if (checks == crowns::Checks::Strict && e.points > crowns::max_round_points(spec.cards)) {
    fail("more points than the round's cards hold, without --force", input);
  }
  if (!e.hand.empty()) {
    if (static_cast<int>(e.hand.size()) > spec.cards) fail("a hand bigger than the deal", input);
    if (!std::is_sorted(e.hand.begin(), e.hand.end())) fail("the stored hand is not sorted", input);
    if (!e.solution || e.solution->score != e.points)
      fail("hand points are not the solution's", input);
    if (e.points != crowns::min_score(e.hand, spec.wild_rank, crowns::HandMode::Dealt)) {
      fail("hand points are not the minimum", input);
    }
  }
  const std::string text = crowns::entry_text(e);
  const auto in = crowns::parse_score(text, "Al");
  if (!in) fail("entry_text '" + text + "' does not parse: " + in.error(), input);
  const auto again = crowns::score_input(*in, spec, "Al", checks);
  if (!again) fail("entry_text '" + text + "' does not score: " + again.error(), input);
  if (again->points != e.points || again->went_out != e.went_out || !(again->hand == e.hand)) {
    fail("entry_text '" + text + "' scores differently", input);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2 || size > kMaxInput) return 0;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const unsigned setup = data[0] | (static_cast<unsigned>(data[1]) << 8);
  const int boxes = 1 + (setup & 1);
  const int players = 2 + static_cast<int>((setup >> 1) % (boxes == 1 ? 6 : 13));
  const int which = static_cast<int>((setup >> 5) % 12);  // 0..10: rounds 1-11; 11: the tie-break
  const auto checks = (setup & 0x200) != 0 ? crowns::Checks::Force : crowns::Checks::Strict;
  const auto coverage =
      (setup & 0x400) != 0 ? crowns::table::Coverage::Some : crowns::table::Coverage::Every;

  crowns::store::Game game;
  game.id = 7;
  game.boxes = boxes;
  for (int s = 0; s < players; ++s) game.seats.push_back({s, s + 1, kNames[s], std::nullopt});
  std::vector<int> seats = crowns::table::every_seat(game);
  // A tie-break is for some seats only: the ones whose bit is set (at least two).
  if (which == 11) {
    std::vector<int> tied;
    for (int s = 0; s < players; ++s) {
      if ((setup >> (11 + s % 5)) & 1) tied.push_back(s);
    }
    if (tied.size() >= 2) seats = tied;
  }
  const crowns::RoundSpec spec =
      which == 11 ? crowns::tiebreak_spec(boxes) : crowns::round_spec(which + 1, boxes);

  std::vector<std::string> tokens;
  std::string_view rest = input.substr(2);
  while (!rest.empty()) {
    const auto nl = rest.find('\n');
    tokens.emplace_back(rest.substr(0, nl));
    if (nl == std::string_view::npos) break;
    rest.remove_prefix(nl + 1);
  }

  // Every token on its own, as `play` reads one value per prompt.
  for (const auto& token : tokens) {
    const auto in = crowns::parse_score(token, "Al");
    if (!in) {
      check_message(in.error(), input);
      continue;
    }
    check_reparse(*in, input);
    const auto entry = crowns::score_input(*in, spec, "Al", checks);
    if (!entry) {
      check_message(entry.error(), input);
      continue;
    }
    check_entry(*entry, spec, checks, input);
  }

  // The whole command line, as `round` / `edit` / `tiebreak` read it.
  const auto values = crowns::table::match_values(tokens, game, seats, coverage);
  if (!values) {
    check_message(values.error(), input);
    return 0;
  }
  for (const auto& [seat, token] : *values) {
    if (std::find(seats.begin(), seats.end(), seat) == seats.end())
      fail("a value for a seat not asked for", input);
  }
  const auto scores = crowns::table::score_values(*values, game, spec, checks);
  if (!scores) {
    check_message(scores.error(), input);
    return 0;
  }
  for (const auto& s : *scores) check_entry(s.entry, spec, checks, input);
  const auto round = crowns::table::check_scores(game, *scores, std::nullopt, spec, checks);
  if (!round) {
    check_message(round.error(), input);
    return 0;
  }
  const auto out =
      std::count_if(scores->begin(), scores->end(), [](const auto& s) { return s.entry.went_out; });
  if (out > 1) fail("two players out in an accepted round", input);
  if (checks == crowns::Checks::Strict && coverage == crowns::table::Coverage::Every &&
      !scores->empty() && std::none_of(scores->begin(), scores->end(), [](const auto& s) {
        return s.entry.points == 0;
      })) {
    fail("an accepted round where nobody scored 0", input);
  }
  return 0;
}
