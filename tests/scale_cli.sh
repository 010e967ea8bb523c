#!/bin/sh
# scale_cli.sh CLI [SANITIZED] - 'mazebench scale' end to end on tiny sizes:
# write errors fail the command, --out - is stdout, a missing directory is
# refused (nothing made at the root), a fixed-size generator is measured
# once at its real size, --reps gives min <= median, the progress line is
# whole, the file has provenance lines and is replaced atomically, its
# charts are committed with it, --resume carries on FILE.partial made by the
# same command and build and refuses any other, hints
# name files that exist, and (with valgrind, in a build
# without sanitizers) the child sends no uninitialised bytes.
set -u
. "$(dirname "$0")/lib.sh"
cli=$1
sanitized=${2:-OFF}
src=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
pass=0
fail=0
check() { # check NAME COMMAND...: the command must succeed
    name=$1
    shift
    if "$@"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: $name" >&2
    fi
}
S="--gen dfs --max-cells 2000 --no-chart --reps 1"

# Every write is checked: a full disk is an error, with one line.
"$cli" scale $S --out /dev/full >out 2>err
rc=$?
check "scale --out /dev/full exits non-zero" [ "$rc" -ne 0 ]
check "scale --out /dev/full says so in one line" \
    sh -c "[ \$(wc -l <err) -eq 1 ] && grep -q \"^mazebench: .*'/dev/full'\" err"

# '-' is stdout, not a file named '-'.
"$cli" scale $S --out - >out 2>err
check "scale --out - exits 0" [ $? -eq 0 ]
check "scale --out - writes the CSV to stdout" grep -q '^gen,solver,seed,rng,reps,topology,rows,cols' out
check "scale --out - makes no file named '-'" [ ! -e ./- ]

# A directory that does not exist is refused, never made.
missing="/mz-scale-test-$$-missing"
"$cli" scale $S --out "$missing/x.csv" >out 2>err
rc=$?
check "scale --out /missing/x.csv exits non-zero" [ "$rc" -ne 0 ]
check "scale --out /missing/x.csv makes no directory" [ ! -e "$missing" ]
rmdir "$missing" 2>/dev/null

# A fixed-size generator: one row, its real size, a note.
"$cli" scale --gen pacman --max-cells 8000 --no-chart --reps 1 --out - >out 2>err
check "scale --gen pacman exits 0" [ $? -eq 0 ]
check "scale --gen pacman writes one row of 31x28" \
    sh -c "[ \$(grep -vc '^#' out) -eq 2 ] && grep -q '^pacman,,464,mulberry32,1,ortho,31,28,868,' out"
check "scale --gen pacman notes the fixed size" grep -q "^# note: 'pacman' makes a fixed-size" out

# --reps: the engine's minimum is at most its median, for both stages.
"$cli" scale --gen dfs --solve bfs --max-cells 4000 --no-chart --reps 5 --out - >out 2>err
check "scale --reps 5 exits 0" [ $? -eq 0 ]
check "scale --reps 5: min <= median, reps column 5" awk -F, '
    /^#/ { next }
    !h { for (k = 1; k <= NF; k++) c[$k] = k; h = 1; next }
    $c["reps"] != 5 || $c["gen_min_ns_per_cell"] > $c["gen_ns_per_cell"] ||
    $c["solve_min_ns_per_cell"] > $c["solve_ns_per_cell"] || $c["solve_closed"] < 1 { bad = 1 }
    END { exit bad || NR < 4 }' out
check "scale: the gen name is CSV-quoted" sh -c \
    "'$cli' scale --gen dfs+braid:keep=0.4,offset=99 --max-cells 1000 --no-chart --reps 1 --out - |
     grep -q '^\"dfs+braid:keep=0.4,offset=99\",,464,'"

# One timed run has no spread: gen_spread_pct and solve_spread_pct are
# empty with --reps 1 (a number with --reps 5, above).
"$cli" scale --gen dfs --solve bfs --max-cells 2000 --no-chart --reps 1 --out - >out 2>err
check "scale --reps 1: the spread columns are empty" awk -F, '
    /^#/ { next }
    !h { for (k = 1; k <= NF; k++) c[$k] = k; h = 1; next }
    $c["gen_spread_pct"] != "" || $c["solve_spread_pct"] != "" || $c["gen_ns_per_cell"] == "" { bad = 1 }
    END { exit bad || NR < 3 }' out
