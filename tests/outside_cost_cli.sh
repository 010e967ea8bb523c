#!/bin/sh
# outside_cost_cli.sh - what an outside program costs (docs/outside.md,
# docs/outside-solvers.md): a Python generator that allocates and touches
# 200 MB and one that burns 0.3 s of CPU show it in child_maxrss_kb and
# child_cpu_ns (gen and sweep), and in a sweep gen_cpu_ns counts the
# program's CPU time while gen_peak_bytes, mazebench's own heap, is empty;
# an outside solver that allocates 200 MB the same in solve_child_maxrss_kb,
# solve_peak_bytes empty; a generator and a solver whose start-up is slower
# than their run get one note on stderr saying the net time is noise, and
# those whose run is the longer get none. Bounds are generous: the figures
# are the kernel's counts, not timings.
#   sh tests/outside_cost_cli.sh path/to/mazebench
set -u
. "$(dirname "$0")/lib.sh"
mz=$1
src=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
command -v python3 >/dev/null 2>&1 || { echo "skip: no python3"; exit 77; }
py="$src/examples/outside/maze.py"
mkdir "$tmp/tmpdir" && export TMPDIR="$tmp/tmpdir"

# cost.py KIND ROWS COLS: a comb maze as mzb on stdout, after
# (mem and cpu not on the smallest grid, the warm-up's: their start-up stays short)
#   mem    allocating and touching 200 MB
#   cpu    burning 0.3 s of CPU time (its own clock: as long as that takes)
#   slow   a start-up of 1 s on the smallest grid (the warm-up's), none else
#   late   a run of 1 s on any grid but the smallest
cat >"$tmp/cost.py" <<'EOF'
import sys, time
kind, R, C = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
if kind == "mem" and R * C > 4:
    b = bytearray(200 << 20)
    for i in range(0, len(b), 4096):
        b[i] = 1
elif kind == "cpu" and R * C > 4:
    t0 = time.process_time()
    n = 0
    while time.process_time() - t0 < 0.3:
        for i in range(10000):
            n += i
elif kind == "slow" and R * C <= 4:
    time.sleep(1.0)
elif kind == "late" and R * C > 4:
    time.sleep(1.0)
cells = []
for r in range(R):
    for c in range(C):
        w = 15
        if r == 0:
            if c < C - 1: w -= 2
            if c > 0: w -= 8
        else:
            w -= 1
        if r < R - 1: w -= 4
        cells.append("%02x" % w)
sys.stdout.write("mazebench-maze 1 %dx%d entrance=0 exit=%d flags=0 tiles=0\n%s\n"
                 % (R, C, R * C - 1, "".join(cells)))
EOF
cat >"$tmp/mem.py" <<'EOF'
b = bytearray(200 << 20)
for i in range(0, len(b), 4096):
    b[i] = 1
EOF
cat >"$tmp/p.programs" <<EOF
[generator c-mem]
command = python3 {dir}/cost.py mem {rows} {cols}
format = mzb
[generator c-cpu]
command = python3 {dir}/cost.py cpu {rows} {cols}
format = mzb
[generator c-slow]
command = python3 {dir}/cost.py slow {rows} {cols}
format = mzb
[generator c-late]
command = python3 {dir}/cost.py late {rows} {cols}
format = mzb

# a shell that runs a program allocating 200 MB, then the example solver:
# the shell waits for both, so their figures are its own
[solver s-mem]
command = sh -c 'python3 "\$1" && exec python3 "\$2" solve "\$3" --format json --path index' sh {dir}/mem.py $py {in}
format = json
path = index
# a start-up of 1 s on the warm-up's tiny maze, none on a larger one
[solver s-slow]
command = sh -c '[ "\$1" -le 9 ] && sleep 1; exec python3 "\$2" solve "\$3" --format json --path index' sh {cells} $py {in}
format = json
path = index
EOF
P="--programs $tmp/p.programs"

# The value of column $1 in the CSV row of gen $2 (solver $3, when given) of file $4.
col() {
    awk -F, -v c="$1" -v g="$2" -v s="${3-}" '
        /^#/ { next }
        !h { k = 0; for (i = 1; i <= NF; i++) { if ($i == c) k = i; if ($i == "gen") gi = i; if ($i == "solver") si = i }; h = 1; if (!k) { print "no-column"; exit }; next }
        $gi == g && (s == "" || $si == s) { print $k; exit }' "$4"
}
# at_least VALUE MIN NAME: VALUE is a number >= MIN
at_least() {
    awk -v v="$1" -v m="$2" 'BEGIN { exit !(v ~ /^[0-9]+$/ && v + 0 >= m + 0) }' ||
        bad "$3 is '$1', expected at least $2"
}
at_most() {
    awk -v v="$1" -v m="$2" 'BEGIN { exit !(v ~ /^[0-9]+$/ && v + 0 <= m + 0) }' ||
        bad "$3 is '$1', expected at most $2"
}

# --- gen: the program's memory and CPU time ---
expect 0 "gen c-mem" "$mz" gen c-mem --seed 1 --grid 5x7 $P
at_least "$(col child_maxrss_kb c-mem '' "$tmp/out")" 200000 "gen c-mem: child_maxrss_kb"
expect 0 "gen c-cpu" "$mz" gen c-cpu --seed 1 --grid 5x7 $P
at_least "$(col child_cpu_ns c-cpu '' "$tmp/out")" 200000000 "gen c-cpu: child_cpu_ns"
grep -q "is longer than this run" "$tmp/err" && bad "gen c-cpu: a start-up note: $(cat "$tmp/err")"

