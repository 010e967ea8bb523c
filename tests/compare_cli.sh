#!/bin/sh
# compare_cli.sh - 'mazebench compare' end to end on sweep files whose
# timings are rewritten with awk, so every verdict is known in advance and
# no machine noise enters: identical files, a 20% slowdown of one
# generator (its gen_ns taken once per maze, not once per solver row), a
# 20% speedup of one solver, a 3% change under and over the
# threshold, a deterministic column edited, rounds concatenated in one file,
# rounds paired (a load shared by both sides of a round makes no verdict, a
# 10% slowdown in 12 rounds is found, too few rounds are refused), solver
# algorithms over every maze of their size, instruction counts; every
# refusal (exit 2, one stderr line); the text,
# CSV, JSON (python3 -m json.tool), markdown, JUnit (xmllint) and chart
# outputs, --out and --force.
#   sh tests/compare_cli.sh path/to/mazebench
set -u
. "$(dirname "$0")/lib.sh"
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect STATUS NAME ARGS...: run compare, check the exit status; stderr
# must be one 'mazebench: ' line when the status is 2.
# expect CODE NAME ARGS...: 'mazebench compare ARGS' (tests/lib.sh)
run_compare() { "$bin" compare "$@"; }
expect_run=run_compare
expect_prefix='mazebench: compare: '
has() { grep -q -- "$1" "$tmp/out" || bad "$2: no '$1' in: $(cat "$tmp/out")"; }

"$bin" sweep --gen dfs,kruskal --solve bfs,wall --seeds 1..5 --sizes 31 --reps 10 \
    --out "$tmp/raw.csv" 2>/dev/null || { echo "FAIL: sweep"; exit 1; }

# set_times FILE GENF SOLVEF [GEN] [SOLVER]: the timings made up from the
# rep (gen 100000 + 1000 rep, solve 50000 + 500 rep: a 9% spread), times
# GENF for generator GEN's rows (all when empty) and SOLVEF for SOLVER's.
set_times() {
    awk -F, -v OFS=, -v gf="$2" -v sf="$3" -v g="${4:-}" -v s="${5:-}" '
        /^#/ { print; next }
        !h { h = 1; for (i = 1; i <= NF; i++) { c[$i] = i }; print; next }
        {
            r = $(c["rep"])
            $(c["gen_ns"]) = int((100000 + 1000 * r) * (g == "" || $1 == g ? gf : 1))
            $(c["solve_ns"]) = int((50000 + 500 * r) * (s == "" || $(c["solver"]) == s ? sf : 1))
            print
        }' "$1"
}
set_times "$tmp/raw.csv" 1 1 >"$tmp/base.csv"

expect 0 "--help" --help
has '^usage: mazebench compare' "--help"

expect 0 "identical files" "$tmp/base.csv" "$tmp/base.csv"
has 'compare: 0 slower, 0 faster, 30 unchanged of 30 recipes; gen geomean 1.000' "identical"
has 'compare: 0 slower, 0 faster, 4 unchanged of 4 algorithms' "identical"
has 'every deterministic column matches' "identical"

set_times "$tmp/raw.csv" 1.2 1 kruskal >"$tmp/slow.csv"
expect 1 "kruskal 20% slower" "$tmp/base.csv" "$tmp/slow.csv"
has 'compare: 5 slower, 0 faster, 25 unchanged of 30 recipes' "slower"
has 'compare: 1 slower, 0 faster, 3 unchanged of 4 algorithms' "slower"
first=$(grep -m1 -E '^(slower|faster|unchanged) ' "$tmp/out")
case $first in "slower     gen    kruskal, seed "*" 1.2000 "*) ;; *) bad "slower: the table does not start with a slower kruskal row: $first" ;; esac
grep -E '^slower +gen +kruskal, 31x31 +5 ' "$tmp/out" >/dev/null || bad "slower: no slower algorithm row"

set_times "$tmp/raw.csv" 1 0.8 "" bfs >"$tmp/fast.csv"
expect 0 "bfs 20% faster" "$tmp/base.csv" "$tmp/fast.csv"
has 'compare: 0 slower, 10 faster, 20 unchanged of 30 recipes' "faster"

set_times "$tmp/raw.csv" 1.03 1.03 >"$tmp/small.csv"
expect 0 "3% slower, under the 5% threshold" "$tmp/base.csv" "$tmp/small.csv"
has 'compare: 0 slower, 0 faster, 30 unchanged' "3%"
# 10 a side with a 9% spread cannot tell 3% recipe by recipe after Holm;
# each algorithm's five seeds together can.
expect 1 "3% slower, over a 2% threshold" "$tmp/base.csv" "$tmp/small.csv" --threshold 2%
has 'compare: 0 slower, 0 faster, 30 unchanged of 30 recipes; gen geomean 1.030' "3% at 2%"
has 'compare: 4 slower, 0 faster, 0 unchanged of 4 algorithms' "3% at 2%"
expect 1 "--threshold as a fraction" "$tmp/base.csv" "$tmp/small.csv" --threshold 0.02
expect 1 "a strict alpha" "$tmp/base.csv" "$tmp/slow.csv" --alpha 1e-9
has 'compare: 0 slower, 0 faster, 30 unchanged of 30 recipes' "strict alpha"
has 'compare: 1 slower, 0 faster, 3 unchanged of 4 algorithms' "strict alpha"

# A deterministic column that moved: dfs seed 1's first row (bfs).
awk -F, -v OFS=, '/^gen,/ { for (i = 1; i <= NF; i++) if ($i == "dead_ends") d = i }
    !/^#/ && !/^gen,/ && ++n == 1 { $d = $d + 1 } { print }' "$tmp/base.csv" >"$tmp/det.csv"
