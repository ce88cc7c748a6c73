#!/usr/bin/env bash
# Files crowns writes and reads that are not plain files. Output files (export --out, chart
# --svg, backup) are written through a symbolic link to the file it names, never replace a
# link, FIFO or device, export --out and chart --svg need --force to replace a file, like
# backup, and only backup writes over an SQLite database, even with --force. A FIFO
# or device as the database, a restore FILE or an import FILE is refused at once, without
# blocking. A failed write to standard output is exit 1 with one line; a closed pipe ends
# crowns quietly by SIGPIPE (as any filter), or, with SIGPIPE ignored, exit 1 with one line.
source "$(dirname "$0")/helpers/lib.sh"
T=$E2E_TMP
cd "$T" || exit 1
quiet() { "$@" >/dev/null; }
"$CROWNS" new --another Ann Bob --add >/dev/null
"$CROWNS" round 0* 12 >/dev/null

# fails NAME CODE WANT -- ARGS...: exit CODE, one line on stderr holding WANT, within 5 s.
fails() {
  local name=$1 code=$2 want=$3; shift 4
  timeout 5 "$CROWNS" "$@" >"$T/out" 2>"$T/err"
  local rc=$?
  check "$name: exit $code (got $rc)" test "$rc" = "$code"
  check "$name: one line on stderr" test "$(wc -l <"$T/err")" = 1
  check "$name: says '$want'" grep -qF -- "$want" "$T/err"
}

mkfifo fifo
echo old >real.txt
ln -s real.txt link.txt
ln -s missing.svg dangling.svg
ln -s fifo fifolink
ln -s loop1 loop2 && ln -s loop2 loop1

for cmd in "export --force --out" "chart --force --svg" "backup --force"; do
  # shellcheck disable=SC2086
  {
    fails "$cmd fifo" 1 "is a named pipe (FIFO), not a regular file" -- $cmd fifo
    fails "$cmd link to fifo" 1 "is a named pipe (FIFO), not a regular file" -- $cmd fifolink
    fails "$cmd /dev/null" 1 "is a character device, not a regular file" -- $cmd /dev/null
    fails "$cmd folder" 1 "is a folder" -- $cmd .
    fails "$cmd link loop" 1 "loop of symbolic links" -- $cmd loop1
  }
  check "$cmd: fifo still a fifo" test -p fifo
  check "$cmd: link still a link" test -L fifolink
done
check "/dev/null still a device" test -c /dev/null

# Through a link: the file it names is written, the link stays.
fails "export over a file" 1 "link.txt: already exists; choose another name, or add --force" -- export --out link.txt
check "real.txt untouched by the refusal" test "$(cat real.txt)" = old
check "export through a link" quiet "$CROWNS" export --out link.txt --force
check "link.txt still a link" test -L link.txt
check "real.txt holds the export" grep -q '"format"' real.txt
check "export through a dangling link" quiet "$CROWNS" export --out dangling.svg
check "dangling.svg still a link" test -L dangling.svg
check "missing.svg created" grep -q '"format"' missing.svg

# chart --svg refuses to replace a file unless --force, like backup.
fails "chart --svg existing" 1 "already exists; choose another name, or add --force" -- chart --svg real.txt
check "real.txt untouched" grep -q '"format"' real.txt
check "chart --svg new" quiet "$CROWNS" chart --svg new.svg
fails "chart --svg again" 1 "already exists" -- chart --svg new.svg
check "chart --svg --force" quiet "$CROWNS" chart --svg new.svg --force
check "chart --svg through link --force" quiet "$CROWNS" chart --svg link.txt --force
check "real.txt is now the SVG" grep -q '<svg' real.txt
check "link.txt still a link after chart" test -L link.txt
fails "backup through link" 1 "already exists" -- backup link.txt
check "backup through link --force" quiet "$CROWNS" backup link.txt --force
check "link.txt still a link after backup" test -L link.txt
check "real.txt is now a database" grep -q 'SQLite format 3' real.txt

# An export, chart or report over a database would lose its games: refused even with --force.
sha=$(sha256sum "$CROWNS_DB")
fails "export over the database" 1 "is an SQLite database; choose another name" -- export --out "$CROWNS_DB" --force
fails "export over a database via a link" 1 "is an SQLite database" -- export --out link.txt --force
fails "chart over the database" 1 "is an SQLite database" -- chart --svg "$CROWNS_DB" --force
fails "report over the database" 1 "is an SQLite database" -- report --html "$CROWNS_DB" --force
check "database unchanged by the refusals" test "$(sha256sum "$CROWNS_DB")" = "$sha"
check "real.txt still the backup" grep -q 'SQLite format 3' real.txt

# A FIFO (or device) as the database, the file to restore or the file to import: refused at
# once (timeout would make it exit 124).
sha=$(sha256sum "$CROWNS_DB")
fails "--db fifo" 1 "fifo is a named pipe (FIFO), not a regular file" -- --db fifo games
fails "\$CROWNS_DB fifo" 1 "is a named pipe (FIFO)" -- --db "$T/fifolink" show
fails "--db device" 1 "is a character device" -- --db /dev/zero games
fails "restore fifo" 1 "fifo is a named pipe (FIFO), not a regular file" -- restore fifo --yes
fails "import fifo" 1 "fifo: the file is empty; nothing was imported" -- import fifo
check "database unchanged" test "$(sha256sum "$CROWNS_DB")" = "$sha"

# Standard output that cannot be written.
for cmd in "export" "show --json" "games" "show" "log" "--help" "analyze 7h 8h 9h"; do
  # shellcheck disable=SC2086
  "$CROWNS" $cmd >/dev/full 2>"$T/err"
  rc=$?
  check "$cmd >/dev/full: exit 1 (got $rc)" test "$rc" = 1
  check "$cmd >/dev/full: one line" test "$(wc -l <"$T/err")" = 1
  check "$cmd >/dev/full: says so" grep -q "cannot write to standard output" "$T/err"
done
if command -v python3 >/dev/null; then
  # A pipe whose reader is gone before crowns writes: SIGPIPE, quiet; ignored: exit 1, a line.
  python3 - "$CROWNS" <<'PY' >"$T/pipe"
import os, subprocess, sys
for restore in (True, False):
    r, w = os.pipe(); os.close(r)
    p = subprocess.run([sys.argv[1], "export"], stdout=w, stderr=subprocess.PIPE,
                       restore_signals=restore)
    os.close(w)
    print(p.returncode, len(p.stderr.splitlines()), b"Broken pipe" in p.stderr)
PY
  check "closed pipe: SIGPIPE, nothing on stderr" test "$(sed -n 1p "$T/pipe")" = "-13 0 False"
  check "closed pipe, SIGPIPE ignored: exit 1, one line" test "$(sed -n 2p "$T/pipe")" = "1 1 True"
fi
finish
