#include "views/hand_json.hpp"

#include <algorithm>

#include "crowns/rules.hpp"

namespace crowns::views {

std::vector<MeldCard> display_order(const Meld& meld) {
  std::vector<MeldCard> cards = meld.cards;
  if (meld.kind == MeldKind::Book) {
    std::stable_sort(cards.begin(), cards.end(), [](const MeldCard& a, const MeldCard& b) {
      if (a.wild != b.wild) return !a.wild;
      return a.card < b.card;
    });
  }
  return cards;
}

void append_json(std::string& out, const HandReport& r) {
  // Written by hand rather than through a JSON tree: --batch answers 100,000+ hands a second.
  // Every string here is a card or rank name, so none needs escaping.
  const Solution& s = r.solution;
  auto str = [&](std::string_view v) {
    out += '"';
    out += v;
    out += '"';
  };
  auto card = [&](Card c) {  // to_string(c) without allocating
    out += '"';
    if (c.is_joker()) {
      out += "jk";
    } else {
      out += rank_name(c.rank);
      out += suit_letter(c.suit);
    }
    out += '"';
  };
  auto cards = [&](auto&& list, auto&& write) {
    out += '[';
    bool first = true;
    for (const auto& c : list) {
      if (!first) out += ',';
      first = false;
      write(c);
    }
    out += ']';
  };
  out += "\"round\":";
  out += r.round ? std::to_string(*r.round) : "null";
  out += ",\"wild\":";
  str(rank_name(r.wild_rank));
  out += ",\"drawn\":";
  out += r.mode == HandMode::Drawn ? "true" : "false";
  // The meld rules, in house_rules_json's shape (the words are core's: no escaping needed).
  out += ",\"rules\":{\"wild_melds\":";
  out += r.rules.wild_melds == WildMelds::Count ? "true" : "false";
  out += ",\"book_suits\":";
  str(switch_word(HouseRules{.book_suits = r.rules.book_suits}, HouseSwitch::BookSuits));
  out += '}';
  out += ",\"cards\":";
  cards(r.cards, card);
  out += ",\"score\":";
  out += std::to_string(s.score);
  out += ",\"goes_out\":";
  out += s.goes_out ? "true" : "false";
  out += ",\"discard\":";
  if (s.discard) {
    card(*s.discard);
  } else {
    out += "null";
  }
  out += ",\"melds\":[";
  for (std::size_t i = 0; i < s.melds.size(); ++i) {
    const Meld& m = s.melds[i];
    const auto shown = display_order(m);
    if (i) out += ',';
    out += "{\"kind\":";
    str(m.kind == MeldKind::Book ? "book" : "run");
    out += ",\"cards\":";
    cards(shown, [&](const MeldCard& mc) { card(mc.card); });
    out += ",\"as\":";
    if (m.kind == MeldKind::Run) {
      cards(shown, [&](const MeldCard& mc) { card(Card::natural(mc.as_rank, m.suit)); });
      out += ",\"suit\":";
      out += "\"";
      out += suit_letter(m.suit);
      out += "\"";
    } else {
      cards(shown,
            [&](const MeldCard& mc) { str(mc.as_rank == 0 ? "wild" : rank_name(mc.as_rank)); });
      out += ",\"rank\":";
      if (m.rank == 0) {
        out += "null";
      } else {
        str(rank_name(m.rank));
      }
    }
    out += '}';
  }
  out += "],\"deadwood\":";
  cards(s.deadwood, card);
  out += ",\"deadwood_points\":[";
  for (std::size_t i = 0; i < s.deadwood.size(); ++i) {
    if (i) out += ',';
    out += std::to_string(card_points(s.deadwood[i], r.wild_rank));
  }
  out += ']';
}

std::string json_text(const HandReport& report) {
  std::string out = "{";
  append_json(out, report);
  out += '}';
  return out;
}

}  // namespace crowns::views
