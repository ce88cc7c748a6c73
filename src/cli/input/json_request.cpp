#include "cli/input/json_request.hpp"

#include <algorithm>
#include <span>

#include "cli/hint_words.hpp"
#include "crowns/names.hpp"

namespace crowns::cli {
namespace {

std::string field_name(std::string_view name) {
  return "\"" + std::string(name) + "\"";
}

std::string range_text(int low, int high) {
  return std::to_string(low) + "-" + std::to_string(high);
}

const nlohmann::json kNull;

}  // namespace

JsonRequest::JsonRequest(const nlohmann::json& request) : request_(request) {}

const nlohmann::json* JsonRequest::field(std::string_view name) {
  const auto known = std::span(known_).first(known_count_);
  if (std::find(known.begin(), known.end(), name) == known.end() && known_count_ <= kMaxFields) {
    if (known_count_ < kMaxFields) known_[known_count_] = name;
    ++known_count_;  // kMaxFields + 1: too many to tell
  }
  const auto it = request_.find(name);
  if (it == request_.end() || it->is_null()) return nullptr;
  return &*it;
}

void JsonRequest::fail(std::string message) {
  if (!error_) error_ = std::move(message);
}

std::optional<int> JsonRequest::optional_int(std::string_view name, int low, int high) {
  const auto* f = field(name);
  if (f == nullptr) return std::nullopt;
  if (!f->is_number_integer()) {
    fail(field_name(name) + " must be a whole number " + range_text(low, high));
    return std::nullopt;
  }
  const auto v = f->get<long long>();
  if (v < low || v > high) {
    fail(field_name(name) + " is " + std::to_string(v) + ", out of range (" +
         range_text(low, high) + ")");
    return std::nullopt;
  }
  return static_cast<int>(v);
}

int JsonRequest::integer(std::string_view name, int low, int high, int fallback) {
  return optional_int(name, low, high).value_or(fallback);
}

int JsonRequest::required_int(std::string_view name, int low, int high) {
  if (request_.contains(name) && !request_.at(name).is_null())
    return optional_int(name, low, high).value_or(low);
  field(name);
  fail("missing " + field_name(name) + " (" + range_text(low, high) + ")");
  return low;
}

bool JsonRequest::boolean(std::string_view name, bool fallback) {
  const auto* f = field(name);
  if (f == nullptr) return fallback;
  if (!f->is_boolean()) {
    fail(field_name(name) + " must be true or false");
    return fallback;
  }
  return f->get<bool>();
}

std::vector<Card> JsonRequest::cards_in(const nlohmann::json& value, const std::string& what) {
  std::vector<Card> cards;
  if (!value.is_array()) {
    fail(what + " must be an array of cards like [\"7h\", \"jk\"]");
    return cards;
  }
  for (const auto& c : value) {
    if (!c.is_string()) {
      fail(what + " must hold cards like \"7h\"");
      return {};
    }
    auto card = parse_card(c.get<std::string>());
    if (!card) {
      fail(what + ": " + worded(card.failure()));
      return {};
    }
    cards.push_back(*card);
  }
  return cards;
}

std::vector<Card> JsonRequest::cards(std::string_view name) {
  const auto* f = field(name);
  if (f == nullptr) return {};
  if (!f->is_string() && !f->is_array()) {
    fail(field_name(name) + " must be cards like \"7h jk\" or [\"7h\", \"jk\"]");
    return {};
  }
  if (f->is_array()) return cards_in(*f, field_name(name));
  const auto& text = f->get_ref<const std::string&>();
  if (text.find_first_not_of(" ,\t") == std::string::npos) return {};
  auto parsed = parse_cards(text);
  if (!parsed) {
    fail(field_name(name) + ": " + worded(parsed.failure()));
    return {};
  }
  return std::move(parsed).value();
}

std::vector<Card> JsonRequest::required_cards(std::string_view name) {
  auto cards = this->cards(name);
  if (cards.empty())
    fail("missing " + field_name(name) + ": cards like [\"7h\", \"jk\"] or \"7h jk\"");
  return cards;
}

std::optional<Card> JsonRequest::card(std::string_view name) {
  const auto* f = field(name);
  if (f == nullptr) return std::nullopt;
  if (!f->is_string()) {
    fail(field_name(name) + " must be a card like \"7h\"");
    return std::nullopt;
  }
  auto card = parse_card(f->get<std::string>());
  if (!card) {
    fail(field_name(name) + ": " + worded(card.failure()));
    return std::nullopt;
  }
  return *card;
}

Card JsonRequest::required_card(std::string_view name) {
  if (auto c = card(name)) return *c;
  fail("missing " + field_name(name) + ": a card like \"7h\"");
  return Card::joker();
}

std::optional<int> JsonRequest::rank(std::string_view name) {
  const auto* f = field(name);
  if (f == nullptr) return std::nullopt;
  if (f->is_number_integer()) {
    const auto v = f->get<long long>();
    if (v >= kMinRank && v <= kMaxRank) return static_cast<int>(v);
    fail(field_name(name) + " is " + std::to_string(v) + ", not a rank (3-13)");
    return std::nullopt;
  }
  if (!f->is_string()) {
    fail(field_name(name) + " must be a rank: 3-13, or \"J\", \"Q\", \"K\"");
    return std::nullopt;
  }
  auto rank = parse_rank(f->get<std::string>());
  if (!rank) {
    fail(field_name(name) + ": " + worded(rank.failure()));
    return std::nullopt;
  }
  return *rank;
}

const nlohmann::json& JsonRequest::raw(std::string_view name) {
  const auto* f = field(name);
  return f == nullptr ? kNull : *f;
}

std::optional<Failure> JsonRequest::failure() const {
  checked_ = known_count_;
  if (error_) return Failure{*error_};
  if (known_count_ > kMaxFields) return std::nullopt;
  const auto known = std::span(known_).first(known_count_);
  for (const auto& [key, value] : request_.items()) {
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    std::string message = "unknown field " + quote_token(key);
    const std::vector<std::string> names(known.begin(), known.end());
    if (const std::string best = closest_name(key, names); !best.empty())
      return Failure{message.append("; did you mean ").append(field_name(best)).append("?")};
    message += " (the fields are ";
    for (std::size_t i = 0; i < known.size(); ++i)
      message.append(i == 0 ? "" : ", ").append(field_name(known[i]));
    return Failure{message.append(")")};
  }
  return std::nullopt;
}

}  // namespace crowns::cli