# --- sweep: gen_cpu_ns is the program's CPU time (and mazebench's), the
# heap peak of mazebench is not presented as the program's ---
expect 0 "sweep" "$mz" sweep $P --gen c-mem,c-cpu,dfs --solve bfs,s-mem --seeds 1 --sizes 5x7 \
    --out "$tmp/s.csv"
at_least "$(col child_maxrss_kb c-mem bfs "$tmp/s.csv")" 200000 "sweep c-mem: child_maxrss_kb"
[ -z "$(col gen_peak_bytes c-mem bfs "$tmp/s.csv")" ] ||
    bad "sweep c-mem: gen_peak_bytes '$(col gen_peak_bytes c-mem bfs "$tmp/s.csv")' (mazebench's heap)"
at_most "$(col peak_rss_kb c-mem bfs "$tmp/s.csv")" 150000 "sweep: mazebench's peak_rss_kb"
cc=$(col child_cpu_ns c-cpu bfs "$tmp/s.csv")
at_least "$cc" 200000000 "sweep c-cpu: child_cpu_ns"
at_least "$(col gen_cpu_ns c-cpu bfs "$tmp/s.csv")" "$cc" "sweep c-cpu: gen_cpu_ns"
[ -n "$(col gen_peak_bytes dfs bfs "$tmp/s.csv")" ] || bad "sweep dfs: no gen_peak_bytes"
[ -z "$(col child_cpu_ns dfs bfs "$tmp/s.csv")" ] || bad "sweep dfs: a child_cpu_ns"
at_most "$(col gen_cpu_ns dfs bfs "$tmp/s.csv")" 100000000 "sweep dfs: gen_cpu_ns"
at_least "$(col solve_child_maxrss_kb dfs s-mem "$tmp/s.csv")" 200000 \
    "sweep s-mem: solve_child_maxrss_kb"
[ -z "$(col solve_peak_bytes dfs s-mem "$tmp/s.csv")" ] ||
    bad "sweep s-mem: solve_peak_bytes '$(col solve_peak_bytes dfs s-mem "$tmp/s.csv")' (mazebench's heap)"
at_least "$(col solve_child_cpu_ns dfs s-mem "$tmp/s.csv")" 1 "sweep s-mem: solve_child_cpu_ns"
at_least "$(col solve_cpu_ns dfs s-mem "$tmp/s.csv")" "$(col solve_child_cpu_ns dfs s-mem "$tmp/s.csv")" \
    "sweep s-mem: solve_cpu_ns"
[ -n "$(col solve_peak_bytes dfs bfs "$tmp/s.csv")" ] || bad "sweep bfs: no solve_peak_bytes"
[ -z "$(col solve_child_maxrss_kb dfs bfs "$tmp/s.csv")" ] || bad "sweep bfs: a solve_child_maxrss_kb"

# --- start-up longer than the run: one note on stderr, nothing on stdout ---
expect 0 "gen c-slow" "$mz" gen c-slow --seed 1 --grid 3x3 $P
[ "$(grep -c "^outside generator c-slow: its start-up (.* ms) is longer than this run (.* ms): the net time is noise" "$tmp/err")" = 1 ] ||
    bad "gen c-slow: no start-up note: $(cat "$tmp/err")"
grep -q "is longer" "$tmp/out" && bad "gen c-slow: the note on stdout"
expect 0 "gen c-late" "$mz" gen c-late --seed 1 --grid 3x3 $P
grep -q "is longer than this run" "$tmp/err" && bad "gen c-late: a start-up note: $(cat "$tmp/err")"
expect 0 "solve s-slow" "$mz" solve s-slow --gen dfs --seed 1 --grid 4x4 $P
[ "$(grep -c "^outside solver s-slow: its start-up (.* ms) is longer than this run (.* ms): the net time is noise" "$tmp/err")" = 1 ] ||
    bad "solve s-slow: no start-up note: $(cat "$tmp/err")"
grep -q "is longer" "$tmp/out" && bad "solve s-slow: the note on stdout"
# --- scale: the program's peak, not mazebench's heap ---
# wait4 gives the largest resident set of the size's child and of what it
# waited for: the program's 200 MB. The heap column, mazebench's, is empty,
# and so are rng and draws (the program's own source).
expect 0 "scale c-mem" "$mz" $P scale --gen c-mem --max-cells 1000 --reps 1 --no-chart \
    --out "$tmp/scale.csv"
at_least "$(col peak_rss_kb c-mem "" "$tmp/scale.csv")" 200000 "scale c-mem: peak_rss_kb"
for c in gen_heap_bytes_per_cell rng draws; do
    [ -z "$(col $c c-mem "" "$tmp/scale.csv")" ] ||
        bad "scale c-mem: $c '$(col $c c-mem "" "$tmp/scale.csv")', not empty"
done
# no own figure below zero anywhere
for f in "$tmp/s.csv"; do
    grep -v '^#' "$f" | grep -q ',-[0-9]' && bad "$f: a negative figure"
done

[ -z "$(ls "$TMPDIR")" ] || bad "run folders were left: $(ls "$TMPDIR")"
[ "$fails" = 0 ] && echo "outside_cost_cli: ok"
[ "$fails" = 0 ]
