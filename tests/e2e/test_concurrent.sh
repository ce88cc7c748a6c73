#!/usr/bin/env bash
# Two terminals on one database: writers queue on the busy timeout instead of failing,
# and no round is lost or recorded twice.
source "$(dirname "$0")/helpers/lib.sh"

"$CROWNS" new --another --add Ann Bob >/dev/null
"$CROWNS" new --another --add Cat Dan >/dev/null
pids=()
for r in 1 2 3 4 5; do
  "$CROWNS" round --game 1 0* "$r"0 >/dev/null 2>"$E2E_TMP/err1.$r" & pids+=($!)
  "$CROWNS" round --game 2 "$((r + 2))" out >/dev/null 2>"$E2E_TMP/err2.$r" & pids+=($!)
  "$CROWNS" show --game 1 >/dev/null 2>"$E2E_TMP/err3.$r" & pids+=($!)
done
failed=0
for p in "${pids[@]}"; do wait "$p" || failed=$((failed + 1)); done
check "no command failed ($failed)" test "$failed" = 0
check "no error output" test -z "$(cat "$E2E_TMP"/err*)"
# Count the rounds listed before "totals" (the "next" round comes after it).
count_rounds() { "$CROWNS" show --game "$1" --json | grep -o '"rounds":.*"totals"' | grep -o '"dealer"' | wc -l; }
rounds1=$(count_rounds 1)
rounds2=$(count_rounds 2)
check "game 1 has 5 rounds" test "$rounds1" = 5
check "game 2 has 5 rounds" test "$rounds2" = 5
finish
