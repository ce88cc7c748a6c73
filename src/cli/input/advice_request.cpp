#include "cli/input/advice_request.hpp"

#include <cmath>
#include <istream>
#include <ostream>

#include "cli/files.hpp"
#include "cli/views/style.hpp"
#include "crowns/rules.hpp"

namespace crowns::cli {
namespace {

constexpr std::size_t kMaxLine = std::size_t{64} * 1024;

const nlohmann::json* field(const nlohmann::json& request, const char* name) {
  const auto it = request.find(name);
  if (it == request.end() || it->is_null()) return nullptr;
  return &*it;
}

std::string quoted(const char* name) {
  return std::string("\"") + name + "\"";
}

}  // namespace

Expected<std::vector<Card>> cards_field(const nlohmann::json& request, const char* name) {
  const auto* f = field(request, name);
  std::vector<Card> cards;
  if (f == nullptr) return cards;
  if (f->is_string()) {
    if (f->get<std::string>().find_first_not_of(" ,\t") == std::string::npos) return cards;
    auto parsed = parse_cards(f->get<std::string>());
    if (!parsed) return Failure{quoted(name) + ": " + parsed.error()};
    return parsed;
  }
  if (!f->is_array())
    return Failure{quoted(name) + " must be an array of cards like [\"7h\", \"jk\"]"};
  for (const auto& c : *f) {
    if (!c.is_string()) return Failure{quoted(name) + " must hold strings like \"7h\""};
    auto card = parse_card(c.get<std::string>());
    if (!card) return Failure{quoted(name) + ": " + card.error()};
    cards.push_back(*card);
  }
  return cards;
}

Expected<std::optional<Card>> card_field(const nlohmann::json& request, const char* name) {
  const auto* f = field(request, name);
  if (f == nullptr) return std::optional<Card>();
  if (!f->is_string()) return Failure{quoted(name) + " must be a card like \"7h\""};
  auto card = parse_card(f->get<std::string>());
  if (!card) return Failure{card.error()};
  return std::optional<Card>(*card);
}

Expected<std::optional<int>> int_field(const nlohmann::json& request, const char* name, int low,
                                       int high) {
  const auto* f = field(request, name);
  if (f == nullptr) return std::optional<int>();
  const std::string range = std::to_string(low) + "-" + std::to_string(high);
  if (!f->is_number_integer()) return Failure{quoted(name) + " must be a whole number " + range};
  const auto v = f->get<long long>();
  if (v < low || v > high) {
    return Failure{quoted(name) + " is " + std::to_string(v) + ", out of range (" + range + ")"};
  }
  return std::optional<int>(static_cast<int>(v));
}

Expected<int> round_field(const nlohmann::json& request) {
  auto round = int_field(request, "round", 1, kRounds);
  if (!round) return Failure{round.error()};
  if (!*round) return Failure{"missing \"round\" (1-" + std::to_string(kRounds) + ")"};
  return **round;
}

Expected<std::vector<Card>> hand_field(const nlohmann::json& request) {
  auto hand = cards_field(request, "hand");
  if (hand && hand->empty()) {
    return Failure{"missing \"hand\": an array of cards like [\"7h\", \"jk\"]"};
  }
  return hand;
}

Expected<std::optional<bool>> bool_field(const nlohmann::json& request, const char* name) {
  const auto* f = field(request, name);
  if (f == nullptr) return std::optional<bool>();
  if (!f->is_boolean()) return Failure{quoted(name) + " must be true or false"};
  return std::optional<bool>(f->get<bool>());
}

void run_json_lines(Context& ctx, const BatchAnswer& answer) {
  std::string line;
  long line_no = 0;
  while (read_line(ctx.in, line, kMaxLine + 1)) {
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    nlohmann::ordered_json out;
    nlohmann::json id = nullptr;
    std::string error;
    if (line.size() > kMaxLine) {
      error = "line " + std::to_string(line_no) + " is longer than 64 KiB";
    } else {
      const auto request = nlohmann::json::parse(line, nullptr, false);
      if (request.is_discarded() || !request.is_object()) {
        error = "line " + std::to_string(line_no) + " is not a JSON object";
      } else {
        if (const auto it = request.find("id"); it != request.end()) id = *it;
        auto result = answer(request);
        if (result) {
          out["id"] = id;
          for (const auto& [key, value] : result->items()) out[key] = value;
        } else {
          error = result.error();
        }
      }
    }
    if (!error.empty()) {
      out = nlohmann::ordered_json{{"id", id}, {"error", error}};
      ctx.exit_code = ExitCode::Error;
    }
    ctx.out << dump_json(out) << '\n' << std::flush;
  }
}

double json_rounded(double value, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(value * scale) / scale;
}

}  // namespace crowns::cli
