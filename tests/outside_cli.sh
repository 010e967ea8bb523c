#!/bin/sh
# outside_cli.sh - outside generators end to end (docs/outside.md), declared
# in a programs file: a comb maze printed as mzb (and the same maze written
# as JSON to {out}) through gen, stats, render, list, sweep and check; one
# program for each misbehaviour (exits 1, hangs past its time limit,
# prints garbage, gives the wrong size, gives another maze for the same
# seed, prints past its output limit, claims perfect and has loops), each
# with its status in gen's one stderr line and in its sweep rows, the sweep
# going on; check refuses a file of outside rows without --programs and
# starts nothing (a canary file stays absent); bad programs files are one
# line "FILE:LINE: ..." and exit 2, and run nothing. Hostile programs, in a
# fresh TMPDIR: a FIFO, a socket, links (to /dev/zero, out of the run's
# folder), a folder at {out} and a run folder replaced by a link are
# bad-output at once; a file cut by the size limit and a shell whose child
# died of SIGXFSZ are output-limit; a 12-level tree is removed; SIGTERM,
# SIGINT, SIGHUP and SIGKILL of gen, SIGKILL and two Ctrl-C of a sweep leave
# nothing in TMPDIR and no process; a placeholder inside sh -c code is
# refused at load (no payload runs) and the positional form is taken; a
# byte-order mark is skipped.
#   sh tests/outside_cli.sh path/to/mazebench
set -u
. "$(dirname "$0")/lib.sh"
mz=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
command -v awk >/dev/null 2>&1 || { echo "skip: no awk"; exit 77; }
# The temporary {out} files go here, to be seen removed.
mkdir "$tmp/tmpdir" && export TMPDIR="$tmp/tmpdir"

# comb.sh ROWS COLS [VARIANT]: a perfect comb maze as mzb on stdout (the top
# row a corridor and every column hanging from it; variant 1 the other way).
cat >"$tmp/comb.sh" <<'EOF'
awk -v R="$1" -v C="$2" -v V="${3:-0}" 'BEGIN{
 printf "mazebench-maze 1 %dx%d entrance=0 exit=%d flags=0 tiles=0\n", R, C, R*C-1
 for(r=0;r<R;r++){ for(c=0;c<C;c++){ w=15
   if(V==0){ if(r==0){ if(c<C-1) w-=2; if(c>0) w-=8 } else w-=1; if(r<R-1) w-=4 }
   else { if(c==0){ if(r>0) w-=1; if(r<R-1) w-=4 } else w-=8; if(c<C-1) w-=2 }
   printf "%02x", w } } print "" }'
echo "mazebench-own-ns: 1234" >&2
EOF
# comb-json.sh ROWS COLS OUT: the same maze as JSON cells, to OUT.
cat >"$tmp/comb-json.sh" <<'EOF'
awk -v R="$1" -v C="$2" 'function b(x){return x?"true":"false"} BEGIN{
 printf "["; for(r=0;r<R;r++) for(c=0;c<C;c++){
   top=(r>0)?0:1; bottom=(r<R-1)?0:1; left=(r==0&&c>0)?0:1; right=(r==0&&c<C-1)?0:1
   printf "%s{\"x\":%d,\"y\":%d,\"top\":%s,\"left\":%s,\"bottom\":%s,\"right\":%s}", (r||c)?",":"", c, r, b(top), b(left), b(bottom), b(right) }
 print "]" }' >"$3"
EOF
# bad.sh KIND ROWS COLS [COUNTER]: the misbehaviours.
cat >"$tmp/bad.sh" <<'EOF'
d=$(dirname "$0")
case $1 in
exit) echo "no maze today" >&2; exit 1 ;;
hang) sleep 100 ;;
garbage) echo "hello world" ;;
wrong) exec sh "$d/comb.sh" "$2" $(($3 + 1)) ;;
flip) n=$(cat "$4" 2>/dev/null || echo 0); echo $((n + 1)) >"$4"
      exec sh "$d/comb.sh" "$2" "$3" $((n % 2)) ;;
huge) head -c 3000000 /dev/zero ;;
loop) printf 'mazebench-maze 1 %sx%s entrance=0 exit=%s flags=0 tiles=0\n' "$2" "$3" $(($2 * $3 - 1))
      awk -v n=$(($2 * $3)) 'BEGIN{ for(i=0;i<n;i++) printf "00"; print "" }' ;;
