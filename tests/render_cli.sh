#!/bin/sh
# render_cli.sh - `mazebench render` end to end: SVG parses as XML (xmllint)
# and converts (rsvg-convert), two runs give the same bytes, no SVG line is
# long, PDF and PNG frames are written, every cell shape renders through
# --grid, sizes past a format's limit and bad options get one line on
# stderr and exit 2. Skipped (77) without cairo.
# Usage: sh tests/render_cli.sh path/to/mazebench
set -u
. "$(dirname "$0")/lib.sh"
mz=$1
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

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
command -v xmllint >/dev/null 2>&1 || { echo "FAIL: xmllint is missing (Debian package libxml2-utils; scripts/setup.sh installs it)" >&2; exit 1; }
xmllint --noout "$t/a.svg" || fail "xmllint rejects the SVG"
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

# PNG frames: 1 + ceil(1921 / 500) = 5 for board 01's carve, in the
# folder f/ as f-00000.png ... f-00004.png.
"$mz" render dfs --seed 464 --size 31x31 --animate gen --stride 500 --out "$t/f.png" ||
    fail "png frames"
n=$(ls "$t/f" | grep -c '^f-[0-9]\{5\}\.png$')
[ "$n" -eq 5 ] || fail "png frames: $n files, want 5"
[ "$(ls "$t/f" | wc -l)" -eq 5 ] || fail "png frames: other files in f/"
mkdir "$t/mode" && [ "$(stat -c %a "$t/f" 2>/dev/null)" = "$(stat -c %a "$t/mode" 2>/dev/null)" ] ||
    fail "the frame folder's mode is not what mkdir gives"

# A frame set is replaced whole or not at all. Old set: 5 frames of seed
# 464; new set: 1 + ceil(1921 / 40) = 50 frames of seed 465. Killed at
# any moment (SIGKILL, SIGTERM, SIGINT), f/ holds one of the two exactly;
# no hidden folder outlives SIGTERM or SIGINT, and the next render removes
# one that SIGKILL left.
sums() { (cd "$1" && ls | LC_ALL=C sort | while read -r x; do cksum <"$x"; done) | cksum; }
t0=$(date +%s%N 2>/dev/null)
mkdir "$t/ref" && "$mz" render dfs --seed 465 --size 31x31 --animate gen --stride 40 \
    --out "$t/ref/f.png" || fail "frames reference"
t1=$(date +%s%N 2>/dev/null)
# The kills spread over the time one render takes here, its end included
# (12 moments from 5% to 115% of it; fixed ones where date has no %N).
case "$t0$t1" in
*N* | "") delays="0.05 0.2 0.4 0.6 0.8 1.0 1.2 1.4 1.6 1.9 2.2 2.6" ;;
*) delays=$(awk -v a="$t0" -v b="$t1" 'BEGIN { T = (b - a) / 1e9
       for (k = 0; k < 12; k++) printf "%.2f ", T * (0.05 + k * 0.1) }') ;;
esac
old=$(sums "$t/f") new=$(sums "$t/ref/f")
[ "$(ls "$t/ref/f" | wc -l)" -eq 50 ] || fail "new frame set: $(ls "$t/ref/f" | wc -l) frames, want 50"
seen_old=0 seen_new=0
n=0
for d in $delays; do
    # Each moment once, the signals taking turns.
    n=$((n + 1))
    for sig in KILL TERM; do
        [ $((n % 2)) -eq 1 ] && [ "$sig" = TERM ] && continue
        [ $((n % 2)) -eq 0 ] && [ "$sig" = KILL ] && continue
        "$mz" render dfs --seed 465 --size 31x31 --animate gen --stride 40 --out "$t/f.png" \
            --force >/dev/null 2>&1 &
        pid=$!
        sleep "$d"
        kill -s $sig $pid 2>/dev/null
        wait $pid 2>/dev/null
        now=$(sums "$t/f")
        if [ "$now" = "$old" ]; then
            seen_old=$((seen_old + 1))
        elif [ "$now" = "$new" ]; then
            seen_new=$((seen_new + 1))
            # Back to the old set for the next kill.
            rm -rf "$t/f" && "$mz" render dfs --seed 464 --size 31x31 --animate gen --stride 500 \
                --out "$t/f.png" || fail "frames: old set again"
        else
            fail "SIG$sig after ${d}s: f/ holds $(ls "$t/f" | wc -l) frames, neither the old set nor the new"
        fi
        if [ "$sig" != KILL ] && ls -a "$t" | grep -q '^\.f\.frames-'; then
            fail "SIG$sig after ${d}s left a hidden frame folder"
        fi
        # What SIGKILL leaves: a hidden folder, removed by the next render
        # (checked below); removed here so the next SIGTERM is judged alone.
        rm -rf "$t"/.f.frames-*
    done
