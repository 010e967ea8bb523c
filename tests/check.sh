#!/bin/sh
# check.sh - 'mazebench check' end to end: a clean sweep file matches (with
# one worker or two); an edited figure fails naming its line, row and column;
# timing columns and dropped columns are not compared; columns are found by
# name; a row's rng column is a recipe column (edited, it differs; a source
# that is not one is refused naming its line); an unknown column, a
# foreign registry hash, a row cut short, an unknown recipe and a missing
# file are refused with one stderr line and exit status 2; a recipe that
# fails is one line with its status, counted in the summary; --junit writes
# well-formed XML, a test case per row, a differing row as a <failure>.
# What it cannot vouch for is refused (exit 2): a header without rows, a NUL
# byte, a directory, a column named twice, no solver column, a recipe twice,
# plan lines that disagree. Rows against the file's plan (a sweep's, a
# shard's, the golden files' two plans): a row dropped, the last task
# dropped, an extra row, two rows swapped are differences (exit 1); without a
# plan the summary says completeness was not checked.
#   sh tests/check.sh path/to/mazebench
set -u
. "$(dirname "$0")/lib.sh"
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect STATUS NAME FILE [ARGS]: run check, compare the exit status; stderr
# must be one line when the status is 2.
# expect CODE NAME ARGS...: 'mazebench check ARGS' (tests/lib.sh)
run_check() { "$bin" check "$@"; }
expect_run=run_check

