# csv.awk - RFC 4180 field splitting for POSIX awk (mawk has no FPAT).
# Include it before a program: awk -f scripts/csv.awk -f prog.awk FILE
#
# csv_split(line, f): split one CSV record into f[1..n] (quotes removed,
# "" read as "), return n.  csv_quote(s): s quoted for CSV when it needs it.
# csv_index(f, n, col): the index of column col in the header f, or 0.

function csv_split(line, f,    n, i, c, q, cur, len) {
    n = 0; cur = ""; q = 0; len = length(line)
    for (i = 1; i <= len; i++) {
        c = substr(line, i, 1)
        if (q) {
            if (c == "\"") {
                if (substr(line, i + 1, 1) == "\"") { cur = cur "\""; i++ }
                else q = 0
            } else cur = cur c
        } else if (c == "\"") q = 1
        else if (c == ",") { f[++n] = cur; cur = "" }
        else cur = cur c
    }
    f[++n] = cur
    return n
}

function csv_quote(s,    t) {
    if (s !~ /[",\r\n]/) return s
    t = s
    gsub(/"/, "\"\"", t)
    return "\"" t "\""
}

function csv_index(f, n, col,    i) {
    for (i = 1; i <= n; i++) if (f[i] == col) return i
    return 0
}
