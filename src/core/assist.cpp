#include "crowns/assist.hpp"

#include <algorithm>

#include "crowns/ascii.hpp"
#include "crowns/hand_round.hpp"
#include "crowns/names.hpp"
#include "crowns/plural.hpp"
#include "crowns/rules.hpp"
#include "crowns/solver.hpp"
#include "crowns/unseen.hpp"

namespace crowns::assist {
namespace {

// The first word and the rest, trimmed.
std::pair<std::string, std::string_view> split_word(std::string_view text) {
  text = ascii_trim(text);
  const auto space = text.find_first_of(" \t");
  if (space == std::string_view::npos) return {ascii_lower(text), {}};
  return {ascii_lower(text.substr(0, space)), ascii_trim(text.substr(space + 1))};
}

long copies_in(const std::vector<Card>& cards, Card card) {
  return std::count(cards.begin(), cards.end(), card);
}

bool remove_one(std::vector<Card>& cards, Card card) {
  const auto it = std::find(cards.begin(), cards.end(), card);
  if (it == cards.end()) return false;
  cards.erase(it);
  return true;
}

Expected<Card> one_card(std::string_view text, std::string_view form) {
  auto card = parse_card(text);
  if (card) return card;
  if (text.find_first_of(" \t") != std::string_view::npos)
    return Failure{quote_token(text) + " is not one card: " + std::string(form)};
  return Failure{card.error() + "; " + std::string(form)};
}

}  // namespace

Session::Session(Setup setup) : setup_(std::move(setup)) {
  start_round(setup_.round);
}

Expected<void> Session::check(const Setup& s) {
  if (!is_valid_round(s.round)) return Failure{round_out_of_range(s.round)};
  if (s.boxes != 1 && s.boxes != 2) return Failure{"boxes must be 1 or 2"};
  if (s.players < kMinPlayers || s.players > max_players(s.boxes)) {
    return Failure{
        "players must be 2-" + std::to_string(max_players(s.boxes)) +
            (s.boxes == 1 ? " with one box" : ""),
        {.kind = s.boxes == 1 ? HintKind::TwoBoxesSeat : HintKind::None, .count = max_players(2)}};
  }
  if (!s.names.empty() && static_cast<int>(s.names.size()) != s.players)
    return Failure{"the game seats " + counted(static_cast<long long>(s.names.size()), "player") +
                   ", not " + std::to_string(s.players)};
  if (s.me < 0 || s.me >= s.players) return Failure{"my seat is out of range"};
  return {};
}

int Session::wild_rank() const {
  return setup_.deals[static_cast<std::size_t>(round_ - 1)].wild_rank;
}

int Session::dealt() const {
  return setup_.deals[static_cast<std::size_t>(round_ - 1)].cards;
}

std::string Session::name_after_me(int offset) const {
  if (setup_.names.empty()) return {};
  return setup_.names[static_cast<std::size_t>((setup_.me + offset) % setup_.players)];
}

void Session::start_round(int round) {
  round_ = round;
  ask_ = Ask::Hand;
  hand_.clear();
  top_.reset();
  dead_.clear();
  held_.assign(static_cast<std::size_t>(setup_.players), {});
  last_ = false;
  taken_.reset();
  drawn_.reset();
  others_turn_ = 1;
  out_by_.reset();
  moves_.clear();
}

std::vector<Card> Session::seen() const {
  std::vector<Card> seen = dead_;
  for (std::size_t k = 2; k < held_.size(); ++k)
    seen.insert(seen.end(), held_[k].begin(), held_[k].end());
  return seen;
}

Situation Session::draw_situation() const {
  Situation s;
  // The advisor knows a round by its hand size and wild rank, which are the standard round
  // of as many cards whatever order the game's rounds come in.
  s.round = dealt() - cards_in_round(1) + 1;
  s.rules = setup_.rules;
  s.hand = hand_;
  if (taken_) remove_one(s.hand, *taken_);
  if (drawn_) remove_one(s.hand, *drawn_);
  s.top = taken_ ? taken_ : top_;
  s.seen = seen();
  if (held_.size() > 1) s.next_holds = held_[1];
  s.players = setup_.players;
  s.boxes = setup_.boxes;
  s.last = last_;
  s.actions = moves_;
  return s;
}

Situation Session::discard_situation() const {
  Situation s = draw_situation();
  s.hand = hand_;
  // After a deck draw the top discard stays on the pile: out of play, like the rest of it.
  if (s.top) s.seen.push_back(*s.top);
  s.top.reset();
  return s;
}

Expected<void> Session::available(Card card, std::string_view where) const {
  const int box = full_box_counts(setup_.boxes).count[static_cast<std::size_t>(kind_of(card))];
  const long in_hand = copies_in(hand_, card);
  const long on_top = top_ && *top_ == card ? 1 : 0;
  const long in_pile = copies_in(dead_, card);
  long held = 0;
  for (const auto& h : held_) held += copies_in(h, card);
  if (in_hand + on_top + in_pile + held < box) return {};
  std::vector<std::string> parts;
  if (in_hand) parts.push_back("your hand " + std::to_string(in_hand));
  if (on_top) parts.emplace_back("the top discard");
  if (in_pile) parts.push_back("the discard pile " + std::to_string(in_pile));
  if (held) parts.push_back("taken by others " + std::to_string(held));
  std::string list;
  for (std::size_t i = 0; i < parts.size(); ++i) list += (i ? ", " : "") + parts[i];
  // A copy in the discard pile is back in play once the pile is shuffled into a new stock.
  const std::string_view after_shuffle =
      in_pile ? "; if the discard pile was shuffled into a new stock, type shuffle first" : "";
  return Failure{to_string(card) + " cannot be " + std::string(where) + ": " +
                 (setup_.boxes == 1 ? "one box holds " : "two boxes hold ") +
                 counted(box, "copy", "copies") + " and all are seen (" + list + ")" +
                 std::string(after_shuffle)};
}

Expected<void> Session::answer(std::string_view text) {
  const std::string kept(ascii_trim(text));
  auto ok = apply(kept);
  if (ok) answers_.push_back(kept);
  return ok;
}

bool Session::undo() {
  if (answers_.empty()) return false;
  std::vector<std::string> answers = answers_;
  answers.pop_back();
  auto again = replay(setup_, answers);
  if (!again) return false;  // cannot happen: each answer applied once already
  *this = std::move(again).value();
  return true;
}

Expected<Session> Session::replay(const Setup& setup, const std::vector<std::string>& answers) {
  if (auto ok = check(setup); !ok) return ok.failure();
  Session session(setup);
  for (std::size_t i = 0; i < answers.size(); ++i) {
    if (auto ok = session.answer(answers[i]); !ok)
      return Failure{"answer " + std::to_string(i + 1) + " (" + quote_token(answers[i]) +
                     ") no longer applies: " + ok.error()};
  }
  return session;
}

Expected<void> Session::apply(std::string_view text) {
  if (ascii_lower(text) == "shuffle" &&
      (ask_ == Ask::Top || ask_ == Ask::Drawn || ask_ == Ask::Others)) {
    // The stock ran out and the discard pile under the top became the new stock: its cards
    // can be drawn (and thrown) again, so they count as unseen from here on.
    if (dead_.empty())
      return Failure{"the discard pile under the top is empty: nothing to shuffle"};
    dead_.clear();
    return {};
  }
  switch (ask_) {
    case Ask::Hand: return on_hand(text);
    case Ask::Top: return on_top(text);
    case Ask::Drawn: return on_drawn(text);
    case Ask::Thrown: return on_thrown(text);
    case Ask::Others: return on_others(text);
    case Ask::RoundEnd:
      if (round_ == kRounds) {
        ask_ = Ask::Finished;
      } else {
        start_round(round_ + 1);
        result_.reset();
      }
      return {};
    case Ask::Finished: return Failure{"the session is over: round 11 is played"};
  }
  return {};
}

Expected<void> Session::on_hand(std::string_view text) {
  const int n = dealt();
  auto cards = parse_cards(text);
  if (!cards) return cards.failure();
  if (static_cast<int>(cards->size()) != n) {
    return Failure{"round " + std::to_string(round_) + " deals " + counted(n, "card") +
                   ", but you typed " + std::to_string(cards->size())};
  }
  for (Card c : *cards) {
    if (auto ok = available(c, "in your hand"); !ok) {
      hand_.clear();
      return ok;
    }
    hand_.push_back(c);
  }
  ask_ = Ask::Top;
  return {};
}

Expected<void> Session::on_out(std::string_view rest) {
  // "out NAME [CARD]": a name may hold spaces ("Mary Jo"); a last word that reads as a card
  // is the card they threw.
  rest = ascii_trim(rest);
  std::string_view card_text;
  std::string_view name = rest;
  if (const auto space = rest.find_last_of(" \t"); space != std::string_view::npos) {
    if (parse_card(rest.substr(space + 1))) {
      card_text = rest.substr(space + 1);
      name = ascii_trim(rest.substr(0, space));
    }
  } else if (setup_.names.empty() && parse_card(rest)) {
    card_text = rest;
    name = {};
  }
  std::string who(name);
  if (!setup_.names.empty()) {
    if (name.empty()) return Failure{"say who went out: out NAME"};
    int found = -1;
    for (int offset = 1; offset < setup_.players; ++offset) {
      if (ascii_lower(name_after_me(offset)) == ascii_lower(name)) found = offset;
    }
    if (found < 0) {
      std::string others;
      for (int offset = 1; offset < setup_.players; ++offset)
        others += (offset > 1 ? ", " : "") + name_after_me(offset);
      return Failure{quote_token(name) + " is not another player of this game (" + others + ")"};
    }
    who = name_after_me(found);
  }
  if (!card_text.empty()) {
    auto card = one_card(card_text, "out NAME [the card they threw]");
    if (!card) return card.failure();
    if (!(top_ && *top_ == *card)) {
      if (auto ok = available(*card, "thrown"); !ok) return ok;
      if (top_) dead_.push_back(*top_);
      top_ = *card;
    }
  }
  last_ = true;
  out_by_ = who;
  ask_ = Ask::Top;
  return {};
}

Expected<void> Session::on_top(std::string_view text) {
  const auto [word, rest] = split_word(text);
  if (word == "out") {
    if (last_) return Failure{"someone went out already: this is your last turn; type the top"};
    return on_out(rest);
  }
  if (text.empty()) {
    if (!top_) return Failure{"type the top discard (e.g. 9h)"};
    ask_ = Ask::Drawn;
    return {};
  }
  auto card = one_card(text, "type the top discard, e.g. 9h, or out NAME");
  if (!card) return card.failure();
  if (top_ && *top_ == *card) {
    ask_ = Ask::Drawn;
    return {};
  }
  // Turns not typed: the old top went under (or to a player); the new one came from a hand,
  // perhaps a card a player took before.
  bool from_held = false;
  for (auto& h : held_) {
    if (remove_one(h, *card)) {
      from_held = true;
      break;
    }
  }
  if (!from_held) {
    if (top_) dead_.push_back(*top_);
    top_.reset();
    if (auto ok = available(*card, "the top discard"); !ok) return ok;
  } else if (top_) {
    dead_.push_back(*top_);
  }
  top_ = *card;
  ask_ = Ask::Drawn;
  return {};
}

Expected<void> Session::on_drawn(std::string_view text) {
  const std::string word = ascii_lower(text);
  if (word == "t" || word == "take" || word == "took") {
    taken_ = *top_;
    hand_.push_back(*top_);
    top_.reset();
    ask_ = Ask::Thrown;
    return {};
  }
  if (text.empty()) return Failure{"type the card you drew, or t if you took the top discard"};
  auto card = one_card(text, "type the card you drew, e.g. Qs, or t if you took the top discard");
  if (!card) return card.failure();
  if (auto ok = available(*card, "drawn"); !ok) return ok;
  drawn_ = *card;
  hand_.push_back(*card);
  ask_ = Ask::Thrown;
  return {};
}

Expected<void> Session::on_thrown(std::string_view text) {
  auto card = one_card(text, "type the card you threw, e.g. Kd");
  if (!card) return card.failure();
  if (std::find(hand_.begin(), hand_.end(), *card) == hand_.end()) {
    std::vector<Card> sorted = hand_;
    std::sort(sorted.begin(), sorted.end());
    std::string cards;
    for (Card c : sorted) cards += (cards.empty() ? "" : " ") + to_string(c);
    return Failure{"you do not have " + to_string(*card) + " (your cards: " + cards + ")"};
  }
  if (taken_ && *taken_ == *card && copies_in(hand_, *card) == 1) {
    return Failure{"you took " + to_string(*card) +
                   " from the discard pile: it may not go straight back; throw another card"};
  }
  remove_one(hand_, *card);
  if (const auto offered = taken_ ? taken_ : top_)
    moves_.push_back(
        {.seat = 0, .offered = *offered, .took = taken_.has_value(), .discarded = *card});
  if (top_) dead_.push_back(*top_);  // drew: the old top goes under
  top_ = *card;
  taken_.reset();
  drawn_.reset();
  const bool out = min_score(hand_, wild_rank(), HandMode::Dealt, setup_.rules) == 0;
  if (out || last_) {
    end_round(out && !last_);
    return {};
  }
  others_turn_ = 1;
  ask_ = Ask::Others;
  return {};
}

Expected<void> Session::on_others(std::string_view text) {
  if (text.empty()) {
    ask_ = Ask::Top;
    return {};
  }
  const auto [word, rest] = split_word(text);
  if (word == "out") return on_out(rest);
  auto& held = held_[static_cast<std::size_t>(others_turn_)];
  const bool took = word == "t" || word == "take" || word == "took";
  const std::string form =
      "type the card they threw (7h), t CARD if they took the top discard first, out NAME, or "
      "Enter for your turn";
  auto card = one_card(took ? rest : text, form);
  if (!card) return card.failure();
  if (took && !top_) return Failure{"the top discard is not known: type the card they threw"};
  // The card thrown is one they took from the pile before, or comes from their hidden hand.
  const bool from_held = std::find(held.begin(), held.end(), *card) != held.end();
  if (!from_held) {
    if (auto ok = available(*card, "thrown"); !ok) return ok;
  }
  if (top_) {
    moves_.push_back({.seat = others_turn_, .offered = *top_, .took = took, .discarded = *card});
  }
  if (took) {
    held.push_back(*top_);
  } else if (top_) {
    dead_.push_back(*top_);
  }
  if (from_held) remove_one(held, *card);
  top_ = *card;
  ++others_turn_;
  if (others_turn_ >= setup_.players) ask_ = Ask::Top;
  return {};
}

void Session::end_round(bool went_out) {
  RoundResult r;
  r.round = round_;
  r.hand = hand_;
  std::sort(r.hand.begin(), r.hand.end());
  r.went_out = went_out;
  r.score = min_score(hand_, wild_rank(), HandMode::Dealt, setup_.rules);
  if (!went_out) r.out_by = out_by_.value_or("");
  result_ = r;
  ask_ = Ask::RoundEnd;
}

}  // namespace crowns::assist
