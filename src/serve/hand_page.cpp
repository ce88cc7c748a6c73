#include "serve/hand_page.hpp"

#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <sstream>

#include "crowns/card.hpp"
#include "crowns/hand_report.hpp"
#include "crowns/names.hpp"
#include "crowns/rules.hpp"
#include "serve/actions.hpp"
#include "serve/hint_words.hpp"
#include "views/hand.hpp"
#include "views/html_report.hpp"
#include "views/style.hpp"

namespace crowns::serve {
namespace {

using views::html_escape;

// Text for a query string: spaces as '+', anything but letters and digits as %XX.
std::string query_text(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) != 0) {
      out += c;
    } else if (c == ' ') {
      out += '+';
    } else {
      out += fmt::format("%{:02X}", u);
    }
  }
  return out;
}

// The round as a number 1-11, or the message `crowns analyze --round` would give.
Expected<int> round_number(const std::string& text) {
  int round = 0;
  const auto* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, round);
  if (ec != std::errc() || ptr != end || round < 1 || round > kRounds) {
    return Failure{"round " + quote_token(text) + " is not a round; give 1 to 11 (e.g. round=5)"};
  }
  return round;
}

// The form: the round, the cards as text (the picker fills it; typing works too).
std::string form_html(int round, const std::string& cards, HandMode mode) {
  std::string options;
  for (int r = 1; r <= kRounds; ++r) {
    options += fmt::format("<option value=\"{}\"{}>{} · {} cards · {}s wild</option>", r,
                           r == round ? " selected" : "", r, cards_in_round(r),
                           views::rank_text(wild_rank_of_round(r)));
  }
  return fmt::format(
      "<form id=\"hand\" class=\"hand\" method=\"get\" action=\"/analyze\">"
      "<label for=\"hand-round\">Round</label><select id=\"hand-round\" name=\"round\">{}</select>"
      "<label for=\"hand-cards\">Cards in hand</label>"
      "<input id=\"hand-cards\" type=\"text\" name=\"cards\" value=\"{}\" autocomplete=\"off\" "
      "autocapitalize=\"none\" spellcheck=\"false\" placeholder=\"7h 8h 9h Ks jk\">"
      "<div id=\"picker\" data-round=\"{}\"></div>"
      "<label class=\"check\"><input type=\"checkbox\" name=\"drawn\" value=\"1\"{}> It holds "
      "the card just drawn: what to discard</label>"
      "<button type=\"submit\">Check the hand</button></form>\n",
      options, html_escape(cards), round, mode == HandMode::Drawn ? " checked" : "");
}

}  // namespace

HandAnswer hand_answer(const std::optional<std::string>& round_text,
                       const std::optional<std::string>& cards, HandMode mode) {
  HandAnswer answer;
  int round = 1;
  std::string error;
  if (round_text && !round_text->empty()) {
    if (auto r = round_number(*round_text)) {
      round = *r;
    } else {
      error = phone_said(r.failure());
    }
  }
  // The answer goes above the form, where the eye is after the tap: below the picker it fell
  // under the bottom of a phone's screen.
  const std::string form = form_html(round, cards.value_or(""), mode);
  if (error.empty() && cards && !cards->empty()) {
    auto parsed = parse_cards(*cards);
    if (!parsed) {
      error = phone_said(parsed.failure());
    } else {
      HandQuery q;
      q.cards = std::move(parsed).value();
      q.round = round;
      q.mode = mode;
      auto report = analyze_hand(std::move(q));
      if (!report) {
        error = phone_said(report.failure());
      } else {
        // Exactly crowns analyze's text (no colours, letters for suits), escaped once here.
        std::ostringstream text;
        views::print_hand(text, views::Style{}, *report);
        // Line by line: html_escape makes a control character (a newline too) harmless.
        std::string lines;
        std::istringstream in(text.str());
        for (std::string line; std::getline(in, line);) lines += html_escape(line) + "\n";
        answer.body += "<section id=\"answer\" aria-live=\"polite\"><h2>Best lay-down</h2><pre>" +
                       lines + "</pre></section>\n";
        const std::string share = "/analyze?round=" + std::to_string(round) +
                                  "&cards=" + query_text(*cards) +
                                  (mode == HandMode::Drawn ? "&drawn=1" : "");
        answer.body += "<p class=\"meta\">Share this hand: <a href=\"" + html_escape(share) +
                       "\">" + html_escape(share) + "</a></p>\n";
      }
    }
  }
  if (!error.empty()) {
    answer.status = 400;
    answer.body +=
        "<p id=\"answer\" class=\"error\" role=\"alert\">" + html_escape(error) + "</p>\n";
  }
  answer.body += form;
  return answer;
}

}  // namespace crowns::serve