# by_name PROG FILE: copy a sweep file through awk PROG, which runs on each
# row (not on '#' lines nor the header) with n the row's number (1 the first)
# and col(NAME) the field of column NAME in that row (one more on a row whose
# quoted spec holds a comma): columns are found by name, not by position.
by_name() {
    awk -F, -v OFS=, '
        function col(name) {
            if (!(name in c)) { print "by_name: no column " name >"/dev/stderr"; exit 3 }
            return c[name] + ($0 ~ /^"/)
        }
        /^#/ { print; next }
        !h { h = 1; for (i = 1; i <= NF; i++) c[$i] = i; print; next }
        { n++ }
        '"$1"'
        { print }' "$2"
}
# keep_cols NAMES FILE: the header and rows of FILE (no '#' lines, no row
# with a quoted spec) cut to the columns NAMES (comma-separated), in the
# file's order.
keep_cols() {
    grep -v -e '^#' -e '^"' "$2" | awk -F, -v OFS=, -v names="$1" '
        NR == 1 { k = split(names, w, ","); for (j = 1; j <= k; j++) want[w[j]] = 1
                  for (i = 1; i <= NF; i++) if ($i in want) { keep[++m] = i; found[$i] = 1 }
                  for (j = 1; j <= k; j++) if (!(w[j] in found)) { print "keep_cols: no column " w[j] >"/dev/stderr"; exit 3 } }
        { line = $keep[1]; for (j = 2; j <= m; j++) line = line OFS $keep[j]; print line }'
}
# drop_cols NAMES FILE: FILE ('#' lines kept) without the columns NAMES.
drop_cols() {
    awk -F, -v OFS=, -v names="$1" '
        /^#/ { print; next }
        !h { h = 1; k = split(names, w, ","); for (j = 1; j <= k; j++) gone[w[j]] = 1
             for (i = 1; i <= NF; i++) if (!($i in gone)) keep[++m] = i
             if (m != NF - k) { print "drop_cols: not every column found" >"/dev/stderr"; exit 3 } }
        { line = $keep[1]; for (j = 2; j <= m; j++) line = line OFS $keep[j]; print line }' "$2"
}

"$bin" sweep --gen 'dfs,dfs+braid:keep=0.4,offset=99,pacman' --solve 'bfs,wall:hand=right,astar:k=2.2' \
    --seeds 464..465 --sizes 31,5x7 --out "$tmp/s.csv" 2>/dev/null || { echo "FAIL: sweep"; exit 1; }

expect 0 "clean file" "$tmp/s.csv"
grep -q 'all 30 rows match' "$tmp/out" || bad "clean file: summary: $(cat "$tmp/out")"
cp "$tmp/out" "$tmp/out.clean"
expect 0 "clean file, two workers" "$tmp/s.csv" --jobs 2
expect 0 "--help" --help
grep -q '^usage: mazebench check' "$tmp/out" || bad "--help prints no usage"

# Row 1 is dfs seed 464 31x31 with bfs: 96 dead ends, a 320-step route.
by_name 'n == 1 { $col("dead_ends") = 95 }' "$tmp/s.csv" >"$tmp/edit.csv"
line=$(grep -n '^dfs,464,mulberry32,ortho,31,31,961,960,1024,95,' "$tmp/edit.csv" | cut -d: -f1)
[ -n "$line" ] || bad "edited figure: the row was not edited"
expect 1 "edited figure" "$tmp/edit.csv"
grep -q "^$tmp/edit.csv:$line: row 1 (dfs, seed 464, 31x31, bfs): column 'dead_ends': expected '95', got '96'\$" "$tmp/out" ||
    bad "edited figure: no line naming it: $(cat "$tmp/out")"
grep -q '^check: .*1 difference in 1 of 30 rows' "$tmp/out" || bad "edited figure: summary: $(tail -1 "$tmp/out")"

# The digest of a braided row, and a solver figure of another.
# (awk splits the quoted spec in two: col() counts one more field there)
by_name '$1 == "\"dfs+braid:keep=0.4" && $col("seed") == 465 && $col("rows") == 31 { $col("digest") = "0000000000000000" }' \
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

# A file trimmed to a few columns is checked on those (the recipe columns
# kept; rep may go: it is 1; rng may go: a file without it is mulberry32's).
keep_cols gen,seed,topology,rows,cols,cells,passages,walls,dead_ends,loops,components,route,digest,solver \
    "$tmp/s.csv" >"$tmp/cut.csv"
expect 0 "trimmed columns" "$tmp/cut.csv"
grep -q 'completeness not checked' "$tmp/out" || bad "trimmed columns: summary: $(cat "$tmp/out")"
grep -q 'all 18 rows match (252 values compared in 14 columns)' "$tmp/out" || bad "trimmed columns: not 14 columns compared: $(cat "$tmp/out")"
keep_cols gen,seed,rng,topology,rows,cols,cells,digest,draws,solver "$tmp/s.csv" >"$tmp/cut2.csv"
expect 0 "trimmed columns, rng and draws kept" "$tmp/cut2.csv"
by_name 'n == 1 { $col("draws") = 959 }' "$tmp/cut2.csv" >"$tmp/cut2-edit.csv"
expect 1 "trimmed columns, draws edited" "$tmp/cut2-edit.csv"
grep -q "row 1 (dfs, seed 464, 31x31, bfs): column 'draws': expected '959', got '960'\$" "$tmp/out" ||
    bad "draws edited: $(cat "$tmp/out")"

# A file written before the topology column existed (no such column): every
# row is square cells, checked as before, its plan too.
# (nor the rng and draws columns, newer still: its rows are mulberry32's)
grep -q '^gen,seed,rng,topology,rows,cols,' "$tmp/s.csv" || bad "no rng and topology columns before rows"
grep -q ',digest,draws,rep,solver,' "$tmp/s.csv" || bad "no draws column after digest"
"$bin" sweep --gen dfs,kruskal --solve bfs,wall --seeds 464..465 --sizes 31,5x7 \
    --out "$tmp/sq.csv" 2>/dev/null || bad "old file: sweep"
drop_cols rng,topology,draws "$tmp/sq.csv" >"$tmp/old.csv"
grep -q '^gen,seed,rows,cols,' "$tmp/old.csv" || bad "old file: the column was not dropped"
expect 0 "old file without topology" "$tmp/old.csv"
grep -q 'all 16 rows match .*; all 16 rows of its plan, in order' "$tmp/out" || bad "old file: $(cat "$tmp/out")"
sed 's/^dfs,465,31,31,961,960,1024,/dfs,465,31,31,961,960,1023,/' "$tmp/old.csv" >"$tmp/old-edit.csv"
expect 1 "old file, an edited figure" "$tmp/old-edit.csv"
grep -q "column 'walls': expected '1023', got '1024'" "$tmp/out" || bad "old file edited: $(cat "$tmp/out")"
# A topology that is not a shape is refused; another shape than the maze's
# is a difference in that column.
by_name 'n == 1 { $col("topology") = "cube" }' "$tmp/s.csv" >"$tmp/topo.csv"
expect 2 "topology 3d without levels" "$tmp/topo.csv"
grep -q "topology 'cube'" "$tmp/err" || bad "bad topology: $(cat "$tmp/err")"

# The rng column is a recipe column: a row moved to the other source is made
# again from it and differs (and is not the plan's); a source that is not one
# is refused, naming its line; a seed past 32 bits under mulberry32 too.
by_name 'n == 1 { $col("rng") = "splitmix64" }' "$tmp/s.csv" >"$tmp/rng.csv"
expect 1 "rng edited" "$tmp/rng.csv"
grep -q "^$tmp/rng.csv:$line: row 1 (dfs, seed 464 (splitmix64), 31x31, bfs): column 'digest': expected 'e9571c0a5c942582', got '" "$tmp/out" ||
    bad "rng edited: the digest not named: $(cat "$tmp/out")"
grep -q "^$tmp/rng.csv:$line: row 1 .*: not in the plan" "$tmp/out" || bad "rng edited: the row is the plan's: $(cat "$tmp/out")"
grep -q '^check: .* in 1 of 30 rows .*1 missing, 1 extra' "$tmp/out" || bad "rng edited: summary: $(tail -1 "$tmp/out")"
by_name 'n == 1 { $col("rng") = "bogus" }' "$tmp/s.csv" >"$tmp/rng-bogus.csv"
expect 2 "rng bogus" "$tmp/rng-bogus.csv"
grep -q "line $line: rng 'bogus' is not a random source" "$tmp/err" || bad "rng bogus: the line not named: $(cat "$tmp/err")"
"$bin" sweep --gen dfs,kruskal --solve bfs --seeds 4294967296,7 --sizes 31,5x7 --rng splitmix64 \
    --out "$tmp/sm.csv" 2>/dev/null || bad "splitmix64 sweep"
grep -q '^# plan: rng splitmix64$' "$tmp/sm.csv" || bad "splitmix64 sweep: no 'rng splitmix64' plan line"
expect 0 "splitmix64 file" "$tmp/sm.csv"
grep -q 'all 8 rows match.*all 8 rows of its plan, in order' "$tmp/out" || bad "splitmix64 file: $(cat "$tmp/out")"
by_name 'n == 2 { $col("rng") = "mulberry32" }' "$tmp/sm.csv" >"$tmp/sm-edit.csv"
expect 1 "splitmix64 file, a row moved to mulberry32" "$tmp/sm-edit.csv"
grep -q "row 2 (dfs, seed 7, 31x31, bfs): column 'digest'" "$tmp/out" || bad "splitmix64 file, rng edited: $(cat "$tmp/out")"
by_name 'n == 1 { $col("rng") = "mulberry32" }' "$tmp/sm.csv" >"$tmp/sm-seed.csv"
expect 2 "a 64-bit seed under mulberry32" "$tmp/sm-seed.csv"
grep -q "seed '4294967296' is past mulberry32's 32 bits" "$tmp/err" || bad "a 64-bit seed under mulberry32: $(cat "$tmp/err")"

sed '/^gen,/s/,digest,/,fingerprint,/' "$tmp/s.csv" >"$tmp/col.csv"
expect 2 "unknown column" "$tmp/col.csv"
grep -q "column 'fingerprint'" "$tmp/err" || bad "unknown column not named: $(cat "$tmp/err")"

grep -q '^# registry: ' "$tmp/s.csv" || bad "the sweep wrote no '# registry:' line"
sed 's/^# registry: .*/# registry: 0123456789abcdef/' "$tmp/s.csv" >"$tmp/reg.csv"
expect 2 "foreign registry" "$tmp/reg.csv"
grep -q "another registry" "$tmp/err" || bad "foreign registry: $(cat "$tmp/err")"
expect 0 "foreign registry, --any-registry" "$tmp/reg.csv" --any-registry

# (cut inside row 6 whatever the lengths of its timing columns: a cut that
# fell on a line's end would leave whole rows, rows missing from the plan)
awk '!/^#/ && ++n == 7 { printf "%s", substr($0, 1, 20); exit } { print }' "$tmp/s.csv" >"$tmp/cut-short.csv"
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
by_name 'n == 1 { $col("rows") = "4294967295"; $col("cols") = "4294967295" }
         n == 4 { $col("solver") = "flood:from=5000" }' "$tmp/s.csv" |
    grep -v -e '^# plan: ' -e '^# shard: ' >"$tmp/fail.csv"
expect 1 "failing recipes" "$tmp/fail.csv"
grep -q 'row 1 (dfs, seed 464, 4294967295x4294967295): generator failed: size too large (1 row of this maze not compared)' "$tmp/out" ||
    bad "failing generator not reported: $(head -3 "$tmp/out")"
grep -q 'row 4 (.*, flood:from=5000): solver failed: bad parameter (row not compared)' "$tmp/out" ||
    bad "failing solver not reported: $(head -3 "$tmp/out")"
[ "$(wc -l <"$tmp/out")" = 3 ] || bad "failing recipes: not one line each: $(cat "$tmp/out")"
grep -q '2 recipes failed (2 rows not compared), the other 28 rows match' "$tmp/out" ||
    bad "failing recipes: summary: $(tail -1 "$tmp/out")"

# What it cannot vouch for: a header without rows, a NUL byte, a directory,
# a column named twice, a recipe column missing, a recipe given twice.
awk '/^#/ || !n++' "$tmp/s.csv" | grep -v -e '^# plan: ' -e '^# shard: ' >"$tmp/empty.csv"
expect 2 "header, no rows" "$tmp/empty.csv"
grep -q 'no rows' "$tmp/err" || bad "header, no rows: $(cat "$tmp/err")"
sed 's/^\(dfs,464,mulberry32,ortho,31,31,961,960,1024,96\),/\1@junk,/' "$tmp/s.csv" | tr '@' '\000' >"$tmp/nul.csv"
expect 2 "a NUL byte in a value" "$tmp/nul.csv"
grep -q 'NUL' "$tmp/err" || bad "a NUL byte: $(cat "$tmp/err")"
expect 2 "a directory" "$tmp"
sed '/^gen,/s/,walls,/,cells,/' "$tmp/s.csv" >"$tmp/twice.csv"
expect 2 "a column named twice" "$tmp/twice.csv"
grep -q "'cells' twice" "$tmp/err" || bad "a column named twice: $(cat "$tmp/err")"
grep -v -e '^#' -e '^"' "$tmp/s.csv" | drop_cols solver /dev/stdin >"$tmp/nosolver.csv"
expect 2 "no solver column" "$tmp/nosolver.csv"
grep -q "'solver'" "$tmp/err" || bad "no solver column: $(cat "$tmp/err")"
awk '!/^#/ && ++n == 3 { print } { print }' "$tmp/s.csv" >"$tmp/dup.csv"
l=$(grep -n '^dfs,464,mulberry32,ortho,31,31,.*,wall:hand=right,' "$tmp/dup.csv" | head -1 | cut -d: -f1)
expect 2 "a recipe twice" "$tmp/dup.csv"
grep -q "lines $l and $((l + 1)): rows 2 and 3 .*dfs, seed 464, 31x31, wall:hand=right" "$tmp/err" ||
    bad "a recipe twice: not both lines: $(cat "$tmp/err")"
grep -v -e '^# plan: ' -e '^# shard: ' "$tmp/dup.csv" >"$tmp/dup2.csv"
expect 2 "a recipe twice, no plan" "$tmp/dup2.csv"

# Completeness: a sweep file carries its plan ('# plan:' lines), and its rows
# must be exactly the plan's, in order; a file without one says it was not
# checked.
grep -q 'all 30 rows match.*all 30 rows of its plan' "$tmp/out.clean" ||
    bad "clean file: the summary does not vouch for completeness: $(cat "$tmp/out.clean")"
awk '/^#/ || !n++' "$tmp/s.csv" >"$tmp/norows.csv"
expect 1 "header and plan, no rows" "$tmp/norows.csv"
grep -q '30 rows missing .*(the plan has 30 rows, the file 0): first missing: dfs, seed 464, 31x31, bfs$' "$tmp/out" ||
    bad "header and plan, no rows: $(cat "$tmp/out")"
awk '!/^#/ && ++n == 6 { next } { print }' "$tmp/s.csv" >"$tmp/drop.csv"
expect 1 "a row dropped" "$tmp/drop.csv"
grep -q ': 1 row missing after row 4 (the plan has 30 rows, the file 29): first missing: dfs, seed 465, 31x31, wall:hand=right$' "$tmp/out" ||
    bad "a row dropped: $(cat "$tmp/out")"
grep -q '^check: .*1 missing' "$tmp/out" || bad "a row dropped: summary: $(tail -1 "$tmp/out")"
head -n -3 "$tmp/s.csv" >"$tmp/tail.csv"
expect 1 "the last task dropped" "$tmp/tail.csv"
grep -q ': 3 rows missing after row 27 (the plan has 30 rows, the file 27): first missing: pacman, seed 465, 31x28, bfs$' "$tmp/out" ||
    bad "the last task dropped: $(cat "$tmp/out")"
"$bin" sweep --gen dfs --solve bfs --seeds 466 --sizes 31 --out "$tmp/x.csv" 2>/dev/null || bad "sweep of seed 466"
{ cat "$tmp/s.csv"; grep '^dfs,466,' "$tmp/x.csv"; } >"$tmp/extra.csv"
expect 1 "an extra row" "$tmp/extra.csv"
l=$(grep -n '^dfs,466,' "$tmp/extra.csv" | cut -d: -f1)
grep -q ":$l: row 31 (dfs, seed 466, 31x31, bfs): not in the plan" "$tmp/out" || bad "an extra row: $(cat "$tmp/out")"
grep -v -e '^# plan: ' -e '^# shard: ' "$tmp/extra.csv" >"$tmp/extra2.csv"
expect 0 "an extra row, no plan" "$tmp/extra2.csv"
grep -q 'all 31 rows match.*completeness not checked' "$tmp/out" || bad "no plan: summary: $(cat "$tmp/out")"
awk '!/^#/ { n++ } n == 2 && !/^#/ { keep = $0; next } n == 3 && !/^#/ && !d++ { print; print keep; next } { print }' \
    "$tmp/s.csv" >"$tmp/swap.csv"
expect 1 "two rows swapped" "$tmp/swap.csv"
grep -q 'row 2 (dfs, seed 464, 31x31, bfs): out of order' "$tmp/out" || bad "two rows swapped: $(cat "$tmp/out")"
sed 's/^# shard: 1\/1, tasks 10,/# shard: 1\/1, tasks 11,/' "$tmp/s.csv" >"$tmp/shardline.csv"
expect 2 "a '# shard:' line that is not the plan's" "$tmp/shardline.csv"
sed 's/^# plan: seeds 464..465/# plan: seeds 464..466/' "$tmp/s.csv" >"$tmp/plan.csv"
expect 2 "a '# plan:' that is not the '# shard:' line's" "$tmp/plan.csv"
sed 's/^# plan: gen dfs$/# plan: gen nosuchgen/' "$tmp/s.csv" >"$tmp/plan2.csv"
expect 2 "a '# plan:' that does not parse" "$tmp/plan2.csv"

# A shard checks against its part of the plan.
"$bin" sweep --gen 'dfs,pacman' --solve 'bfs,wall:hand=right' --seeds 464..466 --sizes 31,5x7 \
    --shard 2/3 --out "$tmp/shard.csv" 2>/dev/null || bad "sweep --shard 2/3"
expect 0 "a shard" "$tmp/shard.csv"
awk '!/^#/ && ++n == 4 { next } { print }' "$tmp/shard.csv" >"$tmp/shard-drop.csv"
expect 1 "a shard, a row dropped" "$tmp/shard-drop.csv"
grep -q '1 row missing after row 2 (the plan.s shard 2/3 has 6 rows, the file 5): first missing: dfs, seed 465, 5x7, bfs$' "$tmp/out" ||
    bad "a shard, a row dropped: $(cat "$tmp/out")"

# Every row found in its plan: repetitions, seeds in several ranges, a
# generator limited to some sizes, a fixed-size one, no solver, a shard.
printf 'gen dfs\ngen kruskal\ngen pacman\nsolve bfs\nsolve wall:hand=right\nseeds 9..10,3,5..6\nsizes 6x4,5,3x8\nreps 2\nlimit kruskal 24 cells\n' >"$tmp/odd.plan"
"$bin" sweep "$tmp/odd.plan" --out "$tmp/odd.csv" 2>/dev/null || bad "sweep of odd.plan"
expect 0 "repetitions, ranges, limits" "$tmp/odd.csv"
grep -q 'all 120 rows of its plan, in order' "$tmp/out" || bad "repetitions, ranges, limits: $(tail -1 "$tmp/out")"
"$bin" sweep "$tmp/odd.plan" --solve '' --shard 2/3 --out "$tmp/odd2.csv" 2>/dev/null || bad "sweep of odd.plan, shard 2/3"
expect 0 "repetitions, ranges, limits, no solver, a shard" "$tmp/odd2.csv"
grep -q 'all 20 rows of its plan.s shard 2/3, in order' "$tmp/out" || bad "no solver, a shard: $(tail -1 "$tmp/out")"

# Two plans in one file, as the registry's golden files hold them: a recipe
# may be in both, once each.
"$bin" sweep --gen dfs --solve bfs,wall:hand=right --seeds 464 --sizes 5x7 --out "$tmp/p2.csv" 2>/dev/null ||
    bad "sweep of the second plan"
{
    grep '^# \(registry\|plan\): ' "$tmp/s.csv"
    grep '^# plan: ' "$tmp/p2.csv" | sed 's/^# plan: /# solvers plan: /'
    grep -v '^#' "$tmp/s.csv"
    grep -v '^[#g]' "$tmp/p2.csv"
} >"$tmp/two.csv"
expect 0 "two plans" "$tmp/two.csv"
grep -q 'all 32 rows match.*all 32 rows of its plans' "$tmp/out" || bad "two plans: $(cat "$tmp/out")"
head -n -1 "$tmp/two.csv" >"$tmp/two-cut.csv"
expect 1 "two plans, the last row dropped" "$tmp/two-cut.csv"
grep -q '1 row missing after row 31 (the solvers plan has 2 rows, the file 1): first missing: dfs, seed 464, 5x7, wall:hand=right$' "$tmp/out" ||
    bad "two plans, the last row dropped: $(cat "$tmp/out")"

# A byte-order mark does not hide the header.
{ printf '\357\273\277'; cat "$tmp/s.csv"; } >"$tmp/bom.csv"
expect 0 "a byte-order mark" "$tmp/bom.csv"

# --junit: well-formed, one test case per row; a differing row and a failed
# recipe are failures; an existing report is kept unless --force.
command -v xmllint >/dev/null 2>&1 || { echo "FAIL: xmllint is missing (Debian package libxml2-utils; scripts/setup.sh installs it)" >&2; exit 1; }
expect 0 "junit, clean file" "$tmp/s.csv" --junit "$tmp/ok.xml"
[ "$(grep -c '<testcase ' "$tmp/ok.xml")" = 31 ] || bad "junit: not 30 test cases and one for completeness"
grep -q '<testcase [^>]*name="completeness: the rows of its plan"' "$tmp/ok.xml" || bad "junit: no completeness case"
grep -q '<failure' "$tmp/ok.xml" && bad "junit: a failure in a clean file"
expect 1 "junit, edited figure" "$tmp/edit.csv" --junit "$tmp/edit.xml"
[ "$(grep -c '<failure' "$tmp/edit.xml")" = 1 ] || bad "junit: the edited row is not one <failure>"
grep -q "<failure message=\"[^\"]*edit.csv:$line: row 1 .*dead_ends" "$tmp/edit.xml" ||
    bad "junit: the failure does not hold the difference: $(grep '<failure' "$tmp/edit.xml")"
expect 1 "junit, failing recipes" "$tmp/fail.csv" --junit "$tmp/fail.xml"
[ "$(grep -c '<failure' "$tmp/fail.xml")" = 2 ] || bad "junit: failed recipes are not two <failure>s"
grep -q 'generator failed: size too large' "$tmp/fail.xml" || bad "junit: no generator failure"
grep -q '<skipped message="no &apos;# plan:&apos; lines' "$tmp/fail.xml" || bad "junit: completeness not skipped without a plan"
expect 1 "junit, a row dropped" "$tmp/drop.csv" --junit "$tmp/drop.xml"
[ "$(grep -c '<failure' "$tmp/drop.xml")" = 1 ] || bad "junit: a row dropped is not one <failure>"
grep -q '<failure message="[^"]*1 row missing after row 4 ' "$tmp/drop.xml" ||
    bad "junit: the completeness failure does not say what is missing: $(grep '<failure' "$tmp/drop.xml")"
for f in ok edit fail drop; do
    xmllint --noout "$tmp/$f.xml" || bad "junit: $f.xml is not well-formed XML"
done
expect 2 "junit exists" "$tmp/s.csv" --junit "$tmp/ok.xml"
expect 0 "junit, --force" "$tmp/s.csv" --junit "$tmp/ok.xml" --force
expect 2 "junit twice" "$tmp/s.csv" --junit "$tmp/a.xml" --junit "$tmp/b.xml"
expect 2 "junit is the file checked" "$tmp/s.csv" --junit "$tmp/s.csv"

[ "$fails" = 0 ] || { echo "$fails check test(s) failed"; exit 1; }
echo "check: all tests passed"
