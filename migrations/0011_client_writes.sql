-- A write a page sent, by the id the page made for it (issue 45): after a lost answer (the
-- server killed mid-write, the phone's Wi-Fi gone), the page sends the same write again, and
-- the server finds the change it made instead of making it twice. Kept in the write's own
-- transaction, so a write that was committed is found, and one that was not is not.
--   write_id: the page's id of the write (8-64 letters, digits, - or _).
--   audit_id: the change it made (audit.id).
CREATE TABLE client_writes (
  write_id TEXT PRIMARY KEY,
  audit_id INTEGER NOT NULL,
  game_id  INTEGER,
  at       TEXT NOT NULL
);
