#pragma once
// The move advisor: take the top discard or draw, and which card to discard. No I/O.
// How it thinks is in docs/ADVICE.md.

#include <memory>
#include <optional>
#include <vector>

#include "crowns/card.hpp"
#include "crowns/expected.hpp"
#include "crowns/house_rules.hpp"
#include "crowns/unseen.hpp"

namespace crowns {

/// One public move of the round, as the table saw it: which card the player was offered on the
/// pile, whether they took it, what they threw. Seats count clockwise from the player asking
/// (0 is the asker, 1 the next player). docs/ADVICE.md, "The round's moves".
struct TableMove {
  int seat = 0;
  Card offered;       ///< The top discard when they drew.
  bool took = false;  ///< They took it (else they drew from the deck).
  Card discarded;     ///< What they threw.

  friend bool operator==(const TableMove&, const TableMove&) = default;
};

/// Everything a player knows at one decision.
struct Situation {
  int round = 1;            ///< 1..11: sets the hand size and the wild rank.
  std::vector<Card> hand;   ///< round+2 cards before drawing, round+3 after.
  std::optional<Card> top;  ///< The top discard: given exactly at a draw decision.
  std::vector<Card> seen;   ///< Cards out of play: dead discards, cards others took.
  /// Cards the next player is known to hold (taken from the discard pile, not thrown back).
  /// Out of play like `seen` (do not list them twice); a discard that could meld with them
  /// feeds that player and costs kFeedCharge in the advisor's value.
  std::vector<Card> next_holds;
  int players = 2;                ///< 2..14.
  std::optional<int> stock;       ///< Cards left in the draw pile, if known.
  bool last = false;              ///< Someone has gone out: this is the final turn.
  int boxes = 1;                  ///< 1 or 2.
  std::optional<Card> must_keep;  ///< A card just taken from the discard pile (not thrown back).
  /// The round's public moves so far, oldest first (seats 0..players-1). Checked, not yet used
  /// by the advice: a situation with moves is advised as one without (issue 37).
  std::vector<TableMove> actions;
  /// The meld rules the table plays (house rules: wild-only melds, book suits): every score,
  /// chance and rollout of the advice is worked out under them. The standard rules unless the
  /// door sets them (`--wild-melds`, `--book-suits`, a game's rules).
  MeldRules rules;
};

enum class Decision { Draw, Discard };

/// Checks a situation (round, hand size, --top only before drawing, card copies) and returns
/// the unseen cards. Fails with one line naming the problem.
Expected<Unseen> check_situation(const Situation& s);
/// The round of a hand of `cards` cards when none is given: round+2 cards with a top discard
/// (before drawing), round+3 without (after). Fails saying which sizes fit.
Expected<int> implied_round(int cards, bool has_top);
/// Draw when the hand holds round+2 cards, Discard when it holds round+3.
Decision decision_of(const Situation& s);

/// What the advisor charges a discard that could meld with the cards the next player is known
/// to hold (Situation::next_holds), in points of its value (tuned in self-play: docs/ADVICE.md).
inline constexpr double kFeedCharge = 6.0;

/// One way to discard, with what it is worth.
struct DiscardOption {
  Card discard;
  bool goes_out = false;  ///< The kept cards all meld: the round ends with 0 for this hand.
  int score_now = 0;      ///< Points of the kept cards after their best lay-down.
  double ev = 0;          ///< Expected points this hand ends the round with.
  /// What the advisor minimises: `ev` minus the points the others are expected to hold when
  /// this hand goes out (going out first also costs them). Equals `ev` on the last turn.
  double value = 0;
  double p_out = 0;    ///< Chance the next deck draw goes out with the kept cards.
  bool feeds = false;  ///< Could meld with the cards the next player is known to hold.
};

struct DiscardAdvice {
  std::vector<DiscardOption> options;  ///< Best first; one per different card.
};

struct DrawAdvice {
  bool take = false;
  std::optional<Card> discard;  ///< When taking: the planned discard.
  bool goes_out = false;        ///< Taking goes out at once.
  double take_p_out = 0;        ///< After taking: chance the next deck draw goes out.
  double take_ev = 0;           ///< Expected points after taking (and the best discard).
  double draw_ev = 0;           ///< Expected points after a deck draw.
  double take_value = 0;        ///< The advisor's value of taking (see DiscardOption::value).
  double draw_value = 0;        ///< The advisor's value of drawing.
  double draw_p_out = 0;        ///< Chance the deck draw goes out at once.
};

/// The per-turn chance that some other player goes out before this player's next draw: the
/// advisor's estimate from the round and the number of players (measured in greedy
/// self-play; strength barely moves when it is scaled by 0.6-2.5, so `stock` is not used by
/// it: only rollouts deal the stock), times `scale`.
double opponent_out_chance(const Situation& s, double scale = 1.0);

/// The advisor's settings. The value of a kept hand uses the per-turn chance that another player
/// goes out (opponent_out_chance, times `hazard_scale`) and what the others hold when this
/// player goes out first (`gain` times their measured mean holding). Close calls may be settled
/// by determinized rollouts (include/crowns/rollout.hpp): the plays whose value is within
/// `margin` points of the best (at most `candidates` of them) are played out over the same
/// `samples` deals of the hidden cards, and the one that leaves this player the fewest points
/// more than the others wins; `samples` 0 turns them off.
struct AdvisorSettings {
  double hazard_scale = 1.0;
  double gain = 2.0;
  double feed_charge = kFeedCharge;  ///< Charged to a discard that feeds the next player.
  int samples = 0;
  int candidates = 3;
  double margin = 4.0;
  bool own_policy = true;  ///< In rollouts, discard by the advisor's value (else greedy).
};
inline constexpr AdvisorSettings kAdvisorSettings{};
/// The advisor's static value alone, with today's hazard and gain and no rollouts: self-play's
/// `static` strategy, a fixed reference while the advisor's settings are tuned.
inline constexpr AdvisorSettings kStaticAdvisor{};

/// The advisor's value of keeping a hand of n cards before its next draw, memoized over one
/// situation: what advise_discard ranks its discards by, without the feeding charge, and
/// -gain() for cards that all meld (the hand went out). For the measuring sticks of self-play
/// that look past the next player's reply (selfplay's `reply`, docs/ADVICE.md).
class KeptValues {
 public:
  KeptValues(const Situation& s, const Unseen& unseen,
             const AdvisorSettings& settings = kAdvisorSettings);
  ~KeptValues();
  KeptValues(const KeptValues&) = delete;
  KeptValues& operator=(const KeptValues&) = delete;
  double value(const std::vector<Card>& kept);
  /// What going out first is worth beyond the hand's own 0 (the others' holding, counted).
  [[nodiscard]] double gain() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Advice before drawing (round+2 cards and a top discard). Precondition: check_situation ok.
DrawAdvice advise_draw(const Situation& s, const Unseen& unseen,
                       const AdvisorSettings& settings = kAdvisorSettings);
/// Advice after drawing (round+3 cards). Precondition: check_situation ok.
DiscardAdvice advise_discard(const Situation& s, const Unseen& unseen,
                             const AdvisorSettings& settings = kAdvisorSettings);

}  // namespace crowns
