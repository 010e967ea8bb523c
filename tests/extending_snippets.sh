#!/bin/sh
# Every C block of docs/extending.md compiles against the headers: each
# ```c block, after the library's internal header and whatever the
# HTML comment just above it gives (`<!-- snippet: CODE -->`, one line: what
# a template leaves to the reader, such as the value a new enum line would
# make; `<!-- snippet-wrap: HEAD | TAIL -->` puts the block between HEAD
# and TAIL, for statements), is one translation unit that the C compiler
# must accept with -Wall -Wextra -Werror (unused names aside: a template
# shows parts). A failure names the block's first line in the page.
#
#   sh tests/extending_snippets.sh [CC]      (CC: the compiler, default cc)
set -eu
cd "$(dirname "$0")/.."
cc=${1:-cc}
doc=docs/extending.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# One file a block: tmp/N.c, its first line's number in tmp/N.line.
awk -v dir="$tmp" '
    /^[ \t]*<!-- snippet: .* -->[ \t]*$/ {
        s = $0; sub(/^[ \t]*<!-- snippet: /, "", s); sub(/ -->[ \t]*$/, "", s); pre = pre s "\n"; next }
    /^[ \t]*<!-- snippet-wrap: .* -->[ \t]*$/ {
        s = $0; sub(/^[ \t]*<!-- snippet-wrap: /, "", s); sub(/ -->[ \t]*$/, "", s)
        k = index(s, " | "); head = substr(s, 1, k - 1); tail = substr(s, k + 3); next }
    !inblock && /^[ \t]*```c[ \t]*$/ {
        inblock = 1; n++; f = dir "/" n ".c"
        print NR + 1 > (dir "/" n ".line")
        printf "#include \"core/internal.h\"\n#include \"core/shape_ports.h\"\n%s%s\n", pre, head > f
        next }
    inblock && /^[ \t]*```[ \t]*$/ {
        print tail > f; close(f); inblock = 0; pre = ""; head = ""; tail = ""; next }
    inblock { print > f; next }
    { if ($0 !~ /^[ \t]*$/) { pre = ""; head = ""; tail = "" } }
' "$doc"
count=$(ls "$tmp"/*.c 2>/dev/null | wc -l)
[ "$count" -gt 0 ] || { echo "extending_snippets: no C block in $doc" >&2; exit 1; }
fail=0
for f in "$tmp"/*.c; do
    n=${f%.c}
    # -I src/core/shapes: a shape template includes "../shape_ports.h" as
    # its file under src/core/shapes/ does.
    if ! "$cc" -std=c11 -fsyntax-only -Wall -Wextra -Werror -Wno-unused-function \
        -Wno-unused-parameter -Wno-unused-variable -Wno-unused-const-variable \
        -Isrc -Isrc/core/shapes "$f" >"$n.err" 2>&1; then
        echo "extending_snippets: the C block at $doc:$(cat "$n.line") does not compile:" >&2
        sed 's/^/    /' "$n.err" | head -20 >&2
        fail=1
    fi
done
[ "$fail" = 0 ] && echo "extending_snippets: the $count C blocks of $doc compile"
exit $fail
