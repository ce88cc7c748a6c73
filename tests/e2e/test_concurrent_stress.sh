#!/usr/bin/env bash
# Concurrent use: several processes record rounds on different games while others read
# leaderboard/show/stats/games on the same database. No "database is locked" reaches anyone,
# no round is lost or recorded twice. Then a write lock held by another program: a writer
# that waits longer than CROWNS_BUSY_TIMEOUT_MS stops with a clear message and changes
# nothing; one that the lock is released for in time goes through.
#   CROWNS_STRESS_SECONDS  how long the writers and readers run (default 8)
source "$(dirname "$0")/helpers/lib.sh"
command -v sqlite3 >/dev/null || { echo "test_concurrent_stress.sh: needs the sqlite3 shell"; exit 1; }
q() { sqlite3 -batch -noheader -cmd ".timeout 10000" "$CROWNS_DB" "$@"; }
ms() { local t=${EPOCHREALTIME/./}; echo $((t / 1000)); }

WRITERS=4 READERS=3 BUDGET=${CROWNS_STRESS_SECONDS:-8}
"$CROWNS" player add Ann Bob Cat Dan Eve Fay Gus Hal >/dev/null
# Starts a game; prints its ID ("Game 7 · ..." is the first line crowns new prints).
new_game() { "$CROWNS" new --another "$@" | awk 'NR == 1 && $1 == "Game" { print $2 }'; }

