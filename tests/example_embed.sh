#!/bin/sh
# examples/embed.c runs, exits 0 and prints the figures and the solution of
# its maze (dfs, seed 42, hex:12x16: as 'mazebench gen' and 'mazebench
# solve' print them).
#
#   sh tests/example_embed.sh path/to/example_embed
set -eu
out=$("$1")
for want in \
    'maze hex:12x16 cells 192 passages 191 dead_ends 23 route 86 digest 8a504433e519cbeb' \
    'solve bfs found 1 path_steps 86'; do
    printf '%s\n' "$out" | grep -qxF "$want" || {
        printf 'example_embed: no line "%s" in:\n%s\n' "$want" "$out" >&2
        exit 1
    }
done