line=$(grep -n '^dfs,1,mulberry32,ortho,31,31,' "$tmp/det.csv" | head -1 | cut -d: -f1)
dead=$(grep '^dfs,1,mulberry32,ortho,31,31,' "$tmp/base.csv" | head -1 | cut -d, -f10)
expect 1 "a deterministic column differs" "$tmp/base.csv" "$tmp/det.csv"
has "^$tmp/det.csv:$line: row 1 (dfs, seed 1, 31x31, bfs): column 'dead_ends': expected '$dead', got '$((dead + 1))'\$" "determinism"
has 'compare: 1 deterministic values differ' "determinism"

# Rounds concatenated ('#' lines and header again): 20 samples a side.
cat "$tmp/base.csv" "$tmp/base.csv" >"$tmp/two.csv"
expect 0 "two rounds in one file" "$tmp/base.csv" "$tmp/two.csv"
grep -E '^unchanged +gen +dfs, seed 1, 31x31 +10/20 ' "$tmp/out" >/dev/null || bad "two rounds: not 10/20 samples: $(cat "$tmp/out")"
grep -v '^#' "$tmp/base.csv" | tail -n +2 >"$tmp/rows"
cat "$tmp/base.csv" "$tmp/rows" >"$tmp/two-bare.csv"
expect 0 "a second round's rows only" "$tmp/two-bare.csv" "$tmp/base.csv"
grep -E '^unchanged +solve +kruskal, seed 5, 31x31, bfs +20/10 ' "$tmp/out" >/dev/null || bad "rows appended: not 20/10"

# One maze a round, rounds appended as bare rows: the next round's maze is
# told from this one by its solvers starting over (gen, seed, size and rep
# are all the same).
"$bin" sweep --gen dfs --solve bfs,wall --seeds 1 --sizes 31 --out "$tmp/one.csv" 2>/dev/null
set_times "$tmp/one.csv" 1 1 >"$tmp/one-t.csv"
cp "$tmp/one-t.csv" "$tmp/ten.csv"
for k in 2 3 4 5 6 7 8 9 10; do grep -v '^#' "$tmp/one-t.csv" | tail -n +2 >>"$tmp/ten.csv"; done
expect 0 "one maze a round" "$tmp/ten.csv" "$tmp/ten.csv"
grep -E '^unchanged +gen +dfs, seed 1, 31x31 +10/10 ' "$tmp/out" >/dev/null || bad "one maze a round: not 10 mazes: $(cat "$tmp/out")"

# Paired by round: each side's file is its rounds one after the other, as
# scripts/ab.sh joins them ('# ab:' lines, then each round's '#' lines,
# header and rows). rounds SIDE R FACTOR [GEN]: R rounds of the one-rep
# sweep, every time scaled by the round's machine load, shared by both
# sides (a drift, 1 + 0.08 r in round r, and 2x in round 3), by a
# made-up noise of +-1% of its own (from the side, the round and the row),
# and by FACTOR on generator GEN's gen_ns (every generator when empty).
"$bin" sweep --gen dfs,kruskal --solve bfs,wall --seeds 1..5 --sizes 31 --reps 1 \
    --out "$tmp/raw1.csv" 2>/dev/null || { echo "FAIL: sweep"; exit 1; }
rounds() {
    echo "# ab: side $1, $2 rounds"
    r=1
    while [ "$r" -le "$2" ]; do
        echo "# ab: round $r: order base,new"
        awk -F, -v OFS=, -v side="$1" -v r="$r" -v f="$3" -v g="${4:-}" '
            BEGIN {
                load = (1 + 0.08 * r) * (r == 3 ? 2 : 1)
                sd = side == "new" ? 1 : 0
            }
            /^#/ { print; next }
            !h { h = 1; for (i = 1; i <= NF; i++) c[$i] = i; print; next }
            {
                n++
                x = ((r * 7919 + n * 104729 + sd * 1299709) % 1000) / 500 - 1
                y = ((r * 6007 + n * 15485863 + sd * 179424673) % 1000) / 500 - 1
                s = $(c["seed"])
                $(c["gen_ns"]) = int((100000 + 3000 * s) * load * (1 + 0.01 * x) * (g == "" || $(c["gen"]) == g ? f : 1))
                $(c["solve_ns"]) = int((50000 + 1000 * s) * load * (1 + 0.01 * y))
                print
            }' "$tmp/raw1.csv"
        r=$((r + 1))
    done
}
rounds base 12 1 >"$tmp/p-base.csv"
rounds new 12 1 >"$tmp/p-same.csv"
expect 0 "paired A/A, 12 rounds, round 3 loaded 2x" "$tmp/p-base.csv" "$tmp/p-same.csv"
has "; paired by round, 12 rounds; alpha 0.05" "paired A/A"
has 'compare: 0 slower, 0 faster, 30 unchanged of 30 recipes' "paired A/A"
has 'compare: 0 slower, 0 faster, 4 unchanged of 4 algorithms' "paired A/A"
# The geometric mean's interval is over rounds: it holds 1.
gm=$(sed -n 's/.*; gen geomean \([0-9.]*\) \[\([0-9.]*\), \([0-9.]*\)\].*/\1 \2 \3/p' "$tmp/out")
echo "$gm" | awk '{ exit !($2 <= 1 && 1 <= $3 && $3 - $2 < 0.02) }' || bad "paired A/A: gen geomean interval '$gm' does not hold 1"
# Solver algorithms: a solver and a size, over every maze of that size
# (2 generators x 5 seeds).
grep -E '^unchanged +solve +bfs, 31x31 +10 ' "$tmp/out" >/dev/null || bad "paired A/A: no solver algorithm 'bfs, 31x31' over 10 mazes: $(cat "$tmp/out")"
expect 0 "paired A/A, csv" "$tmp/p-base.csv" "$tmp/p-same.csv" --format csv
has '^recipe,gen,dfs,1,ortho,31,31,,1,12,12,.*,signed-rank-exact,unchanged,,12,,mulberry32$' "paired csv"
has '^algorithm,solve,,,ortho,31,31,bfs,10,120,120,.*,signed-rank-exact,unchanged,,12,,mulberry32$' "paired csv"

