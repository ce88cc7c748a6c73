#!/usr/bin/env bash
# The examples of docs/SERVE.md run as written on a new database (issue 38: its first example
# once failed with "unknown player 'Ann'"). Each fenced block with `$ crowns …` lines is run
# on a database of its own: every command must succeed, and `crowns serve` (started with
# --port 0 and without --lan: a test listens on 127.0.0.1 only) must print the lines the block
# shows (Viewers, Scorekeeper and the tables), addresses, tokens and paths aside.
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"
set -f
doc=$(dirname "$0")/../../docs/SERVE.md

# The blocks, each as its lines, separated by a line "=====".
blocks=$(awk '/^```/{ if (inside) { print "====="; inside=0 } else { inside=1 }; next } inside' "$doc")
# What a line says with its address, token and path made general.
general() {
  sed -E -e 's|http://[^/ ]*|http://HOST|g' -e 's/token=[0-9a-f…]+/token=TOKEN/g' \
    -e 's/kept across restarts in [^,]*,/kept across restarts in PATH,/'
}
n=0
block=""
run_block() {
  local line args
  grep -q '^\$ crowns ' <<<"$block" || return 0
  n=$((n + 1))
  export CROWNS_DB=$E2E_TMP/docs$n.db
  while IFS= read -r line; do
    [[ $line == '$ crowns '* ]] || continue
    read -r -a args <<<"${line#\$ crowns }"
    if [ "${args[0]}" = serve ]; then
      local flags=() a
      for a in "${args[@]:1}"; do [ "$a" = --lan ] || flags+=("$a"); done
      start_server "${flags[@]}"
      check "example $n: '${line#\$ }' starts" [ -n "$BASE" ]
      sleep 0.2
      local shown
      while IFS= read -r shown; do
        case "$shown" in
          Viewers:* | Scorekeeper:* | Tables:* | "  game "* | "             (can change"*)
            check "example $n: crowns serve prints: $shown" \
              grep -qxF -- "$(general <<<"$shown")" <(general <"$SERVE_OUT")
            ;;
        esac
      done <<<"$block"
      stop_server
    else
      "$CROWNS" "${args[@]}" >"$E2E_TMP/out" 2>&1
      check "example $n: '${line#\$ }' runs on a new database" [ $? = 0 ]
    fi
  done <<<"$block"
}
while IFS= read -r line; do
  if [ "$line" = ===== ]; then
    run_block
    block=""
  else
    block+="$line"$'\n'
  fi
done <<<"$blocks"
check "the examples were found" [ "$n" -ge 2 ]
finish
