# charts.awk - aggregate a sweep CSV into the data files scripts/charts.gp
# plots. Run by scripts/charts.sh:
#   awk -v dir=DIR -f scripts/csv.awk -f scripts/charts.awk SWEEP_CSV
#
# Each maze (generator, seed, size, rep) appears once per solver row; its
# own figures are counted once. Sizes are grid cells, rows x cols. Means are
# over seeds and repetitions. Files written to DIR, one block per series
# (gnuplot 'index'), blocks separated by two blank lines, and a .names file
# listing the series titles in block order:
#   deadends.dat   size, mean dead ends / open cells          (per generator)
#   route.dat      size, mean route steps, mean longest path  (per generator;
#                  longest from the flood solver's longest column, when present)
#   astar.dat      K, mean closed cells, mean route cells     (per size, on one
#                  generator: board 06's dfs+braid:keep=0.4,offset=99 if swept)
#   walls.dat      left-hand steps, right-hand steps          (per generator)
#   gentime.dat    size, mean gen_ns / cell                   (per generator)
#   solvetime.dat  size, mean solve_ns / cell                 (per solver, the mazes
#                  of every generator; sizes only a fixed-size generator makes
#                  are left out, their mazes being unlike the rest)
#   genmem.dat     size, mean gen_peak_bytes / cell           (per generator)
#   solvemem.dat   size, mean solve_peak_bytes / cell         (per solver, as solvetime)

/^#/ { next }

!have_header {
    nh = csv_split($0, h)
    for (i = 1; i <= nh; i++) c[h[i]] = i
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
function slope(spec,    m) {
    if (match(spec, /k=[0-9.eE+-]+/)) return substr(spec, RSTART + 2, RLENGTH - 2) + 0
    return 1
}

{
    csv_split($0, f)
    if (f[c["cells"]] == "") next # a size the generator cannot make
    gen = f[c["gen"]]; solver = f[c["solver"]]
    size = f[c["rows"]] * f[c["cols"]]
    open = f[c["cells"]] + 0
    maze = gen SUBSEP f[c["seed"]] SUBSEP size SUBSEP f[c["rep"]]
    ngen = add_name(gens, ngen, gen)
    nsize = add_name(sizes, nsize, size)

    if (!(maze in seen)) {
        seen[maze] = 1
        if (!((gen, size) in gen_at)) { gen_at[gen, size] = 1; gens_at[size]++ }
        n[gen, size]++
        de[gen, size] += f[c["dead_ends"]] / open
        if (f[c["route"]] != "") { rt[gen, size] += f[c["route"]]; nrt[gen, size]++ }
        if (c["gen_ns"] && f[c["gen_ns"]] != "") {
            gt[gen, size] += f[c["gen_ns"]] / size; ngt[gen, size]++
        }
        if (c["gen_peak_bytes"] && f[c["gen_peak_bytes"]] != "") {
            gm[gen, size] += f[c["gen_peak_bytes"]] / size; ngm[gen, size]++
        }
    }
    if (solver == "") next
    nsolv = add_name(solvers, nsolv, solver)
    if (c["solve_ns"] && f[c["solve_ns"]] != "") {
        st[solver, size] += f[c["solve_ns"]] / size; nst[solver, size]++
    }
    if (c["solve_peak_bytes"] && f[c["solve_peak_bytes"]] != "") {
        sm[solver, size] += f[c["solve_peak_bytes"]] / size; nsm[solver, size]++
    }
    if (solver == "flood" && c["longest"] && f[c["longest"]] != "") {
        lp[gen, size] += f[c["longest"]]; nlp[gen, size]++
    }
    if (solver ~ /^astar(:|$)/ && f[c["closed"]] != "") {
        k = slope(solver)
        nk = add_name(slopes, nk, k)
        ac[gen, size, k] += f[c["closed"]]; nac[gen, size, k]++
        if (f[c["path_cells"]] != "") { ar[gen, size, k] += f[c["path_cells"]] }
        astar_gen[gen] = 1
    }
    if (f[c["found"]] == "1" && f[c["steps"]] != "") {
        if (solver == "wall") left[maze] = f[c["steps"]]
        if (solver == "wall:hand=right") right[maze] = f[c["steps"]]
    }
}

function sort_num(list, cnt,    i, j, t) {
    for (i = 2; i <= cnt; i++)
        for (j = i; j > 1 && list[j - 1] + 0 > list[j] + 0; j--) {
            t = list[j]; list[j] = list[j - 1]; list[j - 1] = t
        }
}

function block_end(file) { printf "\n\n" > file }

END {
    sort_num(sizes, nsize)
    sort_num(slopes, nk)

    for (g = 1; g <= ngen; g++) {
        name = gens[g]
        print name > (dir "/gens.names")
        for (s = 1; s <= nsize; s++) {
            z = sizes[s]
            if (!n[name, z]) continue
            printf "%d %.6g\n", z, de[name, z] / n[name, z] > (dir "/deadends.dat")
            printf "%d %s %s\n", z, nrt[name, z] ? rt[name, z] / nrt[name, z] : "NaN",
                nlp[name, z] ? lp[name, z] / nlp[name, z] : "NaN" > (dir "/route.dat")
            if (ngt[name, z])
                printf "%d %.6g\n", z, gt[name, z] / ngt[name, z] > (dir "/gentime.dat")
            if (ngm[name, z])
                printf "%d %.6g\n", z, gm[name, z] / ngm[name, z] > (dir "/genmem.dat")
        }
        block_end(dir "/deadends.dat"); block_end(dir "/route.dat")
        block_end(dir "/gentime.dat"); block_end(dir "/genmem.dat")
        # left vs right: one point per maze
        nw = 0
        for (m in left) {
            split(m, parts, SUBSEP)
            if (parts[1] == name && (m in right)) {
                print left[m], right[m] > (dir "/walls.dat"); nw++
            }
        }
        if (!nw) print "NaN NaN" > (dir "/walls.dat")
        block_end(dir "/walls.dat")
    }

    for (q = 1; q <= nsolv; q++) {
        name = solvers[q]
        print name > (dir "/solvers.names")
        any = 0
        for (s = 1; s <= nsize; s++) {
            z = sizes[s]
            if (nst[name, z] && gens_at[z] > 1) { printf "%d %.6g\n", z, st[name, z] / nst[name, z] > (dir "/solvetime.dat"); any = 1 }
        }
        if (!any) print "NaN NaN" > (dir "/solvetime.dat")
        block_end(dir "/solvetime.dat")
        any = 0
        for (s = 1; s <= nsize; s++) {
            z = sizes[s]
            if (nsm[name, z] && gens_at[z] > 1) { printf "%d %.6g\n", z, sm[name, z] / nsm[name, z] > (dir "/solvemem.dat"); any = 1 }
        }
        if (!any) print "NaN NaN" > (dir "/solvemem.dat")
        block_end(dir "/solvemem.dat")
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
            k = slopes[i]
            if (nac[pick, z, k]) {
                printf "%s %.6g %.6g\n", k, ac[pick, z, k] / nac[pick, z, k],
                    ar[pick, z, k] / nac[pick, z, k] > (dir "/astar.dat")
                any = 1
            }
        }
        if (any) { print z > (dir "/astar.names"); block_end(dir "/astar.dat") }
    }
    close(dir "/astar.names")
}
