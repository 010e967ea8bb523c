#!/bin/sh
# maze_cli.sh - `mazebench maze` and `gen --save` end to end: a maze saved by
# gen in every format reads back with gen's figures (the digest, the counts,
# the route; a generator's own ends and pacman's teleport pair survive in
# mzb only); gen's ASCII
# drawing reads back as the same maze; solvers give a row each; --render
# draws; stdin reads; --save and gen --save never replace a file without
# --force; bad files give one line 'mazebench: maze: FILE:LINE:COL: why' and
# exit status 2; bad options exit 2 with one line.
#   sh tests/maze_cli.sh path/to/mazebench
set -u
. "$(dirname "$0")/lib.sh"
mz=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=$(dirname "$0")/maze-files

# cols FILE NAMES: the fields of the columns NAMES (comma-separated) of the
# first row of CSV FILE, found by name in its header.
cols() {
    awk -F, -v want="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        NR == 2 { n = split(want, w, ","); s = ""
                  for (i = 1; i <= n; i++) { if (!(w[i] in c)) { print "no column " w[i]; exit }
                                             s = s (i > 1 ? "," : "") $(c[w[i]]) }
                  print s; exit }' "$1"
}
figures=topology,rows,cols,cells,passages,walls,dead_ends,loops,components,route,digest
# pacman's teleport pair (a flag) and its own ends survive in mzb only.
walls_only=topology,rows,cols,cells,digest

# Round trips through every format.
for recipe in "dfs 9x11" "kruskal+braid:keep=0.5 8x8" "treasure 9x9" "pacman 1" "eller 1x7"; do
    set -- $recipe
    "$mz" gen "$1" --seed 464 --grid "$2" >"$tmp/gen.csv" || fail "gen $recipe"
    for ext in txt blocks json mzb; do
        f=$tmp/m.$ext
        rm -f "$f"
        "$mz" gen "$1" --seed 464 --grid "$2" --save "$f" >"$tmp/gen2.csv" || fail "gen --save $f"
        cmp -s "$tmp/gen.csv" "$tmp/gen2.csv" || fail "$recipe: --save changes gen's output"
        layout=
        [ "$ext" = blocks ] && [ "$1" = treasure ] && layout="--layout cells"
        # shellcheck disable=SC2086
        "$mz" maze "$f" $layout >"$tmp/maze.csv" || { fail "maze $recipe .$ext"; continue; }
        which=$figures
        [ "$1" = pacman ] && [ "$ext" != mzb ] && which=$walls_only
        [ "$(cols "$tmp/maze.csv" "$which")" = "$(cols "$tmp/gen.csv" "$which")" ] ||
            fail "$recipe as .$ext: $(cols "$tmp/maze.csv" "$which") read back, gen says $(cols "$tmp/gen.csv" "$which")"
        [ "$(cols "$tmp/maze.csv" inconsistent_walls)" = 0 ] || fail "$recipe .$ext: inconsistent walls"
    done
done
# Every shape through mzb.
for grid in hex:6x7 tri:5x8 polar:5 3d:2x3x4 weave:6x6 torus:5x6; do
    "$mz" gen dfs --seed 3 --grid "$grid" >"$tmp/gen.csv" || fail "gen $grid"
    rm -f "$tmp/s.mzb"
    "$mz" gen dfs --seed 3 --grid "$grid" --save "$tmp/s.mzb" >/dev/null || fail "gen --save $grid"
    "$mz" maze "$tmp/s.mzb" >"$tmp/maze.csv" || fail "maze $grid"
    [ "$(cols "$tmp/maze.csv" "$figures")" = "$(cols "$tmp/gen.csv" "$figures")" ] ||
        fail "$grid through mzb: other figures"
