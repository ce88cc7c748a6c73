#!/usr/bin/env bash
# crowns solitaire beyond golden files: a seeded game played to its end (lost, stored, in
# --history and stats), a hint counted, --batch answering each line before the next is sent,
# --simulate giving the same figures for a seed whatever the jobs, and the time limit and
# progress line of a slow chance to win (seed 112).
source "$(dirname "$0")/helpers/lib.sh"
# json_get JSON PATH: a value out of JSON text, through SQLite's JSON functions.
json_get() { sqlite3 :memory: "SELECT json_extract('${1//\'/\'\'}', '$2')"; }

"$CROWNS" player add Ann >/dev/null
# One hint, then leave: the hint is counted and the position unchanged.
out=$(printf 'hint\nq\n' | "$CROWNS" solitaire --seed 7 --player Ann 2>&1)
check "hint names a play" grep -q '^Hint: put .* into pile [0-9]*, discard ' <<<"$out"
# Seed 7 has a plan from the first play, so the chance is exact.
check "hint gives the chance to win" grep -q '^Chance to win: 100.0% (exact: ' <<<"$out"
check "hint counted" test "$(sqlite3 "$CROWNS_DB" 'SELECT hints FROM solitaire_games')" = 1
check "no play made" test "$(sqlite3 "$CROWNS_DB" "SELECT plays FROM solitaire_games")" = "[]"

# Play the game out one invocation at a time: the turned card always goes into pile 11 and
# straight back out. Each invocation resumes exactly where the last one left.
result=""
for play in $(seq 1 28); do
  turned=$(printf 'q\n' | "$CROWNS" solitaire | sed -n 's/^Turned: \([^ ]*\) .*/\1/p')
  [ -n "$turned" ] || break
  out=$(printf '11 %s\nq\n' "$turned" | "$CROWNS" solitaire 2>&1)
  count=$(sqlite3 "$CROWNS_DB" "SELECT json_array_length(plays) FROM solitaire_games")
  [ "$count" = "$play" ] || { check "play $play recorded" false; break; }
  if grep -q '^Lost: ' <<<"$out"; then result=lost; break; fi
done
check "game lost when fewer plays than open piles are left" test "$result" = lost
check "lost after 18 plays" test "$play" = 18
check "stored as lost" test "$(sqlite3 "$CROWNS_DB" 'SELECT status, finished_at IS NOT NULL FROM solitaire_games')" = "lost|1"
check "history lists it" grep -q 'seed 7 .*lost' <<<"$("$CROWNS" solitaire --history)"
stats=$("$CROWNS" stats Ann --json)
check "stats counts it" test "$(json_get "$stats" '$.solitaire')" = '{"played":1,"won":0,"best_piles_closed":0,"games_with_hints":1}'
check "no game left to resume" grep -q 'play 1 of 28' <<<"$(printf 'q\n' | "$CROWNS" solitaire --seed 8)"

# --batch streams: each answer arrives before the next request is written.
request=$(sqlite3 "$CROWNS_DB" "SELECT json_object('id', 1, 'piles', json_extract(deal, '$.piles'),
  'card', json_extract(deal, '$.stock[0]'), 'stock', 27, 'dead', json_array(),
  'closed', json_array()) FROM solitaire_games WHERE seed = 8")
