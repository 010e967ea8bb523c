#!/bin/sh
# report_browser.sh - 'mazebench report' as a reader sees it: a small run
# (a sweep of three generators and one solver at two sizes and three seeds,
# and a stats CSV) reported to HTML; the HTML is well-formed XML (xmllint),
# and headless Chromium (tests/browser/check-report.js) opens it from disk
# with no console error, no exception and no request beyond the file and
# data: URIs, finds every section the run implies, rows in every table and
# a size for every picture, every table of every section it finds (the
# full ones opened) inside its box at 1280 px and laid out for print, each
# table's statistic in its caption and in no header, the same sections and
# tables with JavaScript off, and keeps a full-page screenshot
# (OUTDIR/report_browser.png) and the page printed
# (OUTDIR/report_browser.pdf). The run includes the committed scale table
# (twelve columns: the widest the report makes). The charts export
# (--charts) gives SVGs that xmllint reads and PDFs. Then the checker itself
# must catch a broken report: an outside picture, a script error, a missing
# section, an empty table, a picture that does not decode, the old layout
# (a scrolling box, cells that never wrap), a new section with a table too
# wide, one that only printing overflows, a table without its statistic and
# a header stating it, in copies of the report.
# Usage: sh tests/report_browser.sh path/to/mazebench [OUTDIR]
# Needs node and chromium (sh scripts/setup.sh installs them).
set -u
. "$(dirname "$0")/lib.sh"
mz=$1
outdir=${2:-.}
here=$(cd "$(dirname "$0")" && pwd)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

for tool in node chromium xmllint; do
    command -v "$tool" >/dev/null 2>&1 ||
        { echo "FAIL: $tool is missing: run sh scripts/setup.sh" >&2; exit 1; }
done
check() { node "$here/browser/check-report.js" --timeout 30 "$@"; }

# The run: what its report must show.
mkdir -p "$t/run"
"$mz" sweep --gen dfs,kruskal,dfs+braid --solve bfs --sizes 9,15 --seeds 1..3 \
    --out "$t/run/sweep.csv" 2>"$t/err" || { fail "sweep: $(cat "$t/err")"; exit 1; }
"$mz" stats dfs kruskal --sizes 15 --seeds 1..6 --format csv >"$t/run/stats.csv" 2>"$t/err" ||
    { fail "stats: $(cat "$t/err")"; exit 1; }
cp "$here/../results/scale.csv" "$t/run/scale.csv"
# the sections the run implies: a sweep gives the run, its generators and
# charts; rows with a solver the solvers; a stats CSV the statistics
sections=run,generators,charts
grep -v '^#' "$t/run/sweep.csv" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "solver") c = i }
    NR > 1 && c && $c != "" { found = 1 } END { exit !found }' && sections=$sections,solvers
head -1 "$t/run/stats.csv" | grep -q ',stat,.*,ci95_lo,' && sections=$sections,stats
sections=$sections,scaling
# with cairo built in: the renders section (a picture of each generator) and
# the charts' files (SVG and PDF)
cairo=no
if "$mz" render dfs --seed 1 --size 3 --out "$t/probe.png" 2>/dev/null; then
    cairo=yes
    sections=$sections,renders
fi

if [ $cairo = yes ]; then
    set -- --charts "$t/charts" --chart-size 640x400
else
    set --
fi
"$mz" report "$t/run" --out "$t/report.html" --md "$t/report.md" "$@" >"$t/out" 2>"$t/err" ||
    { fail "report: exit $?: $(cat "$t/err")"; exit 1; }
xmllint --noout "$t/report.html" || fail "xmllint rejects report.html"
[ -s "$t/report.md" ] || fail "report.md is empty"

# The charts' files: every SVG reads as XML, every PDF is one.
if [ $cairo = yes ]; then
    n=0
    for f in "$t"/charts/*.svg; do
        [ -f "$f" ] || break
        n=$((n + 1))
        xmllint --noout "$f" || fail "xmllint rejects $(basename "$f")"
        [ "$(head -c 5 "${f%.svg}.pdf" 2>/dev/null)" = "%PDF-" ] ||
            fail "$(basename "${f%.svg}").pdf is not a PDF"
    done
    [ "$n" -ge 3 ] || fail "--charts wrote $n charts for a sweep with timings and a solver"
fi

# The browser.
mkdir -p "$outdir"
shot=$outdir/report_browser.png
check --html "$t/report.html" --sections "$sections" --screenshot "$shot" \
    --print "$outdir/report_browser.pdf" >"$t/out" 2>"$t/err" ||
    { fail "the report in the browser:"; cat "$t/out" "$t/err"; }
[ "$(head -c 4 "$shot" 2>/dev/null | tail -c 3)" = PNG ] || fail "no PNG screenshot at $shot"

# The checker catches a broken report (each fault in a copy).
broken() { # NAME SED-SCRIPT WANT...: the check fails with a line matching each WANT
    name=$1 script=$2
    shift 2
    sed "$script" "$t/report.html" >"$t/$name.html"
    if check --html "$t/$name.html" --sections "$sections" >"$t/out" 2>"$t/err"; then
        fail "$name: the checker passed a broken report"
        return
    fi
    for want in "$@"; do
        grep -q "$want" "$t/err" || { fail "$name: no line '$want' in:"; cat "$t/err"; }
    done
}
# (a loopback address: the request is made and refused, never leaves the machine)
broken outside-picture 's|</body>|<img alt="x" src="http://127.0.0.1:9/x.png"/></body>|' \
    'asked for http://127.0.0.1:9/x.png'
broken script-error 's|</body>|<script>no_such_function();</script></body>|' \
    'uncaught exception: ReferenceError'
broken missing-section 's|data-section="solvers"|data-section="gone"|' \
    "section 'solvers' is missing"
broken empty-table-bad-picture \
    's|</body>|<table><tbody></tbody></table><img alt="bad" src="data:image/png;base64,AAAA"/></body>|' \
    'tables have no rows' "picture 'bad' did not decode"
# the old layout: a box that scrolls, headers and cells that never wrap
broken old-layout 's|\.wrap{max-width:100%}|.wrap{overflow-x:auto}table.mz th,table.mz td{white-space:nowrap;overflow-wrap:normal}|' \
    "at 1280 px: section 'scaling': table 't-scale' overflows its box" \
    "printed (739 px): section 'scaling': table 't-scale' overflows its box"
# a section no list names, with a table too wide for the page; a table that
# holds the screen but not the printed page
wide=$(printf '%0900d' 0)
broken new-section-print-only "s|</main>|<section data-section=\"extra\"><div class=\"wrap\"><table><caption>x<span class=\"stat\">s</span></caption><tbody><tr><td>$wide</td></tr></tbody></table></div></section></main>|;s|<table class=\"mz\" id=\"t-run\">|<table class=\"mz\" id=\"t-run\" style=\"min-width:1000px\">|" \
    "at 1280 px: section 'extra': table 'xs' overflows its box" \
    "printed (739 px): section 'run': table 't-run'"
# the statistic: missing from a caption, said in a header
broken statistic 's|<caption>What was run<span class="stat">[^<]*</span>|<caption>What was run|;s|>time (ns/cell)</th>|>time [95% CI] (ns/cell)</th>|' \
    "section 'run': table 't-run' states no statistic in its caption" \
    "table 't-generators' states its statistic in the header 'time \\[95% CI\\] (ns/cell)'"

[ "$fails" = 0 ] || { echo "report_browser: $fails failures"; exit 1; }
echo "report_browser: ok (sections $sections; screenshot $shot)"
