#pragma once
// The move assistant's session (crowns assist): what a player types during a real round, one
// answer at a time, and what the assistant knows from it: the hand, the top discard, the dead
// discards, the cards the others took from the pile and still hold. A state machine with no
// I/O: the command asks what `asking()` says, passes each answer to `answer()`, and shows the
// advisor's answer for `draw_situation()` / `discard_situation()`. The session is its setup and
// its answers: replaying them rebuilds it exactly (undo, resume). docs/ASSIST.md.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "crowns/advice.hpp"
#include "crowns/card.hpp"
#include "crowns/expected.hpp"
#include "crowns/house_rules.hpp"
#include "crowns/round_order.hpp"

namespace crowns::assist {

/// The table: who plays, with how many boxes, from which round.
struct Setup {
  int round = 1;    ///< The first round assisted (1-11).
  int players = 2;  ///< 2-14.
  int boxes = 1;    ///< 1 or 2.
  /// The players' names in seat order, when the session follows a game; empty when standalone.
  std::vector<std::string> names;
  int me = 0;  ///< My seat in `names` (0 when standalone).
  /// What each round deals (its cards and wild rank) under the game's order of rounds: up, the
  /// standard, unless the session follows a game of another order (docs/RULES.md).
  RoundSequence deals = round_sequence(RoundOrder::Up);
  /// The meld rules of the table: the advice and each round's score follow them.
  MeldRules rules;
};

/// What the session waits for.
enum class Ask {
  Hand,      ///< The dealt hand: round+2 cards.
  Top,       ///< My turn: the top discard (or `out NAME`: someone went out before it).
  Drawn,     ///< The card drawn from the deck, or `t`: I took the top discard.
  Thrown,    ///< The card I threw.
  Others,    ///< The next other player's turn: `CARD`, `t CARD`, `out NAME [CARD]`; "" skips.
  RoundEnd,  ///< The round is over: "" (or y / n, the command's record question) goes on.
  Finished,  ///< Round 11 is over.
};

/// How my round ended.
struct RoundResult {
  int round = 0;
  std::vector<Card> hand;             ///< What I hold (round+2 cards).
  bool went_out = false;              ///< I went out (0 points).
  int score = 0;                      ///< The points of my best lay-down (0 when I went out).
  std::optional<std::string> out_by;  ///< Who went out first when it was not me ("" unknown).
};

class Session {
 public:
  explicit Session(Setup setup);

  /// Checks a setup (round, players, boxes, names, seat); fails with one line.
  static Expected<void> check(const Setup& setup);

  [[nodiscard]] const Setup& setup() const { return setup_; }
  [[nodiscard]] Ask asking() const { return ask_; }
  [[nodiscard]] int round() const { return round_; }
  [[nodiscard]] int wild_rank() const;
  /// The cards this round deals (Setup::deals).
  [[nodiscard]] int dealt() const;
  /// My cards: round+2, or round+3 while asking Thrown.
  [[nodiscard]] const std::vector<Card>& hand() const { return hand_; }
  /// The top discard as far as it is known.
  [[nodiscard]] std::optional<Card> top() const { return top_; }
  /// Someone has gone out: my turn now is my last.
  [[nodiscard]] bool last_turn() const { return last_; }
  /// The card taken from the pile this turn (asking Thrown after `t`).
  [[nodiscard]] std::optional<Card> taken() const { return taken_; }
  /// Which other player `Others` asks about: 1 = the next player, up to players-1.
  [[nodiscard]] int others_turn() const { return others_turn_; }
  /// The name of the player `offset` seats after me ("" when standalone).
  [[nodiscard]] std::string name_after_me(int offset) const;
  /// The round just ended (asking RoundEnd or Finished).
  [[nodiscard]] const std::optional<RoundResult>& result() const { return result_; }

  /// My draw decision this turn (asking Drawn or Thrown): hand, top, seen, next_holds, and the
  /// round's moves typed so far whose top discard was known (`actions`).
  [[nodiscard]] Situation draw_situation() const;
  /// My discard decision after a deck draw (asking Thrown, not after `t`).
  [[nodiscard]] Situation discard_situation() const;

  /// Applies one answer (trimmed). Fails with one line naming the problem (a card that cannot
  /// be there, a card I do not have, a word that is no answer here); the session is unchanged.
  Expected<void> answer(std::string_view text);
  /// Takes back the last answer. False when there is none.
  bool undo();
  /// The game's deals as now known: a game in random order deals each round when it comes,
  /// so a session following it learns the next round's cards and wild then.
  void set_deals(const RoundSequence& deals) { setup_.deals = deals; }
  /// Every answer applied, in order: with the setup, all the session is.
  [[nodiscard]] const std::vector<std::string>& answers() const { return answers_; }
  /// A session with these answers replayed; fails naming the first that does not apply.
  static Expected<Session> replay(const Setup& setup, const std::vector<std::string>& answers);

 private:
  Expected<void> apply(std::string_view text);
  Expected<void> on_hand(std::string_view text);
  Expected<void> on_top(std::string_view text);
  Expected<void> on_drawn(std::string_view text);
  Expected<void> on_thrown(std::string_view text);
  Expected<void> on_others(std::string_view text);
  Expected<void> on_out(std::string_view rest);
  void start_round(int round);
  void end_round(bool went_out);
  /// Fails when one more `card` cannot be there: every copy of it is already accounted for.
  [[nodiscard]] Expected<void> available(Card card, std::string_view where) const;
  /// Cards out of play for the advisor: dead discards and what players after the next hold.
  [[nodiscard]] std::vector<Card> seen() const;

  Setup setup_;
  Ask ask_ = Ask::Hand;
  int round_ = 1;
  std::vector<Card> hand_;
  std::optional<Card> top_;
  std::vector<Card> dead_;               ///< The discard pile under the top.
  std::vector<std::vector<Card>> held_;  ///< By seat offset from me (1 = next): taken cards.
  bool last_ = false;
  std::optional<Card> taken_;
  std::optional<Card> drawn_;
  int others_turn_ = 1;
  std::optional<std::string> out_by_;
  std::optional<RoundResult> result_;
  std::vector<std::string> answers_;
  /// This round's moves whose top discard was known, mine (seat 0) and the others'.
  std::vector<TableMove> moves_;
};

}  // namespace crowns::assist
