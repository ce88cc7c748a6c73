#!/usr/bin/env bash
# crowns-serve's own start-up refusals (issue 46): each is one line on stderr naming the bad
# token and the right form, with its hint in the terminal's words (crowns-serve is read at the
# terminal of whoever ran `crowns serve`), a non-zero exit, and the database unchanged.
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"
set -f
serve_bin="$(dirname "$CROWNS")/crowns-serve"
"$CROWNS" new --another --add Ann Bob >/dev/null
before=$(sha256sum <"$CROWNS_DB")

# refused NAME CODE GREP ARGS...: crowns-serve ARGS exits CODE with one line on stderr that
# holds GREP (fixed text), nothing on stdout but what it printed before failing.
refused() {
  local name=$1 code=$2 text=$3
  shift 3
  timeout 10 "$serve_bin" "$@" >"$E2E_TMP/out" 2>"$E2E_TMP/err"
  local rc=$?
  check "$name: exit $code (got $rc)" test "$rc" = "$code"
  check "$name: one line" test "$(wc -l <"$E2E_TMP/err")" = 1
  check "$name: says $text" grep -qF -- "$text" "$E2E_TMP/err"
  grep -qF -- "$text" "$E2E_TMP/err" || cat "$E2E_TMP/err"
}

refused "a port that is no number" 2 "crowns: error: 'http' is not a port: give --port a whole number from 0 to 65535 (0: any free one)" \
  --db "$CROWNS_DB" --port http
refused "a port out of range" 2 "'70000' is not a port: give --port a whole number from 0 to 65535" \
  --db "$CROWNS_DB" --port 70000
refused "a negative port" 2 "'-1' is not a port" --db "$CROWNS_DB" --port -1
refused "no --db" 2 "--db FILE is required" --port 0
refused "an option it does not take (--host)" 2 "--host" --db "$CROWNS_DB" --port 0 --host 0.0.0.0
refused "an option it does not take: the right form" 2 "(crowns-serve --db FILE [--port N] [--lan]" \
  --db "$CROWNS_DB" --port 0 --host 0.0.0.0
refused "--lan given a value" 2 "--lan" --db "$CROWNS_DB" --port 0 --lan=maybe
refused "a missing database" 1 "no crowns database at $E2E_TMP/none.db (nothing was created): check --db or \$CROWNS_DB, or start one by recording something" \
  --db "$E2E_TMP/none.db" --port 0
check "a missing database is not created" test ! -e "$E2E_TMP/none.db"
printf 'not a database at all, just text\n' >"$E2E_TMP/text.db"
refused "a file that is no database" 1 "; give the crowns database with --db or \$CROWNS_DB" \
  --db "$E2E_TMP/text.db" --port 0
check "the file that is no database is unchanged" grep -q "just text" "$E2E_TMP/text.db"
CROWNS_SERVE_TEST_BEAT_MS=fast refused "a bad \$CROWNS_SERVE_TEST_BEAT_MS" 1 \
  "CROWNS_SERVE_TEST_BEAT_MS must be a whole number of milliseconds from 100, not 'fast'" \
  --db "$CROWNS_DB" --port 0
CROWNS_SERVE_TEST_SLOW_MS=-5 refused "a bad \$CROWNS_SERVE_TEST_SLOW_MS" 1 \
  "CROWNS_SERVE_TEST_SLOW_MS must be a whole number of milliseconds from 0, not '-5'" \
  --db "$CROWNS_DB" --port 0
CROWNS_BUSY_TIMEOUT_MS=soon refused "a bad \$CROWNS_BUSY_TIMEOUT_MS" 1 \
  "CROWNS_BUSY_TIMEOUT_MS must be a whole number of milliseconds from 0 to 3600000, not 'soon'" \
  --db "$CROWNS_DB" --port 0

# A port in use: the second server says so and how to choose another.
start_server
port=${BASE##*:}
refused "a port in use" 1 "cannot listen on 127.0.0.1:$port: the port is in use (another crowns serve?); choose another with --port N" \
  --db "$CROWNS_DB" --port "$port"
stop_server
check "no refusal changed the database" test "$(sha256sum <"$CROWNS_DB")" = "$before"

# --routes needs no database: the table, a line each.
"$serve_bin" --routes >"$E2E_TMP/routes" 2>"$E2E_TMP/err"
check "--routes answers without --db" grep -q "^POST /api/round write header-or-field writes json$" "$E2E_TMP/routes"
finish
