#!/usr/bin/env bash
# crowns assist at a real terminal (tmux), as a player uses it: a round of 11 cards (round 9)
# with a deck draw, a take, an undo, q and resume, and another player going out. Each answer
# waits for its question on the screen, as a person would.
source "$(dirname "$0")/helpers/lib.sh"
SESSION=assist
source "$(dirname "$0")/helpers/tmux_lib.sh"

tm send-keys -t assist "$(printf '%q' "$CROWNS") assist --round 9 --players 2" Enter
check "the hand is asked" answer "Round 9 · 11 cards · Js wild: your cards: " "3c 4c 5c 7h 8h 9h Qd Qs Kd 6s 10c"
check "the top discard is asked" answer "Top discard: " "Ks"
check "take or draw is advised" wait_for "→ "
check "a deck draw" answer "Card drawn (t: you took Ks)" "4d"
check "the throw is advised" wait_for "→ Throw"
check "the outs are shown" wait_for "outs     "
check "Enter throws the advised card" answer "You threw [" ""
check "the other player's turn" answer "Next player threw" "3h"
check "the top is known" answer "Top discard [3h]: " ""
check "a take" answer "Card drawn (t: you took 3h)" "t"
check "the throw after a take is asked" answer "You threw [" "<"
check "undone" wait_for "  undone"
check "the draw is asked again" answer "Card drawn (t: you took 3h)" "t"
check "the throw after the take" answer "You threw [" ""
check "q leaves" answer "Next player threw" "q"
check "saved" wait_for "Saved; crowns assist resumes at this question"
tm send-keys -t assist "$(printf '%q' "$CROWNS") assist" Enter
check "resumed" wait_for "Resuming the assist session"
# Resuming says where the session stands (issue 27 item 7): the hand held, the top discard
# (the card thrown last: the other player's turn was not typed) and whose turn it is.
check "resuming shows the hand held" wait_for "   your hand  "
check "resuming shows the top discard" grep -qE '^   top        [0-9JQKA]' "$T/screen"
check "resuming says whose turn it is" grep -qF "   now        the next player's turn" "$T/screen"
check "the same question again" answer "Next player threw" "out Bob 5h"
check "the last turn" answer "Last turn. Top discard [5h]: " ""
check "the last draw" answer "Card drawn (t: you took 5h)" "9c"
check "the last throw" answer "You threw [" ""
check "the round ends with Bob out" wait_for "Round 9 is over (Bob went out): your best lay-down"
check "the score" wait_for "your score: "
check "the next round is offered" answer "Enter for the next round: " "q"
check "left" wait_for "Saved; crowns assist resumes at this question"
check "no error on the screen" bash -c "! grep -q 'crowns: error' '$T/screen'"
cp "$T/screen" "${ASSIST_TMUX_SCREEN:-/dev/null}" 2>/dev/null || true
finish
