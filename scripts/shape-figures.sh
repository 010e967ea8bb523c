#!/bin/sh
# The registry entries' figures by shape, one table: data/shape-figures.csv
# holds a row for each entry and shape (the shape's name in the shape
# list, src/mazebench_shapes.h) with the entry's measured bytes a cell, its
# fixed bytes and bytes a column, its trace steps a cell at most (-1:
# unbounded, a random walk) and its draws a cell (c0 + c1 L + c2 L^2 +
# c3 L^3, L the side: docs/random.md, "Draws"); src/core/figures.h, which
# every entry's record takes its arrays from (MZ_FIGURES_NAME), is made
# from it. How each figure is measured: docs/extending.md, "Adding a
# shape", step 4.
#
#   sh scripts/shape-figures.sh           write src/core/figures.h from the table
#   sh scripts/shape-figures.sh --check   fail when src/core/figures.h is not
#                                          what the table makes (the test shape_figures)
set -eu
cd "$(dirname "$0")/.."
csv=data/shape-figures.csv
out=src/core/figures.h
check=""
[ "${1:-}" = --check ] && check=1
[ -f "$csv" ] || { echo "shape-figures: no $csv" >&2; exit 1; }
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
awk -F, '
function arr(field, n,   k, s, sh) {
    s = ""
    for (k = 1; k <= n; k++) {
        sh = order[e, k]
        v = val[e, sh, field]
        if (v == 0) continue
        if (field == "trace" && v == -1) v = "MZ_TRACE_UNBOUNDED"
        s = s (s == "" ? "" : ", ") "[MZ_SHAPE_" toupper(sh) "] = " v
    }
    return "{" (s == "" ? "0" : s) "}"
}
function draws(n,   k, s, sh, d) {
    s = ""
    for (k = 1; k <= n; k++) {
        sh = order[e, k]
        d = val[e, sh, "c0"] ", " val[e, sh, "c1"] ", " val[e, sh, "c2"] ", " val[e, sh, "c3"]
        if (d == "0, 0, 0, 0") continue
        s = s (s == "" ? "" : ", ") "[MZ_SHAPE_" toupper(sh) "] = {" d "}"
    }
    return "{" (s == "" ? "{0}" : s) "}"
}
NR == 1 {
    if ($0 != "entry,shape,bytes_per_cell,bytes_fixed,bytes_per_col,trace_steps_per_cell,draws_c0,draws_c1,draws_c2,draws_c3") {
        print "shape-figures: " FILENAME ": not the header this script reads" > "/dev/stderr"; exit 1
    }
    next
}
/^#/ || NF == 0 { next }
NF != 10 { print "shape-figures: " FILENAME ":" NR ": not 10 fields" > "/dev/stderr"; bad = 1; exit 1 }
{
    e = $1
    if (!(e in seen)) { seen[e] = 1; entries[++ne] = e }
    if ((e, $2) in row) { print "shape-figures: " FILENAME ":" NR ": " e " on " $2 " twice" > "/dev/stderr"; bad = 1; exit 1 }
    row[e, $2] = 1
    order[e, ++ns[e]] = $2
    val[e, $2, "bpc"] = $3; val[e, $2, "fixed"] = $4; val[e, $2, "col"] = $5; val[e, $2, "trace"] = $6
    val[e, $2, "c0"] = $7; val[e, $2, "c1"] = $8; val[e, $2, "c2"] = $9; val[e, $2, "c3"] = $10
}
END {
    if (bad) exit 1
    print "/* figures.h - made by scripts/shape-figures.sh from data/shape-figures.csv:"
    print " * edit the table and run the script, never this file. Each registry entry'"'"'s"
    print " * figures by shape, as designated initialisers of its mz_algo record"
    print " * (MZ_FIGURES_NAME, NAME the entry with _ for -). Not part of the API. */"
    print "#ifndef MZ_CORE_FIGURES_H"
    print "#define MZ_CORE_FIGURES_H"
    print ""
    for (i = 1; i <= ne; i++) {
        e = entries[i]; id = e; gsub(/-/, "_", id)
        print "#define MZ_FIGURES_" id " \\"
        print "    .bytes_per_cell = " arr("bpc", ns[e]) ", \\"
        print "    .bytes_fixed = " arr("fixed", ns[e]) ", \\"
        print "    .bytes_per_col = " arr("col", ns[e]) ", \\"
        print "    .trace_steps_per_cell = " arr("trace", ns[e]) ", \\"
        print "    .draws_per_cell = " draws(ns[e])
        print ""
    }
    print "#endif /* MZ_CORE_FIGURES_H */"
}' "$csv" >"$tmp"
if [ -n "$check" ]; then
    if ! cmp -s "$tmp" "$out"; then
        echo "shape-figures: $out is not what $csv makes: run sh scripts/shape-figures.sh" >&2
        diff "$out" "$tmp" | head -20 >&2 || true
        exit 1
    fi
    echo "shape-figures: $out is what $csv makes"
    exit 0
fi
cp "$tmp" "$out"
echo "shape-figures: wrote $out"