canary) touch "$d/canary"; exec sh "$d/comb.sh" "$2" "$3" ;;
esac
EOF
cat >"$tmp/p.programs" <<'EOF'
# the programs of the test
[generator comb]
command = sh {dir}/comb.sh {rows} {cols}
format = mzb
perfect = yes
deterministic = yes

[generator comb-json]    # the same maze through a file
command = sh "{dir}/comb-json.sh" {rows} {cols} {out}
format = json

[generator g-exit]
command = sh {dir}/bad.sh exit {rows} {cols}
[generator g-hang]
command = sh {dir}/bad.sh hang {rows} {cols}
time-limit = 0.5
[generator g-garbage]
command = sh {dir}/bad.sh garbage {rows} {cols}
[generator g-wrong]
command = sh {dir}/bad.sh wrong {rows} {cols}
[generator g-flip]
command = sh {dir}/bad.sh flip {rows} {cols} {dir}/flip.count
[generator g-huge]
command = sh {dir}/bad.sh huge {rows} {cols}
output-limit = 1
[generator g-loop]
command = sh {dir}/bad.sh loop {rows} {cols}
perfect = yes
EOF
cat >"$tmp/canary.programs" <<'EOF'
[generator canary-gen]
command = sh {dir}/bad.sh canary {rows} {cols}
format = mzb
EOF
P="--programs $tmp/p.programs"

# The value of column $1 in the CSV row of gen $2 (solver $3, when given).
col() {
    awk -F, -v c="$1" -v g="$2" -v s="${3-}" '
        /^#/ { next }
        !h { for (i = 1; i <= NF; i++) if ($i == c) k = i; for (i = 1; i <= NF; i++) { if ($i == "gen") gi = i; if ($i == "solver") si = i }; h = 1; next }
        $gi == g && (s == "" || $si == s) { print $k; exit }' "$4"
}

# --- gen: the maze, its figures, its columns ---
expect 0 "gen comb" "$mz" gen comb --seed 1 --grid 5x7 $P
cp "$tmp/out" "$tmp/comb.csv"
grep -q "start-up .* ms (median of 5 runs on 2x2)" "$tmp/err" || bad "gen comb: no start-up line: $(cat "$tmp/err")"
[ "$(col outside_status comb '' "$tmp/comb.csv")" = ok ] || bad "gen comb: outside_status not ok"
[ "$(col dead_ends comb '' "$tmp/comb.csv")" = 7 ] || bad "gen comb: dead_ends not 7"
[ "$(col loops comb '' "$tmp/comb.csv")" = 0 ] || bad "gen comb: loops not 0"
[ "$(col own_ns comb '' "$tmp/comb.csv")" = 1234 ] || bad "gen comb: own_ns not 1234"
[ -n "$(col startup_ns comb '' "$tmp/comb.csv")" ] || bad "gen comb: no startup_ns"
[ -n "$(col process_ns comb '' "$tmp/comb.csv")" ] || bad "gen comb: no process_ns"
expect 0 "gen comb-json" "$mz" gen comb-json --seed 1 --grid 5x7 $P
[ "$(col digest comb-json '' "$tmp/out")" = "$(col digest comb '' "$tmp/comb.csv")" ] ||
    bad "gen comb-json: another maze than comb"
expect 0 "solve on comb" "$mz" solve bfs --gen comb --seed 1 --grid 5x7 $P
[ "$(col found comb bfs "$tmp/out")" = 1 ] || bad "solve bfs --gen comb: not found"
expect 0 "list --programs" "$mz" list $P
grep -q "^  comb  *outside program: sh {dir}/comb.sh" "$tmp/out" || bad "list: no comb"
[ -z "$(ls "$TMPDIR")" ] || bad "temporary {out} files were left: $(ls "$TMPDIR")"

# --- gen: each misbehaviour, exit 1 and one line with its status ---
for c in "g-exit exit" "g-hang timeout" "g-garbage bad-output" "g-wrong wrong-size" \
         "g-huge output-limit" "g-loop not-perfect"; do
    set -- $c
    expect 1 "gen $1" "$mz" gen "$1" --seed 1 --grid 4x4 $P
    grep -q "^mazebench: gen failed: outside generator $1 (seed 1, grid 4x4): $2: " "$tmp/err" ||
        bad "gen $1: no '$2' line: $(cat "$tmp/err")"
    [ -s "$tmp/out" ] && bad "gen $1: printed figures"
