# charts.gp - the sweep's charts, drawn from the data files that
# scripts/charts.awk writes (see there for what each holds). Run by
# scripts/charts.sh, which passes the charts that have data in `want`;
# by hand:
#   gnuplot -e "dir='DATA'; out='OUT'; fmt='png'; want='deadends routes'" scripts/charts.gp
# fmt is png (pngcairo) or svg. Every chart has a title, axes with units and
# a legend below the plot; sizes are grid cells (rows x cols) on log axes.
# Points are means over seeds and repetitions, bars span min to max. Series
# that would sit on top of each other are shifted a little along x (on a
# log axis by a constant factor, so the shift looks the same everywhere)
# and drawn with distinct points; scatter points are translucent.

if (!exists("fmt")) fmt = 'png'
if (!exists("want")) want = 'deadends routes astar wall-hands gen-time solve-time gen-memory solve-memory'
if (fmt eq 'svg') {
    set terminal svg size 1000,640 dynamic font 'Sans,12' background rgb 'white'
} else {
    set terminal pngcairo size 1000,640 font 'Sans,11' background rgb 'white'
}
set encoding utf8
set grid lc rgb '#dddddd'
set key below center horizontal Left reverse noenhanced samplen 2 spacing 1.1 width 1
set border lw 1
set pointsize 1
# 20 colour and point pairs, all different: the default plan has 16 solvers.
array COL[20] = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', \
                 '#e377c2', '#7f7f7f', '#bcbd22', '#17becf', '#000000', '#aec7e8', \
                 '#98df8a', '#ff9896', '#c5b0d5', '#c49c94', '#393b79', '#637939', \
                 '#8c6d31', '#843c39']
array PT[20] = [7, 5, 9, 11, 13, 4, 6, 8, 10, 12, 1, 2, 3, 14, 15, 7, 5, 9, 11, 13]
col(i) = COL[(i - 1) % 20 + 1]
pt(i) = PT[(i - 1) % 20 + 1]
# The same colour, translucent (gnuplot's #AARRGGBB, AA = transparency).
glass(i) = '#70'.col(i)[2:7]
do for [i=1:20] { set linetype i lc rgb COL[i] pt PT[i] lw 2 }
set linetype cycle 20
# Axes start and end where the data does, with a little room.
set autoscale fix
set offsets graph 0.03, graph 0.03, graph 0.06, graph 0.06

has(c) = strstrt(' '.want.' ', ' '.c.' ') > 0
names(f) = system("cat '".dir."/".f.".names' 2>/dev/null")
# Line i of a .names file: titles may hold spaces.
title(f, i) = system(sprintf("sed -n '%dp' '%s/%s.names'", i, dir, f))
count(f) = int(system("wc -l < '".dir."/".f.".names' 2>/dev/null || echo 0"))
# Shift of series i of n along a log x axis: a factor of 10^(0.012 per step).
shift(i, n) = 10 ** ((i - (n + 1) / 2.0) * 0.012)
# A log axis cannot show 0: such a point's bar starts at the point.
pos(v) = v > 0 ? v : NaN
spread = 'mean over seeds and repetitions; bars: min to max'
# Axes fitted to a data file: a log grid-size axis over several sizes, a
# plain one round a single size; a log y axis only when the data spans more
# than a decade (column c; the label suffix in yl).
setx(f) = sprintf("stats '%s' using 1 nooutput; if (STATS_min == STATS_max) { unset logscale x; set xrange [STATS_min / 1.12 : STATS_min * 1.12]; set xtics (sprintf('%%.0f', STATS_min) STATS_min); set format x '%%g' } else { set logscale x; set xrange [*:*]; set xtics autofreq; set format x '10^{%%T}' }", f)
sety(f, c) = sprintf("stats '%s' using %d nooutput; if (STATS_min > 0 && STATS_max > 10 * STATS_min) { set logscale y; set format y '10^{%%T}'; yl = ', log scale' } else { unset logscale y; set format y '%%g'; yl = '' }", f, c)

