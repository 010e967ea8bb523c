#!/bin/sh
# ab_cli.sh - scripts/ab.sh end to end, without machine noise: the two
# "builds" are wrappers around one mazebench whose sweeps get their timing
# columns rewritten (awk), so every verdict is known in advance. Checks: an
# A/A run exits 0, a 30% slower kruskal exits 1 and names it, both orders
# are drawn and recorded, the joined files keep every round's provenance
# and rows, --resume keeps finished rounds, the outputs (text, CSV, JSON,
# markdown, JUnit) are there, and bad arguments exit 2 with one line.
#   sh tests/ab_cli.sh path/to/mazebench
set -u
bin=$1
here=$(cd "$(dirname "$0")/.." && pwd)
ab="$here/scripts/ab.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }

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
if command -v xmllint >/dev/null 2>&1; then
    xmllint --noout "$tmp/aa/compare.xml" || bad "compare.xml is not XML"
fi

# A 30% slower kruskal: exit 1, named.
# shellcheck disable=SC2086
sh "$ab" "$tmp/base" "$tmp/slow" --rounds 8 --order-seed 7 --out "$tmp/ab" -- $sweep \
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
sh "$ab" --help | grep -q 'ab.sh BASE_BIN NEW_BIN' || bad "--help"

if [ "$fails" -ne 0 ]; then
    echo "ab_cli: $fails failed"
    exit 1
fi
echo "ab_cli: all passed"