done
# gen's drawing is a maze file.
"$mz" gen dfs --seed 9 --grid 7x9 >"$tmp/gen.csv"
"$mz" gen dfs --seed 9 --grid 7x9 --format ascii | head -n 15 >"$tmp/drawn.txt"
"$mz" maze "$tmp/drawn.txt" >"$tmp/maze.csv" || fail "maze of gen --format ascii"
[ "$(cols "$tmp/maze.csv" "$figures,format")" = "$(cols "$tmp/gen.csv" "$figures"),ascii" ] ||
    fail "gen's ascii drawing reads back as another maze"
# The whole output of gen and solve --format ascii (figures below the drawing).
"$mz" gen dfs --seed 9 --grid 7x9 --format ascii >"$tmp/gen.txt"
"$mz" maze "$tmp/gen.txt" >"$tmp/whole.csv" || fail "maze of gen's whole ascii output"
cmp -s "$tmp/maze.csv" "$tmp/whole.csv" || fail "gen's whole ascii output reads as another maze"
"$mz" solve bfs --gen dfs --seed 9 --grid 7x9 --format ascii >"$tmp/solve.txt"
"$mz" maze "$tmp/solve.txt" >"$tmp/whole.csv" || fail "maze of solve's ascii output"
cmp -s "$tmp/maze.csv" "$tmp/whole.csv" || fail "solve's ascii output reads as another maze"
# Standard input, a format named.
"$mz" maze - --format ascii <"$tmp/drawn.txt" >"$tmp/stdin.csv" || fail "maze -"
cmp -s "$tmp/maze.csv" "$tmp/stdin.csv" || fail "stdin reads another maze"

# Solvers: a row each, the header once; JSON an object a line.
"$mz" maze "$tmp/drawn.txt" --solver "bfs astar wall:hand=left" >"$tmp/solve.csv" ||
    fail "maze --solver"
[ "$(wc -l <"$tmp/solve.csv")" = 4 ] || fail "three solvers: not a header and three rows"
# solvers with other extra columns (wall's, tremaux's): every row has the
# header's fields
[ "$("$mz" maze "$tmp/drawn.txt" --solver "bfs wall tremaux" |
    awk -F, '{ print NF }' | sort -u | wc -l)" = 1 ] || fail "rows and header of unequal width"
route=$(cols "$tmp/gen.csv" route)
[ "$(cols "$tmp/solve.csv" solver,found,path_steps)" = "bfs,1,$route" ] || fail "bfs row"
"$mz" maze "$tmp/drawn.txt" --solver bfs --out-format json >"$tmp/solve.json" || fail "json"
[ "$(wc -l <"$tmp/solve.json")" = 1 ] || fail "json: not one line"
grep -q '"solver": "bfs", "found": 1' "$tmp/solve.json" || fail "json: no bfs"
grep -q '"format": "ascii", "inconsistent_walls": 0' "$tmp/solve.json" || fail "json: format"

# The sample files.
"$mz" maze "$files/generate-maze.json" >"$tmp/out.csv" || fail "generate-maze.json"
[ "$(cols "$tmp/out.csv" rows,cols,components,loops,format)" = "3,4,1,0,json" ] ||
    fail "generate-maze.json: $(cols "$tmp/out.csv" rows,cols,components,loops,format)"
"$mz" maze "$files/board.blocks" --layout cells --cell-size 2x1 >"$tmp/out.csv" ||
    fail "board.blocks"
[ "$(cols "$tmp/out.csv" rows,cols,cells,format)" = "7,7,18,blocks" ] ||
    fail "board.blocks: $(cols "$tmp/out.csv" rows,cols,cells,format)"
"$mz" maze "$files/inconsistent.json" >"$tmp/out.csv" || fail "inconsistent.json"
[ "$(cols "$tmp/out.csv" inconsistent_walls,components)" = "1,2" ] ||
    fail "inconsistent.json: $(cols "$tmp/out.csv" inconsistent_walls,components)"