# Writer $1: its own games, one round after another; a finished game makes way for a new
# one. Logs one line per command: status, milliseconds, game.
writer() {
  local w=$1 end=$2 game rc t0 t1 n=0
  game=$(new_game Ann Bob Cat 2>>"$E2E_TMP/w$w.err")
  while [ "$SECONDS" -lt "$end" ]; do
    if [ "$n" = 11 ]; then
      game=$(new_game Dan Eve Fay Gus 2>>"$E2E_TMP/w$w.err")
      n=0
    fi
    local values=("0*") s seats
    seats=$([ "$game" ] && q "SELECT count(*) FROM seats WHERE game_id = $game")
    for ((s = 1; s < ${seats:-3}; s++)); do values+=("$((10 + RANDOM % 50))"); done
    t0=$(ms)
    "$CROWNS" round --force --game "$game" --round "$((n + 1))" "${values[@]}" >/dev/null 2>>"$E2E_TMP/w$w.err"; rc=$?
    t1=$(ms)
    echo "$rc $((t1 - t0)) $game" >>"$E2E_TMP/w$w.log"
    [ "$rc" = 0 ] && n=$((n + 1))
  done
}
reader() {
  local r=$1 end=$2 rc t0 t1 cmd
  local cmds=("leaderboard" "show" "stats Ann" "games" "log --all --limit 5")
  while [ "$SECONDS" -lt "$end" ]; do
    cmd=${cmds[$((RANDOM % ${#cmds[@]}))]}
    t0=$(ms)
    # shellcheck disable=SC2086
    "$CROWNS" $cmd >/dev/null 2>>"$E2E_TMP/r$r.err"; rc=$?
    t1=$(ms)
    echo "$rc $((t1 - t0)) $cmd" >>"$E2E_TMP/r$r.log"
  done
}

new_game Hal Ann >/dev/null  # so that readers find a game from the start
end=$((SECONDS + BUDGET))
pids=()
for ((w = 1; w <= WRITERS; w++)); do writer "$w" "$end" & pids+=($!); done
for ((r = 1; r <= READERS; r++)); do reader "$r" "$end" & pids+=($!); done
for p in "${pids[@]}"; do wait "$p"; done

writes_ok=$(cat "$E2E_TMP"/w*.log | awk '$1 == 0' | wc -l)
writes_failed=$(cat "$E2E_TMP"/w*.log | awk '$1 != 0' | wc -l)
reads_ok=$(cat "$E2E_TMP"/r*.log | awk '$1 == 0' | wc -l)
reads_failed=$(cat "$E2E_TMP"/r*.log | awk '$1 != 0' | wc -l)
max_write_ms=$(cat "$E2E_TMP"/w*.log | awk 'BEGIN { m = 0 } $2 > m { m = $2 } END { print m }')
max_read_ms=$(cat "$E2E_TMP"/r*.log | awk 'BEGIN { m = 0 } $2 > m { m = $2 } END { print m }')
echo "$WRITERS writers, $READERS readers, ${BUDGET} s: $writes_ok rounds written ($writes_failed failed, slowest ${max_write_ms} ms), $reads_ok reads ($reads_failed failed, slowest ${max_read_ms} ms)"
cat "$E2E_TMP"/w*.err "$E2E_TMP"/r*.err | sort | uniq -c | head -5
check "every write succeeded" test "$writes_failed" = 0
check "every read succeeded" test "$reads_failed" = 0
check "no error output" test -z "$(cat "$E2E_TMP"/w*.err "$E2E_TMP"/r*.err)"
check "no 'locked' anywhere" test -z "$(grep -il locked "$E2E_TMP"/*.err)"
check "some rounds were written ($writes_ok)" test "$writes_ok" -ge 20
# Every successful round is there once: per game, rounds stored = rounds reported written.
expected=$(cat "$E2E_TMP"/w*.log | awk '$1 == 0 { n[$3]++ } END { for (g in n) print g, n[g] }' | sort -n)
stored=$(q "SELECT game_id || ' ' || count(*) FROM rounds GROUP BY game_id ORDER BY game_id")
check "rounds stored = rounds reported, per game" test "$expected" = "$stored"
check "one audit entry per round" test "$(q "SELECT count(*) FROM audit WHERE action = 'round'")" = "$writes_ok"
check "integrity_check ok" test "$(q 'PRAGMA integrity_check')" = ok

# --- Another program holds the write lock --------------------------------------------------
# A sqlite3 shell reading commands from a fifo keeps BEGIN EXCLUSIVE open until told.
fifo=$E2E_TMP/lock.fifo
mkfifo "$fifo"
hold_lock() {
  sqlite3 -batch "$CROWNS_DB" <"$fifo" >"$E2E_TMP/lock.out" 2>&1 &
  LOCK_PID=$!
  exec 3>"$fifo"
  printf '.timeout 10000\nBEGIN EXCLUSIVE;\nINSERT INTO meta (key, value) VALUES (%s, 1);\nSELECT %s;\n' "'held'" "'locked'" >&3
  local i
  for ((i = 0; i < 500; i++)); do grep -q locked "$E2E_TMP/lock.out" 2>/dev/null && return 0; sleep 0.02; done
  echo "could not take the lock: $(cat "$E2E_TMP/lock.out")"; return 1
}

game=$(new_game Ann Bob)
check "lock taken" hold_lock
before=$(q "SELECT count(*) FROM rounds; SELECT count(*) FROM audit;")
t0=$(ms)
err=$(CROWNS_BUSY_TIMEOUT_MS=300 "$CROWNS" round --game "$game" 0* 15 2>&1 >/dev/null); rc=$?
waited=$(($(ms) - t0))
echo "busy message after ${waited} ms: $err"
check "busy writer fails" test "$rc" = 1
check "busy message is one line" test "$(printf '%s\n' "$err" | wc -l)" = 1
check "busy message says busy" grep -q "^crowns: error: .* is busy" <<<"$err"
check "busy message names the file" grep -qF "$(basename "$CROWNS_DB")" <<<"$err"
check "busy message says what to do" grep -q "try again" <<<"$err"
check "busy message: nothing changed" grep -q "nothing was changed" <<<"$err"
check "busy writer gave up in time (${waited} ms)" test "$waited" -lt 5000
check "readers still read while the lock is held" "$CROWNS" show --game "$game" >/dev/null
err=$(CROWNS_BUSY_TIMEOUT_MS=soon "$CROWNS" show 2>&1 >/dev/null); rc=$?
check "a bad CROWNS_BUSY_TIMEOUT_MS is refused" test "$rc" = 1
check "... saying what it must be" grep -q "CROWNS_BUSY_TIMEOUT_MS must be a whole number of milliseconds" <<<"$err"

# With the default wait, a writer queues behind a lock released after half a second.
( sleep 0.5; printf 'ROLLBACK;\n.quit\n' >&3 ) &
releaser=$!
t0=$(ms)
"$CROWNS" round --game "$game" 0* 15 >/dev/null 2>"$E2E_TMP/queued.err"; rc=$?
queued=$(($(ms) - t0))
wait "$releaser"
exec 3>&-
wait "$LOCK_PID"
echo "queued writer went through after ${queued} ms"
check "queued writer succeeded ($(cat "$E2E_TMP/queued.err"))" test "$rc" = 0
after=$(q "SELECT count(*) FROM rounds; SELECT count(*) FROM audit;")
check "only the queued round was added" test "$after" = "$(awk 'NR == 1 { print $1 + 1 } NR == 2 { print $1 + 1 }' <<<"$before")"
check "the lock holder's rolled-back row is not there" test "$(q "SELECT count(*) FROM meta WHERE key = 'held'")" = 0
finish