done
# g-loop's maze has every wall open: the first passage in cell order that
# closes a loop is the one between cells 4 and 5 (rows 1, cols 0 and 1).
"$mz" gen g-loop --seed 1 --grid 4x4 $P 2>&1 | grep -q "not-perfect: declared perfect, gave a maze with 9 loops in 1 parts; the passage cell 4 (row 1, col 0) - cell 5 (row 1, col 1) closes a loop$" ||
    bad "gen g-loop: the loop not named"
grep -q "its stderr: no maze today" "$tmp/err" 2>/dev/null ||
    { "$mz" gen g-exit --seed 1 --grid 4x4 $P 2>&1 | grep -q "its stderr: no maze today" ||
      bad "gen g-exit: its stderr not quoted"; }

# --- sweep: every status a row, the sweep goes on ---
rm -f "$tmp/flip.count"
expect 0 "sweep" "$mz" sweep $P --gen comb,dfs,g-exit,g-hang,g-garbage,g-wrong,g-flip,g-huge,g-loop \
    --solve bfs --seeds 1..2 --sizes 4 --out "$tmp/s.csv"
for c in "comb ok" "g-exit exit" "g-hang timeout" "g-garbage bad-output" "g-wrong wrong-size" \
         "g-flip not-reproducible" "g-huge output-limit" "g-loop not-perfect"; do
    set -- $c
    got=$(col outside_status "$1" bfs "$tmp/s.csv")
    [ "$got" = "$2" ] || bad "sweep: $1's outside_status '$got', expected '$2'"
done
[ -n "$(col dead_ends comb bfs "$tmp/s.csv")" ] || bad "sweep: comb without figures"
[ -z "$(col dead_ends g-exit bfs "$tmp/s.csv")" ] || bad "sweep: g-exit with figures"
[ -n "$(col dead_ends dfs bfs "$tmp/s.csv")" ] || bad "sweep: dfs without figures"
[ -z "$(col outside_status dfs bfs "$tmp/s.csv")" ] || bad "sweep: dfs with an outside_status"
[ "$(grep -v '^#' "$tmp/s.csv" | sed 1d | wc -l)" = 18 ] || bad "sweep: not 18 rows"
# An outside program draws from its own source: rng and draws empty; the
# built-in beside it names mazebench's. check re-runs the empty ones alike,
# and a resume accepts them, also past mulberry32's 32-bit seeds.
[ -z "$(col rng comb bfs "$tmp/s.csv")$(col draws comb bfs "$tmp/s.csv")" ] ||
    bad "sweep: comb's rng/draws not empty"
[ "$(col rng dfs bfs "$tmp/s.csv")" = mulberry32 ] || bad "sweep: dfs's rng not mulberry32"
[ -n "$(col draws dfs bfs "$tmp/s.csv")" ] || bad "sweep: dfs's draws empty"
expect 0 "sweep comb past 32 bits" "$mz" sweep $P --gen comb,dfs --solve bfs --seeds 4294967300 \
    --sizes 4 --out "$tmp/own.csv"
[ "$(col rng dfs bfs "$tmp/own.csv")" = splitmix64 ] || bad "sweep past 32 bits: dfs not splitmix64"
expect 0 "check own source" "$mz" check $P "$tmp/own.csv"
expect 0 "resume own source" "$mz" sweep $P --gen comb,dfs --solve bfs --seeds 4294967300 \
    --sizes 4 --out "$tmp/own.csv" --resume
# The '# columns:' statement: every column before gen_ns that differs
# between two runs of the same sweep is a timing (its name ends in _ns or
# _kb), and the line says so.
for k in 1 2; do
    "$mz" sweep $P --gen comb,dfs --solve bfs --seeds 1..2 --sizes 4 --out "$tmp/twice$k.csv" 2>/dev/null
done
grep -q '^# columns: those before gen_ns are deterministic but the timings among them, whose names end in _ns or _kb' "$tmp/twice1.csv" ||
    bad "sweep: no '# columns:' line naming the timings"
