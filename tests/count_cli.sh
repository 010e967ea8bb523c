#!/bin/sh
# sweep --count: the four count columns sit after gen_ns and stay empty
# without it; bad uses are one stderr line and exit status 2; perf either
# counts or says it cannot (exit 1). With an unsanitized build and valgrind
# installed, --count callgrind runs end to end: a '# counter:' line, every
# count filled, the same counts twice, no dump left behind, and a valgrind
# started by hand without --collect-atstart=no refused.
#   sh tests/count_cli.sh path/to/mazebench
set -eu
. "$(dirname "$0")/lib.sh"
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "count_cli: $*" >&2; exit 1; }

col() { # col FILE NAME: the values of column NAME, one a line
    grep -v '^#' "$1" | awk -F, -v c="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i; next }
        { print k ? $k : "NOCOLUMN" }'
}

"$bin" sweep --gen dfs --solve bfs --seeds 1,2 --sizes 5 --progress 0 >"$tmp/plain.csv"
header=$(grep -v '^#' "$tmp/plain.csv" | head -1)
case "$header" in
*,gen_ns,*,gen_instr,solve_instr,gen_llc_miss,solve_llc_miss,gen_cpu_ns,solve_cpu_ns) ;;
*) fail "header does not end with the four count columns and the CPU times after gen_ns: $header" ;;
esac
for c in gen_instr solve_instr gen_llc_miss solve_llc_miss; do
    [ -z "$(col "$tmp/plain.csv" $c | tr -d '\n')" ] || fail "$c is not empty without --count"
done
! grep -q '^# counter:' "$tmp/plain.csv" || fail "a '# counter:' line without --count"

bad() { # bad WANTED_SUBSTRING ARGS...: exit 2 and one line on stderr
    want=$1
    shift
    if "$bin" sweep --gen dfs --seeds 1 --sizes 5 --progress 0 "$@" >"$tmp/out" 2>"$tmp/err"; then
        fail "sweep $* succeeded"
    else
        rc=$?
    fi
    [ "$rc" -eq 2 ] || fail "sweep $*: exit $rc, not 2"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "sweep $*: not one stderr line: $(cat "$tmp/err")"
    grep -q -- "$want" "$tmp/err" || fail "sweep $*: '$want' not in: $(cat "$tmp/err")"
    [ ! -s "$tmp/out" ] || fail "sweep $*: wrote to stdout"
}
bad "not one of callgrind, perf, auto" --count bogus
bad "runs one job" --count callgrind --jobs 2
bad "given twice" --count perf --count perf
bad "needs a value" --count

# perf: counts, or one line saying why not and pointing at callgrind.
if "$bin" sweep --gen dfs --solve bfs --seeds 1 --sizes 5 --progress 0 --count perf \
    >"$tmp/perf.csv" 2>"$tmp/err"; then
    grep -q '^# counter: perf' "$tmp/perf.csv" || fail "--count perf: no '# counter: perf' line"
    [ -n "$(col "$tmp/perf.csv" gen_instr)" ] || fail "--count perf: gen_instr empty"
else
    rc=$?
    [ "$rc" -eq 1 ] || fail "--count perf failed with exit $rc, not 1"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "--count perf: not one stderr line"
    grep -q 'perf.*--count callgrind' "$tmp/err" || fail "--count perf: unclear: $(cat "$tmp/err")"
fi

# Callgrind end to end: not with a sanitized build (ASan does not run under
# valgrind), not without valgrind.
if grep -q '^# cflags: .*-fsanitize' "$tmp/plain.csv" || ! command -v valgrind >/dev/null 2>&1; then
    echo "count_cli: note: callgrind part skipped (sanitized build or no valgrind)" >&2
    exit 0
fi
if ! "$bin" sweep --gen dfs --seeds 1 --sizes 2 --progress 0 --count callgrind >/dev/null 2>"$tmp/err"; then
    grep -q 'no Callgrind client requests' "$tmp/err" || fail "--count callgrind: $(cat "$tmp/err")"
    echo "count_cli: note: callgrind part skipped (built without valgrind's headers)" >&2
    exit 0
fi
mkdir "$tmp/t"
for k in 1 2; do
    TMPDIR=$tmp/t "$bin" sweep --gen dfs,kruskal --solve bfs --seeds 1 --sizes 5,9 --progress 0 \
        --count callgrind >"$tmp/cg$k.csv" || fail "--count callgrind failed"
done
grep -q '^# counter: callgrind (valgrind ' "$tmp/cg1.csv" || fail "no '# counter: callgrind' line"
[ -z "$(ls -A "$tmp/t")" ] || fail "Callgrind's dumps were left behind: $(ls -A "$tmp/t")"
for c in gen_instr solve_instr gen_llc_miss solve_llc_miss; do
    col "$tmp/cg1.csv" $c | grep -qv '^[0-9][0-9]*$' && fail "$c not filled under callgrind"
    [ "$(col "$tmp/cg1.csv" $c)" = "$(col "$tmp/cg2.csv" $c)" ] || [ $c != gen_instr ] ||
        fail "gen_instr differs between two runs"
done
# A bigger maze costs more: the counts are the call's, not a constant.
set -- $(col "$tmp/cg1.csv" gen_instr)
[ "$2" -gt "$1" ] || fail "dfs 9x9 ($2 instructions) not above 5x5 ($1)"
# valgrind started by hand, collecting from the start: refused by the probe.
if MZ_CALLGRIND_OUT=$tmp/t/cg.out valgrind --tool=callgrind -q --callgrind-out-file="$tmp/t/cg.out" \
    "$bin" sweep --gen dfs --seeds 1 --sizes 5 --progress 0 --count callgrind >/dev/null 2>"$tmp/err"; then
    fail "--count callgrind accepted a Callgrind collecting from the start"
fi
grep -q -- '--collect-atstart=no' "$tmp/err" || fail "unclear refusal: $(cat "$tmp/err")"
echo "count_cli: ok" >&2
