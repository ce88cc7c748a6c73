// Card notation: every rank alias, every suit letter and symbol, jokers, separators, canonical
// output, and every error.

#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "crowns/card.hpp"
#include "crowns/deck.hpp"
#include "views/style.hpp"

using namespace crowns;

namespace {

const std::string kForm = " is not a card (ranks 3-10 J Q K, suits s h c d *, or jk)";

Card card(std::string_view token) {
  auto c = parse_card(token);
  INFO("token: " << token);
  REQUIRE(c.ok());
  return *c;
}

std::string card_error(std::string_view token) {
  auto c = parse_card(token);
  INFO("token: " << token);
  REQUIRE_FALSE(c.ok());
  return c.error();
}

std::vector<std::string> texts(const std::vector<Card>& cards) {
  std::vector<std::string> out;
  out.reserve(cards.size());
  for (Card c : cards) out.push_back(to_string(c));
  return out;
}

struct SuitSpelling {
  const char* text;
  Suit suit;
};

// Every way to write each suit: the letter, both cases, the filled and the outline symbol, the
// emoji star (U+2B50) and a symbol followed by a variation selector (U+FE0F emoji, U+FE0E text),
// as phones and the official score sheet write them (issue 9 item 12).
const SuitSpelling kSuitSpellings[] = {
    {"s", Suit::Spades},
    {"S", Suit::Spades},
    {"\u2660", Suit::Spades},
    {"\u2664", Suit::Spades},
    {"h", Suit::Hearts},
    {"H", Suit::Hearts},
    {"\u2665", Suit::Hearts},
    {"\u2661", Suit::Hearts},
    {"c", Suit::Clubs},
    {"C", Suit::Clubs},
    {"\u2663", Suit::Clubs},
    {"\u2667", Suit::Clubs},
    {"d", Suit::Diamonds},
    {"D", Suit::Diamonds},
    {"\u2666", Suit::Diamonds},
    {"\u2662", Suit::Diamonds},
    {"*", Suit::Stars},
    {"\u2605", Suit::Stars},
    {"\u2606", Suit::Stars},
    {"\u2B50", Suit::Stars},
    {"\u2B50\uFE0F", Suit::Stars},
    {"\u2660\uFE0F", Suit::Spades},
    {"\u2665\uFE0F", Suit::Hearts},
    {"\u2663\uFE0F", Suit::Clubs},
    {"\u2666\uFE0F", Suit::Diamonds},
    {"\u2605\uFE0E", Suit::Stars},
};

struct RankSpelling {
  const char* text;
  int rank;
};

const RankSpelling kRankSpellings[] = {
    {"3", 3},  {"4", 4},  {"5", 5},  {"6", 6},  {"7", 7},  {"8", 8},  {"9", 9},  {"10", 10},
    {"T", 10}, {"t", 10}, {"J", 11}, {"j", 11}, {"Q", 12}, {"q", 12}, {"K", 13}, {"k", 13},
};

}  // namespace

TEST_CASE("every rank alias with every suit spelling", "[card]") {
  for (const auto& r : kRankSpellings) {
    for (const auto& s : kSuitSpellings) {
      const std::string token = std::string(r.text) + s.text;
      const Card c = card(token);
      CHECK(c.rank == r.rank);
      CHECK(c.suit == s.suit);
      CHECK_FALSE(c.is_joker());
    }
  }
}

TEST_CASE("jokers: jk and joker, any case", "[card]") {
  for (const char* token : {"jk", "JK", "Jk", "jK", "joker", "JOKER", "Joker", "jOkEr"}) {
    CHECK(card(token).is_joker());
  }
  CHECK(to_string(Card::joker()) == "jk");
}

TEST_CASE("canonical output and round trip for every card", "[card]") {
  CHECK(to_string(card("10s")) == "10s");
  CHECK(to_string(card("ts")) == "10s");
  CHECK(to_string(card("qH")) == "Qh");
  CHECK(to_string(card("7\u2605")) == "7*");
  CHECK(to_string(card("k\u2666")) == "Kd");
  CHECK(to_string(card("3\u2663")) == "3c");
  CHECK(to_string(card("JOKER")) == "jk");
  for (int r = kMinRank; r <= kMaxRank; ++r) {
    for (int s = 0; s < kSuitCount; ++s) {
      const Card c = Card::natural(r, static_cast<Suit>(s));
      const std::string text = to_string(c);
      INFO(text);
      CHECK(card(text) == c);
      // The same card written with its suit symbol.
      CHECK(card(std::string(rank_name(r)) + std::string(suit_symbol(c.suit))) == c);
    }
  }
}

