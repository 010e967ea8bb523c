#!/bin/sh
# outside_solve_cli.sh - outside solvers end to end (docs/outside-solvers.md),
# declared in a programs file: the standard-library Python breadth-first
# solver of examples/outside reading a JSON file ({in}), a program that
# checks its ASCII maze ({in}) against 'gen --save' and copies the path
# 'solve --save-path' wrote to {out}, and one that checks a maze of every
# other shape in mzb on its standard input and prints its path (ROW COL,
# RING POS, LEVEL ROW COL): each gives bfs's figures (found,
# path_steps, solve_outside_status ok, path_excess 0) and the path draws as
# bfs's; a solver that prints a path through walls (invalid-path), one that
# prints garbage (bad-output), one that hangs past its time limit (timeout)
# and those that exit non-zero (exit) fail with exit 1 and one stderr line
# naming the entry and the status; a sweep runs an outside solver beside bfs
# with the same figures, and one that fails keeps its row with its status,
# which check finds again; compare does not take its times for figures; bad declarations are one
# line and exit 2. Hostile solvers, in a fresh TMPDIR: a FIFO, links, a
# folder at {out} and a run folder replaced by a link are bad-output at
# once; a FIFO at {in} and a 12-level tree are cleaned up; SIGTERM, SIGINT,
# SIGHUP and SIGKILL of solve and SIGKILL of a sweep leave nothing in TMPDIR
# and no process.
#   sh tests/outside_solve_cli.sh path/to/mazebench
set -u
. "$(dirname "$0")/lib.sh"
mz=$1
src=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
command -v python3 >/dev/null 2>&1 || { echo "skip: no python3"; exit 77; }
py="$src/examples/outside/maze.py"

# The mazes and bfs's paths, saved: the files the "cat" solvers below
# compare their input with and print.
"$mz" gen dfs+braid --seed 7 --grid 9x12 --save "$tmp/m.txt" >/dev/null || bad "gen --save m.txt"
"$mz" solve bfs --gen dfs+braid --seed 7 --grid 9x12 --save-path "$tmp/m.path" >/dev/null ||
    bad "solve --save-path m.path"
# every other shape: the path as ROW COL, RING POS or LEVEL ROW COL
shapes="hex:5x6 tri:4x7 polar:4 3d:2x3x4 weave:5x5 torus:4x5"
for g in $shapes; do
    sh=${g%%:*}
    "$mz" gen dfs --seed 3 --grid "$g" --save "$tmp/$sh.mzb" >/dev/null || bad "gen --save $sh.mzb"
    "$mz" solve bfs --gen dfs --seed 3 --grid "$g" --save-path "$tmp/$sh.path" >/dev/null ||
        bad "solve --save-path $sh.path"
    head -1 "$tmp/$sh.path" | grep -qx 'mazebench-path 1' || bad "$sh.path: no header"
done

cat >"$tmp/progs" <<EOF
# solvers for the test
[solver py-json]
command = python3 $py solve {in} --format json --path index
format = json
path = index
shortest = yes

# the maze as ASCII in {in}, the path to {out}
[solver out-cat]
command = sh -c 'cmp -s "\$1" "\$2" && cp "\$3" "\$4"' sh {in} $tmp/m.txt $tmp/m.path {out}
format = ascii
path = rc

# a maze of another shape on standard input
[solver shape-cat]
command = sh -c 'cmp -s - "\$1" && cat "\$2"' sh $tmp/{shape}.mzb $tmp/{shape}.path
format = mzb
shapes = hex tri polar 3d weave torus
path = rc

[solver walls]
# the top row, then down the last column: through walls
command = sh -c 'c=0; while [ \$c -lt "\$2" ]; do echo "0 \$c"; c=\$((c+1)); done; r=1; while [ \$r -lt "\$1" ]; do echo "\$r \$((\$2-1))"; r=\$((r+1)); done' sh {rows} {cols}

[solver garbage]
command = sh -c 'echo "no path here"'

[solver hangs]
command = sleep 30
time-limit = 0.5

[solver three]
command = sh -c 'exit 3'
EOF

