#include "crowns/card.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <string>

#include "crowns/ascii.hpp"
#include "crowns/names.hpp"

namespace crowns {
namespace {

constexpr std::array<std::string_view, kRankCount> kRankNames = {"3", "4",  "5", "6", "7", "8",
                                                                 "9", "10", "J", "Q", "K"};
constexpr std::string_view kCardForm = "(ranks 3-10 J Q K, suits s h c d *, or jk)";

// The emoji and text variation selectors (U+FE0F, U+FE0E) that phones and the official score
// sheet put after a suit symbol ("7♠️"): they change how the symbol is drawn, not the suit.
std::string_view without_variation_selector(std::string_view s) {
  for (std::string_view selector : {"\uFE0F", "\uFE0E"}) {
    if (s.size() > selector.size() && s.ends_with(selector)) s.remove_suffix(selector.size());
  }
  return s;
}

std::optional<Suit> parse_suit(std::string_view typed) {
  const std::string_view s = without_variation_selector(typed);
  if (s == "s" || s == "\u2660" || s == "\u2664") return Suit::Spades;
  if (s == "h" || s == "\u2665" || s == "\u2661") return Suit::Hearts;
  if (s == "c" || s == "\u2663" || s == "\u2667") return Suit::Clubs;
  if (s == "d" || s == "\u2666" || s == "\u2662") return Suit::Diamonds;
  if (s == "*" || s == "\u2605" || s == "\u2606" || s == "\u2B50") return Suit::Stars;
  return std::nullopt;
}

std::optional<int> parse_rank_text(std::string_view r) {
  if (r == "t" || r == "10") return 10;
  if (r == "j") return 11;
  if (r == "q") return 12;
  if (r == "k") return 13;
  if (r.size() == 1 && r[0] >= '3' && r[0] <= '9') return r[0] - '0';
  return std::nullopt;
}

}  // namespace

std::vector<Card> without(std::vector<Card> cards, Card card) {
  cards.erase(std::find(cards.begin(), cards.end(), card));
  return cards;
}

std::string_view rank_name(int rank) {
  if (rank < kMinRank || rank > kMaxRank) return "?";
  return kRankNames[static_cast<std::size_t>(rank - kMinRank)];
}

char suit_letter(Suit suit) {
  switch (suit) {
    case Suit::Stars: return '*';
    case Suit::Hearts: return 'h';
    case Suit::Clubs: return 'c';
    case Suit::Spades: return 's';
    case Suit::Diamonds: return 'd';
  }
  return '?';
}

std::string_view suit_symbol(Suit suit) {
  switch (suit) {
    case Suit::Stars: return "\u2605";
    case Suit::Hearts: return "\u2665";
    case Suit::Clubs: return "\u2663";
    case Suit::Spades: return "\u2660";
    case Suit::Diamonds: return "\u2666";
  }
  return "?";
}

std::string_view suit_name(Suit suit) {
  switch (suit) {
    case Suit::Stars: return "stars";
    case Suit::Hearts: return "hearts";
    case Suit::Clubs: return "clubs";
    case Suit::Spades: return "spades";
    case Suit::Diamonds: return "diamonds";
  }
  return "?";
}

std::string to_string(Card card) {
  if (card.is_joker()) return "jk";
  std::string out(rank_name(card.rank));
  out += suit_letter(card.suit);
  return out;
}

Expected<Card> parse_card(std::string_view token) {
  // Lower-cased into a small buffer: a card is at most "10", a 3-byte symbol and a 3-byte
  // variation selector.
  std::array<char, 8> buf{};
  if (token.empty() || token.size() > buf.size()) {
    return Failure{quote_token(token) + " is not a card " + std::string(kCardForm)};
  }
  for (std::size_t i = 0; i < token.size(); ++i) {
    buf[i] = ascii_lower(token[i]);
  }
  const std::string_view t(buf.data(), token.size());
  if (t == "jk" || t == "joker") return Card::joker();
  // The rank is "10" or one character; the rest is the suit (a letter or a UTF-8 symbol).
  const std::size_t rank_len = t.starts_with("10") ? 2 : 1;
  if (t.size() > rank_len) {
    const auto rank = parse_rank_text(t.substr(0, rank_len));
    const auto suit = parse_suit(t.substr(rank_len));
    if (rank && suit) return Card::natural(*rank, *suit);
  }
  return Failure{quote_token(token) + " is not a card " + std::string(kCardForm)};
}

Expected<std::vector<Card>> parse_cards(std::string_view text) {
  std::vector<Card> cards;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == ',' || text[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != ',' && text[j] != '\t') ++j;
    if (j > i) {
      auto card = parse_card(text.substr(i, j - i));
      if (!card) return card.failure();
      cards.push_back(*card);
    }
    i = j;
  }
  if (cards.empty()) return Failure{"no cards given " + std::string(kCardForm)};
  return cards;
}

Expected<std::vector<Card>> parse_cards(std::span<const std::string> words) {
  std::string joined;
  for (const auto& w : words) {
    joined += w;
    joined += ' ';
  }
  return parse_cards(std::string_view(joined));
}

Expected<int> parse_rank(std::string_view token) {
  // 11-13 as well, as a --batch line's "wild": 11 reads.
  if (token == "11" || token == "12" || token == "13") return std::stoi(std::string(token));
  const auto rank = parse_rank_text(ascii_lower(token));
  if (!rank) return Failure{quote_token(token) + " is not a rank (3-10, J, Q or K)"};
  return *rank;
}

}  // namespace crowns
