# scale.gp - log-log chart of a 'mazebench scale' CSV: time a cell (ns, left
# axis) of the generator and the solver, and peak memory a cell (bytes, right
# axis), against the number of cells. Writes outbase.png and outbase.svg.
#
#   gnuplot -e "infile='results/scale.csv'; outbase='results/scale'" scripts/scale.gp
#
# Columns: gen,solver,seed,rows,cols,cells,gen_ns_per_cell,solve_ns_per_cell,
#          peak_rss_kb,bytes_per_cell,digest
if (!exists("infile")) infile = 'results/scale.csv'
if (!exists("outbase")) outbase = 'results/scale'

set datafile separator ','
set key autotitle columnhead
set logscale x 10
set logscale y 10
set logscale y2 10
set format x '1e%L'
set xlabel 'cells'
set ylabel 'time a cell (ns)'
set y2label 'peak memory a cell (bytes)'
set ytics nomirror
set y2tics
set grid xtics ytics
set key top right
gen = system(sprintf("awk -F, 'NR==2{print $1}' '%s'", infile))
sol = system(sprintf("awk -F, 'NR==2{print $2}' '%s'", infile))
set title sprintf('mazebench scale: %s%s', gen, (strlen(sol) > 0 ? ' + '.sol : ''))

set terminal pngcairo size 900,560 noenhanced
set output outbase.'.png'
plot infile using 6:7 with linespoints lw 2 pt 7 title 'generator ns/cell', \
     '' using 6:($8 > 0 ? $8 : NaN) with linespoints lw 2 pt 5 title 'solver ns/cell', \
     '' using 6:10 axes x1y2 with linespoints lw 2 pt 9 dt 2 title 'peak bytes/cell'

set terminal svg size 900,560 noenhanced
set output outbase.'.svg'
replot
unset output