done
echo "frames: killed $((seen_old + seen_new)) times, old set kept $seen_old, new set whole $seen_new"
"$mz" render dfs --seed 464 --size 31x31 --animate gen --stride 500 --out "$t/f.png" --force ||
    fail "frames after kills"
ls -a "$t" | grep -q '^\.f\.frames-' && fail "a hidden frame folder outlived the next render"
[ "$(sums "$t/f")" = "$old" ] || fail "frames after kills: not the set rendered"
# A leftover of a killed render (nobody holds it) is removed by the next
# one; an existing set is kept without --force; a folder with other files
# is never replaced; a file in the folder's place is refused.
mkdir "$t/.f.frames-ABC123" && cp "$t/f/f-00000.png" "$t/.f.frames-ABC123/"
expect_rc() { # RC CMD...: exit status RC and one stderr line
    want=$1
    shift
    "$@" >"$t/out" 2>"$t/err"
    rc=$?
    [ "$rc" -eq "$want" ] || fail "exit $rc, want $want: $*"
    [ "$rc" -eq 0 ] || [ "$(wc -l <"$t/err")" -eq 1 ] || fail "not one stderr line: $*"
}
expect_rc 2 "$mz" render dfs --seed 465 --size 31x31 --animate gen --stride 500 --out "$t/f.png"
[ "$(sums "$t/f")" = "$old" ] || fail "frames without --force: the set changed"
"$mz" render dfs --seed 464 --size 31x31 --animate gen --stride 500 --out "$t/f.png" --force ||
    fail "frames --force"
[ -e "$t/.f.frames-ABC123" ] && fail "a killed render's hidden folder was not removed"
touch "$t/f/notes.txt"
expect_rc 2 "$mz" render dfs --seed 465 --size 31x31 --animate gen --stride 500 --out "$t/f.png" --force
[ -e "$t/f/notes.txt" ] || fail "a folder holding other files was replaced"
: >"$t/plain"
expect_rc 2 "$mz" render dfs --seed 465 --size 31x31 --animate gen --stride 500 --out "$t/plain.png" --force
# A frame that cannot be written (no room: a 64 kB limit on files) leaves
# the old set and no hidden folder.
rm -f "$t/f/notes.txt"
(ulimit -f 8 && "$mz" render dfs --seed 465 --size 61x61 --animate gen --stride 40 --cell 16 \
    --out "$t/f.png" --force) >/dev/null 2>"$t/err"
[ "$(sums "$t/f")" = "$old" ] || fail "a failed frame render changed the set"
ls -a "$t" | grep -q '^\.f\.frames-' && fail "a failed frame render left a hidden folder"
"$mz" render dfs --seed 464 --size 31x31 --stride 400 --out "$t/c.gif" || fail "gif"
[ "$(head -c 6 "$t/c.gif")" = "GIF89a" ] || fail "not a GIF89a"

