#!/bin/sh
# Build a copy of mazebench with one algorithm made slower on purpose, its
# mazes and figures unchanged: a power check for the A/B workflow and the
# cost test (docs/compare.md, "Would it catch a slowdown?").
#
#   sh scripts/inject-slowdown.sh ALGO ITERS DIR [REV]
#
# ALGO    a registry name (kruskal, bfs, ...): its generator or solver
#         function is wrapped so that, after it returns, a busy loop runs
#         ITERS iterations a 1000 cells (a volatile add; about 1 ns an
#         iteration on a current x86-64 core). Nothing else changes.
# ITERS   whole number, iterations a 1000 cells. The count is a variable
#         in the data section, so builds with different counts have the
#         same code at the same addresses: ITERS 0 is the fair baseline
#         (a build of the project itself lays its code out differently,
#         which alone can move other algorithms' times by a few percent)
# DIR     the build directory to make (refused when it exists); the binary
#         is DIR/mazebench
# REV     the git revision to build (default HEAD; the work tree's
#         uncommitted changes are not included)
#
# Then, for example:
#   sh scripts/ab.sh build/mazebench DIR/mazebench -- --gen kruskal --solve '' \
#       --seeds 1..3 --sizes 101 --reps 2
set -eu
die() { echo "inject-slowdown: $*" >&2; exit 2; }
case "${1:-}" in -h|--help) sed -n '2,/^set -eu/p' "$0" | sed -e '/^set -eu/d' -e 's/^# \{0,1\}//'; exit 0 ;; esac
[ $# -ge 3 ] && [ $# -le 4 ] || die "usage: inject-slowdown.sh ALGO ITERS DIR [REV]"
algo=$1 iters=$2 dir=$3 rev=${4:-HEAD}
case "$iters" in ''|*[!0-9]*) die "ITERS '$iters' is not a whole number" ;; esac
[ ! -e "$dir" ] || die "'$dir' exists"
cd "$(dirname "$0")/.."


src="$dir/src-tree"
mkdir -p "$src"
git archive "$rev" | tar -x -C "$src" || die "cannot export revision '$rev'"

# The file that defines the entry: '.name = "ALGO",'.
file=$(grep -l "\\.name = \"$algo\"," "$src"/src/gen/*.c "$src"/src/solve/*.c 2>/dev/null | head -1)
[ -n "$file" ] || die "no registry entry named '$algo'"
# Its function: the '.gen = F,' or '.solve = F,' line after the name.
line=$(awk -v a="$algo" '
    index($0, ".name = \"" a "\",") { on = 1 }
    on && /\.(gen|solve) = [A-Za-z_0-9]+,/ { print; exit }' "$file")
field=$(echo "$line" | sed -E 's/.*\.(gen|solve) = .*/\1/')
fn=$(echo "$line" | sed -E 's/.*\.(gen|solve) = ([A-Za-z_0-9]+),.*/\2/')
[ -n "$fn" ] || die "cannot find the function of '$algo' in $file"

if [ "$field" = gen ]; then
    sig="mz_grid *g, const mz_args *args, mz_run *run"
    call="$fn(g, args, run)"
else
    # The solver's signature, read from the function's definition.
    sig=$(awk -v f="$fn" '$0 ~ "^static mz_status " f "\\(" { sub(".*" f "\\(", ""); sub("\\).*", ""); print; exit }' "$file")
    [ -n "$sig" ] || die "cannot read the signature of $fn"
    args=$(echo "$sig" | tr ',' '\n' | sed -E 's/.*[ *]([A-Za-z_0-9]+)$/\1/' | paste -sd, - | sed 's/,/, /g')
    call="$fn($args)"
fi
gname=$(echo "$sig" | tr ',' '\n' | grep 'mz_grid' | sed -E 's/.*[ *]([A-Za-z_0-9]+)$/\1/')
[ -n "$gname" ] || die "no grid argument in $fn's signature"

# Point the entry at the wrapper; declare it before the entry; define it last.
sed -i "s/\\.$field = $fn,/.$field = mz_slow_$fn,/" "$file"
awk -v proto="static mz_status mz_slow_$fn($sig);" '
    /^const mz_algo mz_algo_/ && !done { print proto; done = 1 } { print }' "$file" >"$file.tmp"
mv "$file.tmp" "$file"
cat >>"$file" <<EOF

/* Injected by scripts/inject-slowdown.sh: $iters busy iterations a 1000 cells.
 * The count is data, not code: builds with different counts have the same
 * machine code at the same addresses. */
static volatile uint64_t mz_slow_iters_ = ${iters}u + 1u; /* never 0: always in .data */
static mz_status mz_slow_$fn($sig)
{
    mz_status s_ = $call;
    volatile uint64_t sink_ = 0;
    uint64_t n_ = (uint64_t)$gname->cells * (mz_slow_iters_ - 1u) / 1000u;
    for (uint64_t i_ = 0; i_ < n_; i_++)
        sink_ += i_;
    return s_;
}
EOF

cmake -S "$src" -B "$dir" -DCMAKE_BUILD_TYPE=Release -DMZ_BENCH=OFF >/dev/null
cmake --build "$dir" -j "$(nproc 2>/dev/null || echo 2)" --target mazebench >/dev/null
echo "inject-slowdown: $dir/mazebench: $algo ($fn in ${file#"$src"/}) + $iters iterations a 1000 cells" >&2
