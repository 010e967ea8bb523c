#!/bin/sh
# charts_style_cli.sh - the report's charts compare (docs/charts.md,
# "Families and styles"; docs/report.md, "Context and noise"):
#   1. the same generator has the same colour, marker and dash in three
#      charts of one report (its inline SVG, parsed), the dead-end bar of
#      it that colour too, and the exported chart data (--charts NAME.csv)
#      says the same; panels are families, at most six series each;
#   2. a deliberately noisy sweep file (every time set to one value a cell,
#      then one sample of one cell made 40 times slower) gets that cell,
#      and only it, marked noisy in the timing tables and ringed in the
#      time chart, with the legend line;
#   3. a sweep whose load at its start was above its cores gets the run
#      section's warning, and one under its cores none.
#
#   sh tests/charts_style_cli.sh path/to/mazebench
set -u
mz=$1
fail=0
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
"$mz" sweep --gen dfs,sidewinder,wilson,kruskal,prim,prim:mode=simplified,binary-tree \
    --solve bfs,wall --seeds 1..6 --sizes 11,21 --out "$t/s.csv" 2>/dev/null ||
    { echo "FAIL: the sweep did not run"; exit 1; }
"$mz" report "$t/s.csv" --out "$t/r.html" --charts "$t/ch" >/dev/null 2>"$t/err" ||
    bad "report: $(cat "$t/err")"

