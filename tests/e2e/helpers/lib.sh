# Helpers for e2e scripts: source this file. Gives a fresh database and check functions.
set -u
: "${CROWNS:?set CROWNS to the crowns binary}"
CROWNS=$(realpath "$CROWNS")
E2E_TMP=$(mktemp -d)
trap 'rm -rf "$E2E_TMP"' EXIT
export CROWNS_DB="$E2E_TMP/crowns.db" HOME="$E2E_TMP" XDG_DATA_HOME="$E2E_TMP/data" NO_COLOR=1 TZ=UTC
export CROWNS_TODAY="${CROWNS_TODAY:-2026-01-15}"
E2E_PASSED=0 E2E_FAILED=0

# check NAME CONDITION...: runs the condition (a command); counts and reports.
check() {
  local name=$1; shift
  if "$@"; then E2E_PASSED=$((E2E_PASSED + 1)); else E2E_FAILED=$((E2E_FAILED + 1)); echo "FAIL: $name"; fi
}

# Ends the script with a summary line and the right exit code.
finish() {
  echo "$(basename "$0"): $E2E_PASSED passed, $E2E_FAILED failed"
  [ "$E2E_FAILED" = 0 ]
}

# ask LINE: for a batch command running as `coproc PROC { ... }`: writes one line to it and
# reads one answer line into $answer (10 s at most, so a missing answer cannot hang the test).
ask() {
  printf '%s\n' "$1" >&"${PROC[1]}"
  answer=""
  IFS= read -r -t 10 answer <&"${PROC[0]}" || answer="(no answer within 10 s)"
}
