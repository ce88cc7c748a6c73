#!/usr/bin/env bash
# crowns serve keeps pages it has made until a change touches what they show: after each change
# made by another process (a round, a game finishing, an edit of an old game, undo, an import,
# a deletion, a rename, a date fixed, an abandoned game) the served leaderboard, report and
# games list must say what `crowns leaderboard --json`, `crowns report --html -` and
# `crowns games --json` say then. And the games list comes 50 at a time: links, last page,
# bad page numbers.
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"
set -f

# play DATE [SEED]: a finished game of Ann, Bob and Cy on DATE; SEED moves who wins.
play() {
  local seed=${2:-0}
  "$CROWNS" new --another Ann Bob Cy --date "$1" --add >/dev/null
  for r in $(seq 11); do
    "$CROWNS" round "0*" $(((r * 7 + seed * 5) % 40 + 5)) $(((r * 3 + seed * 11) % 40 + 5)) >/dev/null
  done
}
play 2026-01-02 0
play 2026-01-05 1
play 2026-01-09 2
play 2025-12-20 3  # before the season: only in the ratings and ?all
"$CROWNS" new --another Ann Bob Cy --date 2026-01-14 >/dev/null
for r in 1 2 3; do "$CROWNS" round "0*" $((r + 4)) $((r * 5 + 3)) >/dev/null; done

start_server
check "the server starts" [ -n "$BASE" ]

# The leaderboard page's rows, as JSON lines {name, rating, games, wins, best, form}.
page_rows() {
  curl -s "$BASE/leaderboard$1" | node -e '
    let s = ""; process.stdin.on("data", d => s += d).on("end", () => {
      const un = t => t.replace(/<[^>]*>/g, "").replace(/&amp;/g, "&").replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">").replace(/&quot;/g, "\"").replace(/&#39;/g, "\x27");
      const rows = [];
      for (const m of s.matchAll(/<tr><td>\d+<\/td>(.*?)<\/tr>/g)) {
        const c = [...m[1].matchAll(/<td[^>]*>(.*?)<\/td>/g)].map(x => un(x[1]));
        rows.push({name: c[0], rating: c[1], games: +c[2], wins: +c[3], best: +c[6], form: c[7]});
      }
      rows.sort((a, b) => a.name < b.name ? -1 : 1);
      for (const r of rows) console.log(JSON.stringify(r));
    })'
}
# The same from crowns leaderboard --json.
cli_rows() {
  "$CROWNS" leaderboard --json $1 | node -e '
    let s = ""; process.stdin.on("data", d => s += d).on("end", () => {
      const rows = JSON.parse(s).players.map(p => ({name: p.player, rating: p.rating.toFixed(2),
        games: p.games, wins: p.wins, best: p.best, form: p.form}));
      rows.sort((a, b) => a.name < b.name ? -1 : 1);
      for (const r of rows) console.log(JSON.stringify(r));
    })'
}
# The games list's first page as "id status rounds" lines, and crowns games --json's newest 50.
page_games() {
  curl -s "$BASE/games$1" | grep -o '<li><a href="/game/[0-9]*"' | grep -o '[0-9]*'
}
cli_games() {
  "$CROWNS" games --json | node -e '
    let s = ""; process.stdin.on("data", d => s += d).on("end", () => {
      const page = +process.argv[1];
      const g = JSON.parse(s).reverse().slice((page - 1) * 50, page * 50);
      for (const x of g) console.log(x.id);
    })' "${1:-1}"
}
served_report() { curl -s "$BASE/report$1" | grep -v '<meta name="generator"'; }
cli_report() { "$CROWNS" report $1 --html - | grep -v '<meta name="generator"'; }
# The time the copy served took to make: the same after a change means the copy was kept.
made() { curl -s -D - -o /dev/null "$BASE$1" | tr -d '\r' | sed -n 's/^Server-Timing:.*made;dur=//p'; }

# same_as_cli WHAT: every page agrees with the CLI now. The server notices a change within
# 50 ms; asked again until it agrees, for 3 s at most.
same_as_cli() {
  local what=$1 ok=0
  for _ in $(seq 30); do
    if [ "$(page_rows "")" = "$(cli_rows "")" ] && [ "$(page_rows "?all")" = "$(cli_rows --all)" ] &&
      [ "$(served_report "")" = "$(cli_report "")" ] &&
      [ "$(served_report "?all")" = "$(cli_report --all)" ] &&
      [ "$(page_games "")" = "$(cli_games 1)" ] &&
      [ "$(curl -s "$BASE/games" | grep -o '<small>[0-9]* games*</small>')" = \
        "<small>$("$CROWNS" games --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const n=JSON.parse(s).length;console.log(n+(n===1?" game":" games"))})')</small>" ]; then
      ok=1
      break
    fi
    sleep 0.1
  done
  check "$what: leaderboard, report and games list as the CLI has them" [ "$ok" = 1 ]
}