# 1. Dead ends as a share of open cells, per generator, vs grid size.
if (has('deadends')) {
    f = dir.'/deadends.dat'
    n = count('deadends')
    set output out.'/deadends.'.fmt
    set title "Dead ends per open cell vs grid size\n{/*0.8 ".spread."}" enhanced
    eval setx(f)
    unset logscale y
    set format y '%g'
    set xlabel 'grid size (cells, rows x cols'.(n > 0 && STATS_min == STATS_max ? ')' : ', log scale)')
    set ylabel 'dead ends / open cells (share)'
    plot for [i=1:n] f index (i-1) using ($1*shift(i,n)):2:3:4 \
         with yerrorlines lc i pt pt(i) title title('deadends', i)
}

# 2. Route length and longest path, per generator, vs grid size: two panels.
#    The longest path is flood's double sweep: exact only on a maze without
#    loops, a lower bound otherwise (hollow points).
if (has('routes')) {
    f = dir.'/route.dat'
    fl = dir.'/longest.dat'
    n = count('route')
    nl = count('longest')
    set output out.'/routes.'.fmt
    eval setx(f)
    set xlabel 'grid size (cells'.(STATS_min == STATS_max ? ')' : ', log scale)')
    if (nl > 0) {
        # Two panels side by side over one legend that spans both; one
        # y axis for both, fitted to the longest paths (never shorter).
        eval sety(fl, 4)
        set multiplot title "Route and longest path vs grid size {/*0.8 (".spread.")}" enhanced
        set tmargin at screen 0.86
        set bmargin at screen 0.25
        set lmargin at screen 0.08
        set rmargin at screen 0.48
        set key at screen 0.5, screen 0.01 center bottom vertical maxrows 4
        set title 'Route entrance to exit (BFS)'
    } else {
        eval sety(f, 2)
        set title "Route entrance to exit (BFS) vs grid size\n{/*0.8 ".spread."}" enhanced
    }
    set ylabel 'steps'.yl
    plot for [i=1:n] f index (i-1) using ($1*shift(i,n)):(pos($2)):(pos($3)):(pos($4)) \
         with yerrorlines lc i pt pt(i) title title('route', i)
    if (nl > 0) {
        set title "Longest path (flood's double sweep)\n{/*0.8 filled: exact (no loops); hollow: a lower bound (the maze has loops)}" enhanced
        unset key
        set lmargin at screen 0.58
        set rmargin at screen 0.98
        unset ylabel
        plot for [i=1:nl] fl index (i-1) using ($1*shift(i,nl)):2 with lines lc i notitle, \
             for [i=1:nl] fl index (i-1) \
                 using ($1*shift(i,nl)):($5 == 1 ? $2 : NaN):3:4 with yerrorbars lc i pt pt(i) notitle, \
             for [i=1:nl] fl index (i-1) \
                 using ($1*shift(i,nl)):($5 == 1 ? NaN : $2):3:4 with yerrorbars lc i pt 6 ps 1.3 notitle
        unset multiplot
        set key below center horizontal Left reverse noenhanced samplen 2 spacing 1.1 width 1
        unset tmargin; unset bmargin; unset lmargin; unset rmargin
    }
}

# 3. A*: closed cells vs the heuristic slope K, one line per size, with the
#    route's cells (what a perfect guide would close) for reference.
if (has('astar')) {
    f = dir.'/astar.dat'
    astar_gen = system("cat '".dir."/astar.gen'")
    na = count('astar')
    set output out.'/astar.'.fmt
    # noenhanced: a spec may hold characters enhanced text would eat (_ ^).
    set title sprintf("A* on %s: cells closed vs heuristic slope K\n%s; dashed: the route's cells", astar_gen, spread) noenhanced
    unset logscale x
    set xrange [*:*]
    set xtics autofreq
    set format x '%g'
    set xlabel 'heuristic slope K in f = g + K h (K = 0: Dijkstra; shortest route guaranteed for K <= 1)'
    eval sety(f, 2)
    set ylabel 'cells'.yl
    plot for [i=1:na] f index (i-1) using ($1 + (i - (na + 1) / 2.0) * 0.03):2:3:4 \
             with yerrorlines lc i pt pt(i) title sprintf('closed, %s-cell grid', title('astar', i)), \
         for [i=1:na] f index (i-1) using 1:5 with lines lw 1 dt 2 lc i notitle
    set title enhanced
}

