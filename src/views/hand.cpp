#include "views/hand.hpp"

#include <fmt/format.h>

#include "crowns/rules.hpp"

namespace crowns::views {

std::string rank_text(int rank) {
  return std::string(rank_name(rank));
}

namespace {

std::string wild_phrase(int wild_rank) {
  return rank_text(wild_rank) + "s wild";
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

std::string meld_rules_note(const MeldRules& rules) {
  std::string note;
  if (rules.wild_melds == WildMelds::DoNotCount) note += " · no wild-only melds";
  if (rules.book_suits == BookSuits::Distinct) note += " · book suits distinct";
  return note;
}

void print_hand(std::ostream& out, const Style& style, const HandReport& r,
                std::string_view indent) {
  const Solution& s = r.solution;
  const int n = static_cast<int>(r.cards.size()) - (r.mode == HandMode::Drawn ? 1 : 0);
  std::string header;
  if (r.round) header = fmt::format("Round {} · ", *r.round);
  if (r.left_of_deal && n == *r.left_of_deal) {
    // Every card of the deal is still held: "8 of 8 cards left" reads as a riddle.
    header += fmt::format("all {} cards held · {}", n, wild_phrase(r.wild_rank));
  } else if (r.left_of_deal) {
    header += fmt::format("{} of {} cards left · {}", n, *r.left_of_deal, wild_phrase(r.wild_rank));
  } else {
    header += fmt::format("{} card{}{} · {}", n, n == 1 ? "" : "s",
                          r.mode == HandMode::Drawn ? " + drawn" : "", wild_phrase(r.wild_rank));
  }
  // House rules that change the answer are named; the standard rules go without saying.
  header += meld_rules_note(r.rules);
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

}  // namespace crowns::views
