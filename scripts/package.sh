#!/usr/bin/env bash
# Builds the Debian package (CPack) from the Release build, checks it with lintian, installs
# it with apt-get, and checks the installed files: crowns --version, its man page, the
# completions, and crowns serve through the helper in /usr/libexec/crowns. Removes the package
# again at the end (unless --keep). Needs root (or sudo) for the install.
#   bash scripts/package.sh [--keep]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash scripts/setup.sh --package
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
build=$root/build/ci
cmake --preset ci >/dev/null
cmake --build "$build" -j "$(nproc)" --target crowns crowns-serve crowns_docs crowns_package_files
(cd "$build" && cpack -G DEB >/dev/null)
deb=$(ls "$build"/crowns_*_*.deb)
echo "package: $deb"
dpkg-deb --info "$deb" | sed -n '/Package:/,$p'
dpkg-deb --contents "$deb" | awk '{print $6}'
# lintian: no error (warnings are printed; the build fails on an error).
lintian --fail-on error --tag-display-limit 0 "$deb"
echo "package: lintian found no error"

$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb" >/dev/null
cleanup() { [ "${1:-}" = --keep ] || $SUDO apt-get remove -y -qq crowns >/dev/null; }
trap 'cleanup "${1:-}"' EXIT
fail() { echo "package: FAILED: $*" >&2; exit 1; }
[ "$(command -v crowns)" = /usr/bin/crowns ] || fail "crowns is not /usr/bin/crowns"
crowns --version | grep -qx "crowns [0-9.]*" || fail "crowns --version"
[ "$(man -w crowns)" = /usr/share/man/man1/crowns.1.gz ] || fail "man -w crowns: $(man -w crowns)"
man -P cat crowns 2>/dev/null | grep -q "Five Crowns" || fail "man crowns does not read"
bash -c 'source /usr/share/bash-completion/completions/crowns && complete -p crowns' |
  grep -q crowns || fail "the bash completion does not register"
zsh -fc 'fpath=(/usr/share/zsh/site-functions $fpath); autoload -Uz compinit && compinit -u &&
  (( $+_comps[crowns] ))' || fail "the zsh completion does not register"
fish -c 'complete -C "crowns sh"' | grep -q '^show' || fail "the fish completion does not complete 'show'"
[ -x /usr/libexec/crowns/crowns-serve ] || fail "no /usr/libexec/crowns/crowns-serve"
tmp=$(mktemp -d)
CROWNS_DB=$tmp/db crowns new --add Ann Bob >/dev/null
CROWNS_DB=$tmp/db timeout 3 crowns serve --port 0 >"$tmp/serve.out" 2>&1 || true
grep -q "^Viewers: *http://127.0.0.1:" "$tmp/serve.out" || { cat "$tmp/serve.out"; fail "crowns serve"; }
rm -rf "$tmp"
echo "package: installed and checked: crowns, crowns(1), completions, crowns serve"
