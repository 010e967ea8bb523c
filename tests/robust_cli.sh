#!/bin/sh
# robust_cli.sh - the promises of docs/conventions.md kept by every command:
# an option given twice is refused; an output is committed only when the
# whole command succeeded (a failed render --force keeps the good file);
# no temporary file outlives a signal, SIGKILL included; a size larger than
# the machine or 'ulimit -v' is refused before any allocation; a text input
# that is a directory or holds a NUL byte is refused (exit 2) without
# reading forever; a full stdout is a failure; CSV files with CRLF line
# ends or blank lines read as their LF twins.
# Usage: sh tests/robust_cli.sh path/to/mazebench
set -u
. "$(dirname "$0")/lib.sh"
mz=$1
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

# expect CODE WHAT -- COMMAND... (tests/lib.sh): one line on stderr for
# every failure, not only a usage error
tmp=$t
expect_stderr_codes="1 2"

# No temporary file beside an output in $t (hidden .NAME.tmp-*).
no_orphans() {
    left=$(ls -A "$t" | grep -c '\.tmp-')
    [ "$left" -eq 0 ] || fail "$1: $left temporary files left: $(ls -A "$t" | grep '\.tmp-')"
    rm -f "$t"/.*.tmp-* 2>/dev/null
}

# ---- an option given twice: refused by every command, before any work ----
expect 2 "gen --force twice" -- "$mz" gen dfs --seed 1 --size 3 --force --force
expect 2 "list --format twice" -- "$mz" list --format csv --format=json
expect 2 "render --cell twice" -- "$mz" render dfs --seed 1 --size 3 --cell 4 --cell 5
expect 2 "render --style twice" -- "$mz" render dfs --seed 1 --size 3 --style plain --style=hedge
expect 2 "stats --seeds twice" -- "$mz" stats dfs --seeds 1..2 --seeds 3
expect 2 "stats --band twice" -- "$mz" stats dfs --band 1 --band=2
expect 2 "eller-stream --seed twice" -- "$mz" eller-stream --size 3 --seed 1 --seed 2
expect 2 "scale --reps twice" -- "$mz" scale --gen dfs --reps 1 --reps 2
expect 2 "scale --no-chart twice" -- "$mz" scale --gen dfs --no-chart --no-chart
expect 2 "sweep --sizes twice" -- "$mz" sweep --gen dfs --sizes 3 --sizes 4
expect 2 "merge --out twice" -- "$mz" merge a.csv --out x.csv --out y.csv
grep -q "given twice" "$t/err" || fail "merge: the reason does not say 'given twice'"
# After '--' nothing is an option (sweep's PLAN named like one).
"$mz" sweep --gen dfs --sizes 3 --seeds 1 --solve '' --print-plan -- >/dev/null 2>"$t/err"
grep -q "twice" "$t/err" && fail "'--' alone refused as a repeat"

# ---- --help and --version reach stdout, or fail ----
if [ -w /dev/full ]; then
    expect 1 "--version into /dev/full" -- sh -c "exec '$mz' --version >/dev/full"
    expect 1 "--help into /dev/full" -- sh -c "exec '$mz' --help >/dev/full"
    expect 1 "render --help into /dev/full" -- sh -c "exec '$mz' render --help >/dev/full"
    expect 1 "gen into /dev/full" -- sh -c "exec '$mz' gen dfs --seed 1 --size 3 >/dev/full"
    expect 1 "scale into /dev/full" -- \
        sh -c "exec '$mz' scale --gen dfs --max-cells 1000 --reps 1 >/dev/full"
    grep -q "(null)" "$t/err" && fail "scale names its output '(null)'"
    grep -q "stdout" "$t/err" || fail "scale: the failed output is not named: $(cat "$t/err")"
    # A trace is committed only when the whole command succeeded.
    expect 1 "gen --trace with a full stdout" -- \
        sh -c "exec '$mz' gen dfs --seed 1 --size 9 --trace '$t/tr.csv' >/dev/full"
    [ -e "$t/tr.csv" ] && fail "gen committed its trace although its result was lost"
    no_orphans "gen --trace"