# Cell shapes through --grid (--size is the same option): a PNG of the
# size mz_pic_size gives, the same bytes twice, a GIF of a trace.
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
[ "$(ls "$t/pf" | grep -c '^pf-[0-9]*\.png$')" -gt 2 ] || fail "polar solve frames: too few"

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
# Options that cannot apply to the shape or the format: refused before
# any work, whatever the size (a 2000x2000 hex maze would take long to
# generate). 'all' on a shape is every overlay that applies there.
expect2 "$mz" render dfs --seed 1 --grid hex:2000x2000 --overlay trail --out "$t/x.png"
grep -q "trail overlay does not apply to hex" "$t/err" || fail "trail on hex: $(cat "$t/err")"
expect2 "$mz" render dfs --seed 1 --grid polar:900 --overlay tiles --out "$t/x.png"
expect2 "$mz" render dfs --seed 1 --grid tri:9x9 --overlay all,trail --out "$t/x.png"
for g in hex:9x11 tri:8x15 polar:6 3d:3x5x5 weave:9x9; do
    "$mz" render dfs --seed 464 --grid "$g" --overlay all --out "$t/all.png" --force 2>"$t/err" ||
        fail "--overlay all on $g: $(cat "$t/err")"
done
"$mz" render dfs --seed 464 --grid hex:9x11 --overlay all --out "$t/all1.png" &&
    "$mz" render dfs --seed 464 --grid hex:9x11 --overlay route,heat,valley,closed --out "$t/all2.png" &&
    cmp -s "$t/all1.png" "$t/all2.png" || fail "--overlay all on hex is not route,heat,valley,closed"
expect2 "$mz" render dfs --seed 1 --size 5 --time 100 --out "$t/x.svg"
expect2 "$mz" render dfs --seed 1 --size 5 --stride 3 --out "$t/x.png"
expect2 "$mz" render dfs --seed 1 --size 5 --hold 300 --out "$t/x.svg"
expect2 "$mz" render dfs --seed 1 --size 5 --animate gen --duration 300 --out "$t/x.png"
expect2 "$mz" render dfs --seed 1 --size 5 --overlay route --out "$t/x.gif"
expect2 "$mz" render dfs --seed 1 --size 5 --from 3 --out "$t/x.png"
# --grid and --size are one option, as in gen and solve: never the last one.
expect2 "$mz" render dfs --seed 1 --size 5 --grid hex:3x3 --out "$t/x.svg"
grep -q "render: --grid and --size are one option" "$t/err" || fail "--size and --grid: $(cat "$t/err")"
[ -e "$t/x.png" ] || [ -e "$t/x.svg" ] || [ -e "$t/x.gif" ] && fail "a refused render wrote a file"

# Sizes estimated before anything is drawn: an SVG or PDF whose file
# would pass the format's limit is refused at once (a hex grid of 10^6
# cells is about 200 MB of SVG), and one over the memory 'ulimit -v'
# leaves gets exit 1, both with one line.
expect2 "$mz" render dfs --seed 1 --grid hex:1000x1000 --out "$t/x.svg"
grep -q "over the .* MB limit" "$t/err" || fail "svg size limit message: $(cat "$t/err")"
expect2 "$mz" render dfs --seed 1 --grid polar:400 --out "$t/x.svg"
expect2 "$mz" render dfs --seed 1 --grid hex:2000x2000 --out "$t/x.pdf"
expect2 "$mz" render dfs --seed 1 --grid weave:1000x1000 --out "$t/x.svg"
# A GIF is counted once its trace is recorded: one frame a step of a
# 200x200 Kruskal maze (about 120,000 frames) is refused before drawing.
expect2 "$mz" render kruskal --seed 1 --size 200x200 --stride 1 --out "$t/x.gif"
grep -q "(79601 frames: a gif over its 67 MB limit; give a larger --stride" "$t/err" ||
    fail "gif limit message: $(cat "$t/err")"