TEST_CASE("rank and suit names", "[card]") {
  CHECK(rank_name(3) == "3");
  CHECK(rank_name(10) == "10");
  CHECK(rank_name(11) == "J");
  CHECK(rank_name(12) == "Q");
  CHECK(rank_name(13) == "K");
  CHECK(rank_name(2) == "?");
  CHECK(rank_name(14) == "?");
  CHECK(suit_letter(Suit::Stars) == '*');
  CHECK(suit_letter(Suit::Hearts) == 'h');
  CHECK(suit_letter(Suit::Clubs) == 'c');
  CHECK(suit_letter(Suit::Spades) == 's');
  CHECK(suit_letter(Suit::Diamonds) == 'd');
  CHECK(suit_symbol(Suit::Stars) == "\u2605");
  CHECK(suit_symbol(Suit::Hearts) == "\u2665");
  CHECK(suit_symbol(Suit::Clubs) == "\u2663");
  CHECK(suit_symbol(Suit::Spades) == "\u2660");
  CHECK(suit_symbol(Suit::Diamonds) == "\u2666");
  CHECK(suit_name(Suit::Stars) == "stars");
  CHECK(suit_name(Suit::Diamonds) == "diamonds");
}

TEST_CASE("card order: by rank, then suit; jokers last", "[card]") {
  CHECK(card("3d") < card("4*"));
  CHECK(card("7*") < card("7h"));
  CHECK(card("7h") < card("7c"));
  CHECK(card("7c") < card("7s"));
  CHECK(card("7s") < card("7d"));
  CHECK(card("Kd") < card("jk"));
  CHECK(card("jk") == card("joker"));
  CHECK_FALSE(card("7h") == card("7s"));
}

TEST_CASE("bad tokens name the token and show the right form", "[card][error]") {
  for (const char* token : {"1s", "2h", "11s", "Ah", "7x", "7", "10", "s7", "77h", "7hh", "j", "k",
                            "jok", "jokers", "10 s", "1*", "0s", "-7s", "7s,"}) {
    CHECK(card_error(token) == "'" + std::string(token) + "'" + kForm);
  }
  CHECK(card_error("") == "''" + kForm);
}

// Core quotes the token as typed (quote_token); the CLI escapes the whole message once where
// it prints it (sanitize): what the user sees is the escaped form, valid UTF-8 stays text.
TEST_CASE("control bytes and bad UTF-8 are escaped in messages, long tokens cut", "[card][error]") {
  const auto shown = [](std::string_view token) { return views::sanitize(card_error(token)); };
  CHECK(shown(std::string_view("7\x01", 2)) == "'7\\x01'" + kForm);
  CHECK(shown("\x1b[31m7h") == "'\\x1b[31m7h'" + kForm);
  CHECK(shown(std::string_view("7h\0", 3)) == "'7h\\x00'" + kForm);
  CHECK(shown("7\xe2\x99") == "'7\\xe2\\x99'" + kForm);  // a cut UTF-8 symbol
  CHECK(shown("\x7f") == "'\\x7f'" + kForm);
  CHECK(shown("9h\u202e") == "'9h\\u{202e}'" + kForm);
  CHECK(shown("J\u2660x") == "'J\u2660x'" + kForm);
  CHECK(shown("1\u2660") == "'1\u2660'" + kForm);
  // Valid UTF-8 reads as text (issue 9 item 12): 1♥ was shown as '1\xe2\x99\xa5'.
  CHECK(shown("1\u2665") == "'1\u2665'" + kForm);
  CHECK(shown("7\u00e9") == "'7\u00e9'" + kForm);
  const std::string long_token(100, 'x');
  CHECK(card_error(long_token) == "'" + std::string(40, 'x') + "...' (100 characters)" + kForm);
}

