#!/bin/sh
# threads_cli.sh - gen and solve print the same row, and a solver writes the
# same trace, at --threads 1, 2, 3 and 7, on mazes with and without loops
# and blocked cells, square and thin, around the band threshold (256 rows),
# binary-tree among them (it generates on several threads);
# --threads out of range or given twice is a usage error.
#   sh tests/threads_cli.sh path/to/mazebench
set -u
. "$(dirname "$0")/lib.sh"
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for spec in dfs eller kruskal+braid treasure binary-tree; do
    for size in 300x300 513x40 255x9 1x700 700x1 2x400 1030x3; do
        for cmd in gen solve; do
            case $cmd in
            gen) set -- gen "$spec" ;;
            solve) set -- solve bfs --gen "$spec" --trace "$tmp/trace" --force ;;
            esac
            "$bin" "$@" --seed 77 --size $size --threads 1 >"$tmp/one" 2>&1 ||
                bad "$cmd $spec $size --threads 1: exit $?: $(cat "$tmp/one")"
            [ "$cmd" = solve ] && mv "$tmp/trace" "$tmp/trace1"
            for t in 2 3 7; do
                "$bin" "$@" --seed 77 --size $size --threads $t >"$tmp/out" 2>&1 ||
                    bad "$cmd $spec $size --threads $t: exit $?"
                cmp -s "$tmp/one" "$tmp/out" ||
                    bad "$cmd $spec $size --threads $t: $(cat "$tmp/out") against $(cat "$tmp/one")"
                if [ "$cmd" = solve ]; then
                    cmp -s "$tmp/trace1" "$tmp/trace" || bad "solve $spec $size --threads $t: trace differs"
                fi
            done
        done
    done
done
# The default (every online core) gives the same row.
"$bin" gen dfs --seed 77 --size 513x40 --threads 1 >"$tmp/one" 2>&1
"$bin" gen dfs --seed 77 --size 513x40 >"$tmp/out" 2>&1
cmp -s "$tmp/one" "$tmp/out" || bad "gen without --threads: $(cat "$tmp/out")"

# A sweep's figures at any --threads (its timing columns aside: the columns
# before gen_ns, found by name, are the recipe, the maze's figures, its digest
# and draws, and the solver's figures).
figures() {
    grep -v '^#' | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "gen_ns") n = i - 1 }
        n { s = $1; for (i = 2; i <= n; i++) s = s FS $i; print s }'
}
for t in 1 3; do
    "$bin" sweep --gen dfs,kruskal+braid,treasure --solve bfs --sizes 300,513x40,2x300 --seeds 1..2 \
        --jobs 2 --threads $t 2>"$tmp/err" | figures >"$tmp/sweep$t" ||
        bad "sweep --threads $t: $(cat "$tmp/err")"
done
[ "$(wc -l <"$tmp/sweep1")" = 19 ] || bad "sweep: $(wc -l <"$tmp/sweep1") lines, not 19"
head -1 "$tmp/sweep1" | grep -q '^gen,seed,rng,.*,route,digest,draws,rep,solver,' ||
    bad "sweep: not the figures' columns: $(head -1 "$tmp/sweep1")"
cmp -s "$tmp/sweep1" "$tmp/sweep3" || bad "sweep --threads 3: figures differ from --threads 1"
"$bin" sweep --help | grep -q -- '--threads N' || bad "sweep --help does not show --threads"

for args in "--threads 0" "--threads 257" "--threads x" "--threads 2 --threads 2" "--threads"; do
    # shellcheck disable=SC2086
    "$bin" gen dfs --seed 1 --size 5 $args >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc = 2 ] || bad "gen $args: exit $rc, not 2"
    [ "$(wc -l <"$tmp/err")" = 1 ] && grep -q '^mazebench: ' "$tmp/err" || bad "gen $args: $(cat "$tmp/err")"
done
"$bin" gen --help | grep -q -- '--threads N' || bad "gen --help does not show --threads"
"$bin" solve --help | grep -q -- '--threads N' || bad "solve --help does not show --threads"

[ $fails = 0 ] && echo "threads_cli: all passed"
exit $((fails > 0))
