#!/usr/bin/env bash
# crowns report in a real browser: headless Chromium (scripts/setup.sh installs it) renders
# the report of a small season to a PNG screenshot and to PDF, and a copy of the page that
# measures itself to a DOM dump at a 360-pixel-wide viewport. Checks: the standings and every
# game are there, hostile names stay text, the PDF has a page for the front matter plus one
# per game, and nothing makes the page scroll sideways on a phone. Set KEEP_REPORT=DIR to
# keep the HTML, screenshots and PDF for a look.
source "$(dirname "$0")/lib.sh"
set -f  # round values like 0* are words, not file patterns

BROWSER=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$BROWSER" ] || ! command -v pdfinfo >/dev/null; then
  echo "test_report_browser.sh: needs chromium and poppler-utils (bash scripts/setup.sh)"
  exit 1
fi
out=${KEEP_REPORT:-$E2E_TMP/out}
mkdir -p "$out"

# Headless Chromium as root needs --no-sandbox; a fresh profile keeps runs apart.
browse() {
  timeout 120 "$BROWSER" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --no-first-run --user-data-dir="$(mktemp -d "$E2E_TMP/profile.XXXX")" "$@" 2>/dev/null
}

# The season: three games of 3-4 players in 2025 (one tied and broken by a tie-break), with
# names that would be markup if they were not escaped.
evil='<script>alert(1)</script>'
img='"><img src onerror>'
"$CROWNS" player add Ann Bob "$evil" "$img" >/dev/null
play_game() {  # DATE NAMES... -- then 11 rounds of values in seat order, one string each
  local date=$1
  shift
  local names=()
  while [ "$1" != -- ]; do names+=("$1"); shift; done
  shift
  "$CROWNS" new "${names[@]}" --date "$date" --note "note <b>$date</b> & more" >/dev/null
  for round in "$@"; do
    # shellcheck disable=SC2086 # one word per player
    "$CROWNS" round $round >/dev/null || echo "round failed: $round"
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

"$CROWNS" report --year 2025 --force --html "$out/season.html" >"$E2E_TMP/msg"
check "report says where it wrote" grep -q "Wrote $out/season.html (2025: 3 games, 4 players)" \
  "$E2E_TMP/msg"

# --- the page as the browser reads it. Headless Chromium keeps its window at least 500 px
# wide, so a copy of the page is pinned to the width under test (html { width: Npx }) and a
# script measures it once loaded: the report's CSS has no width media queries or viewport
# units (checked), so its layout at that width is its layout on such a screen. ---
check "the layout depends on no viewport width" \
  bash -c '! grep -Eq "max-width: *[0-9.]+(px|em|rem)\)|min-width: *[0-9.]+(px|em|rem)\)|[0-9]vw" "$0"' \
  "$out/season.html"
measure() {  # PAGE WIDTH -> "scrollWidth clientWidth games standings-rows img+script text-ok"
  local js="<script>var b = document.body, t = b.textContent; b.dataset.measure = [b.scrollWidth,
 b.clientWidth, document.querySelectorAll('article.game').length,
 document.querySelectorAll('#standings tbody tr').length,
 document.querySelectorAll('img, script').length - 1,
 t.indexOf('<script>alert(1)</' + 'script>') < 0 ? 'text-missing'
 : t.indexOf('broken by the tie-break') < 0 ? 'no-tiebreak' : 'text-ok'].join(' ');</script>"
  awk -v js="${js//$'\n'/}" -v css="html { width: $2px; overflow: hidden; } body { margin: 0; }" \
    '{ sub(/<\/body>/, js "</body>"); sub(/<style>/, "<style>" css); print }' \
    "$out/$1" >"$out/measure-$2.html"
  browse --window-size=1200,1000 --dump-dom "file://$out/measure-$2.html" >"$out/dom-$2.html"
  sed -n 's/.*data-measure="\([0-9a-z -]*\)".*/\1/p' "$out/dom-$2.html"
}
read -r scroll inner games rows elements text <<<"$(measure season.html 360)"
check "the browser laid the page out at 360 px (client width ${inner:-none})" [ "${inner:-0}" = 360 ]
check "no sideways scrolling at 360 px (scrollWidth ${scroll:-none})" [ "${scroll:-999}" -le 360 ]
check "every game has its scorecard (${games:-none} of 3)" [ "${games:-0}" = 3 ]
check "the standings list the 4 players (${rows:-none})" [ "${rows:-0}" = 4 ]
check "hostile names made no element (${elements:-none})" [ "${elements:-1}" = 0 ]
check "hostile names shown as text, the tie-break result there (${text:-none})" \
  [ "${text:-}" = text-ok ]
read -r scroll inner _ <<<"$(measure season.html 1024)"
check "no sideways scrolling at 1024 px (scrollWidth ${scroll:-none})" [ "${scroll:-9999}" -le 1024 ]
check "notes are escaped" grep -qF 'note &lt;b&gt;2025-03-01&lt;/b&gt; &amp; more' "$out/season.html"

# --- screenshots: a phone (the 360-px frame) and a desktop ---
browse --window-size=500,2400 --screenshot="$out/phone.png" "file://$out/measure-360.html" \
  >/dev/null
browse --window-size=1024,2400 --screenshot="$out/desktop.png" "file://$out/season.html" >/dev/null
for png in phone desktop; do
  size=$(stat -c %s "$out/$png.png" 2>/dev/null || echo 0)
  check "$png screenshot rendered ($size bytes)" [ "$size" -gt 20000 ]
done

# --- print: A4, the front page, then a page per game ---
browse --no-pdf-header-footer --print-to-pdf="$out/season.pdf" "file://$out/season.html" \
  >/dev/null
pages=$(pdfinfo "$out/season.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
check "the PDF has 1 + 3 pages (has ${pages:-none})" [ "${pages:-0}" = 4 ]
check "the PDF is A4" grep -q "^Page size:.*(A4)" <(pdfinfo "$out/season.pdf")
for page in 2 3 4; do
  check "PDF page $page starts a game" grep -q "^Game [0-9]" \
    <(pdftotext -f "$page" -l "$page" "$out/season.pdf" - 2>/dev/null)
done
check "the PDF front page has the standings" grep -q "Standings" \
  <(pdftotext -f 1 -l 1 "$out/season.pdf" - 2>/dev/null)

# --- a 14-player game with long names on a phone: the card scrolls in its box, not the page ---
long=()
for i in $(seq 1 14); do long+=("Player-with-a-long-name-$i"); done
"$CROWNS" new "${long[@]}" --boxes 2 --add --date 2025-06-01 >/dev/null
# (every value fits round 1's 3 cards, at most 75 points, so all 11 rounds are recorded)
for _ in $(seq 1 11); do "$CROWNS" round 0* 10 20 30 40 50 60 70 75 65 11 12 13 14 >/dev/null; done
check "the 14-player game has all 11 rounds" bash -c '"$0" games | grep -Eq "^ *4 .* 11/11 "' "$CROWNS"
"$CROWNS" report --game 4 --force --html "$out/game.html" >/dev/null
read -r scroll inner _ <<<"$(measure game.html 360)"
check "a 14-player card does not widen the page at 360 px (scrollWidth ${scroll:-none})" \
  [ "${scroll:-999}" -le 360 ]
check "laid out at 360 px (client width ${inner:-none})" [ "${inner:-0}" = 360 ]
browse --window-size=500,1600 --screenshot="$out/game-phone.png" "file://$out/measure-360.html" \
  >/dev/null
check "the game screenshot rendered" [ "$(stat -c %s "$out/game-phone.png" 2>/dev/null || echo 0)" -gt 20000 ]
finish
