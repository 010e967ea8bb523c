#!/bin/sh
# Rewrite tests/render-digests.txt: the pixel digests (FNV-1a 64 over the
# decoded R, G, B bytes, antialiasing off, no legend text) of the small
# pictures tests/test_render.c draws. Run it after an intended change to
# the drawing, look at the pictures (scripts/renders.sh), review the diff.
# Usage: sh scripts/regen-render-digests.sh [BUILD_DIR]   (default build/)
set -eu
cd "$(dirname "$0")/.."
b=${1:-build}
cmake --build "$b" --target test_render >/dev/null
{
    echo "# Pixel digests of tests/test_render.c's golden pictures (name digest),"
    echo "# written by scripts/regen-render-digests.sh; review changes with git diff."
    MZ_PRINT_DIGESTS=1 "$b/tests/test_render" | grep -E '^(# cairo|[a-z0-9].* [0-9a-f]{16}$)'
} > tests/render-digests.txt
cat tests/render-digests.txt