# --save converts, and never replaces a file without --force.
"$mz" maze "$files/wide.txt" --save "$tmp/w.mzb" >/dev/null || fail "maze --save"
head -c 15 "$tmp/w.mzb" | grep -q '^mazebench-maze ' || fail "--save .mzb wrote no mzb"
echo keep >"$tmp/keep.json"
expect 2 "maze --save over a file" "$mz" maze "$files/wide.txt" --save "$tmp/keep.json"
[ "$(cat "$tmp/keep.json")" = keep ] || fail "maze --save replaced a file"
"$mz" maze "$files/wide.txt" --save "$tmp/keep.json" --force >/dev/null || fail "--force"
"$mz" maze "$tmp/keep.json" >/dev/null || fail "the file --force wrote does not read"
echo keep >"$tmp/keep.txt"
expect 2 "gen --save over a file" "$mz" gen dfs --seed 1 --grid 3 --save "$tmp/keep.txt"
[ "$(cat "$tmp/keep.txt")" = keep ] || fail "gen --save replaced a file"
[ ! -s "$tmp/out" ] || fail "gen --save over a file printed figures"
expect 2 "gen --save hex as json" "$mz" gen dfs --seed 1 --grid hex:3x3 --save "$tmp/h.json"
[ ! -e "$tmp/h.json" ] || fail "a refused --save left a file"
expect 2 "gen --save unknown extension" "$mz" gen dfs --seed 1 --grid 3 --save "$tmp/x.dat"
expect 2 "gen --save-format alone" "$mz" gen dfs --seed 1 --grid 3 --save-format json
expect 2 "gen --save-format bad" "$mz" gen dfs --seed 1 --grid 3 --save "$tmp/y" --save-format png
expect 2 "maze --save hex as ascii" "$mz" maze "$tmp/s.mzb" --save "$tmp/h.txt"
[ ! -e "$tmp/h.txt" ] || fail "a refused maze --save left a file"

# --render draws (when pictures are built in).
if "$mz" maze "$tmp/drawn.txt" --render "$tmp/m.svg" >/dev/null 2>"$tmp/err"; then
    grep -q '<svg' "$tmp/m.svg" || fail "--render wrote no SVG"
    expect 2 "--render over a file" "$mz" maze "$tmp/drawn.txt" --render "$tmp/m.svg"
else
    grep -q "draws no" "$tmp/err" || fail "--render: $(cat "$tmp/err")"
fi
expect 2 "--render gif" "$mz" maze "$tmp/drawn.txt" --render "$tmp/m.gif"

# Bad files: one line with FILE:LINE:COL, exit 2.
printf 'mazebench-maze 1 2x2\n0b0e07\n' >"$tmp/short.mzb"
expect 2 "mzb cut short" "$mz" maze "$tmp/short.mzb"
grep -q "short.mzb:2:7: the text ends 7 bytes after the header: 2x2 needs 8 hex digits" "$tmp/err" || fail "short: $(cat "$tmp/err")"
printf '[{"x": 0, "y": 0, "top": maybe}]' >"$tmp/bad.json"
expect 2 "json" "$mz" maze "$tmp/bad.json"
grep -q "bad.json:1:26: 'm' where true or false should be" "$tmp/err" || fail "json: $(cat "$tmp/err")"
printf '+--+--+\n|  |  |\n+--+--+\n|  |  |\n|--+--+\n' >"$tmp/bad.txt"
expect 2 "ascii" "$mz" maze "$tmp/bad.txt"
grep -q "bad.txt:5:1: " "$tmp/err" || fail "ascii: $(cat "$tmp/err")"
printf 'mazebench-maze 1 1048576x1048576\n00\n' >"$tmp/huge.mzb"
expect 2 "a header past the budget" "$mz" maze "$tmp/huge.mzb"
grep -q "huge.mzb: the maze's" "$tmp/err" || fail "huge: $(cat "$tmp/err")"
printf 'mazebench-maze 1 2097152x1048576\n00\n' >"$tmp/huger.mzb"
expect 2 "a header past 2^40 cells" "$mz" maze "$tmp/huger.mzb"
printf '' >"$tmp/empty"
expect 2 "an empty file" "$mz" maze "$tmp/empty"
printf '####\n#  #\n####\n' >"$tmp/even.blocks"
expect 2 "an even page" "$mz" maze "$tmp/even.blocks"
grep -q "even.blocks:1:5: a page of 3x4 blocks" "$tmp/err" || fail "even: $(cat "$tmp/err")"
# A header claiming 40000x40000 cells in a text of 68 bytes: refused where
# the text ends, nothing allocated (under 'ulimit -v' too, when the build
# is not sanitized: a sanitized one reserves its shadow memory).
printf 'mazebench-maze 1 40000x40000 entrance=0 exit=0 flags=0 tiles=0\n0f0f\n' >"$tmp/claim.mzb"
expect 2 "a header claiming more than its text" "$mz" maze "$tmp/claim.mzb"
grep -q "claim.mzb:2:5: the text ends 5 bytes after the header: 40000x40000 needs 3200000000 hex digits" \
    "$tmp/err" || fail "claim: $(cat "$tmp/err")"
