#!/usr/bin/env bash
# Times for a person are in the local time zone, named; JSON and files stay UTC (issue 44):
# a game started at 19:00 in Los Angeles reads 19:00 PST, the log's times too. A round recorded
# here in a game imported without times keeps its time in the export (recorded_at), the rounds
# it came with null, no started_at.
source "$(dirname "$0")/helpers/lib.sh"
T=$E2E_TMP
cd "$T" || exit 1
la() { TZ=America/Los_Angeles "$CROWNS" "$@"; }
# 03:00 UTC on the 15th is 19:00 on the 14th in Los Angeles (PST, UTC-8).
CROWNS_TIME=03:00:00 "$CROWNS" new Ann Bob --add >/dev/null
CROWNS_TIME=03:20:00 "$CROWNS" round 0* 5 >/dev/null
check "show: the start in the local zone, named" grep -qx "Time: .* so far (started 2026-01-14 19:00 PST)" <(CROWNS_TIME=03:30:00 la show)
check "in UTC when TZ says so" grep -qx "Time: .* so far (started 2026-01-15 03:00 UTC)" <(CROWNS_TIME=03:30:00 "$CROWNS" show)
check "show --json stays UTC (ISO 8601, Z)" grep -q '"started_at":"2026-01-15T03:00:00Z"' <(la show --json)
check "the log's header names the zone" grep -qE "^ *# +When \((PST|PDT)\) " <(la log)
check "the log's times are local" grep -qE " 2026-01-14 19:20:00 +1 +Round 1 entered" <(la log)
check "log --json stays UTC (ISO 8601, Z)" grep -q '"at":"2026-01-15T03:20:00Z"' <(la log --json)

# A game imported without times, then a round recorded here: its time travels.
cat >old.json <<'JSON'
{"format":"crowns-export","version":2,"players":[{"name":"Cy","retired":false},{"name":"Dee","retired":false}],"seasons":[],
"games":[{"uuid":"0b4e28ba-2fa1-4d2e-8b5c-0e2f3a4b5c6d","date":"2026-01-10","status":"active","boxes":1,"first_dealer":0,"note":null,
"seats":[{"player":"Cy"},{"player":"Dee"}],"rounds":[[{"points":0,"went_out":true},{"points":7}]]}]}
JSON
"$CROWNS" import old.json >/dev/null 2>err
check "the old file is imported" [ $? = 0 ]
game=$(sqlite3 "$CROWNS_DB" "SELECT id FROM games WHERE uuid LIKE '0b4e28ba%'")
CROWNS_TIME=04:00:00 "$CROWNS" round --game "$game" 9 0* >/dev/null
line=$("$CROWNS" export | grep '"uuid":"0b4e28ba')
check "the export keeps the round recorded here" grep -q '"recorded_at":\[null,"2026-01-15T04:00:00Z"\]' <<<"$line"
check "and gives no start it does not know" bash -c '! grep -q started_at <<<"$0"' "$line"
"$CROWNS" export >again.json
check "the export reads back" bash -c '"$0" --db "$1" import "$2" >/dev/null' "$CROWNS" "$T/other.db" again.json
check "with the round's time" grep -q '"recorded_at":\[null,"2026-01-15T04:00:00Z"\]' <("$CROWNS" --db "$T/other.db" export | grep '"uuid":"0b4e28ba')
finish
