#!/bin/sh
# The cost a cell of dfs, kruskal and wilson (generators) and of bfs and
# astar (solvers, on the dfs maze of the same grid and seed) on every cell
# shape, beside the square grid's, two ways:
#
#  - instructions (default): the timed call at about 10^5 cells of each
#    shape, counted under Callgrind ('mazebench sweep --count callgrind';
#    the same on every run, loaded or not);
#  - time (--times 6 or --times 8): the CPU time of the timed call at
#    about 10^6 cells (the fastest of 3 runs) or 10^8 cells (one run; dfs,
#    kruskal and bfs only: wilson and astar take minutes there), all
#    shapes in one run.
#
# Each row: the count (or nanoseconds) a cell and its ratio to the square
# grid's; a solver's also a closed cell (a search stops at the exit, so
# its share of the grid varies by maze), wilson's also a step of its walks
# (their length a cell varies by shape and, by tens of percent, by seed). The digest and a solver's closed
# cells are kept, so two tables also show whether the mazes and searches
# stayed the same.
#
#   sh scripts/shape-costs.sh [--times 6|8] [path/to/mazebench] [FILE]
#   sh scripts/shape-costs.sh --reference [--times 6|8] [path/to/mazebench] [NAME]
#
# About 5 minutes for the counts, 2 for --times 6, 10 for --times 8 (on a
# quiet machine, with 6 GB of memory free). FILE defaults to
# results/runs/shapes-<UTC time>/costs.csv (times-1e6.csv, times-1e8.csv;
# git ignores results/runs/), so a run never overwrites an earlier one;
# --reference writes results/shapes/NAME.csv (NAME: costs, times-1e6 or
# times-1e8 by default), to be reviewed. Measure with a Release build
# (cmake -DCMAKE_BUILD_TYPE=Release). SHAPE_COSTS_GRIDS replaces the
# grids (a comma-separated list) for a quick look.
#
# docs/shapes.md ("Cost per cell") shows and explains the tables.
set -eu
cd "$(dirname "$0")/.."
ref=""
times=""
while :; do
    case "${1:-}" in
    --reference) ref=1; shift ;;
    --times)
        case "${2:-}" in
        6 | 8) times=$2 ;;
        *) echo "shape-costs: --times takes 6 or 8" >&2; exit 2 ;;
        esac
        shift 2 ;;
    *) break ;;
    esac
done
name=costs
[ -z "$times" ] || name=times-1e$times
bin=${1:-build/mazebench}
if [ -n "$ref" ]; then out=results/shapes/${2:-$name}.csv
else out=${2:-results/runs/shapes-$(date -u +%Y%m%dT%H%M%SZ)/$name.csv}; fi
[ -x "$bin" ] || { echo "shape-costs: no executable '$bin' (build first)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gens="dfs kruskal wilson"
solvers="bfs astar"
reps=1
count=""
case "$times" in
"")
    command -v valgrind >/dev/null 2>&1 || { echo "shape-costs: valgrind is not installed" >&2; exit 1; }
    count="--count callgrind"
    # About 10^5 cells of each shape: 316^2 = 99856, polar:216 = 100351
    # (rings 128..255 hold 768 cells each), 10 x 100 x 100.
    grids=316x316,hex:316x316,tri:316x316,polar:216,3d:10x100x100,weave:316x316,torus:316x316 ;;
6)
    reps=3
    # polar:667 = 1000447 cells (rings 512..1023 hold 3072 each)
    grids=1000x1000,hex:1000x1000,tri:1000x1000,polar:667,3d:10x316x316,weave:1000x1000,torus:1000x1000 ;;
8)
    gens="dfs kruskal"
    solvers="bfs"
    # polar:6800 = 100007935 cells (rings 4096..8191 hold 24576 each)
    grids=10000x10000,hex:10000x10000,tri:10000x10000,polar:6800,3d:100x1000x1000,weave:10000x10000,torus:10000x10000 ;;
esac
grids=${SHAPE_COSTS_GRIDS:-$grids}
{
    for e in $gens; do echo "gen $e"; done
    printf 'seeds 464\nsizes %s\nreps %s\nskip unsupported\n' "$grids" "$reps"
} >"$tmp/gen.plan"
{
    echo "gen dfs"
    for e in $solvers; do echo "solve $e"; done
    printf 'seeds 464\nsizes %s\nreps %s\n' "$grids" "$reps"
} >"$tmp/solve.plan"
for stage in gen solve; do
    # shellcheck disable=SC2086
    "$bin" sweep "$tmp/$stage.plan" $count --progress 0 \
        --out "$tmp/$stage.csv" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
done
mkdir -p "$(dirname "$out")"
{
    grep -E '^# (commit|compiler|cflags|registry|cpu|counter): ' "$tmp/gen.csv"
    awk -f scripts/csv.awk -v timed="$times" -f /dev/stdin "$tmp/gen.csv" "$tmp/solve.csv" <<'AWK'
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
    # the count, or the call's CPU time (its wall time where the CPU time
    # is not known): others' work on the machine takes wall time, not CPU
    col = (stage == "gen" ? "gen" : "solve") (timed == "" ? "_instr" : "_cpu_ns")
    v = f[c[col]]
    if (v == "" && timed != "") v = f[c[(stage == "gen" ? "gen" : "solve") "_ns"]]
    v += 0
    key = stage "," entry
    if (!(key in seen)) { seen[key] = 1; order[++no] = key }
    # the fastest of the repetitions (counts repeat exactly)
    if ((key, shape) in best && best[key, shape] <= v) next
    best[key, shape] = v
    row[key, shape] = sprintf("%s,%s,%s,%s,%s,%s,%s,%s,%.0f", stage, entry, shape, grid,
        f[c["cells"]], f[c["seed"]], f[c["digest"]], stage == "gen" ? "" : f[c["closed"]], v)
    per[key, shape] = v / f[c["cells"]]
    pc[key, shape] = stage == "gen" ? "" : sprintf("%.1f", v / f[c["closed"]])
    w = stage == "gen" ? f[c["walk_steps"]] : ""
    ps[key, shape] = w == "" ? "," : sprintf("%s,%.1f", w, v / w)
}
END {
    m = timed == "" ? "instr" : "ns"
    print "stage,entry,shape,grid,cells,seed,digest,closed," m "," m "_per_cell,vs_square," m "_per_closed,walk_steps," m "_per_step"
    ns = split("ortho hex tri polar 3d weave torus", shapes, " ")
    for (k = 1; k <= no; k++)
        for (s = 1; s <= ns; s++) {
            key = order[k]
            if (!((key, shapes[s]) in row)) continue
            sq = per[key, "ortho"]
            r = sq > 0 ? sprintf("%.2f", per[key, shapes[s]] / sq) : ""
            printf "%s," (timed == "" ? "%.1f" : "%.2f") ",%s,%s,%s\n", row[key, shapes[s]],
                per[key, shapes[s]], r, pc[key, shapes[s]], ps[key, shapes[s]]
        }
}
AWK
} >"$tmp/out.csv"
mv "$tmp/out.csv" "$out"
echo "shape-costs: wrote $out" >&2