if [ "$(uname -s)" = Linux ] && ! grep -q 'asan\|ASAN' /proc/self/environ 2>/dev/null &&
    ! nm "$mz" 2>/dev/null | grep -q __asan_init; then
    (ulimit -v 400000 && exec "$mz" render dfs --seed 1 --size 5000 --out "$t/x.png") 2>"$t/err"
    rc=$?
    [ "$rc" -eq 1 ] || fail "png past ulimit -v: exit $rc, want 1"
    grep -q "ulimit -v" "$t/err" || fail "png past ulimit -v: $(cat "$t/err")"
    # An animation's recorded trace is estimated before anything runs, from
    # the steps a cell its entries declare: a random walk's, unbounded, is
    # the step limit's (about 800 MiB), refused at once under 300 MB (its
    # trace grew unchecked before), while dfs's fits.
    (ulimit -v 300000 && exec "$mz" render aldous-broder --seed 1 --size 256x256 \
        --stride 1000000 --out "$t/ab.gif") 2>"$t/err"
    rc=$?
    [ "$rc" -eq 1 ] || fail "a trace past ulimit -v: exit $rc, want 1"
    [ "$(wc -l <"$t/err")" -eq 1 ] || fail "a trace past ulimit -v: not one line: $(cat "$t/err")"
    grep -q "^mazebench: the trace of an animation of a 256x256 maze (up to 16777216 steps) needs about .*(ulimit -v)" \
        "$t/err" || fail "a trace past ulimit -v: $(cat "$t/err")"
    [ -e "$t/ab.gif" ] && fail "a refused animation wrote a file"
    (ulimit -v 300000 && exec "$mz" render dfs --seed 1 --size 256x256 --stride 100000 \
        --out "$t/dfs.gif") 2>"$t/err" || fail "dfs animation under 300 MB: $(cat "$t/err")"
    # A trace over the step limit says so, without a GIF's limit.
    expect2 "$mz" render aldous-broder --seed 1 --size 1200x1200 --stride 100000000 \
        --animate gen --out "$t/walk.png"
    grep -q "too large (a trace over 16777216 steps; see" "$t/err" ||
        fail "trace limit message: $(cat "$t/err")"
    [ -e "$t/walk" ] && fail "a refused animation left frames"
fi

# An output that cannot be written is said before any work (a 3000x3000
# maze would take a while): a folder in a picture's place exits 2, a
# missing folder 1, as for the other commands.
mkdir "$t/dir.svg"
expect2 "$mz" render dfs --seed 1 --size 3000 --out "$t/dir.svg" --force
"$mz" render dfs --seed 1 --size 3000 --out "$t/nodir/x.png" 2>"$t/err"
rc=$?
[ "$rc" -eq 1 ] && [ "$(wc -l <"$t/err")" -eq 1 ] || fail "missing folder: exit $rc: $(cat "$t/err")"
"$mz" render dfs --seed 1 --size 300 --animate gen --out "$t/nodir/x.png" 2>"$t/err"
rc=$?
[ "$rc" -eq 1 ] && [ "$(wc -l <"$t/err")" -eq 1 ] || fail "frames, missing folder: exit $rc"

# Nothing on a failed stdout: exit 1, one line.
if [ -w /dev/full ]; then
    "$mz" render dfs --seed 1 --size 5 >/dev/full 2>"$t/err"
    rc=$?
    [ "$rc" -eq 1 ] || fail "svg into /dev/full: exit $rc, want 1"
    [ "$(wc -l <"$t/err")" -eq 1 ] || fail "svg into /dev/full: not one line"
fi

# centre is the shape's own centre (the library's): on 3d:3x5x5 the middle
# level's middle cell, 37, not level 0's 12.
for f in centre 37 12; do
    "$mz" render dfs --seed 1 --grid 3d:3x5x5 --overlay heat --from $f --out "$t/c$f.svg" 2>/dev/null ||
        fail "render --from $f on 3d"
done
cmp -s "$t/ccentre.svg" "$t/c37.svg" || fail "render --from centre on 3d is not cell 37"
cmp -s "$t/ccentre.svg" "$t/c12.svg" && fail "render --from centre on 3d is cell 12"

"$mz" render --help | grep -q "^usage: mazebench render" || fail "--help"

[ "$fails" -eq 0 ] && echo "render_cli: all passed"
[ "$fails" -eq 0 ]
