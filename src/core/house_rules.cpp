#include "crowns/house_rules.hpp"

#include <algorithm>

#include "crowns/ascii.hpp"
#include "crowns/names.hpp"

namespace crowns {
namespace {

// One row per switch, in HouseSwitch's order; each word's index is its enum's value.
struct SwitchRow {
  std::string_view name;
  std::array<std::string_view, 3> words;
  std::size_t count;
};

constexpr std::array<SwitchRow, kHouseSwitches.size()> kRows = {{
    {"order", {"up", "down", "random"}, 3},
    {"wild_melds", {"yes", "no", ""}, 2},
    {"book_suits", {"any", "distinct", ""}, 2},
    {"leads", {"left", "out", ""}, 2},
    {"ties", {"shared", "tiebreak", ""}, 2},
}};

const SwitchRow& row(HouseSwitch which) {
  return kRows[static_cast<std::size_t>(which)];
}

// The switch's value in `rules`, as an index into its words.
std::size_t value_index(const HouseRules& rules, HouseSwitch which) {
  switch (which) {
    case HouseSwitch::Order: return static_cast<std::size_t>(rules.order);
    case HouseSwitch::WildMelds: return static_cast<std::size_t>(rules.wild_melds);
    case HouseSwitch::BookSuits: return static_cast<std::size_t>(rules.book_suits);
    case HouseSwitch::Leads: return static_cast<std::size_t>(rules.leads);
    case HouseSwitch::Ties: return static_cast<std::size_t>(rules.ties);
  }
  return 0;
}

void set_index(HouseRules& rules, HouseSwitch which, std::size_t index) {
  const auto v = static_cast<std::uint8_t>(index);
  switch (which) {
    case HouseSwitch::Order: rules.order = static_cast<RoundOrder>(v); break;
    case HouseSwitch::WildMelds: rules.wild_melds = static_cast<WildMelds>(v); break;
    case HouseSwitch::BookSuits: rules.book_suits = static_cast<BookSuits>(v); break;
    case HouseSwitch::Leads: rules.leads = static_cast<Leads>(v); break;
    case HouseSwitch::Ties: rules.ties = static_cast<Ties>(v); break;
  }
}

}  // namespace

std::string_view switch_name(HouseSwitch which) {
  return row(which).name;
}

std::string switch_flag(HouseSwitch which) {
  std::string flag = "--" + std::string(row(which).name);
  std::replace(flag.begin(), flag.end(), '_', '-');
  return flag;
}

std::span<const std::string_view> switch_words(HouseSwitch which) {
  const SwitchRow& r = row(which);
  return {r.words.data(), r.count};
}

std::string switch_choices(HouseSwitch which) {
  std::string out;
  for (std::string_view w : switch_words(which)) {
    if (!out.empty()) out += '|';
    out += w;
  }
  return out;
}

std::string_view switch_word(const HouseRules& rules, HouseSwitch which) {
  return switch_words(which)[value_index(rules, which)];
}

Expected<void> set_switch(HouseRules& rules, HouseSwitch which, std::string_view word) {
  const std::string folded = ascii_lower(word);
  const auto words = switch_words(which);
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i] == folded) {
      set_index(rules, which, i);
      return {};
    }
  }
  return Failure{quote_token(word) + " is not one of " + switch_choices(which)};
}

Expected<HouseSwitch> parse_switch_name(std::string_view name) {
  std::string key = ascii_lower(name);
  if (key.starts_with("--")) key.erase(0, 2);
  std::replace(key.begin(), key.end(), '-', '_');
  std::string known;
  for (HouseSwitch s : kHouseSwitches) {
    if (switch_name(s) == key) return s;
    known += (known.empty() ? "" : ", ") + std::string(switch_name(s));
  }
  return Failure{quote_token(name) + " is not a house rule (the rules are " + known + ")"};
}

Expected<HouseRules> parse_rule_set(std::string_view text, std::string_view as) {
  HouseRules rules;
  if (text == "standard") return rules;
  const std::string door(as);
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t end = std::min(text.find(',', at), text.size());
    const std::string_view part = text.substr(at, end - at);
    const auto eq = part.find('=');
    const auto which = parse_switch_name(part.substr(0, eq));
    if (eq == std::string_view::npos || !which) {
      std::string said = door + quote_token(part);
      said += " is not a switch; write ";
      said += door;
      said += "standard or ";
      said += door;
      said += "SWITCH=WORD,... (";
      for (HouseSwitch s : kHouseSwitches) {
        if (s != kHouseSwitches.front()) said += ", ";
        said += switch_name(s);
      }
      said += "; e.g. order=down,leads=out)";
      return Failure{said};
    }
    if (auto set = set_switch(rules, *which, part.substr(eq + 1)); !set) {
      std::string said = door;
      said += switch_name(*which);
      said += ": ";
      said += set.error();
      return Failure{said};
    }
    at = end + 1;
  }
  return rules;
}

std::string rule_set_words(const HouseRules& rules) {
  if (rules.is_standard()) return "standard";
  const HouseRules standard;
  std::string out;
  for (HouseSwitch s : kHouseSwitches) {
    if (switch_word(rules, s) == switch_word(standard, s)) continue;
    if (!out.empty()) out += ',';
    out += switch_name(s);
    out += '=';
    out += switch_word(rules, s);
  }
  return out;
}

std::string describe(const HouseRules& rules) {
  std::string out;
  for (HouseSwitch s : kHouseSwitches) {
    std::string name(switch_name(s));
    std::replace(name.begin(), name.end(), '_', ' ');
    if (!out.empty()) out += ", ";
    out += name + ' ' + std::string(switch_word(rules, s));
  }
  return out;
}

}  // namespace crowns
