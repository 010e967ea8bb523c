# charts.awk - aggregate a sweep CSV into the data files scripts/charts.gp
# plots. Run by scripts/charts.sh:
#   awk -v dir=DIR -v csv=SWEEP_CSV -f scripts/csv.awk -f scripts/charts.awk SWEEP_CSV
#
# A sweep CSV is recognised by its header (gen, seed, rows, cols, rep,
# cells, dead_ends, route); anything else is refused with one line on
# stderr and exit status 2. Columns are found by name, so a sweep of any
# plan and any registry works; a figure a sweep lacks (no solver, no flood,
# no wall follower, no timing) just leaves its file empty.
#
# Each maze (generator, seed, size, rep) appears once per solver row; its
# own figures are counted once. Sizes are grid cells, rows x cols. Every
# point is summarised over seeds and repetitions as mean, min and max, so
# the charts show the spread, not only the mean. Files written to DIR, one
# block per series (gnuplot 'index'), blocks separated by two blank lines,
# each with a NAME.names file listing the series titles in block order (a
# chart has data exactly when its .names file is not empty):
#   deadends   size, dead ends / open cells: mean min max       (per generator)
#   route      size, route steps: mean min max                  (per generator)
#   longest    size, flood's longest path: mean min max, exact  (per generator;
#              exact is 1 when every maze's longest_exact was 1, else 0: the
#              double sweep is then only a lower bound)
#   astar      K, closed cells: mean min max, route cells mean  (per grid size, on
#              one generator: board 06's dfs+braid:keep=0.4,offset=99 if swept,
#              else the first one astar ran on; its name in astar.gen)
#   walls      left-hand steps, right-hand steps, one line a maze where both
#              hands arrived                                    (per generator)
#   gentime    size, gen_ns per grid cell: mean min max         (per generator)
#   genmem     size, gen_peak_bytes per grid cell: mean min max (per generator)
#   solvetime  size, solve_ns per open cell: mean min max       (per solver, the
#              mazes of every generator; a size only one generator makes is
#              left out when the sweep has several)
#   solvemem   size, solve_peak_bytes per grid cell: mean min max (per solver)
# The time and memory titles of a generator that leaves much of its grid
# blocked carry the share of the grid its mazes leave open.

BEGIN { nreq = split("gen seed rows cols rep cells dead_ends route", req, " ") }

/^#/ { next }

!have_header {
    nh = csv_split($0, h)
    for (i = 1; i <= nh; i++) c[h[i]] = i
    for (i = 1; i <= nreq; i++) {
        if (!(req[i] in c)) {
            printf "charts: '%s' is not a sweep CSV (no column '%s')\n", csv, req[i] > "/dev/stderr"
            bad = 1
            exit 2
        }
    }
    have_header = 1
    next
}

function add_name(list, cnt, name,    k) {
    # returns the new count; list[1..cnt] keeps first-seen order
    for (k = 1; k <= cnt; k++) if (list[k] == name) return cnt
    list[++cnt] = name
    return cnt
}

# The slope of an astar solver spec; its default is k = 1 (mazebench list).
function slope(spec) {
    if (match(spec, /k=[0-9.eE+-]+/)) return substr(spec, RSTART + 2, RLENGTH - 2) + 0
    return 1
}

# Running mean, min and max of series key under statistic name st.
function acc(st, key, v) {
    if (!((st, key) in N)) { MIN[st, key] = v; MAX[st, key] = v }
    N[st, key]++
    SUM[st, key] += v
    if (v < MIN[st, key]) MIN[st, key] = v
    if (v > MAX[st, key]) MAX[st, key] = v
}

function has(col) { return (col in c) && f[c[col]] != "" }

{
    nf = csv_split($0, f)
    rows_seen++
    if (f[c["cells"]] == "") next # a size the generator cannot make
    gen = f[c["gen"]]
    solver = ("solver" in c) ? f[c["solver"]] : ""
    size = f[c["rows"]] * f[c["cols"]]
    open = f[c["cells"]] + 0
    maze = gen SUBSEP f[c["seed"]] SUBSEP size SUBSEP f[c["rep"]]
    ngen = add_name(gens, ngen, gen)
    nsize = add_name(sizes, nsize, size)

    if (!(maze in seen)) {
        seen[maze] = 1
        mazes++
        if (!((gen, size) in gen_at)) { gen_at[gen, size] = 1; gens_at[size]++ }
        share = open / size
        if (!(gen in smin) || share < smin[gen]) smin[gen] = share
        if (!(gen in smax) || share > smax[gen]) smax[gen] = share
        if (open > 0) acc("de", gen SUBSEP size, f[c["dead_ends"]] / open)
        if (has("route")) acc("rt", gen SUBSEP size, f[c["route"]] + 0)
        if (has("gen_ns")) acc("gt", gen SUBSEP size, f[c["gen_ns"]] / size)
        if (has("gen_peak_bytes")) acc("gm", gen SUBSEP size, f[c["gen_peak_bytes"]] / size)
    }
    if (solver == "") next
    nsolv = add_name(solvers, nsolv, solver)
    if (has("solve_ns") && open > 0) acc("st", solver SUBSEP size, f[c["solve_ns"]] / open)
    if (has("solve_peak_bytes")) acc("sm", solver SUBSEP size, f[c["solve_peak_bytes"]] / size)
    if (solver ~ /^flood(:|$)/ && has("longest")) {
        acc("lp", gen SUBSEP size, f[c["longest"]] + 0)
        if (!has("longest_exact") || f[c["longest_exact"]] != "1") inexact[gen, size] = 1
    }
    if (solver ~ /^astar(:|$)/ && has("closed")) {
        k = slope(solver)
        nk = add_name(slopes, nk, k)
        acc("ac", gen SUBSEP size SUBSEP k, f[c["closed"]] + 0)
        if (has("path_cells")) acc("ar", gen SUBSEP size SUBSEP k, f[c["path_cells"]] + 0)
        astar_gen[gen] = 1
    }
    if (has("found") && f[c["found"]] == "1" && has("steps")) {
        if (solver == "wall" || solver == "wall:hand=left") left[maze] = f[c["steps"]]
        if (solver == "wall:hand=right") right[maze] = f[c["steps"]]
    }
}

