#!/usr/bin/env bash
# crowns play at a real terminal (tmux) while another terminal saves the same round (issue 27
# item 3): the save is refused, and the values typed here are shown beside what the other
# terminal saved, with the edit that would keep them. Then (item 1) `crowns round` on a
# terminal asks before recording a round that reads as the one saved seconds ago.
source "$(dirname "$0")/helpers/lib.sh"
SESSION=play
source "$(dirname "$0")/helpers/tmux_lib.sh"
# The database's content (its WAL included: play keeps a connection open meanwhile).
sha() { sqlite3 "$CROWNS_DB" .dump | sha256sum; }

"$CROWNS" new --another --add Ann Bob >/dev/null
"$CROWNS" round 5 out >/dev/null
tm send-keys -t play "$(printf '%q' "$CROWNS") play" Enter
check "Ann is asked" answer "Ann: " "7"
check "Bob is asked" answer "Bob: " "out"
check "the save is asked" wait_for "Save round 2: Ann 7, Bob 0*? [Y/n, < back]"
# Meanwhile another terminal saves round 2.
"$CROWNS" round --round 2 9 out >/dev/null
before=$(sha)
check "the save is answered" answer "Save round 2:" "y"
check "the refusal" wait_for "crowns: error: game 1 changed in another terminal; run crowns play again"
check "what the other terminal saved" grep -qF "  there  Ann 9, Bob 0*" "$T/screen"
check "what was typed here" grep -qF "  here   Ann 7, Bob out  (not saved)" "$T/screen"
check "the edit that keeps it" grep -qF "To keep the values typed here: crowns edit --game 1 2 Ann=7 Bob=out" "$T/screen"
check "nothing saved by play" test "$(sha)" = "$before"
check "round 2 is the other terminal's" test "$(sqlite3 "$CROWNS_DB" "SELECT points FROM scores WHERE game_id = 1 AND round = 2 AND seat = 0")" = 9

# The same round again on a terminal, seconds later: asked, and n records nothing.
tm send-keys -t play "$(printf '%q' "$CROWNS") round 9 out" Enter
check "the repeat is asked" answer "Record round 3 the same? [y/N]" "n"
check "n refuses" wait_for "crowns: error: round 3 not recorded: it reads the same as round 2"
check "n changed nothing" test "$(sha)" = "$before"
check "the question says why" grep -qF "Round 2 was recorded less than a minute ago with the same scores (Ann 9, Bob 0*)." "$T/screen"
tm send-keys -t play "$(printf '%q' "$CROWNS") round 9 out" Enter
check "asked again" answer "Record round 3 the same? [y/N]" "y"
check "y records round 3" wait_for "active, 3 of 11 rounds"
# A round like the one before, but recorded more than a minute later, is not asked about.
sqlite3 "$CROWNS_DB" "UPDATE rounds SET entered_at = '2026-01-15 11:58:00' WHERE game_id = 1 AND round = 3"
tm send-keys -t play "$(printf '%q' "$CROWNS") round 9 out" Enter
check "a minute later: recorded" wait_for "active, 4 of 11 rounds"
check "a minute later: not asked" test "$(grep -cF "Record round 4 the same" "$T/screen")" = 0
cp "$T/screen" "${PLAY_TMUX_SCREEN:-/dev/null}" 2>/dev/null || true
finish
