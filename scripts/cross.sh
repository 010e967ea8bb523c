#!/bin/sh
# Same seed, same maze on other machines: cross-build the CLI statically with
# Debian's cross compilers, run it under qemu-user, and compare with the
# native build
#   1. the deterministic columns (those before gen_ns) of a registry-wide
#      sweep: every generator and solver, their variants, thin sizes;
#   2. the step traces of every generator, post-processor and solver, on
#      square cells and on every other cell shape;
#   3. the golden files, checked directly on every machine: data/article.csv
#      (figures and trace aggregates), data/digests.csv, data/seeds-golden.csv,
#      data/registry-golden.csv, data/registry-golden-large.csv,
#      data/registry-golden-shapes.csv and data/registry-golden-splitmix64.csv
#      (the second random source; 'mazebench check') and
#      data/sweep-small.csv.
#
#   sh scripts/cross.sh [--targets "s390x aarch64 i686"] [--plan small|full]
#   sh scripts/cross.sh --ci        # s390x, small plan (scripts/test.sh)
#   sh scripts/cross.sh --native build-clang/mazebench   # compare with this binary
#
# Targets: s390x (64-bit big-endian), aarch64 (64-bit little-endian), i686
# (32-bit: 4-byte size_t and long). Builds go to build-cross/<target>/ and
# build-cross/native/ (unless --native names a built binary); the runs to a
# temporary folder (kept with --keep).
# Needs gcc-<triplet>-linux-gnu, libc6-dev-<arch>-cross and
# qemu-user-static (scripts/setup.sh installs them). Exit status 0 when every
# target agrees with the native build and every golden check passes.
set -eu
cd "$(dirname "$0")/.."

targets="s390x aarch64 i686"
plan=full
keep=0
native=
while [ $# -gt 0 ]; do
    case $1 in
    --targets) targets=$2; shift 2 ;;
    --plan) plan=$2; shift 2 ;;
    --ci) targets=s390x; plan=small; shift ;;
    --keep) keep=1; shift ;;
    --native) native=$2; shift 2 ;;
    -h | --help)
        sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'
        exit 0 ;;
    *) echo "cross: unknown option '$1'" >&2; exit 2 ;;
    esac
done
case $plan in small | full) ;; *) echo "cross: unknown plan '$plan'" >&2; exit 2 ;; esac

jobs=$(nproc 2>/dev/null || echo 2)
work=$(mktemp -d)
if [ "$keep" = 1 ]; then
    echo "cross: runs kept in $work" >&2
else
    trap 'rm -rf "$work"' EXIT
fi

# --- the plan ---------------------------------------------------------
# Every registered generator and solver ('all'), the parameter variants
# that take other code paths, and thin grids (1xN, Nx1) where row and word
# boundaries meet.
{
    echo "gen all"
    echo "gen frontier:pick=newest"
    echo "gen frontier:pick=oldest"
    echo "gen mainpath:mode=faithful"
    echo "gen treasure:density=0.3,min_path=5"
    echo "gen dfs+braid"
    echo "gen dfs+braid:keep=0.4,offset=99"
    echo "gen kruskal+braid:keep=0.5"
    echo "solve all"
    echo "solve wall:hand=right"
    echo "solve astar:k=0"
    echo "solve astar:k=2.2"
    echo "solve flood:from=centre"
    if [ "$plan" = small ]; then
        echo "seeds 464..465"
        echo "sizes 1x1,1x9,9x1,2x2,7x40,31"
    else
        echo "seeds 464..473"
        echo "sizes 1x1,1x2,2x1,1x17,17x1,1x64,64x1,2x2,3x3,7x40,40x7,3x64,64x3,31,101"
    fi
} > "$work/plan.txt"

# --- builds -----------------------------------------------------------
build() { # build DIR [cmake args...]
    dir=$1; shift
    # Warnings are the main builds' business (scripts/test.sh): a cross
    # compiler's extra warnings must not stop a comparison.
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DMZ_TESTS=OFF -DMZ_BENCH=OFF -DMZ_WERROR=OFF \
        "$@" >"$work/cmake.log" 2>&1 || { cat "$work/cmake.log" >&2; return 1; }
    cmake --build "$dir" -j "$jobs" --target mazebench >"$work/build.log" 2>&1 ||
        { tail -30 "$work/build.log" >&2; return 1; }
}