# field NAME: the value of column NAME in the CSV row of $tmp/out
field() {
    awk -F, -v n="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == n) c = i } NR == 2 { print $c }' "$tmp/out"
}

# same NAME ARGS: bfs and the outside solver NAME on the maze of ARGS
# agree; its status is ok, with no excess and no revisit. (expect sets
# name and want: sv holds the solver.)
same() {
    sv=$1
    shift
    expect 0 "$sv: bfs" -- "$mz" solve bfs "$@"
    steps=$(field path_steps)
    [ -n "$steps" ] && [ "$(field found)" = 1 ] || bad "$sv: bfs finds no route"
    expect 0 "$sv" -- "$mz" solve "$sv" --programs "$tmp/progs" "$@"
    [ "$(field found)" = 1 ] || bad "$sv: found $(field found)"
    [ "$(field path_steps)" = "$steps" ] || bad "$sv: path_steps $(field path_steps), bfs $steps"
    [ "$(field path_cells)" = $((steps + 1)) ] || bad "$sv: path_cells $(field path_cells)"
    [ "$(field solve_outside_status)" = ok ] || bad "$sv: status $(field solve_outside_status)"
    [ "$(field path_excess)" = 0 ] && [ "$(field path_revisits)" = 0 ] ||
        bad "$sv: excess $(field path_excess), revisits $(field path_revisits)"
    [ "$(field solve_process_ns)" -gt 0 ] 2>/dev/null ||
        bad "$sv: solve_process_ns '$(field solve_process_ns)'"
}
same py-json --gen dfs+braid --seed 7 --grid 9x12
"$mz" list --programs "$tmp/progs" | grep -A1 '^  py-json ' | grep -q 'flags: *shortest' ||
    bad "list: py-json is not flagged shortest"
same out-cat --gen dfs+braid --seed 7 --grid 9x12
for g in $shapes; do
    same shape-cat --gen dfs --seed 3 --grid "$g"
done
# JSON: the status is a string
expect 0 "json" -- "$mz" solve out-cat --programs "$tmp/progs" --gen dfs+braid --seed 7 --grid 9x12 \
    --format json
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert d["solve_outside_status"] == "ok"' \
    "$tmp/out" || bad "json: $(cat "$tmp/out")"
# the path is drawn as bfs's is
expect 0 "ascii bfs" -- "$mz" solve bfs --gen dfs+braid --seed 7 --grid 9x12 --format ascii
sed -n '/^[+|]/p' "$tmp/out" >"$tmp/bfs.txt"
expect 0 "ascii out-cat" -- "$mz" solve out-cat --programs "$tmp/progs" --gen dfs+braid --seed 7 \
    --grid 9x12 --format ascii
sed -n '/^[+|]/p' "$tmp/out" >"$tmp/cat.txt"
cmp -s "$tmp/bfs.txt" "$tmp/cat.txt" || bad "out-cat's path is drawn otherwise than bfs's"
# on another maze than its files hold, cmp fails and so does the program
expect_stderr_codes="1 2"
expect 1 "out-cat elsewhere" -- "$mz" solve out-cat --programs "$tmp/progs" --gen dfs --seed 8 --grid 9x12
grep -q "out-cat (grid 9x12): exit: " "$tmp/err" || bad "out-cat elsewhere: $(cat "$tmp/err")"

