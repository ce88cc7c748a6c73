#!/usr/bin/env bash
# Golden output of stats, h2h, records and chart (ASCII, JSON, braille in colour) on the
# stats data set; the SVG chart is well-formed XML with one polyline per player.
# To update after a deliberate change: run with UPDATE=1 and review the diff.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/stats_data.sh"
golden="$(dirname "$0")/stats_reports.golden"

run_all() {
  local c
  for c in "stats Ann --all" "stats Bob --json" "h2h Ann Bob --all" "h2h Ann Bob --json" "records --all" \
           "records --json" "chart --game 2 --height 6 --width 33" "chart --rating --all --height 6 --width 40" \
           "--color always chart --game 4 --height 4 --width 22"; do
    echo "\$ $c"
    # shellcheck disable=SC2086
    "$CROWNS" $c
  done
}
run_all >"$E2E_TMP/out.txt" 2>&1
if [ "${UPDATE:-}" = 1 ]; then cp "$E2E_TMP/out.txt" "$golden"; fi
check "reports match $golden" diff "$golden" "$E2E_TMP/out.txt"

"$CROWNS" chart --game 3 --svg "$E2E_TMP/game.svg" >/dev/null
check "svg written" test -s "$E2E_TMP/game.svg"
if command -v python3 >/dev/null; then
  check "svg is XML with 3 lines" python3 -c "
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == '{http://www.w3.org/2000/svg}svg', root.tag
assert len(root.findall('{http://www.w3.org/2000/svg}polyline')) == 3
" "$E2E_TMP/game.svg"
fi
check "svg to a bad path fails" test "$("$CROWNS" chart --svg "$E2E_TMP/no/x.svg" 2>&1 >/dev/null)" = "crowns: error: cannot write '$E2E_TMP/no/x.svg'"
finish
