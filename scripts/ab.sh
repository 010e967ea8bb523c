#!/bin/sh
# A/B timing of two builds on one machine, then 'mazebench compare'
# (docs/compare.md, "A/B runs: scripts/ab.sh").
#
#   sh scripts/ab.sh BASE_BIN NEW_BIN [options] [-- SWEEP_ARGS...]
#
# Runs the same sweep with both binaries in ROUNDS rounds. In every round
# each binary runs the whole plan once; which one goes first is drawn anew
# each round, so drift (a warming machine, a job starting half-way) and
# other load land on both sides alike instead of on whichever runs second.
# Each side's rounds are joined into one CSV (DIR/base.csv, DIR/new.csv),
# the round files one after the other as written, provenance and header
# included, then compared, round r of one side paired with round r of the
# other:
#
#   DIR/compare.txt    the comparison for people (also printed)
#   DIR/compare.csv    one line a recipe and an algorithm, for scripts
#   DIR/compare.json   the same as JSON
#   DIR/compare.md     a short markdown summary (a CI job page)
#   DIR/compare.xml    JUnit XML (one test case a recipe and an algorithm)
#   DIR/compare.png    ratios with their 95% intervals (when gnuplot is there)
#   DIR/rounds/        each round's sweep CSV, as written
#
# Options:
#   --rounds N        rounds (default 40): compare pairs the two sides round
#                     by round; the default plan needs at least 12 (compare
#                     says how many when there are too few)
#   --out DIR         where everything goes (default results/runs/ab-<UTC
#                     time> in the repository, which git ignores); an
#                     existing DIR is refused unless --force or --resume
#   --force           replace DIR's results
#   --resume          keep DIR's finished rounds and run the missing ones
#   --order-seed S    seed of the per-round order draw (default: random,
#                     printed and recorded, so a run can be replayed)
#   --compare-bin B   the binary that runs 'compare' (default NEW_BIN)
#   --jobs N          sweep workers a side (default 1: on a small machine
#                     a second worker disturbs the first one's times)
#   -- SWEEP_ARGS     the sweep: a PLAN and/or --gen/--solve/--seeds/--sizes/
#                     --reps (default: bench/plans/ab.plan, every registry
#                     entry); compare's own options go after a second --:
#                     -- SWEEP_ARGS -- --threshold 10% ...
#
# Exit status: compare's (0 nothing slower, 1 something slower or a figure
# differs, 2 bad input), or 2 when a sweep fails or the arguments are bad.
set -eu

prog=ab
die() { echo "$prog: $*" >&2; exit 2; }
usage() { sed -n '2,/^set -eu/p' "$0" | sed -e '/^set -eu/d' -e 's/^# \{0,1\}//'; }

case "${1:-}" in
-h|--help) usage; exit 0 ;;
esac
[ $# -ge 2 ] || { usage >&2; exit 2; }
base_bin=$1
new_bin=$2
shift 2

rounds=40
out=""
force=""
resume=""
order_seed=""
compare_bin=""
jobs=1
seen=" "
once() { # refuse an option given twice, as every mazebench command does
    case "$seen" in *" $1 "*) die "option $1 given twice" ;; esac
    seen="$seen$1 "
}
while [ $# -gt 0 ]; do
    case "$1" in
    --rounds) once "$1"; [ $# -ge 2 ] || die "--rounds needs a value"; rounds=$2; shift 2 ;;
    --out) once "$1"; [ $# -ge 2 ] || die "--out needs a value"; out=$2; shift 2 ;;
    --force) once "$1"; force=1; shift ;;
    --resume) once "$1"; resume=1; shift ;;
    --order-seed) once "$1"; [ $# -ge 2 ] || die "--order-seed needs a value"; order_seed=$2; shift 2 ;;
    --compare-bin) once "$1"; [ $# -ge 2 ] || die "--compare-bin needs a value"; compare_bin=$2; shift 2 ;;
    --jobs) once "$1"; [ $# -ge 2 ] || die "--jobs needs a value"; jobs=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    --) shift; break ;;
    *) die "unknown option '$1' (sweep arguments go after --; see --help)" ;;
    esac
done

# The sweep's arguments, up to a second --; compare's after it.
sweep_args_file=$(mktemp)
compare_args_file=$(mktemp)
tmpfiles="$sweep_args_file $compare_args_file"
cleanup() { rm -f $tmpfiles; }
trap cleanup EXIT
trap 'cleanup; echo "$prog: interrupted; finished rounds are kept (--resume carries on)" >&2; exit 130' INT TERM
side=sweep
for a in "$@"; do
    if [ "$side" = sweep ] && [ "$a" = "--" ]; then side=compare; continue; fi
    if [ "$side" = sweep ]; then printf '%s\n' "$a" >>"$sweep_args_file"
    else printf '%s\n' "$a" >>"$compare_args_file"; fi
done
here=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -s "$sweep_args_file" ]; then
    printf '%s\n' "$here/bench/plans/ab.plan" >"$sweep_args_file"
fi
case "$rounds" in ''|*[!0-9]*) die "--rounds '$rounds' is not a whole number" ;; esac
[ "$rounds" -ge 1 ] && [ "$rounds" -le 10000 ] || die "--rounds $rounds is out of range 1..10000"
case "$jobs" in ''|*[!0-9]*|0) die "--jobs '$jobs' is not a positive whole number" ;; esac
[ -z "$force" ] || [ -z "$resume" ] || die "--force and --resume do not go together"

for b in "$base_bin" "$new_bin"; do
    [ -f "$b" ] && [ -x "$b" ] || die "'$b' is not an executable file"