moved=$(awk -F, '/^#/ { next }
    FNR == NR && !h1 { for (i = 1; i <= NF; i++) name[i] = $i; h1 = 1; next }
    FNR == NR { row[++n1] = $0; next }
    !h2 { h2 = 1; next }
    { n2++; split(row[n2], a, ","); for (i = 1; i <= NF && name[i] != "gen_ns"; i++)
        if (a[i] != $i && name[i] !~ /_(ns|kb)$/) print name[i] }' "$tmp/twice1.csv" "$tmp/twice2.csv" | sort -u)
[ -z "$moved" ] || bad "sweep: columns before gen_ns that moved between two runs and are not timings: $moved"
# compare: comb reports 1234 ns of its own, under a millisecond: a note.
"$mz" sweep $P --gen comb --solve '' --grids 5 --seeds 1..2 --reps 3 --out "$tmp/r3.csv" 2>/dev/null
expect 0 "compare comb" "$mz" compare "$tmp/r3.csv" "$tmp/r3.csv"
grep -q '^compare: note: 2 of the 2 outside recipes time under 1 ms' "$tmp/out" ||
    bad "compare: no note on sub-millisecond outside figures: $(cat "$tmp/out")"
# Without outside programs, the header is the same as ever.
"$mz" sweep --gen dfs --solve bfs --seeds 1 --sizes 4 --out "$tmp/plain.csv" 2>/dev/null
grep -v '^#' "$tmp/plain.csv" | head -1 | grep -q outside_ && bad "sweep without --programs: outside columns"

# --- stats and render ---
expect 0 "stats comb" "$mz" stats comb --seeds 1..3 --grid 6 $P
grep -q "^comb  *6x6" "$tmp/out" || bad "stats comb: no table"
expect 1 "stats g-exit" "$mz" stats g-exit --seeds 1..2 --grid 6 $P
expect 0 "render comb" "$mz" render comb --seed 1 --grid 5 --out "$tmp/c.svg" $P
[ -s "$tmp/c.svg" ] || bad "render comb: no picture"

# --- check: re-runs declared programs; without --programs, starts nothing ---
expect 0 "sweep canary" "$mz" sweep --programs "$tmp/canary.programs" --gen canary-gen,dfs --solve bfs \
    --seeds 1..2 --sizes 4 --out "$tmp/canary.csv"
[ -f "$tmp/canary" ] || bad "canary-gen did not run in the sweep"
rm -f "$tmp/canary"
expect 2 "check without --programs" "$mz" check "$tmp/canary.csv"
grep -q -- "--programs FILE" "$tmp/err" || bad "check without --programs: no hint: $(cat "$tmp/err")"
[ -f "$tmp/canary" ] && bad "check without --programs started the program"
# A file whose rows name it without its columns: refused the same way.
grep -v '^#' "$tmp/plain.csv" | sed 's/^dfs,/canary-gen,/' >"$tmp/renamed.csv"
expect 2 "check renamed" "$mz" check "$tmp/renamed.csv"
grep -q -- "--programs FILE" "$tmp/err" || bad "check renamed: no hint: $(cat "$tmp/err")"
[ -f "$tmp/canary" ] && bad "check of a renamed file started the program"
expect 0 "check with --programs" "$mz" check "$tmp/canary.csv" --programs "$tmp/canary.programs"
[ -f "$tmp/canary" ] || bad "check with --programs did not run the program"

# --- bad programs files: one line FILE:LINE, exit 2, nothing run ---
rm -f "$tmp/canary"
b() { # NAME TEXT WANT: a programs file of TEXT, its error containing WANT
    printf '%s\n' "$2" >"$tmp/b.programs"
    expect 2 "$1" "$mz" gen comb --seed 1 --grid 4 --programs "$tmp/b.programs"
    grep -q -- "$3" "$tmp/err" || bad "$1: '$(cat "$tmp/err")' lacks '$3'"
}
b "unknown key" "[generator x]
command = sh a
colour = red" "b.programs:3: unknown key 'colour'"
b "built-in name" "[generator dfs]
command = sh a" "b.programs:1: 'dfs' is the name of an entry already"
b "placeholder" "[generator x]
command = sh {colz}" "b.programs:2: unknown placeholder {colz}"
b "no command" "[generator x]
format = mzb" "b.programs:1: no 'command = ...' in x"
b "quote" "[generator x]
command = sh 'a" "b.programs:2: the command has an unclosed '"
b "format" "[generator x]
command = sh a
format = png" "b.programs:3: unknown format 'png'"
b "parse error after a good section" "[generator canary-2]
command = sh $tmp/bad.sh canary {rows} {cols}
[generator y" "b.programs:3: a section line ends with ']'"
[ -f "$tmp/canary" ] && bad "a refused programs file ran a program"
expect 2 "missing programs file" "$mz" gen comb --seed 1 --grid 4 --programs "$tmp/none.programs"
grep -q "cannot read" "$tmp/err" || bad "missing programs file: $(cat "$tmp/err")"
expect 2 "--programs without a file" "$mz" gen dfs --seed 1 --grid 4 --programs
expect 2 "undeclared" "$mz" gen comb --seed 1 --grid 4

# --- hostile programs: what sits at {out}, what a program leaves in its
# run's folder, signals to mazebench while a program runs ---
# Every run within its limit (timeout 20 makes a hang a failure), nothing
# left in a fresh TMPDIR, no process left (the programs' children run a copy
# of sleep of a name of this test's own).
command -v timeout >/dev/null 2>&1 || { echo "skip: no timeout"; exit 77; }
env --default-signal=INT true 2>/dev/null || { echo "skip: no env --default-signal"; exit 77; }
H=$tmp/h
mkdir "$H" "$H/tmp" "$tmp/victim"
echo "keep me" >"$tmp/victim/keep"
export TMPDIR="$H/tmp"
HS="$H/mzt-hostile-sleep-$$"
cp "$(command -v sleep)" "$HS"
# hostile.sh CASE OUT ROWS COLS
cat >"$H/hostile.sh" <<EOF
HS=$HS
C=$tmp/comb.sh
V=$tmp/victim
EOF
cat >>"$H/hostile.sh" <<'EOF'
o=$2 d=$(dirname "$2")
case $1 in
fifo) rm -f "$o"; mkfifo "$o" ;;
socket) rm -f "$o"; python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$o" ;;
dev-zero) rm -f "$o"; ln -s /dev/zero "$o" ;;
link-out) sh "$C" "$3" "$4" >"$V/maze.mzb"; rm -f "$o"; ln -s "$V/maze.mzb" "$o" ;;
folder) rm -f "$o"; mkdir "$o"; sh "$C" "$3" "$4" >"$o/x" ;;
deep-tree) t=$d; for i in 1 2 3 4 5 6 7 8 9 10 11 12; do t=$t/d$i; done
           mkdir -p "$t"; echo x >"$t/x"; mkdir "$d/locked"; echo x >"$d/locked/x"; chmod 000 "$d/locked"
           sh "$C" "$3" "$4" >"$o" ;;
