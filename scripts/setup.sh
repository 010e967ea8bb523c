#!/bin/sh
# Install what a fresh Debian machine lacks to build, test, benchmark and chart
# mazebench. Idempotent: packages already present are left alone, and nothing
# is downloaded when everything is there.
set -eu

PKGS="cmake make gcc g++ clang pkg-config libcmocka-dev libbenchmark-dev gnuplot-nox hyperfine parallel valgrind git"

missing=""
for p in $PKGS; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done

if [ -z "$missing" ]; then
    exit 0
fi

echo "setup: installing:$missing" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing >&2