fi
"$mz" render --help | grep -q '2^22 cells' && fail "render --help gives the old SVG limit"

# ---- sizes past the machine, refused before any allocation ----
expect 1 "eller-stream 2x2^32" -- timeout 20 "$mz" eller-stream --size 2x4294967296 --seed 1
grep -q "needs about" "$t/err" || fail "eller-stream: no memory estimate: $(cat "$t/err")"
# Under 'ulimit -v' (a sanitized build cannot run there: skipped).
if (ulimit -v 300000 && "$mz" --version) >/dev/null 2>&1; then
    expect 1 "eller-stream past ulimit -v" -- \
        sh -c "ulimit -v 300000 && exec '$mz' eller-stream --size 2x100000000 --seed 1"
    grep -q "ulimit -v" "$t/err" || fail "eller-stream: the limit is not named: $(cat "$t/err")"
    expect 1 "sweep past ulimit -v" -- sh -c "ulimit -v 300000 && exec '$mz' sweep --gen dfs \
        --solve bfs --seeds 1 --sizes 20000 --out '$t/sw.csv'"
    [ -e "$t/sw.csv" ] || [ -e "$t/sw.csv.partial" ] && fail "a refused sweep left a file"
    # A failed render --force leaves the good file as it was.
    "$mz" render dfs --seed 1 --size 31 --out "$t/good.svg" || fail "render good.svg"
    cp "$t/good.svg" "$t/good-copy.svg"
    expect 1 "render --force out of memory" -- sh -c "ulimit -v 204800 && exec '$mz' render dfs \
        --seed 1 --size 3000x3000 --out '$t/good.svg' --force"
    cmp -s "$t/good.svg" "$t/good-copy.svg" || fail "a failed render --force changed the file"
    no_orphans "failed render"
    # scale: a size refused part-way keeps the file as it was and the
    # sizes measured in FILE.partial.
    # One line: why it stopped, and where the rows went.
    echo old >"$t/s.csv"
    sh -c "ulimit -v 150000 && exec '$mz' scale --gen kruskal --solve astar --reps 1 \
        --no-chart --out '$t/s.csv' --force" 2>"$t/err"
    [ $? -eq 1 ] || fail "scale past ulimit -v: not exit 1"
    grep -q "ulimit -v" "$t/err" || fail "scale: the limit is not named: $(cat "$t/err")"
    grep -q "s.csv.partial" "$t/err" || fail "scale: the partial is not named: $(cat "$t/err")"
    [ "$(wc -l <"$t/err")" -eq 1 ] || fail "scale past ulimit -v: not one line: $(cat "$t/err")"
    [ "$(cat "$t/s.csv")" = old ] || fail "a failed scale replaced its --out"
    grep -q '^kruskal,astar,' "$t/s.csv.partial" || fail "scale kept no partial rows"
    rm -f "$t/s.csv.partial"
    no_orphans "failed scale"
else
    echo "note: ulimit -v checks skipped (a sanitized build reserves its shadow memory)"
fi

# ---- text inputs: a directory, a NUL byte, an endless device ----
expect 2 "stats --published DIR" -- "$mz" stats dfs --seeds 1 --sizes 5 --published "$t"
printf 'name,spec,published_pct,source\ndfs,dfs,10\000junk,x\n' >"$t/nul.csv"
expect 2 "stats --published with a NUL" -- "$mz" stats dfs --seeds 1 --sizes 5 --published "$t/nul.csv"
expect 2 "stats --published /dev/zero" -- \
    timeout 20 "$mz" stats dfs --seeds 1 --sizes 5 --published /dev/zero
