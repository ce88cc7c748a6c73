#!/usr/bin/env bash
# crowns report in a real browser: headless Chromium (scripts/setup.sh installs it) shows the
# report of a season at a phone's 360 px and a desktop's 1280 px, driven over the DevTools
# protocol (report_probe.py: a real viewport, so media queries act as on a phone), and
# report_measure.js measures what a reader sees: every standings number and record in view,
# every game card showing its first players' scores, chart text size as rendered, cards that
# scroll, player headers cut short, elements made from names, terminal text (escapes,
# commands). Then PNG screenshots at both widths and the PDF (pdfinfo, pdftotext, pdftoppm).
# Set KEEP_REPORT=DIR to keep the HTML, screenshots and PDF for a look.
source "$(dirname "$0")/helpers/lib.sh"
set -f  # round values like 0* are words, not file patterns

BROWSER=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$BROWSER" ] || ! command -v pdfinfo >/dev/null || ! command -v python3 >/dev/null; then
  echo "test_report_browser.sh: needs chromium, poppler-utils and python3 (bash scripts/setup.sh)"
  exit 1
fi
here=$(cd "$(dirname "$0")" && pwd)
out=${KEEP_REPORT:-$E2E_TMP/out}
mkdir -p "$out"

# Headless Chromium as root needs --no-sandbox; a fresh profile keeps runs apart.
browse() {
  timeout 120 "$BROWSER" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --no-first-run --user-data-dir="$(mktemp -d "$E2E_TMP/profile.XXXX")" "$@" 2>/dev/null
}
# measure PAGE WIDTH [--mobile] -> "key value" lines of report_measure.js, kept in a file;
# also a full-page screenshot PAGE-WIDTH.png.
measure() {
  local page=$1 width=$2
  shift 2
  timeout 120 python3 "$here/helpers/report_probe.py" "$BROWSER" "file://$out/$page.html" "$width" 900 \
    "$here/helpers/report_measure.js" --screenshot "$out/$page-$width.png" "$@" >"$out/$page-$width.txt"
}
# value PAGE WIDTH KEY
value() { awk -v k="$3" '$1 == k { print $2 }' "$out/$1-$2.txt"; }
# expect PAGE WIDTH KEY OP NUMBER WHAT: a measure compared (=, <= or >=) with a number.
expect() {
  local got
  got=$(value "$1" "$2" "$3")
  check "$6 at $2 px ($3 ${got:-missing}, want $4 $5)" awk -v g="${got:-x}" -v op="$4" -v n="$5" \
    'BEGIN { if (g == "x") exit 1; exit !(op == "=" ? g == n : op == "<=" ? g + 0 <= n : g + 0 >= n) }'
}

# The season: games of 2 to 12 players in 2025 (a tie broken by a tie-break, a tie left
# unbroken, an abandoned and an active game), with names that would be markup if they were
# not escaped, quotes, right-to-left and combining letters, a 33-character name.
evil='<script>alert(1)</script>'
img='"><img src onerror>'
long33='Bartholomew-Maximilian-Fitzgerald'  # 33 characters
rtl='מרים'
zoe=$'Zoe\xcc\x88 Thaï'  # e + combining diaeresis
"$CROWNS" player add Ann Bob "$evil" "$img" "O'Brien" "$long33" "$rtl" "$zoe" >/dev/null
play_game() {  # DATE NAMES... -- then the rounds' values in seat order, one string each
  local date=$1
  shift
  local names=()
  while [ "$1" != -- ]; do names+=("$1"); shift; done
  shift
  "$CROWNS" new --another "${names[@]}" --add --boxes "$(( ${#names[@]} > 8 ? 2 : 1 ))" --date "$date" \
    --note "note <b>$date</b> & more" >/dev/null
  local r=0
  for round in "$@"; do
    r=$((r + 1))  # named, so that a round like the one before is not taken for a repeat
    # shellcheck disable=SC2086 # one word per player
    "$CROWNS" round --round "$r" $round >/dev/null || echo "round failed: $round"
  done
}
r3=("0* 10 20" "5 0* 30" "0* 12 8" "7 0* 9" "0* 14 22" "3 0* 18" "0* 25 6" "9 0* 12" "0* 30 40"
  "11 0* 15" "0* 20 10")
