#pragma once
// The self-play engine: whole games of Five Crowns by the rules, between strategies, seeded and
// reproducible, and the duplicate format that measures one strategy against another. No I/O
// (bench/bench_selfplay.cpp runs it on threads and prints).

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "crowns/advice.hpp"
#include "crowns/card.hpp"
#include "crowns/expected.hpp"
#include "crowns/hand_reading.hpp"
#include "crowns/random.hpp"
#include "crowns/rules.hpp"

namespace crowns::selfplay {

enum class Strategy {
  Advisor,        ///< advise_draw / advise_discard.
  Greedy,         ///< The documented 0-ply baseline (docs/ADVICE.md).
  ExpectedValue,  ///< Looks one draw ahead over unseen natural cards, its own hand only.
  OnePly,         ///< Looks one draw ahead over every unseen card the table shows.
  Static,         ///< The advisor without rollouts (its static value alone).
  /// Not a player: a measuring stick. Static, but it sees the next player's hand and never
  /// throws a card that lets them go out when another discard does not (docs/ADVICE.md).
  Oracle,
  /// Not a player: a measuring stick. Static, but it sees the next player's hand and picks
  /// among its best few discards by the reply the expected-value player would make to each
  /// and its own position after it (docs/ADVICE.md, issue 37).
  Reply,
  /// The reply stick without sight: the same reply averaged over 4 hands dealt to the next
  /// player from their known pickups and the unseen cards, all alike (no reading of their
  /// moves): what the reply is worth before any inference (docs/ADVICE.md).
  BlindReply,
  /// The reply stick with hand reading: the same reply averaged over 4 hands drawn from the
  /// weighted hands crowns::reading reads from the next player's moves (docs/ADVICE.md).
  ReadReply,
  /// Not a player: a measuring stick. The reply stick over 4 hands built from the next player's
  /// true hand with accuracy ReadReplySettings::sight (each card beyond their known pickups kept
  /// with that chance, else dealt again from the unseen cards): what a reading of a given
  /// accuracy is worth (docs/ADVICE.md, "What a reading could be worth").
  SightReply,
  /// The static advisor's ranking with a charge for the read chance that the next player goes
  /// out at once by taking the discard (crowns::reading's weighted hands): the confident part of
  /// the reading only (docs/ADVICE.md, issue 37).
  ReadFeed,
};
Expected<Strategy> parse_strategy(std::string_view name);
std::string_view strategy_name(Strategy s);

/// The rollout settings Strategy::Advisor plays with (kAdvisorSettings unless changed; the bench
/// sets them before any game starts, to compare settings).
AdvisorSettings& advisor_settings();

/// The oracle's discard (Strategy::Oracle): the static advisor's best discard that does not let
/// the next player, who holds `next_hand`, go out by taking it; the best if every one does.
Card oracle_discard(const Situation& s, const Unseen& unseen, const std::vector<Card>& next_hand);

/// The reply stick's discard (Strategy::Reply): of the static advisor's best 4 discards, the one
/// whose position after the next player's reply (they hold `next_hand` and play as the
/// expected-value player; a deck draw averaged over the cards neither hand holds) is best: our
/// value less theirs, or our exact last turn when they go out.
Card reply_discard(const Situation& s, const Unseen& unseen, const std::vector<Card>& next_hand);
/// Strategy::BlindReply's discard: reply_discard's scores averaged over `hands` hands dealt to
/// the next player (determinize, seeded by the situation).
inline constexpr int kBlindReplyHands = 4;
Card blind_reply_discard(const Situation& s, const Unseen& unseen, int hands = kBlindReplyHands);
/// How Strategy::ReadReply reads and replies: the reading's settings and how many hands the
/// reply is averaged over (drawn by weight from the reading).
struct ReadReplySettings {
  reading::Settings reading;
  int hands = kBlindReplyHands;
  /// The reply's favourite replaces the static advisor's first choice only when its mean score
  /// is lower by more than this many points (0: the reply's favourite always).
  double margin = 0;
  /// Strategy::SightReply's accuracy, 0..1: the chance each card of the true hand beyond the
  /// known pickups is kept in a hand it replies to (1: the true hand; 0: hands dealt alike).
  double sight = 1.0;
  /// Strategy::ReadFeed's charge: points times the read chance a discard lets them go out.
  double feed_charge = 10.0;
};
/// The settings Strategy::ReadReply plays with (the defaults unless changed; the bench sets them
/// before any game starts).
ReadReplySettings& read_reply_settings();
/// Strategy::ReadReply's discard: reply_discard's scores averaged over `settings.hands` hands
/// drawn by weight from reading::read_next_hand (seeded by the situation).
Card read_reply_discard(const Situation& s, const Unseen& unseen,
                        const ReadReplySettings& settings = {});

/// The next player's hands Strategy::SightReply replies to: `hands` hands, each their known
/// pickups (s.next_holds) plus every other card of `next_hand` (their true hand) kept with
/// chance `sight`, the rest dealt from the unseen cards less the cards kept (so every card's
/// count is respected), seeded by `seed`.
std::vector<std::vector<Card>> sight_hands(const Situation& s, const Unseen& unseen,
                                           const std::vector<Card>& next_hand, double sight,
                                           int hands, std::uint64_t seed);
/// Strategy::SightReply's discard: reply_discard's scores averaged over `settings.hands`
/// sight_hands of accuracy `settings.sight` (seeded by the situation).
Card sight_reply_discard(const Situation& s, const Unseen& unseen,
                         const std::vector<Card>& next_hand, const ReadReplySettings& settings);

/// Strategy::ReadFeed's discard: of the static advisor's discards, the lowest value plus
/// `settings.feed_charge` times the weight of the read hands (reading::read_next_hand with
/// `settings.reading`, seeded by the situation) that go out by taking it.
Card read_feed_discard(const Situation& s, const Unseen& unseen, const ReadReplySettings& settings);

/// The greedy baseline's decisions.
bool greedy_take(const Situation& s, const Unseen& unseen);
Card greedy_discard(const Situation& s);

/// The two sparring partners that look one draw ahead (docs/ADVICE.md). Both discard the card
/// that leaves the lowest mean best score after one more draw, and compare taking the top card
/// (then the best such discard) with drawing from the deck (the mean over the drawn card of the
/// same). The expected-value player draws from the box minus its own hand, without jokers, and
/// takes unless drawing is lower; the one-ply player draws from the unseen cards (the table's
/// information) and takes only when taking is lower. Both play the last turn as greedy does.
enum class Lookahead { ExpectedValue, OnePly };
bool lookahead_take(Lookahead kind, const Situation& s, const Unseen& unseen);
Card lookahead_discard(Lookahead kind, const Situation& s, const Unseen& unseen);

/// The look-ahead players' values over a pool of cards to draw from, memoized per hand.
class LookaheadValues {
 public:
  /// Scores hands with `wild_rank` wild under the meld rules `rules`.
  LookaheadValues(int wild_rank, MeldRules rules, const Unseen& pool);
  /// The mean over the pool of the kept cards' best score after drawing that card and
  /// discarding (0 for kept cards that already meld).
  double after_one_draw(std::vector<Card> kept);
  struct Choice {
    Card discard;
    double value = 0;  ///< after_one_draw of the kept cards, 0 if they go out.
    bool goes_out = false;
  };
  /// The best discard of n+1 cards (never `keep` unless it is the only card): one that goes
  /// out, else the lowest after_one_draw; ties to a natural card, then the higher value.
  Choice best_discard(const std::vector<Card>& cards, std::optional<Card> keep);
  /// The mean over the pool of best_discard(hand + the drawn card).value.
  double after_deck_draw(const std::vector<Card>& hand);

