#include "cli/input/solitaire_request.hpp"

#include <algorithm>

#include "cli/batch.hpp"
#include "cli/hint_words.hpp"
#include "cli/input/meld_switches.hpp"
#include "crowns/deck.hpp"
#include "crowns/names.hpp"
#include "crowns/solitaire_advisor.hpp"

namespace crowns::cli {
namespace {

using namespace crowns::solitaire;

struct Request {
  State state{Piles{}, MeldRules{}};  // the request's rules are read into it
  Card card;
  std::vector<Card> unseen;
};

Expected<Request> read_request(JsonRequest& r, MeldRules rules) {
  Request q;
  q.state.rules = read_meld_rules(r, rules);
  std::vector<Card> seen;
  OneBox box;
  std::optional<std::string> too_many;  // the first card beyond one box, where it is
  const auto count = [&](std::span<const Card> cards, const std::string& where) {
    if (auto fits = box.add(cards, " in " + where); !fits && !too_many)
      too_many = worded(fits.failure());
  };
  const auto& piles = r.raw("piles");
  const bool eleven = piles.is_array() && piles.size() == kPiles;
  if (!eleven) r.fail("\"piles\" must be an array of 11 piles (null for a closed one)");
  for (int p = 1; eleven && p <= kPiles; ++p) {
    const auto& pile = piles[static_cast<std::size_t>(p - 1)];
    if (pile.is_null()) {
      q.state.closed[p - 1] = true;
      continue;
    }
    auto cards = r.cards_in(pile, "pile " + std::to_string(p));
    if (static_cast<int>(cards.size()) != pile_size(p)) {
      r.fail("pile " + std::to_string(p) + " holds " + std::to_string(cards.size()) +
             " cards; it must hold " + std::to_string(pile_size(p)));
    }
    count(cards, "pile " + std::to_string(p));
    std::sort(cards.begin(), cards.end());
    seen.insert(seen.end(), cards.begin(), cards.end());
    q.state.piles[p - 1] = std::move(cards);
  }
  q.card = r.required_card("card");
  const int left = r.required_int("stock", 0, kStockSize - 1);
  const auto dead = r.cards("dead");
  const auto closed = r.cards("closed");
  if (auto bad = r.failure()) return *bad;
  if (q.state.open_piles() == 0) return Failure{"every pile is closed: the game is won"};
  q.state.plays = kStockSize - 1 - left;
  q.state.dead = dead;
  count(std::span(&q.card, 1), "\"card\"");
  count(dead, "\"dead\"");
  count(closed, "\"closed\"");
  if (too_many) return Failure{*too_many};
  seen.push_back(q.card);
  seen.insert(seen.end(), dead.begin(), dead.end());
  seen.insert(seen.end(), closed.begin(), closed.end());
  q.unseen = full_deck(1);
  std::sort(q.unseen.begin(), q.unseen.end());
  for (const Card c : seen) q.unseen.erase(std::find(q.unseen.begin(), q.unseen.end(), c));
  if (static_cast<int>(q.unseen.size()) != left) {
    return Failure{"the cards given leave " + std::to_string(q.unseen.size()) +
                   " cards unseen, but \"stock\" says " + std::to_string(left) +
                   " (give every discard in \"dead\" and the closed piles' cards in \"closed\")"};
  }
  return q;
}

}  // namespace

Expected<std::string> answer_solitaire_request(JsonRequest& r, MeldRules rules) {
  auto request = read_request(r, rules);
  if (!request) return request.failure();
  const Request& q = *request;
  const Advice advice = advise(q.state, q.card, q.unseen);
  nlohmann::ordered_json answer{{"pile", advice.move.pile},
                                {"discard", to_string(advice.move.discard)},
                                {"closes", advice.closes},
                                {"needed", advice.needed_after}};
  if (advice.kept_for != 0) {
    answer["could_close"] = advice.could_close;
    answer["kept_for"] = advice.kept_for;
  }
  if (advice.lost) answer["lost"] = true;
  if (q.state.rules != MeldRules{})
    answer["rules"] = meld_rules_json<nlohmann::ordered_json>(q.state.rules);
  return answer_fields(answer);
}

}  // namespace crowns::cli
