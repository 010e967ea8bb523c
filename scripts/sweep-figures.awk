# sweep-figures.awk - keep a sweep CSV's deterministic columns (those before
# gen_ns) that hold a value in at least one row; drop '#' lines. Used by
# scripts/regen-sweep-golden.sh.  awk -f scripts/csv.awk -f scripts/sweep-figures.awk FILE
/^#/ { next }
!seen_header {
    nh = csv_split($0, h)
    last = csv_index(h, nh, "gen_ns") - 1
    if (last < 0) last = nh
    seen_header = 1
    next
}
{
    n = csv_split($0, f)
    rows++
    for (i = 1; i <= last; i++) {
        cell[rows, i] = f[i]
        if (f[i] != "") used[i] = 1
    }
}
END {
    line = ""
    for (i = 1; i <= last; i++) if (used[i]) line = line (line == "" ? "" : ",") h[i]
    print line
    for (r = 1; r <= rows; r++) {
        line = ""; first = 1
        for (i = 1; i <= last; i++) if (used[i]) {
            line = line (first ? "" : ",") csv_quote(cell[r, i]); first = 0
        }
        print line
    }
}
