#!/bin/sh
# The rooms of src/ keep the order of docs/layers.md (read from its fenced
# block): a file includes only headers of its own room or of a room below
# it (and a private header only from the rooms it is open to), names only
# functions defined in its room or below, and a CMake target links only
# targets whose rooms are not above its own. Every failure names the file,
# the line and the two rooms.
#
#   sh tests/layers.sh [ROOT]     (ROOT: the source tree, by default this one)
set -eu
cd "${1:-$(dirname "$0")/..}"
doc=docs/layers.md
[ -f "$doc" ] || { echo "layers: no $doc" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The order: the lines of the first fenced block of the page.
awk '/^```/ { n++; next } n == 1' "$doc" | sed 's/#.*//' | awk 'NF' >"$tmp/order"
grep -Eq '^[0-9]+[[:space:]]' "$tmp/order" || { echo "layers: no rooms in $doc" >&2; exit 1; }

# The folders the compiler searches for "..." includes besides the file's
# own: src and those CMakeLists.txt adds with target_include_directories.
{
    echo src
    grep -o 'target_include_directories([^)]*' CMakeLists.txt | grep -oE '[[:space:]]src/[A-Za-z0-9_/]+' |
        tr -d ' \t'
} | sort -u >"$tmp/incdirs"

find src -name '*.[ch]' | LC_ALL=C sort >"$tmp/files"
[ -s "$tmp/files" ] || { echo "layers: no source files under src" >&2; exit 1; }

# Every include of a project header: FILE LINE TARGET (TARGET resolved as
# the compiler does; system and generated headers are left out).
: >"$tmp/incs"
while read -r f; do
    d=${f%/*}
    grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" | while IFS= read -r l; do
        ln=${l%%:*}
        inc=$(printf '%s\n' "$l" | sed 's/^[^"]*"\([^"]*\)".*/\1/')
        for base in "$d" $(cat "$tmp/incdirs"); do
            if [ -f "$base/$inc" ]; then
                t=$(cd "$(dirname "$base/$inc")" && pwd -P)/${inc##*/}
                printf '%s %s %s\n' "$f" "$ln" "${t#"$(pwd -P)"/}"
                break
            fi
        done
    done
done <"$tmp/files" >"$tmp/incs"

# The functions each file defines with external linkage (a definition's
# first line starts in column 0 with its type and holds name(, and does
# not end in ';'), and every name each file defines (static ones too, so
# that a file's own static function is not taken for another room's).
for f in $(grep '\.c$' "$tmp/files"); do
    grep -nE '^[A-Za-z_][A-Za-z0-9_ *]*[ *][A-Za-z_][A-Za-z0-9_]*\(' "$f" | grep -v ';[[:space:]]*$' |
        sed "s|^\([0-9]*\):\(.*\)|$f \2|" || true
done | awk '{
    f = $1; $1 = ""; s = substr($0, 2)
    st = (s ~ /^(static|MZ_INLINE|MZ_NOINLINE|typedef)[ \t]/) ? "static" : "extern"
    if (s ~ /^MZ_[A-Z_]*BY_SHAPE/) next
    sub(/\(.*/, "", s); n = split(s, w, /[ *]+/); print f, st, w[n]
}' >"$tmp/defs"

# The two awk programs' shared functions: a path's room (the longest path
# of the table it lies under) and a failure's line.
awk_lib='
function room_of(p,    best, bl, k) {
    best = ""; bl = 0
    for (k = 1; k <= np; k++)
        if ((p == path[k] || index(p, path[k] "/") == 1) && length(path[k]) > bl) {
            best = proom[k]; bl = length(path[k])
        }
    return best
}
function bad(msg) { print "layers: " msg > "/dev/stderr"; fails++ }
'

# One awk program does the checks, reading the table, the includes, the
# definitions and then every source file for the names it uses.
awk -v doc="$doc" "$awk_lib"'
# the line without its comments, strings and character constants (a
# comment may run on over lines: incomment)
function clean(s,    out, t, p) {
    out = ""
    while (s != "") {
        if (incomment) {
            p = index(s, "*/")
            if (!p) return out
            s = substr(s, p + 2); incomment = 0; out = out " "
            continue
        }
        if (!match(s, /"|\047|\/\*|\/\//)) return out s
        out = out substr(s, 1, RSTART - 1); t = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
        if (t == "//") return out
        if (t == "/*") { incomment = 1; continue }
        # a string or a character constant: up to its unescaped end
        while (s != "" && substr(s, 1, 1) != t) s = substr(s, substr(s, 1, 1) == "\\" ? 3 : 2)
        s = substr(s, 2); out = out " "
    }
    return out
}
function against(a, b) { return a != b && level[b] >= level[a] }
function why(a, b) {
    return level[a] == level[b] ? a " and " b " are peers (level " level[a] ") and share only the rooms below them" \
                                : a " (level " level[a] ") is below " b " (level " level[b] ")"
}
BEGIN { phase = 0 }
FNR == 1 { phase++ }
phase == 1 {
    if ($1 ~ /^[0-9]+$/) {
        level[$2] = $1 + 0
        for (k = 3; k <= NF; k++) { np++; path[np] = $k; proom[np] = $2 }
    } else if ($1 == "target") {
        if (!($3 in level)) bad(doc ": target " $2 " is in room " $3 ", which is not in the table above it")
    } else if ($1 != "private")
        bad(doc ": a line of the table that is neither a room, a private path nor a target: " $0)
    if ($1 == "private") {
        p = $2; sub(/:$/, "", p); npv++; pvpath[npv] = p; pvlist[npv] = ""
        for (k = 3; k <= NF; k++) { pvopen[npv, $k] = 1; pvlist[npv] = pvlist[npv] (k > 3 ? ", " : "") $k }
    }
    next
}
phase == 2 { # every source file: in a room?
    if (room_of($0) == "") bad($0 " is in no room of " doc ": give its folder a line there")
    next
}
phase == 3 { # FILE LINE TARGET
    a = room_of($1); b = room_of($3)
    if (a == "" || b == "") next
    # the longest private path the header lies under decides who may include it
    pk = 0
    for (k = 1; k <= npv; k++)
        if (index($3, pvpath[k]) == 1 && (!pk || length(pvpath[k]) > length(pvpath[pk]))) pk = k
    if (pk && !((pk, a) in pvopen) && a != b) {
        bad($1 ":" $2 ": includes " $3 ", a private header of " b " open to " pvlist[pk] " only (" doc "), from " a)
        next
    }
    if (against(a, b))
        bad($1 ":" $2 ": includes " $3 ": " a " includes " b ", against the order of " doc " (" why(a, b) ")")
    next
}
phase == 4 { # FILE extern|static NAME
    if ($2 == "extern" && $3 != "main") { if (!($3 in defroom)) defroom[$3] = room_of($1); deffile[$3] = $1 }
    own[$1, $3] = 1
    next
}
# phase 5 and on: the source files, for the names they use
{
    if (FNR == 1) { f = FILENAME; a = room_of(f); incomment = 0 }
    if (a == "" || level[a] == 0) next
    s = clean($0)
    if (s ~ /^[ \t]*#[ \t]*include/) next
    n = split(s, w, /[^A-Za-z0-9_]+/)
    for (k = 1; k <= n; k++) {
        x = w[k]
        if (!(x in defroom) || (f, x) in own) continue
        b = defroom[x]
        if (b == "" || !against(a, b)) continue
        if ((f, x) in seen) continue
        seen[f, x] = 1
        bad(f ":" FNR ": names " x ", defined in " deffile[x] ": " a " uses " b ", against the order of " doc " (" why(a, b) ")")
    }
}
END { exit fails ? 1 : 0 }
' "$tmp/order" "$tmp/files" "$tmp/incs" "$tmp/defs" $(cat "$tmp/files") || fail=1
fail=${fail:-0}

# The CMake targets: each named in the table, its sources in rooms not
# above its own, and every target it links in a room not above it.
awk -v doc="$doc" "$awk_lib"'
# the sources a token stands for, appended to out (space-separated)
function expand(t,    v, m, k, r, g) {
    if (t ~ /^\$\{[A-Za-z0-9_]+\}$/) {
        v = substr(t, 3, length(t) - 3); r = ""
        m = split(var[v], g, " ")
        for (k = 1; k <= m; k++) r = r " " expand(g[k])
        return r
    }
    if (t ~ /^\$<TARGET_OBJECTS:[A-Za-z0-9_]+>$/) {
        v = substr(t, 18, length(t) - 18); return src[v]
    }
    if (t ~ /^src\//) return " " t
    return ""
}
BEGIN { phase = 0 }
FNR == 1 { phase++ }
phase == 1 {
    if ($1 ~ /^[0-9]+$/) {
        level[$2] = $1 + 0
        for (k = 3; k <= NF; k++) { np++; path[np] = $k; proom[np] = $2 }
    } else if ($1 == "target") troom[$2] = $3
    next
}
{ # CMakeLists.txt: one command a statement, comments out
    line = $0
    sub(/(^|[ \t])#.*/, "", line)
    if (stmt == "") { stmtline = FNR }
    stmt = stmt " " line
    o = gsub(/\(/, "(", stmt); c = gsub(/\)/, ")", stmt)
    if (o > c || stmt ~ /^[ \t]*$/) { if (stmt ~ /^[ \t]*$/) stmt = ""; next }
    s = stmt; stmt = ""
    sub(/^[ \t]+/, "", s)
    cmd = s; sub(/\(.*/, "", cmd)
    body = s; sub(/^[^(]*\(/, "", body); sub(/\)[ \t]*$/, "", body)
    n = split(body, w, /[ \t]+/)
    if (w[1] == "") { for (k = 1; k < n; k++) w[k] = w[k + 1]; n-- }
    if (cmd == "file" && w[1] == "GLOB") {
        var[w[2]] = ""
        for (k = 3; k <= n; k++) if (w[k] ~ /^src\//) var[w[2]] = var[w[2]] " " w[k]
    } else if (cmd == "set" && n >= 2) {
        var[w[1]] = ""
        for (k = 2; k <= n; k++) var[w[1]] = var[w[1]] " " w[k]
    } else if (cmd == "add_library" || cmd == "add_executable") {
        t = w[1]; src[t] = ""
        for (k = 2; k <= n; k++) src[t] = src[t] expand(w[k])
        if (src[t] == "") next
        if (!(t in troom)) {
            bad("CMakeLists.txt:" stmtline ": target " t " builds files of src/ and " doc " names no room for it (a line \"target " t " ROOM\")")
            next
        }
        m = split(src[t], g, " ")
        for (k = 1; k <= m; k++) {
            p = g[k]; sub(/\/[^\/]*\*.*$/, "", p)
            r = room_of(p)
            if (r != "" && level[r] > level[troom[t]])
                bad("CMakeLists.txt:" stmtline ": target " t " (" troom[t] ", level " level[troom[t]] ") builds " g[k] " of " r " (level " level[r] "), a room above it")
        }
    } else if (cmd == "target_link_libraries") {
        t = w[1]
        if (!(t in troom)) next
        for (k = 2; k <= n; k++) {
            x = w[k]; gsub(/\$<[A-Z_]+:|>/, "", x)
            if (!(x in troom) || x == t) continue
            if (level[troom[x]] > level[troom[t]])
                bad("CMakeLists.txt:" stmtline ": target " t " (" troom[t] ", level " level[troom[t]] ") links " x " (" troom[x] ", level " level[troom[x]] "): " troom[t] " links " troom[x] ", against the order of " doc)
        }
    }
}
END { exit fails ? 1 : 0 }
' "$tmp/order" CMakeLists.txt || fail=1

exit "$fail"
