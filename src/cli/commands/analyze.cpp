// crowns analyze: the best lay-down of a hand, for a person or a script.

#include <CLI/CLI.hpp>
#include <istream>
#include <nlohmann/json.hpp>

#include "cli/batch.hpp"
#include "cli/commands.hpp"
#include "cli/files.hpp"
#include "cli/options.hpp"
#include "cli/session.hpp"
#include "cli/views/hand.hpp"
#include "crowns/hand_round.hpp"
#include "crowns/rules.hpp"

namespace crowns::cli {
namespace {

constexpr std::size_t kMaxBatchLine = std::size_t{64} * 1024;

struct AnalyzeOptions {
  std::vector<std::string> cards;
  std::optional<int> round;
  std::optional<std::string> wild;
  bool drawn = false;
  bool json = false;
  bool batch = false;
  int boxes = 1;
};

struct HandQuery {
  std::vector<Card> cards;
  std::optional<int> round;
  std::optional<int> wild;
  HandMode mode = HandMode::Dealt;
  int boxes = 1;
};

// Checks the hand against the round and the deck, works out the wild rank, and solves it.
Expected<HandReport> analyze(HandQuery q) {
  if (auto copies = check_copies(q.cards, q.boxes); !copies) return Failure{copies.error()};
  auto hand_round = infer_hand_round(static_cast<int>(q.cards.size()), q.mode, q.round, q.wild);
  if (!hand_round) return Failure{hand_round.error()};
  HandReport report;
  report.round = hand_round->round;
  report.wild_rank = hand_round->wild_rank;
  report.cards = std::move(q.cards);
  std::sort(report.cards.begin(), report.cards.end());
  report.mode = q.mode;
  report.solution = solve(report.cards, report.wild_rank, q.mode);
  return report;
}

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

void run_batch(const AnalyzeOptions& opts, Context& ctx) {
  std::string line;
  std::string output;
  long line_no = 0;
  bool failed = false;
  while (read_line(ctx.in, line, kMaxBatchLine + 1)) {
    const std::string answer = answer_batch_line(line, opts.boxes, &failed, ++line_no);
    if (answer.empty()) continue;
    output += answer;
    output += '\n';
    if (output.size() > (1u << 16)) {
      ctx.out << output;
      output.clear();
    }
  }
  ctx.out << output;
  if (failed) ctx.exit_code = ExitCode::Error;
}

void run_analyze(const AnalyzeOptions& opts, Context& ctx) {
  if (opts.batch) {
    if (!opts.cards.empty()) fail("--batch reads hands from stdin; give no cards", ExitCode::Usage);
    run_batch(opts, ctx);
    return;
  }
  if (opts.cards.empty())
    fail("no cards given (e.g. crowns analyze 7h 8h 9h Ks jk)", ExitCode::Usage);
  HandQuery q;
  q.cards = need(parse_cards(opts.cards));
  q.round = opts.round;
  if (opts.wild) q.wild = need(parse_rank(*opts.wild));
  q.mode = opts.drawn ? HandMode::Drawn : HandMode::Dealt;
  q.boxes = opts.boxes;
  const HandReport report = need(analyze(std::move(q)));
  if (opts.json) {
    ctx.out << json_text(report) << '\n';
  } else {
    print_hand(ctx.out, ctx.style, report);
  }
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
  auto report = q ? analyze(std::move(q).value()) : Expected<HandReport>(Failure{q.error()});
  if (!report) return error_answer(id, report.error());
  std::string answer = "{\"id\":";
  answer += dump_json(id);
  answer += ',';
  append_json(answer, *report);
  answer += '}';
  return answer;
}

void setup_analyze(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<AnalyzeOptions>();
  auto* sub = app.add_subcommand("analyze", "Find the lowest-scoring lay-down of a hand");
  sub->add_option("cards", opts->cards, "Cards, e.g. 7h 8h 9h Ks jk (or one quoted string)");
  sub->add_option("-r,--round", opts->round, "Round 1-11 (sets the hand size and wild rank)");
  sub->add_option("-w,--wild", opts->wild, "Wild rank 3-10, J, Q or K (default: the hand size)")
      ->type_name("RANK");
  sub->add_flag("-d,--drawn", opts->drawn, "The hand holds the drawn card: find the best discard");
  sub->add_flag("--json", opts->json, "Print JSON");
  sub->add_flag("--batch", opts->batch, "Read JSON Lines hands from stdin, answer one per line");
  sub->add_option("--boxes", opts->boxes, "Boxes combined (1, or 2 for up to 14 players)")
      ->check(whole_number(1, 2));
  sub->callback([opts, &ctx] { run_analyze(*opts, ctx); });
}

}  // namespace crowns::cli
