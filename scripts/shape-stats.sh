#!/bin/sh
# Maze statistics on every cell shape: every generator at its defaults (and
# the published variants, 'stats all') on one grid of about 1000 cells a
# shape, over the seeds, with 95% confidence intervals (docs/stats.md,
# "Other cell shapes").
#
#   sh scripts/shape-stats.sh [path/to/mazebench [SEEDS]]
#        defaults: build/mazebench, 1..20
#
# Writes, into results/shapes/:
#   stats-by-shape.csv  'mazebench stats all --grid GRIDS --format csv': every
#                       statistic of every generator on every grid it runs
#                       on, with its topology and cell count
#   stats-by-shape.md   from that CSV: the dead-end share, the route and the
#                       longest path by generator and shape, and wilson
#                       against aldous-broder on each shape (Welch)
# The grids: 31x31 (961 cells), hex:31x31 (961), tri:31x31 (961), polar:21
# (991: 21 rings, the centre included), 3d:4x16x16 (1024), weave:31x31 (961),
# torus:31x31 (961).
# A few seconds of CPU. Both files are the same on every machine.
set -eu
cd "$(dirname "$0")/.."
bin=${1:-build/mazebench}
seeds=${2:-1..20}
grids=31x31,hex:31x31,tri:31x31,polar:21,3d:4x16x16,weave:31x31,torus:31x31
[ -x "$bin" ] || { echo "shape-stats: no executable '$bin' (build first)" >&2; exit 1; }
out=results/shapes
mkdir -p "$out"
csv=$out/stats-by-shape.csv
md=$out/stats-by-shape.md
"$bin" stats all --grid "$grids" --seeds "$seeds" --format csv >"$csv.tmp"
mv "$csv.tmp" "$csv"

# The generator specs of 'stats all' hold no commas, so the CSV splits on
# them as written.
awk -F, -v grids="$grids" -v seeds="$seeds" '
function pct(m, lo, hi) { return sprintf("%.1f [%.1f, %.1f]", 100 * m, 100 * lo, 100 * hi) }
function num(m, lo, hi) { return sprintf("%.0f [%.0f, %.0f]", m, lo, hi) }
function cell(table, g, t) { return ((g, t) in table) ? table[g, t] : "-" }
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
{
    g = $col["gen"]; t = $col["topology"]; st = $col["stat"]
    sub(/:.*/, "", t) # 3d:LEVELS
    if (!(g in seen)) { seen[g] = 1; gens[++ng] = g }
    if (t == "polar") grid[t] = $col["rows"] " rings"
    else if (t == "3d") grid[t] = substr($col["topology"], 4) "x" $col["rows"] "x" $col["cols"]
    else grid[t] = $col["rows"] "x" $col["cols"]
    cells[t] = $col["cells"]
    m = $col["mean"]; lo = $col["ci95_lo"]; hi = $col["ci95_hi"]
    mean[g, t, st] = m; se[g, t, st] = $col["se"]
    if (st == "dead_ends") dead[g, t] = pct(m, lo, hi)
    if (st == "route") route[g, t] = num(m, lo, hi)
    if (st == "longest") longest[g, t] = ($col["exact"] == 1 ? "" : ">= ") num(m, lo, hi)
}
function table(title, what, tab,    k, j, row) {
    print "## " title
    print ""
    row = "| generator |"
    for (j = 1; j <= nt; j++) row = row " " topo[j] " (" grid[topo[j]] ", " cells[topo[j]] " cells) |"
    print row
    row = "|---|"
    for (j = 1; j <= nt; j++) row = row "---:|"
    print row
    for (k = 1; k <= ng; k++) {
        row = "| `" gens[k] "` |"
        for (j = 1; j <= nt; j++) row = row " " cell(tab, gens[k], topo[j]) " |"
        print row
    }
    print ""
    if (what != "") { print what; print "" }
}
function z(t, st,    a, b, s) {
    a = "wilson"; b = "aldous-broder"
    s = sqrt(se[a, t, st] ^ 2 + se[b, t, st] ^ 2)
    return s > 0 ? sprintf("%.2f", (mean[a, t, st] - mean[b, t, st]) / s) : "0.00"
}
END {
    nt = 0
    split("ortho hex tri polar 3d weave torus", order, " ")
    for (j = 1; j <= 7; j++) if (order[j] in grid) topo[++nt] = order[j]
    print "# Maze statistics by cell shape"
    print ""
    print "Made by `sh scripts/shape-stats.sh` (`mazebench stats all --grid " grids " --seeds " seeds "`);"
    print "every figure is a mean over the seeds with its 95% confidence interval (Student t)."
    print "A generator that does not run on a shape has `-` there. docs/stats.md explains the figures."
    print ""
    table("Dead-end share, % of the cells", "", dead)
    table("Route, entrance to exit steps", "Entrance: cell 0; exit: the last cell (polar: the centre to the last rim cell; 3d: the first corner of the first level to the opposite corner of the last).", route)
    table("Longest path, steps", "`>=`: a maze with loops, the double sweep is a lower bound.", longest)
    print "## wilson against aldous-broder"
    print ""
    print "Both draw a uniform spanning tree; z is the difference of the means over its Welch standard error, sqrt(se1^2 + se2^2)."
    print ""
    print "| shape | dead ends % wilson | aldous-broder | z | route wilson | aldous-broder | z | longest wilson | aldous-broder | z |"
    print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    for (j = 1; j <= nt; j++) {
        t = topo[j]
        if (!(("wilson", t) in dead) || !(("aldous-broder", t) in dead)) continue
        print "| " t " | " dead["wilson", t] " | " dead["aldous-broder", t] " | " z(t, "dead_ends") \
              " | " route["wilson", t] " | " route["aldous-broder", t] " | " z(t, "route") \
              " | " longest["wilson", t] " | " longest["aldous-broder", t] " | " z(t, "longest") " |"
    }
}' "$csv" >"$md.tmp"
mv "$md.tmp" "$md"
echo "shape-stats: wrote $csv and $md"