expect 2 "merge a directory" -- "$mz" merge "$t" --out "$t/m.csv"
expect 2 "merge a NUL file" -- "$mz" merge "$t/nul.csv" --out "$t/m.csv"
mkdir "$t/dir.csv"
expect 2 "sweep --resume on a directory" -- "$mz" sweep --gen dfs --seeds 1 --sizes 3 \
    --solve '' --resume --out "$t/dir.csv"
rmdir "$t/dir.csv"

# ---- CSV reading rules: CRLF and a byte-order mark read as LF ----
plan="--gen dfs --solve bfs --seeds 1..6 --sizes 5"
"$mz" sweep $plan --shard 1/2 --out "$t/p1.csv" 2>/dev/null || fail "sweep shard 1"
"$mz" sweep $plan --shard 2/2 --out "$t/p2.csv" 2>/dev/null || fail "sweep shard 2"
"$mz" merge "$t/p1.csv" "$t/p2.csv" --out "$t/lf.csv" || fail "merge"
sed 's/$/\r/' "$t/p1.csv" >"$t/c1.csv"
{ printf '\357\273\277'; cat "$t/p2.csv"; } >"$t/c2.csv"
expect 0 "merge CRLF and BOM parts" -- "$mz" merge "$t/c1.csv" "$t/c2.csv" --out "$t/crlf.csv"
grep -v '^# ' "$t/lf.csv" >"$t/lf.rows"
grep -v '^# ' "$t/crlf.csv" >"$t/crlf.rows"
cmp -s "$t/lf.rows" "$t/crlf.rows" || fail "CRLF and BOM parts merge to other rows"
# Blank and '#' lines among the rows are dropped, not the end of the rows.
awk '!/^#/ && ++n == 3 { print ""; print "# a note" } { print }' "$t/p1.csv" >"$t/b1.csv"
expect 0 "merge a part with blank lines" -- "$mz" merge "$t/b1.csv" "$t/p2.csv" --out "$t/bl.csv"
# A header naming a column twice is refused.
sed 's/^gen,seed,/gen,gen,/' "$t/p1.csv" >"$t/d1.csv"
expect 2 "merge a header naming a column twice" -- "$mz" merge "$t/d1.csv" "$t/p2.csv" --out "$t/d.csv"
no_orphans "merge"

# ---- signals: no temporary file outlives SIGHUP, SIGTERM or SIGKILL ----
# kill_after SIG SECONDS COMMAND...: start it, signal it after SECONDS.
kill_after() {
    sig=$1 after=$2
    shift 2
    "$@" >/dev/null 2>&1 &
    pid=$!
    sleep "$after"
    kill -"$sig" "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
}
# (A background job of a non-interactive shell ignores SIGINT, so SIGHUP
# and SIGTERM stand for Ctrl-C here.)
for sig in HUP TERM KILL; do
    kill_after $sig 1 "$mz" eller-stream --size 100000000x1000 --seed 1 --out "$t/rows.bin"
    [ -e "$t/rows.bin" ] && fail "eller-stream killed by SIG$sig left its output"
    no_orphans "eller-stream killed by SIG$sig"
    kill_after $sig 1 "$mz" gen dfs --seed 1 --size 3000 --trace "$t/trace.csv"
    no_orphans "gen --trace killed by SIG$sig"
    rm -f "$t/trace.csv"
    kill_after $sig 1 "$mz" scale --gen dfs --reps 1 --no-chart --out "$t/scale.csv"
    sleep 1 # a size's child process may outlive its parent a moment
    [ -e "$t/scale.csv" ] && fail "scale killed by SIG$sig left its output"
    no_orphans "scale killed by SIG$sig"
    # its measured sizes are in scale.csv.partial (whole rows), for --resume
    if [ -e "$t/scale.csv.partial" ]; then
        grep -q '^gen,solver,seed' "$t/scale.csv.partial" ||
            fail "scale killed by SIG$sig: its partial has no header"
        rm -f "$t/scale.csv.partial"
    fi
done

[ "$fails" -eq 0 ] || { echo "$fails failure(s)"; exit 1; }
echo "robust_cli: all checks passed"
