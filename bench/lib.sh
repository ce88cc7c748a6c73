# Shared by the benchmark scripts: source it, then call bench_setup. Timing is bash's
# EPOCHREALTIME around each run (no timing process is forked) plus the CPU time (user + sys
# of the child, from bash's `times`: the steadier figure on a shared machine).

# bench_setup MODE BUILD_DIR: sets $crowns and $tmp (removed at exit) and fills a database of
# 10,000 games with `bench_games MODE` in $CROWNS_DB.
bench_setup() {
  crowns=$2/crowns
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  export CROWNS_DB=$tmp/bench.db NO_COLOR=1
  "$2/bench/bench_games" "$1" "$CROWNS_DB" 10000
}

# Prints the median of the numbers (µs) on stdin, in ms.
median() {
  sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}'
}

# User + sys time in µs of the children this shell has waited for, from a file that
# `times` wrote (ms resolution). `times` must run in the shell that ran the children, and
# nothing else may run between the two snapshots: so snapshot to files, read them after.
cpu_us() {
  awk 'NR == 2 {
    split($1, u, /[ms]/); split($2, s, /[ms]/)
    printf "%d", (u[1] * 60 + u[2] + s[1] * 60 + s[2]) * 1e6 }' "$1"
}

# Median wall and CPU time in ms of running "$@" ${count:-$runs} times (output discarded).
# $before_each / $after_each, when set, name a command run untimed around every run.
median_ms() {
  local times=() cpu=()
  for _ in $(seq "${count:-$runs}"); do
    local t0 t1
    [ -z "${before_each:-}" ] || "$before_each" >/dev/null
    times >"$tmp/times0"
    t0=${EPOCHREALTIME/./}
    "$@" >/dev/null
    t1=${EPOCHREALTIME/./}
    times >"$tmp/times1"
    [ -z "${after_each:-}" ] || "$after_each" >/dev/null
    times+=($((t1 - t0)))
    cpu+=($(($(cpu_us "$tmp/times1") - $(cpu_us "$tmp/times0"))))
  done
  echo "$(printf '%s\n' "${times[@]}" | median) ms wall, $(printf '%s\n' "${cpu[@]}" | median) ms CPU"
}

# comparison_queries GAME: sets $sql_show, $sql_games and $sql_leaderboard, the rows `show
# --game GAME`, `games` and `leaderboard --all` read, as the sqlite3 shell's bare queries
# (startup_bench.sh, reads_bench.sh; docs/PERFORMANCE.md).
comparison_queries() {
  sql_show="SELECT g.id, g.played_on, g.status, g.boxes, g.first_dealer, g.note, s.seat, p.name,
  s.total, s.tiebreak, s.winner FROM games g JOIN seats s ON s.game_id = g.id
  JOIN players p ON p.id = s.player_id WHERE g.id = $1 ORDER BY s.seat;
  SELECT round, seat, points, went_out, hand FROM scores WHERE game_id = $1
  ORDER BY round, seat;"
  sql_games="SELECT g.id, g.played_on, g.status,
  (SELECT count(*) FROM rounds r WHERE r.game_id = g.id),
  group_concat(CASE WHEN s.winner THEN p.name END), group_concat(p.name, ', ')
  FROM games g JOIN seats s ON s.game_id = g.id JOIN players p ON p.id = s.player_id
  GROUP BY g.id ORDER BY g.played_on, g.id;"
  sql_leaderboard="SELECT p.name, count(*) AS games, sum(s.winner) AS wins, avg(s.total) AS average
  FROM seats s JOIN games g ON g.id = s.game_id AND g.status = 'finished'
  JOIN players p ON p.id = s.player_id GROUP BY p.id ORDER BY wins DESC;"
}
