#!/bin/sh
# Measure two claims of the treasure-hunt document (docs/algorithms.md, treasure)
# over many seeds and sizes (default density 0.55, min_path 12):
#   "every board has the correct number of open cells" -> exact: how often
#       open_cells == open_target (floor(rows*cols*density)); under/over:
#       boards with fewer (phase 2 ran out of its 900 tries) or more (the
#       main path alone passed the target) open cells;
#   "the fallback is rarely triggered" -> fallback: boards that took it.
# Prints one CSV line a size. docs/algorithms.md (treasure) quotes the output.
#
# usage: sh scripts/treasure-claims.sh [path/to/mazebench] [seeds]
set -eu
cd "$(dirname "$0")/.."
bin=${1:-build/mazebench}
n=${2:-1000}
[ -x "$bin" ] || { echo "treasure-claims: no executable '$bin' (build first)" >&2; exit 1; }

echo "size,seeds,exact,under,over,fallback,mean_attempts,min_route_cells"
for size in 6x6 8x8 10x10 16x16 32x32; do
    s=0
    while [ "$s" -lt "$n" ]; do
        "$bin" gen treasure --seed "$s" --size "$size" | tail -n 1
        s=$((s + 1))
    done | awk -F, -v size="$size" -v hdr="$("$bin" gen treasure --seed 0 --size 2x2 | head -n 1)" '
        BEGIN { k = split(hdr, h, ","); for (i = 1; i <= k; i++) at[h[i]] = i }
        {
            n++
            o = $(at["open_cells"]); t = $(at["open_target"])
            exact += (o == t); under += (o < t); over += (o > t)
            fb += $(at["fallback"]); att += $(at["attempts"])
            r = $(at["route_cells"]); if (n == 1 || r < minr) minr = r
        }
        END {
            printf "%s,%d,%.1f%%,%.1f%%,%.1f%%,%.1f%%,%.2f,%d\n", size, n, 100 * exact / n,
                100 * under / n, 100 * over / n, 100 * fb / n, att / n, minr
        }'
done