play_game 2025-03-01 Ann Bob "$evil" -- "${r3[@]}"
r4=("0* 10 20 5" "5 0* 30 8" "0* 12 8 9" "7 0* 9 10" "0* 14 22 3" "3 0* 18 6" "0* 25 6 7"
  "9 0* 12 8" "0* 30 40 20" "11 0* 15 30" "0* 20 10 12")
play_game 2025-04-12 Ann Bob "$evil" "$img" -- "${r4[@]}"
tie=("0* 10 20" "10 0* 30" "0* 10 8" "10 0* 9" "0* 10 22" "10 0* 18" "0* 10 6" "10 0* 12"
  "0* 10 40" "10 0* 15" "10 10 0*")  # Ann and Bob tied at 60
play_game 2025-05-20 Ann Bob "$img" -- "${tie[@]}"
"$CROWNS" tiebreak Ann=12 Bob=0 >/dev/null
play_game 2025-05-22 "$rtl" "$zoe" Ann -- "${r3[@]}"
two=("0* 10" "10 0*" "0* 10" "10 0*" "0* 10" "10 0*" "0* 10" "10 0*" "0* 10" "10 0*" "0* 0")
play_game 2025-05-25 "O'Brien" "$long33" -- "${two[@]}"  # tied at 50, no tie-break
twelve=()
for i in $(seq 1 12); do twelve+=("Player-with-a-long-name-$i"); done
rounds12=()
for _ in $(seq 1 11); do rounds12+=("0* 10 20 30 40 50 60 70 75 65 11 12"); done
play_game 2025-06-01 "${twelve[@]}" -- "${rounds12[@]}"
play_game 2025-06-02 Ann Bob "$long33" -- "0* 10 20" "5 0* 30"
"$CROWNS" abandon --yes >/dev/null
play_game 2025-06-03 Bob "$rtl" -- "0* 10"
check "the season has 8 games" bash -c '[ "$("$0" games | grep -c "^ *[0-9]")" = 8 ]' "$CROWNS"

"$CROWNS" report --year 2025 --force --html "$out/season.html" >"$E2E_TMP/msg"
check "report says where it wrote: finished games counted apart ($(cat "$E2E_TMP/msg"))" grep -qF \
  "Wrote $out/season.html (2025: 6 finished games, 1 active, 1 abandoned, 20 players)" "$E2E_TMP/msg"
check "the title counts finished games apart from the others" \
  grep -qF "6 finished games · 1 active · 1 abandoned · 20 players" "$out/season.html"
check "notes are escaped" grep -qF 'note &lt;b&gt;2025-03-01&lt;/b&gt; &amp; more' "$out/season.html"
check "a shared record is marked, its holders named" grep -qF \
  'data-label="Shared by"><bdi>Bob</bdi> and <bdi>Bartholomew-Maximilian-Fitzgerald</bdi><span class="run">shared record' \
  "$out/season.html"
check "an unbroken tie in words" grep -qF \
  "<bdi>O&#39;Brien</bdi> and <bdi>$long33</bdi> share the win at 50" "$out/season.html"

# --- a phone: 360 px, mobile emulation ---
measure season 360 --mobile
expect season 360 viewport = 360 "laid out"
expect season 360 page_scroll_width "<=" 360 "no sideways scrolling"
expect season 360 games = 8 "every game has its card"
expect season 360 standing_rows = 20 "the standings list the 20 players"
expect season 360 standing_cells = $((20 * 9)) "9 standings cells a player"
expect season 360 standing_cells_hidden = 0 "every standings number in view"
expect season 360 record_cells_hidden = 0 "every record's value and holder in view"
expect season 360 cards_showing_scores = 8 "every card shows its first players' scores"
expect season 360 chart_texts ">=" 6 "the chart has its labels"
expect season 360 chart_text_px ">=" 11 "chart text readable"
expect season 360 elements_from_names = 0 "hostile names made no element"
expect season 360 terminal_text = 0 "no terminal text (escapes, commands)"

# --- a desktop: 1280 px ---
measure season 1280
expect season 1280 cards_scrolling = 0 "no card scrolls, 12 players included"
expect season 1280 cut_headers = 0 "no player header cut short"
expect season 1280 cards_showing_scores = 8 "every card shows its first players' scores"
expect season 1280 chart_text_px ">=" 11 "chart text readable"
for png in season-360 season-1280; do
  size=$(stat -c %s "$out/$png.png" 2>/dev/null || echo 0)
  check "$png screenshot rendered ($size bytes)" [ "$size" -gt 20000 ]
