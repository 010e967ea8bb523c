# costs.awk - the cost table of one 'mazebench sweep --count' file: one row
# a generator (stage gen) or a solver (stage solve) and size, with the
# instructions and last-level misses of the timed call.
# Include scripts/csv.awk first. -v stage=gen|solve; -v header=1 prints the
# header line.
/^#/ { next }
!n {
    n = csv_split($0, h)
    for (i = 1; i <= n; i++) at[h[i]] = i
    if (!at["gen_instr"] || !at["solve_instr"]) {
        print "costs: the sweep has no gen_instr and solve_instr columns" > "/dev/stderr"
        exit 1
    }
    if (header) print "stage,entry,maze,rows,cols,seed,digest,instr,llc_miss"
    next
}
{
    csv_split($0, f)
    if (stage == "gen") {
        key = f[at["gen"]] SUBSEP f[at["rows"]] SUBSEP f[at["cols"]] SUBSEP f[at["seed"]]
        if (key in seen) next
        seen[key] = 1
        entry = f[at["gen"]]; ins = f[at["gen_instr"]]; miss = f[at["gen_llc_miss"]]
    } else {
        entry = f[at["solver"]]; ins = f[at["solve_instr"]]; miss = f[at["solve_llc_miss"]]
    }
    if (ins == "") {
        print "costs: " entry " at " f[at["rows"]] "x" f[at["cols"]] " has no count" > "/dev/stderr"
        exit 1
    }
    print stage "," csv_quote(entry) "," csv_quote(f[at["gen"]]) "," f[at["rows"]] "," \
        f[at["cols"]] "," f[at["seed"]] "," f[at["digest"]] "," ins "," miss
}