 private:
  int wild_rank_;
  MeldRules rules_;
  Unseen pool_;
  std::unordered_map<std::string, double> cache_;
};

/// The deal of one round: each seat's hand (seat 0 first), the discard pile's first card and
/// the stock (drawn from the back). Seats are dealt one card at a time, starting left of the
/// dealer; the dealer of round r is seat (r-1) mod players.
struct RoundDeal {
  std::vector<std::vector<Card>> hands;
  std::vector<Card> discard;
  std::vector<Card> stock;
};
RoundDeal deal_round(std::uint64_t seed, int round, int players, int boxes);

/// One turn as it was played, for analysis programs (bench/bench_race.cpp): reported after the
/// discard.
struct TurnRecord {
  int round = 1;
  int seat = 0;
  Strategy strategy = Strategy::Advisor;
  bool took = false;  ///< Took the top discard (else drew from the stock).
  Card discard;
  bool went_out = false;                         ///< This discard went out first.
  bool last = false;                             ///< A last turn, after someone went out.
  int score = 0;                                 ///< The hand's points after the discard.
  const std::vector<Card>* next_hand = nullptr;  ///< The next seat's hand as the card is thrown.
  /// The round's moves before this turn as this seat is told them (Situation::actions).
  const std::vector<TableMove>* actions = nullptr;
  /// What this seat was told at its discard decision (its hand after the draw, before the
  /// discard; `actions` as above).
  const Situation* situation = nullptr;
  std::optional<Card> offered;  ///< The top discard it saw when drawing (none: an empty pile).
  Card drawn;                   ///< The card it took or drew.
};
using TurnObserver = std::function<void(const TurnRecord&)>;

struct GameSetup {
  std::uint64_t seed = 1;       ///< The deal: the same seed deals the same cards.
  std::vector<Strategy> seats;  ///< One strategy per seat (2..14 seats).
  int boxes = 1;
  int rounds = kRounds;   ///< Play rounds 1..rounds only (fewer for quick tuning runs).
  MeldRules rules;        ///< The meld rules every seat plays and every hand scores under.
  TurnObserver observer;  ///< Told every turn, when set.
};
struct GameResult {
  std::vector<int> totals;                     ///< Per seat, over the rounds played.
  std::vector<std::vector<int>> round_scores;  ///< [round-1][seat].
  int turns = 0;                               ///< Turns played in all.
  std::vector<int> round_turns;                ///< Turns played in each round.
};
GameResult play_game(const GameSetup& setup);

/// One deal in the duplicate format: the game is played once per seat with side A in that
/// seat and side B in all the others (rounds 1..`rounds`). `a_totals[r]`/`b_mean[r]` are
/// rotation r's results.
struct DuplicateDeal {
  std::vector<int> a_totals;
  std::vector<double> b_mean;
  std::vector<double> a_win;  ///< 1 if A had the lowest total, 1/k if k tied for it, else 0.
};
DuplicateDeal play_duplicate(std::uint64_t seed, int players, Strategy a, Strategy b, int boxes,
                             MeldRules rules, int rounds = kRounds);

/// Means over deals, and the 95% interval of B's mean minus A's (a positive difference means
/// A scored fewer points: A played better).
struct MatchSummary {
  int deals = 0;
  double a_mean = 0;
  double b_mean = 0;
  double difference = 0;  ///< Mean over deals of (B's mean - A's).
  double margin = 0;      ///< 95% half-width of `difference`.
  double a_win_share = 0;
};
MatchSummary summarize(std::span<const DuplicateDeal> deals);

}  // namespace crowns::selfplay
