#include "serve/form.hpp"

#include <array>
#include <charconv>

#include "crowns/error.hpp"
#include "crowns/names.hpp"
#include "store/client_writes.hpp"

namespace crowns::serve {
namespace {

constexpr std::int64_t kMaxNumber = 1'000'000'000'000;

struct NumberRule {
  std::string_view field;
  std::string_view noun;  ///< What its number counts: "a change number".
  std::int64_t least;
};

// Each number a form or a query sends: what it counts, and the least it may be.
constexpr std::array<NumberRule, 9> kNumbers{{
    {"game", "a game number", 1},
    {"table", "a game number", 1},
    {"round", "a round number", 1},
    {"typed", "a round number", 1},
    {"seen", "a change number", 0},
    {"change", "a change number", 1},
    {"total", "a starting total (a whole number, 0 or more)", 0},
    {"page", "a page number", 1},
    {"was", "a total (a whole number, 0 or more)", 0},
}};

NumberRule number_rule(const std::string& name) {
  for (const auto& c : kNumbers) {
    if (c.field == name) return c;
  }
  return {name, "", 1};
}

}  // namespace

std::optional<std::int64_t> read_whole_number(std::string_view text, std::int64_t least) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < least ||
      value > kMaxNumber)
    return std::nullopt;
  return value;
}

std::string not_a_number(const std::string& name, std::string_view text) {
  const NumberRule c = number_rule(name);
  const std::string noun = c.noun.empty() ? "a " + name + " number" : std::string(c.noun);
  return quote_token(text) + " is not " + noun + ": send " + name + "=NUMBER";
}

std::string Form::text(const std::string& name) const {
  const auto it = fields_.find(name);
  return it == fields_.end() ? std::string() : it->second;
}

std::int64_t Form::number(const std::string& name) const {
  if (text(name).empty()) throw Error("no " + name + ": send " + name + "=NUMBER");
  return *maybe_number(name);
}

std::optional<std::int64_t> Form::maybe_number(const std::string& name) const {
  if (!has(name)) return std::nullopt;
  const std::string value = text(name);
  const auto number = read_whole_number(value, number_rule(name).least);
  if (!number) throw Error(not_a_number(name, value));
  return number;
}

std::string Form::write_id() const {
  if (!has("wid")) return {};
  std::string id = text("wid");
  if (!store::valid_write_id(id))
    throw Error(quote_token(id) +
                " is not a write id: send wid= with 8 to 64 letters, digits, - or _");
  return id;
}

std::vector<std::string> Form::items(const std::string& name) const {
  if (!has(name)) return {};
  return comma_items(text(name));
}

std::vector<std::int64_t> Form::numbers(const std::string& name) const {
  std::vector<std::int64_t> values;
  for (const auto& item : items(name)) {
    const auto value = read_whole_number(item, number_rule(name).least);
    if (!value) throw Error(not_a_number(name, item));
    values.push_back(*value);
  }
  return values;
}

std::vector<std::string> Form::names(const std::string& prefix, std::size_t most) const {
  std::vector<std::string> found;
  for (std::size_t i = 0; i < most; ++i) {
    std::string name = text(prefix + std::to_string(i));
    if (name.empty()) break;
    found.push_back(std::move(name));
  }
  return found;
}

std::vector<std::string> comma_items(const std::string& text) {
  std::vector<std::string> items;
  std::size_t from = 0;
  for (std::size_t comma = text.find(',');; comma = text.find(',', from)) {
    items.push_back(text.substr(from, comma == std::string::npos ? comma : comma - from));
    if (comma == std::string::npos) break;
    from = comma + 1;
  }
  return items;
}

}  // namespace crowns::serve
