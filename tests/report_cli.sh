#!/bin/sh
# report_cli.sh - `mazebench report` end to end on a small run (a sweep of
# three generators x one solver x two sizes x three seeds, and a stats CSV):
# the HTML is well-formed XML (xmllint), has the sections the run implies,
# loads nothing from the network, is the same bytes twice, and its size is
# printed; a malformed and a missing input are named in the left-out section
# and on stderr (exit 1, the report still written); the markdown, LaTeX and
# CSV exports; outputs never replaced without --force; bad arguments exit 2.
# Usage: sh tests/report_cli.sh path/to/mazebench
set -u
. "$(dirname "$0")/lib.sh"
mz=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
command -v xmllint >/dev/null 2>&1 || { echo "FAIL: xmllint is missing (Debian package libxml2-utils; scripts/setup.sh installs it)" >&2; exit 1; }

run=$tmp/run
mkdir "$run"
cat >"$tmp/plan" <<'EOF'
gen dfs
gen kruskal
gen prim
solve bfs
seeds 1..3
sizes 9,15
EOF
"$mz" sweep "$tmp/plan" --out "$run/sweep.csv" 2>"$tmp/err" || fail "sweep: $(cat "$tmp/err")"
"$mz" stats dfs kruskal --grid 11 --seeds 1..6 --format csv >"$run/stats-11.csv" 2>"$tmp/err" ||
    fail "stats: $(cat "$tmp/err")"

# The report of the folder.
expect 0 "report of a run" "$mz" report "$run" --out "$tmp/report.html"
grep -Eq "^report: $tmp/report.html, [0-9]+ bytes, sections: run generators solvers( charts)? stats" \
    "$tmp/out" || bad "the size and sections are not printed: $(cat "$tmp/out")"
[ -s "$tmp/report.html" ] || fail "no report.html"
xmllint --noout "$tmp/report.html" || fail "xmllint rejects the report"
head -1 "$tmp/report.html" | grep -qx '<!DOCTYPE html>' || fail "no doctype"
for s in run generators solvers charts stats; do
    grep -q "<section id=\"$s\" data-section=\"$s\">" "$tmp/report.html" || fail "no section $s"
done
for s in compare check scaling left-out; do
    grep -q "<section id=\"$s\"" "$tmp/report.html" && fail "a section $s without its data"
