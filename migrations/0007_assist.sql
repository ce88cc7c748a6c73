-- Move-assistant sessions (crowns assist): the table followed and every answer typed, saved
-- after each answer, so that `q` (or a closed terminal) and `crowns assist` resume exactly
-- and `<` undoes across a restart. The answers replayed from the setup rebuild the session.
CREATE TABLE assist_sessions (
  id         INTEGER PRIMARY KEY,
  game_id    INTEGER REFERENCES games (id) ON DELETE SET NULL,  -- NULL: standalone
  me         TEXT,           -- the --me name (offered again to the next session)
  setup      TEXT NOT NULL,  -- JSON {"round":R,"players":N,"boxes":B,"names":[...],"me":SEAT}
  answers    TEXT NOT NULL DEFAULT '[]',  -- JSON ["7h 8h Kd", "9h", "t", "Kd", "", ...]
  status     TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'done')),
  started_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX assist_sessions_status ON assist_sessions (status);
