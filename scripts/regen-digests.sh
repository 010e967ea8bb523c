#!/bin/sh
# Regenerate data/digests.csv: digests of dfs mazes for seeds 464..473 at
# 31x31, 101x101, 7x40 and 1000x1000, computed by the CLI of build/.
# Review the change with 'git diff data/digests.csv' before committing:
# a digest that moves means the mazes changed.
set -eu
cd "$(dirname "$0")/.."
cli=${MAZEBENCH:-./build/mazebench}
out=data/digests.csv
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
{
    echo "# Digests of reference mazes (docs/conventions.md, 'The digest')."
    echo "# Regenerate with: sh scripts/regen-digests.sh (then review git diff)."
    echo "# dead_ends and route tie a digest to its maze for a reviewer: dfs seed 464"
    echo "# 31x31 has the article's 96 dead ends and 320-step route (board 01)."
    echo "gen,seed,rows,cols,dead_ends,route,digest"
    for size in 31x31 101x101 7x40 1000x1000; do
        for seed in 464 465 466 467 468 469 470 471 472 473; do
            "$cli" gen dfs --seed "$seed" --size "$size" |
                awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
                         { print $c["gen"] "," $c["seed"] "," $c["rows"] "," $c["cols"] "," $c["dead_ends"] "," $c["route"] "," $c["digest"] }'
        done
    done
} >"$tmp"
mv "$tmp" "$out"
trap - EXIT
echo "wrote $out" >&2
