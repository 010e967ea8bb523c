#!/bin/sh
# check.sh - 'mazebench check' end to end: a clean sweep file matches (with
# one worker or two); an edited figure fails naming its line, row and column;
# timing columns and dropped columns are not compared; an unknown column, a
# foreign registry hash, a row cut short, an unknown recipe and a missing
# file are refused with one stderr line and exit status 2; a recipe that
# fails is one line with its status, counted in the summary; --junit writes
# well-formed XML, a test case per row, a differing row as a <failure>.
#   sh tests/check.sh path/to/mazebench
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }

# expect STATUS NAME FILE [ARGS]: run check, compare the exit status; stderr
# must be one line when the status is 2.
expect() {
    want=$1 name=$2
    shift 2
    "$bin" check "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    [ "$got" = "$want" ] || { bad "$name: exit $got, expected $want"; cat "$tmp/out" "$tmp/err"; }
    if [ "$want" = 2 ]; then
        [ "$(wc -l <"$tmp/err")" = 1 ] || bad "$name: stderr is not one line"
        grep -q '^mazebench: ' "$tmp/err" || bad "$name: stderr is not 'mazebench: ...'"
    fi
}

"$bin" sweep --gen 'dfs,dfs+braid:keep=0.4,offset=99,pacman' --solve 'bfs,wall:hand=right,astar:k=2.2' \
    --seeds 464..465 --sizes 31,5x7 --out "$tmp/s.csv" 2>/dev/null || { echo "FAIL: sweep"; exit 1; }

expect 0 "clean file" "$tmp/s.csv"
grep -q 'all 30 rows match' "$tmp/out" || bad "clean file: summary: $(cat "$tmp/out")"
expect 0 "clean file, two workers" "$tmp/s.csv" --jobs 2
expect 0 "--help" --help
grep -q '^usage: mazebench check' "$tmp/out" || bad "--help prints no usage"

# Row 1 is dfs seed 464 31x31 with bfs: 96 dead ends, a 320-step route.
awk -F, -v OFS=, '!/^#/ && ++n == 2 { $8 = 95 } { print }' "$tmp/s.csv" >"$tmp/edit.csv"
line=$(grep -n '^dfs,464,31,31,961,960,1024,95,' "$tmp/edit.csv" | cut -d: -f1)
expect 1 "edited figure" "$tmp/edit.csv"
grep -q "^$tmp/edit.csv:$line: row 1 (dfs, seed 464, 31x31, bfs): column 'dead_ends': expected '95', got '96'\$" "$tmp/out" ||
    bad "edited figure: no line naming it: $(cat "$tmp/out")"
grep -q '^check: .*1 difference in 1 of 30 rows' "$tmp/out" || bad "edited figure: summary: $(tail -1 "$tmp/out")"

# The digest of a braided row, and a solver figure of another.
# (awk splits the quoted spec in two: the digest is field 13 there)
awk -F, -v OFS=, '$1 == "\"dfs+braid:keep=0.4" && $3 == 465 && $4 == 31 { $13 = "0000000000000000" } { print }' \
    "$tmp/s.csv" >"$tmp/edit2.csv"
expect 1 "edited digest" "$tmp/edit2.csv"
[ "$(grep -c "column 'digest'" "$tmp/out")" = 3 ] || bad "edited digest: three rows (one per solver) expected: $(cat "$tmp/out")"

# Timing columns are not compared.
awk -F, -v OFS=, '/^gen,/ { for (i = 1; i <= NF; i++) if ($i == "gen_ns") c = i } !/^#/ && c && !/^gen,/ { $(c + /^"/) = 1 } { print }' \
    "$tmp/s.csv" >"$tmp/time.csv"
expect 0 "timing columns edited" "$tmp/time.csv"

# Lines ended by CR LF (a checkout on Windows) check the same.
sed 's/$/\r/' "$tmp/s.csv" >"$tmp/crlf.csv"
expect 0 "CR LF lines" "$tmp/crlf.csv"

# A file trimmed to a few columns is checked on those.
grep -v -e '^#' -e '^"' "$tmp/s.csv" | cut -d, -f1-12 >"$tmp/cut.csv"
expect 0 "trimmed columns" "$tmp/cut.csv"

sed '/^gen,/s/,digest,/,fingerprint,/' "$tmp/s.csv" >"$tmp/col.csv"
expect 2 "unknown column" "$tmp/col.csv"
grep -q "column 'fingerprint'" "$tmp/err" || bad "unknown column not named: $(cat "$tmp/err")"

