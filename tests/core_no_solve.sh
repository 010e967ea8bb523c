#!/bin/sh
# The layers keep their order: the generators and the solvers share only
# the core (no file of src/solve includes a file of src/gen, nor the other
# way round), and the core does not depend on the solvers: no file of
# src/core includes a file of src/solve, and no source file of src/core names a function that
# a file of src/solve defines (src/core/internal.h, the header core, gen
# and solve share, only declares the solvers' common helpers).
#
#   sh tests/core_no_solve.sh
set -eu
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."
fail=0
if grep -n '#[[:space:]]*include[[:space:]]*"[^"]*solve/' src/core/*.c src/core/*.h; then
    echo "core_no_solve: a file of src/core includes a file of src/solve" >&2
    fail=1
fi
if grep -n '#[[:space:]]*include[[:space:]]*"[^"]*gen/' src/solve/*.c src/solve/*.h ||
    grep -n '#[[:space:]]*include[[:space:]]*"[^"]*solve/' src/gen/*.c src/gen/*.h; then
    echo "core_no_solve: a file of src/solve includes one of src/gen, or the other way round" >&2
    fail=1
fi
# The functions src/solve defines with external linkage: a definition's
# first line starts in column 0 with its type and holds name(.
names=$(grep -hE '^[A-Za-z_][A-Za-z0-9_ *]*[ *][A-Za-z_][A-Za-z0-9_]*\(' src/solve/*.c |
    grep -vE '^(static|MZ_INLINE|MZ_NOINLINE|MZ_SOLVE_BY_SHAPE|typedef)\b' |
    sed 's/^[A-Za-z_][A-Za-z0-9_ *]*[ *]\([A-Za-z_][A-Za-z0-9_]*\)(.*/\1/' | sort -u)
[ -n "$names" ] || { echo "core_no_solve: found no function defined in src/solve" >&2; exit 1; }
for f in src/core/*.c src/core/*.h; do
    [ "$f" = src/core/internal.h ] && continue
    for n in $names; do
        if grep -nw "$n" "$f" >/dev/null; then
            echo "core_no_solve: $f names $n, defined in src/solve: $(grep -nw "$n" "$f" | head -1)" >&2
            fail=1
        fi
    done
done
exit $fail
