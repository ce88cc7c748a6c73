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
