#!/bin/sh
# A/B timing of two builds on one machine, then 'mazebench compare'
# (docs/compare.md, "A/B runs: scripts/ab.sh").
#
#   sh scripts/ab.sh BASE_BIN NEW_BIN [options] [-- SWEEP_ARGS... [-- COMPARE_ARGS...]]
#   sh scripts/ab.sh --programs BASE.programs NEW.programs [--bin B] [options]
#                    [-- SWEEP_ARGS... [-- COMPARE_ARGS...]]
#
# The second form times two versions of an outside program (docs/outside.md)
# with one mazebench binary (--bin B, default build/mazebench in the
# repository): each side's sweep runs with its own programs file, which must
# declare the same entries ([generator NAME], [solver NAME], ...), and the
# manifest records both files' paths and content hashes (not the files their
# commands run: a changed script under an unchanged programs file is not
# seen by --resume). compare times an outside program's rows by own_ns when
# the program reports it, else process_ns, and calls them slower only past
# --outside-threshold (default 10%, the noise floor of whole-process timing;
# docs/compare.md).
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
#   DIR/rounds/        each round's sweep CSV, as written, and its order
#   DIR/manifest       what the run is made of: both binaries' paths and
#                      content hashes, the sweep's arguments, its plan
#                      file's hash and lines ('| ' before each), the order
#                      seed, --jobs, the rounds, the compare binary and
#                      options (written before round 1)
#
# base.csv, new.csv and compare.* are made in a hidden folder in DIR
# (.ab-tmp.*, there only while they are made) and moved in together once
# all of them are written; every run first removes those of an earlier run,
# so they never sit beside rounds they were not made from. A failed or
# interrupted run leaves none of them.
#
# Options (--name V and --name=V are the same; each at most once):
#   --rounds N        rounds (default 40, at most 10000): compare pairs the
#                     two sides round by round; the default plan needs at
#                     least 12 (compare says how many when there are too few)
#   --out DIR         where everything goes (default results/runs/ab-<UTC
#                     time> in the repository, which git ignores); an
#                     existing DIR is refused unless --force or --resume
#   --force           start DIR afresh: remove every file an earlier run
#                     left there (rounds, partial rounds, outputs, manifest)
#   --resume          carry on the run in DIR: a round counts as finished
#                     only when its file holds every row of the plan; an
#                     interrupted or killed round (FILE or FILE.partial) is
#                     carried on with 'sweep --resume', a missing one run
#                     (a DIR that does not exist is started).
#                     Refused (exit 2, one line naming what differs) when
#                     the binaries' contents, the sweep arguments, the plan
#                     file's contents, the order seed or --jobs differ from
#                     DIR/manifest; those left out are taken from it, and so
#                     are --rounds and compare's options. --rounds may grow
#                     (more rounds), not shrink. Needs --out.
#   --order-seed S    seed of the per-round order draw, 0..4294967295
#                     (default: random, printed and recorded, so a run can
#                     be replayed)
#   --compare-bin B   the binary that runs 'compare' (default NEW_BIN)
#   --jobs N          sweep workers a side (default 1: on a small machine
#                     a second worker disturbs the first one's times)
#   --bin B           with --programs: the mazebench binary both sides run
#                     (default build/mazebench in the repository)
#   -h, --help        this text
#   -- SWEEP_ARGS     the sweep: a PLAN file and/or --gen/--solve/--seeds/
#                     --sizes/--reps (default: bench/plans/ab.plan, every
#                     registry entry; not a plan on stdin, and not --out,
#                     --jobs, --force, --resume, --print-plan or --progress,
#                     which are the script's); compare's own options go
#                     after a second --:  -- SWEEP_ARGS -- --threshold 10%
#                     (checked before round 1; not --out, --junit, --chart,
#                     --format or --force, which are the script's)
#
# Before round 1 both builds must accept the sweep (--print-plan). Progress
# goes to stderr, a line before each sweep: the round, the side, the binary.
# A sweep that fails, or ends without writing every row of the plan, stops
# the run at once with one line naming the binary and its exit status.
# Ctrl-C (SIGINT), SIGTERM or SIGHUP stops the running sweep, which keeps
# its finished rows, and leaves DIR for --resume; no temporary file
# outlives the script.
#
# Exit status: compare's (0 nothing slower, 1 something slower or a figure
# differs), or 2 when there is no verdict: bad arguments, a --resume that
# does not match DIR's run, a sweep that fails, compare refusing the rounds
# or an output that cannot be written (one line on stderr); 128+N after
# signal N (130 after Ctrl-C).
set -eu

