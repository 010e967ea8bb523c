#!/bin/sh
# Regenerate data/registry-golden-large.csv: the deterministic columns of
# every generator (its documented variants and the post-processor
# included) with bfs, then of every solver and its variants on two mazes,
# at every size regime of the generators, solvers and metrics: past 10^6
# cells, between 4x10^4 and 10^6, two rows or columns, one row or column
# (data/registry-golden-large.plan, data/registry-golden-large-solvers.plan;
# docs/golden.md lists the size-dependent paths each size exercises).
#
#   sh scripts/regen-registry-golden-large.sh [path/to/mazebench]
#   git diff data/registry-golden-large.csv   # review: every change explained
#
# It works as scripts/regen-registry-golden.sh does: 'mazebench sweep' of
# both plans, the '# registry:' and plan lines and the columns before gen_ns
# kept, the second sweep's rows after the first's under the one header; the
# previous file's rows re-run by this build first ('mazebench check
# --any-registry'), so that "all N rows match" says the diff only adds rows
# and columns. Byte-identical on every machine; 'mazebench check' re-runs
# every row (tests/CMakeLists.txt: registry_golden_large_check). About 10 s
# on 2 cores from an optimised build.
# (One script writes both files: this is scripts/regen-registry-golden.sh --large.)
set -eu
exec sh "$(dirname "$0")/regen-registry-golden.sh" --large "$@"
