#!/bin/sh
# resume_cli.sh - what 'sweep --resume' carries on must be whole and made
# by the same plan, seeds, registry and build; each mismatch is refused
# with one line, exit 2, and the file is left untouched:
#   another plan, another seed range, another random source (the plan's
#   or a row's), another registry (or none), another build (commit,
#   compiler or cflags), another counter, a whole line that is not a row;
#   while a partial last row (an interrupted write) and the FILE.partial of
#   a sweep killed with SIGKILL are carried on to the uninterrupted
#   figures. An interrupted sweep (SIGTERM, once or twice)
#   leaves FILE as it was and its finished tasks in FILE.partial only: a
#   file in place is never part of a sweep.
# Usage: sh tests/resume_cli.sh path/to/mazebench
set -u
. "$(dirname "$0")/lib.sh"
mz=$1
case $mz in /*) ;; *) mz=$(pwd)/$mz ;; esac
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1

plan="--gen dfs,wilson --solve bfs,wall --seeds 1..4 --sizes 8,9"
# shellcheck disable=SC2086
"$mz" sweep $plan --out full.csv 2>/dev/null || fail "the reference sweep did not run"

# The deterministic columns (those before gen_ns) of a sweep file.
det() {
    grep -v '^#' "$1" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "gen_ns") n = i - 1 }
        { s = $1; for (i = 2; i <= n; i++) s = s FS $i; print s }'
}

# The '#' lines before the header: rows start at line top + 2.
top=$(grep -c '^#' full.csv)
row3=$((top + 4))
# cut FILE: the reference cut after 5 whole tasks and one more row
cut_file() {
    rm -f "$1" "$1.partial"
    head -n $((top + 12)) full.csv >"$1"
}

# refused WHAT -- EDIT-COMMAND -- SWEEP-ARGS...: after the edit, --resume
# exits 2 with one 'mazebench: ' line and leaves the file as it was.
refused() {
    what=$1
    shift 2
    cut_file r.csv
    sh -c "$1" || fail "$what: the edit failed"
    shift 2
    cp r.csv before.csv
    "$mz" sweep "$@" --out r.csv --resume >out 2>err
    rc=$?
    [ "$rc" -eq 2 ] || fail "$what: exit $rc, not 2 ($(cat err))"
    [ "$(wc -l <err)" -eq 1 ] || fail "$what: not one line on stderr: $(cat err)"
    grep -q '^mazebench: sweep: cannot resume' err || fail "$what: $(cat err)"
    cmp -s r.csv before.csv || fail "$what: the file was changed"
    [ -e r.csv.partial ] && fail "$what: a partial was made"
}

# shellcheck disable=SC2086
{
    refused "another plan" -- ":" -- --gen dfs --solve bfs,wall --seeds 1..4 --sizes 8,9
    refused "another seed range" -- ":" -- --gen dfs,wilson --solve bfs,wall --seeds 1..5 \
        --sizes 8,9
    refused "another registry" -- \
        "sed -i 's/^# registry: .*/# registry: 0123456789abcdef/' r.csv" -- $plan
    refused "no registry line" -- "sed -i '/^# registry:/d' r.csv" -- $plan
    refused "another commit" -- \
        "sed -i 's/^# commit: .*/# commit: 0123456789012345678901234567890123456789/' r.csv" \
        -- $plan
    refused "another compiler" -- "sed -i 's/^# compiler: .*/# compiler: Other 1.0/' r.csv" \
        -- $plan
    refused "other cflags" -- "sed -i 's/^# cflags: .*/# cflags: -O0/' r.csv" -- $plan
    refused "another counter" -- "sed -i '/^# jobs:/a # counter: callgrind (other)' r.csv" \
        -- $plan
    refused "a damaged row before others" -- "sed -i '${row3}s/^[a-z]*,/nosuch,x,/' r.csv" -- $plan
    refused "another random source" -- ":" -- $plan --rng splitmix64
    refused "a row of another random source" -- "sed -i '${row3}s/,mulberry32,/,splitmix64,/' r.csv" -- $plan
}

# A last row cut short (an interrupted write): dropped with its task, and
# the resumed file has the uninterrupted figures.
cut_file r.csv
head -c -40 r.csv >cut.csv && mv cut.csv r.csv
# shellcheck disable=SC2086
"$mz" sweep $plan --out r.csv --resume 2>err || fail "a cut last row: exit $? ($(cat err))"
[ "$(det r.csv)" = "$(det full.csv)" ] || fail "a cut last row: the figures differ"
# A whole file: carried on to itself.
# shellcheck disable=SC2086
"$mz" sweep $plan --out r.csv --resume 2>err || fail "a whole file: exit $? ($(cat err))"
[ "$(det r.csv)" = "$(det full.csv)" ] || fail "a whole file: the figures differ"

# Interrupted: FILE stays as it was, the finished tasks are in FILE.partial,
# --resume carries it on; once with SIGTERM, once with two, once SIGKILL.
long="--gen dfs,wilson --solve bfs,wall --seeds 1..1000 --sizes 24"
# shellcheck disable=SC2086
"$mz" sweep $long --out long.csv 2>/dev/null || fail "the long reference did not run"
for sigs in TERM "TERM TERM" KILL; do
    rm -f i.csv i.csv.partial
    echo "old bytes" >i.csv
    # shellcheck disable=SC2086
    "$mz" sweep $long --out i.csv --force 2>err &
    pid=$!
    k=0
    while [ "$k" -lt 200 ] && [ "$(grep -vc '^#' i.csv.partial 2>/dev/null || echo 0)" -lt 50 ]; do
        sleep 0.05
        k=$((k + 1))
    done
    for s in $sigs; do kill -"$s" "$pid" 2>/dev/null; done
    wait "$pid"
    rc=$?
    if [ "$rc" -eq 0 ]; then
        echo "note: the sweep finished before SIG$sigs"
        continue
    fi
    [ "$(cat i.csv)" = "old bytes" ] || fail "SIG$sigs: the target was replaced by a part"
    [ -s i.csv.partial ] || fail "SIG$sigs: no FILE.partial"
    # shellcheck disable=SC2086
    "$mz" sweep $long --out i.csv 2>/dev/null
    [ $? -eq 2 ] || fail "SIG$sigs: a run without --resume did not refuse the partial"
    # shellcheck disable=SC2086
    "$mz" sweep $long --out i.csv --resume 2>err || fail "SIG$sigs: --resume: exit $? ($(cat err))"
    [ -e i.csv.partial ] && fail "SIG$sigs: the partial outlived the resume"
    [ "$(det i.csv)" = "$(det long.csv)" ] || fail "SIG$sigs: the resumed figures differ"
done

# merge names the partial of a part that was interrupted
rm -f i.csv
printf 'x\n' >i.csv.partial
"$mz" merge i.csv >out 2>err
[ $? -eq 2 ] || fail "merge of an interrupted part: not exit 2"
grep -q "'i.csv.partial' holds the tasks of an interrupted sweep" err ||
    fail "merge does not name the partial: $(cat err)"

if [ "$fails" -ne 0 ]; then
    echo "$fails failure(s)"
    exit 1
fi
echo "resume_cli: all passed"
