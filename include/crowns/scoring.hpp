#pragma once
// Reading and checking what a scorekeeper types for one player in one round.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "crowns/card.hpp"
#include "crowns/expected.hpp"
#include "crowns/house_rules.hpp"
#include "crowns/solver.hpp"

namespace crowns {

/// Whether checks for unusual-but-possible values refuse (Strict) or let them through (Force).
/// Impossible values (negative, two players out, a hand too big) are refused either way.
enum class Checks { Strict, Force };

/// One token as typed: points ("12"), the player who went out ("0*" or "out"), or the cards
/// left in hand ("Ks Qh jk").
struct ScoreInput {
  enum class Kind { Points, Out, Hand };
  Kind kind = Kind::Points;
  int points = 0;
  std::vector<Card> cards;
};

/// The round a score belongs to: how many cards were dealt and which rank is wild.
struct RoundSpec {
  /// A round of the game records who went out; the tie-break keeps only points, so there a
  /// plain 0 is enough to show that someone went out.
  enum class Kind { Game, TieBreak };
  int cards = 0;
  int wild_rank = 0;
  int boxes = 1;
  std::string label;  ///< "round 3" or "the tie-break"; used in messages.
  Kind kind = Kind::Game;
  /// The game's meld rules (house rules): a typed hand is solved under them.
  MeldRules melds{};
};

/// The spec of round 1-11 of a game played with `boxes` boxes.
RoundSpec round_spec(int round, int boxes);
/// The 6-card tie-break round (6s wild).
RoundSpec tiebreak_spec(int boxes);

/// A checked score: the points, whether the player went out, and for a hand the cards and
/// the best lay-down the solver found.
struct ScoreEntry {
  int points = 0;
  bool went_out = false;
  std::vector<Card> hand;
  std::optional<Solution> solution;
};

/// Parses one value for `who`. Fails with the token, the player and the accepted forms.
Expected<ScoreInput> parse_score(std::string_view token, std::string_view who);

/// Turns a parsed value into points for `spec` (solving a hand) and checks it.
Expected<ScoreEntry> score_input(const ScoreInput& input, const RoundSpec& spec,
                                 std::string_view who, Checks checks);

/// Checks a whole round (entries and names in the same order): at most one player out; and
/// unless forced, exactly one out and the hands together fit the boxes.
Expected<void> check_round(std::span<const ScoreEntry> entries, std::span<const std::string> names,
                           const RoundSpec& spec, Checks checks);

/// Who went out of a round nobody marked: a round always ends with one player going out, so
/// when exactly one entry scores 0 that player is marked out (a hand that melds whole is
/// cleared, as the player who went out holds none). Returns the indexes of the entries
/// scoring 0 when two or more do and nobody is marked (the caller asks which went out);
/// otherwise none. The tie-break, which keeps only points, is left as it is.
std::vector<std::size_t> infer_went_out(std::span<ScoreEntry> entries, const RoundSpec& spec);

/// The value as a scorekeeper writes it: "12", "0*", or the hand "Ks Qh jk" (a lone star
/// card as "5*,", since "5*" alone is refused as a starred score). parse_score() reads it back.
std::string entry_text(const ScoreEntry& entry);

/// The cards in canonical text, space-separated: "Ks Qh jk" (how a hand is stored).
std::string hand_text(std::span<const Card> hand);

}  // namespace crowns
