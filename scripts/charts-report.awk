# charts-report.awk - one of the report's chart data files (NAME.csv of
# 'mazebench report --charts DIR': the points the report draws, each with
# its series' colour, marker and dash, and the chart's texts in '#' lines)
# into a gnuplot script and its data, so that gnuplot draws the same
# points, from the same summary, in the same styles. Run by
# scripts/charts.sh:
#   awk -v dat=OUT.dat -v gp=OUT.gp -v stem=NAME -f scripts/csv.awk \
#       -f scripts/charts-report.awk NAME.csv
# The script it writes expects 'out' and 'fmt' (png or svg) and sets the
# terminal itself (its height grows with its rows of panels).

function q(s,    t) { t = s; gsub(/'/, "''", t); return "'" t "'" }
# s as a gnuplot double-quoted string, its newlines as \n
function dq(s,    t) { t = s; gsub(/\\/, "\\\\", t); gsub(/"/, "\\\"", t); gsub(/\n/, "\\n", t); return "\"" t "\"" }
function hexval(s,    i, c, v) {
    v = 0; s = tolower(s); sub(/^#/, "", s)
    for (i = 1; i <= length(s); i++) { c = index("0123456789abcdef", substr(s, i, 1)) - 1; v = v * 16 + c }
    return v
}
# marker (style.h) -> gnuplot point type; dash -> dash type
function pt(m) { return m == 0 ? 7 : m == 1 ? 5 : m == 2 ? 9 : m == 3 ? 13 : m == 4 ? 11 : 1 }
function dt(d) { return d == 0 ? "1" : d == 1 ? "(6,3)" : d == 2 ? "(2,2)" : d == 3 ? "(8,3,2,3)" : d == 4 ? "(4,4)" : "(1,3)" }
# A long text broken into lines of at most w characters, joined by \n.
function wrap(s, w,    out, line, n, i, word) {
    n = split(s, word, " "); out = ""; line = ""
    for (i = 1; i <= n; i++) {
        if (length(line) + length(word[i]) + 1 > w && line != "") { out = out (out == "" ? "" : "\n") line; line = word[i] }
        else line = line (line == "" ? "" : " ") word[i]
    }
    if (line != "") out = out (out == "" ? "" : "\n") line
    return out
}

/^# [a-z]+: / {
    k = $2; sub(/:$/, "", k)
    v = $0; sub(/^# [a-z]+: /, "", v)
    meta[k] = v
    next
}
!header { header = 1; next }
{
    n = csv_split($0, f)
    panel = f[2]; series = f[3]
    if (!(panel in pidx)) { pidx[panel] = ++np; pname[np] = panel }
    key = panel SUBSEP series
    if (!(key in sidx)) {
        sidx[key] = ++ns; spanel[ns] = pidx[panel]; sname[ns] = series
        scol[ns] = f[9]; spt[ns] = f[10]; sdt[ns] = f[11]
    }
    s = sidx[key]
    lo = f[7] == "" ? f[6] : f[7]; hi = f[8] == "" ? f[6] : f[8]
    # the shared axes' data range (every panel on the same axes, as the report)
    if (f[6] != "") {
        if (!nrange || lo + 0 < ymin) ymin = lo + 0
        if (!nrange || hi + 0 > ymax) ymax = hi + 0
        if (!nrange || f[5] + 0 < xmin) xmin = f[5] + 0
        if (!nrange || f[5] + 0 > xmax) xmax = f[5] + 0
        nrange++
    }
    if (meta["kind"] == "bars") {
        # category row, value, whiskers, colour
        if (!(f[4] in cidx)) { cidx[f[4]] = ++nc; cname[nc] = f[4] }
        pts[s] = pts[s] sprintf("%d %s %s %s %d %s\n", cidx[f[4]] - 1, f[6], lo, hi, hexval(f[9]), f[12])
    } else {
        pts[s] = pts[s] sprintf("%s %s %s %s %s\n", f[5], f[6], lo, hi, f[12])
    }
}
END {
    if (!ns) exit 1
    # the data: a block a series (gnuplot index s - 1)
    for (s = 1; s <= ns; s++) printf "%s\n\n", pts[s] > dat
    cols = np <= 1 ? 1 : np <= 4 ? 2 : 3
    if (meta["kind"] == "bars") cols = 1
    rows = int((np + cols - 1) / cols)
    h = 180 + 300 * rows
    if (meta["kind"] == "bars" && nc * 22 + 220 > h) h = nc * 22 + 220
    print "if (fmt eq 'svg') { set terminal svg size 1000," h " dynamic font 'Sans,11' background rgb 'white' } else { set terminal pngcairo size 1000," h " font 'Sans,10' background rgb 'white' }" > gp
    print "set output out.'/" stem ".'.fmt" > gp
    print "set encoding utf8; set grid lc rgb '#dddddd'; set key below center horizontal Left reverse noenhanced samplen 2 spacing 1.1 width 1" > gp
    print "set xlabel " q(meta["xlabel"]) " noenhanced; set ylabel " q(meta["ylabel"]) " noenhanced" > gp
    if (meta["kind"] == "bars") {
        print "unset logscale; set yrange [-0.7:" nc - 0.3 "] reverse; set xrange [0:*]" > gp
        printf "set ytics (" > gp
        for (c = 1; c <= nc; c++) printf("%s%s %d", (c > 1 ? ", " : ""), q(cname[c]), c - 1) > gp
        print ") noenhanced; set style fill solid 0.9 noborder; unset key; set xlabel " q(meta["xlabel"]) "; unset ylabel" > gp
    } else {
        print (meta["xlog"] == 1 ? "set logscale x; set format x '10^{%T}'" : "unset logscale x; set format x '%g'") > gp
        print (meta["ylog"] == 1 ? "set logscale y; set format y '%g'" : "unset logscale y; set format y '%g'") > gp
        if (meta["xlog"] == 1 && xmin > 0) printf("set xrange [%.10g:%.10g]\n", xmin / 1.25, xmax * 1.25) > gp
        else if (xmin == xmax) printf("set xrange [%.10g:%.10g]; set xtics (%.10g)\n", xmin * 0.9, xmax * 1.1, xmin) > gp
        else printf("set xrange [%.10g:%.10g]\n", xmin - 0.05 * (xmax - xmin), xmax + 0.05 * (xmax - xmin)) > gp
        if (meta["ylog"] == 1 && ymin > 0) {
            printf("set yrange [%.10g:%.10g]\n", ymin / 1.15, ymax * 1.15) > gp
            # ticks at 1, 2 and 5 times the decades inside (1 alone past two decades)
            k0 = int(log(ymin / 1.15) / log(10)) - 1; k1 = int(log(ymax * 1.15) / log(10)) + 1
            nt = split(k1 - k0 > 4 ? "1" : "1 2 5", mult, " "); tl = ""
            for (k = k0; k <= k1; k++) for (j = 1; j <= nt; j++) {
                v = mult[j] * 10 ^ k
                if (v >= ymin / 1.15 && v <= ymax * 1.15) tl = tl (tl == "" ? "" : ", ") sprintf("%g", v)
            }
            if (tl != "") print "set ytics (" tl ")" > gp
        } else {
            pad = (ymax - ymin) * 0.06 + (ymax == ymin ? 1 : 0)
            printf("set yrange [%.10g:%.10g]\n", (ymin - pad < 0 && ymin >= 0 ? 0 : ymin - pad), ymax + pad) > gp
        }
    }
    bm = 0.10 + 0.12 / rows
    print "set multiplot layout " rows "," cols " title " dq(meta["title"] "\n" wrap(meta["question"] "  " meta["note"], 150)) " noenhanced font ',10'" > gp
    for (p = 1; p <= np; p++) {
        print "set title " q(pname[p]) " noenhanced" > gp
        cmd = ""
        for (s = 1; s <= ns; s++) {
            if (spanel[s] != p) continue
            if (meta["kind"] == "bars") {
                cmd = cmd (cmd == "" ? "" : ", ") sprintf("'%s' index %d using 2:1:(0):2:($1-0.38):($1+0.38):5 with boxxyerror lc rgb variable notitle, '%s' index %d using 2:1:3:4 with xerrorbars pt -1 lc rgb '#222222' notitle", dat, s - 1, dat, s - 1)
            } else {
                cmd = cmd (cmd == "" ? "" : ", ") sprintf("'%s' index %d using 1:2:3:4 with yerrorlines lw 1.5 lc rgb '%s' pt %d dt %s title %s", dat, s - 1, scol[s], pt(spt[s]), dt(sdt[s]), q(sname[s]))
                cmd = cmd sprintf(", '%s' index %d using 1:($5 == 1 ? $2 : NaN) with points pt 6 ps 2.2 lc rgb '#222222' notitle", dat, s - 1)
            }
        }
        print "plot " cmd > gp
    }
    print "unset multiplot" > gp
}