done

# --- the chart: a colour for each of 12 players, a key number at each line's end, a dot for
# a player with one game ---
check "the 12-player game's chart uses 12 colours" bash -c \
  '"$0" report --game 6 --html - | grep -o "<polyline[^>]*stroke=\"#[0-9a-f]*\"" |
   grep -o "#[0-9a-f]*" | sort -u | wc -l | grep -qx 12' "$CROWNS"

# --- print: A4, the front matter, then a page per game ---
browse --no-pdf-header-footer --print-to-pdf="$out/season.pdf" "file://$out/season.html" \
  >/dev/null
pages=$(pdfinfo "$out/season.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
check "the PDF is A4" grep -q "^Page size:.*(A4)" <(pdfinfo "$out/season.pdf")
starts=0
for page in $(seq 1 "${pages:-0}"); do
  pdftotext -f "$page" -l "$page" "$out/season.pdf" - 2>/dev/null | head -1 | grep -q "^Game [0-9]" &&
    starts=$((starts + 1))
done
check "each of the 8 games starts a PDF page ($starts)" [ "$starts" = 8 ]
pdftotext "$out/season.pdf" "$out/season.txt" 2>/dev/null
check "the PDF has no terminal text" bash -c '! grep -Eq "\\\\x[0-9a-f]{2}|crowns tiebreak|=VALUE" "$0"' \
  "$out/season.txt"
check "the PDF says who shares the win" grep -q "share the win at 50" "$out/season.txt"
# Every player's rating (as crowns leaderboard --json gives it) is printed in the PDF.
missing=$("$CROWNS" leaderboard --year 2025 --json | python3 -c "
import json, sys
text = open(sys.argv[1]).read()
print(sum(1 for p in json.load(sys.stdin)['players'] if '%.2f' % p['rating'] not in text.replace('−', '-')))" \
  "$out/season.txt")
check "every rating of the standings is in the PDF ($missing missing)" [ "$missing" = 0 ]
pdftoppm -png -r 40 -f 1 -l 1 -singlefile "$out/season.pdf" "$out/pdf-page1" 2>/dev/null
check "the PDF's first page renders" [ "$(stat -c %s "$out/pdf-page1.png" 2>/dev/null || echo 0)" -gt 5000 ]

# --- the standings' order is the leaderboard's: wins, then win %, then average ---
check "report and leaderboard rank alike" bash -c '
  diff <("$0" leaderboard --year 2025 --json | python3 -c "
import json, sys
for p in json.load(sys.stdin)[\"players\"]: print(p[\"rank\"], p[\"player\"])") \
       <(python3 -c "
import html, re, sys
page = open(sys.argv[1]).read()
body = page[page.index(\"id=\\\"standings\\\"\"):page.index(\"id=\\\"ratings\\\"\")]
for rank, name in re.findall(r\"<tr><td>(\\d+)</td><td class=\\\"name span3\\\"><bdi>(.*?)</bdi>\", body):
    print(rank, html.unescape(name))" "$1")' "$CROWNS" "$out/season.html"

# --- a 14-player game with long names: one game's page ---
long=()
for i in $(seq 1 14); do long+=("Player-with-a-long-name-$i"); done
"$CROWNS" new --another "${long[@]}" --boxes 2 --add --date 2025-06-05 >/dev/null
# (every value fits round 1's 3 cards, at most 75 points, so all 11 rounds are recorded)
for r in $(seq 1 11); do
  "$CROWNS" round --game 9 --round "$r" 0* 10 20 30 40 50 60 70 75 65 11 12 13 14 >/dev/null
done
"$CROWNS" report --game 9 --force --html "$out/game.html" >/dev/null
measure game 360 --mobile
expect game 360 page_scroll_width "<=" 360 "a 14-player card does not widen the page"
expect game 360 cards_showing_scores = 1 "the 14-player card shows its first players' scores"
expect game 360 chart_text_px ">=" 11 "the game chart's text readable"
measure game 1280
expect game 1280 cards_scrolling = 0 "the 14-player card fits"
expect game 1280 cut_headers = 0 "no 14-player header cut short"
finish
