#!/usr/bin/env bash
# Crash safety: write-heavy commands (round, edit, undo on several games at once, an import
# of thousands of games, a restore of a backup of them) killed with SIGKILL at random moments, hundreds of times. After every
# kill the database passes integrity_check, holds every command that reported success, and
# holds no half-written change: each round has a score for every seat, rounds are numbered
# without gaps, cached totals and status match the scores, the audit log matches the rounds,
# and an import or a restore is all or nothing.
#   CROWNS_CRASH_KILLS    stop after this many kills (default 400)
#   CROWNS_CRASH_SECONDS  or after this many seconds (default 30), whichever comes first
source "$(dirname "$0")/helpers/lib.sh"
command -v sqlite3 >/dev/null || { echo "test_crash_safety.sh: needs the sqlite3 shell (scripts/setup.sh installs it)"; exit 1; }

BUDGET=${CROWNS_CRASH_SECONDS:-30}
TARGET_KILLS=${CROWNS_CRASH_KILLS:-400}
MAIN=$CROWNS_DB
IMP=$E2E_TMP/import.db
GEN=$E2E_TMP/gen.db
BIG=$E2E_TMP/big.json
IMPORT_GAMES=${CROWNS_CRASH_IMPORT_GAMES:-3000}
q() { sqlite3 -batch -noheader -cmd ".timeout 10000" "$@"; }
ms() { local t=${EPOCHREALTIME/./}; echo $((t / 1000)); }

# --- A file with thousands of games --------------------------------------------------------
bash "$(dirname "$0")/helpers/gen_games.sh" "$CROWNS" "$BIG" "$IMPORT_GAMES" "$GEN" || { echo "FAIL: cannot generate the import file"; exit 1; }
big_games=$IMPORT_GAMES
echo "import file: $big_games games, $(($(wc -c <"$BIG") / 1024)) KiB"

# --- The database the round/edit/undo commands write to ------------------------------------
GAMES=(1 2 3 4)
"$CROWNS" new --another --add Ann Bob Cat Dan >/dev/null
"$CROWNS" new --another --add Eve Fay >/dev/null
"$CROWNS" new --another Ann Cat Eve >/dev/null
"$CROWNS" new --another --add Bob Dan Fay Gus Hal Ivy Jon >/dev/null

# Every way a database can be half-written: prints one line per problem, nothing when sound.
CHECK_SQL="
SELECT 'integrity: ' || integrity_check FROM pragma_integrity_check WHERE integrity_check <> 'ok';
SELECT 'foreign key: ' || \"table\" || ' ' || rowid FROM pragma_foreign_key_check;
SELECT 'round without every score: game ' || r.game_id || ' round ' || r.round FROM rounds r
  WHERE (SELECT count(*) FROM scores s WHERE s.game_id = r.game_id AND s.round = r.round)
     <> (SELECT count(*) FROM seats t WHERE t.game_id = r.game_id);
SELECT 'rounds with a gap: game ' || game_id FROM rounds GROUP BY game_id HAVING max(round) <> count(*);
SELECT 'nobody went out: game ' || game_id || ' round ' || round FROM scores
  GROUP BY game_id, round HAVING sum(went_out) <> 1;
SELECT 'stale total: game ' || t.game_id || ' seat ' || t.seat FROM seats t
  WHERE t.total <> (SELECT coalesce(sum(points), 0) FROM scores s WHERE s.game_id = t.game_id AND s.seat = t.seat);
SELECT 'stale status: game ' || g.id FROM games g
  WHERE g.status <> 'abandoned' AND (g.status = 'finished') <> ((SELECT count(*) FROM rounds r WHERE r.game_id = g.id) = 11);
SELECT 'audit does not match the rounds: game ' || g.id FROM games g
  WHERE EXISTS (SELECT 1 FROM audit a WHERE a.game_id = g.id AND a.action = 'new')
    AND (SELECT count(*) FROM audit a WHERE a.game_id = g.id AND a.action = 'round' AND a.undone_by IS NULL)
     <> (SELECT count(*) FROM rounds r WHERE r.game_id = g.id);
