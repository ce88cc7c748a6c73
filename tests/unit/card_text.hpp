#pragma once
// Cards written as text in the unit tests ("7h 8h jk"). A typo fails the test: value() of a
// failed parse throws (std::get on the wrong alternative).

#include <vector>

#include "crowns/card.hpp"

namespace crowns::test {

inline std::vector<Card> cards(const char* text) {
  return parse_cards(text).value();
}

inline Card card(const char* text) {
  return parse_card(text).value();
}

}  // namespace crowns::test
