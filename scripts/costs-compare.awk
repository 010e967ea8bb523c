# costs-compare.awk - compare two cost tables (scripts/costs.awk's format):
#   awk -f scripts/csv.awk -f scripts/costs-compare.awk -v tol=1 OLD NEW
# One line per entry whose instruction count moved by more than tol percent
# (tol=0: every entry that moved at all), one per entry only one table has;
# then a summary. Exit status 1 when a line was printed, else 0.
# -v regen='...' names the command that rewrites OLD (in the messages).
FNR == 1 { file++ }
/^#/ || /^stage,/ { next }
{
    csv_split($0, f)
    key = f[1] " " f[2] " " f[4] "x" f[5]
    if (file == 1) { old[key] = f[8]; odig[key] = f[7]; order[++nold] = key }
    else { new[key] = f[8]; ndig[key] = f[7]; if (!(key in old)) added[++nadd] = key }
}
END {
    bad = 0; worst = 0; worstkey = ""
    for (k = 1; k <= nold; k++) {
        key = order[k]
        if (!(key in new)) { print "costs: " key ": in the baseline, not counted now"; bad++; continue }
        a = old[key] + 0; b = new[key] + 0
        pct = a > 0 ? 100 * (b - a) / a : (b > 0 ? 100 : 0)
        mag = pct < 0 ? -pct : pct
        if (mag > worst || worstkey == "") { worst = mag; worstkey = key; worstpct = pct }
        if (mag > tol || (tol == 0 && a != b)) {
            maze = odig[key] != ndig[key] ? " (the maze changed: digest " odig[key] " -> " ndig[key] ")" : ""
            printf "costs: %s: %.0f -> %.0f instructions (%+.2f%%)%s%s\n", key, a, b, pct,
                (tol > 0 ? ", beyond " tol "%" : ""), maze
            bad++
        }
    }
    for (k = 1; k <= nadd; k++) { print "costs: " added[k] ": counted now, not in the baseline"; bad++ }
    if (bad && regen != "")
        print "costs: " bad " entr" (bad == 1 ? "y" : "ies") " moved; if that is intended, regenerate the baseline with '" regen "' and review 'git diff data/costs-baseline.csv'"
    if (!bad)
        printf "costs: all %d entries within %s%% of the baseline (largest change %+.2f%%, %s)\n",
            nold, tol, worstpct, worstkey
    exit bad ? 1 : 0
}
