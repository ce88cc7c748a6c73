#include "store/solitaire.hpp"

#include <nlohmann/json.hpp>

#include "crowns/error.hpp"

namespace crowns::store {
namespace {

using nlohmann::json;

SolitaireStatus status_from(const std::string& text) {
  for (const auto status : {SolitaireStatus::Won, SolitaireStatus::Lost}) {
    if (text == status_name(status)) return status;
  }
  return SolitaireStatus::Active;
}

json cards_json(const std::vector<Card>& cards) {
  json out = json::array();
  for (const Card c : cards) out.push_back(to_string(c));
  return out;
}

// Cards written by this module; anything else means the row was edited by hand.
Card card_from(const json& j) {
  auto card = j.is_string() ? parse_card(j.get<std::string>()) : Expected<Card>(Failure{""});
  if (!card) throw Error("a solitaire game in the database holds an unreadable card");
  return *card;
}

std::vector<Card> cards_from(const json& j) {
  std::vector<Card> cards;
  if (!j.is_array()) throw Error("a solitaire game in the database holds an unreadable pile");
  for (const auto& c : j) cards.push_back(card_from(c));
  return cards;
}

std::string deal_text(const SolitaireGame& game) {
  json piles = json::array();
  for (const auto& pile : game.piles) piles.push_back(cards_json(pile));
  json deal{{"piles", piles}, {"stock", game.stock ? cards_json(*game.stock) : json(nullptr)}};
  // Only a house rule is written: a game under the standard rules reads as before them.
  if (game.rules != MeldRules{}) deal["rules"] = meld_rules_json<json>(game.rules);
  return deal.dump();
}

std::string plays_text(const SolitaireGame& game) {
  json plays = json::array();
  for (const auto& p : game.plays)
    plays.push_back(json::array({to_string(p.turned), p.move.pile, to_string(p.move.discard)}));
  return plays.dump();
}

constexpr const char* kColumns =
    "SELECT s.id, s.player_id, p.name, s.seed, s.deal, s.plays, s.status, s.piles_closed, "
    "s.hints, s.started_at, s.finished_at "
    "FROM solitaire_games s LEFT JOIN players p ON p.id = s.player_id ";

SolitaireGame read_game(const Statement& row) {
  SolitaireGame game;
  game.id = row.int64(0);
  if (!row.is_null(1)) game.player_id = row.int64(1);
  game.player_name = row.optional_text(2);
  if (!row.is_null(3)) game.seed = row.int64(3);
  const json deal = json::parse(row.text(4), nullptr, false);
  const json plays = json::parse(row.text(5), nullptr, false);
  if (!deal.is_object() || !deal.contains("piles") || !deal["piles"].is_array() ||
      deal["piles"].size() != solitaire::kPiles || !plays.is_array()) {
    throw Error("solitaire game " + std::to_string(game.id) + " in the database is unreadable");
  }
  for (int p = 0; p < solitaire::kPiles; ++p) game.piles[p] = cards_from(deal["piles"][p]);
  if (deal.contains("stock") && !deal["stock"].is_null()) game.stock = cards_from(deal["stock"]);
  if (deal.contains("rules")) {
    const auto rules = house_rules_from_json(deal["rules"]);
    if (!rules) {
      throw Error("solitaire game " + std::to_string(game.id) +
                  " in the database has unreadable rules: " + rules.error());
    }
    game.rules = rules->melds();
  }
  for (const auto& play : plays) {
    if (!play.is_array() || play.size() != 3 || !play[1].is_number_integer())
      throw Error("solitaire game " + std::to_string(game.id) + " in the database is unreadable");
    game.plays.push_back({card_from(play[0]), {play[1].get<int>(), card_from(play[2])}});
  }
  game.status = status_from(row.text(6));
  game.piles_closed = row.integer(7);
  game.hints = row.integer(8);
  game.started_at = row.text(9);
  game.finished_at = row.optional_text(10);
  return game;
}

}  // namespace

std::string_view status_name(SolitaireStatus status) {
  switch (status) {
    case SolitaireStatus::Active: return "active";
    case SolitaireStatus::Won: return "won";
    case SolitaireStatus::Lost: return "lost";
  }
  return "active";
}

void save_solitaire(Database& db, SolitaireGame& game) {
  if (game.id == 0) {
    db.prepare(
          "INSERT INTO solitaire_games (player_id, seed, deal, plays, status, piles_closed, "
          "hints, started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .bind_all(game.player_id, game.seed, deal_text(game), plays_text(game),
                  status_name(game.status), game.piles_closed, game.hints, game.started_at,
                  game.finished_at)
        .run();
    game.id = db.last_insert_id();
    return;
  }
  db.prepare(
        "UPDATE solitaire_games SET plays = ?, status = ?, piles_closed = ?, hints = ?, "
        "finished_at = ? WHERE id = ?")
      .bind_all(plays_text(game), status_name(game.status), game.piles_closed, game.hints,
                game.finished_at, game.id)
      .run();
}

std::optional<SolitaireGame> latest_active_solitaire(const Database& db,
                                                     std::optional<std::int64_t> player_id) {
  auto stmt = db.prepare(std::string(kColumns) +
                         "WHERE s.status = 'active' AND (?1 IS NULL OR s.player_id = ?1) "
                         "ORDER BY s.id DESC LIMIT 1");
  stmt.bind(1, player_id);
  if (!stmt.step()) return std::nullopt;
  return read_game(stmt);
}

std::vector<SolitaireGame> solitaire_history(const Database& db,
                                             std::optional<std::int64_t> player_id, int limit) {
  auto stmt = db.prepare(std::string(kColumns) +
                         "WHERE s.status != 'active' AND (?1 IS NULL OR s.player_id = ?1) "
                         "ORDER BY s.id DESC LIMIT ?2");
  stmt.bind(1, player_id);
  stmt.bind(2, limit);
  std::vector<SolitaireGame> games;
  while (stmt.step()) games.push_back(read_game(stmt));
  return games;
}

SolitaireTotals solitaire_totals(const Database& db, std::int64_t player_id) {
  auto stmt = db.prepare(
      "SELECT count(*), coalesce(sum(status = 'won'), 0), coalesce(max(piles_closed), 0), "
      "coalesce(sum(hints > 0), 0) FROM solitaire_games WHERE player_id = ? AND status != "
      "'active'");
  stmt.bind_all(player_id);
  SolitaireTotals totals;
  if (stmt.step()) {
    totals.played = stmt.integer(0);
    totals.won = stmt.integer(1);
    totals.best_closed = stmt.integer(2);
    totals.hinted = stmt.integer(3);
  }
  return totals;
}

}  // namespace crowns::store
