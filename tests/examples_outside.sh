#!/bin/sh
# examples_outside.sh - the worked examples of outside programs and plugins
# (examples/outside/programs.ini, examples/plugin/; docs/examples/) run end
# to end: the npm package generate-maze (through its wrapper) and the
# Python recursive backtracker as generators, the Python BFS as a solver,
# the example plugin's plugin-dfs and plugin-bfs.
#
# For each generator: gen gives a perfect maze of the size asked for,
# outside_status ok (deterministic = yes runs it twice); a small sweep plan
# with the built-ins gives the same maze for the same seed as gen did
# (another process) and another for another seed; stats
# --against the built-in of the same algorithm runs (the Python dfs and the
# plugin agree with dfs). The Python solver's path has bfs's length on every
# maze of the sweep. The plugin's mazes are dfs's, and vet passes it.
# maze.py's ascii and json forms of one maze read as the same maze.
# Fails with one line naming scripts/setup.sh when the npm package, node or
# python3 is missing.
#   sh tests/examples_outside.sh path/to/mazebench path/to/mazebench_plugin_example.so
set -u
. "$(dirname "$0")/lib.sh"
bin=$1
plugin=$2
here=$(cd "$(dirname "$0")/.." && pwd)
progs=$here/examples/outside/programs.ini
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

npm_dir=${MZ_DEPS:-$HOME/.cache/mazebench}/npm/node_modules/generate-maze
for tool in node python3; do
    command -v $tool >/dev/null 2>&1 || {
        echo "FAIL: run sh scripts/setup.sh: $tool is not installed"
        exit 1
    }
done
grep -q '"version": *"1.1.0"' "$npm_dir/package.json" 2>/dev/null || {
    echo "FAIL: run sh scripts/setup.sh: generate-maze is not installed in $npm_dir"
    exit 1
}

mz() { "$bin" "$@" --programs "$progs" --plugin "$plugin"; }
# col NAME FILE: the column NAME of the CSV FILE's rows (header on line 1)
col() {
    awk -F, -v name="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i; next }
        /^#/ { next } { print $c }' "$2"
}

# ---- gen: each outside generator and the plugin's, checked ----
for g in generate-maze py-dfs plugin-dfs; do
    expect 0 "gen $g" -- mz gen $g --grid 8x11 --seed 2
    cp "$tmp/out" "$tmp/gen-$g.csv"
    case $g in plugin-*) ;; *)
        [ "$(col outside_status "$tmp/gen-$g.csv")" = ok ] ||
            bad "gen $g: outside_status $(col outside_status "$tmp/gen-$g.csv"), expected ok" ;;
    esac
    [ "$(col cells "$tmp/gen-$g.csv") $(col passages "$tmp/gen-$g.csv")" = "88 87" ] ||
        bad "gen $g: not 88 cells and 87 passages: $(cat "$tmp/gen-$g.csv")"
    [ "$(col components "$tmp/gen-$g.csv") $(col loops "$tmp/gen-$g.csv")" = "1 0" ] ||
        bad "gen $g: not one component without loops"
done
# the plugin's dfs is the built-in's maze, draw for draw
"$bin" gen dfs --grid 8x11 --seed 2 >"$tmp/dfs.csv"
[ "$(col digest "$tmp/dfs.csv")" = "$(col digest "$tmp/gen-plugin-dfs.csv")" ] ||
    bad "plugin-dfs and dfs differ on seed 2"

