#!/usr/bin/env bash
# crowns report without a browser: where it writes, --html - and FILE, refusing to replace a
# file without --force (and never a symlink), --game, hostile names and notes escaped, the
# period's games newest first. (test_report_browser.sh renders it in Chromium.)
source "$(dirname "$0")/helpers/lib.sh"
cd "$E2E_TMP" || exit 1

evil='<script>alert(1)</script>'
"$CROWNS" new --another Ann "$evil" '"><img src onerror>' --add --date 2026-01-03 \
  --note "bring <b>snacks</b> & 'cards'" >/dev/null
for r in $(seq 1 11); do "$CROWNS" round --round "$r" "0*" 10 20 >/dev/null; done
"$CROWNS" new --another Ann Bob --add --date 2026-01-09 >/dev/null
for r in $(seq 1 11); do "$CROWNS" round --round "$r" 5 "0*" >/dev/null; done

"$CROWNS" report >msg 2>&1
check "default file in the current folder, and says where" \
  grep -qx "Wrote crowns-report-2026.html (2026: 2 finished games, 4 players)" msg
check "the file is there" [ -s crowns-report-2026.html ]
html=crowns-report-2026.html
check "a whole HTML document" grep -q '^<!DOCTYPE html>' "$html"
check "standings" grep -q '<section id="standings">' "$html"
check "both games" [ "$(grep -c '<article class="game"' "$html")" = 2 ]
check "newest first" [ "$(grep -o 'id="game-[0-9]*"' "$html" | tr -d '\n')" = 'id="game-2"id="game-1"' ]
check "no script element" bash -c '! grep -qi "<script" "$0"' "$html"
check "no img element" bash -c '! grep -qi "<img" "$0"' "$html"
check "the hostile name escaped" grep -qF '&lt;script&gt;alert(1)&lt;/script&gt;' "$html"
check "the attribute breaker escaped" grep -qF '&quot;&gt;&lt;img src onerror&gt;' "$html"
check "the note escaped" grep -qF 'bring &lt;b&gt;snacks&lt;/b&gt; &amp; &#39;cards&#39;' "$html"
check "no network: nothing fetched" bash -c '! grep -Eq "(src|href)=\"(https?:)?//" "$0"' "$html"
check "print styles" grep -q '@media print' "$html"

sha=$(sha256sum "$html")
"$CROWNS" report 2>err
check "an existing file is refused (exit 1)" [ $? = 1 ]
check "the refusal names the file and --force" grep -q "crowns-report-2026.html: already exists; choose another name, or add --force" err
check "the refused file is unchanged" [ "$(sha256sum "$html")" = "$sha" ]
"$CROWNS" report --force >/dev/null
check "--force replaces it" [ $? = 0 ]

ln -s /dev/null link.html
"$CROWNS" report --html link.html --force 2>err
check "a symlink is refused even with --force" [ $? = 1 ]
check "the symlink is still one" [ -L link.html ]

"$CROWNS" report --html - >stdout.html
check "--html - writes the page to stdout" grep -q '^</html>$' stdout.html
check "--html - writes no file" [ ! -e crowns-report--.html ] && [ ! -e ./- ]

"$CROWNS" report --game 1 --html game1.html >msg
check "--game writes one game" grep -qx "Wrote game1.html (game 1)" msg
check "one scorecard and its chart" [ "$(grep -c '<article class="game"' game1.html)" = 1 ] &&
  grep -q 'running totals' game1.html
check "the tie-break free winner is marked in text" grep -q '♛ win' game1.html

"$CROWNS" report --game 9 2>err
check "an unknown game is refused" [ $? = 1 ]
"$CROWNS" report --game 1 --year 2026 2>err
check "--game with a period is a usage error" [ $? = 2 ]
"$CROWNS" report --all --html all.html >msg
check "--all" grep -qx "Wrote all.html (all time: 2 finished games, 4 players)" msg

# A player who lost every game of the period (issue 27 item 8): the rating (mu - 3 sigma)
# rises as sigma shrinks, so its change read as a gain; the column is the skill estimate's
# (mu's) change, labelled, and it goes down.
lost=$E2E_TMP/lost.db
for day in 10; do
  "$CROWNS" --db "$lost" new --another Ann Bob --add --date "2026-01-$day" >/dev/null
  for r in $(seq 1 11); do "$CROWNS" --db "$lost" round --round "$r" 0* 9 >/dev/null; done
done
"$CROWNS" --db "$lost" report --html - >lost.html
bob=$(grep -o '<bdi>Bob</bdi>.*' lost.html | grep -o '<td data-label="Skill change" class="[a-z]*">[^<]*' | head -1)
check "the column is the skill change" grep -q '<th>Skill change</th>' lost.html
check "the key says what it is" grep -q 'Skill change: how μ, the skill estimate, moved' lost.html
check "Bob lost his game: his skill change is down ($bob)" grep -q 'class="down">−' <<<"$bob"
"$CROWNS" --db "$lost" report --all --html - >lost-all.html
bob=$(grep -o '<bdi>Bob</bdi>.*' lost-all.html | grep -o '<td data-label="Skill change" class="[a-z]*">[^<]*' | head -1)
check "report --all: the real skill change, not ±0.00 (issue 44) ($bob)" grep -q 'class="down">−' <<<"$bob"

# Issue 39: the period's time and rivals; --date: one evening, crowns tonight's at the end.
"$CROWNS" report --html - >time.html
check "a time and rivals section" grep -q '<section id="time">' time.html
check "before the closing note" [ "$(grep -n -e '<section id="time">' -e '<p class="meta">Made by crowns' time.html | cut -d: -f1 | tr '\n' ' ')" = "$(grep -n '<section id="time">' time.html | cut -d: -f1) $(grep -n '<p class="meta">Made by crowns' time.html | cut -d: -f1) " ]
check "each player's time played and rivals" grep -q '<th class="name">Nemesis</th>' time.html
"$CROWNS" report --date 2026-01-09 >msg
check "--date: one evening's report" grep -qx "Wrote crowns-report-2026-01-09.html (2026-01-09: 1 finished game, 2 players)" msg
check "--date: crowns tonight at the end" grep -q '<section id="tonight">' crowns-report-2026-01-09.html
check "--date: the evening's winner" grep -q 'data-label="Winner">Bob</td>' crowns-report-2026-01-09.html
"$CROWNS" report --date 2026-02-30 2>err
check "--date: a bad date is a usage error" [ $? = 2 ]
check "naming it" grep -qx "crowns: error: --date '2026-02-30' is not a date; write YYYY-MM-DD, e.g. 2026-01-15" err
"$CROWNS" report --date 2026-01-09 --all 2>err
check "--date excludes a period" [ $? = 2 ]
finish