SELECT 'undone without an undo: entry ' || a.id FROM audit a
  WHERE a.undone_by IS NOT NULL AND NOT EXISTS (SELECT 1 FROM audit u WHERE u.id = a.undone_by AND u.action = 'undo');
"
problems() { q "$1" "$CHECK_SQL" 2>&1; }

# One query for the state of every game of the main database and its problems: fills
# ROUNDS, POINTS (seat 1's points in round 1, -1 if none), SEATS, NAME1 (seat 1's name), PROBLEMS.
declare -A ROUNDS POINTS SEATS NAME1
STATE_SQL="
SELECT 'G|' || g.id || '|' || (SELECT count(*) FROM rounds r WHERE r.game_id = g.id) || '|'
    || coalesce((SELECT points FROM scores WHERE game_id = g.id AND round = 1 AND seat = 1), -1) || '|'
    || (SELECT count(*) FROM seats WHERE game_id = g.id) || '|'
    || (SELECT p.name FROM seats s JOIN players p ON p.id = s.player_id WHERE s.game_id = g.id AND s.seat = 1)
  FROM games g;
$CHECK_SQL"
snapshot() {
  PROBLEMS=""
  local tag id r p n name
  while IFS='|' read -r tag id r p n name; do
    if [ "$tag" = G ]; then ROUNDS[$id]=$r POINTS[$id]=$p SEATS[$id]=$n NAME1[$id]=$name
    else PROBLEMS+="$tag${id:+|$id} "; fi
  done < <(q "$MAIN" "$STATE_SQL" 2>&1)
}

# One write to game $1, chosen at random: sets OP, ARGS, and EDITS[$1] for an edit.
choose_op() {
  local g=$1 n=${ROUNDS[$1]} roll=$((RANDOM % 10))
  if [ "$n" = 11 ] || { [ "$n" -gt 0 ] && [ "$roll" -lt 2 ]; }; then
    OP=undo ARGS=(undo --game "$g")
  elif [ "$n" -gt 0 ] && [ "$roll" -lt 4 ]; then
    local value=$((20 + RANDOM % 40))
    [ "$value" = "${POINTS[$g]}" ] && value=$((value + 1))
    EDITS[$g]=$value
    OP=edit ARGS=(edit 1 "${NAME1[$g]}=$value" --force --game "$g")
  else
    local values=("0*") s
    for ((s = 1; s < SEATS[$g]; s++)); do values+=("$((20 + RANDOM % 60))"); done
    # --round: random scores can repeat the round before, which crowns would take for the
    # same round typed twice.
    OP=round ARGS=(round "${values[@]}" --force --game "$g" --round "$((n + 1))")
  fi
}