# ---- a small sweep: outside, plugin and built-in generators and solvers ----
cat >"$tmp/plan" <<EOF
gen generate-maze
gen py-dfs
gen plugin-dfs
gen eller
solve bfs
solve py-bfs
solve plugin-bfs
seeds 1..2
sizes 8x11
EOF
expect 0 "sweep" -- mz sweep "$tmp/plan" --progress 0 --out "$tmp/sweep.csv"
rows=$(grep -vc '^#' "$tmp/sweep.csv")
[ "$rows" = 25 ] || bad "sweep: $rows lines, expected a header and 24 rows"
# every outside row ok; every solver's path as long as bfs's on that maze
awk -F, '
    /^#/ { next }
    !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
    {
        key = $c["gen"] " " $c["seed"] " " $c["rows"] "x" $c["cols"]
        if ($c["outside_status"] != "" && $c["outside_status"] != "ok")
            print "FAIL: sweep: " key ": outside_status " $c["outside_status"]
        if ($c["solver"] == "py-bfs" && $c["solve_outside_status"] != "ok")
            print "FAIL: sweep: " key ": py-bfs status " $c["solve_outside_status"]
        if ($c["found"] != 1) print "FAIL: sweep: " key ": " $c["solver"] " found no path"
        steps[key, $c["solver"]] = $c["path_steps"]; keys[key] = 1
        if ($c["path_steps"] != $c["route"])
            print "FAIL: sweep: " key ": " $c["solver"] " " $c["path_steps"] " steps, route " $c["route"]
    }
    END {
        for (k in keys) {
            n++
            if (steps[k, "py-bfs"] != steps[k, "bfs"] || steps[k, "plugin-bfs"] != steps[k, "bfs"])
                print "FAIL: sweep: " k ": py-bfs " steps[k, "py-bfs"] ", plugin-bfs " \
                    steps[k, "plugin-bfs"] ", bfs " steps[k, "bfs"]
        }
        if (n != 8) print "FAIL: sweep: " n " mazes, expected 8"
    }' "$tmp/sweep.csv" >"$tmp/sweep-fails"
while read -r line; do bad "${line#FAIL: }"; done <"$tmp/sweep-fails"
# the same seed in another process gives the same maze (the sweep's seed 2
# is gen's), and another seed another maze
for g in generate-maze py-dfs; do
    d=$(awk -F, -v g=$g '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
        $c["gen"] == g && $c["solver"] == "bfs" { printf "%s ", $c["digest"] }' "$tmp/sweep.csv")
    set -- $d
    [ "${2-}" = "$(col digest "$tmp/gen-$g.csv")" ] ||
        bad "$g: seed 2 gave two mazes in two processes ($d, gen: $(col digest "$tmp/gen-$g.csv"))"
    [ "${1-}" != "${2-}" ] || bad "$g: seeds 1 and 2 gave the same maze"
done

# ---- stats --against the built-in of the same algorithm ----
for pair in py-dfs:dfs plugin-dfs:dfs generate-maze:eller; do
    a=${pair%%:*} b=${pair#*:}
    expect 0 "stats $a --against $b" -- mz stats "$a" --against "$b" --grid 15 --seeds 1..4 \
        --against-seeds 101..104 --format csv
    n=$(col verdict "$tmp/out" | grep -c .)
    [ "$n" -ge 3 ] || bad "stats $a --against $b: $n verdicts: $(cat "$tmp/out")"
    # the same algorithm: no figure differs (the seeds are fixed, so this
    # is the same test on every run)
    case $b in dfs)
        col verdict "$tmp/out" | grep -q differ &&
            bad "stats $a --against dfs: a figure differs: $(cat "$tmp/out")" ;;
    esac
done

# ---- maze.py's two formats read as the same maze ----
python3 "$here/examples/outside/maze.py" gen 7 5 3 "$tmp/m.txt" --format ascii 2>/dev/null
python3 "$here/examples/outside/maze.py" gen 7 5 3 "$tmp/m.json" 2>/dev/null
"$bin" maze "$tmp/m.txt" >"$tmp/m-ascii.csv" 2>"$tmp/err" || bad "maze.py's ascii: $(cat "$tmp/err")"
"$bin" maze "$tmp/m.json" >"$tmp/m-json.csv" 2>"$tmp/err" || bad "maze.py's json: $(cat "$tmp/err")"
[ "$(col format "$tmp/m-ascii.csv") $(col format "$tmp/m-json.csv")" = "ascii json" ] ||
    bad "maze.py's formats detected as $(col format "$tmp/m-ascii.csv") and $(col format "$tmp/m-json.csv")"
[ -n "$(col digest "$tmp/m-json.csv")" ] &&
    [ "$(col digest "$tmp/m-ascii.csv")" = "$(col digest "$tmp/m-json.csv")" ] ||
    bad "maze.py's ascii and json are two mazes"

# ---- vet passes the plugin's entries ----
expect 0 "vet plugin" -- mz vet plugin-dfs plugin-bfs

if [ "$fails" -eq 0 ]; then echo "examples_outside: ok"; else echo "examples_outside: $fails failed"; exit 1; fi
