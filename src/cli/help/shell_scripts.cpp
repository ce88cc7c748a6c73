#include "cli/help/shell_scripts.hpp"

namespace crowns::cli {
namespace {

// COMP_WORDS splits "Ann=" and "--db=x" at '='; bash-completion's _get_comp_words_by_ref
// (when loaded) keeps them whole. A candidate ending in '=' (NAME=) leaves the cursor there.
constexpr std::string_view kBash =
    R"(# bash completion for crowns: `source <(crowns completion bash)`, or install it as
# /usr/share/bash-completion/completions/crowns. The candidates come from crowns itself:
# its command table, and the players, games and seasons in the database.
# The word as crowns will get it: \x is x, and '...' and "..." quotes go ("Zoë\ " is "Zoë ").
__crowns_dequote() {
  local w=$1 q= c i
  REPLY=
  for ((i = 0; i < ${#w}; i++)); do
    c=${w:i:1}
    if [[ $q == "'" ]]; then
      if [[ $c == "'" ]]; then q=; else REPLY+=$c; fi
    elif [[ $c == \\ ]]; then
      ((i++))
      REPLY+=${w:i:1}
    elif [[ $c == '"' && $q == '"' ]]; then
      q=
    elif [[ -z $q && ($c == "'" || $c == '"') ]]; then
      q=$c
    else
      REPLY+=$c
    fi
  done
}
_crowns() {
  local cur cword out i prog REPLY
  local -a words args
  if declare -F _get_comp_words_by_ref >/dev/null 2>&1; then
    _get_comp_words_by_ref -n =: cur words cword
  else
    cur=${COMP_WORDS[COMP_CWORD]} cword=$COMP_CWORD
    words=("${COMP_WORDS[@]}")
  fi
  prog=${words[0]}
  [[ $prog == "~/"* ]] && prog=$HOME/${prog#"~/"}
  for ((i = 1; i <= cword; i++)); do
    if ((i == cword)); then __crowns_dequote "$cur"; else __crowns_dequote "${words[i]}"; fi
    args+=("$REPLY")
  done
  cur=${args[cword - 1]}
  out=$(command "$prog" completion --complete -- "${args[@]}" 2>/dev/null) || return 0
  COMPREPLY=()
  if [[ $out == :files ]]; then
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    return 0
  fi
  [[ -n $out ]] || return 0
  mapfile -t COMPREPLY <<<"$out"
  if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]]; then
    compopt -o nospace 2>/dev/null
  fi
  # Inserted as typed words: a name with a space, quote, < > & ( ) $ and the like escaped.
  for i in "${!COMPREPLY[@]}"; do
    [[ ${COMPREPLY[i]} == *[[:space:]\'\"\\\<\>\&\(\)\$\|\;\!\*\?\[\]\{\}\~\#\`]* ]] &&
      COMPREPLY[i]=$(printf '%q' "${COMPREPLY[i]}")
  done
  return 0
}
complete -F _crowns crowns
)";

constexpr std::string_view kZsh = R"(#compdef crowns
# zsh completion for crowns: put it on $fpath as _crowns, or `source <(crowns completion zsh)`
# after compinit. The candidates come from crowns itself: its command table, and the
# players, games and seasons in the database.
_crowns() {
  local out c
  local -a plain named
  # ${(Q)...}: the words unquoted, as crowns will get them ("Zoë\ " is "Zoë ").
  out=$(command ${words[1]} completion --complete -- "${(@Q)words[2,CURRENT]}" 2>/dev/null) ||
    return 1
  if [[ $out == :files ]]; then
    _files
    return
  fi
  for c in "${(@f)out}"; do
    [[ -z $c ]] && continue
    if [[ $c == *= ]]; then named+=("${c%=}"); else plain+=("$c"); fi
  done
  (( ${#named} )) && compadd -S '=' -- "${named[@]}"
  (( ${#plain} )) && compadd -- "${plain[@]}"
  return 0
}
if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
  _crowns "$@"
else
  compdef _crowns crowns
fi
)";

constexpr std::string_view kFish =
    R"(# fish completion for crowns: `crowns completion fish | source`, or install it as
# crowns.fish in a vendor_completions.d folder. The candidates come from crowns itself: its
# command table, and the players, games and seasons in the database.
function __crowns_complete
    set -l words (commandline -opc)
    set -l prog $words[1]
    set -e words[1]
    # The token being typed, unquoted as crowns will get it ("Zoë\ " is "Zoë ").
    set -l cur (commandline -ct | string unescape)
    set -l out (command $prog completion --complete -- $words "$cur" 2>/dev/null)
    if test "$out" = ":files"
        __fish_complete_path "$cur"
        return
    end
    printf '%s\n' $out
end
complete -c crowns -f -a '(__crowns_complete)'
)";

}  // namespace

std::string_view bash_completion_script() {
  return kBash;
}

std::string_view zsh_completion_script() {
  return kZsh;
}

std::string_view fish_completion_script() {
  return kFish;
}

}  // namespace crowns::cli
