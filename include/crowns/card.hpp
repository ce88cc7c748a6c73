#pragma once
// Cards of a Five Crowns deck and their text notation.

#include <compare>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "crowns/expected.hpp"

namespace crowns {

/// The five suits, in the order crowns sorts and prints them.
enum class Suit : std::uint8_t { Stars, Hearts, Clubs, Spades, Diamonds };
inline constexpr int kSuitCount = 5;
inline constexpr int kMinRank = 3;   ///< The lowest rank: there are no aces and no 2s.
inline constexpr int kMaxRank = 13;  ///< King.
inline constexpr int kRankCount = kMaxRank - kMinRank + 1;

/// One card: a natural card (rank 3..13 and a suit) or a joker.
struct Card {
  std::uint8_t rank = 0;  ///< 3..13 (J=11, Q=12, K=13); 0 for a joker.
  Suit suit = Suit::Stars;

  static constexpr Card joker() { return Card{0, Suit::Stars}; }
  static constexpr Card natural(int rank, Suit suit) {
    return Card{static_cast<std::uint8_t>(rank), suit};
  }
  [[nodiscard]] constexpr bool is_joker() const { return rank == 0; }

  /// Canonical order: by rank, then suit; jokers last.
  [[nodiscard]] constexpr int order_key() const {
    return is_joker() ? 1000 : rank * 8 + static_cast<int>(suit);
  }
  friend constexpr bool operator==(Card a, Card b) {
    return a.rank == b.rank && (a.is_joker() || a.suit == b.suit);
  }
  friend constexpr auto operator<=>(Card a, Card b) { return a.order_key() <=> b.order_key(); }
};

/// "3".."10", "J", "Q", "K".
std::string_view rank_name(int rank);
/// 's', 'h', 'c', 'd' or '*'.
char suit_letter(Suit suit);
/// "♠", "♥", "♣", "♦" or "★".
std::string_view suit_symbol(Suit suit);
std::string_view suit_name(Suit suit);

/// `cards` less one copy of `card`, which must be among them.
std::vector<Card> without(std::vector<Card> cards, Card card);

/// Canonical text: "10s", "Qh", "7*", "jk".
std::string to_string(Card card);

/// Parses one token, case-insensitive: rank 3-10 (also T), J, Q, K, then a suit letter
/// (s h c d *) or symbol (♠ ♥ ♣ ♦ ★); or "jk" / "joker". Fails naming the token.
Expected<Card> parse_card(std::string_view token);

/// Parses a whole hand: tokens split by spaces and/or commas. Each argument of `words` may
/// itself hold several tokens. Fails on the first bad token, or on an empty hand.
Expected<std::vector<Card>> parse_cards(std::span<const std::string> words);
Expected<std::vector<Card>> parse_cards(std::string_view text);

/// Parses a rank alone, as given to --wild: "3".."13", "T", "J", "Q", "K" (case-insensitive).
Expected<int> parse_rank(std::string_view token);

}  // namespace crowns