# Checks the outcome of one command on game $1 (status $2, op $3) against the state before
# (rounds $4, points $5) and after (ROUNDS, POINTS).
check_outcome() {
  local g=$1 rc=$2 op=$3 before=$4 points_before=$5
  local after=${ROUNDS[$g]} points=${POINTS[$g]} killed=$(($2 == 137))
  case $op in
    round)
      if [ "$rc" = 0 ]; then [ "$after" = $((before + 1)) ] || { echo "round reported success but game $g has $after rounds (was $before)"; return 1; }
      elif [ "$killed" = 1 ]; then [ "$after" = "$before" ] || [ "$after" = $((before + 1)) ] || { echo "killed round left $after rounds (was $before)"; return 1; }
      else [ "$after" = "$before" ] || { echo "failed round changed game $g"; return 1; }; fi ;;
    undo)
      # Undo reverses the game's most recent change: its last round, or an edit (of round 1,
      # seat 1 here: the rounds stay, those points go back).
      local removed=0 reverted=0 unchanged=0
      [ "$after" = $((before - 1)) ] && removed=1
      [ "$after" = "$before" ] && [ "$points" != "$points_before" ] && reverted=1
      [ "$after" = "$before" ] && [ "$points" = "$points_before" ] && unchanged=1
      if [ "$rc" = 0 ]; then [ $((removed + reverted)) = 1 ] || { echo "undo reported success but game $g has $after rounds (was $before), points $points (was $points_before)"; return 1; }
      elif [ "$killed" = 1 ]; then [ $((removed + reverted + unchanged)) = 1 ] || { echo "killed undo left $after rounds (was $before)"; return 1; }
      else [ "$unchanged" = 1 ] || { echo "failed undo changed game $g"; return 1; }; fi ;;
    edit)
      [ "$after" = "$before" ] || { echo "edit changed the number of rounds of game $g"; return 1; }
      local want=${EDITS[$g]}
      if [ "$rc" = 0 ]; then [ "$points" = "$want" ] || { echo "edit reported success but game $g reads $points, not $want"; return 1; }
      elif [ "$killed" = 1 ]; then [ "$points" = "$points_before" ] || [ "$points" = "$want" ] || { echo "killed edit left $points (was $points_before, edit $want)"; return 1; }
      else [ "$points" = "$points_before" ] || { echo "failed edit changed game $g"; return 1; }; fi ;;
  esac
  if [ "$rc" != 0 ] && [ "$killed" = 0 ]; then
    echo "$op on game $g failed with status $rc: $(cat "$E2E_TMP/err.$g")"
    return 1
  fi
}

# Runs a command in the background and kills it (SIGKILL) after $1 microseconds.
kill_after() { # delay_us pid
  local s=$(($1 / 1000000)) us=$(($1 % 1000000))
  sleep "$s.$(printf %06d "$us")"
  kill -9 "$2" 2>/dev/null
}

# How long one write takes here (Release or a sanitizer build): kill delays scale with it, so
# that about half the commands die somewhere between start and exit.
t0=$(ms); "$CROWNS" round --game 4 0* 20 20 20 20 20 20 >/dev/null; "$CROWNS" undo --game 4 >/dev/null; t1=$(ms)
CMD_MS=$(((t1 - t0) / 2 < 2 ? 2 : (t1 - t0) / 2))
t0=$(ms); "$CROWNS" --db "$IMP" import "$BIG" >/dev/null || { echo "FAIL: the import file does not import"; exit 1; }; t1=$(ms)
IMPORT_MS=$((t1 - t0))
# Restores switch a third database between two backups: A (one game) and B (the import).
RST=$E2E_TMP/restore.db
"$CROWNS" --db "$IMP" backup "$E2E_TMP/B.bak" >/dev/null
"$CROWNS" --db "$RST" new --another --add Xan Yul >/dev/null
"$CROWNS" --db "$RST" backup "$E2E_TMP/A.bak" >/dev/null
t0=$(ms); "$CROWNS" --db "$RST" restore --yes "$E2E_TMP/B.bak" >/dev/null || { echo "FAIL: restore does not work"; exit 1; }; t1=$(ms)
RESTORE_MS=$((t1 - t0))
rm -f "$IMP" "$IMP-wal" "$IMP-shm" "$RST".before-restore-*
echo "one command: ${CMD_MS} ms; import of $big_games games: ${IMPORT_MS} ms; restore: ${RESTORE_MS} ms; budget ${BUDGET} s"
restores_killed=0 restores_done=0