# A recipe timed on both sides but never in the same round cannot be
# paired: it is counted as not compared, never silently dropped.
awk -F, '/^# ab: round / { r = $0; sub(/^# ab: round /, "", r); r = r + 0 }
    !($1 == "kruskal" && $2 == 5 && r > 1)' "$tmp/p-base.csv" >"$tmp/p-base-k.csv"
awk -F, '/^# ab: round / { r = $0; sub(/^# ab: round /, "", r); r = r + 0 }
    !($1 == "kruskal" && $2 == 5 && r == 1)' "$tmp/p-same.csv" >"$tmp/p-same-k.csv"
expect 0 "paired, a recipe never in the same round" "$tmp/p-base-k.csv" "$tmp/p-same-k.csv"
has 'compare: 0 slower, 0 faster, 27 unchanged of 27 recipes' "never the same round"
has 'compare: 3 recipes timed in both files but never in the same round (not compared)' "never the same round"

# kruskal 10% slower in every round: found by pairing, though the rounds'
# loads spread its times far more than 10%.
rounds new 12 1.1 kruskal >"$tmp/p-slow.csv"
expect 1 "paired, kruskal 10% slower" "$tmp/p-base.csv" "$tmp/p-slow.csv"
has 'compare: 5 slower, 0 faster, 25 unchanged of 30 recipes' "paired 10%"
has 'compare: 1 slower, 0 faster, 3 unchanged of 4 algorithms' "paired 10%"
grep -E '^slower +gen +kruskal, 31x31 +5 +1\.(09|10)[0-9]* ' "$tmp/out" >/dev/null || bad "paired 10%: no slower kruskal algorithm about 1.10: $(cat "$tmp/out")"
# Rounds joined with no '#' lines: each header still starts a round.
grep -v '^#' "$tmp/p-base.csv" >"$tmp/p-base-bare.csv"
grep -v '^#' "$tmp/p-slow.csv" >"$tmp/p-slow-bare.csv"
expect 1 "paired, headers only" "$tmp/p-base-bare.csv" "$tmp/p-slow-bare.csv"
has "; paired by round, 12 rounds; alpha 0.05" "headers only"
has 'compare: 1 slower, 0 faster, 3 unchanged of 4 algorithms' "headers only"
# The same rounds less one on the new side: unpaired, and the loads bury it.
awk '/^# ab: round 12:/ { exit } { print }' "$tmp/p-slow.csv" >"$tmp/p-slow11.csv"
expect 0 "unpaired, 12 rounds against 11" "$tmp/p-base.csv" "$tmp/p-slow11.csv"
has "; unpaired; alpha 0.05" "12 against 11"
has 'compare: 0 slower, 0 faster, 4 unchanged of 4 algorithms' "12 against 11"

# Too few rounds: with 3 the smallest p is 2/8.
awk '/^# ab: round 4:/ { exit } { print }' "$tmp/p-base.csv" >"$tmp/p-base3.csv"
awk '/^# ab: round 4:/ { exit } { print }' "$tmp/p-slow.csv" >"$tmp/p-slow3.csv"
expect 2 "too few rounds" "$tmp/p-base3.csv" "$tmp/p-slow3.csv"
grep -q 'too few rounds to test: 3 paired rounds, at least 8 are needed for 30 recipes (4 algorithms) at alpha 0.05 (scripts/ab.sh --rounds 8)' "$tmp/err" || bad "too few rounds: $(cat "$tmp/err")"

# Instruction counts, when both files have them: a ratio, informational.
if head -30 "$tmp/base.csv" | grep -q '^gen,.*gen_instr'; then
    for f in 1 1.1; do
        awk -F, -v OFS=, -v f=$f '/^#/ { print; next } !h { h = 1; for (i = 1; i <= NF; i++) c[$i] = i; print; next }
            { $(c["gen_instr"]) = int(5000 * f); $(c["solve_instr"]) = 4000; print }' "$tmp/base.csv" >"$tmp/instr$f.csv"
    done
    expect 0 "instruction counts" "$tmp/instr1.csv" "$tmp/instr1.1.csv" --format csv
    grep -q '^recipe,gen,dfs,1,ortho,31,31,,1,10,10,.*,unchanged,1.100000,,,mulberry32$' "$tmp/out" || bad "instruction counts: no gen ratio 1.1: $(head -3 "$tmp/out")"
    grep -q '^recipe,solve,dfs,1,ortho,31,31,bfs,.*,unchanged,1.000000,,,mulberry32$' "$tmp/out" || bad "instruction counts: no solve ratio 1"
fi

