#!/usr/bin/env bash
# Suit symbols and colours of crowns analyze: the deck's colours (stars yellow, hearts red,
# clubs green, spades default, diamonds blue) on a terminal or with --color always; plain
# letters when piped; --ascii forces letters; NO_COLOR and TERM=dumb turn colour off.
source "$(dirname "$0")/helpers/lib.sh"
unset NO_COLOR
E=$'\e'
hand=('7*' 7h 7c 7s 7d jk)

# Runs crowns on a pseudo-terminal (util-linux script), so that isatty() is true.
on_tty() { script -qec "$(printf '%q ' "$CROWNS" "$@")" /dev/null | tr -d '\r'; }
contains() { [[ $1 == *"$2"* ]]; }
lacks() { [[ $1 != *"$2"* ]]; }

out=$("$CROWNS" --color always analyze "${hand[@]}")
check "always: stars yellow" contains "$out" "${E}[33m7★${E}[0m"
check "always: hearts red" contains "$out" "${E}[31m7♥${E}[0m"
check "always: clubs green" contains "$out" "${E}[32m7♣${E}[0m"
check "always: spades uncoloured" contains "$out" " 7♠ "
check "always: spades have no colour code" lacks "$out" "m7♠"
check "always: diamonds blue" contains "$out" "${E}[34m7♦${E}[0m"

out=$("$CROWNS" --color always --ascii analyze "${hand[@]}")
check "--ascii: letters" contains "$out" "hand     7* 7h 7c 7s 7d "
check "--ascii: no symbols" lacks "$out" "♥"

out=$("$CROWNS" analyze "${hand[@]}")
check "piped: letters" contains "$out" "hand     7* 7h 7c 7s 7d jk"
check "piped: no escape codes" lacks "$out" "$E"

out=$("$CROWNS" --color never analyze "${hand[@]}")
check "never: no escape codes" lacks "$out" "$E"
check "never: letters" lacks "$out" "♥"

if command -v script >/dev/null; then
  out=$(on_tty analyze "${hand[@]}")
  check "tty: symbols" contains "$out" "7♥"
  check "tty: colour" contains "$out" "${E}[31m7♥"
  out=$(NO_COLOR=1 on_tty analyze "${hand[@]}")
  check "tty + NO_COLOR: symbols" contains "$out" "hand     7★ 7♥ 7♣ 7♠ 7♦ JK"
  check "tty + NO_COLOR: no colour" lacks "$out" "$E"
  out=$(TERM=dumb on_tty analyze "${hand[@]}")
  check "tty + TERM=dumb: no colour" lacks "$out" "$E"
  out=$(on_tty --ascii analyze "${hand[@]}")
  check "tty + --ascii: letters" contains "$out" "7h"
  check "tty + --ascii: no symbols" lacks "$out" "♥"
fi
finish
