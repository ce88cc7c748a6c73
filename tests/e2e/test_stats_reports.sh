#!/usr/bin/env bash
# Golden output of stats, h2h, records and chart (ASCII, JSON, braille in colour) on the
# stats data set; the SVG chart is well-formed XML with one polyline per player.
# To update after a deliberate change: run with UPDATE=1 and review the diff.
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/stats_data.sh"
golden="$(dirname "$0")/helpers/stats_reports.golden"

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
check "svg to a bad path fails" test "$("$CROWNS" chart --svg "$E2E_TMP/no/x.svg" 2>&1 >/dev/null)" = "crowns: error: $E2E_TMP/no/x.svg: cannot be written: No such file or directory"
# chart --json: game 3 is Ann 10 then 3 a round, Cat 0 then 3, Dan 10 then 0 (stats_data.sh).
want='{"title":"Game 3 (2026-01-05): running totals","y":"total","x":["1","2","3","4","5","6","7","8","9","10","11"],"series":[{"name":"Ann","values":[10.0,13.0,16.0,19.0,22.0,25.0,28.0,31.0,34.0,37.0,40.0]},{"name":"Cat","values":[0.0,3.0,6.0,9.0,12.0,15.0,18.0,21.0,24.0,27.0,30.0]},{"name":"Dan","values":[10.0,10.0,10.0,10.0,10.0,10.0,10.0,10.0,10.0,10.0,10.0]}]}'
check "chart --json of a game" test "$("$CROWNS" chart --game 3 --json)" = "$want"
# Unfinished game 9 (2 rounds): the other rounds are null. Ratings: every game date, in order.
check "chart --json leaves unplayed rounds null" test "$("$CROWNS" chart --game 9 --json | grep -o '"values":\[50.0,100.0,null,null' | wc -l)" = 1
check "chart --rating --json lists every game date" test "$("$CROWNS" chart --rating --all --json | grep -o '"x":\[[^]]*\]')" = '"x":["2025-12-31","2026-01-01","2026-01-05","2026-01-07","2026-01-10","2026-01-12","2026-01-13"]'
check "chart --json and --svg exclude each other" test "$("$CROWNS" chart --json --svg x.svg >/dev/null 2>&1; echo $?)" = 2
finish
