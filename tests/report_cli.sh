#!/bin/sh
# report_cli.sh - `mazebench report` end to end on a small run (a sweep of
# three generators x one solver x two sizes x three seeds, and a stats CSV):
# the HTML is well-formed XML (xmllint), has the sections the run implies,
# loads nothing from the network, is the same bytes twice, and its size is
# printed; the page holds summaries (a row a generator or solver, a column a
# grid) with the full tables collapsed, every table states its statistic
# once, in its caption; a malformed and a missing input are named in the left-out section
# and on stderr (exit 1, the report still written); the markdown, LaTeX and
# CSV exports, the LaTeX compiled by pdflatex with every table inside the
# line; outside programs (a good generator, one whose mazes have loops,
# one past its time limit, a failing solver) in the Outside programs section
# with their counts and first failure, left out of the charts with a note,
# their time said to be whole-process; outputs never replaced without
# --force; bad arguments exit 2.
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
grep -q '^\\begin{longtable}{' "$tmp/r.tex" || fail "no longtable"
for w in '\\toprule' '\\midrule' '\\bottomrule' '\\endhead' '\\end{longtable}'; do
    grep -q "^$w" "$tmp/r.tex" || fail "LaTeX without $w"
done
[ "$(grep -c '^\\begin{longtable}' "$tmp/r.tex")" = "$(grep -c '^\\end{longtable}' "$tmp/r.tex")" ] ||
    fail "unbalanced longtables"
grep -q '^\\begin{table}' "$tmp/r.tex" && fail "a float table (a long one would not hold a page)"
# A page's tables: the summaries in the page, the full tables collapsed
# (<details>) and in the CSV files; every table says its statistic once, in
# its caption, no header says it again; too few samples for an interval
# (3 a group here) said in words.
for f in generators-by-size solvers-by-size generators-figures solvers-figures; do
    [ -s "$tmp/csv/$f.csv" ] || fail "no $f.csv"
done
tr -d '\n' <"$tmp/r.html" | sed 's|<details|\n<details|g; s|</details>|</details>\n|g' >"$tmp/flat"
grep '^<details' "$tmp/flat" | grep -q 'id="t-solvers"' || fail "the full solvers table is not collapsed"
grep -v '^<details' "$tmp/flat" | grep -q 'id="t-solvers-by-size"' ||
    fail "the solvers' summary is not in the page's body"
ntab=$(grep -o '<table class="mz"' "$tmp/r.html" | wc -l)
nstat=$(grep -o '</caption>' "$tmp/r.html" | wc -l)
nsaid=$(grep -o '<span class="stat">[^<][^<]*</span></caption>' "$tmp/r.html" | wc -l)
[ "$ntab" -ge 8 ] && [ "$ntab" = "$nstat" ] && [ "$ntab" = "$nsaid" ] ||
    fail "$nsaid of $ntab tables say their statistic in the caption"
grep -o '<th [^>]*>[^<]*</th>' "$tmp/r.html" | grep -E '95%|CI\]|\bmedian\b|\bmean\b|±' &&
    fail "a column header states the statistic"
grep -o '<table class="mz" id="t-generators"><caption>[^/]*' "$tmp/flat" | grep -q \
    'too few samples for an interval in 6 of 6 cells of time, 6 of 6 cells of heap peak (a median&apos;s needs 6): the median alone' ||
    fail "the generators table does not say in words that 3 samples give no interval"
grep -q '^\*\*Generators by size\*\* (median \\\[95% interval\\\]; too few samples for an interval in 6 of 6 cells of time' "$tmp/r.md" ||
    fail "the markdown does not state the statistic: $(grep '^\*\*Generators by size' "$tmp/r.md")"
grep -q '^## Appendix: the full tables' "$tmp/r.md" || fail "no appendix in the markdown"
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

# The LaTeX compiles with pdflatex on an A4 page with 2.5 cm margins, and
# every table holds the line (no overfull box): the small run's tables and
# the wide ones of scale (twelve columns, split into parts).
if command -v pdflatex >/dev/null 2>&1; then
    expect 0 "scaling as LaTeX" "$mz" report results/scaling/fits.csv results/scaling/points.csv \
        results/scale.csv --out "$tmp/sc2.html" --tex "$tmp/sc.tex"
    grep -q 'part 2 of' "$tmp/sc.tex" || fail "the scale table is not split into parts"
    mkdir "$tmp/tex"
    cp "$tmp/r.tex" "$tmp/sc.tex" "$tmp/tex/"
    printf '%s\n' '\documentclass{article}' '\usepackage[T1]{fontenc}' \
        '\usepackage[a4paper,margin=2.5cm]{geometry}' '\usepackage{booktabs,longtable}' \
        '\begin{document}' '\input{r.tex}' '\input{sc.tex}' '\end{document}' >"$tmp/tex/doc.tex"
    # (twice: a longtable's column widths settle on the second run)
    (cd "$tmp/tex" && for pass in 1 2; do
        pdflatex -no-shell-escape -interaction=nonstopmode -halt-on-error doc.tex >out.txt 2>&1 ||
            exit 1
    done) || { fail "pdflatex rejects the LaTeX export:"; grep -a -A3 '^!' "$tmp/tex/doc.log" | head -8; }
    grep -a 'Overfull \\hbox' "$tmp/tex/doc.log" | head -3 | grep . &&
        fail "a LaTeX table is wider than its page's line"
