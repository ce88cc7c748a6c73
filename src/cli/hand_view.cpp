#include "cli/hand_view.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "crowns/rules.hpp"

namespace crowns::cli {

std::string rank_text(int rank) { return std::string(rank_name(rank)); }

namespace {

std::string wild_phrase(int wild_rank) { return rank_text(wild_rank) + "s wild"; }

nlohmann::ordered_json cards_json(const std::vector<Card>& cards) {
  auto list = nlohmann::ordered_json::array();
  for (Card c : cards) list.push_back(to_string(c));
  return list;
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
      out += style.dim("=" + rank_text(mc.as_rank)) + style.suit(meld.suit);
    } else if (mc.as_rank != 0 && !(mc.card.rank == mc.as_rank)) {
      out += style.dim("=" + rank_text(mc.as_rank));
    }
  }
  return out;
}

nlohmann::ordered_json to_json(const HandReport& r) {
  const Solution& s = r.solution;
  nlohmann::ordered_json j;
  j["round"] = r.round ? nlohmann::ordered_json(*r.round) : nlohmann::ordered_json(nullptr);
  j["wild"] = rank_text(r.wild_rank);
  j["drawn"] = r.mode == HandMode::Drawn;
  j["cards"] = cards_json(r.cards);
  j["score"] = s.score;
  j["goes_out"] = s.goes_out;
  j["discard"] = s.discard ? nlohmann::ordered_json(to_string(*s.discard)) : nlohmann::ordered_json(nullptr);
  auto melds = nlohmann::ordered_json::array();
  for (const auto& m : s.melds) {
    nlohmann::ordered_json jm;
    jm["kind"] = m.kind == MeldKind::Book ? "book" : "run";
    auto cards = nlohmann::ordered_json::array();
    auto as = nlohmann::ordered_json::array();
    for (const auto& mc : display_order(m)) {
      cards.push_back(to_string(mc.card));
      if (m.kind == MeldKind::Run) {
        as.push_back(to_string(Card::natural(mc.as_rank, m.suit)));
      } else {
        as.push_back(mc.as_rank == 0 ? "wild" : rank_text(mc.as_rank));
      }
    }
    jm["cards"] = std::move(cards);
    jm["as"] = std::move(as);
    if (m.kind == MeldKind::Run) {
      jm["suit"] = std::string(1, suit_letter(m.suit));
    } else {
      jm["rank"] = m.rank == 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(rank_text(m.rank));
    }
    melds.push_back(std::move(jm));
  }
  j["melds"] = std::move(melds);
  j["deadwood"] = cards_json(s.deadwood);
  auto points = nlohmann::ordered_json::array();
  for (Card c : s.deadwood) points.push_back(card_points(c, r.wild_rank));
  j["deadwood_points"] = std::move(points);
  return j;
}

void print_hand(std::ostream& out, const Style& style, const HandReport& r, std::string_view indent) {
  const Solution& s = r.solution;
  const int n = static_cast<int>(r.cards.size()) - (r.mode == HandMode::Drawn ? 1 : 0);
  std::string header;
  if (r.round) header = fmt::format("Round {} · ", *r.round);
  header += fmt::format("{} card{}{} · {}", n, n == 1 ? "" : "s", r.mode == HandMode::Drawn ? " + drawn" : "",
                        wild_phrase(r.wild_rank));
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
  out << indent << "score    " << style.bold(std::to_string(s.score)) << " · "
      << (s.goes_out ? style.green("goes out") : std::string("does not go out")) << '\n';
}

}  // namespace crowns::cli
