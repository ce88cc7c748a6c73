#!/usr/bin/env bash
# A club night's write and live-update latency and the server's memory (issue 45): 3 tables,
# 18 phone pages in headless Chromium (bench/serve_club_latency.js), on 127.0.0.1 only.
# Usage: bench/serve_club_latency.sh BUILD_DIR [ROUNDS]      (use a Release build; ROUNDS per
# table, default 5). Needs node, npm and chromium (as tests/browser).
set -eu
build=$(realpath "${1:?usage: serve_club_latency.sh BUILD_DIR [ROUNDS]}")
rounds=${2:-5}
here=$(realpath "$(dirname "$0")")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$here/../tests/browser/package.json" "$here/../tests/browser/package-lock.json" \
  "$here/../tests/browser/serve_helpers.js" "$here/serve_club_latency.js" "$tmp/"
(cd "$tmp" && timeout 300 npm ci --no-audit --no-fund --prefer-offline >/dev/null 2>&1)
export CROWNS="$build/crowns" CROWNS_DB="$tmp/crowns.db" OUT="$tmp"
"$CROWNS" new --another Ann Bob Cy Dee --add >/dev/null
"$CROWNS" new --another Eve Fay Gus Hal --add >/dev/null
"$CROWNS" new --another Ida Jo Kai Lea --add >/dev/null
for g in 1 2 3; do "$CROWNS" round --game "$g" out 5 6 7 >/dev/null; done
ROUNDS=$rounds CHROMIUM=${CHROMIUM:-/usr/bin/chromium} timeout 600 node "$tmp/serve_club_latency.js"
