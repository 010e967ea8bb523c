#!/bin/sh
# render_cli.sh - `mazebench render` end to end: SVG parses as XML (xmllint)
# and converts (rsvg-convert), two runs give the same bytes, no SVG line is
# long, PDF and PNG frames are written, every cell shape renders through
# --grid, sizes past a format's limit and bad options get one line on
# stderr and exit 2. Skipped (77) without cairo.
# Usage: sh tests/render_cli.sh path/to/mazebench
set -u
mz=$1
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

if ! "$mz" render dfs --seed 1 --size 3 --out "$t/probe.png" 2>"$t/err"; then
    if grep -q "not built in" "$t/err"; then
        echo "skip: $(cat "$t/err")"
        exit 77
    fi
    fail "probe: $(cat "$t/err")"
fi

# SVG: valid XML, converts, same bytes twice, no line past 200 kB.
"$mz" render dfs+braid:keep=0.4,offset=99 --seed 464 --size 31x31 --solve astar \
    --overlay route,heat,closed --out "$t/a.svg" || fail "svg render"
"$mz" render dfs+braid:keep=0.4,offset=99 --seed 464 --size 31x31 --solve astar \
    --overlay route,heat,closed --out "$t/b.svg" || fail "svg render again"
cmp -s "$t/a.svg" "$t/b.svg" || fail "two runs give different SVG bytes"
if command -v xmllint >/dev/null 2>&1; then
    xmllint --noout "$t/a.svg" || fail "xmllint rejects the SVG"
else
    echo "note: no xmllint (Debian package libxml2-utils)"
fi
"$mz" render dfs --seed 464 --size 201x201 --style hedge --overlay route --out "$t/big.svg" ||
    fail "svg 201x201"
long=$(awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$t/big.svg")
[ "$long" -lt 200000 ] || fail "an SVG line of $long bytes"
if command -v rsvg-convert >/dev/null 2>&1; then
    rsvg-convert -o "$t/big.png" "$t/big.svg" || fail "rsvg-convert rejects the SVG"
fi

# PDF and PNG.
"$mz" render pacman --seed 464 --size 1 --overlay tiles,route --out "$t/p.pdf" || fail "pdf"
[ "$(head -c 5 "$t/p.pdf")" = "%PDF-" ] || fail "not a PDF"
"$mz" render dfs --seed 464 --size 31x31 --cell 10 --margin 5 --out "$t/p.png" || fail "png"
[ "$(od -An -tx1 -N8 "$t/p.png" | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "not a PNG"
# The IHDR's width and height (bytes 17-24): 2 * 5 + 31 * 10 = 320.
[ "$(od -An -tu1 -j16 -N8 "$t/p.png" | tr -s ' ' | sed 's/^ //;s/ $//')" = "0 0 1 64 0 0 1 64" ] ||
    fail "png is not 320x320"

# PNG frames: 1 + ceil(1921 / 500) = 5 for board 01's carve.
"$mz" render dfs --seed 464 --size 31x31 --animate gen --stride 500 --out "$t/f.png" ||
    fail "png frames"
n=$(ls "$t" | grep -c '^f-[0-9]*\.png$')
[ "$n" -eq 5 ] || fail "png frames: $n files, want 5"
"$mz" render dfs --seed 464 --size 31x31 --stride 400 --out "$t/c.gif" || fail "gif"
[ "$(head -c 6 "$t/c.gif")" = "GIF89a" ] || fail "not a GIF89a"

# Cell shapes through --grid (--size is the same option): a PNG of the
# size mz_pic_size_geom gives, the same bytes twice, a GIF of a trace.
for g in hex:9x11 tri:8x15 polar:6 3d:3x5x5 weave:9x9; do
    "$mz" render dfs --seed 464 --grid "$g" --overlay route,heat --out "$t/s.png" --force ||
        fail "render --grid $g"
    "$mz" render dfs --seed 464 --size "$g" --overlay route,heat --out "$t/s2.png" ||
        fail "render --size $g"
    cmp -s "$t/s.png" "$t/s2.png" || fail "--grid and --size $g differ"
    rm -f "$t/s2.png"
done
"$mz" render dfs --seed 464 --grid hex:9x11 --stride 20 --out "$t/h.gif" || fail "hex gif"
[ "$(head -c 6 "$t/h.gif")" = "GIF89a" ] || fail "hex: not a GIF89a"
"$mz" render dfs --seed 464 --grid polar:6 --solve astar --animate solve --stride 5 \
    --out "$t/pf.png" || fail "polar solve frames"
[ "$(ls "$t" | grep -c '^pf-[0-9]*\.png$')" -gt 2 ] || fail "polar solve frames: too few"

# Refusals: one line on stderr, exit 2.
expect2() {
    "$@" >"$t/out" 2>"$t/err"
    rc=$?
    [ "$rc" -eq 2 ] || fail "exit $rc, want 2: $*"
    [ "$(wc -l <"$t/err")" -eq 1 ] || fail "not one stderr line: $*"
    grep -q '^mazebench: ' "$t/err" || fail "no 'mazebench: ' prefix: $*"
}
# An existing picture is kept unless --force; a replaced one is whole.
cp "$t/p.png" "$t/keep.png"
expect2 "$mz" render dfs --seed 2 --size 31x31 --cell 10 --margin 5 --out "$t/keep.png"
cmp -s "$t/p.png" "$t/keep.png" || fail "render without --force changed an existing file"
"$mz" render dfs --seed 2 --size 31x31 --cell 10 --margin 5 --out "$t/keep.png" --force ||
    fail "render --force"
cmp -s "$t/p.png" "$t/keep.png" && fail "render --force did not replace the file"
ls -a "$t" | grep -q '\.tmp-' && fail "render left a temporary file"
expect2 "$mz" render dfs --seed 1 --size 9001 --out "$t/x.png"
grep -q "too large for png" "$t/err" || fail "png limit message: $(cat "$t/err")"
expect2 "$mz" render dfs --seed 1 --size 5000 --out "$t/x.svg"
expect2 "$mz" render dfs --seed 1 --size 5000 --out "$t/x.pdf"
expect2 "$mz" render dfs --seed 1 --size 300 --out "$t/x.gif"
expect2 "$mz" render dfs --seed 1 --size 5 --overlay route,nope --out "$t/x.png"
expect2 "$mz" render dfs --seed 1 --size 5 --bg 12345 --out "$t/x.png"
expect2 "$mz" render dfs --seed 1 --size 5 --overlay heat --from 25 --out "$t/x.png"
expect2 "$mz" render dfs --seed 1 --size 5 --overlay heat --from 5,0 --out "$t/x.png"
expect2 "$mz" render dfs --seed 1 --size 5 --solve flood --overlay route --out "$t/x.png"
expect2 "$mz" render dfs --seed 1 --size 5 --out "$t/x.bmp"
expect2 "$mz" render dfs --seed 1 --size 5 --style fancy
expect2 "$mz" render dfs --seed 1 --size 5 --animate gen --out "$t/x.svg"
expect2 "$mz" render dfs --seed 1 --grid hex:5x5 --style hedge --out "$t/x.png"
expect2 "$mz" render dfs --seed 1 --grid hex:5x5 --solve wall --overlay trail --out "$t/x.png"
expect2 "$mz" render dfs --seed 1 --grid pentagon:5x5 --out "$t/x.png"
"$mz" render --help | grep -q "^usage: mazebench render" || fail "--help"

[ "$fails" -eq 0 ] && echo "render_cli: all passed"
[ "$fails" -eq 0 ]