# Unpaired, the ratio is the Hodges-Lehmann point of its own interval. On
# times a coarse clock rounds to two levels (base: 90 of 200 reps low;
# new: 110 of 200 low) the medians jump from one level to the other (a ratio
# of medians of about 0.5) while most pairs of samples are equal: the
# ratio must be about 1 and inside its interval.
"$bin" sweep --gen dfs --solve '' --seeds 1 --sizes 5 --reps 200 --out "$tmp/q.csv" 2>/dev/null ||
    bad "quantised: sweep"
quant() { # FILE LOW: the first LOW reps at about 1000 ns, the rest at about 2000
    awk -F, -v OFS=, -v low="$2" '/^#/ { print; next }
        !h { h = 1; for (i = 1; i <= NF; i++) { c[$i] = i }; print; next }
        { r = $(c["rep"]); $(c["gen_ns"]) = (r < low ? 1000 : 2000) + r % 10; print }' "$1"
}
quant "$tmp/q.csv" 90 >"$tmp/q-base.csv"
quant "$tmp/q.csv" 110 >"$tmp/q-new.csv"
"$bin" compare "$tmp/q-base.csv" "$tmp/q-new.csv" --format json >"$tmp/out" 2>/dev/null
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["recipes"][0]
assert r["median_base_ns"] > 1900 and r["median_new_ns"] < 1100, r
assert 0.95 < r["ratio"] < 1.05, r
assert r["ci95"][0] <= r["ratio"] <= r["ci95"][1], r
' "$tmp/out" || bad "quantised: the ratio is not the interval's point: $(head -c 600 "$tmp/out")"

# Outputs.
expect 1 "json" "$tmp/base.csv" "$tmp/slow.csv" --format json
python3 -m json.tool "$tmp/out" >/dev/null || bad "json: does not parse"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert len(d["recipes"]) == 30 and len(d["algorithms"]) == 4, "counts"
assert d["summary"]["recipes"]["slower"] == 5 and d["summary"]["algorithms"]["slower"] == 1, "summary"
r = d["recipes"][0]
assert r["verdict"] == "slower" and r["gen"] == "kruskal" and r["solver"] is None, r
assert r["n_base"] == 10 and abs(r["ratio"] - 1.2) < 0.001 and r["p_adj"] < 0.05, r
assert r["ci95"][0] <= r["ratio"] <= r["ci95"][1], r
' "$tmp/out" || bad "json: fields"
expect 1 "csv" "$tmp/base.csv" "$tmp/slow.csv" --format csv
[ "$(wc -l <"$tmp/out")" = 35 ] || bad "csv: not a header and 34 rows"
has '^level,kind,gen,seed,topology,rows,cols,solver,strata,n_base,n_new,median_base_ns,median_new_ns,ratio,ci_lo,ci_hi,p,p_adj,test,verdict,instr_ratio,rounds,note,rng$' "csv header"
has '^algorithm,gen,kruskal,,ortho,31,31,,5,50,50,,,1.2' "csv algorithm row"
# Every kruskal seed exactly 1.2 slower: no spread between the strata, so
# no t-interval (never one of zero width), and the note says why.
has '^algorithm,gen,kruskal,,ortho,31,31,,5,50,50,,,1.200000,,,[0-9.e-]*,[0-9.e-]*,van-elteren,slower,,,"every recipe.s ratio the same: no spread between recipes, no interval",mulberry32$' "csv undefined interval"
expect 1 "markdown" "$tmp/base.csv" "$tmp/slow.csv" --format markdown
has '^### mazebench compare: \*\*regression\*\*' "markdown"
has '^| \*\*slower\*\* | algorithm | gen | kruskal, 31x31 | 1.2' "markdown"
expect 0 "markdown, no regression" "$tmp/base.csv" "$tmp/fast.csv" --format markdown
has '^### mazebench compare: no regression' "markdown"

expect 1 "junit" "$tmp/base.csv" "$tmp/det.csv" --junit "$tmp/j.xml"
command -v xmllint >/dev/null 2>&1 || { echo "FAIL: xmllint is missing (Debian package libxml2-utils; scripts/setup.sh installs it)" >&2; exit 1; }
xmllint --noout "$tmp/j.xml" || bad "junit: not well-formed XML"
grep -q 'tests="35" failures="1"' "$tmp/j.xml" || bad "junit: 35 cases, 1 failure expected: $(head -3 "$tmp/j.xml")"
grep -q "<failure message=\"$tmp/det.csv:$line: row 1 (dfs, seed 1, 31x31, bfs): column &apos;dead_ends&apos;" "$tmp/j.xml" ||
    bad "junit: the difference is not a failure"
expect 1 "junit, slower" "$tmp/base.csv" "$tmp/slow.csv" --junit "$tmp/j2.xml"
grep -q 'tests="35" failures="6"' "$tmp/j2.xml" || bad "junit: 6 slower cases expected"
grep -q '<failure message="slower: time ratio 1.2' "$tmp/j2.xml" || bad "junit: no slower message"

expect 0 "--out" "$tmp/base.csv" "$tmp/fast.csv" --out "$tmp/report.txt"
[ -s "$tmp/out" ] && bad "--out: something on stdout"
grep -q '10 faster' "$tmp/report.txt" || bad "--out: no report"
expect 2 "--out exists" "$tmp/base.csv" "$tmp/fast.csv" --out "$tmp/report.txt"
expect 2 "--junit exists" "$tmp/base.csv" "$tmp/fast.csv" --junit "$tmp/report.txt"
expect 0 "--out --force" "$tmp/base.csv" "$tmp/fast.csv" --out "$tmp/report.txt" --force --format csv
head -1 "$tmp/report.txt" | grep -q '^level,' || bad "--force: not replaced"
expect 2 "--out is an input" "$tmp/base.csv" "$tmp/fast.csv" --out "$tmp/fast.csv" --force
ls -a "$tmp" | grep -q '\.tmp' && bad "a temporary file left behind: $(ls -a "$tmp")"

