// The protocol of `crowns analyze --batch`: one JSON Lines request read, solved and answered on
// its own, with no CLI11, store or streams, so that the fuzz target links only this file and
// the views it prints with.

#include "cli/commands/analyze_batch.hpp"

#include <nlohmann/json.hpp>

#include "cli/views/hand.hpp"
#include "crowns/hand_report.hpp"
#include "crowns/hand_round.hpp"
#include "crowns/rules.hpp"

namespace crowns::cli {
namespace {

Expected<int> wild_from_json(const nlohmann::json& w) {
  if (w.is_number_integer()) {
    const auto v = w.get<long long>();
    if (v < kMinRank || v > kMaxRank)
      return Failure{"wild " + std::to_string(v) + " is not a rank (3-13)"};
    return static_cast<int>(v);
  }
  if (w.is_string()) return parse_rank(w.get<std::string>());
  return Failure{"\"wild\" must be a rank: 3-13, or \"J\", \"Q\", \"K\""};
}

// Reads one batch line into a query.
Expected<HandQuery> query_from_json(const nlohmann::json& j, int default_boxes) {
  if (!j.is_object()) return Failure{"a line must be a JSON object with \"cards\""};
  HandQuery q;
  q.boxes = default_boxes;
  const auto cards = j.find("cards");
  if (cards == j.end()) return Failure{"missing \"cards\""};
  if (cards->is_string()) {
    auto parsed = parse_cards(cards->get<std::string>());
    if (!parsed) return Failure{parsed.error()};
    q.cards = std::move(parsed).value();
  } else if (cards->is_array()) {
    for (const auto& c : *cards) {
      if (!c.is_string()) return Failure{"\"cards\" must hold strings like \"7s\""};
      auto parsed = parse_card(c.get<std::string>());
      if (!parsed) return Failure{parsed.error()};
      q.cards.push_back(*parsed);
    }
    if (q.cards.empty()) return Failure{parse_cards(std::string_view()).error()};
  } else {
    return Failure{"\"cards\" must be a string \"7s jk ...\" or an array [\"7s\", \"jk\", ...]"};
  }
  if (const auto w = j.find("wild"); w != j.end() && !w->is_null()) {
    auto wild = wild_from_json(*w);
    if (!wild) return Failure{wild.error()};
    q.wild = *wild;
  }
  if (const auto r = j.find("round"); r != j.end() && !r->is_null()) {
    if (!r->is_number_integer()) return Failure{"\"round\" must be a whole number 1-11"};
    const auto v = r->get<long long>();
    if (v < 1 || v > kRounds) return Failure{round_out_of_range(v)};
    q.round = static_cast<int>(v);
  }
  if (const auto d = j.find("drawn"); d != j.end() && !d->is_null()) {
    if (!d->is_boolean()) return Failure{"\"drawn\" must be true or false"};
    q.mode = d->get<bool>() ? HandMode::Drawn : HandMode::Dealt;
  }
  if (const auto b = j.find("boxes"); b != j.end() && !b->is_null()) {
    if (!b->is_number_integer() || (b->get<long long>() != 1 && b->get<long long>() != 2)) {
      return Failure{"\"boxes\" must be 1 or 2"};
    }
    q.boxes = static_cast<int>(b->get<long long>());
  }
  return q;
}

}  // namespace

std::string answer_batch_line(std::string_view line, int boxes, bool* failed, long line_no) {
  if (line.find_first_not_of(" \t\r") == std::string_view::npos) return {};
  auto where = [line_no] {
    return line_no > 0 ? "line " + std::to_string(line_no) : std::string("the line");
  };
  auto error_answer = [&](const nlohmann::json& id, const std::string& message) {
    if (failed != nullptr) *failed = true;
    nlohmann::ordered_json answer{{"id", id}};
    // Without an id, the line number is how a script finds the request that failed.
    if (id.is_null() && line_no > 0) answer["line"] = line_no;
    answer["error"] = message;
    return dump_json(answer);
  };
  if (line.size() > kMaxBatchLine) return error_answer(nullptr, where() + " is longer than 64 KiB");
  const auto j = nlohmann::json::parse(line, nullptr, false);
  if (j.is_discarded()) return error_answer(nullptr, where() + " is not valid JSON");
  nlohmann::json id = nullptr;
  if (j.is_object()) {
    if (const auto it = j.find("id"); it != j.end()) id = *it;
  }
  auto q = query_from_json(j, boxes);
  auto report = q ? analyze_hand(std::move(q).value()) : Expected<HandReport>(Failure{q.error()});
  if (!report) return error_answer(id, report.error());
  std::string answer = "{\"id\":";
  answer += dump_json(id);
  answer += ',';
  append_json(answer, *report);
  answer += '}';
  return answer;
}

}  // namespace crowns::cli