prog=ab
say() { echo "$prog: $*" >&2; }
die() { say "$*"; exit 2; }
usage() { sed -n '2,/^set -eu/p' "$0" | sed -e '/^set -eu/d' -e 's/^# \{0,1\}//'; }
help() { # a --help that cannot be written fails
    usage 2>/dev/null || { say "cannot write the help to stdout"; exit 1; }
    exit 0
}

for a in "$@"; do
    case "$a" in
    -h | --help) help ;;
    --) break ;;
    esac
done
base_prog=""
new_prog=""
case "${1:-}" in
--programs)
    [ $# -ge 3 ] || die "--programs needs two files, BASE.programs and NEW.programs (see --help)"
    base_prog=$2
    new_prog=$3
    shift 3
    for p in "$base_prog" "$new_prog"; do
        case "$p" in -*) die "--programs needs two files, BASE.programs and NEW.programs (got '$p')" ;; esac
        [ -f "$p" ] && [ -r "$p" ] || die "'$p' is not a readable programs file"
    done
    ;;
--programs=*) die "--programs takes two files: --programs BASE.programs NEW.programs" ;;
-*) die "BASE_BIN and NEW_BIN (or --programs BASE.programs NEW.programs) come first, then the options (see --help)" ;;
*)
    [ $# -ge 2 ] || die "two binaries are needed, BASE_BIN and NEW_BIN (see --help)"
    base_bin=$1
    new_bin=$2
    shift 2
    ;;
esac

rounds=40
out=""
force=""
resume=""
order_seed=""
compare_bin=""
jobs=1
rounds_given=""
seed_given=""
jobs_given=""
bin=""
seen=" "
once() { # refuse an option given twice, as every mazebench command does
    case "$seen" in *" $1 "*) die "option $1 given twice" ;; esac
    seen="$seen$1 "
}
while [ $# -gt 0 ]; do
    case "$1" in
    --*=*) name=${1%%=*} val=${1#*=} hasval=1 ;;
    *) name=$1 val="" hasval="" ;;
    esac
    case "$name" in
    --rounds | --out | --order-seed | --compare-bin | --jobs | --bin)
        once "$name"
        if [ -z "$hasval" ]; then
            [ $# -ge 2 ] || die "$name needs a value"
            val=$2
            shift
        fi
        shift
        case "$name" in
        --rounds) rounds=$val rounds_given=1 ;;
        --out) out=$val ;;
        --order-seed) order_seed=$val seed_given=1 ;;
        --compare-bin) compare_bin=$val ;;
        --jobs) jobs=$val jobs_given=1 ;;
        --bin) bin=$val ;;
        esac
        ;;
    --force | --resume)
        [ -z "$hasval" ] || die "$name takes no value"
        once "$name"
        if [ "$name" = --force ]; then force=1; else resume=1; fi
        shift
        ;;
    --) shift; break ;;
    *) die "unknown option '$1' (sweep arguments go after --; see --help)" ;;
    esac
done

# q ARG: ARG quoted for the shell, so a list of arguments can be kept in
# one variable and given back with eval (no temporary files).
q() { printf '%s\n' "$1" | sed -e "s/'/'\\\\''/g" -e "1s/^/'/" -e "\$s/\$/'/"; }
nl='
'
sweep_q=""
compare_q=""
sweep_given=""
compare_given=""
side=sweep
for a in "$@"; do
    if [ "$side" = sweep ] && [ "$a" = "--" ]; then side=compare compare_given=1; continue; fi
    case "$a" in *"$nl"*) die "an argument holds a line break: the run could not be recorded" ;; esac
    if [ "$side" = sweep ]; then sweep_q="$sweep_q $(q "$a")" sweep_given=1
    else compare_q="$compare_q $(q "$a")"; fi
done

