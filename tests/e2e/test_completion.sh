#!/usr/bin/env bash
# Shell completion: the bash script from `crowns completion bash` is sourced, and Tab is
# simulated (COMP_WORDS / COMP_CWORD, then _crowns) for commands, subcommands, options,
# option values, player names from the database, NAME= values and game ids. The zsh and
# fish scripts are driven without a terminal too (zsh with compadd stubbed, fish with
# complete -C) when those shells are installed (scripts/setup.sh installs them).
source "$(dirname "$0")/helpers/lib.sh"

# shellcheck disable=SC1090 # generated
source <("$CROWNS" completion bash)
check "the bash script registers _crowns" [ "$(complete -p crowns 2>/dev/null)" = "complete -F _crowns crowns" ]

# tab WORD...: completes the last word; prints the candidates sorted on one line.
tab() {
  COMP_WORDS=("$CROWNS" "$@")
  COMP_CWORD=$#
  COMPREPLY=()
  _crowns
  printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
}
expect() {  # NAME EXPECTED WORD...
  local name=$1 want=$2
  shift 2
  local got
  got=$(tab "$@")
  if [ "$got" = "$want" ]; then check "$name" true; else check "$name: got '$got', want '$want'" false; fi
}

"$CROWNS" player add Ann Annabel Bob 'Mary Jo' >/dev/null
"$CROWNS" new --another Ann Bob 'Mary Jo' >/dev/null
"$CROWNS" new --another Annabel Bob --date 2026-01-10 >/dev/null
"$CROWNS" season add Winter --from 2026-01-01 >/dev/null

expect "commands" "play player" pl
expect "commands of the report kind" "records reopen report restore" re
expect "rules" "rules" ru
expect "every command is offered" \
  "$("$CROWNS" --help | sed -n '/^Subcommands:/,/^$/p' | awk 'NF && !/Subcommands/ {print $1}' | sort | tr '\n' ' ' | sed 's/ $//')" ""
expect "subcommands" "rename retire" player re
expect "options of a command" "--game" show --ga
expect "options of a command and the global ones" "--ascii --color --compact --db --game --help --json --version --wide" show --
expect "global options after a command" "--db" show --d
expect "option values of a choice" "always auto" --color a
expect "the players of the database" "Ann Annabel" stats An
expect "a name with a space" 'Mary\ Jo' h2h Ann Ma
expect "NAME= for round values" "Ann= Annabel=" round An
expect "game ids, newest first" "1 2" show --game ''
expect "seasons" "Winter" leaderboard --season W
expect "no player offered where a new name goes" "" player add A
expect "help completes commands" "play player" help pl
expect "help completes subcommands" "add" help player ad
expect "after --db VALUE the command still completes" "show" --db "$CROWNS_DB" sho

# A database named by --db on the line is the one read for names.
other="$E2E_TMP/other.db"
"$CROWNS" --db "$other" player add Zed >/dev/null
expect "names from the --db database" "Zed" --db "$other" stats Z

# Completing never creates a database.
rm -f "$E2E_TMP/none.db"
tab --db "$E2E_TMP/none.db" stats A >/dev/null
check "completion created no database" [ ! -e "$E2E_TMP/none.db" ]

# File names where a file goes.
touch "$E2E_TMP/backup-file.db"
expect "files for a file argument" "$E2E_TMP/backup-file.db" restore "$E2E_TMP/backup-f"

"$CROWNS" completion tcsh 2>"$E2E_TMP/err"
check "unknown shell exits 2" [ $? = 2 ]
check "unknown shell names the token" grep -q "'tcsh' is not a shell" "$E2E_TMP/err"

