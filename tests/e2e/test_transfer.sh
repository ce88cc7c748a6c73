#!/usr/bin/env bash
# Data in and out: export -> import into an empty database -> export is byte-identical (JSON
# and CSV), re-importing adds nothing, --dry-run changes nothing; backup while another process
# writes gives consistent copies; restore brings a backup back and keeps the old file aside.
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/stats_data.sh"
# Seasons, a note and a hand-valued entry, so every exported field is exercised.
"$CROWNS" season add Winter --from 2026-01-01 --to 2026-01-12 >/dev/null
"$CROWNS" season add Spring --from 2026-01-13 >/dev/null
"$CROWNS" new --another Ann Dan --date 2026-01-15 --note 'at "Bob'\''s", with, commas' >/dev/null
# stats_data.sh leaves a game in progress too, so the round names its game.
"$CROWNS" round --game "$(sqlite3 "$CROWNS_DB" 'SELECT max(id) FROM games')" 0* '7s 8s Kd' >/dev/null
T=$E2E_TMP

for fmt in json csv; do
  "$CROWNS" export --format "$fmt" --out "$T/all.$fmt" >/dev/null
  check "$fmt: export wrote a file" test -s "$T/all.$fmt"
  "$CROWNS" --db "$T/fresh-$fmt.db" import "$T/all.$fmt" >/dev/null
  "$CROWNS" --db "$T/fresh-$fmt.db" export --format "$fmt" --out "$T/again.$fmt" >/dev/null
  check "$fmt: re-export of the import is byte-identical" cmp -s "$T/all.$fmt" "$T/again.$fmt"
  before=$(sha256sum <"$T/fresh-$fmt.db")
  check "$fmt: re-import adds nothing" test "$("$CROWNS" --db "$T/fresh-$fmt.db" import "$T/all.$fmt" --json |
    grep -o '"added":{[^}]*}')" = '"added":{"players":0,"seasons":0,"games":0}'
  check "$fmt: re-import leaves the file unchanged" test "$before" = "$(sha256sum <"$T/fresh-$fmt.db")"
done
check "json and csv imports hold the same games" cmp -s <("$CROWNS" --db "$T/fresh-json.db" games --json) \
  <("$CROWNS" --db "$T/fresh-csv.db" games --json)
check "the import has the same leaderboard" cmp -s <("$CROWNS" leaderboard --all --csv) \
  <("$CROWNS" --db "$T/fresh-json.db" leaderboard --all --csv)

# --dry-run into an empty database says what it would add and creates nothing in it.
# (a season added and removed leaves a database with no games, players or seasons)
"$CROWNS" --db "$T/dry.db" season add Empty --from 1990-01-01 --to 1990-01-02 >/dev/null
"$CROWNS" --db "$T/dry.db" season remove Empty >/dev/null
before=$(sha256sum <"$T/dry.db")
check "dry run counts" test "$("$CROWNS" --db "$T/dry.db" import --dry-run "$T/all.json" --json |
  grep -o '"added":{[^}]*}')" = '"added":{"players":5,"seasons":2,"games":10}'
check "dry run changes nothing" test "$before" = "$(sha256sum <"$T/dry.db")"

# Backup while another process writes rounds: every copy passes integrity_check and holds
# only whole rounds (each round has a score for each of the game's seats).
"$CROWNS" new --another Ann Bob Dan --date 2026-01-15 >/dev/null
# The game just started: the highest number (the list is in the order played, and games of one
# second are ordered by their uuid, so the new one need not come last).
game=$("$CROWNS" games --json | grep -o '"id":[0-9]*' | cut -d: -f2 | sort -n | tail -1)
(for r in $(seq 11); do "$CROWNS" round --game "$game" --round "$r" 0* 5 7 >/dev/null || echo "writer failed"; done) \
  >"$T/writer.out" 2>&1 &
writer=$!
copies=0 bad=0
while kill -0 "$writer" 2>/dev/null || [ "$copies" -lt 3 ]; do
  copies=$((copies + 1))
  "$CROWNS" backup "$T/copy$copies.db" >/dev/null || { bad=$((bad + 1)); continue; }
  [ "$(sqlite3 "$T/copy$copies.db" 'PRAGMA integrity_check')" = ok ] || bad=$((bad + 1))
  partial=$(sqlite3 "$T/copy$copies.db" "SELECT count(*) FROM (SELECT game_id, round FROM scores
    GROUP BY game_id, round HAVING count(*) <> (SELECT count(*) FROM seats s WHERE s.game_id = scores.game_id))")
  [ "$partial" = 0 ] || bad=$((bad + 1))
done
wait "$writer"
check "the writer never failed" test ! -s "$T/writer.out"
check "$copies backups during writes are all whole" test "$bad" = 0
check "the written game is finished" test "$("$CROWNS" show --game "$game" --json | grep -o '"status":"[a-z]*"')" = '"status":"finished"'

# Restore the first copy over a changed database: the copy's data comes back, the old file
# is kept aside and is itself a working database.
"$CROWNS" backup "$T/snapshot.db" >/dev/null
"$CROWNS" player add Zoe >/dev/null
"$CROWNS" restore "$T/snapshot.db" </dev/null 2>"$T/restore.err"
check "restore needs --yes without a terminal (usage, exit 2)" test $? = 2
check "restore says to add --yes" test "$(cat "$T/restore.err")" = \
  "crowns: error: restore replaces the whole database; add --yes to confirm (standard input is not a terminal)"
"$CROWNS" restore "$T/snapshot.db" --yes >"$T/restore.out"
check "restored: Zoe is gone" test -z "$("$CROWNS" player list --json | grep -o '"Zoe"')"
aside=$(ls "$CROWNS_DB".before-restore-* 2>/dev/null | head -1)
check "the old database is kept aside" test -n "$aside"
check "the kept file still has Zoe" test -n "$("$CROWNS" --db "$aside" player list --json | grep -o '"Zoe"')"
check "restore says where the old file is" grep -q "kept as .*before-restore" "$T/restore.out"
finish