done
[ -n "$compare_bin" ] || compare_bin=$new_bin
[ -f "$compare_bin" ] && [ -x "$compare_bin" ] || die "'$compare_bin' is not an executable file"
"$compare_bin" compare --help >/dev/null 2>&1 ||
    die "'$compare_bin' has no 'compare' command (use --compare-bin with a newer build)"

if [ -z "$order_seed" ]; then
    order_seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
fi
case "$order_seed" in ''|*[!0-9]*) die "--order-seed '$order_seed' is not a whole number" ;; esac

[ -n "$out" ] || out="$here/results/runs/ab-$(date -u +%Y%m%dT%H%M%SZ)"
if [ -e "$out" ] && [ -z "$force" ] && [ -z "$resume" ]; then
    die "'$out' exists; --resume carries it on, --force replaces its results"
fi
if [ -n "$force" ] && [ -d "$out/rounds" ]; then
    rm -f "$out"/rounds/base-*.csv "$out"/rounds/new-*.csv
fi
mkdir -p "$out/rounds"

# Which side goes first in round r: a coin drawn from the order seed and
# the round (a few steps of a 32-bit LCG, its top bit; awk's own rand() is
# not the same from one awk to another). The order used is recorded in
# rounds/order-R and in both joined files.
first_of() {
    awk -v s="$order_seed" -v r="$1" 'BEGIN {
        m = 4294967296; x = (s % m + r * 2654435761) % m
        for (i = 0; i < 12; i++) x = (x * 69069 + 1) % m
        print (x >= m / 2) ? "base" : "new" }'
}

# Run BIN with the arguments of a file (one a line) after the fixed ones:
# with_args FILE BIN ARGS...
with_args() {
    wa_file=$1
    shift
    while IFS= read -r wa_a; do set -- "$@" "$wa_a"; done <"$wa_file"
    "$@"
}

run_side() { # side round
    s=$1 r=$2
    f="$out/rounds/$s-$r.csv"
    if [ -s "$f" ] && [ -n "$resume" ]; then
        return 0
    fi
    if [ "$s" = base ]; then bin=$base_bin; else bin=$new_bin; fi
    # The sweep writes beside and renames at the end: a killed round
    # leaves no file here, only a finished one.
    rm -f "$f"
    if ! with_args "$sweep_args_file" "$bin" sweep --jobs "$jobs" --progress 0 --out "$f" 2>"$out/rounds/$s-$r.log"; then
        tail -3 "$out/rounds/$s-$r.log" >&2
        die "round $r: the $s sweep failed (log: $out/rounds/$s-$r.log)"
    fi
    rm -f "$out/rounds/$s-$r.log"
}

# Both builds must accept the sweep before any round starts.
for s in base new; do
    if [ "$s" = base ]; then bin=$base_bin; else bin=$new_bin; fi
    if ! with_args "$sweep_args_file" "$bin" sweep --jobs "$jobs" --print-plan >/dev/null 2>"$out/rounds/plan.err"; then
        msg=$(grep -v '^$' "$out/rounds/plan.err" | tail -1)
        rm -f "$out/rounds/plan.err"
        die "the $s build refuses the sweep: $msg"
    fi
done
rm -f "$out/rounds/plan.err"

start=$(date +%s)
echo "$prog: $rounds rounds, order seed $order_seed, into $out" >&2
r=1
while [ "$r" -le "$rounds" ]; do
    first=$(first_of "$r")
    if [ "$first" = base ]; then second=new; else second=base; fi
    echo "$prog: round $r/$rounds: $first, then $second ($(($(date +%s) - start)) s so far)" >&2
    run_side "$first" "$r"
    run_side "$second" "$r"
    echo "$first,$second" >"$out/rounds/order-$r"
    r=$((r + 1))
done

# Join each side's rounds: every round's provenance lines first (with the
# round and its order), one header, then every round's rows. Every round
# must have the same header as the first.
join_side() { # side binary
    s=$1 bin=$2
    dest="$out/$s.csv"
    tmp="$out/.$s.csv.tmp"
    {
        echo "# ab: side $s, binary $bin, $rounds rounds, order seed $order_seed"
        r=1
        while [ "$r" -le "$rounds" ]; do
            # Each round as it was written, its '#' lines and header
            # included: compare pairs round r of one side with round r of
            # the other.
            echo "# ab: round $r: order $(cat "$out/rounds/order-$r")"
            cat "$out/rounds/$s-$r.csv"
            r=$((r + 1))
        done
    } >"$tmp"
    # The headers of all rounds must agree (the same binary writes them).
    n=$(for f in "$out"/rounds/"$s"-*.csv; do grep -v '^#' "$f" | head -1; done | sort -u | wc -l)
    [ "$n" -eq 1 ] || die "the $s rounds have different headers"
    mv "$tmp" "$dest"
}
join_side base "$base_bin"
join_side new "$new_bin"
echo "$prog: $rounds rounds in $(($(date +%s) - start)) s; comparing" >&2

# compare: text to the terminal and DIR, the other forms beside it.
rc=0
with_args "$compare_args_file" "$compare_bin" compare "$out/base.csv" "$out/new.csv" \
    --force --out "$out/compare.txt" --junit "$out/compare.xml" || rc=$?
if [ "$rc" -le 1 ]; then
    for fmt in csv json markdown; do
        ext=$fmt
        [ "$fmt" = markdown ] && ext=md
        with_args "$compare_args_file" "$compare_bin" compare "$out/base.csv" "$out/new.csv" \
            --force --format "$fmt" --out "$out/compare.$ext" >/dev/null 2>&1 || true
    done
    if command -v gnuplot >/dev/null 2>&1; then
        with_args "$compare_args_file" "$compare_bin" compare "$out/base.csv" "$out/new.csv" \
            --force --format csv --out /dev/null --chart "$out/compare.png" >/dev/null 2>&1 || true
    fi
    cat "$out/compare.txt"
fi
exit "$rc"