# Failures: exit 1, one line naming the entry and the status.
for case in walls:invalid-path garbage:bad-output hangs:timeout three:exit; do
    s=${case%%:*} st=${case#*:}
    expect 1 "$s" -- "$mz" solve "$s" --programs "$tmp/progs" --gen dfs --seed 1 --grid 5x6
    grep -q "outside solver $s (grid 5x6): $st: " "$tmp/err" || bad "$s: not '$st': $(cat "$tmp/err")"
    [ "$s" != walls ] || grep -q "wall-closed at its cell" "$tmp/err" || bad "walls: no fault named"
done

# A sweep with the outside solver beside bfs: the same figures; a solver
# that fails keeps its row, its status said, its figures empty.
expect 0 "sweep" -- "$mz" sweep --programs "$tmp/progs" --gen dfs+braid --solve bfs,out-cat,three \
    --seeds 7 --grids 9x12 --out "$tmp/s.csv" --progress 0
awk -F, '
    /^#/ { next }
    !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
    { v[$c["solver"]] = $c["found"] ":" $c["path_steps"] ":" $c["solve_outside_status"]; n++ }
    END { if (n != 3) { print "sweep: " n " rows, expected 3"; exit 1 }
          if (v["out-cat"] != v["bfs"] "ok") { print "sweep: bfs " v["bfs"] ", out-cat " v["out-cat"]; exit 1 }
          if (v["three"] != "::exit") { print "sweep: three " v["three"]; exit 1 } }
' "$tmp/s.csv" || bad "sweep rows differ"

# check runs the rows again: the failure is a result, as the sweep wrote it
expect 0 "check" -- "$mz" check "$tmp/s.csv" --programs "$tmp/progs"

# compare: the outside solver's times are not among the figures compared
expect 0 "sweep reps" -- "$mz" sweep --programs "$tmp/progs" --gen dfs+braid --solve bfs,out-cat \
    --seeds 7 --grids 9x12 --reps 5 --out "$tmp/r.csv" --progress 0
expect 0 "compare" -- "$mz" compare "$tmp/r.csv" "$tmp/r.csv"
grep -q "every deterministic column matches" "$tmp/out" || bad "compare: $(grep -i differ "$tmp/out")"

# Bad declarations: one line, exit 2.
expect_stderr_codes=2
decl() {
    printf '[solver s]\n%s\n' "$1" >"$tmp/bad"
    expect 2 "$2" -- "$mz" solve s --programs "$tmp/bad" --gen dfs --seed 1 --grid 5
}
decl 'command = true
format = gif' "unknown format"
decl 'command = true
path = columns' "unknown path form"
decl 'command = true
shapes = hex' "hex cells in a json file"
decl 'command = true
shapes = cubes
format = mzb' "unknown shape"
decl 'command = true {seed}' "a generator's placeholder"
decl 'format = json' "no command"
decl 'command = true
shortest = maybe' "shortest not yes or no"
decl 'command = true
colour = red' "unknown key"
printf '[solver bfs]\ncommand = true\n' >"$tmp/bad"
expect 2 "a built-in name" -- "$mz" solve bfs --programs "$tmp/bad" --gen dfs --seed 1 --grid 5

# Hostile solvers: what sits at {out}, what a program leaves in its run's
# folder, signals to mazebench while a program runs. Every run within its
# limit (timeout 20 makes a hang a failure), nothing left in a fresh TMPDIR,
# no process left (the programs' children run a copy of sleep of a name of
# this test's own).
if command -v timeout >/dev/null 2>&1 && env --default-signal=INT true 2>/dev/null; then
H=$tmp/h
mkdir "$H" "$H/tmp" "$tmp/victim"
echo "keep me" >"$tmp/victim/keep"
export TMPDIR="$H/tmp"
HS="$H/mzt-hostile-sleep-$$"
cp "$(command -v sleep)" "$HS"
"$mz" solve bfs --gen dfs --seed 1 --grid 3x3 --save-path "$H/p3.path" >/dev/null || bad "save-path p3"
# hostile.sh CASE IN OUT
printf 'HS=%s\nP=%s\nV=%s\n' "$HS" "$H/p3.path" "$tmp/victim" >"$H/hostile.sh"
cat >>"$H/hostile.sh" <<'EOF'
i=$2 o=$3 d=$(dirname "$2")
case $1 in
fifo) rm -f "$o"; mkfifo "$o" ;;
dev-zero) rm -f "$o"; ln -s /dev/zero "$o" ;;
link-out) rm -f "$o"; ln -s "$P" "$o" ;;
folder) rm -f "$o"; mkdir "$o"; cp "$P" "$o/x" ;;
in-fifo) rm -f "$i"; mkfifo "$i"; cp "$P" "$o" ;;
deep-tree) t=$d; for k in 1 2 3 4 5 6 7 8 9 10 11 12; do t=$t/d$k; done
           mkdir -p "$t"; echo x >"$t/x"; mkdir "$d/locked"; echo x >"$d/locked/x"; chmod 000 "$d/locked"
           cp "$P" "$o" ;;
