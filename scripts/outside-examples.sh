#!/bin/sh
# The figures of the worked examples (docs/examples/): each outside program
# or plugin beside mazebench's own algorithm of the same name,
#
#   generate-maze (the npm package, Eller's algorithm)  against eller
#   py-dfs (Python recursive backtracker)               against dfs
#   plugin-dfs (the example plugin's depth-first carve) against dfs
#
# and the Python BFS solver (py-bfs) and the plugin's plugin-bfs against bfs.
# Writes into one folder:
#   stats.csv        'stats A --against B' at 101x101 over seeds 1..100 (B
#                    over 1001..1100, independent mazes): dead ends with
#                    their 95% interval, route, longest path, verdicts
#   scaling.csv      'scaling' of every generator: the route exponent over
#                    sides 16..256, seeds 1..10
#   sweep.csv        a sweep of every generator at 100x100 to 800x800 (3
#                    seeds), and of the solvers on dfs mazes
#   times.csv        from sweep.csv, the fastest of the seeds, in ns a
#                    cell (a generator) or a cell bfs closes on the same
#                    maze (a solver): the CPU time of the timed call in
#                    process (gen_cpu_ns, solve_cpu_ns) for the built-ins
#                    and the plugin; for an outside program the wall time
#                    of its whole process (process_ns), of that less its
#                    start-up cost, and its own time (own_ns); and the
#                    start-up cost apart (ms)
#   determinism.csv  every generator run twice on the same seed in two
#                    processes: the two digests, and the built-in namesake's
#   run.txt          the versions of mazebench, node, python3 and the
#                    package, and the commands
#
#   sh scripts/outside-examples.sh [path/to/mazebench [path/to/plugin.so [DIR]]]
#   sh scripts/outside-examples.sh --reference [path/to/mazebench [path/to/plugin.so]]
#
# DIR defaults to results/runs/outside-<UTC time>/ (git ignores
# results/runs/), so a run never overwrites an earlier one; an existing DIR
# is refused. --reference writes results/outside/ (the committed figures,
# replaced on purpose, to be reviewed). The defaults are build/mazebench and
# build/mazebench_plugin_example.so; measure with a Release build. Needs
# node, python3 and the npm package (sh scripts/setup.sh). About 5 minutes
# on a quiet 2-core machine. OUTSIDE_SEEDS (default 1..100) and OUTSIDE_SIZES (default
# 100,200,400,800) change the stats seeds and the sweep's sides for a quick
# look.
set -eu
cd "$(dirname "$0")/.."
ref=""
[ "${1:-}" = --reference ] && { ref=1; shift; }
bin=${1:-build/mazebench}
plugin=${2:-build/mazebench_plugin_example.so}
if [ -n "$ref" ]; then out=results/outside; else
    out=${3:-results/runs/outside-$(date -u +%Y%m%dT%H%M%SZ)}
    [ ! -e "$out" ] || { echo "outside-examples: '$out' exists: give another folder" >&2; exit 2; }
fi
[ -x "$bin" ] || { echo "outside-examples: no executable '$bin' (build first)" >&2; exit 1; }
[ -f "$plugin" ] || { echo "outside-examples: no plugin '$plugin' (build the target mazebench_plugin_example)" >&2; exit 1; }
npm_dir=${MZ_DEPS:-$HOME/.cache/mazebench}/npm/node_modules/generate-maze
for tool in node python3; do
    command -v $tool >/dev/null 2>&1 || { echo "outside-examples: run sh scripts/setup.sh: $tool is not installed" >&2; exit 1; }
done
grep -q '"version": *"1.1.0"' "$npm_dir/package.json" 2>/dev/null ||
    { echo "outside-examples: run sh scripts/setup.sh: generate-maze is not installed in $npm_dir" >&2; exit 1; }
seeds=${OUTSIDE_SEEDS:-1..100}
sizes=${OUTSIDE_SIZES:-100,200,400,800}
progs=examples/outside/programs.ini
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mz() { "$bin" "$@" --programs "$progs" --plugin "$plugin"; }
log() { echo "outside-examples: $*" >&2; }

{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "mazebench: $("$bin" --help | sed -n 's/.*Version \(.*\)\./\1/p') commit $(git describe --always --dirty 2>/dev/null || echo unknown)"
    echo "node: $(node --version); python3: $(python3 --version 2>&1 | cut -d' ' -f2); generate-maze: 1.1.0"
    echo "cpu: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //') ($(getconf _NPROCESSORS_ONLN) online)"
    echo "command: sh scripts/outside-examples.sh${ref:+ --reference} (seeds $seeds, sizes $sizes)"
    echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
} >"$tmp/run.txt"

# ---- stats: each example against its namesake, independent seeds ----
first=1
for pair in generate-maze:eller py-dfs:dfs plugin-dfs:dfs; do
    a=${pair%%:*} b=${pair#*:}
    log "stats $a --against $b ($seeds)"
    mz stats "$a" --against "$b" --grid 101 --seeds "$seeds" --against-seeds 1001..1100 \
        --format csv >"$tmp/one.csv" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
    if [ -n "$first" ]; then cat "$tmp/one.csv"; first=""; else sed 1d "$tmp/one.csv"; fi >>"$tmp/stats.csv"
done

# ---- the route exponent ----
log "scaling"
mz scaling generate-maze eller py-dfs dfs plugin-dfs --sizes 16,32,64,128,256 --seeds 1..10 \
    --format csv >"$tmp/scaling.csv" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }

# ---- time a cell by size: the generators, then the solvers on dfs mazes ----
log "sweep at $sizes"
printf 'gen generate-maze\ngen eller\ngen py-dfs\ngen dfs\ngen plugin-dfs\nseeds 1..3\nsizes %s\n' \
    "$sizes" >"$tmp/gen.plan"
mz sweep "$tmp/gen.plan" --solve '' --progress 0 --out "$tmp/gen.csv" 2>"$tmp/err" ||
    { cat "$tmp/err" >&2; exit 1; }
printf 'gen dfs\nsolve bfs\nsolve py-bfs\nsolve plugin-bfs\nseeds 1..3\nsizes %s\n' \
    "$sizes" >"$tmp/solve.plan"
mz sweep "$tmp/solve.plan" --progress 0 --out "$tmp/solve.csv" 2>"$tmp/err" ||
    { cat "$tmp/err" >&2; exit 1; }
# The temporary folder's name is left out of the provenance lines (the plan
# and part files are named alone): no machine path in a kept file.
{ cat "$tmp/gen.csv"; grep -v '^#' "$tmp/solve.csv" | sed 1d; } |
    sed "/^#/s|$tmp/||g" >"$tmp/sweep.csv"
awk -f scripts/csv.awk -f /dev/stdin "$tmp/sweep.csv" >"$tmp/times.csv" <<'AWK'
# Each time divided by its unit: a generator's by the cells, a solver's by
# the cells bfs closes on the same maze (every solver here is a breadth-
# first search, and how much of the grid a search closes before the exit
# varies by maze); then the fastest of the seeds, as others' work on the
# machine only adds time.
function low(key, name, v) { v += 0; if (!((key, name) in m) || v < m[key, name]) m[key, name] = v }
/^#/ { next }
!h { n = csv_split($0, hd); for (k = 1; k <= n; k++) c[hd[k]] = k; h = 1; next }
{
    csv_split($0, f)
    solver = f[c["solver"]]
    entry = solver == "" ? f[c["gen"]] : solver
    stage = solver == "" ? "gen" : "solve"
    key = stage "," entry "," f[c["rows"]] "," f[c["cells"]]
    if (!(key in seen)) { seen[key] = 1; order[++no] = key }
    maze = f[c["gen"]] "," f[c["seed"]] "," f[c["rows"]] "," f[c["cols"]]
    if (solver == "bfs") closed[maze] = f[c["closed"]]
    unit = stage == "gen" ? f[c["cells"]] : closed[maze]
    if (unit + 0 <= 0) next
    pre = stage == "gen" ? "" : "solve_"
    if (f[c[pre "outside_status"]] != "") {
        outside[key] = 1
        low(key, "proc", f[c[pre "process_ns"]] / unit)
        low(key, "work", (f[c[pre "process_ns"]] - f[c[pre "startup_ns"]]) / unit)
        low(key, "own", f[c[pre "own_ns"]] / unit)
        start[key] = f[c[pre "startup_ns"]]
    } else {
        # the timed call's CPU time (its wall time where that is not known)
        v = f[c[stage "_cpu_ns"]]
        low(key, "cpu", (v == "" ? f[c[stage "_ns"]] : v) / unit)
    }
    nrun[key]++
}
END {
    print "stage,entry,side,cells,seeds,per,in_process_cpu_ns,process_ns,process_less_startup_ns,own_ns,startup_ms"
    for (k = 1; k <= no; k++) {
        key = order[k]
        per = key ~ /^gen/ ? "cell" : "cell closed by bfs"
        if (key in outside)
            printf "%s,%d,%s,,%.1f,%.1f,%.1f,%.1f\n", key, nrun[key], per, m[key, "proc"],
                m[key, "work"], m[key, "own"], start[key] / 1e6
        else
            printf "%s,%d,%s,%.2f,,,,\n", key, nrun[key], per, m[key, "cpu"]
    }
}
AWK

# ---- determinism: the same seed twice, in two processes ----
log "determinism"
echo "gen,grid,seed,digest_first,digest_second,same,namesake,namesake_digest" >"$tmp/determinism.csv"
digest() { mz gen "$1" --grid 101 --seed 7 2>/dev/null | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "digest") d = i } NR == 2 { print $d }'; }
for pair in generate-maze:eller py-dfs:dfs plugin-dfs:dfs; do
    a=${pair%%:*} b=${pair#*:}
    d1=$(digest "$a") d2=$(digest "$a") db=$(digest "$b")
    same=no
    [ -n "$d1" ] && [ "$d1" = "$d2" ] && same=yes
    echo "$a,101x101,7,$d1,$d2,$same,$b,$db" >>"$tmp/determinism.csv"
done

echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)" >>"$tmp/run.txt"
mkdir -p "$out"
for f in stats scaling sweep times determinism; do mv "$tmp/$f.csv" "$out/$f.csv"; done
mv "$tmp/run.txt" "$out/run.txt"
log "wrote $out/"
column -s, -t "$out/times.csv" >&2 2>/dev/null || cat "$out/times.csv" >&2
