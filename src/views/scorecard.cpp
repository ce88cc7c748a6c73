#include "views/scorecard.hpp"

#include <algorithm>

#include "crowns/game_status.hpp"
#include "crowns/names.hpp"
#include "crowns/rules.hpp"
#include "views/hand.hpp"

namespace crowns::views {
namespace {

using Json = nlohmann::ordered_json;

// A round's cards or wild as JSON: a number of cards, a rank's text; null when not dealt yet.
Json deal_json(const store::Game& game, int round, int RoundDeal::*part) {
  const auto deal = game.deal(round);
  if (!deal) return nullptr;
  if (part == &RoundDeal::cards) return deal->cards;
  return rank_text(deal->wild_rank);
}

}  // namespace

std::string deal_cards_text(const store::Game& game, int round) {
  const auto deal = game.deal(round);
  return deal ? std::to_string(deal->cards) : "?";
}

std::string deal_wild_text(const store::Game& game, int round) {
  const auto deal = game.deal(round);
  return deal ? rank_text(deal->wild_rank) : "?";
}

std::string house_options_text(const HouseRules& rules) {
  // describe()'s words, the switches that differ from the standard only.
  std::string out;
  for (const HouseSwitch s : kHouseSwitches) {
    if (switch_word(rules, s) == switch_word(HouseRules{}, s)) continue;
    std::string name(switch_name(s));
    std::replace(name.begin(), name.end(), '_', ' ');
    out += (out.empty() ? "" : ", ") + name + ' ' + std::string(switch_word(rules, s));
  }
  return out;
}

Json scorecard_json(const store::Game& game) {
  const Standings st = game.standings();
  Json players = Json::array();
  for (const auto& s : game.seats) players.push_back(s.name);
  Json rounds = Json::array();
  for (const auto& r : game.rounds) {
    Json scores = Json::object();
    Json hands = Json::object();
    Json went_out = nullptr;
    for (std::size_t s = 0; s < r.scores.size(); ++s) {
      if (!game.seats[s].plays(r.round)) continue;  // joined later: no score
      const auto& name = game.seats[s].name;
      scores[name] = r.scores[s].points;
      if (r.scores[s].went_out) went_out = name;
      if (r.scores[s].hand) hands[name] = *r.scores[s].hand;
    }
    rounds.push_back(
        Json{{"round", r.round},
             {"cards", deal_json(game, r.round, &RoundDeal::cards)},
             {"wild", deal_json(game, r.round, &RoundDeal::wild_rank)},
             {"dealer", game.seats[static_cast<std::size_t>(game.dealer(r.round))].name},
             {"scores", scores},
             {"went_out", went_out},
             {"hands", hands}});
  }
  Json totals = Json::object();
  Json tiebreak = Json::object();
  Json joined = Json::object();
  for (std::size_t s = 0; s < game.seats.size(); ++s) {
    totals[game.seats[s].name] = st.totals[s];
    if (game.seats[s].joined_round > 1) {
      joined[game.seats[s].name] =
          Json{{"round", game.seats[s].joined_round}, {"start_total", game.seats[s].start_total}};
    }
    if (game.seats[s].tiebreak) tiebreak[game.seats[s].name] = *game.seats[s].tiebreak;
  }
  Json leaders = Json::array();
  for (int s : st.leaders) leaders.push_back(game.seats[static_cast<std::size_t>(s)].name);
  Json winners = Json::array();
  for (int s : st.winners) winners.push_back(game.seats[static_cast<std::size_t>(s)].name);
  // The one order of finish (crowns::finishing_places), as every screen and rating reads it.
  Json places = Json::object();
  for (std::size_t s = 0; s < game.seats.size(); ++s) places[game.seats[s].name] = st.places[s];
  Json next = nullptr;
  if (game.status == store::GameStatus::Active) {
    const int r = *game.next_round();
    next = Json{{"round", r},
                {"cards", deal_json(game, r, &RoundDeal::cards)},
                {"wild", deal_json(game, r, &RoundDeal::wild_rank)},
                {"dealer", game.seats[static_cast<std::size_t>(game.dealer(r))].name},
                {"starts", game.seats[static_cast<std::size_t>(game.starter(r))].name}};
  }
  Json card{{"id", game.id},
            {"uuid", game.uuid},
            {"key", store::short_game_key(game.uuid)},
            {"date", game.date},
            {"status", store::status_name(game.status)},
            {"boxes", game.boxes},
            {"rules", house_rules_json<Json>(game.rules)},
            {"note", game.note ? Json(*game.note) : Json(nullptr)},
            {"players", players},
            {"rounds", rounds},
            {"totals", totals},
            {"leaders", leaders},
            {"tied", st.tied},
            {"tiebreak", game.seats.empty() || tiebreak.empty() ? Json(nullptr) : tiebreak},
            {"winners", winners},
            {"places", places},
            {"next", next}};
  if (!joined.empty()) card["joined"] = joined;  // late arrivals only: older output unchanged
  // House rule `ties tiebreak`, a tie with the tie-break still to play: not over, no winner.
  if (game.awaiting_tiebreak()) card["awaiting_tiebreak"] = true;
  return card;
}

}  // namespace crowns::views