command -v gnuplot >/dev/null 2>&1 || { echo "FAIL: gnuplot is missing (Debian package gnuplot-nox; scripts/setup.sh installs it)" >&2; exit 1; }
expect 1 "chart" "$tmp/base.csv" "$tmp/slow.csv" --chart "$tmp/c.svg"
xmllint --noout "$tmp/c.svg" || bad "chart: not XML"
grep -q 'kruskal, 31x31' "$tmp/c.svg" || bad "chart: no algorithm label"
expect 1 "chart png" "$tmp/base.csv" "$tmp/slow.csv" --chart "$tmp/c.png"
[ "$(head -c 4 "$tmp/c.png" | tail -c 3)" = PNG ] || bad "chart: not a PNG"
PATH=/nonexistent "$bin" compare "$tmp/base.csv" "$tmp/slow.csv" --chart "$tmp/d.svg" >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] && grep -q 'needs gnuplot, which was not found' "$tmp/err" || bad "chart without gnuplot: $(cat "$tmp/err")"
[ -e "$tmp/d.svg" ] && bad "chart without gnuplot: a file written"
expect 2 "chart, not png or svg" "$tmp/base.csv" "$tmp/slow.csv" --chart "$tmp/c.gif"

# Refusals.
expect 2 "no arguments"
expect 2 "one file" "$tmp/base.csv"
expect 2 "three files" "$tmp/base.csv" "$tmp/base.csv" "$tmp/base.csv"
expect 2 "missing file" "$tmp/base.csv" "$tmp/nope.csv"
grep '^#' "$tmp/base.csv" >"$tmp/nohead.csv"
expect 2 "no header" "$tmp/nohead.csv" "$tmp/base.csv"
head -c -20 "$tmp/base.csv" >"$tmp/cut.csv"
expect 2 "a row cut short" "$tmp/base.csv" "$tmp/cut.csv"
grep -q 'is not a complete row' "$tmp/err" || bad "cut short: $(cat "$tmp/err")"
sed 's/^# registry: .*/# registry: 0123456789abcdef/' "$tmp/slow.csv" >"$tmp/reg.csv"
expect 2 "different registries" "$tmp/base.csv" "$tmp/reg.csv"
grep -q 'different registries' "$tmp/err" || bad "registries: $(cat "$tmp/err")"
expect 1 "--any-registry" "$tmp/base.csv" "$tmp/reg.csv" --any-registry
awk -F, '/^#/ || /^gen,/ || $1 == "dfs"' "$tmp/base.csv" >"$tmp/dfs.csv"
awk -F, '/^#/ || /^gen,/ || $1 == "kruskal"' "$tmp/base.csv" >"$tmp/kruskal.csv"
expect 2 "no recipe in common" "$tmp/dfs.csv" "$tmp/kruskal.csv"
grep -q 'no timed recipe in common' "$tmp/err" || bad "no common: $(cat "$tmp/err")"
awk -F, '/^#/ || /^gen,/ || $16 <= 2' "$tmp/base.csv" | awk -F, '/^#/ || /^gen,/ || ($1 == "dfs" && $2 == 1)' >"$tmp/two-reps.csv"
expect 2 "too few samples" "$tmp/two-reps.csv" "$tmp/two-reps.csv"
grep -q 'too few samples to test: 2 a side at most, at least [0-9]* a side needed' "$tmp/err" || bad "too few: $(cat "$tmp/err")"
awk -F, -v OFS=, '/^gen,/ { for (i = 1; i <= NF; i++) if ($i == "solve_ns") c = i }
    !/^#/ && !/^gen,/ && ++n == 3 { $c = "fast" } { print }' "$tmp/base.csv" >"$tmp/nan.csv"
expect 2 "a timing that is not a number" "$tmp/base.csv" "$tmp/nan.csv"
expect 2 "unknown option" "$tmp/base.csv" "$tmp/base.csv" --frobnicate
expect 2 "an option twice" "$tmp/base.csv" "$tmp/base.csv" --alpha 0.05 --alpha 0.01
expect 2 "bad threshold" "$tmp/base.csv" "$tmp/base.csv" --threshold 5x
expect 2 "bad alpha" "$tmp/base.csv" "$tmp/base.csv" --alpha 2
expect 2 "bad format" "$tmp/base.csv" "$tmp/base.csv" --format yaml