case "$rounds" in '' | *[!0-9]*) die "--rounds '$rounds' is not a whole number" ;; esac
rounds=$(printf '%s\n' "$rounds" | sed -e 's/^0*//' -e 's/^$/0/')
[ ${#rounds} -le 5 ] && [ "$rounds" -ge 1 ] && [ "$rounds" -le 10000 ] ||
    die "--rounds $rounds is out of range 1..10000"
case "$jobs" in '' | *[!0-9]*) die "--jobs '$jobs' is not a positive whole number" ;; esac
jobs=$(printf '%s\n' "$jobs" | sed -e 's/^0*//' -e 's/^$/0/')
[ ${#jobs} -le 6 ] && [ "$jobs" -ge 1 ] || die "--jobs '$jobs' is not a positive whole number"
if [ -n "$seed_given" ]; then
    case "$order_seed" in '' | *[!0-9]*) die "--order-seed '$order_seed' is not a whole number" ;; esac
    order_seed=$(printf '%s\n' "$order_seed" | sed -e 's/^0*//' -e 's/^$/0/')
    if [ ${#order_seed} -gt 10 ] || [ "$order_seed" -gt 4294967295 ]; then
        die "--order-seed $order_seed is out of range 0..4294967295"
    fi
fi
[ -z "$force" ] || [ -z "$resume" ] || die "--force and --resume do not go together"
[ -z "$resume" ] || [ -n "$out" ] || die "--resume needs --out DIR, the run to carry on"

here=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "$base_prog" ]; then
    [ -n "$bin" ] || bin=$here/build/mazebench
    base_bin=$bin
    new_bin=$bin
    # Both files declare the same entries, or the sides' sweeps differ.
    entries() {
        sed -n 's/^[[:space:]]*\[[[:space:]]*\([A-Za-z]*\)[[:space:]][[:space:]]*\([^]]*[^][:space:]]\)[[:space:]]*\].*/\1 \2/p' "$1" | sort
    }
    eb=$(entries "$base_prog")
    en=$(entries "$new_prog")
    [ -n "$eb" ] || die "'$base_prog' declares no program"
    [ "$eb" = "$en" ] || die "'$base_prog' and '$new_prog' do not declare the same entries ($(echo $eb | tr '\n' ' ') / $(echo $en | tr '\n' ' '))"
else
    [ -z "$bin" ] || die "--bin goes with --programs BASE.programs NEW.programs (two binaries are given first)"
fi
for b in "$base_bin" "$new_bin"; do
    [ -f "$b" ] && [ -x "$b" ] || die "'$b' is not an executable file"
done
[ -n "$compare_bin" ] || compare_bin=$new_bin
[ -f "$compare_bin" ] && [ -x "$compare_bin" ] || die "'$compare_bin' is not an executable file"
"$compare_bin" compare --help 2>/dev/null </dev/null | grep -q 'compare BASE' ||
    die "'$compare_bin' has no 'compare' command (use --compare-bin with a newer build)"

[ -n "$out" ] || out="$here/results/runs/ab-$(date -u +%Y%m%dT%H%M%SZ)"
[ ! -e "$out" ] || [ -d "$out" ] || die "'$out' exists and is not a directory"
if [ -e "$out" ] && [ -z "$force" ] && [ -z "$resume" ]; then
    die "'$out' exists; --resume carries it on, --force starts it afresh"
fi

hash_of() { # FILE: "sha256 HEX" (or "cksum CRC SIZE" without sha256sum)
    if command -v sha256sum >/dev/null 2>&1; then
        sha256sum <"$1" | awk '{ print "sha256 " $1 }'
    else
        cksum <"$1" | awk '{ print "cksum " $1 " " $2 }'
    fi
}
h_base=$(hash_of "$base_bin")
h_new=$(hash_of "$new_bin")
h_cmp=$(hash_of "$compare_bin")
# The programs files (--programs): their lines in the manifest, and each
# side's option to its sweeps.
prog_lines=""
pq_base=""
pq_new=""
if [ -n "$base_prog" ]; then
    prog_lines="programs base $(q "$base_prog"): $(hash_of "$base_prog")${nl}programs new $(q "$new_prog"): $(hash_of "$new_prog")$nl"
    pq_base=" --programs $(q "$base_prog")"
    pq_new=" --programs $(q "$new_prog")"
fi

# --resume: what DIR's run was made by, from its manifest. Given values
# must match; values left out are taken from it.
manifest="$out/manifest"
old() { sed -n "s/^$1: //p" "$manifest" | head -n 1; }
if [ -n "$resume" ] && [ -f "$manifest" ]; then
    for k in 'base hash' 'new hash' 'order seed' jobs rounds; do
        [ -n "$(old "$k")" ] || die "--resume: '$manifest' has no '$k' line: not a manifest of this script; --force starts afresh"
    done
    differs() { die "--resume: not what the run in '$out' was made with ($manifest): $1; --force starts it afresh"; }
    [ "$(old 'base hash')" = "$h_base" ] || differs "BASE_BIN '$base_bin' (its content)"
    [ "$(old 'new hash')" = "$h_new" ] || differs "NEW_BIN '$new_bin' (its content)"
    o=$(old 'order seed')
    if [ -z "$seed_given" ]; then order_seed=$o; seed_given=1
    elif [ "$order_seed" != "$o" ]; then differs "the order seed ($order_seed, the run's $o)"; fi
    o=$(old jobs)
    if [ -z "$jobs_given" ]; then jobs=$o
    elif [ "$jobs" != "$o" ]; then differs "--jobs ($jobs, the run's $o)"; fi
    o=$(sed -n 's/^sweep://p' "$manifest" | head -n 1)
    if [ -z "$sweep_given" ]; then sweep_q=$o
    elif [ "$sweep_q" != "$o" ]; then differs "the sweep arguments ($sweep_q, the run's $o)"; fi
    o=$(old rounds)
    if [ -z "$rounds_given" ]; then rounds=$o
    elif [ "$rounds" -lt "$o" ]; then differs "--rounds ($rounds is fewer than the run's $o)"; fi
    if [ -z "$compare_given" ]; then compare_q=$(sed -n 's/^compare options://p' "$manifest" | head -n 1); fi
elif [ -n "$resume" ] && [ -d "$out/rounds" ] && [ -n "$(ls -A "$out/rounds")" ]; then
    die "--resume: '$out' has rounds but no manifest to check them against; --force starts it afresh"
fi
[ -n "$sweep_q" ] || sweep_q=" $(q "$here/bench/plans/ab.plan")"

# The sweep's arguments: the plan files among them (hashed into the
# manifest), and none of the options that are the script's.
plan_lines=""
plan_text=""
eval "set -- $sweep_q"
takes_value=""
positional=""
for a in "$@"; do
    if [ -n "$takes_value" ]; then takes_value=""; continue; fi
    if [ -z "$positional" ]; then
        case "$a" in
        --) positional=1; continue ;;
        --out | --out=* | --jobs | --jobs=* | --progress | --progress=* | --force | --resume | --print-plan)
            die "the sweep argument '$a' is the script's to give (see --help)" ;;
        --programs | --programs=*)
            [ -z "$base_prog" ] || die "the sweep argument '$a' is the script's to give: each side's sweep has its own --programs file"
            takes_value=1; continue ;;
        --gen | --solve | --seeds | --grids | --sizes | --reps | --threads | --shard | --count)
            takes_value=1; continue ;;
        -?*) continue ;;
        esac
    fi
    [ "$a" != - ] || die "a plan on stdin ('-') cannot be read again each round: give a file"
    if [ -f "$a" ] && [ -r "$a" ]; then
        plan_lines="${plan_lines}plan $(q "$a"): $(hash_of "$a")$nl"
        plan_text="${plan_text}$(sed 's/^/| /' "$a")$nl"
    fi
