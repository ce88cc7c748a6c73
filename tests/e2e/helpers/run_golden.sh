#!/usr/bin/env bash
# Runs one golden test file against the real binary ($CROWNS) on a fresh temporary database.
# Every case in a file shares that database, so a file can play a whole game in order.
#
# Format (see tests/e2e/README.md):
#   # comment                 ignored
#   $ ARGS...                 a command line: ARGS are shell words passed to crowns (a
#                             leading CROWNS_TIME=HH:MM:SS sets the test clock for it)
#   < TEXT                    a line of standard input (zero or more)
#   TEXT                      an expected line of standard output (zero or more, exact)
#   ! TEXT                    an expected line of standard error (zero or more, exact)
#   ? CODE                    the expected exit code; ends the case
# A line "= sha" after a case compares nothing but records the database checksum; "= same"
# checks the database is byte-for-byte what it was at the last "= sha".
# Game ids (random UUIDs) read as <uuid> in the output compared: write <uuid> in the file;
# a game's key (the first 8 digits of its uuid) reads as <key>.
# CROWNS_GOLDEN_UPDATE=1 rewrites the file with what the binary printed (commands, input,
# comments and = lines kept): read the diff before committing it.
set -u
file=$1
: "${CROWNS:?set CROWNS to the crowns binary}"
CROWNS=$(realpath "$CROWNS")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export CROWNS_DB="$tmp/crowns.db" HOME="$tmp" XDG_DATA_HOME="$tmp/data" NO_COLOR=1 TZ=UTC
export CROWNS_TODAY="${CROWNS_TODAY:-2026-01-15}"
failures=0 cases=0 line_no=0
args="" stdin="" want_out="" want_err="" in_case=0 saved_sha=""

db_sha() { if [ -f "$CROWNS_DB" ]; then sha256sum "$CROWNS_DB" | cut -d' ' -f1; else echo none; fi; }

finish_case() {
  local code=$1
  cases=$((cases + 1))
  local out err rc
  # Leading CROWNS_TIME=HH:MM:SS sets the test clock for that case (games that start apart).
  (cd "$tmp" && eval "set -- $args" && while [[ "${1:-}" == CROWNS_TIME=* ]]; do export "$1"; shift; done &&
    printf '%s' "$stdin" | "$CROWNS" "$@" >"$tmp/out" 2>"$tmp/err")
  rc=$?
  local uuid='[0-9a-f]\{8\}-[0-9a-f]\{4\}-[0-9a-f]\{4\}-[0-9a-f]\{4\}-[0-9a-f]\{12\}'
  # A game's key (the start of its uuid, random too) reads as <key>: the keys are asked of
  # the database only when the output holds 8 hex digits in a row.
  local keys="s/$uuid/<uuid>/g;"
  if [ -f "$CROWNS_DB" ] && grep -q '[0-9a-f]\{8\}' "$tmp/out" "$tmp/err"; then
    local key
    for key in $(sqlite3 -readonly "$CROWNS_DB" 'SELECT substr(uuid, 1, 8) FROM games' 2>/dev/null); do
      keys+="s/\b$key\b/<key>/g;"
    done
  fi
  out=$(sed "$keys" "$tmp/out"; echo x); out=${out%x}
  err=$(sed "$keys" "$tmp/err"; echo x); err=${err%x}
  if [ -n "${CROWNS_GOLDEN_UPDATE:-}" ]; then
    printf '%s' "$out" >>"$tmp/new"
    printf '%s' "$err" | sed 's/^/! /; s/^! $/!/' >>"$tmp/new"
    echo "? $rc" >>"$tmp/new"
  fi
  if [ "$out" != "$want_out" ] || [ "$err" != "$want_err" ] || [ "$rc" != "$code" ]; then
    failures=$((failures + 1))
    echo "FAIL $file:$case_line: crowns $args"
    [ "$rc" != "$code" ] && echo "  exit code: want $code, got $rc"
    if [ "$out" != "$want_out" ]; then
      echo "  stdout differs (- want, + got):"
      diff <(printf '%s' "$want_out") <(printf '%s' "$out") | sed 's/^/    /'
    fi
    if [ "$err" != "$want_err" ]; then
      echo "  stderr differs (- want, + got):"
      diff <(printf '%s' "$want_err") <(printf '%s' "$err") | sed 's/^/    /'
    fi
  fi
  in_case=0 args="" stdin="" want_out="" want_err=""
}

: >"$tmp/new"
while IFS= read -r line || [ -n "$line" ]; do
  line_no=$((line_no + 1))
  if [ -n "${CROWNS_GOLDEN_UPDATE:-}" ]; then
    case "$line" in
      '! '*|'!'|'? '*) ;;
      *) if [ $in_case = 0 ] || [[ "$line" == '< '* ]] || [ "$line" = '<' ]; then
           printf '%s\n' "$line" >>"$tmp/new"
         fi ;;
    esac
  fi
  if [ $in_case = 0 ]; then
    case "$line" in
      '$ '*) in_case=1 args=${line#'$ '} case_line=$line_no ;;
      '= sha') saved_sha=$(db_sha) ;;
      '= same')
        cases=$((cases + 1))
        if [ "$(db_sha)" != "$saved_sha" ]; then
          failures=$((failures + 1)); echo "FAIL $file:$line_no: the database changed"
        fi ;;
      '#'*|'') ;;
      *) echo "$file:$line_no: unexpected line outside a case: $line"; exit 2 ;;
    esac
    continue
  fi
  case "$line" in
    '< '*) stdin+="${line#'< '}"$'\n' ;;
    '<') stdin+=$'\n' ;;
    '! '*) want_err+="${line#'! '}"$'\n' ;;
    '!') want_err+=$'\n' ;;
    '? '*) finish_case "${line#'? '}" ;;
    *) want_out+="$line"$'\n' ;;
  esac
done <"$file"
[ $in_case = 1 ] && { echo "$file: the last case has no '? CODE' line"; exit 2; }
[ -n "${CROWNS_GOLDEN_UPDATE:-}" ] && cp "$tmp/new" "$file"
echo "$(basename "$file"): $((cases - failures)) passed, $failures failed"
[ $failures = 0 ]
