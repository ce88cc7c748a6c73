#!/usr/bin/env bash
# crowns tonight (issue 39): one evening's games, who won each, the best round, the closest
# finish, the biggest comeback, who went out most and how each player's rating moved.
source "$(dirname "$0")/helpers/lib.sh"
c() { "$CROWNS" "$@"; }
quiet() { "$@" >/dev/null; }
# play GAME VALUES...: one round per argument, each a quoted list of the seats' values.
play() {
  local game=$1; shift
  for round in "$@"; do
    # shellcheck disable=SC2086
    quiet c round --game "$game" --force $round
  done
}

quiet c new --another Ann Bob Cy --add --date 2026-01-14
check "no finished game: says so" grep -qx "crowns: error: no finished game yet: tonight shows an evening's finished games" <(c tonight 2>&1)
play 1 "0* 5 9" "0* 6 9" "0* 7 9" "0* 8 9" "0* 9 9" "0* 10 9" "0* 11 9" "0* 12 9" "0* 13 9" "0* 14 9" "0* 15 9"
# Tonight: Bob wins game 2 from 40 behind; game 3 is Ann's by 1 point.
quiet c new --another Ann Bob Cy
play 2 "0* 40 9" "5 0* 9" "6 0* 9" "7 0* 9" "8 0* 9" "9 0* 9" "10 0* 9" "11 0* 9" "12 0* 9" "13 0* 9" "14 0* 9"
# Game 3 starts later in the evening: games are rated in the order played (date, start, then
# uuid), and two games of one second would come in either order.
export CROWNS_TIME=21:00:00
quiet c new --another Ann Bob
play 3 "0* 12" "10 0*" "0* 4" "5 0*" "0* 6" "7 0*" "0* 8" "9 0*" "0* 10" "11 0*" "0* 3"
out=$(c tonight)
check "the evening by default: the last day games were finished" grep -q "^Tonight: 2026-01-15 (2 games, 0 s)$" <<<"$out"
check "who won each" grep -qE "^ +2 +Bob +40 +0 s$" <<<"$out"
check "game 3's winner" grep -qE "^ +3 +Ann +42 +0 s$" <<<"$out"
check "the best round" grep -qx "Best round       Ann went out in round 1 of game 2, the others scored 49 points" <<<"$out"
check "the closest finish" grep -qx "Closest finish   game 3: Ann ahead of Bob by 1 point" <<<"$out"
check "the biggest comeback" grep -qx "Biggest comeback Bob in game 2: 40 behind after round 1, still won" <<<"$out"
check "who went out most" grep -qx "Went out most    Bob (15 rounds)" <<<"$out"
check "the ratings moved, the biggest gain first" grep -qx "Ann              3.25   7.25   +3.99" <<<"$out"
check "a rating that fell" grep -qx "Cy               1.54  -1.01   -2.56" <<<"$out"
json=$(c tonight --json)
check "--json: the games" grep -q '^{"date":"2026-01-15","games":\[{"game":2,"winners":\["Bob"\],"total":40,"duration_s":0}' <<<"$json"
check "--json: the best round" grep -q '"best_round":{"game":2,"round":1,"player":"Ann","left":49}' <<<"$json"
check "--json: the ratings" grep -q '"ratings":\[{"player":"Ann","before":3.2533,"after":7.2471,"change":3.9938}' <<<"$json"
check "--json: the closest finish, decided by points" grep -q '"closest_finish":{"game":3,"winner":"Ann","runner_up":"Bob","margin":1,"decided_by":"points"}' <<<"$json"
# An evening whose closest finish is a tie the tie-break settled.
quiet c new --another Ann Bob --date 2026-01-13
play 4 "0* 10" "10 0*" "0* 10" "10 0*" "0* 10" "10 0*" "0* 10" "10 0*" "0* 10" "10 0*" "0* 0"
quiet c tiebreak --game 4 Ann=5 Bob=0*
tb=$(c tonight --date 2026-01-13)
check "a tie-break: who won it, never 'by 0 points'" grep -qx "Closest finish   game 4: Bob won the tie-break against Ann (both on 50)" <<<"$tb"
check "--json: decided by the tie-break" grep -q '"margin":0,"decided_by":"tiebreak"}' <(c tonight --date 2026-01-13 --json)
check "--date: another evening" grep -q "^Tonight: 2026-01-14 (1 game, 0 s)$" <(c tonight --date 2026-01-14)
check "--date: an evening without games" grep -qx "No finished games on 2026-03-01" <(c tonight --date 2026-03-01)
c tonight --date 2026-02-30 2>err >/dev/null
check "a bad date: usage error" [ $? = 2 ]
check "naming it" grep -qx "crowns: error: --date '2026-02-30' is not a date; write YYYY-MM-DD, e.g. 2026-01-15" err
finish
