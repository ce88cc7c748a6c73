#!/usr/bin/env bash
# The questions crowns asks only on a terminal (script(1) gives it one): which game a round
# goes to when several are in progress, and whether to abandon a game. Without a terminal both
# are refused (see undo_changes.test and game_details.test).
source "$(dirname "$0")/helpers/lib.sh"
command -v script >/dev/null || { echo "test_terminal_questions.sh: skipped (no script(1))"; exit 0; }
T=$E2E_TMP
# on_terminal INPUT ARGS...: runs crowns on a pseudo-terminal fed INPUT; output without CRs.
on_terminal() {
  local input=$1; shift
  printf '%s' "$input" | script -qec "$(printf '%q ' "$CROWNS" "$@")" /dev/null | tr -d '\r'
}
"$CROWNS" new --another --add Ann Bob >/dev/null
"$CROWNS" new --another --add Cat Dan >/dev/null
sha() { sha256sum <"$CROWNS_DB"; }

on_terminal $'1\n' round '0*' 5 >"$T/out"
check "lists the games in progress" grep -qF "  game 2 (2026-01-15: Cat, Dan; 0 of 11 rounds)" "$T/out"
check "offers the game played last" grep -qF "Which game? [2]" "$T/out"
check "the answer picks the game" grep -qF "Game 1 · 2026-01-15 · Ann, Bob · active, 1 of 11 rounds" "$T/out"
on_terminal $'\n' round '0*' 7 >"$T/out"
check "Enter takes the game played last" grep -qF "Game 1 · 2026-01-15 · Ann, Bob · active, 2 of 11 rounds" "$T/out"
before=$(sha)
on_terminal $'9\n' round '0*' 7 >"$T/out"
check "a game not in progress is refused" grep -qF "crowns: error: '9' is not one of the games in progress" "$T/out"
check "nothing changed" test "$(sha)" = "$before"

on_terminal $'n\n' abandon --game 2 >"$T/out"
check "abandon asks" grep -qF "Abandon game 2 (2026-01-15: Cat, Dan; 0 of 11 rounds)? It is kept, with no result [y/N]" "$T/out"
check "n keeps the game" grep -qF "Not abandoned: nothing changed" "$T/out"
check "n changed nothing" test "$(sha)" = "$before"
on_terminal $'y\n' abandon --game 2 >"$T/out"
check "y abandons" grep -qF "Game 2 abandoned after 0 of 11 rounds" "$T/out"
check "game 2 is abandoned" test "$(sqlite3 "$CROWNS_DB" 'SELECT status FROM games WHERE id = 2')" = abandoned
# One game in progress again: no question.
on_terminal '' round '0*' 9 >"$T/out"
check "one game: no question" test "$(grep -c 'Which game' "$T/out")" = 0
check "one game: recorded" grep -qF "Game 1 · 2026-01-15 · Ann, Bob · active, 3 of 11 rounds" "$T/out"

# Two players at 0 and nobody marked (issue 17 item 10): a terminal is asked who went out.
on_terminal $'Cy\nbob\n' round 0 0 >"$T/out"
check "two at 0: asks who went out" grep -qF "Ann and Bob both scored 0 in round 4. Who went out?" "$T/out"
check "two at 0: a name not among them asks again" grep -qF "answer with the name of the player who went out: Ann and Bob" "$T/out"
check "two at 0: the answer marks Bob out" grep -qE '^ 4 +6 6s .* 0 +[0-9]+ +0\* ' <("$CROWNS" show)

# Delete asks first, outside any lock; a game changed between the question and the answer is
# not deleted (the answer was about the game as it was asked).
"$CROWNS" new --another --add Eve Fay >/dev/null  # game 3
mkfifo "$T/answer"
# (Straight to the file, no pipe: a pipe's buffer would hold the question back.)
script -qec "$(printf '%q ' "$CROWNS" delete 3)" /dev/null <"$T/answer" >"$T/out" &
asking=$!
exec 3>"$T/answer"
for _ in $(seq 100); do grep -qF "Delete game 3" "$T/out" && break; sleep 0.1; done
check "delete asks" grep -qF "Delete game 3 (2026-01-15, Eve, Fay, active, 0 of 11 rounds)? [y/N]" "$T/out"
"$CROWNS" round --game 3 '0*' 5 >/dev/null
printf 'y\n' >&3
exec 3>&-
wait "$asking"
check "a game changed meanwhile is not deleted" grep -qF "crowns: error: game 3 changed since you saw it (Round 1 entered: Eve 0*, Fay 5)" "$T/out"
check "game 3 is still there, its round in" test "$(sqlite3 "$CROWNS_DB" 'SELECT count(*) FROM rounds r JOIN games g ON g.id = r.game_id WHERE g.id = 3')" -ge 1
finish