coproc BATCH { "$CROWNS" solitaire --batch; }
batch_pid=$BATCH_PID
answers=0
for id in 1 2 3; do
  printf '%s\n' "${request/'{"id":1,'/"{\"id\":$id,"}" >&"${BATCH[1]}"
  if IFS= read -r -t 10 answer <&"${BATCH[0]}" &&
    [[ $answer =~ ^\{\"id\":$id,\"pile\":[0-9]+,\"discard\":\" ]]; then
    answers=$((answers + 1))
  fi
done
exec {BATCH[1]}>&-
wait "$batch_pid"
check "batch answered each line at once" test "$answers" = 3

# --simulate: the same figures for a seed with one job or two.
one=$("$CROWNS" solitaire --simulate 4 --seed 11 --jobs 1 --json)
two=$("$CROWNS" solitaire --simulate 4 --seed 11 --jobs 2 --json)
check "simulate reproducible across jobs" test "$one" = "$two"
check "simulate counts games" test "$(json_get "$one" '$.games')" = 4
other=$("$CROWNS" solitaire --simulate 4 --seed 12 --jobs 2 --json)
check "another seed, other deals" test "$one" != "$other"

# Seed 112's first play is one the plan search gives up on, and its samples are slow (a
# hint took ~30 s, odds ~2 min of CPU): a hint stops sampling after 2 s and says how many
# samples it played, with their interval. Not a terminal: no progress line on stderr.
start=$SECONDS
out=$(printf 'hint\nq\n' | "$CROWNS" --db "$E2E_TMP/slow.db" solitaire --seed 112 2>"$E2E_TMP/hint.err")
# The limit, not the clock, is checked: under ASan on a loaded machine the sample in progress
# at 2 s can take 15 s more (a timed test would be flaky; speed is in docs/SOLITAIRE.md).
check "the slow hint stops at its 2 s limit (took $((SECONDS - start)) s)" \
  grep -q ' before the 2 s limit)$' <<<"$out"
check "the slow hint gives an interval and its samples" \
  grep -Eq '^Chance to win: [0-9]+–[0-9]+% \(95% interval: the advisor won [0-9]+ of [0-9]+ samples? of the unseen cards( before the 2 s limit)?\)$' <<<"$out"
check "no progress line when stderr is not a terminal" test ! -s "$E2E_TMP/hint.err"
json=$("$CROWNS" solitaire odds --seed 112 --time 1 --json 2>"$E2E_TMP/odds.err")
check "odds stop at --time, saying so" test "$(json_get "$json" '$.timed_out')" = 1
samples=$(json_get "$json" '$.samples')
check "odds played some of the 200 samples ($samples)" test "$samples" -ge 1 -a "$samples" -lt 200
bounds=$(sqlite3 :memory: "SELECT json_extract('$json', '\$.p_low') <= json_extract('$json', '\$.p_win')
  AND json_extract('$json', '\$.p_win') <= json_extract('$json', '\$.p_high')")
check "odds' interval holds the figure ($json)" test "$bounds" = 1
check "no progress line with the odds either" test ! -s "$E2E_TMP/odds.err"
# On a terminal (script gives one) a run over a second shows its progress on stderr, redrawn
# in place and erased before the answer; --json never does.
if command -v script >/dev/null; then
  screen=$(script -qec "$(printf '%q' "$CROWNS") solitaire odds --seed 112 --time 2" /dev/null)
  check "progress shown on a terminal" grep -qF $'\rSampling the chance to win: ' <<<"$screen"
  check "progress counts the samples" grep -qF ' of 200 samples, ' <<<"$screen"
  check "progress names the limit" grep -qF ' (limit 2 s)' <<<"$screen"
  check "the answer follows on a clean line" grep -qE $'\r +\rChance to win seed 112: [0-9]+–[0-9]+% ' <<<"$screen"
  screen=$(script -qec "printf 'hint\\nq\\n' | $(printf '%q' "$CROWNS") --db $(printf '%q' "$E2E_TMP/tty.db") solitaire --seed 112" /dev/null)
  check "a slow hint shows its progress too" grep -qF ' of 30 samples, ' <<<"$screen"
  check "the hint's chance follows on a clean line" grep -qE $'\r +\rChance to win: [0-9]+–[0-9]+% ' <<<"$screen"
  screen=$(script -qec "$(printf '%q' "$CROWNS") solitaire odds --seed 112 --time 1 --json" /dev/null)
  check "no progress with --json, even on a terminal" test "${screen:0:1}" = "{"
else
  echo "test_solitaire.sh: progress on a terminal not checked (no script)"
fi

# A refused answer's error shows at once, right after the answer, not when the game ends
# (stdout and stderr to one pipe keep the order a terminal shows).
mixed=$(printf '12 Kd\nq\n' | "$CROWNS" --db "$E2E_TMP/order.db" solitaire --seed 42 2>&1)
after=$(grep -A1 -F 'Your play (PILE CARD to discard, hint, q): 12 Kd' <<<"$mixed" | tail -n 1)
check "the error comes right after the refused answer (got: $after)" \
  test "$after" = "crowns: error: pile '12' does not exist (piles are 1-11)"
finish
