#!/usr/bin/env bash
# crowns advise --batch and crowns odds --batch converse through a pipe: the test writes one
# request, reads its answer (which must arrive before the next request is written, so every
# answer is flushed at once), then writes the next. A bad request gets {"id":…,"error":…} and
# the process goes on.
source "$(dirname "$0")/helpers/lib.sh"
contains() { [[ $1 == *"$2"* ]]; }

coproc PROC { "$CROWNS" advise --batch; }
pid=$PROC_PID  # bash unsets PROC_PID as soon as the process ends
ask '{"id":1,"round":1,"hand":["7h","8h","Kd"],"top":"9h"}'
check "draw: take the card that goes out" contains "$answer" '{"id":1,"take":true,"discard":"Kd","goes_out":true'
ask '{"id":"b","round":4,"hand":["5c","5d","5s","Jh","Qh","Kh","9d"]}'
check "discard: the card that goes out" contains "$answer" '{"id":"b","discard":"9d","goes_out":true'
ask '{"id":3,"round":2,"hand":["7h"]}'
check "bad request: one error line" contains "$answer" '{"id":3,"error":"round 2 needs 4 cards'
ask 'not json'
check "not JSON: an error, no id" contains "$answer" '{"id":null,"line":4,"error":"line 4 is not valid JSON"}'
ask '{"id":5,"round":1,"hand":["7h","8h","Kd"],"top":"7h","seen":["7h"]}'
check "too many copies" contains "$answer" '{"id":5,"error":"7h is given 3 times (hand 1, top 1, seen 1)'
ask '{"id":"n","round":3,"hand":["9c","10c","Jc","4s","Kd","Kh"],"next_holds":["Qh"]}'
check "next_holds: the king that feeds goes second" contains "$answer" '{"id":"n","discard":"Kd"'
check "next_holds: it is marked" contains "$answer" '{"discard":"Kh","goes_out":false,"score":17,"ev":10.587,"p_out":0.0,"feeds":true,"value":16.587}'
ask '{"id":"m","round":3,"hand":["9c","10c","Jc","4s","Kd","Kh"],"next_holds":["Qx"]}'
check "next_holds: a bad card is named" contains "$answer" '{"id":"m","error":"\"next_holds\": '"'"'Qx'"'"' is not a card'
ask '{"id":6,"round":1,"hand":["7h","8h","9h","Kd"],"last":true}'
check "still answering after errors" contains "$answer" '{"id":6,"discard":"Kd","goes_out":true'
exec {PROC[1]}>&-
status=0
wait "$pid" || status=$?
check "exit 1 when a line failed" test "$status" -eq 1

coproc PROC { "$CROWNS" odds --batch; }
pid=$PROC_PID
ask '{"id":1,"round":1,"hand":["7h","7s","9h"],"turns":2}'
# 26 of 113 unseen cards go out (any 7, the 8h, a wild).
check "odds: exact p1" contains "$answer" '{"id":1,"out_within":[0.230088,'
check "odds: both exact" contains "$answer" '"exact":[true,true]'
ask '{"id":2,"round":1,"hand":["7h","7s","9h"],"turns":3}'
check "odds: third draw sampled" contains "$answer" '"exact":[true,true,false]'
ask '{"id":3,"round":12,"hand":["7h"]}'
check "odds: bad round" contains "$answer" '{"id":3,"error":"\"round\" is 12, out of range (1-11)"}'
exec {PROC[1]}>&-
wait "$pid" || true

# The required fields, named when missing (the same reader for both commands).
for command in advise odds; do
  answers=$(printf '%s\n' '{"id":"r","hand":["7h","8h","Kd"]}' '{"id":"h","round":1}' |
    "$CROWNS" "$command" --batch || true)
  check "$command: a missing round is named" contains "$answers" '{"id":"r","error":"missing \"round\" (1-11)"}'
  check "$command: a missing hand is named" contains "$answers" '{"id":"h","error":"missing \"hand\": cards like [\"7h\", \"jk\"] or \"7h jk\""}'
done
finish
