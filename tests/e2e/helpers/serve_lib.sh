# Helpers for the crowns serve tests: source after lib.sh. Starting a server on a free port
# of 127.0.0.1, reading its URLs, JSON fields, the database's content checksum.

SERVE_PID=""
SERVE_OUT=""
BASE=""
TOKEN=""

# start_server [ARGS...]: starts `crowns serve --port 0 ARGS` in the background and waits
# (10 s at most) for its URLs. Sets SERVE_PID, SERVE_OUT, BASE (http://127.0.0.1:PORT) and
# TOKEN.
start_server() {
  SERVE_OUT=$(mktemp "$E2E_TMP/serve.XXXX")
  "$CROWNS" serve --port "${SERVE_PORT:-0}" "$@" >"$SERVE_OUT" 2>&1 &
  SERVE_PID=$!
  local i
  for i in $(seq 100); do
    grep -q '^Scorekeeper:' "$SERVE_OUT" && break
    kill -0 "$SERVE_PID" 2>/dev/null || break
    sleep 0.1
  done
  BASE=$(sed -n 's|^Viewers: *\(http://[^/]*\)/$|\1|p' "$SERVE_OUT")
  TOKEN=$(sed -n 's|^Scorekeeper: .*token=\([0-9a-f]*\)$|\1|p' "$SERVE_OUT")
  [ -n "$BASE" ] && [ -n "$TOKEN" ]
}

# stop_server: Ctrl-C (SIGINT), then waits for it; returns its exit code.
stop_server() {
  [ -n "$SERVE_PID" ] || return 0
  kill -INT "$SERVE_PID" 2>/dev/null
  local code=0
  wait "$SERVE_PID" || code=$?
  SERVE_PID=""
  return "$code"
}
trap 'if [ -n "$SERVE_PID" ]; then kill -9 "$SERVE_PID" 2>/dev/null; fi; rm -rf "$E2E_TMP"' EXIT

# json FIELD: a top-level field of the JSON document on stdin ("" if absent).
json() {
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=JSON.parse(s)[process.argv[1]];process.stdout.write(v===undefined||v===null?"":typeof v==="string"?v:JSON.stringify(v))})' "$1"
}

# event_rounds FILE: the most rounds any card event in FILE (a saved event stream) shows.
event_rounds() {
  node -e 'const fs=require("fs");let m=-1;for(const l of fs.readFileSync(process.argv[1],"utf8").split("\n")){if(!l.startsWith("data: "))continue;try{const s=JSON.parse(l.slice(6)).state;m=Math.max(m,s?s.rounds.length:0)}catch(e){}}console.log(m)' "$1"
}

# db_content: a checksum of what the database holds (not of its bytes: WAL checkpoints move
# pages without changing a row).
db_content() { sqlite3 "$CROWNS_DB" .dump | sha256sum | cut -d' ' -f1; }

# post PATH [CURL ARGS...]: POSTs and prints "STATUS BODY".
post() {
  local path=$1
  shift
  curl -s -o "$E2E_TMP/body" -w '%{http_code}' -X POST "$BASE$path" "$@"
  printf ' '
  cat "$E2E_TMP/body"
}

# browser_setup TEST.js: sets BROWSER (Debian's chromium) and work (a copy of tests/browser
# with TEST.js, serve_helpers.js and the pinned puppeteer-core and axe-core, installed with
# npm ci; the source tree stays clean; npm's cache is $npm_cache, which the script sets
# before lib.sh moves HOME). Skips the script (exit 0) without node and npm; fails without chromium.
browser_setup() {
  local me browser_dir
  me=$(basename "$0")
  browser_dir=$(realpath "$(dirname "$0")/../browser")
  BROWSER=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "$me: SKIPPED: needs node and npm (and chromium: bash scripts/setup.sh)"
    exit 0
  fi
  if [ -z "$BROWSER" ]; then
    echo "$me: needs chromium (bash scripts/setup.sh)"
    exit 1
  fi
  work="$E2E_TMP/browser"
  mkdir -p "$work"
  cp "$browser_dir/package.json" "$browser_dir/package-lock.json" "$browser_dir/$1" \
    "$browser_dir/serve_helpers.js" "$work/"
  if ! (cd "$work" && timeout 300 npm ci --no-audit --no-fund --prefer-offline --cache "${npm_cache:?}" \
    >"$E2E_TMP/npm.log" 2>&1); then
    cat "$E2E_TMP/npm.log"
    echo "$me: npm ci failed"
    exit 1
  fi
}