triplet() {
    case $1 in
    s390x) echo s390x-linux-gnu ;;
    aarch64) echo aarch64-linux-gnu ;;
    i686 | i386) echo i686-linux-gnu ;;
    *) echo "cross: unknown target '$1'" >&2; return 2 ;;
    esac
}
qemu() {
    case $1 in
    i686 | i386) echo qemu-i386-static ;;
    *) echo "qemu-$1-static" ;;
    esac
}

if [ -n "$native" ]; then
    [ -x "$native" ] || { echo "cross: no native binary '$native'" >&2; exit 2; }
else
    echo "cross: native build (build-cross/native)" >&2
    build build-cross/native
    native=build-cross/native/mazebench
fi

# --- one machine's results --------------------------------------------
# awk programs (mawk has no -e), each run after scripts/csv.awk.
cat >"$work/det.awk" <<'EOF'
/^#/ { next }
!h { n = csv_split($0, f); last = csv_index(f, n, "gen_ns") - 1; h = 1 }
{ n = csv_split($0, f); s = f[1]; for (i = 2; i <= last; i++) s = s "," f[i]; print s }
EOF
cat >"$work/fields.awk" <<'EOF'
{ n = csv_split($0, f); for (i = 1; i <= n; i++) print f[i] }
EOF
cat >"$work/column.awk" <<'EOF'
NR == 1 { n = csv_split($0, h); k = csv_index(h, n, col); next }
NR == 2 && k { csv_split($0, f); print f[k] }
EOF
cat >"$work/seeds.awk" <<'EOF'
NR == FNR { if (FNR == 1) nh = csv_split($0, gh); next }   # the golden header
FNR == 1 { nr = csv_split($0, rh); next }
{ nv = csv_split($0, rv); nw = csv_split(want, w); bad = ""
  for (i = 4; i <= nh; i++) { k = csv_index(rh, nr, gh[i]); v = k ? rv[k] : ""
      if (v != w[i]) bad = bad " " gh[i] "=" v " (golden " w[i] ")" }
  print bad == "" ? "ok" : bad }
EOF
cat >"$work/trace.awk" <<'EOF'
NR == 1 { next }
{ steps++; if ($5 + 0 > max) max = $5 + 0; if ($1 + 0 > last) last = $1 + 0
  if (what == "count:" $2) count++
  if (what == "size_at:" $1) at = $5 }
END {
    if (what == "steps") print steps
    else if (what == "max_size") print max
    else if (what ~ /^count:/) print count + 0
    else if (what ~ /^size_at:/) print at
    else if (what ~ /^bands:/) { split(what, b, ":"); print int(last / b[2]) + 1 }
}
EOF
csvawk() { awk -f scripts/csv.awk -f "$@"; }

# run_suite NAME RUNNER: writes $work/NAME/{sweep,traces,golden}.txt; RUNNER
# is the command that runs mazebench (word-split: no spaces in paths).
run_suite() {
    name=$1 R=$2 out=$work/$1
    mkdir -p "$out"
    # 1. the sweep's deterministic columns
    $R sweep "$work/plan.txt" --jobs "$jobs" --out "$out/sweep.csv" 2>"$out/sweep.err" ||
        { echo "cross: $name: sweep failed: $(tail -1 "$out/sweep.err")" >&2; return 1; }
    csvawk "$work/det.awk" "$out/sweep.csv" >"$out/sweep.txt"
    # 2. traces: every generator, every post-processor (after dfs) and every
    #    solver (on a braided kruskal maze), at a square and two thin sizes
    #    and on hex, tri, polar, 3d and weave grids (an entry that does not
    #    run on a shape gives its one-line refusal, compared as well)
    : >"$out/traces.txt"
    while read -r kind spec; do
        for size in 21x21 1x13 13x1 hex:9x10 tri:7x9 polar:6 3d:2x4x5 weave:9x9; do
            rm -f "$out/t.csv"
            case $kind in
            g) $R gen "$spec" --seed 464 --size "$size" --format csv --trace "$out/t.csv" ;;
            p) $R gen "dfs+$spec" --seed 464 --size "$size" --format csv --trace "$out/t.csv" ;;
            s) $R solve "$spec" --gen "kruskal+braid:keep=0.5" --seed 464 --size "$size" \
                --format csv --trace "$out/t.csv" ;;
            esac >"$out/row.csv" 2>&1 || echo "exit status $?" >>"$out/row.csv"
            { echo "== $kind $spec $size"; cat "$out/row.csv"
              if [ -f "$out/t.csv" ]; then cksum <"$out/t.csv"; else echo "no trace"; fi
            } >>"$out/traces.txt"
        done
    done <"$work/algos.txt"
    # 3. the golden files
    golden "$out" >"$out/golden.txt"
}