done
if "$mz" render dfs --seed 1 --size 3 --out "$tmp/probe.png" 2>/dev/null; then
    grep -q '<section id="renders"' "$tmp/report.html" || fail "no renders with cairo"
    [ "$(grep -o 'src="data:image/png;base64,' "$tmp/report.html" | wc -l)" = 3 ] ||
        fail "not one render a generator"
fi
grep -Eiq '(src|href)="(https?:)?//' "$tmp/report.html" && fail "a network src or href"
grep -Eiq "@import|url\\(['\"]?(https?:|//)" "$tmp/report.html" && fail "an external stylesheet or font"
grep -q 'kruskal' "$tmp/report.html" || fail "no kruskal row"
size=$(wc -c <"$tmp/report.html")
[ "$size" -lt 1000000 ] || fail "report.html is $size bytes"
# The same bytes twice (no clock, no address in it), and never replaced
# without --force.
expect 2 "existing --out" "$mz" report "$run" --out "$tmp/report.html"
grep -q "exists" "$tmp/err" || fail "the refusal does not say the file exists"
cp "$tmp/report.html" "$tmp/first.html"
expect 0 "report again" "$mz" report "$run" --out "$tmp/report.html" --force
cmp -s "$tmp/first.html" "$tmp/report.html" || fail "two reports of one run differ"

# Files one by one, a malformed one and a missing one: left out, named on
# stderr and in the left-out section; the report is still written (exit 1).
printf 'gen,topology,rows,cols,cells,seeds,stat,n,mean,sd,se,ci95_lo,ci95_hi\ndfs,ortho,3\n' \
    >"$tmp/stats-bad.csv"
expect_stderr_codes=
expect 1 "malformed input" "$mz" report "$run/sweep.csv" "$tmp/stats-bad.csv" "$tmp/none.csv" \
    --out "$tmp/left.html"
expect_stderr_codes=2
grep -q "left out '$tmp/stats-bad.csv': line 2: 3 fields" "$tmp/err" ||
    fail "stderr does not name the malformed file: $(cat "$tmp/err")"
grep -q "left out '$tmp/none.csv': cannot read it" "$tmp/err" ||
    fail "stderr does not name the missing file"
[ "$(wc -l <"$tmp/err")" = 2 ] || fail "not one stderr line an input left out"
xmllint --noout "$tmp/left.html" || fail "xmllint rejects the report with inputs left out"
sed -n '/<section id="left-out"/,/<\/section>/p' "$tmp/left.html" >"$tmp/left"
grep -q "stats-bad.csv" "$tmp/left" || fail "the left-out section misses the malformed file"
grep -q "none.csv" "$tmp/left" || fail "the left-out section misses the missing file"
grep -q '<section id="stats"' "$tmp/left.html" && fail "a stats section from a malformed file"

# The exports.
expect 0 "exports" "$mz" report "$run" --out "$tmp/r.html" --md "$tmp/r.md" --tex "$tmp/r.tex" \
    --csv "$tmp/csv"
grep -q '^| generator | grid | mazes |' "$tmp/r.md" || fail "no markdown generator table"
grep -q '^|---|---:|---:|' "$tmp/r.md" || fail "no markdown alignment row"
grep -q '^\\begin{tabular}{' "$tmp/r.tex" || fail "no tabular"
for w in '\\toprule' '\\midrule' '\\bottomrule' '\\end{tabular}'; do
    grep -q "^$w" "$tmp/r.tex" || fail "LaTeX without $w"
done
[ "$(grep -c '^\\begin{tabular}' "$tmp/r.tex")" = "$(grep -c '^\\end{tabular}' "$tmp/r.tex")" ] ||
    fail "unbalanced tabulars"
for f in run generators solvers stats-11; do
    [ -s "$tmp/csv/$f.csv" ] || fail "no $f.csv"
done
head -1 "$tmp/csv/generators.csv" | grep -q '^gen,grid,n,seeds,ns_per_cell,ns_per_cell_lo,ns_per_cell_hi,' ||
    fail "generators.csv header: $(head -1 "$tmp/csv/generators.csv")"
[ "$(wc -l <"$tmp/csv/generators.csv")" = 7 ] || fail "generators.csv is not 6 rows"
expect 2 "existing --csv files" "$mz" report "$run" --out "$tmp/r2.html" --csv "$tmp/csv"
[ -e "$tmp/r2.html" ] && fail "the report written though the CSV files were refused"

# An A/B comparison and a check: their sections from compare's CSV and
# check's JUnit report.
"$mz" sweep "$tmp/plan" --out "$tmp/new.csv" 2>/dev/null || fail "second sweep"
"$mz" compare "$run/sweep.csv" "$tmp/new.csv" --format csv >"$tmp/compare.csv" 2>/dev/null
[ -s "$tmp/compare.csv" ] || fail "no compare CSV"
"$mz" check "$run/sweep.csv" --junit "$tmp/check.xml" >/dev/null 2>&1 || fail "check"
expect 0 "compare and check" "$mz" report "$tmp/compare.csv" "$tmp/check.xml" --out "$tmp/ab.html"
grep -q "sections: compare check$" "$tmp/out" || fail "not the compare and check sections: $(cat "$tmp/out")"
xmllint --noout "$tmp/ab.html" || fail "xmllint rejects the compare report"
grep -q '>van-elteren<' "$tmp/ab.html" || fail "no algorithm verdicts"
grep -q '19 cases passed' "$tmp/ab.html" || fail "no check result"

# The scaling section from the committed scaling and scale results, as
# their commands wrote them.
expect 0 "scaling and scale" "$mz" report results/scaling/fits.csv results/scaling/points.csv \
    results/scale.csv --out "$tmp/sc.html" --csv "$tmp/sc"
grep -q "sections: scaling$" "$tmp/out" || fail "not the scaling section: $(cat "$tmp/out")"
xmllint --noout "$tmp/sc.html" || fail "xmllint rejects the scaling report"
[ "$(($(wc -l <"$tmp/sc/scaling-fits.csv") - 1))" = "$(($(grep -vc '^#' results/scaling/fits.csv) - 1))" ] ||
    fail "not one row a fit"
grep -q '^wilson,ortho,6,20,16-512,1.2680,1.2377,1.2983,' "$tmp/sc/scaling-fits.csv" ||
    fail "wilson's fit: $(grep wilson "$tmp/sc/scaling-fits.csv")"
[ -s "$tmp/sc/scaling-points.csv" ] && [ -s "$tmp/sc/scale.csv" ] || fail "no points or scale table"

# Bad arguments.
expect 2 "no input" "$mz" report --out "$tmp/x.html"
expect 2 "no --out" "$mz" report "$run"
expect 2 "unknown option" "$mz" report "$run" --out "$tmp/x.html" --bogus
expect 2 "bad --chart-size" "$mz" report "$run" --out "$tmp/x.html" --chart-size 10x10
expect 2 "bad --chart-size text" "$mz" report "$run" --out "$tmp/x.html" --chart-size wide
expect 2 "--csv a file" "$mz" report "$run" --out "$tmp/x.html" --csv "$tmp/report.html"
[ -e "$tmp/x.html" ] && fail "an output written after a usage error"
expect 0 "--help" "$mz" report --help
grep -q -- '--chart-size' "$tmp/out" || fail "--help misses --chart-size"

[ "$fails" = 0 ] && echo "report_cli: ok" || { echo "report_cli: $fails failed"; exit 1; }
