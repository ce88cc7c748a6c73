#include "store/assist.hpp"

#include <nlohmann/json.hpp>

#include "crowns/error.hpp"
#include "crowns/house_rules.hpp"
#include "crowns/round_order.hpp"
#include "crowns/rules.hpp"
#include "store/db.hpp"

namespace crowns::store {
namespace {

using nlohmann::json;

// The house rules ride in the setup's JSON (no column of their own): "rules" holds the meld
// switches and "cards" each round's card count, both only when not the standard ones, so a
// session saved before house rules reads as the standard rules it was played under.
std::string setup_text(const assist::Setup& s) {
  json setup{{"round", s.round},
             {"players", s.players},
             {"boxes", s.boxes},
             {"names", s.names},
             {"me", s.me}};
  if (s.rules != MeldRules{}) setup["rules"] = meld_rules_json<json>(s.rules);
  if (s.deals != round_sequence(RoundOrder::Up)) {
    json cards = json::array();
    for (const RoundDeal& deal : s.deals) cards.push_back(deal.cards);
    setup["cards"] = std::move(cards);
  }
  return setup.dump();
}

// Reads back what setup_text wrote; throws json::exception (or returns false) when unreadable.
bool read_house_rules(const json& setup, assist::Setup& s) {
  if (setup.contains("rules")) {
    const auto rules = house_rules_from_json(setup.at("rules"));
    if (!rules) return false;
    s.rules = rules->melds();
  }
  if (setup.contains("cards")) {
    const auto cards = setup.at("cards").get<std::vector<int>>();
    if (cards.size() != s.deals.size()) return false;
    for (std::size_t i = 0; i < cards.size(); ++i) {
      if (cards[i] < cards_in_round(1) || cards[i] > cards_in_round(kRounds)) return false;
      s.deals[i] = RoundDeal{.cards = cards[i], .wild_rank = cards[i]};
    }
  }
  return true;
}

std::string answers_text(const std::vector<std::string>& answers) {
  return json(answers).dump();
}

AssistRecord read_record(const Statement& row) {
  AssistRecord r;
  r.id = row.int64(0);
  if (!row.is_null(1)) r.game_id = row.int64(1);
  r.me = row.optional_text(2);
  const json setup = json::parse(row.text(3), nullptr, false);
  const json answers = json::parse(row.text(4), nullptr, false);
  const auto unreadable = [&] {
    return Error("assist session " + std::to_string(r.id) + " in the database is unreadable");
  };
  try {
    if (!setup.is_object() || !answers.is_array()) throw unreadable();
    r.setup.round = setup.at("round").get<int>();
    r.setup.players = setup.at("players").get<int>();
    r.setup.boxes = setup.at("boxes").get<int>();
    r.setup.names = setup.at("names").get<std::vector<std::string>>();
    r.setup.me = setup.at("me").get<int>();
    if (!read_house_rules(setup, r.setup)) throw unreadable();
    r.answers = answers.get<std::vector<std::string>>();
  } catch (const json::exception&) {
    throw unreadable();
  }
  r.done = row.text(5) == "done";
  r.started_at = row.text(6);
  return r;
}

}  // namespace

void save_assist(Database& db, AssistRecord& session) {
  const std::string now = now_timestamp();
  if (session.id == 0) {
    if (session.started_at.empty()) session.started_at = now;
    db.prepare(
          "INSERT INTO assist_sessions (game_id, me, setup, answers, status, started_at, "
          "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
        .bind_all(session.game_id, session.me, setup_text(session.setup),
                  answers_text(session.answers), session.done ? "done" : "active",
                  session.started_at, now)
        .run();
    session.id = db.last_insert_id();
    return;
  }
  db.prepare("UPDATE assist_sessions SET answers = ?, status = ?, updated_at = ? WHERE id = ?")
      .bind_all(answers_text(session.answers), session.done ? "done" : "active", now, session.id)
      .run();
}

std::optional<AssistRecord> active_assist(const Database& db) {
  auto stmt = db.prepare(
      "SELECT id, game_id, me, setup, answers, status, started_at FROM assist_sessions "
      "WHERE status = 'active' ORDER BY id DESC LIMIT 1");
  if (!stmt.step()) return std::nullopt;
  return read_record(stmt);
}

void close_assists(Database& db) {
  db.prepare("UPDATE assist_sessions SET status = 'done', updated_at = ? WHERE status = 'active'")
      .bind_all(now_timestamp())
      .run();
}

std::optional<std::string> remembered_me(const Database& db) {
  auto stmt =
      db.prepare("SELECT me FROM assist_sessions WHERE me IS NOT NULL ORDER BY id DESC LIMIT 1");
  if (!stmt.step()) return std::nullopt;
  return stmt.optional_text(0);
}

}  // namespace crowns::store
