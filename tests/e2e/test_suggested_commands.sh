#!/usr/bin/env bash
# Every command crowns suggests survives copy-paste into bash (issue 17 item 3): names such as
# O'Brien, Tom&Jerry, "a b" and $x are quoted with '...' ('\'' inside) where they need it, and
# each suggestion below is run through bash as printed, to prove that it does what it says.
source "$(dirname "$0")/helpers/lib.sh"
cd "$E2E_TMP" || exit 1
PATH="$(dirname "$CROWNS"):$PATH"
export PATH

# run_suggested TEXT: runs TEXT (one command line) with bash, as a person pasting it would.
run_suggested() {
  bash -c "$1" >suggested.out 2>suggested.err
  rc=$?
}

"$CROWNS" new --another --add 'a b' '$x' "O'Brien" 'Tom&Jerry' >/dev/null
# Rounds 1-8: each player goes out twice, the others score 10; 9-11: the others score 0.
# Everyone ends on 60: a four-way tie.
for r in 1 2 3 4 5 6 7 8; do
  v=(10 10 10 10)
  v[$(((r - 1) % 4))]='0*'
  "$CROWNS" round "${v[@]}" >/dev/null || echo "round $r refused"
done
for r in 9 10 11; do "$CROWNS" round --round $r 0* 0 0 0 >/dev/null; done
"$CROWNS" show >show.txt
line=$(grep -o 'crowns tiebreak .*' show.txt)
check "the tie-break suggestion quotes what needs it" \
  [ "$line" = "crowns tiebreak 'a b'=VALUE '\$x'=VALUE 'O'\\''Brien'=VALUE 'Tom&Jerry'=VALUE" ]
# VALUE is the one word to fill in: 9, 0, 12 and 20 in seat order.
filled=$line
for v in 9 0 12 20; do filled=${filled/=VALUE/=$v}; done
run_suggested "$filled"
check "the filled-in tie-break runs in bash: $(cat suggested.err)" [ "$rc" = 0 ]
check "and records the tie-break: \$x wins" grep -q 'winner \$x$' <("$CROWNS" show)

# "add them with: crowns player add ..." for an unknown name.
"$CROWNS" stats "Q&A Z" 2>err.txt
hint=$(grep -o "crowns player add [^)]*" err.txt)
check "the player add hint quotes the name" [ "$hint" = "crowns player add 'Q&A Z'" ]
run_suggested "$hint"
check "and adds exactly that player" grep -qx "Q&A Z" <("$CROWNS" player list --json | grep -o '"name":"[^"]*"' | sed 's/"name":"\(.*\)"/\1/')

# "did you mean ...?" for a typo: the name in the hint is one shell word.
"$CROWNS" stats "O'Brie" 2>err.txt
word=$(sed -n "s/.*did you mean \(.*\)?$/\1/p" err.txt)
check "did you mean quotes O'Brien for the shell" [ "$word" = "'O'\\''Brien'" ]
run_suggested "crowns stats $word"
check "and that word runs: $(cat suggested.err)" grep -q "O'Brien" suggested.out

# A clash on rename suggests a merge: both names quoted, and the merge runs.
"$CROWNS" player rename 'Q&A Z' "O'Brien" 2>err.txt
merge=$(grep -o "crowns player merge .*" err.txt)
check "the merge suggestion quotes both names" [ "$merge" = "crowns player merge 'Q&A Z' 'O'\\''Brien'" ]
run_suggested "$merge"
check "and the merge runs in bash: $(cat suggested.err)" [ "$rc" = 0 ]

check "a name needing no quotes is left as it is" \
  [ "$("$CROWNS" stats Zoë 2>&1 | grep -o 'crowns player add [^)]*')" = "crowns player add Zoë" ]
finish