done
if [ -n "$resume" ] && [ -f "$manifest" ]; then
    o=$(grep '^plan ' "$manifest" || true)
    [ "$(printf '%s' "$plan_lines" | sed '/^$/d')" = "$o" ] ||
        die "--resume: the plan file's content differs from the run in '$out' ($manifest); --force starts it afresh"
    o=$(grep '^programs ' "$manifest" || true)
    [ "$(printf '%s' "$prog_lines" | sed '/^$/d')" = "$o" ] ||
        die "--resume: the programs files (their paths or contents) differ from the run in '$out' ($manifest); --force starts it afresh"
fi

if [ -z "$seed_given" ]; then
    order_seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
fi

# compare's options, before any round: not those the script gives, and
# none that compare refuses. compare reads its options before its files,
# so given two files that cannot exist it names a refused option, and
# otherwise the first file (the same line as without options).
eval "set -- $compare_q"
for a in "$@"; do
    case "$a" in
    --out | --out=* | --junit | --junit=* | --chart | --chart=* | --format | --format=* | --force)
        die "the compare option '$a' is the script's to give (see --help)" ;;
    esac
done
probe() {
    eval "set -- \"\$compare_bin\" compare /dev/null/base.csv /dev/null/new.csv \"\$@\" $compare_q"
    "$@" </dev/null 2>&1 >/dev/null | grep -v '^[[:space:]]*$' | tail -n 1
}
m0=$(compare_q="" probe)
m1=$(probe --out /dev/null/compare.txt --junit /dev/null/compare.xml)
[ "$m1" = "$m0" ] || die "compare refuses its options: $m1"

