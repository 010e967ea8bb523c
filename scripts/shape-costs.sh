#!/bin/sh
# Instructions a cell on every cell shape: the timed call of dfs, kruskal
# and wilson (generators) and of bfs and astar (solvers, on the dfs maze
# of the same grid and seed) at about 10^5 cells of each shape, counted
# under Callgrind ('mazebench sweep --count callgrind'; the same on every
# run, loaded or not), and each shape's count a cell over the square
# grid's (a solver's also a closed cell: a search stops at the exit, so
# its share of the grid varies by maze). The digest (and a solver's closed cells) of every row is kept,
# so two tables also show whether the mazes and searches stayed the same.
#
#   sh scripts/shape-costs.sh [path/to/mazebench] [FILE]   # about 3 minutes
#   sh scripts/shape-costs.sh --reference [path/to/mazebench] [NAME]
#
# FILE defaults to results/runs/shapes-<UTC time>/costs.csv (git ignores
# results/runs/), so a run never overwrites an earlier one; --reference
# writes results/shapes/NAME.csv (NAME: costs by default), to be reviewed.
# Count with a Release build (cmake -DCMAKE_BUILD_TYPE=Release).
#
# docs/shapes.md ("Cost per cell") shows and explains the table.
set -eu
cd "$(dirname "$0")/.."
ref=""
if [ "${1:-}" = --reference ]; then
    ref=1
    shift
fi
bin=${1:-build/mazebench}
if [ -n "$ref" ]; then out=results/shapes/${2:-costs}.csv
else out=${2:-results/runs/shapes-$(date -u +%Y%m%dT%H%M%SZ)/costs.csv}; fi
[ -x "$bin" ] || { echo "shape-costs: no executable '$bin' (build first)" >&2; exit 1; }
command -v valgrind >/dev/null 2>&1 || { echo "shape-costs: valgrind is not installed" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# About 10^5 cells of each shape: 316^2 = 99856, polar:216 = 100351
# (rings 128..255 hold 768 cells each), 10 x 100 x 100.
grids=${SHAPE_COSTS_GRIDS:-316x316,hex:316x316,tri:316x316,polar:216,3d:10x100x100,weave:316x316}
cat >"$tmp/gen.plan" <<EOF
gen dfs
gen kruskal
gen wilson
seeds 464
sizes $grids
skip unsupported
EOF
cat >"$tmp/solve.plan" <<EOF
gen dfs
solve bfs
solve astar
seeds 464
sizes $grids
EOF
for stage in gen solve; do
    "$bin" sweep "$tmp/$stage.plan" --count callgrind --progress 0 \
        --out "$tmp/$stage.csv" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
done
mkdir -p "$(dirname "$out")"
{
    grep -E '^# (commit|compiler|cflags|registry|counter): ' "$tmp/gen.csv"
    awk -f scripts/csv.awk -f /dev/stdin "$tmp/gen.csv" "$tmp/solve.csv" <<'AWK'
/^#/ { next }
FILENAME != file {
    file = FILENAME
    n = csv_split($0, h)
    delete c
    for (k = 1; k <= n; k++) c[h[k]] = k
    stage = FILENAME ~ /gen\.csv$/ ? "gen" : "solve"
    next
}
{
    csv_split($0, f)
    topo = f[c["topology"]]; rows = f[c["rows"]]; cols = f[c["cols"]]
    if (topo == "ortho") grid = rows "x" cols
    else if (topo == "polar") grid = "polar:" rows
    else if (topo ~ /^3d:/) grid = topo "x" rows "x" cols
    else grid = topo ":" rows "x" cols
    shape = topo; sub(/:.*/, "", shape)
    entry = stage == "gen" ? f[c["gen"]] : f[c["solver"]]
    ins = stage == "gen" ? f[c["gen_instr"]] : f[c["solve_instr"]]
    key = stage "," entry
    if (!(key in seen)) { seen[key] = 1; order[++no] = key }
    row[key, shape] = sprintf("%s,%s,%s,%s,%s,%s,%s,%s,%s", stage, entry, shape, grid,
        f[c["cells"]], f[c["seed"]], f[c["digest"]], stage == "gen" ? "" : f[c["closed"]], ins)
    per[key, shape] = ins / f[c["cells"]]
    pc[key, shape] = stage == "gen" ? "" : sprintf("%.1f", ins / f[c["closed"]])
}
END {
    print "stage,entry,shape,grid,cells,seed,digest,closed,instr,instr_per_cell,vs_square,instr_per_closed"
    ns = split("ortho hex tri polar 3d weave", shapes, " ")
    for (k = 1; k <= no; k++)
        for (s = 1; s <= ns; s++) {
            key = order[k]
            if (!((key, shapes[s]) in row)) continue
            sq = per[key, "ortho"]
            r = sq > 0 ? sprintf("%.2f", per[key, shapes[s]] / sq) : ""
            printf "%s,%.1f,%s,%s\n", row[key, shapes[s]], per[key, shapes[s]], r, pc[key, shapes[s]]
        }
}
AWK
} >"$tmp/costs.csv"
mv "$tmp/costs.csv" "$out"
echo "shape-costs: wrote $out" >&2