check "scale --reps 5: the spread columns are numbers" sh -c "'$cli' scale --gen dfs --solve bfs \
    --max-cells 2000 --no-chart --reps 5 --out - | awk -F, '/^#/ { next } !h { h = 1; next }
    \$12 == \"\" || \$16 == \"\" { bad = 1 } END { exit bad }'"

# The progress line (a terminal on stderr) is whole, with or without a solver.
if command -v script >/dev/null 2>&1; then
    script -qec "'$cli' scale $S --out x.csv --force" /dev/null >tty.txt 2>&1
    check "scale progress without --solve is whole" \
        grep -Eq '^scale: 31x32 \(992 cells\): gen [0-9.]+ ns/cell, [0-9.]+ bytes/cell' tty.txt
    check "scale progress has no stray solver figure" sh -c "! grep -q 'ns/cell[0-9]' tty.txt"
    script -qec "'$cli' scale $S --solve bfs --out x.csv --force" /dev/null >tty.txt 2>&1
    check "scale progress with --solve is whole" \
        grep -Eq '^scale: 31x32 \(992 cells\): gen [0-9.]+ ns/cell, solve [0-9.]+ ns/cell, [0-9.]+ bytes/cell' tty.txt
fi

# A file gets provenance lines and is replaced atomically (no temporary left).
"$cli" scale $S --out prov.csv >out 2>err
check "scale --out FILE exits 0" [ $? -eq 0 ]
check "scale writes provenance lines" sh -c "grep -q '^# commit: ' prov.csv &&
    grep -q '^# command: mazebench scale ' prov.csv && grep -q '^# registry: ' prov.csv"
check "scale leaves no temporary file" sh -c "! ls -a | grep -q 'tmp-'"

# A hint names only files that exist in the source tree.
"$cli" scale --gen dfs --max-cells 1000 --reps 1 --out x.csv >out 2>err
for f in $(grep -o 'scripts/[a-z_.-]*' err); do
    check "scale's hint names '$f', which exists" [ -e "$src/$f" ]
done

# A run never replaces a file by accident: the default is stdout, and an
# existing --out file is kept unless --force.
"$cli" scale $S >out 2>err
check "scale with no --out writes the CSV to stdout" grep -q '^gen,solver,seed,rng,reps,topology,rows,cols' out
echo keep >kept.csv
"$cli" scale $S --out kept.csv >out 2>err
rc=$?
check "scale --out EXISTING exits 2" [ "$rc" -eq 2 ]
check "scale --out EXISTING keeps the file" grep -qx keep kept.csv
"$cli" scale $S --out kept.csv --force >out 2>err
check "scale --out EXISTING --force replaces it" grep -q '^gen,solver,seed' kept.csv

# The charts (FILE's .png and .svg) are outputs committed with FILE: all
# three or none. An existing chart is kept unless --force; a chart gnuplot
# cannot draw fails the command and keeps the three old files.
command -v gnuplot >/dev/null 2>&1 || { echo "FAIL: gnuplot is missing (Debian package gnuplot-nox; scripts/setup.sh installs it)" >&2; exit 1; }
mkdir -p scripts
cp "$src/scripts/scale.gp" scripts/scale.gp
C="--gen dfs --max-cells 2000 --reps 1"
"$cli" scale $C --out ch.csv >out 2>err
check "scale draws its charts" sh -c "[ -s ch.csv ] && [ -s ch.png ] && [ -s ch.svg ]"
rm -f ch.csv
echo old >ch.png
"$cli" scale $C --out ch.csv >out 2>err
check "scale refuses an existing chart without --force (exit 2)" [ $? -eq 2 ]
check "scale then writes no CSV" [ ! -e ch.csv ]
check "scale keeps the existing chart" grep -qx old ch.png
echo old >ch.csv
echo old >ch.svg
echo 'plot no_such_variable' >>scripts/scale.gp
"$cli" scale $C --out ch.csv --force >out 2>err
check "scale with a chart that fails exits 1" [ $? -eq 1 ]
check "scale with a chart that fails says so in one line" [ "$(wc -l <err)" -eq 1 ]
check "scale with a chart that fails keeps the three old files" sh -c \
    "grep -qx old ch.csv && grep -qx old ch.png && grep -qx old ch.svg"
