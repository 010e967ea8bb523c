#!/bin/sh
# Install what a fresh Debian machine lacks to build, test, benchmark and chart
# mazebench. Idempotent: packages already present are left alone, and nothing
# is downloaded when everything is there.
#
#   sh scripts/setup.sh                 everything the project's tests need
#   sh scripts/setup.sh --minimal       only what building and running the
#                                       CLI needs: a C compiler, the C
#                                       library's headers, CMake and make
#   sh scripts/setup.sh --minimal --pictures --callgrind
#                                       the same and optional features:
#                                       PNG, SVG, PDF pictures and GIF
#                                       animations (cairo, giflib, libpng),
#                                       instruction counts (valgrind's headers)
# (docs/ci.md, "Minimal install", lists them with what each one adds.)
set -eu

minimal=0
extra=""
for arg in "$@"; do
    case $arg in
        --minimal) minimal=1 ;;
        --pictures) extra="$extra pkg-config libcairo2-dev libpng-dev libgif-dev" ;;
        --callgrind) extra="$extra valgrind" ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "setup: unknown option '$arg' (--minimal, --pictures, --callgrind)" >&2; exit 2 ;;
    esac
done
if [ -n "$extra" ] && [ "$minimal" -eq 0 ]; then
    echo "setup: --pictures and --callgrind go with --minimal (the full set-up has them)" >&2
    exit 2
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi

# Install the packages named in $1 that are not installed yet; nothing is
# downloaded when all of them are there.
install_missing() {
    missing=""
    for p in $1; do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
            missing="$missing $p"
        fi
    done
    if [ -n "$missing" ]; then
        echo "setup: installing:$missing" >&2
        export DEBIAN_FRONTEND=noninteractive
        $SUDO apt-get update -qq >&2
        # shellcheck disable=SC2086
        $SUDO apt-get install -y -qq --no-install-recommends $missing >&2
    fi
}

# The minimal set: gcc (any C11 compiler does), libc6-dev (gcc only
# recommends it, and recommends are not installed), cmake and make. The
# optional libraries are found at configure time when present; without
# them the CLI builds, and the formats they give report they are missing.
if [ "$minimal" -eq 1 ]; then
    install_missing "gcc libc6-dev cmake make$extra"
    exit 0
fi

# Only what the scripts use: the build (cmake, make, gcc, g++ for the
# benchmark shim, pkg-config), the tests (libcmocka-dev; clang for the second
# compiler), the benchmarks (libbenchmark-dev, hyperfine), the charts
# (gnuplot-nox), the sweep's provenance line (git) and the pictures
# (libcairo2-dev, libgif-dev; xmllint and rsvg-convert check the SVGs in the
# tests: libxml2-utils, librsvg2-bin). Never recommends.
# The cross compilers and qemu-user run scripts/cross.sh (another byte order
# and word size); libclang-rt-14-dev is libFuzzer (scripts/fuzz.sh);
# valgrind counts instructions (sweep --count callgrind, tests/costs_check.sh).
# chromium and nodejs open the HTML report headless (tests/report_browser.sh:
# node drives chromium over its DevTools pipe; tests/browser/check-report.js).
# Not GNU parallel: Debian's package depends on sysstat, which installs and
# enables system-wide collection timers; sweeps shard without it (see
# docs/sweeps.md), and its test is skipped, with a note, when it is absent.
# cmark-gfm and TeX Live (texlive-latex-base, texlive-latex-recommended:
# pdflatex, longtable, booktabs) read the report's markdown and LaTeX exports
# the way their users do (tests/report_cli.sh, tests/exports_cli.sh).
# npm installs the worked example of an outside generator (the npm package
# generate-maze, examples/outside/): Debian's npm only when there is no npm
# (Node.js from another source brings its own).
# The Debian package (scripts/package.sh, tests/package_cli.sh): dpkg-dev
# and file for CPack's computed dependencies (dpkg-shlibdeps), lintian to
# check it; python3-yaml reads the CI recipes (tests/ci_recipes.sh).
PKGS="cmake make gcc g++ clang pkg-config libcmocka-dev libbenchmark-dev gnuplot-nox hyperfine git
libcairo2-dev libgif-dev libxml2-utils librsvg2-bin
qemu-user-static gcc-s390x-linux-gnu libc6-dev-s390x-cross gcc-aarch64-linux-gnu libc6-dev-arm64-cross
gcc-i686-linux-gnu libc6-dev-i386-cross libclang-rt-14-dev valgrind
chromium nodejs cmark-gfm texlive-latex-base texlive-latex-recommended
dpkg-dev file lintian python3-yaml"

if ! command -v npm >/dev/null 2>&1; then
    PKGS="$PKGS npm"
fi
install_missing "$PKGS"

# The npm package generate-maze at its pinned version, outside the tracked
# tree (examples/outside/generate-maze.js loads it from there; no
# third-party code is in the repository). Nothing is downloaded when that
# version is present.
GM_VERSION=1.1.0
npm_dir="${MZ_DEPS:-$HOME/.cache/mazebench}/npm"
if ! grep -q "\"version\": *\"$GM_VERSION\"" "$npm_dir/node_modules/generate-maze/package.json" 2>/dev/null; then
    echo "setup: installing generate-maze@$GM_VERSION in $npm_dir" >&2
    mkdir -p "$npm_dir"
    npm install --prefix "$npm_dir" "generate-maze@$GM_VERSION" --no-audit --no-fund >&2
fi
