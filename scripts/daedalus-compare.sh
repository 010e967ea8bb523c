#!/bin/sh
# daedalus-compare.sh - mazebench against Daedalus (Walter D. Pullen's maze
# program, version 3.5, built as its command-line version), whole process
# against whole process, on the same maze size.
#
#   sh scripts/daedalus-compare.sh DAEDALUS [MAZEBENCH] [--size N] [--reps K]
#                                  [--seed S] [--out FILE]
#
# DAEDALUS is the path of a Daedalus binary built without its Windows
# interface (util.h with WIN and PC commented out; then its Makefile), with
# one line added to util.cpp (below); it is never part of this repository.
# MAZEBENCH defaults to build/mazebench.
#
# Random numbers: the command-line build as shipped keeps the setting
# fRndOld on, under which nRandomSeed seeds only the C library's rand() and
# never the Mersenne Twister, and Rnd() draws every range wider than 16384
# from that twister, so such draws all give the range's low end (Kruskal's
# wall list at this size is never shuffled). Every Daedalus command here
# therefore starts with 'fRndOld False'. With the twister seeded, the build
# as shipped crashes on 64-bit Linux (its 'ulong' is 64 bits and InitRndL
# does not keep the state words to 32 bits); the fix is one line in
# util.cpp, InitRndL, after
#     mt[imt] = 1812433253UL * (mt[imt-1] ^ (mt[imt-1] >> 30)) + imt;
# add
#     mt[imt] &= 0xffffffffUL;
# Before timing anything the script runs one small Kruskal with the
# twister seeded and stops (exit 1) if that fails.
#
# For each case, K rounds (default 3), the two programs alternating run by
# run, each timed by /usr/bin/time (wall clock, CPU time user + system, peak
# resident memory); the table gives the medians (the CPU time is the
# steadier figure when other work shares the cores). The mazebench column
# also gives the engine's own CPU time of the generator (or solver) alone,
# gen_cpu_ns (solve_cpu_ns) of one 'mazebench sweep' row at the same size
# and seed (one warm-up run, then one timed run). One more mazebench run a
# round, the same command without --threads (its figures on every core),
# gives the column "mazebench wall, all cores"; the CPU ratio stays on the
# --threads 1 runs. Writes a markdown table to FILE (default
# results/bench/daedalus-N.md).
#
# What each whole run does:
#   mazebench gen SPEC --size NxN --seed S --threads 1: the maze, then its
#     figures (dead ends, components, loops, the route by BFS, the digest),
#     one row of CSV; the maze itself is not written.
#   the same without --threads: the same, the figures on every core.
#   Daedalus 'fRndOld False nRandomSeed S Size 2N+1 2N+1 0 0 CMD': the maze as a
#     (2N+1)-pixel bitmap of walls and passages (N x N cells), nothing
#     written; the dead-end filler case runs 'Recursive DeadEnd' (Daedalus's
#     recursive backtracker, then its dead-end filler).
set -eu

usage() {
    echo "usage: sh scripts/daedalus-compare.sh DAEDALUS [MAZEBENCH] [--size N] [--reps K] [--seed S] [--out FILE]" >&2
    exit 2
}

[ $# -ge 1 ] || usage
DAE=$1
shift
MB=build/mazebench
case ${1:-} in
-*|'') ;;
*) MB=$1; shift ;;
esac
N=10000
REPS=3
SEED=464
OUT=
while [ $# -gt 0 ]; do
    case $1 in
    --size) N=$2; shift 2 ;;
    --reps) REPS=$2; shift 2 ;;
    --seed) SEED=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    *) usage ;;
    esac
