#!/bin/sh
# ab_outside_cli.sh - scripts/ab.sh --programs: two versions of one outside
# program, one mazebench, interleaved rounds. The program is a shell script
# that sleeps, then prints a fixed 2x2 maze: BASE sleeps 0.05 s, NEW 0.06 s
# (a deterministic 20% more). Checks: an A/A run (two programs files of the
# same program) exits 0 with a CPU burner on one core the whole time; the
# 20% slower NEW exits 1, 'slower', and compare says the rows were timed by
# process_ns; the manifest records both programs files and their hashes;
# --resume keeps the finished rounds and refuses a changed programs file;
# files that declare different entries, a --programs among the sweep
# arguments, --bin without --programs and a missing file are refused (exit
# 2, one line).
#   sh tests/ab_outside_cli.sh path/to/mazebench
set -u
. "$(dirname "$0")/lib.sh"
case $1 in /*) bin=$1 ;; *) bin=$PWD/$1 ;; esac
here=$(cd "$(dirname "$0")/.." && pwd)
ab="$here/scripts/ab.sh"
tmp=$(mktemp -d)
burner=""
stop_burner() {
    if [ -n "$burner" ]; then kill "$burner" 2>/dev/null; wait "$burner" 2>/dev/null; fi
    burner=""
}
trap 'stop_burner; rm -rf "$tmp"' EXIT

# prog DIR SLEEP [NAME]: DIR/p.programs declaring generator NAME (slp), a
# script that sleeps SLEEP seconds and writes a 2x2 maze.
prog() {
    mkdir -p "$tmp/$1"
    cat >"$tmp/$1/p.programs" <<EOF
[generator ${3:-slp}]
command = sh {dir}/slp.sh {cols} {rows} {seed} {out}
format = ascii
perfect = yes
deterministic = yes
EOF
    cat >"$tmp/$1/slp.sh" <<EOF
sleep $2
printf '+-+-+\\n|   |\\n+-+ +\\n|   |\\n+-+-+\\n' >"\$4"
EOF
}
prog base 0.05
prog same 0.05
prog slow 0.06
prog other 0.05 slp-other

sweep="--gen slp --solve '' --seeds 1..3 --grids 2"
run_ab() { # BASE NEW OUT [more options]
    b=$1 n=$2 o=$3
    shift 3
    eval "sh \"\$ab\" --programs \"\$tmp/\$b/p.programs\" \"\$tmp/\$n/p.programs\" --bin \"\$bin\" \
        --out \"\$tmp/\$o\" --order-seed 11 \"\$@\" -- $sweep"
}

# A/A under load: one core busy the whole run.
yes >/dev/null &
burner=$!
expect 0 "A/A under load" -- run_ab base same aa --rounds 12
stop_burner
grep -q '^compare: outside programs: process_ns' "$tmp/out" ||
    bad "A/A: compare does not say outside rows are timed by process_ns: $(cat "$tmp/out")"
grep -q 'threshold 10%' "$tmp/out" || bad "A/A: no 10% outside threshold named"
grep -q '^slower' "$tmp/out" && bad "A/A: something slower: $(cat "$tmp/out")"
grep -q 'time under 1 ms' "$tmp/out" && bad "A/A: a sub-millisecond note for 50 ms runs"
for s in base new; do
    grep -q "^programs $s '.*/p.programs': " "$tmp/aa/manifest" ||
        bad "manifest: no '$s' programs line: $(cat "$tmp/aa/manifest")"
done
[ "$(grep -c '^# command: .*--programs .*/base/p.programs' "$tmp/aa/base.csv")" = 12 ] ||
    bad "base.csv: not 12 rounds swept with the base programs file"
[ "$(grep -c '^# command: .*--programs .*/same/p.programs' "$tmp/aa/new.csv")" = 12 ] ||
    bad "new.csv: not 12 rounds swept with the new programs file"

# A/B: NEW sleeps 20% longer.
expect 1 "A/B 20% slower" -- run_ab base slow ab --rounds 12
grep -q '^slower  *gen  *slp, 2x2' "$tmp/out" || bad "A/B: the algorithm is not slower: $(cat "$tmp/out")"

# --resume: every round kept; a changed programs file refused.
expect 1 "resume" -- run_ab base slow ab --resume
grep -q 'kept 24 finished round files' "$tmp/err" || bad "resume: rounds not kept: $(cat "$tmp/err")"
echo '# changed' >>"$tmp/slow/p.programs"
expect_prefix='ab: '
expect 2 "resume, changed programs" -- run_ab base slow ab --resume
grep -q 'programs files' "$tmp/err" || bad "resume: the refusal does not name the programs files"

expect 2 "different entries" -- run_ab base other x1 --rounds 2
grep -q 'do not declare the same entries' "$tmp/err" || bad "different entries: $(cat "$tmp/err")"
expect 2 "a missing file" -- sh "$ab" --programs "$tmp/base/p.programs" "$tmp/nosuch" --bin "$bin" -- --gen slp
expect 2 "--programs in the sweep" -- sh "$ab" --programs "$tmp/base/p.programs" "$tmp/same/p.programs" \
    --bin "$bin" --out "$tmp/x2" -- --gen slp --programs "$tmp/base/p.programs"
expect 2 "--bin without --programs" -- sh "$ab" "$bin" "$bin" --bin "$bin" --out "$tmp/x3"
expect 2 "--programs with one file" -- sh "$ab" --programs "$tmp/base/p.programs"
[ ! -e "$tmp/x1" ] && [ ! -e "$tmp/x2" ] && [ ! -e "$tmp/x3" ] || bad "a refused run made its DIR"

[ "$fails" = 0 ] || { echo "$fails failures"; exit 1; }
echo "ab_outside_cli: ok"
