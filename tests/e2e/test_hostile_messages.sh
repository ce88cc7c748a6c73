#!/usr/bin/env bash
# Every error message escapes what a user supplied, wherever the message was made: a --db
# path or $CROWNS_DB holding an escape sequence or invalid UTF-8 (store errors), a bad
# CROWNS_BUSY_TIMEOUT_MS, the "is busy" message, and CLI11's own parse errors. Each is one
# line (plus the usage hint for a usage error), exit 1 or 2, with no byte a terminal acts on.
source "$(dirname "$0")/helpers/lib.sh"
T=$E2E_TMP
cd "$T" || exit 1

# unsafe FILE: true if the file holds a byte sequence a terminal would act on, or bad UTF-8.
unsafe() {
  LC_ALL=C grep -qaP '[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\x8b-\x8f\xa8-\xae]|\xe2\x81[\xa6-\xa9]|\xef\xbb\xbf' "$1" && return 0
  ! iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1
}

# refused NAME CODE LINES WANT -- ARGS...: crowns ARGS exits CODE with LINES lines on stderr,
# all safe, the first holding WANT (the escaped token).
refused() {
  local name=$1 code=$2 lines=$3 want=$4; shift 5
  "$CROWNS" "$@" >"$T/out" 2>"$T/err"
  local rc=$?
  check "$name: exit $code (got $rc)" test "$rc" = "$code"
  check "$name: $lines line(s) on stderr" test "$(wc -l <"$T/err")" = "$lines"
  check "$name: stderr is safe" eval '! unsafe "$T/err"'
  check "$name: names the token escaped" grep -qF -- "$want" "$T/err"
  check "$name: nothing on stdout" test ! -s "$T/out"
}

osc=$(printf '\e]0;pwned\a')
refused "--db with OSC" 1 1 '\x1b]0;pwned\x07' -- --db "/dev/null/$osc.db" games
refused "--db bad UTF-8" 1 1 '\xff\x1b[2J' -- --db "$(printf '/dev/null/\xff\e[2J.db')" games
CROWNS_DB="/dev/null/$osc.db" refused "\$CROWNS_DB with OSC" 1 1 '\x1b]0;pwned\x07' -- games
mkdir -p "$T/$osc"
refused "--db a folder" 1 1 '\x1b]0;pwned\x07' -- --db "$T/$osc" games
CROWNS_BUSY_TIMEOUT_MS=$(printf '5\e[31m\xff') refused "busy timeout" 1 1 "'5\x1b[31m\xff'" -- games

# CLI11's errors: an option value, an unknown option, an enum, a stray argument.
refused "--game value" 2 2 '\x1b[2J' -- show --game "$(printf '\e[2J')"
refused "unknown option" 2 2 '\x1b[1m' -- show "$(printf -- '--js\e[1m')"
refused "enum value" 2 2 '\xff' -- leaderboard --by "$(printf 'a\xffb')"
refused "stray argument" 2 2 '\u{202e}' -- games "$(printf '\u202eevil')"
refused "global option" 2 2 '\x1b' -- "$(printf -- '--\e[2J')" games

# "is busy": the database sits in a folder whose name holds an OSC; another process holds
# the write lock past CROWNS_BUSY_TIMEOUT_MS.
db="$T/$osc/crowns.db"
"$CROWNS" --db "$db" new --another Ann Bob --add >/dev/null
if command -v python3 >/dev/null; then
  python3 -c '
import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1], isolation_level=None); c.execute("BEGIN EXCLUSIVE")
open(sys.argv[2], "w").close(); time.sleep(5)' "$db" "$T/locked" &
  locker=$!
  for _ in $(seq 50); do [ -f "$T/locked" ] && break; sleep 0.1; done
  CROWNS_BUSY_TIMEOUT_MS=100 refused "busy" 1 1 '\x1b]0;pwned\x07' -- --db "$db" round 0* 5
  check "busy: says busy" grep -q "is busy" "$T/err"
  kill "$locker" 2>/dev/null; wait "$locker" 2>/dev/null
fi
finish
