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
std::optional<std::string> meld_with(const views::Style& style, const Plan& plan, Card card) {
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

void print_gives_away(std::ostream& out, const views::Style& style, const Situation& s,
                      Card thrown) {
  if (s.next_holds.empty() || s.last) return;
  if (could_join_melds(s.next_holds, thrown, wild_rank_of_round(s.round), s.rules)) {
    out << kIndent << "gives    " << style.card(thrown)
        << " could meld with what the next player took (" << style.cards(s.next_holds) << ")\n";
  } else {
    out << kIndent << "gives    " << style.card(thrown) << " fits nothing the next player took ("
        << style.cards(s.next_holds) << ")\n";
  }
}

}  // namespace

void print_assist_draw(std::ostream& out, const views::Style& style, const Situation& s,
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
    out << style.bold("→ Draw from the deck") << ": " << style.card(top) << " helps less";
    if (a.draw_p_out > 0) out << "; " << percent_text(a.draw_p_out) << " of draws put you out now";
    out << '\n';
    print_plan(out, style, plan_of_draw(s, unseen, a), s.round, kIndent);
  }
  // The one number per choice a player can check: the points expected at the end of the round.
  if (!a.goes_out) {
    out << kIndent
        << fmt::format(
               "expected {:.1f} points at the end of the round if you take {}, {:.1f} if "
               "you draw",
               a.take_ev, style.card(top), a.draw_ev)
        << '\n';
  }
  // The ranking value (expected points less what the others hold when you go out first) is
  // shown only when it, not the expected points, decides.
  const bool take_fewer = a.take_ev < a.draw_ev;
  if (!s.last && !a.goes_out && a.take != take_fewer && a.take_ev != a.draw_ev) {
    out << kIndent
        << style.dim(fmt::format(
               "{} expects fewer points, but {} gives the better chance of going out first, "
               "which leaves the others holding theirs (ranked by that: take {:.2f}, draw {:.2f}, "
               "lower is better)",
               a.take ? "drawing" : "taking it", a.take ? "taking it" : "drawing", a.take_value,
               a.draw_value))
        << '\n';
  }
}

void print_assist_take_throw(std::ostream& out, const views::Style& style, const Situation& s,
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

void print_assist_throw(std::ostream& out, const views::Style& style, const Situation& s,
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
  if (a.options.size() > 1 && !s.last && !best.goes_out) {
    const DiscardOption& second = a.options[1];
    if (second.ev < best.ev) {
      // The ranking value decides, not the expected points: say so, in words.
      out << kIndent
          << style.dim(fmt::format(
                 "throwing {} expects fewer points ({:.1f}), but throwing {} gives the better "
                 "chance of going out first, which leaves the others holding theirs (ranked by "
                 "that: {} {:.2f}, {} {:.2f}, lower is better)",
                 style.card(second.discard), second.ev, style.card(best.discard),
                 style.card(best.discard), best.value, style.card(second.discard), second.value))
          << '\n';
    } else {
      out << kIndent
          << style.dim(fmt::format("next best: throw {}, {:.1f} expected at the end",
                                   style.card(second.discard), second.ev))
          << '\n';
    }
  }
}

void print_assist_resume(std::ostream& out, const views::Style& style,
                         const assist::Session& session) {
  const auto whose = [&] {
    switch (session.asking()) {
      case assist::Ask::Hand: return std::string("a new deal: your cards are asked");
      case assist::Ask::Top:
      case assist::Ask::Drawn:
      case assist::Ask::Thrown:
        return std::string(session.last_turn() ? "your last turn" : "your turn");
      case assist::Ask::Others: {
        const std::string name = session.name_after_me(session.others_turn());
        const std::string who = !name.empty() ? sanitize(name)
                                : session.others_turn() == 1
                                    ? std::string("the next player")
                                    : "player " + std::to_string(session.others_turn() + 1);
        return who + "'s turn";
      }
      case assist::Ask::RoundEnd: return std::string("the round is over");
      case assist::Ask::Finished: break;
    }
    return std::string("the session is over");
  };
  if (!session.hand().empty())
    out << kIndent << "your hand  " << style.cards(session.hand()) << '\n';
  if (const auto top = session.top()) out << kIndent << "top        " << style.card(*top) << '\n';
  out << kIndent << "now        " << whose() << '\n';
}

}  // namespace crowns::cli