# --time cpu compares gen_cpu_ns and solve_cpu_ns instead: wall times
# 20% slower for kruskal (a loaded machine) with equal CPU times is no
# verdict on CPU time, and CPU times 20% slower are one.
set_cpu() { # FILE GENF: the CPU columns made up as set_times makes gen_ns, times GENF for kruskal
    awk -F, -v OFS=, -v gf="$2" '
        /^#/ { print; next }
        !h { h = 1; for (i = 1; i <= NF; i++) { c[$i] = i }; print; next }
        { r = $(c["rep"])
          $(c["gen_cpu_ns"]) = int((100000 + 1000 * r) * ($1 == "kruskal" ? gf : 1))
          $(c["solve_cpu_ns"]) = 50000 + 500 * r
          print }' "$1"
}
set_cpu "$tmp/base.csv" 1 >"$tmp/cpu-base.csv"
set_cpu "$tmp/slow.csv" 1 >"$tmp/cpu-load.csv"
set_cpu "$tmp/base.csv" 1.2 >"$tmp/cpu-slow.csv"
expect 1 "wall times slower" "$tmp/cpu-base.csv" "$tmp/cpu-load.csv"
expect 0 "--time cpu: CPU times equal" "$tmp/cpu-base.csv" "$tmp/cpu-load.csv" --time cpu
has 'compare: 0 slower, 0 faster, 30 unchanged of 30 recipes' "--time cpu equal"
has 'CPU time' "--time cpu equal"
expect 1 "--time cpu: CPU times slower" "$tmp/cpu-base.csv" "$tmp/cpu-slow.csv" --time cpu
has 'compare: 5 slower, 0 faster, 25 unchanged of 30 recipes' "--time cpu slower"
awk -F, -v OFS=, '/^#/ { print; next } { NF = NF - 2; print }' "$tmp/cpu-base.csv" >"$tmp/nocpu.csv"
expect 2 "--time cpu without the CPU columns" "$tmp/nocpu.csv" "$tmp/cpu-base.csv" --time cpu
grep -q 'no gen_cpu_ns column' "$tmp/err" || bad "no cpu column: $(cat "$tmp/err")"
expect 2 "bad --time" "$tmp/base.csv" "$tmp/base.csv" --time sundial
grep -q 'gen_cpu_ns' "$tmp/raw.csv" || bad "the sweep writes no gen_cpu_ns column"
awk -F, '/^gen,/ { for (i = 1; i <= NF; i++) if ($i == "gen_cpu_ns") c = i; next }
    !/^#/ && !($c > 0) { bad = 1 } END { exit bad }' "$tmp/raw.csv" ||
    bad "a sweep row without a positive gen_cpu_ns"

# Outputs are committed together or not at all. Old versions of the three
# files must survive any failure: a --junit that cannot be opened, a chart
# whose gnuplot fails, a report that cannot reach stdout.
olds() { for f in k.txt j.xml c.svg; do echo "old $f" >"$tmp/$f"; done; }
unchanged() { # NAME: the three old files still there, no temporary file
    for f in k.txt j.xml c.svg; do
        [ "$(cat "$tmp/$f" 2>/dev/null)" = "old $f" ] || bad "$1: '$f' replaced or gone"
    done
    ls -a "$tmp" | grep -q '\.tmp' && bad "$1: a temporary file left behind: $(ls -a "$tmp")"
}
olds
expect 1 "--junit in a missing folder" "$tmp/base.csv" "$tmp/slow.csv" --force \
    --out "$tmp/k.txt" --junit "$tmp/no/such/j.xml" --chart "$tmp/c.svg"
unchanged "--junit in a missing folder"
mkdir "$tmp/bin"
printf '#!/bin/sh\ncat >/dev/null\necho "gnuplot: broken" >&2\nexit 1\n' >"$tmp/bin/gnuplot"
chmod +x "$tmp/bin/gnuplot"
PATH="$tmp/bin:$PATH" "$bin" compare "$tmp/base.csv" "$tmp/slow.csv" --force \
    --out "$tmp/k.txt" --junit "$tmp/j.xml" --chart "$tmp/c.svg" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || bad "a failing gnuplot: exit $rc, expected 1"
grep -q '^mazebench: compare: gnuplot failed drawing' "$tmp/err" || bad "a failing gnuplot: $(cat "$tmp/err")"
unchanged "a failing gnuplot"
if [ -w /dev/full ]; then
    "$bin" compare "$tmp/base.csv" "$tmp/slow.csv" --force --junit "$tmp/j.xml" >/dev/full 2>"$tmp/err"
    rc=$?
    [ $rc = 1 ] || bad "stdout full: exit $rc, expected 1"
    unchanged "stdout full"
    "$bin" compare "$tmp/base.csv" "$tmp/slow.csv" --junit "$tmp/j-new.xml" >/dev/full 2>"$tmp/err"
    [ -e "$tmp/j-new.xml" ] && bad "stdout full: --junit file created"
fi
"$bin" compare "$tmp/base.csv" "$tmp/slow.csv" --force --junit "$tmp/j.xml" >&- 2>"$tmp/err"
rc=$?
[ $rc = 1 ] || bad "stdout closed: exit $rc, expected 1"
unchanged "stdout closed"
expect 1 "every output at once" "$tmp/base.csv" "$tmp/slow.csv" --force --format json \
    --out "$tmp/k.txt" --junit "$tmp/j.xml"
python3 -m json.tool "$tmp/k.txt" >/dev/null || bad "every output at once: --out not the JSON report"
grep -q '<testsuites' "$tmp/j.xml" || bad "every output at once: --junit not written"

# Rounds of two registries in one file, or two headers: not comparable.
sed 's/^# registry: .*/# registry: 0123456789abcdef/' "$tmp/base.csv" >"$tmp/reg-b.csv"
cat "$tmp/base.csv" "$tmp/reg-b.csv" >"$tmp/mixed.csv"
cat "$tmp/base.csv" "$tmp/base.csv" >"$tmp/two.csv"
reg=$(sed -n 's/^# registry: //p' "$tmp/base.csv" | head -1)
expect 2 "rounds of two registries (new)" "$tmp/two.csv" "$tmp/mixed.csv"
grep -q "'$tmp/mixed.csv' line [0-9]*: a round of registry '0123456789abcdef' after one of registry '$reg'" "$tmp/err" ||
    bad "rounds of two registries: $(cat "$tmp/err")"
