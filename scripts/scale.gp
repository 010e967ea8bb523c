# scale.gp - log-log chart of a 'mazebench scale' CSV: time a cell (ns, left
# axis; the median of the timed runs) of the generator and the solver, and
# memory a cell (bytes, right axis: the child's peak resident set and the
# engine's heap peak), against the number of cells. Writes outbase.png and
# outbase.svg.
#
#   gnuplot -e "infile='results/scale.csv'; outbase='results/scale'" scripts/scale.gp
#
# Columns are read by name (docs/measurement.md); '#' lines are skipped.
if (!exists("infile")) infile = 'results/scale.csv'
if (!exists("outbase")) outbase = 'results/scale'
# the two charts' files: outbase.png and outbase.svg unless given
if (!exists("pngfile")) pngfile = outbase.'.png'
if (!exists("svgfile")) svgfile = outbase.'.svg'

set datafile separator ','
set datafile commentschars '#'
set key autotitle columnhead
set logscale x 10
set logscale y 10
set logscale y2 10
set format x '1e%L'
set xlabel 'cells'
set ylabel 'time a cell (ns)'
set y2label 'memory a cell (bytes)'
set ytics nomirror
set y2tics
set y2range [0.5:*]
set grid xtics ytics
set key top right
first = "awk -F, '!/^#/ && ++n == 2 { print $%d; exit }' '%s'"
gen = system(sprintf(first, 1, infile))
sol = system(sprintf(first, 2, infile))
set title sprintf('mazebench scale: %s%s', gen, (strlen(sol) > 0 ? ' + '.sol : ''))

set terminal pngcairo size 900,560 noenhanced
set output pngfile
plot infile using 'cells':'gen_ns_per_cell' with linespoints lw 2 pt 7 title 'generator ns/cell', \
     '' using 'cells':(column('solve_ns_per_cell') > 0 ? column('solve_ns_per_cell') : NaN) \
        with linespoints lw 2 pt 5 title 'solver ns/cell', \
     '' using 'cells':'bytes_per_cell' axes x1y2 with linespoints lw 2 pt 9 dt 2 title 'peak resident bytes/cell', \
     '' using 'cells':'gen_heap_bytes_per_cell' axes x1y2 with linespoints lw 1 pt 6 dt 3 title 'generator heap bytes/cell'

set terminal svg size 900,560 noenhanced
set output svgfile
replot
unset output
