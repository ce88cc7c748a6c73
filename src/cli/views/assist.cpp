#include "cli/views/assist.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "cli/views/advice.hpp"
#include "crowns/plural.hpp"
#include "crowns/rules.hpp"

namespace crowns::cli {
namespace {

constexpr std::string_view kIndent = "   ";

// The other cards of the meld `card` sits in, in the plan's lay-down: what it makes.
std::optional<std::string> meld_with(const Style& style, const Plan& plan, Card card) {
  for (const Meld& m : plan.lay_down.melds) {
    std::vector<Card> cards;
    bool found = false;
    for (const MeldCard& mc : m.cards) {
      if (!found && mc.card == card) {
        found = true;
        continue;
      }
      cards.push_back(mc.card);
    }
    if (found) {
      std::sort(cards.begin(), cards.end());
      return std::string(m.kind == MeldKind::Book ? "a book with " : "a run with ") +
             style.cards(cards);
    }
  }
  return std::nullopt;
}

std::string next_turn_text(const Plan& plan) {
  if (!plan.out_1 || plan.outs_count == 0) return "";
  return fmt::format("; {} out next turn ({} of the unseen cards)", percent_text(*plan.out_1),
                     plan.outs_count);
}

void print_gives_away(std::ostream& out, const Style& style, const Situation& s, Card thrown) {
  if (s.next_holds.empty() || s.last) return;
  if (could_join_melds(s.next_holds, thrown, wild_rank_of_round(s.round))) {
    out << kIndent << "gives    " << style.card(thrown)
        << " could meld with what the next player took (" << style.cards(s.next_holds) << ")\n";
  } else {
    out << kIndent << "gives    " << style.card(thrown) << " fits nothing the next player took ("
        << style.cards(s.next_holds) << ")\n";
  }
}

}  // namespace

void print_assist_draw(std::ostream& out, const Style& style, const Situation& s,
                       const Unseen& unseen, const DrawAdvice& a) {
  const Card top = *s.top;
  if (a.take) {
    const Plan plan = plan_of_take(s, unseen, a);
    const auto with = meld_with(style, plan, top);
    out << style.bold("→ Take " + style.card(top)) << ": "
        << (with ? "it makes " + *with : std::string("it lowers what you hold")) << "; throw "
        << style.card(*a.discard);
    if (a.goes_out) {
      out << " and " << style.green("go out") << '\n';
    } else {
      out << next_turn_text(plan) << '\n';
    }
    print_plan(out, style, plan, s.round, kIndent);
    print_gives_away(out, style, s, *a.discard);
  } else {
    out << style.bold("→ Draw from the deck") << ": "
        << fmt::format("{} helps less (taking it: {:.1f} points expected, drawing: {:.1f})",
                       style.card(top), a.take_ev, a.draw_ev);
    if (a.draw_p_out > 0) out << "; " << percent_text(a.draw_p_out) << " of draws put you out now";
    out << '\n';
    print_plan(out, style, plan_of_draw(s, unseen, a), s.round, kIndent);
  }
  if (!s.last) {
    out << kIndent
        << style.dim(fmt::format("value (lower is better): take {:.1f}, draw {:.1f}", a.take_value,
                                 a.draw_value))
        << '\n';
  }
}

void print_assist_take_throw(std::ostream& out, const Style& style, const Situation& s,
                             const Unseen& unseen, const DrawAdvice& a) {
  const Plan plan = plan_of_take(s, unseen, a);
  out << style.bold("→ Throw " + style.card(*a.discard));
  if (plan.goes_out) {
    out << " and " << style.green("go out") << '\n';
  } else {
    out << fmt::format(": you keep {}", counted(plan.lay_down.score, "point"))
        << next_turn_text(plan) << '\n';
  }
  print_plan(out, style, plan, s.round, kIndent);
  print_gives_away(out, style, s, *a.discard);
}

void print_assist_throw(std::ostream& out, const Style& style, const Situation& s,
                        const Unseen& unseen, const DiscardAdvice& a) {
  const DiscardOption& best = a.options.front();
  const Plan plan = plan_of_discard(s, unseen, a);
  out << style.bold("→ Throw " + style.card(best.discard));
  if (best.goes_out) {
    out << " and " << style.green("go out") << '\n';
  } else {
    out << fmt::format(": you keep {}", counted(plan.lay_down.score, "point"));
    if (!s.last) out << fmt::format(", {:.1f} expected at the end", best.ev);
    out << next_turn_text(plan) << '\n';
  }
  print_plan(out, style, plan, s.round, kIndent);
  print_gives_away(out, style, s, best.discard);
  if (a.options.size() > 1 && !s.last) {
    const DiscardOption& second = a.options[1];
    out << kIndent
        << style.dim(fmt::format("value (lower is better): {} {:.1f}, next best {} {:.1f}",
                                 style.card(best.discard), best.value, style.card(second.discard),
                                 second.value))
        << '\n';
  }
}

}  // namespace crowns::cli