expect 2 "rounds of two registries (base)" "$tmp/mixed.csv" "$tmp/two.csv"
expect 0 "rounds of two registries, --any-registry" "$tmp/base.csv" "$tmp/mixed.csv" --any-registry
sed '/^gen,/ s/,dead_ends,/,dead_ands,/' "$tmp/base.csv" >"$tmp/hdr-b.csv"
cat "$tmp/base.csv" "$tmp/hdr-b.csv" >"$tmp/hdr.csv"
expect 2 "rounds of two headers" "$tmp/two.csv" "$tmp/hdr.csv"
grep -q "'$tmp/hdr.csv' line [0-9]*: a round whose header has column [0-9]* 'dead_ands' where the first round's has 'dead_ends'" "$tmp/err" ||
    bad "rounds of two headers: $(cat "$tmp/err")"
grep -v '^#' "$tmp/hdr-b.csv" >"$tmp/hdr-bare.csv"
cat "$tmp/base.csv" "$tmp/hdr-bare.csv" >"$tmp/hdr2.csv"
expect 2 "rounds of two headers, no '#' lines" "$tmp/two.csv" "$tmp/hdr2.csv"

# The geometry as the sweep writes it: topology, then rows and cols as
# numbers (a 3d grid's levels in its topology, 3d:L).
"$bin" sweep --gen dfs --solve bfs --seeds 1..2 --grids hex:5,3d:2x3x4 --reps 5 \
    --out "$tmp/shapes-raw.csv" 2>/dev/null || bad "sweep on shapes"
set_times "$tmp/shapes-raw.csv" 1 1 >"$tmp/shapes.csv"
set_times "$tmp/shapes-raw.csv" 1.2 1 >"$tmp/shapes-slow.csv"
expect 1 "shapes, csv" "$tmp/shapes.csv" "$tmp/shapes-slow.csv" --format csv
has '^recipe,gen,dfs,1,hex,5,5,,1,5,5,' "shapes csv"
has '^recipe,solve,dfs,2,3d:2,3,4,bfs,1,5,5,' "shapes csv"
has '^algorithm,gen,dfs,,hex,5,5,,2,10,10,' "shapes csv"
expect 1 "shapes, json" "$tmp/shapes.csv" "$tmp/shapes-slow.csv" --format json
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
g = {(r["topology"], r["rows"], r["cols"]) for r in d["recipes"] + d["algorithms"]}
assert g == {("hex", 5, 5), ("3d:2", 3, 4)}, g
' "$tmp/out" || bad "shapes json: topology, rows and cols: $(head -c 600 "$tmp/out")"
expect 1 "shapes, text" "$tmp/shapes.csv" "$tmp/shapes-slow.csv"
has 'dfs, seed 1, hex:5x5 ' "shapes text"
has 'bfs, 3d:2x3x4 ' "shapes text"

# A statistic undefined for its sample says so: every solve time the same
# on both sides has no rank test and no interval (n/a, empty, null, and a
# note), never p = 1 or an interval of zero width.
awk -F, -v OFS=, '/^#/ { print; next } !h { h = 1; for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    { $(c["solve_ns"]) = 5000; print }' "$tmp/slow.csv" >"$tmp/flat.csv"
expect 0 "no spread, text" "$tmp/flat.csv" "$tmp/flat.csv"
grep -E '^unchanged +solve +dfs, seed 1, 31x31, bfs +10/10 +5000 +5000 +1\.0000 +n/a +n/a +n/a +\(no spread' "$tmp/out" >/dev/null ||
    bad "no spread text: $(cat "$tmp/out")"
grep -q '^mazebench: compare: note: figures undefined for their sample (20 recipes, 4 algorithms, the summary) are n/a' "$tmp/err" ||
    bad "no spread: no note on stderr: $(cat "$tmp/err")"
expect 0 "no spread, csv" "$tmp/flat.csv" "$tmp/flat.csv" --format csv
has '^recipe,solve,dfs,1,ortho,31,31,bfs,1,10,10,5000.0,5000.0,1.000000,,,,,mann-whitney-normal,unchanged,,,"no spread' "no spread csv"
expect 0 "no spread, json" "$tmp/flat.csv" "$tmp/flat.csv" --format json
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for r in d["recipes"] + d["algorithms"]:
    if r["kind"] == "solve":
        assert r["p"] is None and r["p_adj"] is None and r["ci95"] is None, r
        assert r["note"].startswith("no spread"), r
    else:
        assert r["p"] is not None, r
    assert r["ci95"] is None or r["ci95"][0] < r["ci95"][1], r
assert d["summary"]["solve_geomean_ci95"] is None and d["summary"]["solve_geomean_note"], d["summary"]
' "$tmp/out" || bad "no spread json: $(head -c 800 "$tmp/out")"
# Tied samples (nine of ten solve times equal on both sides): a p-value,
# but a Moses interval of zero width, which is printed as none.
awk -F, -v OFS=, '/^#/ { print; next } !h { h = 1; for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    { $(c["solve_ns"]) = $(c["rep"]) == 1 ? 5100 : 5000; print }' "$tmp/base.csv" >"$tmp/tied.csv"
expect 0 "tied, csv" "$tmp/tied.csv" "$tmp/tied.csv" --format csv
has '^recipe,solve,dfs,1,ortho,31,31,bfs,1,10,10,5000.0,5000.0,1.000000,,,1,1,mann-whitney-normal,unchanged,,,"tied samples: an interval of zero width, so none",mulberry32$' "tied csv"
expect 0 "identical files, no zero-width interval" "$tmp/base.csv" "$tmp/base.csv"
has 'gen geomean 1.000 (no interval: every recipe.s ratio the same, no spread)' "identical, summary"

