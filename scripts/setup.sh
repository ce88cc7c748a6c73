#!/usr/bin/env bash
# Installs what crowns needs to build on Debian 12 (idempotent; skips apt when all is there).
#   bash scripts/setup.sh           to build and test
#   bash scripts/setup.sh --lint    also clang-format and clang-tidy (scripts/lint.sh)
#   bash scripts/setup.sh --package also what scripts/package.sh uses (dpkg-shlibdeps, lintian)
#   bash scripts/setup.sh --ci      also those and clang's fuzzer runtime (fuzz/run.sh): CI's one
#                                   apt-get update installs everything its steps use
set -euo pipefail
packages=(g++ cmake ninja-build libsqlite3-dev sqlite3 libfmt-dev libcli11-dev nlohmann-json3-dev catch2 libutf8proc-dev pkg-config
          libcpp-httplib-dev libqrencode-dev libicu-dev
          chromium poppler-utils python3 tmux zsh fish)
case "${1:-}" in
  --lint) packages+=(clang-format clang-tidy) ;;
  --package) packages+=(dpkg-dev file lintian man-db) ;;
  --ci) packages+=(clang-format clang-tidy clang libclang-rt-14-dev dpkg-dev file lintian man-db) ;;
esac
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "crowns setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
