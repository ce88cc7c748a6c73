#include "cli/input/analyze_request.hpp"

#include <nlohmann/json.hpp>
#include <string>

#include "cli/hint_words.hpp"
#include "cli/input/meld_switches.hpp"
#include "crowns/hand_report.hpp"
#include "crowns/rules.hpp"
#include "views/hand_json.hpp"

namespace crowns::cli {
namespace {

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