# Out of memory is a failure (exit 1), never bad input; files too large
# for what 'ulimit -v' leaves are refused before they are read. A larger
# file: the rows of base.csv again and again, as one round.
cp "$tmp/base.csv" "$tmp/big.csv"
grep -v '^#' "$tmp/base.csv" | tail -n +2 >"$tmp/rows1"
for k in 1 2 3 4 5 6 7; do cat "$tmp/rows1" "$tmp/rows1" >"$tmp/rows2"; mv "$tmp/rows2" "$tmp/rows1"; done
for k in 1 2 3 4 5 6 7 8; do cat "$tmp/rows1" >>"$tmp/big.csv"; done
if (ulimit -v 300000 && "$bin" --version) >/dev/null 2>&1; then
    (ulimit -v 60000 && exec "$bin" compare "$tmp/big.csv" "$tmp/big.csv") >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc = 1 ] || bad "past ulimit -v: exit $rc, expected 1"
    grep -q "^mazebench: compare: comparing '$tmp/big.csv' and '$tmp/big.csv' needs about .* MiB, more than the .* (ulimit -v) leaves" "$tmp/err" ||
        bad "past ulimit -v: $(cat "$tmp/err")"
    # Paired rounds that each hold other recipes: one log ratio a recipe
    # and round, 2,500 rounds of one maze each (2 x 2,500 recipes), 100 MB.
    awk -F, -v OFS=, '/^#/ { next } !h { h = 1; hd = $0; next }
        !r { r = $0 } END { for (k = 1; k <= 2500; k++) { print hd; $0 = r; $2 = k; print } }' \
        "$tmp/base.csv" >"$tmp/many.csv"
    (ulimit -v 60000 && exec "$bin" compare "$tmp/many.csv" "$tmp/many.csv") >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc = 1 ] || bad "recipes times rounds past ulimit -v: exit $rc, expected 1"
    grep -q "^mazebench: compare: 5000 recipes over 2500 paired rounds needs about" "$tmp/err" ||
        bad "recipes times rounds past ulimit -v: $(cat "$tmp/err")"
else # a sanitized build: its allocator fails the large blocks instead
    ASAN_OPTIONS=allocator_may_return_null=1:max_allocation_size_mb=1 \
        "$bin" compare "$tmp/big.csv" "$tmp/big.csv" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc = 1 ] || bad "out of memory: exit $rc, expected 1: $(cat "$tmp/err")"
    grep -q '^mazebench: compare: out of memory' "$tmp/err" || bad "out of memory: $(cat "$tmp/err")"
fi

# The random source is part of a recipe: a file written before the rng
# column drew from mulberry32 and pairs with one that names it; the same
# recipes drawn from splitmix64 are other recipes (never paired: no recipe
# in common, exit 2, naming the sources); the outputs name the source.
awk -F, -v OFS=, '/^#/ { print; next }
    !h { h = 1; for (i = 1; i <= NF; i++) if ($i == "rng") c = i }
    { out = ""; for (i = 1; i <= NF; i++) if (i != c) out = out (out == "" && i == 1 ? "" : OFS) $i; print out }' \
    "$tmp/base.csv" >"$tmp/norng.csv"
grep -q ',rng,' "$tmp/norng.csv" && bad "rng: the column was not removed"
expect 0 "a file without an rng column pairs as mulberry32" "$tmp/norng.csv" "$tmp/base.csv"
has 'compare: 0 slower, 0 faster, 30 unchanged of 30 recipes' "no rng column"
awk -F, -v OFS=, '/^#/ { print; next } !h { h = 1; for (i = 1; i <= NF; i++) if ($i == "rng") c = i; print; next }
    { $c = "splitmix64"; print }' "$tmp/base.csv" >"$tmp/sm.csv"
expect 2 "the same recipes from another source" "$tmp/base.csv" "$tmp/sm.csv"
grep -q 'no timed recipe in common (their rows were drawn from different random sources, mulberry32 and splitmix64' "$tmp/err" ||
    bad "another source: $(cat "$tmp/err")"
{ cat "$tmp/base.csv"; grep -v '^#' "$tmp/sm.csv" | tail -n +2; } >"$tmp/both.csv" # one round
expect 0 "both sources in one file" "$tmp/both.csv" "$tmp/both.csv" --format csv
has '^recipe,gen,dfs,1,ortho,31,31,,1,10,10,.*,mulberry32$' "rng csv"
has '^recipe,gen,dfs,1,ortho,31,31,,1,10,10,.*,splitmix64$' "rng csv"
has '^algorithm,gen,dfs,,ortho,31,31,,5,50,50,.*,splitmix64$' "rng csv: an algorithm a source"
expect 0 "both sources, json" "$tmp/both.csv" "$tmp/both.csv" --format json
has '"seed": 1, "rng": "splitmix64", "topology": "ortho"' "rng json"
expect 0 "both sources, text" "$tmp/both.csv" "$tmp/both.csv"
has 'of 60 recipes' "rng text: the sources are 60 recipes"
awk -F, -v OFS=, '/^gen,/ { for (i = 1; i <= NF; i++) if ($i == "dead_ends") d = i }
    !/^#/ && !/^gen,/ && ++n == 1 { $d = $d + 1 } { print }' "$tmp/sm.csv" >"$tmp/sm-det.csv"
expect 1 "a deterministic column differs under splitmix64" "$tmp/sm.csv" "$tmp/sm-det.csv"
has "row 1 (dfs, seed 1, rng splitmix64, 31x31, bfs): column 'dead_ends'" "rng determinism"

[ "$fails" = 0 ] || { echo "$fails failure(s)"; exit 1; }
echo "compare_cli: all passed"