# golden OUT: one line a golden figure, "ok ..." or "FAIL ...", of $R.
golden() {
    gout=$1
    # data/article.csv: a result column or a trace aggregate
    grep -v '^#' data/article.csv | tail -n +2 | while IFS= read -r line; do
        printf '%s\n' "$line" | csvawk "$work/fields.awk" >"$gout/f.txt"
        { read -r board; read -r what; read -r gen; read -r solver; read -r seed; read -r size
          read -r figure; read -r value; } <"$gout/f.txt"
        rm -f "$gout/t.csv" # a trace file is never replaced without --force
        if [ -n "$solver" ]; then
            $R solve "$solver" --gen "$gen" --seed "$seed" --size "$size" --format csv \
                --trace "$gout/t.csv" >"$gout/row.csv" 2>/dev/null || : >"$gout/row.csv"
        else
            $R gen "$gen" --seed "$seed" --size "$size" --format csv \
                --trace "$gout/t.csv" >"$gout/row.csv" 2>/dev/null || : >"$gout/row.csv"
        fi
        case $figure in
        trace:*) got=$(awk -F, -v what="${figure#trace:}" -f "$work/trace.awk" "$gout/t.csv") ;;
        *) got=$(awk -v col="$figure" -f scripts/csv.awk -f "$work/column.awk" "$gout/row.csv") ;;
        esac
        if [ "$got" = "$value" ]; then echo "ok article $board $what"
        else echo "FAIL article $board $what: got '$got', published '$value'"; fi
    done
    # data/digests.csv: gen,seed,rows,cols,dead_ends,route,digest
    grep -v '^#' data/digests.csv | tail -n +2 | while IFS=, read -r gen seed rows cols dead route digest; do
        got=$($R gen "$gen" --seed "$seed" --size "${rows}x$cols" --format csv 2>/dev/null | awk -F, '
            NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
            { print $k["dead_ends"] "," $k["route"] "," $k["digest"] }')
        if [ "$got" = "$dead,$route,$digest" ]; then echo "ok digest $gen $seed ${rows}x$cols"
        else echo "FAIL digest $gen $seed ${rows}x$cols: got '$got', golden '$dead,$route,$digest'"; fi
    done
    # data/seeds-golden.csv: every column it names (after gen, seed, size)
    grep -v '^#' data/seeds-golden.csv >"$gout/seeds.csv"
    tail -n +2 "$gout/seeds.csv" | while IFS= read -r line; do
        gen=${line%%,*}; rest=${line#*,}; seed=${rest%%,*}; rest=${rest#*,}; size=${rest%%,*}
        $R gen "$gen" --seed "$seed" --size "$size" --format csv >"$gout/row.csv" 2>/dev/null || :
        got=$(awk -v want="$line" -f scripts/csv.awk -f "$work/seeds.awk" "$gout/seeds.csv" "$gout/row.csv")
        if [ "$got" = ok ]; then echo "ok seeds $gen $seed $size"
        else echo "FAIL seeds $gen $seed $size:$got"; fi
    done
    # data/registry-golden.csv (every registry entry) through 'mazebench check'
    if [ -f data/registry-golden.csv ]; then
        if $R check data/registry-golden.csv --jobs "$jobs" >"$gout/check.txt" 2>&1; then
            echo "ok registry-golden ($(tail -1 "$gout/check.txt" | sed 's/.*: all \([0-9]*\) rows.*/\1/') rows)"
        else
            echo "FAIL registry-golden: $(tail -1 "$gout/check.txt")"
        fi
    fi
    # data/registry-golden-shapes.csv (every entry on every cell shape it
    # declares) the same way
    if [ -f data/registry-golden-shapes.csv ]; then
        if $R check data/registry-golden-shapes.csv --jobs "$jobs" >"$gout/check-shapes.txt" 2>&1; then
            echo "ok registry-golden-shapes ($(tail -1 "$gout/check-shapes.txt" | sed 's/.*: all \([0-9]*\) rows.*/\1/') rows)"
        else
            echo "FAIL registry-golden-shapes: $(tail -1 "$gout/check-shapes.txt")"
        fi
    fi
    # data/registry-golden-splitmix64.csv (every generator on every shape
    # under the second random source, 64-bit seeds included) the same way
    if [ -f data/registry-golden-splitmix64.csv ]; then
        if $R check data/registry-golden-splitmix64.csv --jobs "$jobs" >"$gout/check-sm64.txt" 2>&1; then
            echo "ok registry-golden-splitmix64 ($(tail -1 "$gout/check-sm64.txt" | sed 's/.*: all \([0-9]*\) rows.*/\1/') rows)"
        else
            echo "FAIL registry-golden-splitmix64: $(tail -1 "$gout/check-sm64.txt")"
        fi
    fi
    # data/registry-golden-large.csv (every entry past its size thresholds
    # and on thin shapes) the same way
    if [ -f data/registry-golden-large.csv ]; then
        if $R check data/registry-golden-large.csv --jobs "$jobs" >"$gout/check-large.txt" 2>&1; then
            echo "ok registry-golden-large ($(tail -1 "$gout/check-large.txt" | sed 's/.*: all \([0-9]*\) rows.*/\1/') rows)"
        else
            echo "FAIL registry-golden-large: $(tail -1 "$gout/check-large.txt")"
        fi
    fi
    # data/sweep-small.csv: the small plan's deterministic columns
    if $R sweep bench/plans/small.plan --out "$gout/small.csv" 2>/dev/null &&
        csvawk scripts/sweep-figures.awk "$gout/small.csv" | cmp -s - "$work/golden-small.txt"; then
        echo "ok sweep-small"
    else
        echo "FAIL sweep-small: rows differ from data/sweep-small.csv"
    fi
}

grep -v '^#' data/sweep-small.csv >"$work/golden-small.txt"
$native list | awk '
    /^generators:/ { k = "g" } /^post-processors:/ { k = "p" } /^solvers:/ { k = "s" }
    /^  [a-z]/ { print k, $1 }' >"$work/algos.txt"
# The variants of the plan too.
printf '%s\n' "g frontier:pick=newest" "g frontier:pick=oldest" "g mainpath:mode=faithful" \
    "p braid:keep=0.4,offset=99" "s wall:hand=right" "s astar:k=2.2" "s flood:from=centre" \
    >>"$work/algos.txt"

start=$(date +%s)
run_suite native "$native"
echo "cross: native: $(wc -l <"$work/native/sweep.txt") sweep rows, $(grep -c '^==' "$work/native/traces.txt") traces, $(grep -c '^ok' "$work/native/golden.txt") golden checks passed, $(grep -c '^FAIL' "$work/native/golden.txt" || true) failed ($(($(date +%s) - start)) s)" >&2
grep '^FAIL' "$work/native/golden.txt" >&2 || :

status=0
grep -q '^FAIL' "$work/native/golden.txt" && status=1
for t in $targets; do
    tri=$(triplet "$t")
    q=$(qemu "$t")
    if ! command -v "$tri-gcc" >/dev/null || ! command -v "$q" >/dev/null; then
        echo "cross: $t: $tri-gcc or $q missing (scripts/setup.sh installs them)" >&2
        status=1
        continue
    fi
    echo "cross: $t build (build-cross/$t)" >&2
    build "build-cross/$t" -DCMAKE_TOOLCHAIN_FILE=cmake/cross-linux-gnu.cmake -DMZ_CROSS_TRIPLET="$tri"
    start=$(date +%s)
    res=same
    run_suite "$t" "$q build-cross/$t/mazebench" || res=failed
    for part in sweep traces golden; do
        if ! cmp -s "$work/native/$part.txt" "$work/$t/$part.txt"; then
            res=different
            echo "cross: $t: $part differs from native (first lines of the diff):" >&2
            diff "$work/native/$part.txt" "$work/$t/$part.txt" | head -8 >&2 || :
        fi
    done
    echo "cross: $t: $res; $(wc -l <"$work/$t/sweep.txt") sweep rows, $(grep -c '^==' "$work/$t/traces.txt") traces, $(grep -c '^ok' "$work/$t/golden.txt") golden checks passed ($(($(date +%s) - start)) s)" >&2
    [ "$res" = same ] || status=1
done
exit $status