# Issue 17 item 12: names with < > & ( ) ' " space $ are inserted escaped, and a prefix
# typed escaped ("Zoë\ ") still completes; --deal completes files; completion offers shells.
"$CROWNS" player add "Tom&Jerry" "O'Brien" 'Zoë Lee' 'Pat<Q>' 'Dee$x' '(Al)' 'Say"hi' >/dev/null
expect "& escaped" 'Tom\&Jerry' stats Tom
expect "a quote escaped" "O\\'Brien" stats O
expect "< > escaped" 'Pat\<Q\>' stats Pat
expect '$ escaped' 'Dee\$x' stats Dee
expect "( ) escaped" '\(Al\)' stats '('
expect "a double quote escaped" 'Say\"hi' stats Say
expect "after an escaped space" 'Zoë\ Lee' stats 'Zoë\ '
expect "after a quoted prefix" 'Zoë\ Lee' stats "'Zoë L"
expect "NAME= escaped" 'Tom\&Jerry=' round Tom
expect "--deal completes files" "$E2E_TMP/backup-file.db" solitaire odds --deal "$E2E_TMP/backup-f"
expect "completion offers the shells" "bash fish zsh" completion ''
expect "completion offers the shells by prefix" "zsh" completion z
# What bash inserts reads back as the name itself.
for name in "Tom&Jerry" "O'Brien" 'Pat<Q>' 'Dee$x' '(Al)' 'Say"hi' 'Zoë Lee'; do
  typed=$(tab stats "$(printf '%q' "${name:0:3}")")
  eval "read_back=($typed)"
  # shellcheck disable=SC2154 # assigned by the eval
  check "bash inserts $name as one word that reads back" [ "${read_back[*]}" = "$name" ]
done

if command -v zsh >/dev/null; then
  check "zsh script parses" zsh -n <("$CROWNS" completion zsh)
  # zsh without a terminal: compadd stubbed to print what it is given (compadd quotes the
  # words it inserts unless given -Q, which the script never passes).
  ztab() {  # WORD...: the compadd calls for completing the last word, arguments joined by |
    zsh -f -c '
      compdef() { : }
      compadd() { print -r -- "compadd|${(j:|:)@}" }
      source <("$0" completion zsh)
      words=("$0" "$@")
      CURRENT=$#words
      _crowns' "$CROWNS" "$@"
  }
  zcheck() {  # NAME EXPECTED WORD...
    local name=$1 want=$2 got
    shift 2
    got=$(ztab "$@")
    if [ "$got" = "$want" ]; then check "zsh: $name" true; else check "zsh: $name: got '$got', want '$want'" false; fi
  }
  zcheck "names" "compadd|--|Tom&Jerry" stats Tom
  zcheck "after an escaped space" "compadd|--|Zoë Lee" stats 'Zoë\ '
  zcheck "NAME= values" "compadd|-S|=|--|O'Brien" round O
  zcheck "shells" "compadd|--|bash|zsh|fish" completion ''
  check "zsh: --deal completes files" grep -q '_files' <(zsh -f -c '
      compdef() { : }
      _files() { print _files }
      source <("$0" completion zsh)
      words=("$0" solitaire odds --deal x)
      CURRENT=5
      _crowns' "$CROWNS")
  check "zsh never passes -Q (compadd escapes)" bash -c '! "$0" completion zsh | grep -q "compadd.*-Q"' "$CROWNS"
else
  echo "test_completion: zsh is not installed: skipped its part"
fi
if command -v fish >/dev/null; then
  check "fish script parses" fish --no-execute <("$CROWNS" completion fish)
  ftab() {  # COMMAND LINE: fish's candidates for it, sorted, one line
    fish --no-config -c 'set -x PATH (dirname $argv[1]) $PATH; crowns completion fish | source
      complete -C"$argv[2]"' "$CROWNS" "$1" |
      sort | tr '\n' ' ' | sed 's/ $//'
  }
  fcheck() {  # NAME EXPECTED LINE
    local got
    got=$(ftab "$3")
    if [ "$got" = "$2" ]; then check "fish: $1" true; else check "fish: $1: got '$got', want '$2'" false; fi
  }
  fcheck "names" "Tom&Jerry" "crowns stats Tom"
  fcheck "after an escaped space" "Zoë Lee" 'crowns stats Zoë\ '
  fcheck "shells" "bash fish zsh" "crowns completion "
  fcheck "--deal completes files" "$E2E_TMP/backup-file.db" "crowns solitaire odds --deal $E2E_TMP/backup-f"
else
  echo "test_completion: fish is not installed: skipped its part"
fi
check "bash script parses" bash -n <("$CROWNS" completion bash)
finish