# Under 'ulimit -v' 40000x40000 passes the budget (refused so before the
# text is looked at); 12000x12000 fits in it and is refused by its text.
if (ulimit -v 200000 && "$mz" --version) >/dev/null 2>&1; then
    sed 's/40000x40000/12000x12000/' "$tmp/claim.mzb" >"$tmp/claim12.mzb"
    expect 2 "a header claiming more than its text, ulimit -v" -- \
        sh -c "ulimit -v 200000 && exec '$mz' maze '$tmp/claim12.mzb'"
    grep -q "claim12.mzb:2:5: the text ends" "$tmp/err" || fail "claim, ulimit: $(cat "$tmp/err")"
fi
# The same text as an outside generator's answer for a 3x3 maze:
# wrong-size at once, both sizes named.
printf '[generator claim]\ncommand = cat {dir}/claim.mzb\nformat = mzb\n' >"$tmp/claim.programs"
"$mz" gen claim --seed 1 --grid 3x3 --programs "$tmp/claim.programs" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] || fail "an outside generator's answer of another size: not exit 1"
grep -q "wrong-size: .*the file is 40000x40000, 3x3 was asked for" "$tmp/err" ||
    fail "claim as an answer: $(cat "$tmp/err")"
# Pages larger than their text: one long line over short ones.
awk 'BEGIN { s = sprintf("%3000s", ""); gsub(/ /, "#", s); print s
             for (i = 0; i < 3000; i++) print "#"; print s }' >"$tmp/wide.blocks"
expect 2 "a page of short lines" "$mz" maze "$tmp/wide.blocks" --layout cells
grep -q "wide.blocks:2:2: the line is 1 characters, the first 3000" "$tmp/err" ||
    fail "short lines: $(cat "$tmp/err")"
awk 'BEGIN { s = "+"; for (i = 0; i < 1000; i++) s = s "--+"; print s
             for (i = 0; i < 1000; i++) { print "|"; print "+" } }' >"$tmp/wide.txt"
expect 2 "a drawing of short lines" "$mz" maze "$tmp/wide.txt"
grep -q "wide.txt:3:2: the line of walls ends after 1 characters" "$tmp/err" ||
    fail "short wall lines: $(cat "$tmp/err")"
# A drawing cut at every byte: refused with its line, or (a cut of white
# space) the whole maze; never a smaller maze.
"$mz" gen kruskal --seed 9 --grid 3x4 --format ascii | sed -n '1,7p' >"$tmp/whole.txt"
"$mz" maze "$tmp/whole.txt" >"$tmp/whole.csv" || fail "the whole drawing does not read"
size=$(wc -c <"$tmp/whole.txt")
n=0
while [ "$n" -lt "$size" ]; do
    head -c "$n" "$tmp/whole.txt" >"$tmp/cut.txt"
    if [ -z "$(tail -c +$((n + 1)) "$tmp/whole.txt" | tr -d ' \n')" ]; then
        "$mz" maze "$tmp/cut.txt" >"$tmp/cut.csv" 2>"$tmp/err" || fail "cut at $n (white space): $(cat "$tmp/err")"
        cmp -s "$tmp/cut.csv" "$tmp/whole.csv" || fail "cut at $n (white space): another maze"
    else
        expect 2 "drawing cut at $n" "$mz" maze "$tmp/cut.txt"
        grep -q "cut.txt:[0-9]*:[0-9]*: " "$tmp/err" || fail "cut at $n: no line: $(cat "$tmp/err")"
    fi
    n=$((n + 1))
