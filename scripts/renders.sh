#!/bin/sh
# renders.sh - a handful of pictures for write-ups, from the article's
# seed-464 mazes, into a directory (default results/renders/):
#   plain-route.png/.svg  board 01's maze, its 320-step route (plain style)
#   heat.png              board 05: distances from the entrance of board 02's maze
#   astar-closed.png      board 06: the cells A* (k = 1) closes on the braided maze
#   valley.png            board 08: detour excess, the route as the valley floor
#   trail.png             board 07: the left-hand walk, cells entered once / more
#   pacman.png            the pacman tile map: dots, pills, teleports, the house
#   hedge.svg             board 09: the hedge garden at 2x (18 px cells), 1.5 s in
#   carve.gif             board 01's 1,921-step carve, 20 steps a frame, 4 s
#   shape-hex.png, shape-tri.png, shape-polar.png, shape-3d.png,
#   shape-weave.png       dfs on each cell shape, its route and heat map
#   shape-hex.gif         dfs carving a hex grid
# Usage: sh scripts/renders.sh [DIR] (MZ_BIN: the mazebench binary, default
# build/mazebench). About 0.5 MB in all.
set -eu
# DIR and MZ_BIN are taken relative to where the script is called from.
here=$(pwd)
cd "$(dirname "$0")/.."
abs() { case $1 in /*) echo "$1" ;; *) echo "$here/$1" ;; esac; }
out=${1:-results/renders}
[ -z "${1:-}" ] || out=$(abs "$out")
mz=${MZ_BIN:-build/mazebench}
[ -z "${MZ_BIN:-}" ] || mz=$(abs "$mz")
mkdir -p "$out"
r() { "$mz" render "$@" --force; }
r dfs --seed 464 --size 31x31 --overlay route --cell 12 --out "$out/plain-route.png"
r dfs --seed 464 --size 31x31 --overlay route --cell 12 --out "$out/plain-route.svg"
r frontier --seed 464 --size 31x31 --overlay heat --cell 12 --out "$out/heat.png"
r dfs+braid:keep=0.4,offset=99 --seed 464 --size 31x31 --solve astar --overlay closed,route \
    --cell 12 --out "$out/astar-closed.png"
r dfs --seed 464 --size 31x31 --overlay valley,route --cell 12 --out "$out/valley.png"
r dfs --seed 464 --size 31x31 --solve wall --overlay trail --cell 12 --out "$out/trail.png"
r pacman --seed 464 --size 31x28 --overlay tiles --cell 12 --out "$out/pacman.png"
r dfs --seed 464 --size 31x31 --style hedge --cell 18 --time 1500 --out "$out/hedge.svg"
r dfs --seed 464 --size 31x31 --cell 8 --stride 20 --duration 4000 --hold 2000 --out "$out/carve.gif"
for g in hex:15x17 tri:12x23 polar:10 3d:3x8x8 weave:15x15; do
    r dfs --seed 464 --grid "$g" --overlay route,heat --cell 14 --out "$out/shape-${g%%:*}.png"
done
r dfs --seed 464 --grid hex:15x17 --cell 12 --stride 4 --duration 4000 --hold 2000 \
    --out "$out/shape-hex.gif"
ls -l "$out"
