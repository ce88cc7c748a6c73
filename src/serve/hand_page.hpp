#pragma once
// The hand page (/analyze): what `crowns analyze` says of a round's hand, for a phone at the
// table. It reads nothing from the store and writes nothing.

#include <optional>
#include <string>

#include "crowns/hand_report.hpp"

namespace crowns::serve {

/// The answer to /analyze?round=N&cards=7h+8h+jk: `body` is the part of the page under its
/// title (the card picker's form, then crowns analyze's own text of the best lay-down, or its
/// one-line error); `status` 200, or 400 for a bad round or bad cards.
struct HandAnswer {
  int status = 200;
  std::string body;
};

/// `round` and `cards` as the query string gives them (none: the empty form); `mode` Drawn:
/// the hand holds the card just drawn (crowns analyze --drawn: the best discard).
HandAnswer hand_answer(const std::optional<std::string>& round,
                       const std::optional<std::string>& cards, HandMode mode = HandMode::Dealt);

}  // namespace crowns::serve
