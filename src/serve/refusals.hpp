#pragma once
// The table's answers in the page's words: what went through, and each refusal with the data
// the page redraws from (the game now) and what it may confirm (a repeat, a second game).

#include <nlohmann/json.hpp>

#include "serve/actions.hpp"
#include "store/games.hpp"
#include "table/keeper.hpp"
#include "table/refusal.hpp"

namespace crowns::serve {

/// A refusal as the page shows it: a stale write, a repeat or a second game 409 with the game
/// as it is now ("state") and, for a question, "confirm" (the field value that answers it:
/// "repeat" or true); a broken rule 400, in the page's words (phone_said).
Answer refusal_answer(const store::Database& db, const table::Refusal& refusal);

/// The game `id`, or crowns::Error naming it (400).
store::Game existing_game(const store::Database& db, std::int64_t id);

/// What a table write answers: done() when it went through, else refusal_answer().
Answer answer(const store::Database& db, const table::Outcome<store::Change>& outcome);
Answer answer(const store::Database& db, const table::Outcome<table::Recorded>& outcome);

}  // namespace crowns::serve
