#include "cli/views/hand.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "crowns/rules.hpp"

namespace crowns::cli {

std::string rank_text(int rank) {
  return std::string(rank_name(rank));
}

namespace {

std::string wild_phrase(int wild_rank) {
  return rank_text(wild_rank) + "s wild";
}

// The cards of a meld as they are shown: a run in rank order (as the solver gives it); a book
// with its natural cards first, then its wilds, each in canonical order, so that the same book
// always reads the same whatever order the solver found its cards in.
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

}  // namespace

std::string meld_text(const Style& style, const Meld& meld) {
  std::string out;
  for (const auto& mc : display_order(meld)) {
    if (!out.empty()) out += ' ';
    out += style.card(mc.card);
    if (!mc.wild) continue;
    if (meld.kind == MeldKind::Run) {
      // A wild-rank card that stands for itself ("Jh" at J in a hearts run) needs no "=Jh".
      if (mc.card.rank == mc.as_rank && mc.card.suit == meld.suit) continue;
      out += style.dim("=" + rank_text(mc.as_rank)) + style.suit(meld.suit);
    } else if (mc.as_rank != 0 && !(mc.card.rank == mc.as_rank)) {
      out += style.dim("=" + rank_text(mc.as_rank));
    }
  }
  return out;
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

void print_hand(std::ostream& out, const Style& style, const HandReport& r,
                std::string_view indent) {
  const Solution& s = r.solution;
  const int n = static_cast<int>(r.cards.size()) - (r.mode == HandMode::Drawn ? 1 : 0);
  std::string header;
  if (r.round) header = fmt::format("Round {} · ", *r.round);
  if (r.left_of_deal) {
    header += fmt::format("{} of {} cards left · {}", n, *r.left_of_deal, wild_phrase(r.wild_rank));
  } else {
    header += fmt::format("{} card{}{} · {}", n, n == 1 ? "" : "s",
                          r.mode == HandMode::Drawn ? " + drawn" : "", wild_phrase(r.wild_rank));
  }
  out << indent << style.bold(header) << '\n';
  out << indent << "hand     " << style.cards(r.cards) << '\n';
  if (s.discard) out << indent << "discard  " << style.card(*s.discard) << '\n';
  for (const auto& m : s.melds) {
    out << indent << (m.kind == MeldKind::Book ? "book     " : "run      ") << meld_text(style, m)
        << '\n';
  }
  if (s.deadwood.empty()) {
    out << indent << "left     " << style.dim("nothing") << '\n';
  } else {
    std::string sum;
    for (Card c : s.deadwood) {
      if (!sum.empty()) sum += " + ";
      sum += std::to_string(card_points(c, r.wild_rank));
    }
    out << indent << "left     " << style.cards(s.deadwood) << "  " << style.dim("(" + sum + ")")
        << '\n';
  }
  out << indent << "score    " << style.bold(std::to_string(s.score));
  if (!r.left_of_deal)
    out << " · " << (s.goes_out ? style.green("goes out") : std::string("does not go out"));
  out << '\n';
}

}  // namespace crowns::cli