run-folder-link) rm -rf "$d"; ln -s "$V" "$d" ;;
slow) "$HS" 123; cp "$P" "$o" ;;
esac
EOF
for c in fifo dev-zero link-out folder in-fifo deep-tree run-folder-link slow; do
    printf '[solver h-%s]\ncommand = sh %s %s {in} {out}\ntime-limit = %s\n' \
        "$c" "$H/hostile.sh" "$c" "$([ $c = slow ] && echo 60 || echo 3)"
done >"$H/h.programs"
HP="--programs $H/h.programs"
expect_stderr_codes=2
for c in "fifo {out} is a FIFO, not a regular file" "dev-zero {out} is a symbolic link" \
         "link-out {out} is a symbolic link" "folder {out} is a folder, not a regular file" \
         "in-fifo ok" "deep-tree ok" "run-folder-link {out} does not exist"; do
    n=${c%% *} what=${c#* }
    if [ "$what" = ok ]; then
        expect 0 "solve h-$n" timeout -k 5 20 "$mz" solve "h-$n" --gen dfs --seed 1 --grid 3x3 $HP
    else
        expect 1 "solve h-$n" timeout -k 5 20 "$mz" solve "h-$n" --gen dfs --seed 1 --grid 3x3 $HP
        grep -q "^mazebench: .*outside solver h-$n (grid 3x3): bad-output: .*$what" "$tmp/err" ||
            bad "solve h-$n: not 'bad-output: ... $what': $(cat "$tmp/err")"
    fi
    left "solve h-$n"
done
[ "$(cat "$tmp/victim/keep" 2>/dev/null)" = "keep me" ] || bad "a file outside the run's folder was changed"

for s in TERM INT HUP KILL; do
    sig "$s" "SIG$s of solve" solve h-slow --gen dfs --seed 1 --grid 3x3 $HP
done
sig KILL "SIGKILL of a sweep" sweep $HP --gen dfs --solve h-slow --seeds 1..4 --sizes 3 --jobs 2 \
    --out "$H/k.csv"
else
    echo "outside_solve_cli: no timeout or env --default-signal: the hostile solvers are not tried"
fi

# an outside solver that exits 1 on mazes under 3x3: with refuses = rows<3
# cols<3 vet passes it (those mazes refused, the program not run on them)
# and a sweep (--skip-unsupported) keeps the 2x2 row with its figures empty, as for a built-in
# that refuses a grid; without the key vet fails it
cat >"$tmp/small-solve.sh" <<EOF
[ "\$1" -ge 3 ] && [ "\$2" -ge 3 ] || { echo too small >&2; exit 1; }
exec python3 $py solve "\$3" --format json --path index
EOF
printf '[solver small-solve]\ncommand = sh %s {rows} {cols} {in}\nformat = json\npath = index\nshortest = yes\n' \
    "$tmp/small-solve.sh" >"$tmp/small0.progs"
{ cat "$tmp/small0.progs"; echo 'refuses = rows<3 cols<3'; } >"$tmp/small.progs"
"$mz" --programs "$tmp/small.progs" vet small-solve >"$tmp/vet.out" 2>"$tmp/vet.err" ||
    bad "vet small-solve with refuses: $(cat "$tmp/vet.out" "$tmp/vet.err")"
grep -q "^small-solve  *runs  *ok$" "$tmp/vet.out" || bad "vet small-solve: no 'runs ok': $(cat "$tmp/vet.out")"
"$mz" --programs "$tmp/small0.progs" vet small-solve >"$tmp/vet.out" 2>"$tmp/vet.err" &&
    bad "vet small-solve without refuses passed"
grep -q "^small-solve  *runs  *FAIL: .*too small" "$tmp/vet.out" ||
    bad "vet small-solve without refuses: no 'runs FAIL': $(cat "$tmp/vet.out")"
"$mz" --programs "$tmp/small.progs" sweep --gen dfs --solve small-solve --grids 2,4 --seeds 1 --skip-unsupported \
    >"$tmp/sr.csv" 2>"$tmp/sr.err" || bad "sweep small-solve: $(cat "$tmp/sr.err")"
grep -q "too small" "$tmp/sr.err" && bad "sweep small-solve ran on a refused maze: $(cat "$tmp/sr.err")"
grep -q '^dfs,1,[^,]*,ortho,2,2,.*,small-solve,,' "$tmp/sr.csv" ||
    bad "sweep small-solve: no 2x2 row with empty figures: $(grep -v '^#' "$tmp/sr.csv")"
grep -q '^dfs,1,[^,]*,ortho,4,4,.*,small-solve,1,' "$tmp/sr.csv" ||
    bad "sweep small-solve: no 4x4 row found: $(grep -v '^#' "$tmp/sr.csv")"

# the columns before gen_ns of a sweep with an outside generator and an
# outside solver: each is a timing column (its name ends in _ns or _kb, as
# the '# columns:' line says) or one check compares; a changed
# inconsistent_walls, outside_status or path_excess is a difference
cat >"$tmp/comb4.sh" <<'EOF'
awk -v R="$1" -v C="$2" 'BEGIN{
 printf "mazebench-maze 1 %dx%d entrance=0 exit=%d flags=0 tiles=0\n", R, C, R*C-1
 for(r=0;r<R;r++){ for(c=0;c<C;c++){ w=15
   if(r==0){ if(c<C-1) w-=2; if(c>0) w-=8 } else w-=1; if(r<R-1) w-=4
   printf "%02x", w } } print "" }'