grep -q '^# registry: ' "$tmp/s.csv" || bad "the sweep wrote no '# registry:' line"
sed 's/^# registry: .*/# registry: 0123456789abcdef/' "$tmp/s.csv" >"$tmp/reg.csv"
expect 2 "foreign registry" "$tmp/reg.csv"
grep -q "another registry" "$tmp/err" || bad "foreign registry: $(cat "$tmp/err")"
expect 0 "foreign registry, --any-registry" "$tmp/reg.csv" --any-registry

head -c 3000 "$tmp/s.csv" >"$tmp/cut-short.csv"
expect 2 "row cut short" "$tmp/cut-short.csv"

sed 's/^dfs,465,/nosuchgen,465,/' "$tmp/s.csv" >"$tmp/gen.csv"
expect 2 "unknown generator" "$tmp/gen.csv"
grep -q "nosuchgen" "$tmp/err" || bad "unknown generator not named: $(cat "$tmp/err")"

expect 2 "missing file" "$tmp/none.csv"
expect 2 "no file" 
expect 2 "bad --jobs" "$tmp/s.csv" --jobs 0
printf 'just,some,csv\n1,2,3\n' >"$tmp/other.csv"
expect 2 "not a sweep" "$tmp/other.csv"

# Recipes that fail: a solver given a cell off the grid (MZ_EINVAL) and a
# maze too large to make (MZ_ETOOBIG, refused before any allocation): one
# line each, naming the row and the status, their rows not compared.
awk -F, -v OFS=, '!/^#/ && ++n == 2 { $3 = "4294967295"; $4 = "4294967295" } { print }' "$tmp/s.csv" |
    awk -F, -v OFS=, '!/^#/ && ++n == 5 { $14 = "flood:from=5000" } { print }' >"$tmp/fail.csv"
expect 1 "failing recipes" "$tmp/fail.csv"
grep -q 'row 1 (dfs, seed 464, 4294967295x4294967295): generator failed: size too large (1 row of this maze not compared)' "$tmp/out" ||
    bad "failing generator not reported: $(head -3 "$tmp/out")"
grep -q 'row 4 (.*, flood:from=5000): solver failed: bad parameter (row not compared)' "$tmp/out" ||
    bad "failing solver not reported: $(head -3 "$tmp/out")"
[ "$(wc -l <"$tmp/out")" = 3 ] || bad "failing recipes: not one line each: $(cat "$tmp/out")"
grep -q '2 recipes failed (2 rows not compared), the other 28 rows match' "$tmp/out" ||
    bad "failing recipes: summary: $(tail -1 "$tmp/out")"

# --junit: well-formed, one test case per row; a differing row and a failed
# recipe are failures; an existing report is kept unless --force.
if command -v xmllint >/dev/null 2>&1; then xml=xmllint; else xml=; fi
expect 0 "junit, clean file" "$tmp/s.csv" --junit "$tmp/ok.xml"
[ "$(grep -c '<testcase ' "$tmp/ok.xml")" = 30 ] || bad "junit: not 30 test cases"
grep -q '<failure' "$tmp/ok.xml" && bad "junit: a failure in a clean file"
expect 1 "junit, edited figure" "$tmp/edit.csv" --junit "$tmp/edit.xml"
[ "$(grep -c '<failure' "$tmp/edit.xml")" = 1 ] || bad "junit: the edited row is not one <failure>"
grep -q "<failure message=\"[^\"]*edit.csv:$line: row 1 .*dead_ends" "$tmp/edit.xml" ||
    bad "junit: the failure does not hold the difference: $(grep '<failure' "$tmp/edit.xml")"
expect 1 "junit, failing recipes" "$tmp/fail.csv" --junit "$tmp/fail.xml"
[ "$(grep -c '<failure' "$tmp/fail.xml")" = 2 ] || bad "junit: failed recipes are not two <failure>s"
grep -q 'generator failed: size too large' "$tmp/fail.xml" || bad "junit: no generator failure"
if [ -n "$xml" ]; then
    for f in ok edit fail; do
        $xml --noout "$tmp/$f.xml" || bad "junit: $f.xml is not well-formed XML"
    done
fi
expect 2 "junit exists" "$tmp/s.csv" --junit "$tmp/ok.xml"
expect 0 "junit, --force" "$tmp/s.csv" --junit "$tmp/ok.xml" --force
expect 2 "junit twice" "$tmp/s.csv" --junit "$tmp/a.xml" --junit "$tmp/b.xml"
expect 2 "junit is the file checked" "$tmp/s.csv" --junit "$tmp/s.csv"

[ "$fails" = 0 ] || { echo "$fails check test(s) failed"; exit 1; }
echo "check: all tests passed"