TEST_CASE("parse_cards splits on spaces, commas and tabs", "[card]") {
  using V = std::vector<std::string>;
  const auto parsed = [](std::string_view text) {
    auto h = parse_cards(text);
    INFO("text: " << text);
    REQUIRE(h.ok());
    return texts(*h);
  };
  CHECK(parsed("7h 8h jk") == V{"7h", "8h", "jk"});
  CHECK(parsed("7h,8h,jk") == V{"7h", "8h", "jk"});
  CHECK(parsed("  7h ,, 8h\t,jk  ") == V{"7h", "8h", "jk"});
  CHECK(parsed("10\u2665,T\u2660 q* JOKER") == V{"10h", "10s", "Q*", "jk"});
  CHECK(parsed("Ks") == V{"Ks"});
  // Order is kept as typed; sorting is the caller's business.
  CHECK(parsed("Kd 3s jk 3s") == V{"Kd", "3s", "jk", "3s"});

  const std::vector<std::string> words = {"7h 8h", "9h,", "jk"};
  auto from_words = parse_cards(std::span<const std::string>(words));
  REQUIRE(from_words.ok());
  CHECK(texts(*from_words) == V{"7h", "8h", "9h", "jk"});
}

TEST_CASE("parse_cards errors", "[card][error]") {
  const auto error = [](std::string_view text) {
    auto h = parse_cards(text);
    INFO("text: " << text);
    REQUIRE_FALSE(h.ok());
    return h.error();
  };
  CHECK(error("7h 1s 8h") == "'1s'" + kForm);
  CHECK(error("7h 1s 2s") == "'1s'" + kForm);  // the first bad token
  CHECK(error("7h,8h;9h") == "'8h;9h'" + kForm);
  CHECK(views::sanitize(error("7h\n8h")) == "'7h\\x0a8h'" + kForm);  // escaped when printed
  const std::string no_cards = "no cards given (ranks 3-10 J Q K, suits s h c d *, or jk)";
  CHECK(error("") == no_cards);
  CHECK(error("   ") == no_cards);
  CHECK(error(" , ,\t") == no_cards);
  const std::vector<std::string> none;
  auto from_none = parse_cards(std::span<const std::string>(none));
  REQUIRE_FALSE(from_none.ok());
  CHECK(from_none.error() == no_cards);
}

TEST_CASE("parse_rank", "[card]") {
  for (const auto& r : kRankSpellings) {
    auto rank = parse_rank(r.text);
    INFO(r.text);
    REQUIRE(rank.ok());
    CHECK(*rank == r.rank);
  }
  // 11-13 are ranks too, as a --batch line's "wild": 11 reads (issue 9 item 15).
  CHECK(*parse_rank("11") == 11);
  CHECK(*parse_rank("12") == 12);
  CHECK(*parse_rank("13") == 13);
  for (const char* bad :
       {"2", "1", "14", "011", "A", "jk", "10s", "7h", "", " 7", "0", "-3", "joker"}) {
    auto rank = parse_rank(bad);
    INFO(bad);
    REQUIRE_FALSE(rank.ok());
    CHECK(rank.error() == "'" + std::string(bad) + "' is not a rank (3-10, J, Q or K)");
  }
  auto control = parse_rank("\x07");
  REQUIRE_FALSE(control.ok());
  CHECK(views::sanitize(control.error()) == "'\\x07' is not a rank (3-10, J, Q or K)");
}

TEST_CASE("a full deck: 116 cards a box, each card twice, 6 jokers", "[card][deck]") {
  for (int boxes = 1; boxes <= 2; ++boxes) {
    const auto deck = full_deck(boxes);
    CHECK(deck.size() == static_cast<std::size_t>(116 * boxes));
    CHECK(std::count_if(deck.begin(), deck.end(), [](Card c) { return c.is_joker(); }) ==
          static_cast<std::ptrdiff_t>(6) * boxes);
    for (int r = kMinRank; r <= kMaxRank; ++r) {
      for (int s = 0; s < kSuitCount; ++s) {
        const Card c = Card::natural(r, static_cast<Suit>(s));
        CHECK(std::count(deck.begin(), deck.end(), c) == static_cast<std::ptrdiff_t>(2) * boxes);
      }
    }
  }
  std::mt19937_64 rng(7);
  CHECK(deal(13, rng).size() == 13u);
  CHECK(deal(116, rng).size() == 116u);
}
