#!/usr/bin/env bash
# --ascii: every command's output (stdout and stderr, text and JSON) is pure ASCII, even with
# names, notes and hands typed in Unicode (issue 9 item 13).
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/stats_data.sh"
"$CROWNS" player add Zoë Ann-Sophie-Marguerite-Long-Name >/dev/null
"$CROWNS" new --another Zoë Ann Bob Dan Ann-Sophie-Marguerite-Long-Name --note "café · 7♥" >/dev/null
"$CROWNS" round 0* 12 "7♥ 8★ Kd" 5 9 >/dev/null || echo "setup: round failed"

# ascii_only NAME ARGS...: runs crowns --ascii ARGS; both streams must hold only ASCII bytes.
ascii_only() {
  local name=$1; shift
  local out
  out=$("$CROWNS" --ascii "$@" 2>&1)
  if LC_ALL=C grep -q '[^[:print:][:space:]]' <<<"$out" || [ "$(printf '%s' "$out" | LC_ALL=C tr -d '\000-\177' | wc -c)" != 0 ]; then
    E2E_FAILED=$((E2E_FAILED + 1))
    echo "FAIL: $name: a byte >= 0x80 or a control byte in"
    printf '%s\n' "$out" | LC_ALL=C grep -n '[^ -~]' | head -5
  else
    E2E_PASSED=$((E2E_PASSED + 1))
  fi
}

ascii_only show show
ascii_only "show --json" show --json
ascii_only "show game 2" show --game 2
ascii_only games games
ascii_only "games --json" games --json
ascii_only log log
ascii_only "log --json" log --json
ascii_only leaderboard leaderboard --all
ascii_only "leaderboard --json" leaderboard --all --json
ascii_only stats stats Bob --all
ascii_only "stats Zoë" stats Zoë
ascii_only "stats --json" stats Bob --all --json
ascii_only h2h h2h Ann Bob --all
ascii_only records records --all
ascii_only "records --json" records --all --json
ascii_only chart chart --game 2
ascii_only "chart --rating" chart --rating --all
ascii_only "season list" season list
ascii_only "player list" player list
ascii_only analyze analyze "7♥ 8♥ jk 4♠ T♦ 10♦ 10★" --drawn --wild 4
ascii_only "analyze --json" analyze "7♥ 8♥ jk 4♠" --json
ascii_only "analyze error" analyze "7♥ 1♥ 9♥"
ascii_only "round error" round 0* 5 "1♥ 2★" 3 4
ascii_only "unknown player" stats Zoé
ascii_only "usage error" show --bogus Zoé
ascii_only export export
ascii_only "export csv" export --format csv
# CSV has no escapes: a CSV export under --ascii holding a non-ASCII name is refused rather
# than written with Zo\u00eb (an import would keep the backslash); JSON reads back the same.
err=$("$CROWNS" --ascii export --format csv 2>&1 >/dev/null); rc=$?
check "csv export under --ascii refused (exit $rc)" test "$rc" = 1
check "... saying why and what to do ($err)" \
  grep -q "^crowns: error: --ascii would write non-ASCII names in this CSV .*--out FILE" <<<"$err"
"$CROWNS" --ascii export --out "$E2E_TMP/ascii.csv" >/dev/null
check "--ascii export --out FILE.csv keeps UTF-8" grep -q "Zoë" "$E2E_TMP/ascii.csv"
"$CROWNS" --ascii export >"$E2E_TMP/ascii.json"
CROWNS_DB="$E2E_TMP/copy.db" "$CROWNS" import "$E2E_TMP/ascii.json" >/dev/null
check "a JSON export under --ascii imports as the same data" \
  test "$(CROWNS_DB="$E2E_TMP/copy.db" "$CROWNS" export)" = "$("$CROWNS" export)"
ascii_only help --help
ascii_only "round --help" round --help
finish
