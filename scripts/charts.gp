# charts.gp - the sweep's charts, drawn from the data files that
# scripts/charts.awk writes (see there for what each holds). Run by
# scripts/charts.sh; by hand:
#   gnuplot -e "dir='DATA'; out='OUT'; fmt='png'" scripts/charts.gp
# fmt is png (pngcairo) or svg. Every chart has a title, axes with units and
# a legend; sizes are grid cells (rows x cols) on log axes.

if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') {
    set terminal svg size 960,600 dynamic font 'Sans,12' background rgb 'white'
} else {
    set terminal pngcairo size 960,600 font 'Sans,11' background rgb 'white'
}
set encoding utf8
set grid lc rgb '#dddddd'
set key outside right top box opaque noenhanced
set border lw 1
set style data linespoints
set pointsize 1
# Twelve distinct colours and point shapes, so variants stay apart.
set linetype 1 lc rgb '#1f77b4' pt 7
set linetype 2 lc rgb '#ff7f0e' pt 5
set linetype 3 lc rgb '#2ca02c' pt 9
set linetype 4 lc rgb '#d62728' pt 11
set linetype 5 lc rgb '#9467bd' pt 13
set linetype 6 lc rgb '#8c564b' pt 4
set linetype 7 lc rgb '#e377c2' pt 6
set linetype 8 lc rgb '#7f7f7f' pt 8
set linetype 9 lc rgb '#bcbd22' pt 10
set linetype 10 lc rgb '#17becf' pt 12
set linetype 11 lc rgb '#000000' pt 1
set linetype 12 lc rgb '#aec7e8' pt 2
set linetype cycle 12
# Tight x ranges on log axes, with a little room at the ends.
set autoscale xfix
set offsets graph 0.04, graph 0.04, 0, 0

gens = system("cat '".dir."/gens.names'")
ng = words(gens)
solvers = system("cat '".dir."/solvers.names'")
ns = words(solvers)
astar_gen = system("cat '".dir."/astar.gen' 2>/dev/null")
astar_sizes = system("cat '".dir."/astar.names' 2>/dev/null")
na = words(astar_sizes)

# 1. Dead ends as a share of open cells, per generator, vs grid size.
set output out.'/deadends.'.fmt
set title 'Dead ends per open cell vs grid size (mean over seeds)'
set xlabel 'grid size (cells, rows x cols, log scale)'
set ylabel 'dead ends / open cells (share)'
set logscale x
set format x '10^{%T}'
set yrange [0:*]
plot for [i=1:ng] dir.'/deadends.dat' index (i-1) using 1:2 lw 2 title word(gens, i)
unset yrange

# 2. Route length and longest path, per generator, vs grid size.
set output out.'/routes.'.fmt
set title 'Route (entrance to exit) and longest path vs grid size (mean over seeds)'
set ylabel 'length (steps, log scale)'
set logscale xy
set format y '10^{%T}'
plot for [i=1:ng] dir.'/route.dat' index (i-1) using 1:2 lw 2 lc i title word(gens, i), \
     for [i=1:ng] dir.'/route.dat' index (i-1) using 1:3 lw 1 dt 2 lc i notitle, \
     NaN lw 2 lc rgb 'black' title 'solid: route', \
     NaN lw 1 dt 2 lc rgb 'black' title 'dashed: longest path (flood)'
unset logscale
set format x '% g'
set format y '% g'

# 3. A*: closed cells vs the heuristic slope K, one line per size, with the
#    route's cells (what a perfect guide would close) for reference.
if (na > 0) {
    set output out.'/astar.'.fmt
    set title sprintf('A* on %s: cells closed vs heuristic slope K (mean over seeds)', astar_gen) noenhanced
    set xlabel 'heuristic slope K in f = g + K h (K = 0: Dijkstra)'
    set ylabel 'cells (log scale)'
    set logscale y
    set format y '10^{%T}'
    plot for [i=1:na] dir.'/astar.dat' index (i-1) using 1:2 lw 2 lc i \
             title sprintf('closed, %s cells', word(astar_sizes, i)), \
         for [i=1:na] dir.'/astar.dat' index (i-1) using 1:3 lw 1 dt 2 lc i pt 0 \
             title sprintf('route cells, %s cells', word(astar_sizes, i))
    unset logscale
    set format y '% g'
}

# 4. Wall follower: left hand vs right hand steps, one point per maze.
set output out.'/wall-hands.'.fmt
set title 'Wall follower: left-hand vs right-hand steps, one point per maze (both arrived)'
set xlabel 'left-hand steps (log scale)'
set ylabel 'right-hand steps (log scale)'
set logscale xy
set format x '10^{%T}'
set format y '10^{%T}'
plot for [i=1:ng] dir.'/walls.dat' index (i-1) using 1:2 with points pt 7 ps 0.8 title word(gens, i), \
     x with lines lc rgb '#888888' dt 3 title 'left = right'
unset logscale

# 5. Time per cell vs grid size: generators, then solvers.
set logscale xy
set format x '10^{%T}'
set format y '%g'
set xlabel 'grid size (cells, log scale)'
set output out.'/gen-time.'.fmt
set title 'Generation time per grid cell vs grid size (every stage of the spec; mean over seeds)'
set ylabel 'ns per cell (monotonic clock, log scale)'
plot for [i=1:ng] dir.'/gentime.dat' index (i-1) using 1:2 lw 2 title word(gens, i)
set output out.'/solve-time.'.fmt
set title 'Solving time per grid cell vs grid size (mean over the mazes of every generator)'
plot for [i=1:ns] dir.'/solvetime.dat' index (i-1) using 1:2 lw 2 title word(solvers, i)

# 6. Heap per cell vs grid size, from the per-row gen_peak_bytes and
#    solve_peak_bytes: generators (the grid, 1 byte a cell, included), then
#    solvers (beyond the grid).
if (system("test -s '".dir."/genmem.dat' && echo 1") eq "1") {
    set output out.'/gen-memory.'.fmt
    set title 'Generation: peak heap per grid cell vs grid size (the grid included; mean over seeds)'
    set ylabel 'bytes per cell (log scale)'
    plot for [i=1:ng] dir.'/genmem.dat' index (i-1) using 1:2 lw 2 title word(gens, i)
    set output out.'/solve-memory.'.fmt
    set title 'Solving: peak heap per grid cell beyond the grid vs grid size (mean over mazes)'
    plot for [i=1:ns] dir.'/solvemem.dat' index (i-1) using 1:2 lw 2 title word(solvers, i)
}
