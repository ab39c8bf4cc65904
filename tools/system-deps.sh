#!/usr/bin/env bash
# Make sure the system programs the project starts are present.
#   usage: tools/system-deps.sh BINARY:DEBIAN_PACKAGE ...   (or /PATH/OF/A/FILE:PACKAGE, e.g. a font)
# Installs missing ones with apt-get when running as root; otherwise stops and says how.
set -euo pipefail
missing_pkgs=()
missing_bins=()
for pair in "$@"; do
  bin=${pair%%:*}; pkg=${pair#*:}
  if [[ "$bin" == /* ]]; then present() { [ -e "$1" ]; }; else present() { command -v "$1" >/dev/null 2>&1; }; fi
  if ! present "$bin"; then
    missing_bins+=("$bin"); missing_pkgs+=("$pkg")
  fi
done
[ ${#missing_pkgs[@]} -eq 0 ] && exit 0
echo "system-deps: missing ${missing_bins[*]} (Debian packages: ${missing_pkgs[*]})"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing_pkgs[@]}" >/dev/null
  echo "system-deps: installed ${missing_pkgs[*]}"
else
  cat >&2 <<MSG
system-deps: cannot install ${missing_pkgs[*]} automatically (not root, or no apt-get).
  Debian/Ubuntu:  sudo apt-get install ${missing_pkgs[*]}
  macOS:          brew install graphviz   (the browser and PostgreSQL tests skip without them)
  conda:          conda env create -f environment.yml   (brings the dot binary)
MSG
  exit 1
fi