same_as_cli "at the start"
check "the leaderboard shows the season's players" [ "$(page_rows "" | wc -l)" = 3 ]
board=$(made /leaderboard)
report=$(made /report)

"$CROWNS" round "0*" 9 12 >/dev/null || echo "round 4 refused"  # round 4 of the game at the table
sleep 0.3
same_as_cli "a round in the game at the table"
check "that round kept the leaderboard made before" [ "$(made /leaderboard)" = "$board" ]
check "and made the season's report again (the game is in it)" [ "$(made /report)" != "$report" ]

"$CROWNS" edit 2 Ann=12 Bob=0* >/dev/null  # a past round of the game at the table
same_as_cli "an edit in the game at the table"
check "that edit kept the leaderboard made before" [ "$(made /leaderboard)" = "$board" ]

for r in $(seq 5 11); do "$CROWNS" round 7 "0*" $((r + 5)) >/dev/null; done  # Bob wins it
same_as_cli "the game at the table finishing"
check "its finish shows in the leaderboard" [ "$(page_rows "" | grep -c '"games":4')" = 3 ]

play 2026-01-03 4  # a game finished after the others but dated before the last: a replay
same_as_cli "a game finished, dated before the last finished"

"$CROWNS" edit --game 1 11 Ann=80 Bob=0* >/dev/null  # an old finished game: another winner
same_as_cli "an edit of an old finished game"
"$CROWNS" undo >/dev/null
same_as_cli "undo of that edit"
"$CROWNS" details --game 2 --date 2025-11-30 >/dev/null  # out of the season
same_as_cli "a game moved out of the season"

bash "$(dirname "$0")/helpers/gen_games.sh" "$CROWNS" "$E2E_TMP/more.json" 120 "$E2E_TMP/gen.db"
"$CROWNS" import "$E2E_TMP/more.json" >/dev/null
same_as_cli "an import of 120 games"
"$CROWNS" delete --yes 3 >/dev/null
same_as_cli "a finished game deleted"
"$CROWNS" player rename Bob Bobby >/dev/null
same_as_cli "a player renamed"
check "the new name is on the leaderboard" grep -q '"name":"Bobby"' <<<"$(page_rows "")"
"$CROWNS" new --another Ann Cy --date 2026-01-15 >/dev/null
same_as_cli "a game started"
"$CROWNS" round "0*" 4 >/dev/null
same_as_cli "its first round"
"$CROWNS" abandon --yes >/dev/null
same_as_cli "that game abandoned"
"$CROWNS" new --another Ann Cy --date 2025-06-01 >/dev/null
"$CROWNS" round "0*" 8 >/dev/null
same_as_cli "a round of a game outside the season"

