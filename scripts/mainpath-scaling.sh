#!/bin/sh
# How mainpath's time grows with the grid, in both modes (they make the same
# maze: the digest column shows it). One CSV line a (size, mode): wall
# seconds and peak memory of one `mazebench gen` run (process start and the
# metrics included, the same for both modes), the best of REPS runs.
#
# usage: sh scripts/mainpath-scaling.sh [path/to/mazebench] [max_side] [reps]
#   max_side: largest N of the NxN sizes 32, 64, ... (default 512; 1024
#             takes minutes in faithful mode)
set -eu
cd "$(dirname "$0")/.."
bin=${1:-build/mazebench}
max=${2:-512}
reps=${3:-3}
[ -x "$bin" ] || { echo "mainpath-scaling: no executable '$bin' (build first)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "mainpath-scaling: needs GNU time (/usr/bin/time)" >&2; exit 1; }

echo "size,mode,seconds,peak_kb,rounds,digest"
n=32
while [ "$n" -le "$max" ]; do
    for mode in fast faithful; do
        best=""
        r=0
        while [ "$r" -lt "$reps" ]; do
            out=$( { /usr/bin/time -f "TIME %e %M" "$bin" gen "mainpath:mode=$mode" --seed 464 \
                     --size "${n}x${n}" | tail -n 1; } 2>&1)
            t=$(echo "$out" | awk '/^TIME/ { print $2 }')
            kb=$(echo "$out" | awk '/^TIME/ { print $3 }')
            row=$(echo "$out" | grep -v '^TIME')
            if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then
                best=$t
                bestkb=$kb
            fi
            r=$((r + 1))
        done
        hdr=$("$bin" gen mainpath --seed 0 --size 2x2 | head -n 1)
        echo "$row" | awk -F, -v hdr="$hdr" -v n="$n" -v mode="$mode" -v t="$best" -v kb="$bestkb" '
            BEGIN { k = split(hdr, h, ","); for (i = 1; i <= k; i++) at[h[i]] = i }
            { printf "%dx%d,%s,%s,%s,%s,%s\n", n, n, mode, t, kb, $(at["rounds"]), $(at["digest"]) }'
    done
    n=$((n * 2))
done
