#!/bin/sh
# stats_out_cli.sh - 'mazebench stats' writes the same bytes as the files
# of tests/stats-out/ in every format (text, csv, json, markdown): two
# generators on a square and a hex grid (stats), a claim of one against
# another (claim), one seed, whose sd and interval are undefined (one).
# A change of a layout, a column or a number's format fails here; a
# change meant is made by writing the files again with the command below
# and said in docs/stats.md.
#   sh tests/stats_out_cli.sh path/to/mazebench
set -u
. "$(dirname "$0")/lib.sh"
bin=$1
dir=$(dirname "$0")/stats-out
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

args_of() {
    case $1 in
    stats) echo "dfs wilson --grid 7,hex:5x5 --seeds 1..3" ;;
    claim) echo "dfs --against kruskal --grid 7 --seeds 1..4 --against-seeds 5..8" ;;
    one) echo "wilson --grid 7 --seeds 2" ;;
    esac
}
for k in stats claim one; do
    for f in text csv json markdown; do
        # shellcheck disable=SC2046 # the arguments are words
        if ! "$bin" stats $(args_of $k) --format $f >"$tmp/out" 2>"$tmp/err"; then
            bad "stats $(args_of $k) --format $f: exit status $?: $(cat "$tmp/err")"
        elif ! cmp -s "$tmp/out" "$dir/$k.$f"; then
            bad "stats $(args_of $k) --format $f differs from $dir/$k.$f: $(diff "$dir/$k.$f" "$tmp/out" | head -5)"
        fi
    done
done
[ "$fails" -eq 0 ] || { echo "stats_out_cli: $fails failed"; exit 1; }
echo "stats_out_cli: 12 outputs as in tests/stats-out"
