#include "cli/commands/solitaire_batch.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "cli/views/style.hpp"
#include "crowns/deck.hpp"
#include "crowns/names.hpp"
#include "crowns/solitaire_advisor.hpp"

namespace crowns::cli {
namespace {

using Json = nlohmann::json;
using namespace crowns::solitaire;

constexpr std::size_t kMaxLine = std::size_t{64} * 1024;

Expected<std::vector<Card>> cards_field(const Json& j, const std::string& name) {
  if (!j.is_array()) return Failure{"\"" + name + "\" must be an array of cards like \"7s\""};
  std::vector<Card> cards;
  for (const auto& c : j) {
    if (!c.is_string()) return Failure{"\"" + name + "\" must hold cards like \"7s\""};
    auto card = parse_card(c.get<std::string>());
    if (!card) return Failure{"in \"" + name + "\": " + card.error()};
    cards.push_back(*card);
  }
  return cards;
}

struct Request {
  State state{Piles{}};
  Card card;
  std::vector<Card> unseen;
};

Expected<Request> read_request(const Json& j) {
  if (!j.is_object()) return Failure{"a line must be a JSON object with \"piles\" and \"card\""};
  Request r;
  const auto piles = j.find("piles");
  if (piles == j.end() || !piles->is_array() || piles->size() != kPiles)
    return Failure{"\"piles\" must be an array of 11 piles (null for a closed one)"};
  std::vector<Card> seen;
  for (int p = 1; p <= kPiles; ++p) {
    const auto& pile = (*piles)[static_cast<std::size_t>(p - 1)];
    if (pile.is_null()) {
      r.state.closed[p - 1] = true;
      continue;
    }
    auto cards = cards_field(pile, "piles");
    if (!cards) return Failure{cards.error()};
    if (static_cast<int>(cards->size()) != pile_size(p)) {
      return Failure{"pile " + std::to_string(p) + " holds " + std::to_string(cards->size()) +
                     " cards; it must hold " + std::to_string(pile_size(p))};
    }
    r.state.piles[p - 1] = *cards;
    std::sort(r.state.piles[p - 1].begin(), r.state.piles[p - 1].end());
    seen.insert(seen.end(), cards->begin(), cards->end());
  }
  if (r.state.open_piles() == 0) return Failure{"every pile is closed: the game is won"};
  const auto card = j.find("card");
  if (card == j.end() || !card->is_string()) return Failure{"missing \"card\": the turned card"};
  auto turned = parse_card(card->get<std::string>());
  if (!turned) return Failure{turned.error()};
  r.card = *turned;
  seen.push_back(r.card);
  const auto stock = j.find("stock");
  if (stock == j.end() || !stock->is_number_integer() || stock->get<long long>() < 0 ||
      stock->get<long long>() >= kStockSize) {
    return Failure{"\"stock\" must be the cards left after the turned one: 0 to " +
                   std::to_string(kStockSize - 1)};
  }
  const int left = static_cast<int>(stock->get<long long>());
  r.state.plays = kStockSize - 1 - left;
  for (const char* field : {"dead", "closed"}) {
    const auto it = j.find(field);
    if (it == j.end()) continue;
    auto cards = cards_field(*it, field);
    if (!cards) return Failure{cards.error()};
    if (std::string_view(field) == "dead") r.state.dead = *cards;
    seen.insert(seen.end(), cards->begin(), cards->end());
  }
  if (auto copies = check_copies(seen, 1); !copies)
    return Failure{copies.error() + " (one box holds 2 of each card and 6 jokers)"};
  r.unseen = full_deck(1);
  std::sort(r.unseen.begin(), r.unseen.end());
  for (const Card c : seen) r.unseen.erase(std::find(r.unseen.begin(), r.unseen.end(), c));
  if (static_cast<int>(r.unseen.size()) != left) {
    return Failure{"the cards given leave " + std::to_string(r.unseen.size()) +
                   " cards unseen, but \"stock\" says " + std::to_string(left) +
                   " (give every discard in \"dead\" and the closed piles' cards in \"closed\")"};
  }
  if (r.state.plays_left() < r.state.open_piles()) {
    return Failure{std::to_string(r.state.open_piles()) + " piles are open with " +
                   std::to_string(r.state.plays_left()) + " plays left: the game is lost"};
  }
  return r;
}

}  // namespace

std::string answer_solitaire_line(std::string_view line, bool* failed, long line_no) {
  if (line.find_first_not_of(" \t\r") == std::string_view::npos) return {};
  auto where = [line_no] {
    return line_no > 0 ? "line " + std::to_string(line_no) : std::string("the line");
  };
  auto dump = [](const Json& j) { return dump_json(j); };
  Json id = nullptr;
  auto error_answer = [&](const std::string& message) {
    if (failed != nullptr) *failed = true;
    return "{\"id\":" + dump(id) + ",\"error\":" + dump(Json(message)) + "}";
  };
  if (line.size() > kMaxLine) return error_answer(where() + " is longer than 64 KiB");
  const auto j = Json::parse(line, nullptr, false);
  if (j.is_discarded()) return error_answer(where() + " is not valid JSON");
  if (j.is_object()) {
    if (const auto it = j.find("id"); it != j.end()) id = *it;
  }
  auto request = read_request(j);
  if (!request) return error_answer(request.error());
  const Request& r = *request;
  const Advice advice = advise(r.state, r.card, r.unseen);
  return "{\"id\":" + dump(id) + ",\"pile\":" + std::to_string(advice.move.pile) +
         ",\"discard\":\"" + to_string(advice.move.discard) +
         "\",\"closes\":" + (advice.closes ? "true" : "false") +
         ",\"needed\":" + std::to_string(advice.needed_after) + "}";
}

}  // namespace crowns::cli
