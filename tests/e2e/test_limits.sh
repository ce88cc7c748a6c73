#!/usr/bin/env bash
# Every bound that stops abuse is refused with a clear one-line error naming the limit, a
# non-zero exit, and (for commands that write) the database unchanged: hand size (analyze and
# a hand-valued round entry), batch line length, players per game, name length, note length,
# import size, arguments on one command line.
source "$(dirname "$0")/helpers/lib.sh"
T=$E2E_TMP
"$CROWNS" new --another Ann Bob --add >/dev/null
sha() { sha256sum <"$CROWNS_DB"; }
before=$(sha)

# refused NAME PATTERN CODE CMD...: exit CODE, one stderr line matching PATTERN, nothing on stdout.
refused() {
  local name=$1 pattern=$2 code=$3; shift 3
  "$CROWNS" "$@" >"$T/out" 2>"$T/err" </dev/null
  local rc=$?
  check "$name: exit $code (got $rc)" test "$rc" = "$code"
  check "$name: one line of error" test "$(wc -l <"$T/err")" = 1
  check "$name: says '$pattern'" grep -qF -- "$pattern" "$T/err"
  check "$name: error is short" test "$(wc -c <"$T/err")" -lt 400
}

refused "analyze 15 cards" "a hand of 15 cards does not fit any round" 1 analyze 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh 3s 4s 5s 6s
refused "analyze 15 cards with --wild" "a hand of 15 cards is too large (1 to 13 cards): one more with --drawn" 1 \
  analyze --wild 5 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh 3s 4s 5s 6s
refused "round hand bigger than the deal" "Bob's hand has 4 cards, but round 1 deals 3" 1 round 0* "3h 4h 5h 6h"
refused "15 players" "15 players is too many for two boxes (at most 14)" 1 new --boxes 2 --add P{1..15}
refused "9 players, one box" "9 players is too many for one box, which seats at most 8 (use --boxes 2 for up to 14)" 1 new --boxes 1 --add P{1..9}
refused "41-character name" "a player name is at most 40 characters (this one has 41)" 1 player add "$(printf 'n%.0s' {1..41})"
refused "4097-byte note" "the note: a note is at most 4096 bytes (this one has 4097)" 1 new Ann Bob --note "$(printf 'n%.0s' {1..4097})"
refused "1001 arguments" "1001 arguments; a crowns command takes at most 1000" 2 player add Q{1..999}
check "nothing above changed the database" test "$before" = "$(sha)"

# A 40-character name and a 4096-byte note are fine.
check "40 characters is a name" "$CROWNS" player add "$(printf 'n%.0s' {1..40})" >/dev/null
check "4096 bytes is a note" "$CROWNS" new --another Ann Bob --note "$(printf 'n%.0s' {1..4096})" >/dev/null
# 8 players on one box (the rules: the discard pile is reshuffled in the last round), 14 on two.
check "8 players on one box" "$CROWNS" new --another --add P{1..8} >/dev/null
check "8 players on one box: P8 is seated" grep -q P8 <("$CROWNS" show)
check "14 players on two boxes" "$CROWNS" new --another --boxes 2 --add P{1..14} >/dev/null
"$CROWNS" new --another --add Nine{1..9} >/dev/null
check "9 players and no --boxes: two boxes, as the phone's form starts them" \
  bash -c '"$1" show --json | grep -q "\"boxes\":2"' _ "$CROWNS"
before=$(sha)

# analyze --batch: a line over 64 KiB gets its own error answer; the next line is answered.
{ printf '{"cards":"%s"}\n' "$(head -c 70000 /dev/zero | tr '\0' ' ')"; echo '{"id":2,"cards":"7h 8h 9h"}'; } |
  "$CROWNS" analyze --batch >"$T/batch" 2>/dev/null
check "batch: long line refused" grep -qF '{"id":null,"line":1,"error":"line 1 is longer than 64 KiB"}' "$T/batch"
check "batch: next line answered" grep -qF '{"id":2,' "$T/batch"
# A 200 MiB line is skipped, not held: the batch runs within 164 MiB of address space (not
# under a sanitizer, which reserves terabytes of it).
limit_memory() { ldd "$CROWNS" | grep -q 'libasan' || ulimit -v $((164 * 1024)); }
{ head -c $((200 * 1024 * 1024)) /dev/zero | tr '\0' 'x'; echo; echo '{"id":3,"cards":"7h 8h 9h"}'; } |
  (limit_memory; "$CROWNS" analyze --batch) >"$T/batch" 2>/dev/null
check "batch: a 200 MiB line is refused" grep -qF '{"id":null,"line":1,"error":"line 1 is longer than 64 KiB"}' "$T/batch"
check "batch: the line after it is answered" grep -qF '{"id":3,' "$T/batch"

# play: an answer over 4 KiB is refused like any bad value and the prompt comes again.
"$CROWNS" new --another --add Pa Pb >/dev/null
# (--game: the games above are in progress too, and without a terminal play would not guess.)
pa=$(sqlite3 "$CROWNS_DB" "SELECT game_id FROM seats JOIN players ON id = player_id WHERE name = 'Pa'")
{ head -c 100000 /dev/zero | tr '\0' '9'; echo; printf '0*\n5\nq\n'; } | "$CROWNS" play --game "$pa" >"$T/play" 2>&1
check "play: the long answer is refused and the round goes on" grep -q "Save round 1: Pa 0\*, Pb 5?" "$T/play"
check "play: the long answer is not echoed whole" test "$(wc -c <"$T/play")" -lt 5000

# An import over 64 MiB is refused before it is parsed, and changes nothing.
head -c $((64 * 1024 * 1024 + 1)) /dev/zero | tr '\0' ' ' >"$T/big.json"
check "1000 arguments are fine" "$CROWNS" player add Q{1..998} >/dev/null
before=$(sha)
refused "import over 64 MiB" "larger than 64 MiB, the most crowns reads" 1 import "$T/big.json"
check "the big import changed nothing" test "$before" = "$(sha)"
finish
