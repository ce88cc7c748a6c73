#!/usr/bin/env bash
# crowns sync through a real Syncthing (issue 44): three Syncthing instances (Debian's) on
# 127.0.0.1 only, with global and local discovery, relays, NAT traversal, usage reporting and
# upgrades off, sharing one folder; a crowns database syncs into each. A correction made on
# one laptop reaches the others with exit 0; a laptop restored from a copy of another's
# database writes the same file name, Syncthing keeps the loser as a sync-conflict copy, crowns
# reads it as a version, finds the copy out, and every game of both is kept. Every wait is
# bounded; the instances are stopped by their process ids. Skips (exit 0, saying so) only when
# syncthing or python3 (free ports) is missing.
source "$(dirname "$0")/helpers/lib.sh"
for tool in syncthing python3; do
  command -v $tool >/dev/null ||
    { echo "test_sync_syncthing.sh: skipped: $tool is not installed (scripts/setup.sh --test installs it)"; exit 0; }
done
T=$E2E_TMP
cd "$T" || exit 1
pids=()
stop() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null; done
  rm -rf "$E2E_TMP"
}
trap stop EXIT

hosts=(a b c)
read -r -a ports <<<"$(python3 -c '
import socket
s = [socket.socket() for _ in range(6)]
for x in s: x.bind(("127.0.0.1", 0))
print(" ".join(str(x.getsockname()[1]) for x in s))')"
declare -A id listen gui
for i in 0 1 2; do
  h=${hosts[$i]}
  syncthing generate --home="$T/st-$h" --no-default-folder >/dev/null 2>&1
  id[$h]=$(syncthing serve --home="$T/st-$h" --device-id)
  listen[$h]=${ports[$i]}
  gui[$h]=${ports[$((i + 3))]}
  mkdir -p "$T/folder-$h/.stfolder"
done
version=$(sed -n 's/^<configuration version="\([0-9]*\)".*/\1/p' "$T/st-a/config.xml")
for h in "${hosts[@]}"; do
  {
    echo "<configuration version=\"$version\">"
    echo "  <folder id=\"crowns\" label=\"crowns\" path=\"$T/folder-$h\" type=\"sendreceive\" rescanIntervalS=\"1\" fsWatcherEnabled=\"true\" fsWatcherDelayS=\"1\">"
    for o in "${hosts[@]}"; do echo "    <device id=\"${id[$o]}\"></device>"; done
    echo "    <minDiskFree unit=\"%\">0</minDiskFree>"
    echo "  </folder>"
    for o in "${hosts[@]}"; do
      echo "  <device id=\"${id[$o]}\" name=\"$o\"><address>tcp://127.0.0.1:${listen[$o]}</address></device>"
    done
    echo "  <gui enabled=\"true\" tls=\"false\"><address>127.0.0.1:${gui[$h]}</address><apikey>crowns-test-$h</apikey></gui>"
    echo "  <options>"
    echo "    <listenAddress>tcp://127.0.0.1:${listen[$h]}</listenAddress>"
    echo "    <globalAnnounceEnabled>false</globalAnnounceEnabled>"
    echo "    <localAnnounceEnabled>false</localAnnounceEnabled>"
    echo "    <relaysEnabled>false</relaysEnabled>"
    echo "    <natEnabled>false</natEnabled>"
    echo "    <urAccepted>-1</urAccepted>"
    echo "    <autoUpgradeIntervalH>0</autoUpgradeIntervalH>"
    echo "    <startBrowser>false</startBrowser>"
    echo "    <crashReportingEnabled>false</crashReportingEnabled>"
    echo "    <minHomeDiskFree unit=\"%\">0</minHomeDiskFree>"
    echo "  </options>"
    echo "</configuration>"
  } >"$T/st-$h/config.xml"
  STNOUPGRADE=1 syncthing serve --home="$T/st-$h" --no-browser --no-restart --no-upgrade \
    --logfile="$T/st-$h.log" >/dev/null 2>&1 &
  pids+=($!)
done

db() { "$CROWNS" --db "$T/$1.db" "${@:2}"; }
sync_on() {
  db "$1" sync "$T/folder-$1" >"$T/$1.out" 2>&1
  local rc=$?
  cat "$T/$1.out" >>"$T/all.out"
  return $rc
}
# arrived FILE: the file as folder-a... holds it has reached every folder (60 s at most).
arrived() {
  local name=$1 from=$2 n
  for ((n = 0; n < 240; n++)); do
    local all=1
    for h in "${hosts[@]}"; do cmp -s "$T/folder-$from/$name" "$T/folder-$h/$name" || all=0; done
    [ $all = 1 ] && return 0
    sleep 0.25
  done
  return 1
}
own_file() { basename "$(grep -o 'crowns-[0-9a-f]*\.json' "$T/$1.out" | tail -1)"; }
games_of() { db "$1" export | grep '^{"uuid"' | sed -E 's/(,|\]\})$//' | sort; }

db a new --another Ann Bob --add >/dev/null
db a round 0* 4 >/dev/null
sync_on a
check "a's file reaches b and c through Syncthing" arrived "$(own_file a)" a
sync_on b
check "b takes a's game" test "$(sqlite3 "$T/b.db" 'SELECT count(*) FROM games')" = 1
check "b's file reaches a and c" arrived "$(own_file b)" b

# A correction on b alone travels, exit 0 everywhere.
db b edit 1 Bob=40 >/dev/null
sync_on b
check "b: exit 0" [ $? = 0 ]
check "b's correction reaches a and c" arrived "$(own_file b)" b
sync_on a
check "a takes it: exit 0" [ $? = 0 ]
check "saying what changed" grep -q "round 1: Bob 4 -> 40" "$T/a.out"
sync_on c
check "c takes it: exit 0" [ $? = 0 ]
check "c holds 40" grep -q '{"points":40}' <(db c export)

# c's laptop is restored from a copy of a's database: both write a's file name at once.
db a backup "$T/copy.db" >/dev/null
mv "$T/copy.db" "$T/c.db"
rm -f "$T/c.db-wal" "$T/c.db-shm"
db a new --another Cy Dee --add >/dev/null
db c new --another Eve Fay --add >/dev/null
sync_on a
sync_on c
# Until every database holds the four games (two rounds of syncs at least; 60 s at most),
# looked at every half second: Syncthing carries a file within a second or two (watcher and
# rescan at 1 s), and 2 s waits made this loop most of the test's time (under ASan too).
for ((n = 0; n < 60; n++)); do
  sleep 0.5
  for h in "${hosts[@]}"; do sync_on "$h"; done
  sleep 0.5
  for h in "${hosts[@]}"; do sync_on "$h"; done
  [ "$(games_of a)" = "$(games_of b)" ] && [ "$(games_of a)" = "$(games_of c)" ] &&
    [ "$(games_of a | wc -l)" = 3 ] && break
done
check "the copy was found out" grep -q "holds changes this database never made under its id" "$T/all.out"
conflict_copies=$(find "$T"/folder-* -name 'crowns-*.sync-conflict-*' | wc -l)
echo "test_sync_syncthing.sh: Syncthing made $conflict_copies sync-conflict cop(ies); crowns read them as versions"
check "every game of both copies is kept on a" test "$(games_of a | wc -l)" = 3
check "b holds the same games" test "$(games_of a)" = "$(games_of b)"
check "c holds the same games" test "$(games_of a)" = "$(games_of c)"
for h in "${hosts[@]}"; do
  sync_on "$h"
  check "$h: a plain sync with nothing new, exit 0" [ $? = 0 ]
done
finish
