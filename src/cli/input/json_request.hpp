#pragma once
// Reading the fields of one JSON Lines request (crowns analyze, advise, odds and solitaire
// batch): each getter names its field, checks its type and range, and on a bad value records
// the first error and returns a default, so a handler reads like the request:
//
//   s.round = r.required_int("round", 1, kRounds);
//   s.hand = r.required_cards("hand");
//   if (auto bad = r.failure()) return *bad;
//
// failure() also refuses a field no getter asked for ("nexthold": did you mean "next_holds"?).

#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "crowns/card.hpp"
#include "crowns/expected.hpp"

namespace crowns::cli {

class JsonRequest {
 public:
  /// `request` must be a JSON object and outlive the reader. "id" is always a known field.
  /// Field names are string literals (the reader keeps views of them).
  explicit JsonRequest(const nlohmann::json& request);

  /// A whole number in [low, high]; absent or null: `fallback`.
  int integer(std::string_view name, int low, int high, int fallback);
  /// ... none when absent or null.
  std::optional<int> optional_int(std::string_view name, int low, int high);
  /// ... absent or null is an error ("missing "round" (1-11)").
  int required_int(std::string_view name, int low, int high);
  /// true or false; absent or null: `fallback`.
  bool boolean(std::string_view name, bool fallback);
  /// Cards as an array (["7h","jk"]) or one string ("7h jk"); absent, null or blank: none.
  std::vector<Card> cards(std::string_view name);
  /// ... at least one card.
  std::vector<Card> required_cards(std::string_view name);
  /// One card ("7h"); absent or null: none.
  std::optional<Card> card(std::string_view name);
  /// ... absent or null is an error.
  Card required_card(std::string_view name);
  /// A rank: 3-13 or "3".."10", "J", "Q", "K"; absent or null: none.
  std::optional<int> rank(std::string_view name);
  /// The raw value of a field with a shape of its own (null when absent): the caller checks it,
  /// reading its cards with cards_in() and its errors with fail().
  const nlohmann::json& raw(std::string_view name);
  /// Cards in `value` (an array of card strings), named `what` in errors ("pile 3").
  std::vector<Card> cards_in(const nlohmann::json& value, const std::string& what);

  /// Records `message` unless an error is recorded already.
  void fail(std::string message);
  /// The first error recorded; else a field that no getter asked for; else none.
  [[nodiscard]] std::optional<Failure> failure() const;
  /// Whether failure() was asked after the last getter (the batch loop asks if not).
  [[nodiscard]] bool checked() const { return checked_ == known_count_; }

 private:
  const nlohmann::json* field(std::string_view name);

  const nlohmann::json& request_;
  // The fields asked for, without allocating (a request has a dozen at most; past 24 the
  // reader stops refusing unknown fields rather than refuse a known one).
  static constexpr std::size_t kMaxFields = 24;
  std::array<std::string_view, kMaxFields> known_{"id"};
  std::size_t known_count_ = 1;
  mutable std::size_t checked_ = 0;
  std::optional<std::string> error_;
};

}  // namespace crowns::cli