# 4. Wall follower: left hand vs right hand steps, one point per maze, in
#    one small panel per generator on shared axes (the generators' clouds
#    would hide each other in one panel), translucent so piles show.
if (has('wall-hands')) {
    f = dir.'/walls.dat'
    nw = count('walls')
    set output out.'/wall-hands.'.fmt
    stats f using 1:2 nooutput
    lo = (STATS_min_x < STATS_min_y ? STATS_min_x : STATS_min_y) / 1.3
    hi = (STATS_max_x > STATS_max_y ? STATS_max_x : STATS_max_y) * 1.3
    pc = ceil(sqrt(nw))
    pr = ceil(nw * 1.0 / pc)
    set multiplot layout pr,pc title "Wall follower: left-hand vs right-hand steps, one point per maze where both hands arrived\n{/*0.8 one panel per generator, shared log axes; dotted: left = right; translucent points, darker where they pile up}" enhanced
    set logscale xy
    set xrange [lo:hi]
    set yrange [lo:hi]
    set xtics autofreq font ',9'
    set ytics font ',9'
    set format x '10^{%T}'
    set format y '10^{%T}'
    set xlabel 'left-hand steps' font ',9' offset 0,0.5
    set ylabel 'right-hand steps' font ',9' offset 1,0
    unset key
    do for [i=1:nw] {
        set title title('walls', i) noenhanced font ',10'
        plot f index (i-1) using 1:2 with points pt 7 ps 0.8 lc rgb glass(i) notitle, \
             x with lines lc rgb '#888888' dt 3 lw 1 notitle
    }
    unset multiplot
    set key below center horizontal Left reverse noenhanced samplen 2 spacing 1.1 width 1
    set xrange [*:*]
    set yrange [*:*]
    set autoscale fix
    set xtics font ''
    set ytics font ''
    set xlabel font '' offset 0,0
    set ylabel font '' offset 0,0
    set title font '' enhanced
}

# 5. Time per cell vs grid size: generators (per grid cell: the whole grid
#    is made, blocked cells too), then solvers (per open cell: they walk
#    open cells only).
# 6. Heap per grid cell vs grid size, from the per-row gen_peak_bytes and
#    solve_peak_bytes: generators (the grid, 1 byte a cell, included), then
#    solvers (beyond the grid).
# chart, data, title, y label
array CH[4] = ['gen-time', 'solve-time', 'gen-memory', 'solve-memory']
array DA[4] = ['gentime', 'solvetime', 'genmem', 'solvemem']
array TI[4] = [ \
    "Generation time per grid cell vs grid size (every stage of the spec)\n{/*0.8 ".spread."; per grid cell, blocked cells included: see the open share in the legend}", \
    "Solving time per open cell vs grid size (the mazes of every generator)\n{/*0.8 ".spread."}", \
    "Generation: peak heap per grid cell vs grid size (the grid included)\n{/*0.8 ".spread."; see the open share in the legend}", \
    "Solving: peak heap per grid cell beyond the grid vs grid size (the mazes of every generator)\n{/*0.8 ".spread."}"]
array YL[4] = ['ns per grid cell (monotonic clock', 'ns per open cell (monotonic clock', \
               'bytes per grid cell (heap', 'bytes per grid cell (heap']
do for [c=1:4] {
    if (has(CH[c])) {
        f = dir.'/'.DA[c].'.dat'
        n = count(DA[c])
        set output out.'/'.CH[c].'.'.fmt
        set title TI[c] enhanced
        eval setx(f)
        set xlabel 'grid size (cells'.(STATS_min == STATS_max ? ')' : ', log scale)')
        eval sety(f, 2)
        set ylabel YL[c].yl.')'
        plot for [i=1:n] f index (i-1) using ($1*shift(i,n)):(pos($2)):(pos($3)):(pos($4)) \
             with yerrorlines lc i pt pt(i) title title(DA[c], i)
    }
}