# --- The games list, 50 a page: the games here fill 3.
total=$("$CROWNS" games --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).length))')
pages=$(((total + 49) / 50))
check "the test has 3 pages of games ($total games)" [ "$pages" = 3 ]
first=$(curl -s "$BASE/games")
check "page 1 shows 50 games" [ "$(grep -c '<li><a href="/game/' <<<"$first")" = 50 ]
check "page 1 says where it is" grep -q "page 1 of 3" <<<"$first"
check "page 1 links the next" grep -qF '<a href="/games?page=2" rel="next">' <<<"$first"
check "page 1 links the oldest" grep -qF '<a href="/games?page=3">Oldest</a>' <<<"$first"
check "page 1 links no previous" bash -c '! grep -q "rel=\"prev\"" <<<"$1"' _ "$first"
check "?page=1 is page 1" [ "$(curl -s "$BASE/games?page=1")" = "$first" ]
check "page 2 is crowns games' next 50" [ "$(page_games "?page=2")" = "$(cli_games 2)" ]
last=$(curl -s "$BASE/games?page=3")
check "the last page holds the rest" [ "$(grep -c '<li><a href="/game/' <<<"$last")" = $((total - 100)) ]
check "the last page is crowns games' oldest" [ "$(page_games "?page=3")" = "$(cli_games 3)" ]
check "the last page links back" grep -qF '<a href="/games?page=2" rel="prev">' <<<"$last"
check "the last page links the newest" grep -qF '<a href="/games">Newest</a>' <<<"$last"
check "the last page links no next" bash -c '! grep -q "rel=\"next\"" <<<"$1"' _ "$last"
for bad in 0 -1 abc 1.5 2x "" 99999999999999999999 "%202" "%2B2"; do
  code=$(curl -s -o "$E2E_TMP/body" -w '%{http_code}' "$BASE/games?page=$bad")
  check "page '$bad' is refused (400)" [ "$code" = 400 ]
  check "page '$bad' gets the error page" grep -q 'class="error">.* is not a page number' "$E2E_TMP/body"
done
code=$(curl -s -o "$E2E_TMP/body" -w '%{http_code}' "$BASE/games?page=4")
check "a page past the last is 404" [ "$code" = 404 ]
check "it names the last page" grep -qF 'there is no page 4 of games: they fill 3 pages (/games?page=3 is the oldest)' "$E2E_TMP/body"

stop_server

# --- While a page is made again, the copy from before is served at once, marked; then the new
# one. CROWNS_SERVE_TEST_SLOW_MS makes each making of the leaderboard and the report take 1.5 s
# longer (read at the start only: no request can set it).
CROWNS_SERVE_TEST_SLOW_MS=1500 start_server
slow=(/leaderboard "/leaderboard?all" /report "/report?all")
# headers PATH: the response's headers, lowercase names; the body in $E2E_TMP/page.
headers() { curl -s -D - -o "$E2E_TMP/page" "$BASE$1" | tr -d '\r' | tr 'A-Z' 'a-z'; }
# page_ms: the server's time (Server-Timing page) in headers on stdin, whole ms.
page_ms() { sed -n 's/^server-timing: page;dur=\([0-9]*\).*/\1/p'; }
for path in "${slow[@]}"; do
  h=$(headers "$path")
  check "$path first asked: made for it (no copy yet) and fresh" grep -q '^x-crowns-fresh: yes' <<<"$h"
  check "$path first asked: waited for the making" [ "$(page_ms <<<"$h")" -ge 1500 ]
  cp "$E2E_TMP/page" "$E2E_TMP/before.${path//[^a-z]/_}"
done
"$CROWNS" edit --game 1 11 Ann=90 Bobby=0* >/dev/null # an old finished game: every page is old
sleep 0.2                                             # the watcher sees it (50 ms ticks)
for path in "${slow[@]}"; do
  h=$(headers "$path")
  ms=$(page_ms <<<"$h")
  check "$path during its making: answered at once (${ms} ms)" [ "$ms" -lt 100 ]
  check "$path during its making: X-Crowns-Fresh: no" grep -q '^x-crowns-fresh: no' <<<"$h"
  check "$path during its making: the CSP still holds" grep -q "^content-security-policy: default-src 'none'" <<<"$h"
  check "$path during its making: the note says so" grep -qF '<p id="updating" role="status"' "$E2E_TMP/page"
  check "$path during its making: and loads the script that reloads it" \
    grep -qF '<script src="/updating.js"></script>' "$E2E_TMP/page"
  check "$path during its making: the page from before, the note aside" cmp -s \
    <(sed 's|<p id="updating" role="status"[^>]*>[^<]*</p><script src="/updating.js"></script>||' \
      "$E2E_TMP/page") "$E2E_TMP/before.${path//[^a-z]/_}"
done
h=$(curl -s -I "$BASE/report" | tr -d '\r' | tr 'A-Z' 'a-z')
check "HEAD (the script's question) says whether the page is fresh" grep -q '^x-crowns-fresh: ' <<<"$h"
check "/updating.js is served" grep -qF "headers.get('X-Crowns-Fresh') === 'yes'" <(curl -s "$BASE/updating.js")
# The new pages follow (four makings of 1.5 s one after another), fresh and as the CLI says.
fresh=0
for _ in $(seq 100); do
  fresh=1
  for path in "${slow[@]}"; do
    curl -s -I "$BASE$path" | tr -d '\r' | grep -qi '^x-crowns-fresh: yes' || fresh=0
  done
  [ "$fresh" = 1 ] && break
  sleep 0.2
done
check "the new pages are ready within 20 s" [ "$fresh" = 1 ]
check "the new leaderboard is the CLI's" [ "$(page_rows "")" = "$(cli_rows "")" ]
check "the new leaderboard of every game is the CLI's" [ "$(page_rows "?all")" = "$(cli_rows --all)" ]
check "the new report is the CLI's" [ "$(served_report "")" = "$(cli_report "")" ]
check "the new report of every game is the CLI's" [ "$(served_report "?all")" = "$(cli_report --all)" ]
check "and says nothing of updating" bash -c '! curl -s "$1/report" | grep -q "id=\"updating\""' _ "$BASE"
stop_server
finish