else
    fail "pdflatex is missing (Debian texlive-latex-recommended; scripts/setup.sh installs it)"
fi

# Outside programs (docs/outside.md): a good generator that prints its own
# time, a good one that does not, one that claims perfect and has loops,
# one that hangs past a short time limit, and a solver that always fails.
# The report has the Outside programs section with each one's counts and
# first failure; the failing ones have no legend entry (the charts' note
# names them), and the time chart says which entries are whole-process
# times; the markdown export has the table.
ox=$tmp/ox
mkdir "$ox"
cat >"$ox/comb.sh" <<'EOF'
awk -v R="$1" -v C="$2" 'BEGIN{
 printf "mazebench-maze 1 %dx%d entrance=0 exit=%d flags=0 tiles=0\n", R, C, R*C-1
 for(r=0;r<R;r++){ for(c=0;c<C;c++){ w=15
   if(r==0){ if(c<C-1) w-=2; if(c>0) w-=8 } else w-=1; if(r<R-1) w-=4
   printf "%02x", w } } print "" }'
[ "${3-}" = own ] && echo "mazebench-own-ns: 1234" >&2
exit 0
EOF
cat >"$ox/loop.sh" <<'EOF'
printf 'mazebench-maze 1 %sx%s entrance=0 exit=%s flags=0 tiles=0\n' "$1" "$2" $(($1 * $2 - 1))
awk -v n=$(($1 * $2)) 'BEGIN{ for(i=0;i<n;i++) printf "00"; print "" }'
EOF
cat >"$ox/p.programs" <<'EOF'
[generator comb]
command = sh {dir}/comb.sh {rows} {cols}
perfect = yes
[generator comb-own]
command = sh {dir}/comb.sh {rows} {cols} own
perfect = yes
[generator loopy]
command = sh {dir}/loop.sh {rows} {cols}
perfect = yes
[generator hang]
command = sleep 100
time-limit = 0.3
[solver nosolve]
command = false
EOF
"$mz" sweep --programs "$ox/p.programs" --gen dfs,comb,comb-own,loopy,hang --solve bfs,nosolve \
    --seeds 1..2 --grids 6,8 --out "$ox/sweep.csv" 2>"$tmp/err" || fail "outside sweep: $(cat "$tmp/err")"
expect 0 "report of outside programs" "$mz" report "$ox/sweep.csv" --out "$ox/r.html" --md "$ox/r.md"
grep -q "sections: run generators solvers outside charts" "$tmp/out" ||
    bad "no outside section listed: $(cat "$tmp/out")"
xmllint --noout "$ox/r.html" || fail "xmllint rejects the outside report"
sed -n '/<section id="outside"/,/<\/section>/p' "$ox/r.html" | tr -d '\n' >"$ox/sec"
[ -s "$ox/sec" ] || bad "no Outside programs section in the HTML"
# a program's row as words: the program, its kind, runs, ok, then the
# failing statuses met (exit, timeout, not-perfect), the first failure and
# the time used
row() { grep -o "<tr><td>$1</td><td>[a-z]*</td>.*" "$ox/sec" | sed 's|</tr>.*||; s|<[^>]*>| |g; s|  *| |g'; }
row loopy | grep -q "^ loopy generator 4 0 0 0 4 seed 1, grid 6x6: not-perfect none: no run succeeded" ||
    bad "loopy's row: $(row loopy)"
row hang | grep -q "^ hang generator 4 0 0 4 0 seed 1, grid 6x6: timeout" || bad "hang's row: $(row hang)"
row comb | grep -q "^ comb generator 4 4 0 0 0 none whole-process time, start-up included" ||
    bad "comb's row: $(row comb)"
row comb-own | grep -q "^ comb-own generator 4 4 0 0 0 none the program&apos;s own time" ||
    bad "comb-own's row: $(row comb-own)"
row nosolve | grep -q "^ nosolve solver 12 0 12 0 0 seed 1, grid 6x6: exit" ||
    bad "nosolve's row: $(row nosolve)"
# no legend entry without points: the series names of the charts
grep -o '<text[^>]*font-size="10">[^<]*</text>' "$ox/r.html" | sed 's/<[^>]*>//g' >"$ox/legend"
grep -Eq '^(loopy|hang|nosolve)' "$ox/legend" && bad "a legend entry for a program without a successful run"
grep -qx 'comb (whole process)' "$ox/legend" || bad "no 'comb (whole process)' series"
grep -qx 'comb-own (own time)' "$ox/legend" || bad "no 'comb-own (own time)' series"
sed -n '/<figure class="chart" id="chart-gen-time">/,/<\/figure>/p' "$ox/r.html" |
    grep -o '<desc[^>]*>[^<]*</desc>' >"$ox/desc"
grep -q "loopy (an outside program: no run succeeded; see Outside programs)" "$ox/desc" ||
    bad "the gen-time note does not name loopy: $(cat "$ox/desc")"
grep -q "comb: whole-process time, start-up included" "$ox/desc" ||
    bad "the gen-time note does not say comb's time is whole-process"
grep -q "^## Outside programs" "$ox/r.md" || bad "no Outside programs heading in the markdown"
grep -q '^| `loopy` | generator | 4 | 0 | 0 | 0 | 4 | seed 1, grid 6x6: not-perfect |' "$ox/r.md" ||
    bad "the markdown misses loopy's row: $(grep loopy "$ox/r.md")"

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
