#!/bin/sh
# history_cli.sh - 'mazebench report' over several runs (docs/report.md,
# "History"): three run folders in a folder, put in commit order (commit
# date, then start time, not the folders' names); the middle run slower
# for sidewinder only; compare's test between consecutive runs flags
# sidewinder slower (run 1 to 2) and faster (2 to 3) and nothing else; the
# page's other sections are the newest run's; the history's trend chart is
# in the page; one run alone has no history section.
#
# The slow run is the first run's file with sidewinder's gen_ns times 1.6
# (the same samples otherwise, so no other entry can change by chance).
# With MZ_SLOW_BIN set to a build from scripts/inject-slowdown.sh
# (sidewinder slowed), the middle run is a real sweep of that build
# instead, and only sidewinder's flags are required.
#
#   sh tests/history_cli.sh path/to/mazebench
set -u
mz=$1
fail=0
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
plan="--gen sidewinder,dfs --solve bfs --seeds 1..4 --sizes 31,63 --reps 4"
mkdir -p "$t/runs/b-first" "$t/runs/c-second" "$t/runs/a-third"
# shellcheck disable=SC2086
"$mz" sweep $plan --out "$t/one.csv" 2>/dev/null || { echo "FAIL: the sweep did not run"; exit 1; }
grep -q '^# start: .*, load .*, [0-9]* cores$' "$t/one.csv" || bad "no '# start:' line"
grep -q '^# end: .*, load .*, [0-9.]* s *$' "$t/one.csv" || bad "no '# end:' line"

# stamp FILE START: the run's start line at START and one commit date for
# every run (a slow build's commit is another), so start times decide
stamp() {
    sed -e "s/^# start: [^,]*,/# start: $2,/" \
        -e "s/^# commit date: .*/# commit date: 2026-01-01T09:00:00+00:00/" "$1"
}
stamp "$t/one.csv" 2026-01-01T10:00:00Z >"$t/runs/b-first/sweep.csv"
if [ -n "${MZ_SLOW_BIN:-}" ]; then
    # shellcheck disable=SC2086
    "$MZ_SLOW_BIN" sweep $plan --out "$t/slow.csv" 2>/dev/null || { echo "FAIL: the slow build's sweep"; exit 1; }
    stamp "$t/slow.csv" 2026-01-01T11:00:00Z >"$t/runs/c-second/sweep.csv"
else
    awk -F, 'BEGIN { OFS = "," } /^#/ { print; next }
        !h { for (i = 1; i <= NF; i++) if ($i == "gen_ns") c = i; h = 1; print; next }
        $1 == "sidewinder" { $c = int($c * 1.6) } { print }' "$t/one.csv" |
        stamp /dev/stdin 2026-01-01T11:00:00Z >"$t/runs/c-second/sweep.csv"
fi
stamp "$t/one.csv" 2026-01-01T12:00:00Z >"$t/runs/a-third/sweep.csv"

"$mz" report "$t/runs" --out "$t/h.html" --md "$t/h.md" >"$t/out" 2>"$t/err" ||
    bad "report exit $?: $(cat "$t/err")"
grep -q 'sections:.* history' "$t/out" || bad "no history section: $(cat "$t/out")"
# the runs in start order (equal commits), not the folders' names
order=$(awk -F'|' '/^\| [0-9]+ \| / { gsub(/ /, "", $3); n = split($3, p, "/"); printf "%s ", p[n] }' "$t/h.md")
[ "$order" = "b-first c-second a-third " ] || bad "runs not in commit order: $order"
# the page's run is the newest
grep -q "newest run&apos;s ($t/runs/a-third)" "$t/h.html" || bad "the page's run is not the newest"
grep -q "^| file | $t/runs/a-third/sweep.csv |" "$t/h.md" || bad "the run section is not the newest run's"
sed -n '/^\*\*Changes beyond noise/,/^_/p' "$t/h.md" >"$t/changes"
grep -q '^| generator | `sidewinder` |  | 31x31 | [0-9.]*[a-z ]* | [0-9.]* slower x[1-9]\.[0-9]*[a-z ]* | [0-9.]* faster x0\.[0-9]*[a-z ]* |' "$t/changes" ||
    bad "sidewinder 31x31 not flagged slower then faster: $(cat "$t/changes")"
if [ -z "${MZ_SLOW_BIN:-}" ]; then
    others=$(grep -c '^| [a-z]* | `\(dfs\|bfs\)`' "$t/changes")
    [ "$others" -eq 0 ] || bad "an entry that did not change is flagged: $(grep '`\(dfs\|bfs\)`' "$t/changes")"
    grep -q '| 2 | .* | 2 slower, 0 faster, [0-9]* unchanged of [0-9]* |$' "$t/h.md" ||
        bad "run 2's test is not 2 slower (sidewinder at two grids): $(grep '^| 2 |' "$t/h.md")"
fi
# the trend chart, inline, with the change ringed
grep -q 'data-chart="history-gen-time"' "$t/h.html" || bad "no trend chart"
awk '/data-chart="history-gen-time"/ { on = 1 } on && /mz-noisy/ { n++ } on && /<\/svg>/ { on = 0 }
     END { exit !(n >= 2) }' "$t/h.html" || bad "the trend chart rings no change"
grep -q '<script src=\|<link [^>]*href="http' "$t/h.html" && bad "the page loads something"
# one run alone: no history
"$mz" report "$t/runs/a-third" --out "$t/one.html" >"$t/out1" 2>&1 || bad "one run: $(cat "$t/out1")"
grep -q 'history' "$t/out1" && bad "one run has a history section"
# a run and a compare CSV (whose header has gen, seed, rows and cols too):
# one run, no history
"$mz" compare "$t/runs/b-first/sweep.csv" "$t/runs/a-third/sweep.csv" --format csv \
    --out "$t/cmp.csv" >/dev/null 2>&1
[ -s "$t/cmp.csv" ] || bad "compare wrote no CSV"
"$mz" report "$t/runs/a-third/sweep.csv" "$t/cmp.csv" --out "$t/two.html" >"$t/out2" 2>&1 ||
    bad "a run and a compare CSV: $(cat "$t/out2")"
grep -q 'sections:.* compare' "$t/out2" || bad "the compare CSV is not the compare section: $(cat "$t/out2")"
grep -q 'history' "$t/out2" && bad "a compare CSV taken for a run"
[ "$fail" -eq 0 ] || { echo "history_cli: $fail failed"; exit 1; }
echo "history_cli: ok ($(sed -n 's/^| [0-9] | [^|]*| [^|]*| [^|]*| [^|]*| [^|]*| [^|]*| [^|]*| \(.*\) |$/\1/p' "$t/h.md" | tr '\n' ';'))"
