#!/usr/bin/env bash
# The club-night soak test (issue 38), on 127.0.0.1 and bounded in time (about 20 s):
# serve_soak.js plays three tables' games and rematches (66 rounds, from phones and
# terminals) to 14 phones following their own tables, with a restart of the server in the
# middle and a phone that stops reading for 8 s; nothing lost or recorded twice, every phone
# has its own table's rounds within 1 s, the server's memory flat. The figures it prints are in
# docs/SERVE.md.
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"
set -f
if ! command -v node >/dev/null; then
  echo "test_serve_soak.sh: SKIPPED: needs node"
  exit 0
fi
"$CROWNS" new --another A1 B1 C1 D1 --add >/dev/null
"$CROWNS" new --another A2 B2 C2 --add >/dev/null
"$CROWNS" new --another A3 B3 C3 D3 E3 --add >/dev/null
# Under AddressSanitizer freed memory waits in its quarantine, so the server's memory grows by
# design there: serve_soak.js then prints it and does not check it.
sanitized=0
ldd "$(dirname "$CROWNS")/crowns-serve" 2>/dev/null | grep -q libasan && sanitized=1
CROWNS_SANITIZED=$sanitized CROWNS_SERVE_TEST_BEAT_MS=1000 timeout 120 \
  node "$(dirname "$0")/helpers/serve_soak.js" "$CROWNS"
check "the soak test passes" [ $? = 0 ]
check "the database is whole after it" [ "$(sqlite3 "$CROWNS_DB" 'PRAGMA integrity_check')" = ok ]
finish
