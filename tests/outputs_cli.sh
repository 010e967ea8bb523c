#!/bin/sh
# outputs_cli.sh - files written beside a result on stdout, '-' as a file
# name, bad input as exit 2, and statistics undefined for their sample:
#   - scaling --points, check --junit and eller-stream --out are committed
#     only after the stdout result was written and flushed: with stdout on
#     /dev/full, closed, or a pipe whose reader has gone, the command fails
#     (exit 1, or SIGPIPE) and no file is created or replaced;
#   - '-' for such a file is refused (exit 2, one line) and no file named
#     '-' appears; sweep, merge and scale --out take '-' as stdout;
#   - scaling refuses with exit 2 what gen refuses with 2 (a 3d size past
#     2^40 cells) and a fixed-size generator, before any maze is made;
#   - stats over one seed: no standard deviation or interval (n/a in text
#     and markdown, empty in CSV, null in JSON) and one note on stderr;
#     scaling through two mazes: no standard error or interval, and a size
#     of one seed no route_sd.
# Usage: sh tests/outputs_cli.sh path/to/mazebench
set -u
. "$(dirname "$0")/lib.sh"
mz=$1
case $mz in /*) ;; *) mz=$(pwd)/$mz ;; esac
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1

# expect CODE WHAT -- COMMAND... (tests/lib.sh): one line on stderr for
# every failure, not only a usage error
tmp=$t
expect_stderr_codes="1 2"

"$mz" sweep --gen dfs --solve bfs --seeds 1..3 --sizes 5 --out g.csv 2>/dev/null ||
    fail "the sweep to check did not run"

# ---- outputs beside stdout: committed only after stdout ----
# Each command: NAME FILE -- COMMAND (FILE is its output beside stdout).
beside() {
    name=$1 file=$2
    shift 3
    # stdout on a full disk: exit 1, one line, no file
    rm -f "$file"
    "$@" >/dev/full 2>err
    rc=$?
    [ "$rc" -eq 1 ] || fail "$name >/dev/full: exit $rc, not 1 ($(cat err))"
    [ "$(wc -l <err)" -eq 1 ] || fail "$name >/dev/full: not one line on stderr: $(cat err)"
    [ -e "$file" ] && fail "$name >/dev/full: '$file' was committed"
    # stdout closed
    rm -f "$file"
    "$@" >&- 2>err
    rc=$?
    [ "$rc" -eq 1 ] || fail "$name >&-: exit $rc, not 1 ($(cat err))"
    [ -e "$file" ] && fail "$name >&-: '$file' was committed"
    # a pipe whose reader has gone: SIGPIPE or exit 1, no file. The pipe is
    # a FIFO opened for reading and writing, then for writing, and its
    # read end closed before the command starts, so no reader exists when
    # it writes (a reader that closes while the command runs would race).
    rm -f "$file" fifo
    mkfifo fifo
    exec 4<>fifo 5>fifo 4<&-
    "$@" 2>err >&5
    rc=$?
    exec 5>&-
    rm -f fifo
    [ "$rc" -eq 141 ] || [ "$rc" -eq 1 ] || fail "$name | closed pipe: exit $rc"
    [ -e "$file" ] && fail "$name | closed pipe: '$file' was committed"
    # an existing file with --force: the old bytes stay when stdout fails
    echo "old bytes" >"$file"
    "$@" --force >/dev/full 2>/dev/null
    [ "$(cat "$file")" = "old bytes" ] || fail "$name --force >/dev/full replaced '$file'"
    # and stdout that works commits it
    "$@" --force >out 2>err || fail "$name: exit $? ($(cat err))"
    [ "$(cat "$file")" = "old bytes" ] && fail "$name: '$file' was not replaced"
    ls -A | grep -q '\.tmp-' && fail "$name: a temporary file was left"
    rm -f "$file"
}
beside "scaling --points" p.csv -- "$mz" scaling wilson --sizes 8,16 --seeds 1..2 --points p.csv
beside "check --junit" j.xml -- "$mz" check g.csv --junit j.xml
beside "eller-stream --out" e.bin -- "$mz" eller-stream --size 20x20 --seed 1 --out e.bin

# ---- '-' as a file name ----
expect 2 "scaling --points -" -- "$mz" scaling wilson --sizes 8,16 --seeds 1..2 --points -
expect 2 "check --junit -" -- "$mz" check g.csv --junit -
expect 2 "eller-stream --out -" -- "$mz" eller-stream --size 20x20 --seed 1 --out -
[ -e ./- ] && fail "a file named '-' was made"
rm -f ./-
"$mz" merge g.csv --out - >out 2>err || fail "merge --out -: exit $? ($(cat err))"
grep -q '^dfs,1,' out || fail "merge --out -: no rows on stdout"
"$mz" sweep --gen dfs --solve bfs --seeds 1 --sizes 5 --out - >out 2>err ||
    fail "sweep --out -: exit $?"
grep -q '^dfs,1,' out || fail "sweep --out -: no rows on stdout"
[ -e ./- ] && fail "merge or sweep made a file named '-'"
# './-' names a file
"$mz" scaling wilson --sizes 8,16 --seeds 1..2 --points ./- >/dev/null 2>err ||
    fail "scaling --points ./-: exit $? ($(cat err))"
[ -s ./- ] || fail "scaling --points ./- wrote no file"
rm -f ./-

# ---- bad input is exit 2 in scaling as in gen ----
expect 2 "gen 3d past 2^40 cells" -- "$mz" gen wilson --seed 1 --grid 3d:20000x20000x20000
expect 2 "scaling 3d past 2^40 cells" -- "$mz" scaling wilson --shape 3d --sizes 4,20000 \
    --seeds 1..2
grep -q "20000" err || fail "scaling does not name the size: $(cat err)"
expect 2 "scaling pacman (fixed size)" -- "$mz" scaling pacman --sizes 8,16 --seeds 1..2
expect 2 "scaling one size" -- "$mz" scaling wilson --sizes 16 --seeds 1..3

# ---- statistics undefined for their sample ----
expect 0 "stats csv one seed" -- "$mz" stats wilson --grid 11 --seeds 5 --format csv
# gen,topology,rows,cols,cells,seeds,stat,n,mean,sd,se,ci95_lo,ci95_hi,...
awk -F, 'NR > 1 && $7 == "dead_ends" { if ($8 != 1 || $9 == "" || $10 != "" || $11 != "" ||
    $12 != "" || $13 != "") bad = 1; seen = 1 } END { exit !(seen && !bad) }' out ||
    fail "stats csv, one seed: sd, se and interval not empty: $(grep dead_ends, out)"
[ "$(grep -c 'note: .*one seed' err)" -eq 1 ] || fail "stats: not one note on stderr: $(cat err)"
[ "$(wc -l <err)" -eq 1 ] || fail "stats: more than the note on stderr: $(cat err)"
expect 0 "stats json one seed" -- "$mz" stats wilson --grid 11 --seeds 5 --format json
grep -q '"dead_ends": {"n": 1, "mean": [0-9.]*, "sd": null, "ci95": null}' out ||
    fail "stats json, one seed: $(head -c 300 out)"
expect 0 "stats text one seed" -- "$mz" stats wilson --grid 11 --seeds 5
grep -Eq '^  dead_ends +[0-9.]+ +n/a +n/a' out || fail "stats text, one seed: $(cat out)"
expect 0 "stats markdown one seed" -- "$mz" stats wilson --grid 11 --seeds 5 --format markdown
grep -q '| [0-9.]* (n/a) |' out || fail "stats markdown, one seed: $(cat out)"
# An interval is written [lo, hi]: a negative bound stays readable.
expect 0 "stats markdown, intervals" -- "$mz" stats dfs --grid hex:5x5 --seeds 1..3 --format markdown
grep -q '| [0-9.]* \[-\{0,1\}[0-9.]*, [0-9.]*\] |' out || fail "stats markdown, interval form: $(cat out)"
# two seeds: everything defined, no note
expect 0 "stats csv two seeds" -- "$mz" stats wilson --grid 11 --seeds 5..6 --format csv
awk -F, 'NR > 1 && $8 >= 2 && $10 == "" { bad = 1 } END { exit bad }' out ||
    fail "stats csv, two seeds: an sd is empty"
[ -s err ] && fail "stats, two seeds: stderr not empty: $(cat err)"
# scaling: a fit through two mazes (two sizes, one seed)
expect 0 "scaling csv two mazes" -- "$mz" scaling wilson --sizes 8,16 --seeds 1 --format csv \
    --points p.csv
# gen,topology,sizes,seeds,mazes,n_min,n_max,exponent,se,ci95_lo,ci95_hi,r2,local_slope,published,published_inside
awk -F, 'NR == 2 { ok = $5 == 2 && $8 != "" && $9 == "" && $10 == "" && $11 == "" && $15 == "" }
    END { exit !ok }' out || fail "scaling csv, two mazes: $(cat out)"
# gen,topology,n,seeds,route_mean,route_sd,...
awk -F, 'NR > 1 && $6 != "" { bad = 1 } END { exit bad }' p.csv ||
    fail "scaling --points, one seed: route_sd not empty: $(cat p.csv)"
[ "$(grep -c 'note:' err)" -eq 1 ] || fail "scaling: not one note on stderr: $(cat err)"
rm -f p.csv
expect 0 "scaling text two mazes" -- "$mz" scaling wilson --sizes 8,16 --seeds 1
grep -q 'se n/a, 95% ci n/a' out || fail "scaling text, two mazes: $(cat out)"
grep -q 'inside\|outside' out && fail "scaling text, two mazes: an interval is compared: $(cat out)"
expect 0 "scaling three mazes" -- "$mz" scaling wilson --sizes 8,16,32 --seeds 1 --format csv
[ -s err ] && fail "scaling, three mazes, no points: stderr not empty: $(cat err)"

if [ "$fails" -ne 0 ]; then
    echo "$fails failure(s)"
    exit 1
fi
echo "outputs_cli: all passed"
