#pragma once
// The scorekeeper's writes: record a round, correct one, undo. Each calls the table layer
// (table/keeper.hpp), as `crowns round`, `crowns edit` and `crowns undo` do, so a phone gets
// the same checks and audit log, its refusals worded for the page. No HTTP here: fields in,
// JSON out.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "serve/form.hpp"
#include "store/change.hpp"
#include "store/sqlite.hpp"

namespace crowns::serve {

/// What a write answers: an HTTP status and {"ok": true, "message", "state"} or
/// {"error": the CLI's message}.
struct Answer {  // NOLINT(bugprone-exception-escape): json members, built and moved

  int status = 200;
  nlohmann::ordered_json body;
};

enum class Action { Round, Edit, Undo, Start, Rematch, Tiebreak, Join };

/// What a write that went through answers: {"ok": true, "message": the change's summary,
/// "state": the game as the page draws it}.
nlohmann::ordered_json done(const store::Database& db, const store::Change& change);

/// Runs `action` with the form's fields against `db` (the server's write connection).
/// Fields: game=ID (all); round=N (edit: the round to correct; round: the round the form
/// showed, refused if another writer recorded it meanwhile); v0, v1, ... one value per
/// seat as `crowns round` takes it; out=SEAT (who went out: an empty or 0 value becomes
/// "out", any other value is refused naming both); force=1 (--force); was=CELLS (edit: the
/// round as the form showed it, "5,0*,12": refused with 409 if it changed since);
/// change=AUDIT ID (undo: the change the page named: 409 if the last change is another);
/// wid=ID (every write: its own id; sent again after a lost answer, the write is found and
/// answered as done, "again": true, never stored twice).
/// A 409 answer carries the game's "state" (page_state) for the page to redraw.
Answer run_action(store::Database& db, Action action, const Fields& fields);

}  // namespace crowns::serve