# 1. styles. style CHART NAME: the series' colour marker dash in CHART.
style() {
    awk -v c="$1" -v n="$2" '
        index($0, "data-chart=\"" c "\"") { on = 1 }
        on && /<\/svg>/ { on = 0 }
        on && index($0, "<g class=\"mz-series\" data-name=\"" n "\"") {
            match($0, /data-colour="#[0-9a-f]*"/); col = substr($0, RSTART + 13, 7)
            match($0, /data-marker="[0-9]*"/); mk = substr($0, RSTART + 13, RLENGTH - 14)
            match($0, /data-dash="[0-9]*"/); da = substr($0, RSTART + 11, RLENGTH - 12)
            # the colour the series is drawn in: its first path or marker
            getline nxt; match(nxt, /(stroke|fill)="#[0-9a-f]*"/); drawn = substr(nxt, RSTART + RLENGTH - 7, 6)
            print col, mk, da, "#" drawn; exit
        }' "$t/r.html"
}
for g in sidewinder prim prim:mode=simplified wilson; do
    a=$(style gen-time "$g") b=$(style routes "$g") c=$(style gen-memory "$g")
    [ -n "$a" ] || bad "$g: not in gen-time"
    [ "$a" = "$b" ] && [ "$a" = "$c" ] || bad "$g: gen-time '$a', routes '$b', gen-memory '$c'"
    col=${a%% *} drawn=${a##* }
    [ "$col" = "$drawn" ] || bad "$g: declared $col, drawn $drawn"
    csvcol=$(awk -F, -v g="$g" '$1 == "gen-time" && $3 == g { print $9; exit }' "$t/ch/gen-time.csv")
    [ "$csvcol" = "$col" ] || bad "$g: chart data colour $csvcol, SVG $col"
    echo "ok: $g $a in gen-time, routes and gen-memory"
done
side=$(style gen-time sidewinder) prim=$(style gen-time prim) simp=$(style gen-time prim:mode=simplified)
[ "${side%% *}" = "#009e73" ] || bad "sidewinder is not the third colour of its family: $side"
[ "${prim%% *}" = "${simp%% *}" ] || bad "prim's specs differ in colour: $prim / $simp"
[ "$prim" != "$simp" ] || bad "prim's specs look the same: $prim"
# dead ends: sidewinder's bar in sidewinder's colour
awk '/data-chart="dead-ends"/ { on = 1 } on && /<\/svg>/ { exit } on && /<rect/ && /#009e73/ { f = 1 } END { exit !f }' "$t/r.html" ||
    bad "no dead-end bar in sidewinder's colour"
# panels: families, at most six series
panels=$(awk '/data-chart="gen-time"/ { on = 1 } on && /<\/svg>/ { exit }
    on && /class="mz-plot"/ { match($0, /data-name="[^"]*"/); printf "%s;", substr($0, RSTART + 11, RLENGTH - 12) }' "$t/r.html")
[ "$panels" = "uniform spanning trees;tree growth from a cell;sets and rows;" ] || bad "gen-time panels: $panels"
awk '/class="mz-plot"/ { if (n > 6) bad = 1; n = 0 } /class="mz-series"/ { n++ } END { exit bad || n > 6 }' "$t/r.html" ||
    bad "a panel of more than six series"

# 2. noise. Every time 10 ns a cell; one sample of sidewinder 21x21 x40.
awk -F, 'BEGIN { OFS = "," } /^#/ { print; next }
    !h { for (i = 1; i <= NF; i++) { if ($i == "gen_ns") g = i; if ($i == "solve_ns") s = i; if ($i == "cells") c = i; if ($i == "rows") r = i }; h = 1; print; next }
    { $g = 10 * $c; if ($s != "") $s = 20 * $c
      if ($1 == "sidewinder" && $r == 21 && !done) { $g = 400 * $c; done = 1 }
      print }' "$t/s.csv" >"$t/noisy.csv"
"$mz" report "$t/noisy.csv" --out "$t/n.html" --md "$t/n.md" >/dev/null 2>&1 || bad "report of the noisy file"
marked=$(grep ' noisy |' "$t/n.md" | grep -vc '^| noisy |')
grep -q '^| `sidewinder` | 21x21 | .* noisy |' "$t/n.md" || bad "sidewinder 21x21 not marked noisy"
other=$(grep ' noisy |' "$t/n.md" | grep -v '^| noisy |' | grep -v '^| `sidewinder` | 21x21 |' |
    grep -v '^| `sidewinder` | [0-9.]* \\\[[^|]*\\\] | [0-9.]* \\\[[^|]*\\\] noisy |$' | head -2)
[ -z "$other" ] || bad "other cells marked noisy: $other"
[ "$marked" -ge 1 ] && [ "$marked" -le 2 ] || bad "$marked noisy marks (the summary and the full table: 2)"
grep -q 'A time marked noisy: ' "$t/n.md" || bad "no legend line for the noisy mark"
rings=$(awk '/data-chart="gen-time"/ { on = 1 } on && /<\/svg>/ { on = 0 } on && /class="mz-noisy"/ { n++ } END { print n + 0 }' "$t/n.html")
[ "$rings" -eq 1 ] || bad "gen-time has $rings ringed points, not 1"
grep -q 'Ringed points are noisy' "$t/n.html" || bad "no ring legend in the chart's note"
grep -q 'noisy | 1 of ' "$t/n.md" || bad "the run section does not count 1 noisy cell: $(grep '^| noisy' "$t/n.md")"
echo "ok: the noisy cell marked ($marked marks, $rings ring)"

# 3. load. The start line's load set above (and below) the cores.
sed 's/^# start: \([^,]*\), load [0-9.]* /# start: \1, load 99.00 /' "$t/noisy.csv" >"$t/loaded.csv"
"$mz" report "$t/loaded.csv" --out "$t/l.html" >/dev/null 2>&1 || bad "report of the loaded file"
grep -q 'Warning: the load average was above the machine&apos;s [0-9]* cores at the start.* (99.00' "$t/l.html" ||
    bad "no load warning"
sed 's/^# start: \([^,]*\), load [0-9.]* /# start: \1, load 0.01 /; s/^# end: \([^,]*\), load [0-9.]* /# end: \1, load 0.01 /' \
    "$t/noisy.csv" >"$t/calm.csv"
"$mz" report "$t/calm.csv" --out "$t/c.html" >/dev/null 2>&1 || bad "report of the calm file"
grep -q 'Warning: the load average' "$t/c.html" && bad "a warning under the cores"
[ "$fail" -eq 0 ] || { echo "charts_style_cli: $fail failed"; exit 1; }
echo "charts_style_cli: ok"
