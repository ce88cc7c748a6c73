#!/usr/bin/env bash
# crowns assist has the advisor's brain: every situation of a scripted session (standalone and
# following a game) is replayed through crowns advise --batch and must get the same answer;
# q leaves and crowns assist resumes at the same question; the score is offered to the game.
source "$(dirname "$0")/helpers/lib.sh"
T=$E2E_TMP
command -v python3 >/dev/null || { echo "test_assist.sh: skipped (no python3)"; exit 0; }

# same_brain FILE: the {"request","answer"} lines of an assist --json session, replayed.
same_brain() {
  grep '^{"request"' "$1" >"$T/trace" || return 1
  python3 -c '
import json, sys
for line in open(sys.argv[1]):
    print(json.dumps(json.loads(line)["request"], separators=(",", ":")))
' "$T/trace" >"$T/requests"
  "$CROWNS" advise --batch <"$T/requests" >"$T/answers" || return 1
  python3 -c '
import json, sys
trace = [json.loads(l)["answer"] for l in open(sys.argv[1])]
batch = [json.loads(l) for l in open(sys.argv[2])]
for b in batch: b.pop("id", None)
if len(trace) != len(batch) or len(trace) < int(sys.argv[3]):
    sys.exit(f"{len(trace)} answers traced, {len(batch)} from advise --batch")
for i, (t, b) in enumerate(zip(trace, batch)):
    if t != b: sys.exit(f"answer {i + 1} differs:\n{t}\n{b}")
' "$T/trace" "$T/answers" "$2"
}

# A whole round of 7 cards, 3 players: draws, a take, the others' pickups and throws, an out.
# The next player takes my Kd and throws a 4c; player 3 draws and throws the 8d.
printf '%s\n' '5c 5d 9h Jh Qh 3s Kd' Qs 4c '' 't 4c' 8d '' 8d '' 6h 'out Bob 7c' '' 10h '' \
  | "$CROWNS" assist --json --round 5 --players 3 >"$T/out" 2>"$T/err"
check "standalone: exit 0" test $? = 0
check "standalone: no errors" test ! -s "$T/err"
check "standalone: same answers as advise --batch" same_brain "$T/out" 4
check "standalone: the round ends" grep -qF "Round 5 is over (Bob went out)" "$T/out"
check "the others' pickup reaches next_holds" grep -qF '"next_holds":["Kd"]' "$T/trace"
check "the round's moves reach actions" grep -qF '"actions":[{"seat":0,"offered":"Qs","took":false,"discarded":"Kd"},{"seat":1,"offered":"Kd","took":true,"discarded":"4c"},{"seat":2,"offered":"4c","took":false,"discarded":"8d"}]' "$T/trace"

# q leaves; crowns assist resumes at the same question with the same knowledge.
printf '%s\n' '7h 8h Kd Qs' 3c 5s '' q | "$CROWNS" assist --new --json --round 2 >"$T/out1"
check "q saves" grep -qF "Saved; crowns assist resumes at this question" "$T/out1"
printf '%s\n' '' '' 9h | "$CROWNS" assist --json >"$T/out2"
check "resume says so" grep -qF "Resuming the assist session" "$T/out2"
check "resume: the top known" grep -qF "Top discard [Kd]: " "$T/out2"
check "resumed: same answers as advise --batch" same_brain "$T/out2" 2
check "resumed: the 3c is seen" grep -qF '"seen":["3c"]' "$T/trace"

# Following a game: Ann's seat; the score goes to crowns play's draft of round 1.
"$CROWNS" new --another --add Ann Bob Cy >/dev/null
printf '%s\n' '7h 8h Kd' 9h t '' | "$CROWNS" assist --new --me Ann >"$T/game" 2>"$T/err"
check "game: advice to take" grep -qF "→ Take 9h" "$T/game"
check "game: the round ends with Ann out" grep -qF "Round 1: you went out" "$T/game"
check "game: nothing recorded without a yes" test "$(sqlite3 "$CROWNS_DB" 'SELECT count(*) FROM drafts')" = 0
printf '%s\n' '<' '<' t Kd y | "$CROWNS" assist >"$T/game2" 2>"$T/err"
check "game: recorded on y" grep -qF "Ann 0* is in round 1 of game 1" "$T/game2"
check "game: the draft holds it" test "$(sqlite3 "$CROWNS_DB" 'SELECT value FROM drafts')" = '0*'
printf '%s\n' 12 20 y | "$CROWNS" play >"$T/play"
check "play resumes with Ann's score" grep -qF "Resuming round 1: Ann 0*" "$T/play"
check "the round is saved" test "$(sqlite3 "$CROWNS_DB" 'SELECT count(*) FROM rounds')" = 1
# --me is remembered; the next round of the game follows.
printf 'q\n' | "$CROWNS" assist --new >"$T/game3"
check "--me remembered" grep -qF "Assisting Ann in game 1" "$T/game3"
check "the game's next round" grep -qF "Round 2 · 4 cards · 4s wild: your cards: " "$T/game3"
finish
