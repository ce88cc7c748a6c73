#!/usr/bin/env bash
# crowns sync through git, as a club would run it (issue 44): a new, empty bare repository as
# the remote, one clone per laptop, and the line docs/DATA.md gives, run as it is written
# there. A correction made on one laptop reaches the others with exit 0; a conflict stops the
# line with exit 3 until --keep decides; a copied database whose file git cannot rebase is
# named as holding conflict markers, never written over, and found out as a copy once the
# merge is resolved. Skips (exit 0, saying so) only when git is missing.
source "$(dirname "$0")/helpers/lib.sh"
command -v git >/dev/null || { echo "test_sync_git.sh: skipped: git is not installed (scripts/setup.sh --test installs it)"; exit 0; }
docs=$(realpath "$(dirname "$0")/../../docs/DATA.md")
T=$E2E_TMP
cd "$T" || exit 1
export GIT_AUTHOR_NAME=crowns GIT_AUTHOR_EMAIL=crowns@example.org GIT_COMMITTER_NAME=crowns
export GIT_COMMITTER_EMAIL=crowns@example.org GIT_CONFIG_NOSYSTEM=1 GIT_TERMINAL_PROMPT=0
git config --global init.defaultBranch main
git config --global advice.detachedHead false
quiet() { "$@" >/dev/null 2>&1; }

# The line of docs/DATA.md, taken from there so that the docs and this test cannot part.
line=$(grep -A1 '^\$ git fetch -q' "$docs" | sed -e 's/^\$ //' -e 's/^ *//' | tr '\n' ' ')
check "docs/DATA.md gives the git line" test -n "$line"
crowns() { "$CROWNS" --db "$DB" "$@"; }
# run HOST: the documented line in that laptop's clone, with its database; its status.
run() {
  (cd "$T/$1" && DB="$T/$1.db" && eval "$line") >"$T/$1.out" 2>&1
  local rc=$?
  [ -n "${VERBOSE:-}" ] && { echo "== $1: $rc"; cat "$T/$1.out"; }
  return $rc
}

git init -q --bare remote.git
for h in a b c; do git clone -q remote.git "$h" 2>/dev/null; done
check "three clones of an empty remote" test -d c/.git

"$CROWNS" --db a.db new --another Ann Bob --add >/dev/null
"$CROWNS" --db a.db round 0* 4 >/dev/null
run a
check "the line works on a new empty remote" [ $? = 0 ]
check "and pushed a's file" test "$(git -C remote.git ls-tree --name-only main | grep -c '^crowns-')" = 1
"$CROWNS" --db b.db new --another Cy Dee --add >/dev/null
run b
check "b: exit 0" [ $? = 0 ]
run c
check "c: exit 0" [ $? = 0 ]
run a
check "c holds both games" test "$(sqlite3 c.db 'SELECT count(*) FROM games')" = 2
check "a holds both games" test "$(sqlite3 a.db 'SELECT count(*) FROM games')" = 2

# A correction on one laptop travels to the others without a question.
ann() { sqlite3 "$1" "SELECT game_id FROM seats JOIN players p ON p.id = player_id WHERE p.name = 'Ann'"; }
"$CROWNS" --db a.db edit 1 Bob=40 --game "$(ann a.db)" >/dev/null
run a
check "the correcting laptop: exit 0" [ $? = 0 ]
run b
check "b takes it: exit 0" [ $? = 0 ]
check "saying what changed" grep -q "round 1: Bob 4 -> 40" b.out
run c
check "c takes it" grep -q '{"points":40}' <("$CROWNS" --db c.db export)

# Both correct it differently: the second line stops with exit 3 and says how to choose.
"$CROWNS" --db a.db edit 1 Bob=41 --game "$(ann a.db)" >/dev/null
"$CROWNS" --db b.db edit 1 Bob=42 --game "$(ann b.db)" >/dev/null
run a
run b
check "a conflict stops the line: exit 3" [ $? = 3 ]
check "naming both versions" grep -q "^  Conflict: game [0-9] here (2026-01-15, Ann, Bob): round 1 differs (file: Ann 0\*, Bob 41; here: Ann 0\*, Bob 42)$" b.out
"$CROWNS" --db b.db sync b --keep here >/dev/null
run b
check "decided, the line goes on" [ $? = 0 ]
run a
run c
check "a takes b's decision" grep -q '{"points":42}' <("$CROWNS" --db a.db export)
check "c takes b's decision" grep -q '{"points":42}' <("$CROWNS" --db c.db export)

# A copy of a's database on a fourth laptop writes a's file too: git cannot rebase it.
"$CROWNS" --db a.db backup d.db >/dev/null
git clone -q remote.git d 2>/dev/null
"$CROWNS" --db d.db new --another Eve Fay --add >/dev/null
run d
check "the copy's line: exit 0" [ $? = 0 ]
# a syncs and commits, but its push is refused (d pushed first): its line is run again.
"$CROWNS" --db a.db new --another Gus Hal --add >/dev/null
(cd a && "$CROWNS" --db ../a.db sync . && git add crowns-*.json && git commit -qm "crowns sync") >/dev/null
run a
check "a's line stops: the rebase conflicts" [ $? != 0 ]
mine=$(cd a && git diff --name-only --diff-filter=U)
check "in a's own file" grep -q '^crowns-[0-9a-f]*\.json$' <<<"$mine"
before=$(sha256sum <"a/$mine")
(cd a && "$CROWNS" --db ../a.db sync .) >a.out 2>a.err
check "crowns sync during the conflict: exit 1" [ $? = 1 ]
check "names the file as holding git's conflict markers" grep -q "^crowns: warning: did not write $mine: it holds git's conflict markers" a.err
check "and never writes over it" test "$(sha256sum <"a/$mine")" = "$before"
# Resolved by taking the copy's side of the file (in a rebase, --ours is the upstream's).
(cd a && git checkout -q --ours "$mine" && git add "$mine" &&
  { GIT_EDITOR=true git rebase --continue || git rebase --skip; }) >/dev/null 2>&1
run a
check "then a's line: exit 0" [ $? = 0 ]
check "a finds it was copied and takes a new id" grep -q "holds changes this database never made under its id" a.out
run d
run b
run c
run a
for h in b c d; do
  check "$h holds every game of both copies" test "$(sqlite3 $h.db 'SELECT count(*) FROM games')" = 4
done
check "a too" test "$(sqlite3 a.db 'SELECT count(*) FROM games')" = 4
finish
