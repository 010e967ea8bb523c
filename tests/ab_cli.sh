#!/bin/sh
# ab_cli.sh - scripts/ab.sh end to end, without machine noise: the two
# "builds" are wrappers around one mazebench whose sweeps get their timing
# columns rewritten (awk), so every verdict is known in advance. Checks: an
# A/A run exits 0, a 30% slower kruskal exits 1 and names it, both orders
# are drawn and recorded, the joined files keep every round's provenance
# and rows, --resume keeps finished rounds, the outputs (text, CSV, JSON,
# markdown, JUnit) are there, a progress line names each round's side and
# binary, bad arguments exit 2 with one line, --help names every option and
# fails when it cannot be written, and no temporary file is left in a TMPDIR
# with a space in its name. tests/ab_resume.sh checks interrupted, killed,
# refused and failing runs.
#   sh tests/ab_cli.sh path/to/mazebench
set -u
. "$(dirname "$0")/lib.sh"
case $1 in /*) bin=$1 ;; *) bin=$PWD/$1 ;; esac
here=$(cd "$(dirname "$0")/.." && pwd)
ab="$here/scripts/ab.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
TMPDIR="$tmp/t dir"
export TMPDIR
mkdir "$TMPDIR"

# fake NAME FACTOR: a "binary" that runs the real sweep, then sets every
# gen_ns to 100000 + 1000 x (line mod 9) (solve_ns likewise, half) and
# multiplies kruskal's gen_ns by FACTOR. Other commands go to mazebench.
fake() {
    cat >"$tmp/$1" <<EOF
#!/bin/sh
if [ "\$1" != sweep ]; then exec "$bin" "\$@"; fi
out=""; prev=""
for a in "\$@"; do [ "\$prev" = --out ] && out=\$a; prev=\$a; done
"$bin" "\$@" || exit \$?
[ -n "\$out" ] || exit 0
awk -F, -v OFS=, -v f=$2 '
    /^#/ { print; next }
    !h { h = 1; for (i = 1; i <= NF; i++) c[\$i] = i; print; next }
    { n++; \$c["gen_ns"] = 100000 + 1000 * (n % 9); \$c["solve_ns"] = 50000 + 500 * (n % 9)
      if (\$c["gen"] == "kruskal") \$c["gen_ns"] = int(\$c["gen_ns"] * f)
      print }' "\$out" >"\$out.t" && mv "\$out.t" "\$out"
EOF
    chmod +x "$tmp/$1"
}
fake base 1
fake same 1
fake slow 1.3

sweep="--gen dfs,kruskal --solve bfs --seeds 1..2 --sizes 15 --reps 1"

# A/A: exit 0, nothing slower.
# shellcheck disable=SC2086
sh "$ab" "$tmp/base" "$tmp/same" --rounds 8 --order-seed 7 --out "$tmp/aa" -- $sweep \
    >"$tmp/aa.out" 2>"$tmp/aa.err"
rc=$?
[ "$rc" = 0 ] || { bad "A/A: exit $rc, expected 0"; cat "$tmp/aa.err"; }
# A progress line before each sweep: the round, the side, its binary.
r=1
while [ "$r" -le 8 ]; do
    grep -q "^ab: round $r of 8: base ($tmp/base)" "$tmp/aa.err" || bad "no progress line for round $r's base"
    grep -q "^ab: round $r of 8: new ($tmp/same)" "$tmp/aa.err" || bad "no progress line for round $r's new"
    r=$((r + 1))
done
grep -q '0 slower' "$tmp/aa.out" || bad "A/A: no '0 slower' in the report"
for f in base.csv new.csv compare.txt compare.csv compare.json compare.md compare.xml; do
    [ -s "$tmp/aa/$f" ] || bad "A/A: $f missing or empty"
done
# Both orders drawn over 8 rounds with this seed, each recorded.
orders=$(cat "$tmp"/aa/rounds/order-* | sort -u | wc -l)
[ "$orders" = 2 ] || bad "A/A: $orders distinct orders in 8 rounds, expected both"
[ "$(grep -c '^# ab: round' "$tmp/aa/base.csv")" = 8 ] || bad "joined file: not 8 '# ab: round' lines"
# Every round's provenance kept (one '# registry:' line a round) and rows.
[ "$(grep -c '^# registry:' "$tmp/aa/new.csv")" = 8 ] || bad "joined file: not 8 registry lines"
one=$(grep -vc '^#' "$tmp/aa/rounds/base-1.csv")
all=$(grep -vc '^#' "$tmp/aa/base.csv")
[ "$all" = $((one * 8)) ] || bad "joined file: $all lines, expected $((one * 8)) (8 rounds, each with its header)"
# The same seed draws the same orders again.
o1=$(cat "$tmp"/aa/rounds/order-*)
if command -v python3 >/dev/null 2>&1; then
    python3 -m json.tool "$tmp/aa/compare.json" >/dev/null || bad "compare.json is not JSON"
fi
command -v xmllint >/dev/null 2>&1 || { echo "FAIL: xmllint is missing (Debian package libxml2-utils; scripts/setup.sh installs it)" >&2; exit 1; }
xmllint --noout "$tmp/aa/compare.xml" || bad "compare.xml is not XML"

# A 30% slower kruskal: exit 1, named.
# shellcheck disable=SC2086
sh "$ab" "$tmp/base" "$tmp/slow" --rounds=8 --order-seed=7 --out="$tmp/ab" -- $sweep \
    >"$tmp/ab.out" 2>"$tmp/ab.err"
rc=$?
[ "$rc" = 1 ] || { bad "A/B: exit $rc, expected 1"; cat "$tmp/ab.err"; }
grep -q '^slower.*gen.*kruskal' "$tmp/ab.out" || bad "A/B: kruskal not reported slower"
grep -q '^slower.*dfs' "$tmp/ab.out" && bad "A/B: dfs reported slower"
[ "$(cat "$tmp"/ab/rounds/order-*)" = "$o1" ] || bad "the same --order-seed drew other orders"
grep -q '<failure' "$tmp/ab/compare.xml" || bad "A/B: no <failure> in the JUnit file"

# --resume keeps finished rounds: a marker in round 1 survives; round 8
# (removed) is run again.
echo '# marker' >>"$tmp/ab/rounds/base-1.csv"
rm "$tmp/ab/rounds/new-8.csv"
# shellcheck disable=SC2086
sh "$ab" "$tmp/base" "$tmp/slow" --rounds 8 --order-seed 7 --out "$tmp/ab" --resume -- $sweep \
    >/dev/null 2>"$tmp/re.err"
rc=$?
[ "$rc" = 1 ] || { bad "resume: exit $rc, expected 1"; cat "$tmp/re.err"; }
grep -q '^# marker' "$tmp/ab/rounds/base-1.csv" || bad "resume: round 1 was run again"
[ -s "$tmp/ab/rounds/new-8.csv" ] || bad "resume: round 8 not run"

# Bad arguments: exit 2, one line.
expect2() {
    name=$1
    shift
    sh "$ab" "$@" >/dev/null 2>"$tmp/err"
    rc=$?
    [ "$rc" = 2 ] || bad "$name: exit $rc, expected 2"
    [ "$(wc -l <"$tmp/err")" = 1 ] || bad "$name: stderr is not one line: $(cat "$tmp/err")"
}
expect2 "no such binary" "$tmp/nope" "$tmp/base" --out "$tmp/x1"
expect2 "existing out" "$tmp/base" "$tmp/same" --out "$tmp/aa"
expect2 "rounds 0" "$tmp/base" "$tmp/same" --rounds 0 --out "$tmp/x2"
expect2 "rounds twice" "$tmp/base" "$tmp/same" --rounds 2 --rounds 3 --out "$tmp/x3"
expect2 "unknown option" "$tmp/base" "$tmp/same" --frobnicate --out "$tmp/x4"
expect2 "force and resume" "$tmp/base" "$tmp/same" --force --resume --out "$tmp/aa"
# A sweep that fails (a bad plan): exit 2, the sweep's message.
expect2 "bad sweep" "$tmp/base" "$tmp/same" --rounds 1 --out "$tmp/x5" -- --gen nosuch
[ -e "$tmp/x5" ] && bad "bad sweep: the refused run created its DIR"
expect2 "no binaries"
expect2 "one binary" "$tmp/base"
expect2 "an option first" --rounds 3 "$tmp/base" "$tmp/same"
expect2 "rounds without a value" "$tmp/base" "$tmp/same" --rounds
expect2 "rounds not a number" "$tmp/base" "$tmp/same" --rounds=x --out "$tmp/x6"
expect2 "rounds too many" "$tmp/base" "$tmp/same" --rounds 10001 --out "$tmp/x6"
expect2 "jobs 0" "$tmp/base" "$tmp/same" --jobs 0 --out "$tmp/x6"
expect2 "order seed too large" "$tmp/base" "$tmp/same" --order-seed 4294967296 --out "$tmp/x6"
expect2 "order seed twice" "$tmp/base" "$tmp/same" --order-seed 1 --order-seed=1 --out "$tmp/x6"
expect2 "force with a value" "$tmp/base" "$tmp/same" --force=1 --out "$tmp/x6"
expect2 "resume without out" "$tmp/base" "$tmp/same" --resume
expect2 "plan on stdin" "$tmp/base" "$tmp/same" --out "$tmp/x6" -- -
expect2 "sweep --out" "$tmp/base" "$tmp/same" --out "$tmp/x6" -- --gen dfs --out "$tmp/x7"
expect2 "sweep --jobs" "$tmp/base" "$tmp/same" --out "$tmp/x6" -- --gen dfs --jobs 2
expect2 "compare option refused" "$tmp/base" "$tmp/same" --out "$tmp/x6" -- --gen dfs -- --alpha 2
expect2 "compare --format" "$tmp/base" "$tmp/same" --out "$tmp/x6" -- --gen dfs -- --format json
expect2 "compare bin without compare" "$tmp/base" "$tmp/same" --compare-bin /bin/true --out "$tmp/x6"
[ -e "$tmp/x6" ] && bad "a refused run created its DIR"

# --help: every option of the script, exit 0; exit 1 and one line when it
# cannot be written.
sh "$ab" --help >"$tmp/help"
rc=$?
[ "$rc" = 0 ] || bad "--help: exit $rc"
for o in 'ab.sh BASE_BIN NEW_BIN' --rounds --out --force --resume --order-seed --compare-bin --jobs \
    --help 'Exit status' manifest; do
    grep -q -- "$o" "$tmp/help" || bad "--help does not mention $o"
done
[ "$(sh "$ab" "$tmp/base" "$tmp/same" -h | wc -l)" = "$(wc -l <"$tmp/help")" ] || bad "-h after the binaries"
if [ -w /dev/full ]; then
    sh "$ab" --help >/dev/full 2>"$tmp/err"
    rc=$?
    [ "$rc" = 1 ] || bad "--help >/dev/full: exit $rc, expected 1"
    [ "$(wc -l <"$tmp/err")" = 1 ] || bad "--help >/dev/full: stderr is not one line: $(cat "$tmp/err")"
fi
[ -z "$(ls -A "$TMPDIR")" ] || bad "files left in TMPDIR: $(ls -A "$TMPDIR")"

if [ "$fails" -ne 0 ]; then
    echo "ab_cli: $fails failed"
    exit 1
fi
echo "ab_cli: all passed"