function pct(x) { return sprintf(x < 0.1 ? "%.2g%%" : "%.0f%%", 100 * x) }

function sort_num(list, cnt,    i, j, t) {
    for (i = 2; i <= cnt; i++)
        for (j = i; j > 1 && list[j - 1] + 0 > list[j] + 0; j--) {
            t = list[j]; list[j] = list[j - 1]; list[j - 1] = t
        }
}

# One "x mean min max" line of statistic st for key, when it has data.
function point(file, x, st, key) {
    if (!((st, key) in N)) return 0
    printf "%s %.6g %.6g %.6g", x, SUM[st, key] / N[st, key], MIN[st, key], MAX[st, key] > file
    return 1
}

# One block a series for statistic st over every size; the series title
# goes to NAME.names only when the block has a point.
function series(name, st, title, series_key, mixed,    file, s, any) {
    file = dir "/" name ".dat"
    any = 0
    for (s = 1; s <= nsize; s++) {
        # A solver's point mixes the mazes of every generator: a size only
        # one generator makes (pacman's fixed 31x28) is left out, its mazes
        # being unlike the rest.
        if (mixed && ngen > 1 && gens_at[sizes[s]] < 2) continue
        if (point(file, sizes[s], st, series_key SUBSEP sizes[s])) {
            if (st == "lp") printf " %d", !((series_key, sizes[s]) in inexact) > file
            printf "\n" > file
            any = 1
        }
    }
    if (any) { printf "\n\n" > file; print title > (dir "/" name ".names") }
}

END {
    if (bad) exit 2
    if (!have_header || mazes == 0) {
        printf "charts: '%s' has no maze rows to chart\n", csv > "/dev/stderr"
        exit 2
    }
    sort_num(sizes, nsize)
    sort_num(slopes, nk)
    # Every names file exists, possibly empty.
    split("deadends route longest astar walls gentime genmem solvetime solvemem", all, " ")
    for (i in all) printf "" > (dir "/" all[i] ".names")

    for (g = 1; g <= ngen; g++) {
        name = gens[g]
        series("deadends", "de", name, name)
        series("route", "rt", name, name)
        series("longest", "lp", name, name)
        # Time and memory are per grid cell: say so where a generator
        # leaves much of the grid blocked (treasure, pacman).
        t = name
        if (smax[name] < 0.95)
            t = sprintf("%s (open: %s of the grid)", name, smin[name] == smax[name] ? pct(smin[name]) \
                        : pct(smin[name]) "-" pct(smax[name]))
        series("gentime", "gt", t, name)
        series("genmem", "gm", t, name)
        # left vs right: one point a maze
        nw = 0
        for (m in left) {
            split(m, parts, SUBSEP)
            if (parts[1] == name && (m in right)) {
                print left[m], right[m] > (dir "/walls.dat"); nw++
            }
        }
        if (nw) { printf "\n\n" > (dir "/walls.dat"); print name > (dir "/walls.names") }
    }
    for (q = 1; q <= nsolv; q++) {
        name = solvers[q]
        series("solvetime", "st", name, name, 1)
        series("solvemem", "sm", name, name, 1)
    }

    # A*: board 06's maze when it was swept, else the first generator A* ran on.
    pick = ""
    if ("dfs+braid:keep=0.4,offset=99" in astar_gen) pick = "dfs+braid:keep=0.4,offset=99"
    else for (g = 1; g <= ngen; g++) if (pick == "" && gens[g] in astar_gen) pick = gens[g]
    print pick > (dir "/astar.gen")
    for (s = 1; s <= nsize; s++) {
        z = sizes[s]
        any = 0
        for (i = 1; i <= nk; i++) {
            key = pick SUBSEP z SUBSEP slopes[i]
            if (point(dir "/astar.dat", slopes[i], "ac", key)) {
                rc = (("ar", key) in N) ? sprintf("%.6g", SUM["ar", key] / N["ar", key]) : "NaN"
                printf " %s\n", rc > (dir "/astar.dat")
                any = 1
            }
        }
        if (any) { print z > (dir "/astar.names"); printf "\n\n" > (dir "/astar.dat") }
    }
}
