#!/usr/bin/env bash
# Installs what crowns needs on Debian 12 (idempotent; skips apt when all is there).
#   bash scripts/setup.sh           to build and run crowns (scripts/run.sh)
#   bash scripts/setup.sh --test    also what the tests drive: Chromium, tmux, the shells whose
#                                   completions are checked, pdftoppm, and the sync tools the
#                                   sync tests run crowns through: git, Syncthing (scripts/test.sh)
#   bash scripts/setup.sh --lint    also clang-format and clang-tidy (scripts/lint.sh)
#   bash scripts/setup.sh --package also what scripts/package.sh uses (dpkg-shlibdeps, lintian)
#   bash scripts/setup.sh --ci      all of these and clang's fuzzer runtime (fuzz/run.sh)
# Options combine. CROWNS_APT_UPDATED=1 skips `apt-get update` (CI runs it once).
set -euo pipefail
packages=(g++ cmake ninja-build libsqlite3-dev sqlite3 libfmt-dev libcli11-dev nlohmann-json3-dev catch2
          libutf8proc-dev pkg-config libcpp-httplib-dev libqrencode-dev libicu-dev)
test_packages=(chromium poppler-utils python3 tmux zsh fish git syncthing)
lint_packages=(clang-format clang-tidy)
package_packages=(dpkg-dev file lintian man-db zsh fish)
for option in "$@"; do
  case "$option" in
    --test) packages+=("${test_packages[@]}") ;;
    --lint) packages+=("${lint_packages[@]}") ;;
    --package) packages+=("${package_packages[@]}") ;;
    --ci) packages+=("${test_packages[@]}" "${lint_packages[@]}" "${package_packages[@]}" clang libclang-rt-14-dev) ;;
    *)
      echo "setup.sh: unknown option $option (--test, --lint, --package or --ci)" >&2
      exit 2
      ;;
  esac
done
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "crowns setup: installing ${missing[*]}"
  [ "${CROWNS_APT_UPDATED:-}" = 1 ] || $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
