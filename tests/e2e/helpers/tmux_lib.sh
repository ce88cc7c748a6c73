# A terminal for e2e scripts: source after lib.sh with SESSION set (the tmux session's name).
# Starts a 150x50 bash in tmux on a socket of its own (killed on exit), and gives tm (tmux on
# that socket), screen, wait_for TEXT and answer PROMPT TEXT. Skips the script without tmux.
command -v tmux >/dev/null || { echo "$(basename "$0"): skipped (no tmux; bash scripts/setup.sh installs it)"; exit 0; }
T=$E2E_TMP
SOCK="crowns-$SESSION-$$"
tm() { tmux -L "$SOCK" "$@"; }
trap 'tm kill-server 2>/dev/null; sleep 0.3; rm -rf "$E2E_TMP"' EXIT
tm -f /dev/null new-session -d -s "$SESSION" -x 150 -y 50 \
  "env CROWNS_DB='$CROWNS_DB' HOME='$HOME' NO_COLOR=1 TZ=UTC CROWNS_TODAY=$CROWNS_TODAY bash --norc --noprofile"
screen() { tm capture-pane -p -J -S -3000 -t "$SESSION"; }
# wait_for TEXT: until TEXT is on the screen (10 s at most); the screen is kept in $T/screen.
wait_for() {
  local i
  for i in $(seq 100); do
    screen >"$T/screen"
    grep -qF -- "$1" "$T/screen" && return 0
    sleep 0.1
  done
  echo "--- waited for: $1"; tail -15 "$T/screen"
  return 1
}
# answer PROMPT TEXT: waits for the PROMPT's n-th appearance and types TEXT and Enter.
declare -A seen_prompts
answer() {
  local n=$(( ${seen_prompts[$1]:-0} + 1 ))
  seen_prompts[$1]=$n
  local i
  for i in $(seq 100); do
    screen >"$T/screen"
    [ "$(grep -cF -- "$1" "$T/screen")" -ge "$n" ] && break
    sleep 0.1
  done
  if [ "$(grep -cF -- "$1" "$T/screen")" -lt "$n" ]; then
    echo "--- no question $1 (#$n)"; tail -15 "$T/screen"; return 1
  fi
  tm send-keys -t "$SESSION" -l -- "$2"
  tm send-keys -t "$SESSION" Enter
}
