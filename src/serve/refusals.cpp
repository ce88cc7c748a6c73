#include "serve/refusals.hpp"

#include "serve/hint_words.hpp"
#include "serve/pages.hpp"
#include "views/style.hpp"

namespace crowns::serve {

using Json = nlohmann::ordered_json;

namespace {

std::string capitalized(std::string text) {
  if (!text.empty() && text.front() >= 'a' && text.front() <= 'z')
    text.front() = static_cast<char>(text.front() - 'a' + 'A');
  return text;
}

}  // namespace

Answer refusal_answer(const store::Database& db, const table::Refusal& refusal) {
  const auto state = [&] { return refusal.game ? page_state(db, refusal.game) : Json(nullptr); };
  switch (refusal.kind) {
    case table::Refused::Stale: {
      // A form's values stay in the page: say so where it had some.
      return {409, Json{{"error",
                         views::sanitize(phone_said(refusal.message, refusal.hint) +
                                         (refusal.round ? " \u2014 your values are kept" : ""))},
                        {"state", state()}}};
    }
    case table::Refused::Repeat: {
      const std::string round = std::to_string(refusal.round.value_or(0));
      return {409, Json{{"error", views::sanitize(refusal.message + " If round " + round +
                                                  " really went the same way, record it again.")},
                        {"confirm", "repeat"},
                        {"confirm_label", "Record round " + round + " the same"},
                        {"state", state()}}};
    }
    case table::Refused::TypedEarlier: {
      // Both side by side, the likely answer first: it is the same round, drop what was typed.
      const std::string was = std::to_string(refusal.typed_for.value_or(0));
      const std::string round = std::to_string(refusal.round.value_or(0));
      return {409, Json{{"error", views::sanitize("Round " + was +
                                                  " was recorded while you typed your values "
                                                  "for it. Is it the same round?")},
                        {"confirm", "typed"},
                        {"typed_for", refusal.typed_for.value_or(0)},
                        {"round", refusal.round.value_or(0)},
                        {"recorded", views::sanitize(refusal.earlier)},
                        {"typed", views::sanitize(refusal.typed)},
                        {"drop_label", "It is the same round: drop what I typed"},
                        {"confirm_label", "It is another round: record it as round " + round},
                        {"state", state()}}};
    }
    case table::Refused::NotNext: {
      const auto next = refusal.game ? refusal.game->next_round() : std::nullopt;
      const std::string round = std::to_string(refusal.round.value_or(0));
      const std::string game = std::to_string(refusal.game ? refusal.game->id : 0);
      return {409, Json{{"error",
                         views::sanitize(next ? "round " + round + " of game " + game +
                                                    " is already recorded; the next is round " +
                                                    std::to_string(*next) + ": check the scorecard"
                                              : "game " + game +
                                                    " takes no more rounds: check the scorecard")},
                        {"state", state()}}};
    }
    case table::Refused::Stored: {
      // Sent again after its answer was lost: done, as it was the first time.
      const std::string what =
          refusal.round ? "Round " + std::to_string(*refusal.round) + " was saved"
                        : "Saved: " + (refusal.stored ? refusal.stored->summary : std::string());
      return {200, Json{{"ok", true},
                        {"again", true},
                        {"message", views::sanitize(what)},
                        {"state", state()}}};
    }
    case table::Refused::NewPlayer:
      // The likely answer first: the roster's player.
      return {409,
              Json{{"error", views::sanitize(refusal.message)},
                   {"confirm", "new_player"},
                   {"name", views::sanitize(refusal.name)},
                   {"close", views::sanitize(refusal.close)},
                   {"use_label", views::sanitize("Yes: " + refusal.close)},
                   {"new_label", views::sanitize("No: " + refusal.name + " is a new player")}}};
    case table::Refused::MovedOn:
      // The page then shows the game its table plays now.
      return {409,
              Json{{"error", views::sanitize(capitalized(refusal.message))}, {"state", state()}}};
    case table::Refused::InProgress:
      return {409, Json{{"error", views::sanitize(refusal.message + ": start another anyway?")},
                        {"confirm", true}}};
    case table::Refused::Invalid:
    case table::Refused::Declined: break;
  }
  return {400, Json{{"error", views::sanitize(phone_said(refusal.message, refusal.hint))}}};
}

store::Game existing_game(const store::Database& db, std::int64_t id) {
  auto game = store::require_game(db, id, store::Pick::Latest);
  if (!game) throw Error(game.failure());
  return std::move(game).value();
}

Answer answer(const store::Database& db, const table::Outcome<store::Change>& outcome) {
  if (!outcome) return refusal_answer(db, outcome.refusal());
  return {200, done(db, *outcome)};
}

Answer answer(const store::Database& db, const table::Outcome<table::Recorded>& outcome) {
  if (!outcome) return refusal_answer(db, outcome.refusal());
  return {200, done(db, outcome->change)};
}

}  // namespace crowns::serve