declare -A EDITS
kills=0 completed=0 imports_killed=0 imports_done=0 iterations=0 bad=0
# 0 to twice a write's run time to start with: 0-50 ms in Release; longer under a sanitizer,
# where a write takes ~70 ms and a 50 ms cap would kill nearly all of them. Steered below.
max_delay_us=$((CMD_MS * 2000))
end=$((SECONDS + BUDGET))
# On a loaded machine (CI runs tests two at a time, ASan slows every command) the budget may
# pass with few kills: then go on, up to four budgets, until the 30 kills checked below.
hard_end=$((SECONDS + 4 * BUDGET))
while { [ "$SECONDS" -lt "$end" ] || { [ "$kills" -lt 30 ] && [ "$SECONDS" -lt "$hard_end" ]; }; } &&
  [ "$kills" -lt "$TARGET_KILLS" ] && [ "$bad" -lt 5 ]; do
  iterations=$((iterations + 1))
  if [ $((iterations % 16)) = 4 ]; then
    # A restore of the other backup, killed somewhere: the database is one or the other.
    now=$(q "$RST" "SELECT count(*) FROM games" 2>&1)
    if [ "$now" = 1 ]; then target=B want=$big_games; else target=A want=1; fi
    {
      "$CROWNS" --db "$RST" restore --yes "$E2E_TMP/$target.bak" >/dev/null 2>"$E2E_TMP/err.rst" &
      pid=$!
      kill_after $(( (RANDOM * 32768 + RANDOM) % (RESTORE_MS * 1500 + 1) )) "$pid"
      wait "$pid"; rc=$?
    } 2>/dev/null
    after=$(q "$RST" "SELECT count(*) FROM games" 2>&1)
    if [ "$rc" = 137 ]; then
      kills=$((kills + 1)) restores_killed=$((restores_killed + 1))
      [ "$after" = "$now" ] || [ "$after" = "$want" ] || { echo "FAIL: a killed restore left $after games (was $now, restoring $want)"; bad=$((bad + 1)); }
    elif [ "$rc" = 0 ]; then
      restores_done=$((restores_done + 1))
      [ "$after" = "$want" ] || { echo "FAIL: restore reported success but $after games are there, not $want"; bad=$((bad + 1)); }
    else
      echo "FAIL: restore failed with status $rc: $(cat "$E2E_TMP/err.rst")"; bad=$((bad + 1))
    fi
    p=$(problems "$RST")
    [ -z "$p" ] || { echo "FAIL: after a restore (status $rc): $p"; bad=$((bad + 1)); }
    # What restore keeps aside, and what a killed one leaves: copies, not the database.
    rm -f "$RST".before-restore-* "$RST".restore-* "$RST".before-restore-*.tmp-*
    continue
  fi
  if [ $((iterations % 8)) = 0 ]; then
    # An import of thousands of games, killed somewhere between start and commit.
    {
      "$CROWNS" --db "$IMP" import "$BIG" >/dev/null 2>"$E2E_TMP/err.imp" &
      pid=$!
      kill_after $(( (RANDOM * 32768 + RANDOM) % (IMPORT_MS * 1500 + 1) )) "$pid"
      wait "$pid"; rc=$?
    } 2>/dev/null
    # A kill during the first open may leave the schema part-way (each migration is all or
    # nothing; the next open finishes the rest): no games table yet means no games.
    games=0 audit=0
    version=$(q "$IMP" "PRAGMA user_version" 2>&1)
    if [ "$version" -ge 2 ] 2>/dev/null; then
      games=$(q "$IMP" "SELECT count(*) FROM games" 2>&1)
      audit=$(q "$IMP" "SELECT count(*) FROM audit WHERE action = 'import'" 2>&1)
    elif ! [ "$version" -ge 0 ] 2>/dev/null; then
      echo "FAIL: the import database is unreadable after a kill: $version"; bad=$((bad + 1))
    fi
    if [ "$rc" = 137 ]; then
      kills=$((kills + 1)) imports_killed=$((imports_killed + 1))
      if [ "$games" != 0 ] && [ "$games" != "$big_games" ]; then
        echo "FAIL: a killed import left $games of $big_games games"; bad=$((bad + 1))
      fi
    elif [ "$rc" = 0 ]; then
      imports_done=$((imports_done + 1))
      [ "$games" = "$big_games" ] || { echo "FAIL: import reported success but $games of $big_games games are there"; bad=$((bad + 1)); }
    else
      echo "FAIL: import failed with status $rc: $(cat "$E2E_TMP/err.imp")"; bad=$((bad + 1))
    fi
    if [ "$version" -ge 2 ] 2>/dev/null; then
      [ "$games" = 0 ] || [ "$audit" = 1 ] || { echo "FAIL: imported games with $audit audit entries"; bad=$((bad + 1)); }
      p=$(problems "$IMP")
      [ -z "$p" ] || { echo "FAIL: after an import (status $rc): $p"; bad=$((bad + 1)); }
    fi
    # Start the next import on an empty database so that it is write-heavy again.
    [ "$games" = "$big_games" ] && rm -f "$IMP" "$IMP-wal" "$IMP-shm"
    continue
  fi
  # Two commands on two different games at once (they queue on the write lock), each killed
  # after a random delay, or left to finish.
  a=$((RANDOM % 4 + 1)); b=$(((a + RANDOM % 3) % 4 + 1))
  snapshot
  pids=() ops=() befores=() points=() argv=()
  for g in $a $b; do
    choose_op "$g"
    befores+=("${ROUNDS[$g]}"); points+=("${POINTS[$g]}"); ops+=("$OP")
    argv+=("$(printf '%q ' "${ARGS[@]}")")
  done
  {  # (bash's "Killed" job notices go nowhere)
  i=0
  for g in $a $b; do
    eval "set -- ${argv[$i]}"
    "$CROWNS" "$@" >/dev/null 2>"$E2E_TMP/err.$g" &
    pids+=($!)
    i=$((i + 1))
  done
  d1=$(( (RANDOM * 32768 + RANDOM) % max_delay_us )); d2=$(( (RANDOM * 32768 + RANDOM) % max_delay_us ))
  [ "$d1" -gt "$d2" ] && { t=$d1; d1=$d2; d2=$t; }
  kill_after "$d1" "${pids[0]}"
  kill_after $((d2 - d1)) "${pids[1]}"
  rcs=()
  for p in "${pids[@]}"; do wait "$p"; rcs+=($?); done
  } 2>/dev/null
  snapshot
  i=0
  for g in $a $b; do
    if [ "${rcs[$i]}" = 137 ]; then kills=$((kills + 1)); else completed=$((completed + 1)); fi
    msg=$(check_outcome "$g" "${rcs[$i]}" "${ops[$i]}" "${befores[$i]}" "${points[$i]}") || { echo "FAIL: $msg"; bad=$((bad + 1)); }
    i=$((i + 1))
  done
  [ -z "$PROBLEMS" ] || { echo "FAIL: after ${ops[*]} (status ${rcs[*]}): $PROBLEMS"; bad=$((bad + 1)); }
  # The machine's load changes while this runs (CI runs tests in parallel): steer the window
  # so that about half the commands are killed, whatever a write takes right now.
  if [ "${rcs[0]}" != 137 ] && [ "${rcs[1]}" != 137 ]; then
    max_delay_us=$((max_delay_us * 4 / 5 > 1000 ? max_delay_us * 4 / 5 : 1000))
  elif [ "${rcs[0]}" = 137 ] && [ "${rcs[1]}" = 137 ]; then
    max_delay_us=$((max_delay_us * 5 / 4 < CMD_MS * 20000 ? max_delay_us * 5 / 4 : CMD_MS * 20000))
  fi
done

echo "kill window at the end: 0-$((max_delay_us / 1000)) ms"
echo "iterations: $iterations; commands killed: $kills (imports: $imports_killed, restores: $restores_killed); completed: $completed; imports completed: $imports_done; restores completed: $restores_done"
rounds_total=$(q "$MAIN" "SELECT count(*) FROM rounds")
echo "rounds in the database at the end: $rounds_total; audit entries: $(q "$MAIN" "SELECT count(*) FROM audit")"
check "no inconsistency after any kill ($bad found)" test "$bad" = 0
check "at least 30 kills in the budget ($kills)" test "$kills" -ge 30
check "some commands completed ($completed)" test "$completed" -ge 10
check "crowns still reads the database" "$CROWNS" games
check "final integrity_check" test "$(q "$MAIN" "PRAGMA integrity_check")" = ok
finish
