#include "cli/options.hpp"

#include <charconv>

#include "cli/hint_words.hpp"
#include "crowns/names.hpp"

namespace crowns::cli {
namespace {

// Every long option name an app and its parents take ("--game"), for "did you mean" (a
// one-letter option is too short to guess from).
std::vector<std::string> option_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* at = &app; at != nullptr; at = at->get_parent()) {
    for (const CLI::Option* opt : at->get_options()) {
      for (const auto& l : opt->get_lnames()) names.push_back("--" + l);
    }
  }
  names.emplace_back("--help");
  return names;
}

// What to type, built from the command's options: "crowns edit ROUND VALUES... [OPTIONS]".
std::string usage(const CLI::App& app) {
  std::string line = command_path(app);
  bool options = false;
  for (const CLI::Option* opt : app.get_options()) {
    if (!opt->get_positional()) {
      options = options || opt->get_lnames().empty() || opt->get_lnames().front() != "help";
      continue;
    }
    std::string name = opt->get_name(true);
    for (char& c : name) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    const bool many = opt->get_items_expected_max() > 1;
    line += " " + (opt->get_required() ? name : "[" + name + "]") + (many ? "..." : "");
  }
  return options ? line + " [OPTIONS]" : line;
}

std::string unknown_argument(const CLI::App& at, const std::string& word) {
  if (!word.starts_with("-") || word == "-")
    return "unexpected argument " + quote_token(word) + " for '" + command_path(at) +
           "' (usage: " + usage(at) + ")";
  const std::string name = word.substr(0, word.find('='));
  std::string message = "unknown option " + quote_token(name) + " for '" + command_path(at) + "'";
  const std::string best = name.starts_with("--") ? closest_name(name, option_names(at)) : "";
  if (!best.empty()) message += "; did you mean '" + best + "'?";
  return message;
}

}  // namespace

Expected<std::int64_t> read_whole_number(std::string_view text, std::int64_t min,
                                         std::int64_t max) {
  const std::string range = std::to_string(min) + " to " + std::to_string(max);
  std::int64_t value = 0;
  const char* end = text.data() + text.size();
  const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  const auto [stop, ec] = std::from_chars(text.data(), end, value);
  if (!digits || stop != end)
    return Failure{quote_token(text) + " is not a whole number (give " + range + ")"};
  if (ec != std::errc() || value < min || value > max)
    return Failure{quote_token(text) + " is out of range (give " + range + ")"};
  return value;
}

CLI::Validator whole_number(std::int64_t min, std::int64_t max) {
  return CLI::Validator(
      [min, max](std::string& text) -> std::string {
        const auto value = read_whole_number(text, min, max);
        return value ? std::string() : worded(value.failure());
      },
      std::to_string(min) + " to " + std::to_string(max));
}

CLI::Validator one_of_words(std::vector<std::pair<std::string, std::string>> word_values) {
  std::string list;
  std::vector<std::string> words;
  words.reserve(word_values.size());
  for (const auto& [word, value] : word_values) {
    list += (list.empty() ? "" : "|") + word;
    words.push_back(word);
  }
  return CLI::Validator(
      [word_values = std::move(word_values), words = std::move(words),
       list](std::string& text) -> std::string {
        const std::string folded = fold_case(text);
        for (const auto& [word, value] : word_values) {
          if (fold_case(word) == folded) {
            text = value;
            return {};
          }
        }
        std::string message = quote_token(text) + " is not one of " + list;
        if (const std::string best = closest_name(text, words); !best.empty())
          message += "; did you mean '" + best + "'?";
        return message;
      },
      list);
}

CLI::Validator house_switch(HouseSwitch which) {
  return CLI::Validator(
      [which](std::string& text) -> std::string {
        HouseRules rules;
        const auto set = set_switch(rules, which, text);
        return set ? std::string() : worded(set.failure());
      },
      switch_choices(which));
}

const CLI::App& parsed_command(const CLI::App& app) {
  const CLI::App* at = &app;
  while (!at->get_subcommands().empty()) at = at->get_subcommands().front();
  return *at;
}

std::string command_path(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* at = &app; at != nullptr; at = at->get_parent())
    names.push_back(at->get_name());
  std::string path;
  for (auto it = names.rbegin(); it != names.rend(); ++it) {
    if (!path.empty()) path += ' ';
    path += *it;
  }
  return path;
}

std::string describe_parse_error(const CLI::App& app, const CLI::ParseError& error) {
  const CLI::App& at = parsed_command(app);
  // A word CLI11 could not place explains the error best, whatever it is: `player add -x`
  // misses its NAMES because -x is no option.
  for (const CLI::App* a = &at; a != nullptr; a = a->get_parent()) {
    if (const auto extras = a->remaining(); !extras.empty())
      return unknown_argument(at, extras.front());
  }
  if (dynamic_cast<const CLI::RequiredError*>(&error) != nullptr) {
    for (const CLI::Option* opt : at.get_options()) {
      if (!opt->get_required() || opt->count() > 0) continue;
      std::string name = opt->get_name(true);
      if (opt->get_positional())
        for (char& c : name) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
      return "missing " + name + " (usage: " + usage(at) + ")";
    }
  }
  if (dynamic_cast<const CLI::ConversionError*>(&error) != nullptr) {
    // "Could not convert: --round = x": the option and the token, in our words.
    const std::string what = error.what();
    const auto colon = what.find(": ");
    const auto equals = what.find(" = ");
    if (colon != std::string::npos && equals != std::string::npos && equals > colon)
      return what.substr(colon + 2, equals - colon - 2) + ": " +
             quote_token(what.substr(equals + 3)) + " is not a valid value";
  }
  if (dynamic_cast<const CLI::ValidationError*>(&error) != nullptr) {
    // CLI11 names a hidden option (an older spelling kept out of the help) with an empty
    // string: ": '0' is out of range". Name it by the value it refused.
    const std::string what = error.what();
    if (what.rfind(": ", 0) == 0) {
      for (const CLI::Option* opt : at.get_options()) {
        if (opt->count() == 0 || opt->get_lnames().empty()) continue;
        for (const std::string& value : opt->results()) {
          if (what.find(quote_token(value)) != std::string::npos)
            return "--" + opt->get_lnames().front() + what;
        }
      }
    }
  }
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&error) != nullptr) {
    const std::string what = error.what();
    return what.substr(0, what.find(':')) + " needs a value";
  }
  return error.what();
}

}  // namespace crowns::cli