run-folder-link) rm -rf "$d"; ln -s "$V" "$d" ;;
cut) head -c 3000000 /dev/zero >"$o"; true ;;
slow) "$HS" 123; sh "$C" "$3" "$4" >"$o" ;;
esac
EOF
{
    for c in fifo socket dev-zero link-out folder deep-tree run-folder-link cut slow; do
        printf '[generator h-%s]\ncommand = sh %s %s {out} {rows} {cols}\nformat = mzb\ntime-limit = %s\noutput-limit = 1\n' \
            "$c" "$H/hostile.sh" "$c" "$([ $c = slow ] && echo 60 || echo 3)"
    done
    printf '[generator h-xfsz]\ncommand = sh -c %s sh {out}\noutput-limit = 1\n' \
        "'head -c 3000000 /dev/zero >\"\$1\"; exit \$?'"
} >"$H/h.programs"
HP="--programs $H/h.programs"
sock="socket {out} is a socket, not a regular file"
command -v python3 >/dev/null 2>&1 || sock="fifo {out} is a FIFO"
for c in "fifo {out} is a FIFO, not a regular file" "$sock" \
         "dev-zero {out} is a symbolic link" "link-out {out} is a symbolic link" \
         "folder {out} is a folder, not a regular file" "run-folder-link {out} does not exist" \
         "cut {out} reached its output limit" "xfsz a command killed by SIGXFSZ"; do
    n=${c%% *} what=${c#* }
    st=bad-output
    case $n in cut | xfsz) st=output-limit ;; esac
    expect 1 "gen h-$n" timeout -k 5 20 "$mz" gen "h-$n" --seed 1 --grid 3x3 $HP
    grep -q "^mazebench: gen failed: outside generator h-$n (seed 1, grid 3x3): $st: .*$what" "$tmp/err" ||
        bad "gen h-$n: not '$st: ... $what': $(cat "$tmp/err")"
    left "gen h-$n"
done
[ "$(cat "$tmp/victim/keep" 2>/dev/null)" = "keep me" ] || bad "a file outside the run's folder was changed"
[ -f "$tmp/victim/maze.mzb" ] || bad "a file a link of {out} pointed at was removed"
expect 0 "gen h-deep-tree" timeout -k 5 20 "$mz" gen h-deep-tree --seed 1 --grid 3x3 $HP
left "gen h-deep-tree"
# A sweep of two runs at once, each leaving a FIFO: it ends, every row says so.
expect 0 "sweep h-fifo" timeout -k 5 20 "$mz" sweep $HP --gen h-fifo,h-deep-tree --solve bfs --seeds 1..2 \
    --sizes 3 --jobs 2 --out "$H/s.csv"