# Sweeps and compare run in the background, so that a signal reaches the
# script at once: the trap then stops the running one (SIGTERM: a sweep
# keeps its finished rows), waits for it and removes the script's
# temporary folder. That folder (DIR/.ab-tmp.*) exists only while the
# manifest is written and while the outputs are made at the end; the
# messages of a sweep or of compare go to a file that has no name (opened,
# then removed), so that not even SIGKILL leaves it.
child=""
stage=""
cleanup() {
    if [ -n "$stage" ]; then rm -rf "$stage"; fi
    stage=""
    # a log that a signal caught between its making and its unlinking
    if [ -n "${lf:-}" ]; then rm -f "$lf"; fi
}
mkstage() {
    stage=$(mktemp -d "$out/.ab-tmp.XXXXXX") || die "cannot create a temporary folder in '$out'"
}
on_signal() { # NAME NUMBER
    trap '' INT TERM HUP
    if [ -n "$child" ]; then
        kill -TERM "$child" 2>/dev/null || true
        wait "$child" 2>/dev/null || true
    fi
    cleanup
    say "interrupted by SIG$1: the finished rounds and the rows of the running one are kept in '$out'; --resume carries the run on"
    exit $((128 + $2))
}
trap cleanup EXIT
trap 'on_signal INT 2' INT
trap 'on_signal TERM 15' TERM
trap 'on_signal HUP 1' HUP

run_bg() { # [-C DIR] CMD...: CMD in the background (in DIR), its stderr to a
    # nameless log; its status
    rb_dir=.
    if [ "$1" = -C ]; then rb_dir=$2; shift 2; fi
    lf="$out/.ab-log.$$"
    : >"$lf" 2>/dev/null || die "cannot write in '$out'"
    exec 3>"$lf" 4<"$lf"
    rm -f "$lf"
    (cd "$rb_dir" && exec "$@") </dev/null 2>&3 3>&- 4<&- &
    child=$!
    rb_st=0
    wait "$child" || rb_st=$?
    child=""
    exec 3>&-
    return "$rb_st"
}
# The log of the last run_bg: all of it, or its last line (then closed).
log_all() { cat <&4; exec 4<&-; }
log_last() { grep -v '^[[:space:]]*$' <&4 | tail -n 1; exec 4<&-; }

# Both builds must accept the sweep before anything is written; the plan's
# row count is what a finished round holds.
for s in base new; do
    if [ "$s" = base ]; then sbin=$base_bin pq=$pq_base; else sbin=$new_bin pq=$pq_new; fi
    eval "set -- \"\$sbin\" sweep$pq --jobs \"\$jobs\" --print-plan $sweep_q"
    st=0
    res=$("$@" </dev/null 2>&1) || st=$?
    if [ "$st" -ne 0 ]; then
        msg=$(printf '%s\n' "$res" | grep -v '^[[:space:]]*$' | tail -n 1)
        die "the $s build ('$sbin'${pq:+,$pq}) refuses the sweep (exit status $st): $msg"
    fi
    # "# tasks: T (R rows)", or "# tasks: T (R rows), shard I/N runs U"
    n=$(printf '%s\n' "$res" | awk '
        /^# tasks: [0-9]+ \([0-9]+ rows\)/ {
            t = $3; r = substr($4, 2)
            if (match($0, /runs [0-9]+/)) r = r / t * substr($0, RSTART + 5, RLENGTH - 5)
            print r; exit }')
    if [ "$s" = base ]; then rows_base=$n; else rows_new=$n; fi