check "scale with a chart that fails leaves no partial" [ ! -e ch.csv.partial ]
check "scale with a chart that fails leaves no temporary file" sh -c "! ls -a | grep -q 'tmp-'"
rm -rf scripts ch.*

# A FILE.partial (the sizes of a run that stopped at a size) is never left
# stale beside a newer FILE: refused without --force, removed by a run
# that succeeds with it.
echo "stale" >st.csv.partial
"$cli" scale $S --out st.csv >out 2>err
check "scale refuses to start over a FILE.partial (exit 2)" [ $? -eq 2 ]
check "scale then writes no FILE" [ ! -e st.csv ]
"$cli" scale $S --out st.csv --force >out 2>err
check "scale --force over a FILE.partial exits 0" [ $? -eq 0 ]
check "scale --force removes the stale FILE.partial" [ ! -e st.csv.partial ]

# --resume carries on FILE.partial (the sizes of a run that stopped or was
# killed) when it is whole and made by the same command and build: the
# sizes measured are kept, the others measured, the file then complete.
R="--gen dfs --solve bfs --max-cells 16000 --no-chart --reps 1"
"$cli" scale $R --out whole.csv >out 2>err
grep -v '^#' whole.csv | cut -d, -f1-9 >whole.sizes
rm -f re.csv re.csv.partial
head -n -2 whole.csv >re.csv.partial # two sizes short
"$cli" scale $R --out re.csv >out 2>err
check "scale over a FILE.partial without --resume exits 2" [ $? -eq 2 ]
"$cli" scale $R --out re.csv --resume >out 2>err
check "scale --resume exits 0" [ $? -eq 0 ]
check "scale --resume makes FILE and removes FILE.partial" sh -c "[ -s re.csv ] && [ ! -e re.csv.partial ]"
check "scale --resume has every size of the whole run" sh -c \
    "grep -v '^#' re.csv | cut -d, -f1-9 | cmp -s - whole.sizes"
check "scale --resume keeps the sizes measured" sh -c \
    "[ \"\$(grep -v '^#' re.csv | head -n 4)\" = \"\$(grep -v '^#' whole.csv | head -n 4)\" ]"
check "scale --resume says it resumed" grep -q '^# resumed: .* after 3 sizes' re.csv
# a row cut short at the end (an interrupted write) is measured again
rm -f re.csv
head -n -1 whole.csv | head -c -30 >re.csv.partial
"$cli" scale $R --out re.csv --resume >out 2>err
check "scale --resume over a row cut short exits 0" [ $? -eq 0 ]
check "scale --resume over a row cut short has every size" sh -c \
    "grep -v '^#' re.csv | cut -d, -f1-9 | cmp -s - whole.sizes"
# each mismatch: exit 2, one line, the partial untouched
refused() { # refused WHAT EDIT ARGS...
    what=$1 edit=$2
    shift 2
    rm -f re.csv
    head -n -2 whole.csv >re.csv.partial
    sh -c "$edit"
    cp re.csv.partial before
    "$cli" scale "$@" --out re.csv --resume >out 2>err
    rc=$?
    check "scale --resume refuses $what (exit 2)" [ "$rc" -eq 2 ]
    check "scale --resume refuses $what in one line" sh -c \
        "[ \$(wc -l <err) -eq 1 ] && grep -q '^mazebench: scale: cannot resume' err"
    check "scale --resume refusing $what leaves the partial" cmp -s re.csv.partial before
    check "scale --resume refusing $what makes no FILE" [ ! -e re.csv ]
}
refused "another seed" ":" $R --seed 7
refused "another random source" ":" $R --rng splitmix64
refused "another generator" ":" --gen kruskal --solve bfs --max-cells 16000 --no-chart --reps 1
refused "another solver" ":" --gen dfs --solve bibfs --max-cells 16000 --no-chart --reps 1
refused "another --reps" ":" --gen dfs --solve bfs --max-cells 16000 --no-chart --reps 2
refused "another shape" ":" $R --shape hex
refused "another build" "sed -i 's/^# commit: .*/# commit: 0123456789/' re.csv.partial" $R
refused "another registry" "sed -i 's/^# registry: .*/# registry: 0123456789abcdef/' re.csv.partial" $R
refused "a damaged row" "sed -i '/^dfs,bfs,464,mulberry32,1,ortho,44,/s/,ortho,/,/' re.csv.partial" $R
refused "a file of another command" "sed -i 's/^# mazebench \\(.*\\) scale\$/# mazebench \\1 sweep/' re.csv.partial" $R
refused "fewer --max-cells" ":" --gen dfs --solve bfs --max-cells 2000 --no-chart --reps 1
# a run whose last size its --max-cells capped (5000: 4970 cells) is not
# part of a larger --max-cells' sizes (7921 there): refused naming
# --max-cells, not another generator or seed
"$cli" scale --gen dfs --solve bfs --max-cells 5000 --no-chart --reps 1 --out cap.csv >out 2>err
mv cap.csv cap.csv.partial
"$cli" scale $R --out cap.csv --resume >out 2>err
check "scale --resume past a capped size exits 2" [ $? -eq 2 ]
check "scale --resume past a capped size names --max-cells" sh -c \
    "[ \$(wc -l <err) -eq 1 ] && grep -q \"row 4 has cells '4970', this command's size 4 wants '7921' (another --max-cells\" err"