done
# A page of blocks cut inside its last line, and after a row of walls.
"$mz" gen dfs --seed 2 --grid 3x4 --save "$tmp/whole.blocks" >/dev/null || fail "gen --save blocks"
head -c $(($(wc -c <"$tmp/whole.blocks") - 4)) "$tmp/whole.blocks" >"$tmp/cut.blocks"
expect 2 "a page cut in its last line" "$mz" maze "$tmp/cut.blocks"
grep -q "cut.blocks:7:7: the page is cut" "$tmp/err" || fail "cut page: $(cat "$tmp/err")"
sed -n '1,5p' "$tmp/whole.blocks" >"$tmp/cut.blocks"
expect 2 "a page cut after a row of walls" "$mz" maze "$tmp/cut.blocks"
grep -q "cut.blocks:5:[0-9]*: a gap in the south border" "$tmp/err" || fail "cut page: $(cat "$tmp/err")"
# A maze with an exit in the south border reads from json, and is not
# drawn: the drawing's reader would take the gap for a cut.
printf '[[{"top":true,"left":true,"bottom":false,"right":true}]]' >"$tmp/south.json"
"$mz" maze "$tmp/south.json" >/dev/null || fail "a south gap in json does not read"
expect 2 "a south gap drawn" "$mz" maze "$tmp/south.json" --save "$tmp/south.txt"
grep -q "south.txt': the ascii format draws no gap in the south border" "$tmp/err" ||
    fail "south gap drawn: $(cat "$tmp/err")"
[ ! -e "$tmp/south.txt" ] || fail "a refused south gap left a file"
head -c 3000 /dev/urandom >"$tmp/noise" 2>/dev/null
"$mz" maze "$tmp/noise" >/dev/null 2>&1
[ $? -le 2 ] || fail "noise: a crash"

# Bad options.
expect 2 "no file" "$mz" maze
expect 2 "missing file" "$mz" maze "$tmp/none"
expect 2 "a directory" "$mz" maze "$tmp"
expect 2 "two files" "$mz" maze "$tmp/drawn.txt" "$tmp/drawn.txt"
expect 2 "bad --format" "$mz" maze "$tmp/drawn.txt" --format png
expect 2 "bad --layout" "$mz" maze "$tmp/drawn.txt" --layout halls
expect 2 "bad --cell-size" "$mz" maze "$tmp/drawn.txt" --cell-size 0x1
expect 2 "big --cell-size" "$mz" maze "$tmp/drawn.txt" --cell-size 65x1
expect 2 "space wall" "$mz" maze "$tmp/drawn.txt" --wall-chars "# "
expect 2 "bad solver" "$mz" maze "$tmp/drawn.txt" --solver "bfs nosuch"
expect 2 "a solver off its shape" "$mz" maze "$tmp/s.mzb" --solver wall
expect 2 "bad --out-format" "$mz" maze "$tmp/drawn.txt" --out-format xml
expect 2 "--save-format alone" "$mz" maze "$tmp/drawn.txt" --save-format json
expect 2 "unknown option" "$mz" maze "$tmp/drawn.txt" --colour
expect 2 "--save -" "$mz" maze "$tmp/drawn.txt" --save - --save-format json
expect 0 "help" "$mz" maze --help
grep -q -- "--save-format" "$tmp/out" || fail "help: no --save-format"
"$mz" gen --help | grep -q -- "--save FILE" || fail "gen help: no --save"
"$mz" --help | grep -q "^  maze " || fail "the command list has no maze"

[ "$fails" = 0 ] && echo "maze_cli: ok"
[ "$fails" = 0 ]
