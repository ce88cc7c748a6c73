#include "cli/input/analyze_request.hpp"

#include <nlohmann/json.hpp>
#include <string>

#include "cli/hint_words.hpp"
#include "crowns/hand_report.hpp"
#include "crowns/rules.hpp"
#include "views/hand_json.hpp"

namespace crowns::cli {
namespace {

// Reads the meld switches of a request: each a word of core's (wild_melds may also be a
// boolean); absent or null: the default.
MeldRules read_meld_rules(JsonRequest& r, MeldRules default_rules) {
  HouseRules house{.wild_melds = default_rules.wild_melds, .book_suits = default_rules.book_suits};
  for (const HouseSwitch which : {HouseSwitch::WildMelds, HouseSwitch::BookSuits}) {
    const std::string_view name =
        which == HouseSwitch::WildMelds ? "wild_melds" : "book_suits";  // literals: kept as views
    const nlohmann::json& value = r.raw(name);
    std::string word;
    if (value.is_null()) continue;
    if (value.is_boolean() && which == HouseSwitch::WildMelds) {
      word = value.get<bool>() ? "yes" : "no";
    } else if (value.is_string()) {
      word = value.get<std::string>();
    } else {
      r.fail("\"" + std::string(name) + "\" must be one of " + switch_choices(which));
      continue;
    }
    if (auto set = set_switch(house, which, word); !set)
      r.fail("\"" + std::string(name) + "\": " + worded(set.failure()));
  }
  return house.melds();
}

// Reads one batch request into a query.
Expected<HandQuery> read_query(JsonRequest& r, int default_boxes, MeldRules default_rules) {
  HandQuery q;
  q.cards = r.required_cards("cards");
  q.wild = r.rank("wild");
  q.round = r.optional_int("round", 1, kRounds);
  q.mode = r.boolean("drawn", false) ? HandMode::Drawn : HandMode::Dealt;
  q.boxes = r.integer("boxes", 1, kMaxBoxes, default_boxes);
  q.rules = read_meld_rules(r, default_rules);
  if (auto bad = r.failure()) return *bad;
  return q;
}

}  // namespace

Expected<std::string> answer_analyze_request(JsonRequest& request, int default_boxes,
                                             MeldRules default_rules) {
  auto q = read_query(request, default_boxes, default_rules);
  if (!q) return q.failure();
  auto report = analyze_hand(std::move(q).value());
  if (!report) return report.failure();
  std::string fields;
  views::append_json(fields, *report);
  return fields;
}

LineAnswer answer_analyze_line(std::string_view line, int boxes, long line_no) {
  return answer_line(
      line, [boxes](JsonRequest& r) { return answer_analyze_request(r, boxes); }, line_no);
}

}  // namespace crowns::cli