[ "$(col outside_status h-fifo bfs "$H/s.csv")" = bad-output ] || bad "sweep h-fifo: not bad-output"
[ "$(col outside_status h-deep-tree bfs "$H/s.csv")" = ok ] || bad "sweep h-deep-tree: not ok"
left "sweep h-fifo"

for s in TERM INT HUP KILL; do
    sig "$s" "SIG$s of gen" gen h-slow --seed 1 --grid 3x3 $HP
done
sig KILL "SIGKILL of a sweep" sweep $HP --gen h-slow --solve bfs --seeds 1..4 --sizes 3 --jobs 2 \
    --out "$H/k1.csv"
sig INT2 "two Ctrl-C of a sweep" sweep $HP --gen h-slow --solve bfs --seeds 1..4 --sizes 3 --jobs 2 \
    --out "$H/k2.csv"
export TMPDIR="$tmp/tmpdir"

# --- programs files: code a shell runs holds no placeholder; a byte-order
# mark is skipped ---
mkdir "$tmp/inj;touch\${IFS}PWNED;x"
printf '[generator h-inj]\ncommand = sh -c "cat {dir}/m.mzb > {out}"\nformat = mzb\n' \
    >"$tmp/inj;touch\${IFS}PWNED;x/p.programs"
sh "$tmp/comb.sh" 3 3 >"$tmp/inj;touch\${IFS}PWNED;x/m.mzb" 2>/dev/null
(cd "$tmp" && expect 2 "a placeholder in sh -c code" timeout -k 5 20 "$mz" gen h-inj --seed 1 --grid 3x3 \
    --programs "$tmp/inj;touch\${IFS}PWNED;x/p.programs"
 grep -q "p.programs:2: {dir} is inside the code that sh runs.*sh -c '... \"\$1\" ...' sh {dir}" "$tmp/err" ||
     bad "placeholder in sh -c: $(cat "$tmp/err")"
 [ "$fails" = 0 ] || exit 1) || fails=$((fails + 1))
[ -e "$tmp/PWNED" ] && bad "a placeholder's value ran as shell code (PWNED made)"
b "placeholder in bash -ec code" "[generator x]
command = bash -ec 'echo {rows}'" "b.programs:2: {rows} is inside the code that bash runs"
b "placeholder in python -c code" "[generator x]
command = /usr/bin/python3 -c 'print({seed})'" "b.programs:2: {seed} is inside the code that python3 runs"
printf '[generator pos]\ncommand = sh -c '"'"'sh "$1"/comb.sh "$2" "$3"'"'"' sh {dir} {rows} {cols}\nformat = mzb\n' \
    >"$tmp/pos.programs"
expect 0 "placeholders as positional parameters" timeout -k 5 20 "$mz" gen pos --seed 1 --grid 4x5 \
    --programs "$tmp/pos.programs"
printf '\357\273\277# a byte-order mark first\n[generator bom]\ncommand = sh {dir}/comb.sh {rows} {cols}\nformat = mzb\n' \
    >"$tmp/bom.programs"
expect 0 "a programs file with a byte-order mark" timeout -k 5 20 "$mz" gen bom --seed 1 --grid 4x5 \
    --programs "$tmp/bom.programs"

# printing a plan runs nothing: neither an outside generator (its start-up
# measurement or an estimate's maze) nor an outside solver
printf '[solver canary-solve]\ncommand = sh -c '"'"'touch "$1"; exit 1'"'"' sh %s\n' "$tmp/canary-solve" \
    >>"$tmp/pp.programs"
cat "$tmp/canary.programs" >>"$tmp/pp.programs"
rm -f "$tmp/canary" "$tmp/canary-solve"
expect 0 "sweep --print-plan with outside programs" "$mz" --programs "$tmp/pp.programs" \
    sweep --gen canary-gen,dfs --solve canary-solve,bfs --grids 5 --seeds 1..3 --print-plan
[ -e "$tmp/canary" ] && bad "sweep --print-plan ran the outside generator"
[ -e "$tmp/canary-solve" ] && bad "sweep --print-plan ran the outside solver"
[ -s "$tmp/err" ] && bad "sweep --print-plan said something on stderr: $(cat "$tmp/err")"
grep -q '^# estimate: .*outside programs not run' "$tmp/out" ||
    bad "sweep --print-plan: the estimate does not say the programs were not run: $(cat "$tmp/out")"

[ "$fails" = 0 ] && echo "outside_cli: ok"
[ "$fails" = 0 ]
