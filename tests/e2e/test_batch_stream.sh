#!/usr/bin/env bash
# Every JSON Lines batch command answers each request as it arrives: the test writes one line
# through a pipe, waits (10 s at most, so nothing hangs) for its answer, and only then writes
# the next. Before the one batch loop, analyze --batch answered only at the end of its input.
# Also: a request with an unknown field is refused naming it, with the closest known field.
source "$(dirname "$0")/helpers/lib.sh"
contains() { [[ $1 == *"$2"* ]]; }

# converse NAME FIRST SECOND WANT1 WANT2 COMMAND...: two requests, one answer each, in turn.
converse() {
  local name=$1 first=$2 second=$3 want1=$4 want2=$5
  shift 5
  coproc PROC { "$@"; }
  local pid=$PROC_PID  # bash unsets PROC_PID as soon as the process ends
  ask "$first"
  check "$name: first answer before the second request" contains "$answer" "$want1"
  ask "$second"
  check "$name: second answer" contains "$answer" "$want2"
  exec {PROC[1]}>&-
  wait "$pid" || true
}

converse "analyze --batch" '{"id":1,"cards":"7h 8h 9h"}' '{"id":2,"cards":"Kd Qh 7s"}' \
  '{"id":1,"round":1,"wild":"3","drawn":false,' '{"id":2,"round":1,' "$CROWNS" analyze --batch
converse "analyze --batch --boxes 2" '{"id":1,"cards":"7h 7h 7h"}' '{"id":2,"cards":"Kd"}' \
  '{"id":1,"round":1,' '{"id":2,"error":"' "$CROWNS" analyze --batch --boxes 2
converse "advise --batch" '{"id":1,"round":1,"hand":["7h","8h","Kd"],"top":"9h"}' \
  '{"id":2,"round":1,"hand":["7h","8h","9h","Kd"],"last":true}' \
  '{"id":1,"take":true,"discard":"Kd"' '{"id":2,"discard":"Kd","goes_out":true' \
  "$CROWNS" advise --batch
converse "odds --batch" '{"id":1,"round":1,"hand":["7h","7s","9h"],"turns":1}' \
  '{"id":2,"round":1,"hand":["7h","7s","9h"],"turns":2}' \
  '{"id":1,"out_within":[0.230088]' '{"id":2,"out_within":[0.230088,' "$CROWNS" odds --batch

# A solitaire position: the deal of seed 8 at its first play.
printf 'q\n' | "$CROWNS" solitaire --seed 8 >/dev/null
position=$(sqlite3 "$CROWNS_DB" "SELECT json_object('piles', json_extract(deal, '$.piles'),
  'card', json_extract(deal, '$.stock[0]'), 'stock', 27) FROM solitaire_games WHERE seed = 8")
for spelling in "solitaire batch" "solitaire --batch"; do
  # shellcheck disable=SC2086 # the spelling is two words on purpose
  converse "$spelling" "{\"id\":1,${position:1}" "{\"id\":2,${position:1}" \
    '{"id":1,"pile":' '{"id":2,"pile":' "$CROWNS" $spelling
done

# Unknown fields: an error naming the field and the closest known one; the loop goes on.
out=$(printf '%s\n' '{"id":1,"round":3,"hand":"9c 10c Jc 4s Kd Kh","nexthold":["Qh"]}' \
  '{"id":2,"round":1,"hand":"7h 8h 9h Kd","last":true}' | "$CROWNS" advise --batch)
status=$?
check "advise: a typo is refused, naming it" contains "$out" \
  '{"id":1,"error":"unknown field '"'"'nexthold'"'"'; did you mean \"next_holds\"?"}'
check "advise: the next line is answered" contains "$out" '{"id":2,"discard":"Kd"'
check "advise: exit 1 when a line failed" test "$status" = 1
out=$(printf '%s\n' '{"id":1,"cards":"7h 8h 9h","drwan":true}' | "$CROWNS" analyze --batch)
check "analyze: a typo is refused" contains "$out" \
  '{"id":1,"error":"unknown field '"'"'drwan'"'"'; did you mean \"drawn\"?"}'
out=$(printf '%s\n' '{"id":1,"round":1,"hand":"7h 8h 9h","trns":2}' | "$CROWNS" odds --batch)
check "odds: a typo is refused" contains "$out" \
  '{"id":1,"error":"unknown field '"'"'trns'"'"'; did you mean \"turns\"?"}'
out=$(printf '%s\n' "{\"id\":1,\"deads\":[],${position:1}" | "$CROWNS" solitaire batch)
check "solitaire: a typo is refused" contains "$out" \
  '{"id":1,"error":"unknown field '"'"'deads'"'"'; did you mean \"dead\"?"}'
finish