EOF
{ printf '[generator comb4]\ncommand = sh %s {rows} {cols}\nformat = mzb\nperfect = yes\n\n' "$tmp/comb4.sh"
  cat "$tmp/small0.progs"; } >"$tmp/det.progs"
"$mz" --programs "$tmp/det.progs" sweep --gen comb4,dfs --solve small-solve,bfs --grids 4 --seeds 1 \
    --out "$tmp/det.csv" 2>"$tmp/det.err" || bad "sweep for the columns: $(cat "$tmp/det.err")"
grep -q '^# columns: .*end in _ns or _kb' "$tmp/det.csv" ||
    bad "the '# columns:' line does not name the timing columns: $(grep '^# columns' "$tmp/det.csv")"
"$mz" --programs "$tmp/det.progs" check "$tmp/det.csv" >"$tmp/det.out" 2>&1 ||
    bad "check of the sweep: $(cat "$tmp/det.out")"
want=$(grep -v '^#' "$tmp/det.csv" | head -n 1 | tr , '\n' |
    awk '/^gen_ns$/ { exit } !/_ns$|_kb$/ { n++ } END { print n }')
grep -q "compared in $want columns" "$tmp/det.out" ||
    bad "check does not compare the $want columns before gen_ns that are not timings: $(cat "$tmp/det.out")"
for col in inconsistent_walls outside_status path_excess solve_outside_status; do
    i=$(grep -v '^#' "$tmp/det.csv" | head -n 1 | tr , '\n' | grep -n "^$col\$" | cut -d: -f1)
    awk -F, -v OFS=, -v i="$i" '/^#/ || !h { if (!/^#/) h = 1; print; next }
        $1 == "comb4" && $17 == "small-solve" && !done { $i = "x" $i; done = 1 } { print }' \
        "$tmp/det.csv" >"$tmp/det2.csv"
    "$mz" --programs "$tmp/det.progs" check "$tmp/det2.csv" >"$tmp/det.out" 2>&1 &&
        bad "check passes a changed $col"
    grep -q "column '$col'" "$tmp/det.out" || bad "check: no difference in $col: $(cat "$tmp/det.out")"
done

[ "$fails" = 0 ] || { echo "outside_solve_cli: $fails failures"; exit 1; }
echo "outside_solve_cli: ok"