done

# DIR: afresh (--force removes what an earlier run left), or carried on.
# Either way the joined files and compare's outputs of an earlier run go
# before any round runs: they are made again at the end.
if [ -n "$force" ] && [ -d "$out" ]; then
    rm -f "$manifest"
    if [ -d "$out/rounds" ]; then
        rm -f "$out"/rounds/base-*.csv "$out"/rounds/new-*.csv \
            "$out"/rounds/base-*.csv.partial "$out"/rounds/new-*.csv.partial \
            "$out"/rounds/order-* "$out"/rounds/*.log "$out/rounds/plan.err" \
            "$out"/rounds/.base-*.csv.tmp-* "$out"/rounds/.new-*.csv.tmp-*
    fi
fi
mkdir -p "$out/rounds" 2>/dev/null || die "cannot create '$out/rounds'"
rm -rf "$out"/.ab-tmp.*
final="base.csv new.csv compare.txt compare.csv compare.json compare.md compare.xml compare.png"
for f in $final; do rm -f "$out/$f"; done
rm -f "$out"/.ab-log.*

mkstage
{
    echo "# scripts/ab.sh: what this run is made of; --resume refuses other binaries, plan, seeds or jobs"
    echo "base: $base_bin"
    echo "base hash: $h_base"
    echo "new: $new_bin"
    echo "new hash: $h_new"
    echo "order seed: $order_seed"
    echo "jobs: $jobs"
    echo "sweep:$sweep_q"
    printf '%s' "$prog_lines"
    printf '%s' "$plan_lines"
    printf '%s' "$plan_text"
    echo "rows: base $rows_base, new $rows_new"
    echo "rounds: $rounds"
    echo "compare: $compare_bin"
    echo "compare hash: $h_cmp"
    echo "compare options:$compare_q"
} >"$stage/manifest" && mv -f "$stage/manifest" "$manifest" ||
    die "cannot write '$manifest'"
cleanup

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

# Rows of a sweep CSV (not its '#' lines, blank lines or header); -1 when
# it has no header.
rows_in() { awk '/^#/ || NF == 0 { next } { n++ } END { print n - 1 }' "$1"; }

start=$(date +%s)
kept=0
run_side() { # side round
    s=$1 r=$2
    f="$out/rounds/$s-$r.csv"
    if [ "$s" = base ]; then sbin=$base_bin want=$rows_base pq=$pq_base p=$base_prog
    else sbin=$new_bin want=$rows_new pq=$pq_new p=$new_prog; fi
    how=""
    if [ -e "$f.partial" ]; then
        how=resume # killed: its finished tasks are there (newer than FILE)
    elif [ -e "$f" ]; then
        n=$(rows_in "$f")
        if [ -n "$want" ] && [ "$n" = "$want" ]; then
            kept=$((kept + 1))
            return 0 # whole: every row of the plan
        fi
        if [ "$n" -lt 0 ]; then rm -f "$f"; else how=resume; fi # interrupted
    fi
    note=""
    [ -z "$how" ] || note=", carrying on its interrupted sweep"
    say "round $r of $rounds: $s ($sbin${p:+, --programs $p})$note; $(($(date +%s) - start)) s so far"
    set -- --out "$f"
    [ -z "$how" ] || set -- "$@" --resume
    eval "set -- \"\$sbin\" sweep$pq --jobs \"\$jobs\" --progress 0 \"\$@\" $sweep_q"
    st=0
    run_bg "$@" || st=$?
    msg=$(log_last)
    if [ "$st" -ne 0 ]; then
        die "round $r of $rounds: the $s sweep ('$sbin') failed with exit status $st${msg:+: $msg}"
    fi
    [ -f "$f" ] || die "round $r of $rounds: the $s sweep ('$sbin') exited 0 but wrote no CSV"
    n=$(rows_in "$f")
    [ "$n" -ge 0 ] || die "round $r of $rounds: the $s sweep ('$sbin') exited 0 but its CSV has no header"
    if [ -n "$want" ] && [ "$n" != "$want" ]; then
        die "round $r of $rounds: the $s sweep ('$sbin') exited 0 but wrote $n of the plan's $want rows"
    fi
    [ ! -e "$f.partial" ] || die "round $r of $rounds: the $s sweep ('$sbin') exited 0 but left '$f.partial'"
}

if [ -n "$resume" ]; then
    say "carrying on $rounds rounds, order seed $order_seed, in $out"
else
    say "$rounds rounds, order seed $order_seed, into $out"
fi
r=1
while [ "$r" -le "$rounds" ]; do
    first=$(first_of "$r")
    if [ "$first" = base ]; then second=new; else second=base; fi
    run_side "$first" "$r"
    run_side "$second" "$r"
    echo "$first,$second" >"$out/rounds/order-$r" || die "cannot write '$out/rounds/order-$r'"
    r=$((r + 1))
done
[ "$kept" -eq 0 ] || say "kept $kept finished round files of the earlier run"

# Join each side's rounds: every round's provenance lines first (with the
# round and its order), one header, then every round's rows. Every round
# must have the same header as the first.
join_side() { # side binary
    s=$1 bin=$2
    {
        echo "# ab: side $s, binary $bin${3:+, programs $3}, $rounds rounds, order seed $order_seed"
        r=1
        while [ "$r" -le "$rounds" ]; do
            # Each round as it was written, its '#' lines and header
            # included: compare pairs round r of one side with round r of
            # the other.
            echo "# ab: round $r: order $(cat "$out/rounds/order-$r")"
            cat "$out/rounds/$s-$r.csv"
            r=$((r + 1))
        done
    } >"$stage/$s.csv" || die "cannot write the joined $s rounds"
    # The headers of all rounds must agree (the same binary writes them).
    n=$(r=1; while [ "$r" -le "$rounds" ]; do
        grep -v '^#' "$out/rounds/$s-$r.csv" | grep -v '^[[:space:]]*$' | head -n 1
        r=$((r + 1))
    done | sort -u | wc -l)
    [ "$n" -eq 1 ] || die "the $s rounds have different headers"
}
mkstage
join_side base "$base_bin" "$base_prog"
join_side new "$new_bin" "$new_prog"
say "$rounds rounds in $(($(date +%s) - start)) s; comparing"

# compare, every output into the temporary folder; all of them or none.
# compare runs in the temporary folder, so that its outputs name the joined
# files as they will be in DIR: base.csv and new.csv.
# shellcheck disable=SC2034 # compare_abs is used in an eval
case "$compare_bin" in /*) compare_abs=$compare_bin ;; *) compare_abs=$PWD/$compare_bin ;; esac
compare() { # COMPARE_OPTIONS...
    eval "set -- \"\$compare_abs\" compare base.csv new.csv \"\$@\" $compare_q"
    run_bg -C "$stage" "$@"
}
rc=0
compare --out compare.txt --junit compare.xml || rc=$?
if [ "$rc" -gt 1 ]; then
    msg=$(log_last)
    die "compare refused the rounds (exit status $rc${msg:+: $msg}); nothing written beside them"
fi
log_all >&2
for fmt in csv json markdown chart; do
    case "$fmt" in
    markdown) set -- --format markdown --out compare.md ;;
    chart)
        command -v gnuplot >/dev/null 2>&1 || continue
        set -- --format csv --out compare-chart.csv --chart compare.png ;;
    *) set -- --format "$fmt" --out "compare.$fmt" ;;
    esac
    st=0
    compare "$@" || st=$?
    msg=$(log_last)
    if [ "$st" -gt 1 ]; then
        die "compare could not write its $fmt output (exit status $st${msg:+: $msg}); nothing written beside the rounds"
    fi
done
for f in $final; do
    case "$f" in compare.png) ;; *) [ -s "$stage/$f" ] || die "compare wrote no $f; nothing written beside the rounds" ;; esac
done

# Move them in together; a signal waits until they are all there.
trap '' INT TERM HUP
for f in $final; do
    if [ -e "$stage/$f" ]; then
        if ! mv -f "$stage/$f" "$out/$f"; then
            for g in $final; do rm -f "$out/$g"; done
            die "cannot move $f into '$out'; nothing written beside the rounds"
        fi
    fi
done
cleanup
trap 'on_signal INT 2' INT
trap 'on_signal TERM 15' TERM
trap 'on_signal HUP 1' HUP
cat "$out/compare.txt"
exit "$rc"
