# charts.gp - the two figure charts the report does not draw (astar:
# closed cells vs the heuristic slope; wall-hands: left vs right hand),
# from the data files that scripts/charts.awk writes (see there for what
# each holds). The time, memory, dead-end and route charts are the
# report's own points (scripts/charts-report.awk). Run by scripts/charts.sh,
# which passes the charts that have data in `want`; by hand:
#   gnuplot -e "dir='DATA'; out='OUT'; fmt='png'; want='astar wall-hands'" scripts/charts.gp
# fmt is png (pngcairo) or svg. Every chart has a title, axes with units and
# a legend below the plot; sizes are grid cells (rows x cols) on log axes.
# Points are means over seeds and repetitions, bars span min to max. Series
# that would sit on top of each other are shifted a little along x (on a
# log axis by a constant factor, so the shift looks the same everywhere)
# and drawn with distinct points; scatter points are translucent.

if (!exists("fmt")) fmt = 'png'
if (!exists("want")) want = 'astar wall-hands'
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

# 1. A*: closed cells vs the heuristic slope K, one line per size, with the
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

# 2. Wall follower: left hand vs right hand steps, one point per maze, in
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