done
[ -n "$OUT" ] || OUT=results/bench/daedalus-$N.md
[ -x "$DAE" ] || { echo "daedalus-compare: '$DAE' is not an executable" >&2; exit 1; }
[ -x "$MB" ] || { echo "daedalus-compare: '$MB' is not an executable (build it first)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "daedalus-compare: needs /usr/bin/time (Debian package time)" >&2; exit 1; }

# Preflight: Daedalus with its Mersenne Twister seeded, on a small Kruskal
# (1000 x 1000 cells, about 2 million walls to shuffle).
if ! "$DAE" "fRndOld False nRandomSeed 1 Size 2001 2001 0 0 Kruskal" >/dev/null 2>&1; then
    cat >&2 <<EOF
daedalus-compare: '$DAE' fails with its Mersenne Twister seeded
  ('fRndOld False nRandomSeed 1 Size 2001 2001 0 0 Kruskal').
  Without 'fRndOld False' its draws over ranges above 16384 are all the
  range's low end (Kruskal, Prim, Wilson not random), so the comparison needs
  it. A build as shipped crashes there on 64-bit Linux: in util.cpp,
  InitRndL, after the line
      mt[imt] = 1812433253UL * (mt[imt-1] ^ (mt[imt-1] >> 30)) + imt;
  add the line
      mt[imt] &= 0xffffffffUL;
  then rebuild Daedalus (make) and run this script again.
EOF
    exit 1
fi

PX=$((2 * N + 1))
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM

# One timed run: "wall_s rss_kb user_s sys_s" into $TMP/t, the program's
# output discarded.
timed() {
    /usr/bin/time -f "%e %M %U %S" -o "$TMP/t" "$@" >/dev/null 2>"$TMP/err" ||
        { echo "daedalus-compare: failed: $*" >&2; cat "$TMP/err" >&2; exit 1; }
    cat "$TMP/t"
}

# Median of the numbers on stdin.
median() {
    sort -n | awk '{v[NR] = $1} END {if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}

# case: label | mazebench arguments | Daedalus command | sweep gen | sweep solver
cases="dfs (recursive backtracker)|gen dfs|Recursive|dfs|
eller|gen eller|Eller|eller|
prim:mode=modified|gen prim:mode=modified|Prim|prim:mode=modified|
prim (true)|gen prim|Prim2|prim|
kruskal|gen kruskal|Kruskal|kruskal|
binary-tree|gen binary-tree|Binary|binary-tree|
sidewinder|gen sidewinder|Sidewinder|sidewinder|
wilson|gen wilson|Wilson|wilson|
dead-end filler (on dfs)|solve deadend-fill --gen dfs|Recursive DeadEnd|dfs|deadend-fill"

{
    echo "# mazebench against Daedalus 3.5, ${N} x ${N} cells, seed $SEED"
    echo
    echo "Made by \`sh scripts/daedalus-compare.sh\` (docs/measurement.md, \"Against Daedalus\")"
    echo "on $(date -u +%Y-%m-%d), $(nproc) cores, load average at the start $(cut -d' ' -f1-3 /proc/loadavg)."
    echo "Whole processes, median of $REPS runs each (wall clock, CPU time user + system, peak RSS),"
    echo "the two programs alternating run by run;"
    echo "mazebench with \`--threads 1\` (its figures on one thread; Daedalus computes none);"
    echo "mazebench wall, all cores: the same command without \`--threads\` (figures on every core), one more run a round."
    echo "Daedalus with \`fRndOld False\` (every draw from its seeded Mersenne Twister), built with the one-line fix to util.cpp (docs/measurement.md)."
    echo "engine CPU: mazebench's own CPU time of the generator (solver) alone, one \`sweep\` row (gen_cpu_ns, solve_cpu_ns)."
    echo
    echo "| case | Daedalus command | Daedalus wall | Daedalus CPU | Daedalus peak RSS | mazebench wall | mazebench CPU | mazebench peak RSS | mazebench wall, all cores | mazebench engine CPU | CPU ratio (Daedalus / mazebench) |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
} >"$TMP/md"

echo "$cases" | while IFS='|' read -r label margs dcmd sgen ssolve; do
    : >"$TMP/mw"; : >"$TMP/ma"; : >"$TMP/mr"; : >"$TMP/mc"; : >"$TMP/dw"; : >"$TMP/dr"; : >"$TMP/dc"
    r=1
    while [ "$r" -le "$REPS" ]; do
        # shellcheck disable=SC2046,SC2086 # the words split on purpose
        set -- $(timed "$MB" $margs --size "${N}x$N" --seed "$SEED" --threads 1)
        echo "$1" >>"$TMP/mw"; echo "$2" >>"$TMP/mr"; echo "$3 $4" | awk '{print $1 + $2}' >>"$TMP/mc"
        # shellcheck disable=SC2046,SC2086 # the words split on purpose
        set -- $(timed "$MB" $margs --size "${N}x$N" --seed "$SEED")
        echo "$1" >>"$TMP/ma"
        # shellcheck disable=SC2046 # the four figures split on purpose
        set -- $(timed "$DAE" "fRndOld False nRandomSeed $SEED Size $PX $PX 0 0 $dcmd")
        echo "$1" >>"$TMP/dw"; echo "$2" >>"$TMP/dr"; echo "$3 $4" | awk '{print $1 + $2}' >>"$TMP/dc"
        echo "daedalus-compare: $label: round $r of $REPS done" >&2
        r=$((r + 1))
    done
    # The engine's CPU time: one sweep row (a warm-up run, then the timed one).
    "$MB" sweep --gen "$sgen" --solve "$ssolve" --sizes "$N" --seeds "$SEED" --reps 1 \
        --threads 1 --out - 2>/dev/null | grep -v '^#' >"$TMP/sw"
    col=gen_cpu_ns
    [ -z "$ssolve" ] || col=solve_cpu_ns
    ns=$(awk -F, -v c="$col" 'NR == 1 {for (i = 1; i <= NF; i++) if ($i == c) k = i; next} NR == 2 {print $k}' "$TMP/sw")
    mw=$(median <"$TMP/mw"); ma=$(median <"$TMP/ma"); mr=$(median <"$TMP/mr"); mc=$(median <"$TMP/mc")
    dw=$(median <"$TMP/dw"); dr=$(median <"$TMP/dr"); dc=$(median <"$TMP/dc")
    awk -v l="$label" -v d="$dcmd" -v dw="$dw" -v dr="$dr" -v dc="$dc" -v mw="$mw" -v ma="$ma" -v mr="$mr" \
        -v mc="$mc" -v ns="$ns" 'BEGIN {
        printf "| %s | %s | %.2f s | %.2f s | %.0f MB | %.2f s | %.2f s | %.0f MB | %.2f s | %.3f s | %s |\n",
            l, d, dw, dc, dr / 1024, mw, mc, mr / 1024, ma, ns / 1e9,
            (mc > 0 ? sprintf("%.2f", dc / mc) : "-")
    }' >>"$TMP/md"
done

mkdir -p "$(dirname "$OUT")"
cp "$TMP/md" "$OUT"
cat "$OUT"