rm -f cap.csv.partial
rm -f re.csv.partial
# killed with SIGKILL part-way: FILE.partial keeps what was measured, and
# --resume finishes it
R2="--gen dfs --solve bfs --max-cells 256000 --no-chart --reps 1"
"$cli" scale $R2 --out k.csv >/dev/null 2>&1 &
pid=$!
n=0
while [ "$n" -lt 100 ] && [ "$(grep -vc '^#' k.csv.partial 2>/dev/null || echo 0)" -lt 3 ]; do
    sleep 0.05
    n=$((n + 1))
done
kill -KILL "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
if [ -e k.csv ]; then
    echo "note: scale finished before SIGKILL" >&2
else
    check "scale killed by SIGKILL keeps its sizes in FILE.partial" \
        sh -c "[ \$(grep -vc '^#' k.csv.partial) -ge 2 ]"
    "$cli" scale $R2 --out k.csv --resume >out 2>err
    check "scale --resume after SIGKILL exits 0" [ $? -eq 0 ]
    check "scale --resume after SIGKILL has every size" sh -c \
        "[ \$(grep -vc '^#' k.csv) -eq 10 ] && [ ! -e k.csv.partial ]"
fi

# The source of each size: the rng column names it and draws counts the
# draws; mulberry32 asked for with a seed past 32 bits is refused before
# any work (exit 2, one line, no file); 'auto' notes the switch once.
"$cli" scale $S --rng splitmix64 --out - >out 2>err
check "scale --rng splitmix64 exits 0" [ $? -eq 0 ]
check "scale --rng splitmix64: every row says splitmix64 and counts its draws" awk -F, '
    /^#/ { next }
    !h { for (k = 1; k <= NF; k++) c[$k] = k; h = 1; next }
    $c["rng"] != "splitmix64" || $c["draws"] !~ /^[1-9][0-9]*$/ { bad = 1 }
    END { exit bad || NR < 3 }' out
"$cli" scale $S --seed 5000000000 --rng mulberry32 --out big.csv >out 2>err
check "scale --rng mulberry32 with a 33-bit seed exits 2" [ $? -eq 2 ]
check "scale --rng mulberry32 with a 33-bit seed: one line, no file" sh -c \
    "[ \$(wc -l <err) -eq 1 ] && [ ! -e big.csv ] && [ ! -e big.csv.partial ]"
"$cli" scale $S --seed 5000000000 --out - >out 2>err
check "scale with a 33-bit seed exits 0" [ $? -eq 0 ]
check "scale with a 33-bit seed notes splitmix64 once" sh -c \
    "[ \$(grep -c 'note: .*splitmix64' err) -eq 1 ]"
check "scale with a 33-bit seed: its rows say splitmix64" sh -c \
    "grep -q '^dfs,,5000000000,splitmix64,1,ortho,' out && ! grep -q ',mulberry32,' out"

# The child's message to its parent carries no uninitialised bytes.
if [ "$sanitized" != ON ] && command -v valgrind >/dev/null 2>&1; then
    valgrind -q --error-exitcode=99 --log-file=vg.txt "$cli" scale $S --solve bfs --out - \
        >out 2>err
    rc=$?
    check "scale under valgrind exits 0" [ "$rc" -eq 0 ]
    check "valgrind finds nothing in scale" sh -c "! grep -q 'uninitialised' vg.txt"
fi

echo "scale_cli: $pass passed, $fail failed" >&2
[ "$fail" -eq 0 ]
