#include "cli/help/manual.hpp"

#include <CLI/CLI.hpp>
#include <array>

namespace crowns::cli {
namespace {

constexpr std::array kEnvironment = {
    ManualItem{"CROWNS_DB", "the database file, when --db is not given"},
    ManualItem{"XDG_DATA_HOME",
               "else the database is $XDG_DATA_HOME/crowns/crowns.db "
               "(default ~/.local/share/crowns/crowns.db)"},
    ManualItem{"NO_COLOR", "set (to anything) to turn colour off, as --color never does"},
    ManualItem{"CROWNS_BUSY_TIMEOUT_MS",
               "how long a command waits for another one writing to the same database "
               "(default 5000); past it, it says the file is busy and changes nothing"},
};

constexpr std::array kExitCodes = {
    ManualItem{"0", "done"},
    ManualItem{"1", "refused or failed; nothing in the database changed"},
    ManualItem{"2", "usage error: an unknown command or option, a missing or bad argument"},
};

// `text` in lines of at most `width` columns, each after `indent` spaces.
std::string wrapped(std::string_view text, std::size_t indent, std::size_t width) {
  std::string out;
  std::string line;
  std::size_t start = 0;
  while (start < text.size()) {
    auto end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view word = text.substr(start, end - start);
    if (!line.empty() && indent + line.size() + 1 + word.size() > width) {
      out += std::string(indent, ' ') + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + std::string(word);
    start = end + 1;
  }
  if (!line.empty()) out += std::string(indent, ' ') + line + "\n";
  return out;
}

}  // namespace

std::span<const ManualItem> environment_variables() {
  return kEnvironment;
}

std::span<const ManualItem> exit_codes() {
  return kExitCodes;
}

std::string help_footer() {
  std::string text = "Environment:\n";
  for (const auto& item : kEnvironment)
    text += "  " + std::string(item.name) + "\n" + wrapped(item.text, 6, 80);
  text += "\nExit status:\n";
  for (const auto& item : kExitCodes)
    text += "  " + std::string(item.name) + "  " + item.text + "\n";
  text += "\nRun 'crowns help COMMAND' (or 'crowns COMMAND --help') for a command's options.";
  return text;
}

std::vector<const CLI::App*> visible_subcommands(const CLI::App& app) {
  return app.get_subcommands([](const CLI::App* sub) { return !sub->get_group().empty(); });
}

std::vector<const CLI::Option*> visible_options(const CLI::App& app) {
  const CLI::Option* help = app.get_help_ptr();
  return app.get_options([help](const CLI::Option* opt) {
    return opt != help && opt->nonpositional() && !opt->get_group().empty();
  });
}

bool takes_value(const CLI::Option& option) {
  return option.get_type_size_max() > 0 && option.get_expected_max() > 0;
}

std::vector<std::string> option_choices(const CLI::Option& opt) {
  std::vector<std::string> choices;
  const std::string type = opt.get_type_name();
  if (const auto colon = type.find(':');
      colon != std::string::npos && type.find('|', colon) != std::string::npos) {
    std::string word;
    for (std::size_t i = colon + 1; i <= type.size(); ++i) {
      if (i == type.size() || type[i] == '|') {
        if (!word.empty()) choices.push_back(word);
        word.clear();
      } else {
        word += type[i];
      }
    }
    return choices;
  }
  const auto open = type.find('{');
  const auto close = type.find('}', open);
  if (open == std::string::npos || close == std::string::npos) return choices;
  std::string item;
  for (std::size_t i = open + 1; i <= close; ++i) {
    if (type[i] == ',' || type[i] == '}') {
      const auto arrow = item.find("->");  // a CheckedTransformer's "auto->0"
      if (!item.empty()) choices.push_back(item.substr(0, arrow));
      item.clear();
    } else {
      item += type[i];
    }
  }
  return choices;
}

std::string value_name(const CLI::Option& option) {
  if (const auto choices = option_choices(option); !choices.empty()) {
    std::string out;
    for (const auto& c : choices) out += (out.empty() ? "" : "|") + c;
    return out;
  }
  // CLI11 appends each check's description after a colon: "INT:INT in [1 - 11]".
  const std::string full = option.get_type_name();
  std::string type = full.substr(0, full.find(':'));
  if (type == "INT" || type == "UINT" || type == "FLOAT" || type == "NUMBER") return "N";
  if (type.empty() || type == "ENUM") return "TEXT";
  return type;
}

std::vector<std::string> option_names(const CLI::Option& option) {
  std::vector<std::string> names;
  for (const auto& l : option.get_lnames()) names.push_back("--" + l);
  for (const auto& s : option.get_snames()) names.push_back("-" + s);
  return names;
}

}  // namespace crowns::cli
