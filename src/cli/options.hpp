#pragma once
// Option values checked one way for every command, and CLI11's errors said in crowns' words:
// whole numbers and ids (refused, never clamped), named choices (enums), and the one place a
// parse error becomes a message that names the token and points at `crowns COMMAND --help`.

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "crowns/expected.hpp"
#include "crowns/house_rules.hpp"

namespace crowns::cli {

/// Accepts only a whole number from `min` to `max` written in decimal digits: "abc", "1.5",
/// "-3", "1e3" and a number too large for its type are refused, never rounded or clamped.
CLI::Validator whole_number(std::int64_t min, std::int64_t max);

/// The same rule for a number typed elsewhere (at a prompt): the value, or why not
/// ("'abc' is not a whole number (give 0 to 9)").
Expected<std::int64_t> read_whole_number(std::string_view text, std::int64_t min, std::int64_t max);

/// The upper bound of ids (games, players): far beyond any real database, and exact in a
/// JSON double.
inline constexpr std::int64_t kMaxId = (std::int64_t{1} << 53);

/// Accepts one of the words (ignoring ASCII case) and hands CLI11 the value paired with it;
/// refuses anything else, the value itself included. The help shows "a|b|c".
CLI::Validator one_of_words(std::vector<std::pair<std::string, std::string>> word_values);

/// one_of_words() for an enum option: `--by avg` reads RankBy::Average, `--by 3` is refused.
template <class Enum>
CLI::Validator one_of(const std::vector<std::pair<std::string, Enum>>& choices) {
  std::vector<std::pair<std::string, std::string>> words;
  words.reserve(choices.size());
  for (const auto& [word, value] : choices)
    words.emplace_back(word, std::to_string(static_cast<long long>(value)));
  return one_of_words(std::move(words));
}

/// Accepts a house rule's word for the switch (core's set_switch: "yes"/"no", "any"/"distinct",
/// ...); refuses anything else naming the token and the words. The help shows "yes|no".
CLI::Validator house_switch(HouseSwitch which);

/// A parse error of `app` (after a failed parse) as one line naming the bad token, without
/// CLI11's wording: unknown options get "did you mean", missing arguments show the usage.
std::string describe_parse_error(const CLI::App& app, const CLI::ParseError& error);

/// The innermost command a parse reached: `player add` in `crowns player add -x`.
const CLI::App& parsed_command(const CLI::App& app);

/// The words of the command that was being parsed ("crowns", "crowns player add"), for
/// "(run 'crowns player add --help' for usage)".
std::string command_path(const CLI::App& app);

}  // namespace crowns::cli
