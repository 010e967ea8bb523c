#!/bin/sh
# attack.sh - a table of promises x commands: try to break every promise of
# docs/conventions.md on every command and output of mazebench, and on the
# scripts that write outputs, from outside, the way a hostile user would.
#
#   sh scripts/attack.sh [--quick] [--kills N] [--seed S] [--only ROW,...] [--case NAME] path/to/mazebench
#
# The table below has one row a command (or script) and output; its columns
# are the promises:
#
#   bad     bad input: exit 2 (1 for memory), exactly one 'mazebench: ' line
#           on stderr, no file changed, none made, no temporary file left
#   full    a full disk: stdout on /dev/full (every --format the command
#           lists) and file outputs on a full filesystem (a small tmpfs,
#           or 'ulimit -f' where mounting is not allowed): exit 1, one line,
#           the old files kept, nothing committed beside a failed stdout
#   pipe    stdout a pipe whose reader is gone, SIGPIPE left as it is and
#           ignored: death by SIGPIPE or exit 1 with one line, nothing
#           committed
#   mem     under 'ulimit -v': exit 0, or 1 with one line; no crash, no
#           file changed by a failure
#   kill    SIGINT, SIGTERM and SIGKILL (to the process group, as Ctrl-C
#           does) after pseudo-random delays from a seeded sequence,
#           scaled to an uninterrupted run's time: afterwards the folder
#           holds the old files or the whole new ones (every output of the
#           command together), never part, and no temporary file
#   exist   an existing target is kept without --force (each file option,
#           and one of several outputs existing stops them all)
#   resume  after each kill, --resume gives the uninterrupted run's result
#           (byte for byte in its deterministic columns); a file made by
#           another plan, seed list or binary, or cut short, is refused or
#           carried on correctly, never taken as it is
#
# A cell that does not apply says why. "Attacked the moment it exists": the
# commands are read from 'mazebench --help', the file options and formats
# from each command's --help, the scripts from scripts/*.sh; a command, a
# file option or a script without a row fails the run.
#
# Prints each broken case, the table (cases tried/broken per cell) and
# 'N passed, M failed'; exit status 1 when anything broke. --quick (the
# test suite's form) makes two kills a killable row and smaller inputs.
# A release build: a sanitized one cannot run under 'ulimit -v' (the mem
# column is then skipped). docs/robustness.md has the figures of a run.
set -u
kills=12
seed=1
quick=""
only=""
dcase=""
while [ $# -gt 1 ]; do
    case $1 in
    --kills) kills=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --case) dcase=$2; shift 2 ;;
    --quick) quick=1; kills=2; shift ;;
    *) break ;;
    esac
done
[ $# -eq 1 ] || { sed -n '4,5p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
mz=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
[ -x "$mz" ] || { echo "attack: '$1' is not an executable" >&2; exit 2; }
here=$(cd "$(dirname "$0")/.." && pwd)
ab=$here/scripts/ab.sh
t=$(mktemp -d)
mnt=""
cleanup() {
    [ -n "$mnt" ] && umount "$mnt" 2>/dev/null
    rm -rf "$t"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP PIPE
FX=$t/fx
mkdir "$FX" "$t/tmp dir"
TMPDIR="$t/tmp dir"
export TMPDIR
cd "$t" || exit 1

PROMISES="bad full pipe mem kill exist resume"

# ---- the table ----
# ROW | COMMAND | FILE OPTIONS COVERED | bad | full | pipe | mem | kill | exist | resume
# '+': attacked by the row's cases below; any other text: why it does not apply.
TABLE='
list|list|-|+|+|+|+|n/a: instant, writes no file|n/a: writes no file|n/a: nothing to resume
gen|gen|--trace --save|+|+|+|+|+|+|n/a: one maze, no resume
solve|solve|--trace --save-path|+|+|+|+|+|+|n/a: one maze, no resume
render|render|--out|+|+|+|+|+|+|n/a: one picture, no resume
render-shapes|render|--out|+|+|+|+|+|+|n/a: one picture, no resume
render-frames|render|--out|+|+|n/a: frames go to files, not stdout|+|+|+|n/a: one animation, no resume
sweep|sweep|--out|+|+|+|+|+|+|+
merge|merge|--out|+|+|+|+|+|+|n/a: reads its parts again, no resume
check|check|--junit|+|+|+|+|+|+|n/a: re-runs rows, no resume
compare|compare|--out --junit --chart|+|+|+|+|+|+|n/a: reads two files, no resume
report|report|--out --md --tex|+|+|+|+|+|+|n/a: reads files, no resume
scale|scale|--out|+|+|+|+|+|+|+
scaling|scaling|--points|+|+|+|+|+|+|n/a: no resume
stats|stats|--published|+|+|+|+|n/a: writes only stdout|n/a: writes only stdout|n/a: no resume
eller-stream|eller-stream|--out|+|+|+|+|+|+|n/a: no resume
maze|maze|--render --save|+|+|+|+|+|+|n/a: one maze, no resume
vet|vet|-|+|+|+|n/a: a few small grids whatever its input|n/a: writes no file|n/a: writes no file|n/a: nothing to resume
verdict|verdict|-|+|+|+|n/a: small grids whatever its input|n/a: writes no file|n/a: writes no file|n/a: nothing to resume
ab.sh|scripts/ab.sh|--out|+|n/a: its results are DIR files; stdout repeats compare.txt|n/a: its results are DIR files|n/a: the sweeps it runs are attacked as sweep|+|+|+
'
# Scripts under scripts/ that the table does not attack, and why.
SCRIPTS_NA='
attack.sh: this suite; writes only in a temporary folder
bench.sh: builds and runs the Google Benchmark program (minutes); prints only
charts.sh: draws charts from a CSV with gnuplot (no mazebench promise of its own)
cross.sh: cross-builds and runs under qemu (minutes)
daedalus-compare.sh: needs a Daedalus build
engine-compare.sh: a measurement run of minutes
fuzz.sh: builds build-fuzz/ (libFuzzer)
gen-docs.sh: rewrites a committed document from the registry
hyperfine.sh: a measurement run with hyperfine
inject-slowdown.sh: builds a patched copy of the program
main.sh: the main job: builds and runs the default sweep (minutes); its sweep is attacked as sweep
mainpath-scaling.sh: a measurement run of minutes
package.sh: builds the Debian package into the build folder (a build product, remade by every run; tests/package_cli.sh checks it)
outside-examples.sh: a measurement run of minutes (node, python3 and an npm package); writes a new folder, an existing one refused
regen-costs.sh: rewrites a committed baseline (Callgrind, minutes)
regen-digests.sh: rewrites a committed golden file
regen-registry-golden-large.sh: rewrites a committed golden file
regen-registry-golden.sh: rewrites a committed golden file
regen-render-digests.sh: rewrites a committed golden file
regen-seeds-golden.sh: rewrites a committed golden file
regen-sweep-golden.sh: rewrites a committed golden file
rng-cost.sh: a measurement run (Callgrind, minutes)
rng-large.sh: a measurement run of about 30 minutes (4 GB)
renders.sh: draws pictures with render, attacked as render
scaling-chart.sh: runs scaling and gnuplot, attacked as scaling
setup.sh: installs packages
shape-costs.sh: a measurement run (Callgrind and times, minutes)
shape-figures.sh: rewrites a generated source file from a committed table (--check only reads)
shape-stats.sh: runs stats, attacked as stats
slurm-local.sh: needs a Slurm cluster
solver-cpu-time.sh: a measurement run of minutes
stats-chart.sh: runs stats and gnuplot, attacked as stats
targets.sh: a measurement run of minutes
test.sh: the test suite
treasure-claims.sh: a measurement run of minutes
'

# ---- bookkeeping ----
tried=0 broken=0 nw=0
why=""
rows=$(echo "$TABLE" | awk -F'|' 'NF > 3 { print $1 }')
cell() { # ROW PROMISE: the table's cell
    echo "$TABLE" | awk -F'|' -v r="$1" -v p="$2" -v ps="$PROMISES" '
        BEGIN { n = split(ps, a, " "); for (i = 1; i <= n; i++) col[a[i]] = i + 3 }
        $1 == r { print $col[p] }'
}
key() { echo "$1_$2" | tr -c 'a-zA-Z0-9\n' '_'; }
wants() { # ROW PROMISE: attack this cell?
    [ "$(cell "$1" "$2")" = "+" ] || return 1
    [ -z "$only" ] && return 0
    case ",$only," in *",$1,"*) return 0 ;; esac
    return 1
}
broke() { why="$why${why:+; }$*"; }
verdict() { # ROW PROMISE DESCRIPTION: count the case just run
    k=$(key "$1" "$2")
    eval "T_$k=\$((\${T_$k:-0} + 1))"
    tried=$((tried + 1))
    if [ -n "$(ls -A "$TMPDIR")" ]; then
        broke "left in TMPDIR: $(ls -A "$TMPDIR" | head -3 | tr '\n' ' ')"
        rm -rf "$TMPDIR"/* "$TMPDIR"/.[!.]* 2>/dev/null
    fi
    if [ -n "$why" ]; then
        eval "B_$k=\$((\${B_$k:-0} + 1))"
        broken=$((broken + 1))
        echo "BROKEN [$1 x $2] $3: $why"
    fi
    why=""
    cd "$t" || exit 1
    [ -n "${case_t0:-}" ] && [ $(($(now_ms) - case_t0)) -gt 1500 ] &&
        echo "attack: slow case ($(($(now_ms) - case_t0)) ms): $1 x $2: $3" >&2
    case_t0=""
}
fresh() { case_t0=$(now_ms); nw=$((nw + 1)); mkdir "$t/w$nw"; cd "$t/w$nw" || exit 1; }
keep() { for f; do mkdir -p "$(dirname "$f")" && printf 'old contents\n' >"$f"; done; }
intact() { for f; do [ "$(cat "$f" 2>/dev/null)" = "old contents" ] || return 1; done; }
listing() { ls -A | LC_ALL=C sort | tr '\n' ' '; }
# x ARGS...: the row's program (mazebench, or a script)
x() {
    case $row in
    ab.sh) sh "$ab" "$@" ;;
    *) "$mz" "$@" ;;
    esac
}
pfx() { case $row in ab.sh) echo "ab: " ;; *) echo "mazebench: " ;; esac; }
one_line() { # ERRFILE: exactly one line, the program's prefix
    [ "$(wc -l <"$1")" -eq 1 ] && grep -q "^$(pfx)" "$1" && return 0
    broke "stderr not one '$(pfx)' line: $(head -c 160 "$1" | tr '\n' '|')"
}
no_new() { # BEFORE-LISTING [ALLOWED NAME...]: nothing made, nothing left
    nn_before=$1
    shift
    for f in $(ls -A); do
        case " $nn_before " in *" $f "*) continue ;; esac
        nn_ok=""
        for a; do case $f in $a) nn_ok=1 ;; esac; done
        [ -n "$nn_ok" ] || broke "left '$f'"
    done
}
# A pseudo-random sequence, seeded: a 32-bit LCG in awk, exact in doubles.
rnd_state=$(awk -v s="$seed" 'BEGIN { printf "%.0f", (s * 2654435761 + 12345) % 4294967296 }')
rnd() { # the next fraction in [0, 1) into $u (not in a subshell: the state moves on)
    rnd_state=$(awk -v x="$rnd_state" 'BEGIN { printf "%.0f", (x * 69069 + 1) % 4294967296 }')
    u=$(awk -v x="$rnd_state" 'BEGIN { printf "%.4f", x / 4294967296 }')
}
now_ms() { date +%s%N | cut -c1-13; }
row_t0=""
timing() { # print the time the previous row took (stderr)
    [ -n "$row_t0" ] && echo "attack: $row_prev: $(( ($(now_ms) - row_t0) / 1000 )) s" >&2
    row_t0=$(now_ms) row_prev=${1:-}
}

# print_table TITLE HEAD WIDTH CELL PREFIX "ROWS" "PROMISES" [EMPTY]: the
# table of cases tried/broken (counts in PREFIX T_ and B_ variables:
# T_ROW_PROMISE), a row a line, its first column HEAD and WIDTH wide, CELL ROW PROMISE giving the
# table's cell; then the cells that do not apply, with why. EMPTY (a
# function of the row) says whether an attacked cell with no case counts
# as uncovered.
print_table() {
    pt_w=$3 pt_cell=$4 pt_pfx=$5 pt_rows=$6 pt_proms=$7 pt_empty=${8:-}
    echo
    echo "promises x $1: cases tried/broken ('-': does not apply; why below)"
    printf "%-${pt_w}s" "$2"
    for p in $pt_proms; do printf ' %-8s' "$p"; done
    echo
    pt_notes=""
    for r in $pt_rows; do
        printf "%-${pt_w}s" "$r"
        for p in $pt_proms; do
            c=$("$pt_cell" "$r" "$p")
            k=$(key "$r" "$p")
            eval "tr_=\${${pt_pfx}T_$k:-0} br_=\${${pt_pfx}B_$k:-0}"
            if [ "$c" = "+" ]; then
                printf ' %-8s' "$tr_/$br_"
                if [ "$tr_" -eq 0 ] && [ -n "$pt_empty" ] && "$pt_empty" "$r"; then
                    echo "UNCOVERED: door '$r' x $p has no case" >&2
                    uncovered=$((uncovered + 1))
                fi
            else
                printf ' %-8s' "-"
                pt_notes="$pt_notes
  $r x $p: $c"
            fi
        done
        echo
    done
    echo "not applicable:$pt_notes"
}

# ---- case kinds ----
# c_bad ROW CODE ARGS...: bad input, K (an existing file) in the arguments.
c_bad() {
    cb_row=$1 code=$2
    shift 2
    fresh
    keep K
    b=$(listing)
    x "$@" >/dev/null 2>"$t/err"
    rc=$?
    [ "$rc" -eq "$code" ] || broke "exit $rc, not $code"
    one_line "$t/err"
    intact K || broke "K changed"
    no_new "$b"
    verdict "$cb_row" bad "$*"
}
# c_exist ROW "EXISTING FILES" ARGS...: those exist; nothing may change.
c_exist() {
    ce_row=$1 files=$2
    shift 2
    fresh
    keep $files
    b=$(listing)
    x "$@" >/dev/null 2>"$t/err"
    rc=$?
    [ "$rc" -eq 2 ] || broke "exit $rc, not 2"
    one_line "$t/err"
    intact $files || broke "an existing file changed"
    no_new "$b"
    verdict "$ce_row" exist "[$files exist] $*"
}
# c_stdout_full ROW "FILES" ARGS...: stdout on /dev/full; FILES (old, named
# with --force in ARGS) must stay.
c_stdout_full() {
    cf_row=$1 files=$2
    shift 2
    fresh
    [ -n "$files" ] && keep $files
    b=$(listing)
    x "$@" >/dev/full 2>"$t/err"
    rc=$?
    [ "$rc" -eq 1 ] || broke "exit $rc, not 1"
    one_line "$t/err"
    [ -z "$files" ] || intact $files || broke "committed beside a failed stdout"
    no_new "$b"
    verdict "$cf_row" full ">/dev/full: $*"
}
# c_pipe ROW MODE "FILES" ARGS...: stdout a pipe with no reader; MODE
# default (SIGPIPE kills) or ignore (EPIPE: exit 1, one line).
c_pipe() {
    cp_row=$1 mode=$2 files=$3
    shift 3
    fresh
    [ -n "$files" ] && keep $files
    b=$(listing)
    rm -f "$t/closed" "$t/rc"
    (
        while [ ! -e "$t/closed" ]; do sleep 0.01; done
        [ "$mode" = ignore ] && trap '' PIPE
        x "$@" 2>"$t/err"
        echo $? >"$t/rc"
    ) | { exec 0<&-; : >"$t/closed"; }
    rc=$(cat "$t/rc")
    case $mode.$rc in
    default.141) ;;
    *.1) one_line "$t/err" ;;
    *) broke "exit $rc, not 1$([ "$mode" = default ] && echo ' or SIGPIPE')" ;;
    esac
    [ -z "$files" ] || intact $files || broke "committed beside a failed stdout"
    no_new "$b"
    verdict "$cp_row" pipe "closed pipe (SIGPIPE $mode): $*"
}
# c_disk ROW "FILES" ARGS...: FILES (old) and every output on a full
# filesystem; the arguments name them as F/NAME.
c_disk() {
    cd_row=$1 files=$2
    shift 2
    fresh
    if [ -n "$mnt" ]; then
        rm -rf "${mnt:?}"/* "$mnt"/.[!.]* 2>/dev/null
        (cd "$mnt" && keep $files && cat /dev/zero >fill 2>/dev/null)
        ln -s "$mnt" F
        b=$(cd "$mnt" && listing)
        x "$@" >/dev/null 2>"$t/err"
        rc=$?
    else
        mkdir F
        (cd F && keep $files)
        b=$(cd F && listing)
        # no tmpfs: a file size limit, SIGXFSZ ignored (EFBIG, as ENOSPC)
        (trap '' XFSZ; ulimit -f 1 && x "$@" >/dev/null 2>"$t/err")
        rc=$?
    fi
    [ "$rc" -eq 1 ] || broke "exit $rc, not 1"
    one_line "$t/err"
    (cd F/ && intact $files) || broke "an old file changed"
    cd F/ && no_new "$b"
    verdict "$cd_row" full "full disk: $*"
}
# c_mem ROW LIMIT_KB "FILES" ARGS...: under ulimit -v.
c_mem() {
    cm_row=$1 lim=$2 files=$3
    shift 3
    fresh
    [ -n "$files" ] && keep $files
    b=$(listing)
    (ulimit -v "$lim" && x "$@" >/dev/null 2>"$t/err")
    rc=$?
    case $rc in
    0) ;;
    1)
        one_line "$t/err"
        [ -z "$files" ] || intact $files || broke "a failure changed an existing file"
        ;;
    *) broke "exit $rc (a crash, or not 1): $(head -c 120 "$t/err" | tr '\n' '|')" ;;
    esac
    [ "$rc" -eq 0 ] || no_new "$b" "*.partial"
    [ -n "$(ls -A | grep '\.tmp-')" ] && broke "a temporary file left"
    verdict "$cm_row" mem "ulimit -v $lim: $*"
}

# ---- folder states, for kills ----
# A file's comparable form: a CSV's deterministic columns (those before
# gen_ns, or without the timing, memory and date columns), '#' lines
# dropped; any other file as it is.
norm() {
    n_kind=$1
    [ "$(head -c 11 "$1" 2>/dev/null)" = "# mazebench" ] && n_kind=x.csv
    case $n_kind in
    *.csv | *.partial)
        awk -F, '
            /^#/ { next }
            !h { h = 1; n = NF; stop = NF + 1
                 for (i = 1; i <= NF; i++) {
                     if ($i == "gen_ns" && stop > NF) stop = i
                     drop[i] = $i ~ /(_ns|ns_per_cell|spread_pct|heap|rss|bytes|instr|llc|date|time)/
                 } }
            { s = ""
              for (i = 1; i < stop && i <= NF; i++) if (!drop[i]) s = s $i ","
              print s }' "$1"
        ;;
    *.pdf) sed 's/CreationDate ([^)]*)//; s/ModDate ([^)]*)//' "$1" ;; # cairo stamps the time
    *) cat "$1" ;;
    esac
}
state() { # the folder, and the folders in it: every file but ALLOWED (its names), name and checksum
    for f in $(find . -mindepth 1 | LC_ALL=C sort); do
        st_skip=""
        for a in $allowed; do case $f in ./$a | ./$a/*) st_skip=1 ;; esac; done
        [ -n "${skip_hidden:-}" ] && case $f in ./.* | */.*) st_skip=1 ;; esac
        [ -n "$st_skip" ] && continue
        if [ -d "$f" ]; then echo "$f/ dir"; else echo "$f $(norm "$f" | cksum)"; fi
    done
}
# c_kill ROW SIGNAL FRACTION "OLD FILES" ARGS...: a folder with OLD FILES;
# ARGS run to the end once (the new state, and its time), then again,
# killed after FRACTION of that time; the folder must be the old state or
# the new one. ALLOWED (global) names files a kill may leave (a sweep's
# .partial). After the kill, RESUME (global, if set) is run and must give
# the new state.
c_kill() {
    ck_row=$1 sig=$2 frac=$3 files=$4
    shift 4
    if [ "$ck_row:$*" != "${ck_ref:-}" ]; then
        ck_ref="$ck_row:$*"
        fresh
        keep $files
        old_state=$(allowed="$allowed" state)
        s0=$(now_ms)
        x "$@" >/dev/null 2>"$t/err"
        [ $? -le 1 ] || echo "attack: $ck_row: the uninterrupted '$*' failed: $(head -c 200 "$t/err")" >&2
        ref_ms=$(($(now_ms) - s0))
        ref_dir=$t/w$nw
        new_state=$(allowed="$allowed" state)
        [ "$old_state" = "$new_state" ] && echo "attack: $ck_row: '$*' changed nothing" >&2
        cd "$t" || exit 1
    fi
    fresh
    keep $files
    d=$(awk -v f="$frac" -v ms="$ref_ms" 'BEGIN { printf "%.3f", f * ms / 1000 }')
    setsid "$mz" "$@" >/dev/null 2>&1 &
    pid=$!
    sleep "$d"
    kill -s "$sig" -- "-$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    sleep 0.05
    # what the process group left behind once everything died; after
    # SIGKILL a hidden leftover is allowed when the next run removes it
    skip_hidden=""
    [ "$sig" = KILL ] && skip_hidden=1
    s=$(allowed="$allowed" state)
    skip_hidden=""
    if [ "$s" != "$old_state" ] && [ "$s" != "$new_state" ]; then
        broke "neither old nor whole new: $(echo "$s" | awk '{ print $1 }' | head -6 | tr '\n' ' ')"
        for f in $(ls -A); do
            [ -f "$ref_dir/$f" ] && [ -f "$f" ] || continue
            norm "$f" >"$t/n1"
            norm "$ref_dir/$f" >"$t/n2"
            cmp -s "$t/n1" "$t/n2" ||
                broke "'$f' differs from the whole run's: $(diff "$t/n1" "$t/n2" | head -3 | cut -c1-100 | tr '\n' '|')"
        done
    fi
    hidden=$(find . -mindepth 1 -name '.*' | head -5 | tr '\n' ' ')
    if [ -n "$hidden" ]; then
        if [ "$sig" = KILL ]; then
            x "$@" >/dev/null 2>&1
            for f in $hidden; do [ -e "$f" ] && broke "SIGKILL's leftover '$f' outlives the next run"; done
        else
            broke "left $hidden"
        fi
    fi
    verdict "$ck_row" kill "SIG$sig after ${d}s of ${ref_ms}ms: $*"
    if [ -n "${RESUME:-}" ]; then
        cd "$t/w$nw" || exit 1
        x $RESUME >/dev/null 2>"$t/err"
        rc=$?
        [ "$rc" -eq 0 ] || broke "--resume exit $rc: $(head -c 160 "$t/err")"
        s=$(allowed="" state)
        [ "$s" = "$new_state" ] || broke "resumed result differs from an uninterrupted run's"
        verdict "$ck_row" resume "after SIG$sig at ${d}s: $RESUME"
    fi
}
sigs="INT TERM KILL"
kill_series() { # ROW "OLD FILES" ARGS...: $kills kills, the signals in turn
    ks_row=$1 ks_files=$2
    shift 2
    ks_i=0
    while [ "$ks_i" -lt "$kills" ]; do
        set -f
        ks_sig=$(echo $sigs | awk -v i="$ks_i" '{ print $((i % NF) + 1) }')
        set +f
        rnd
        c_kill "$ks_row" "$ks_sig" "$(awk -v u="$u" 'BEGIN { printf "%.3f", 0.05 + u * 0.95 }')" \
            "$ks_files" "$@"
        ks_i=$((ks_i + 1))
    done
}

# ---- coverage: every command, file option, format and script has a row ----
uncovered=0
commands=$("$mz" --help | awk '/^commands:/ { f = 1; next } f && /^  [a-z]/ { print $1 }')
[ -n "$commands" ] || { echo "attack: no commands in '$mz --help'" >&2; exit 2; }
for c in $commands; do
    opts=$(echo "$TABLE" | awk -F'|' -v c="$c" '$2 == c { print $3 }' | tr ' ' '\n')
    if [ -z "$opts" ]; then
        echo "UNCOVERED: command '$c' has no row in the table"
        uncovered=$((uncovered + 1))
        continue
    fi
    for o in $("$mz" "$c" --help | grep -o -- '--[a-z-]*[ =][A-Z.]*FILE' | sed 's/[ =].*//' | sort -u); do
        echo "$opts" | grep -qx -- "$o" && continue
        echo "UNCOVERED: '$c $o' (a file option) has no row in the table"
        uncovered=$((uncovered + 1))
    done
done
for s in "$here"/scripts/*.sh; do
    n=$(basename "$s")
    echo "$TABLE" | awk -F'|' '{ print $2 }' | grep -qx "scripts/$n" && continue
    echo "$SCRIPTS_NA" | grep -q "^$n: " && continue
    echo "UNCOVERED: script 'scripts/$n' has no row in the table and no reason"
    uncovered=$((uncovered + 1))
done
slow() { [ -z "$quick" ]; } # a case left out of --quick
formats() { # the --format choices a command's help lists
    "$mz" "$1" --help | sed -n 's/.*--format \([a-z|]*\).*/\1/p' | head -1 | tr '|' ' '
}

# ---- fixtures ----
sz=101 nb=60 nbp=300
[ -n "$quick" ] && sz=61 nb=15 nbp=60
(
    cd "$FX" || exit 1
    printf 'gen dfs\nsolve bfs\nseeds 1..3\nsizes 5\n' >p.plan
    "$mz" sweep p.plan --shard 1/2 --out part1.csv 2>/dev/null
    "$mz" sweep p.plan --shard 2/2 --out part2.csv 2>/dev/null
    "$mz" sweep --gen dfs,kruskal --solve bfs,astar --seeds 1..5 --sizes 11 --reps 8 --out a.csv 2>/dev/null
    "$mz" sweep --gen dfs,kruskal --solve bfs,astar --seeds 1..5 --sizes 11 --reps 8 --out b.csv 2>/dev/null
    # two registries in one file: the second round's registry line changed
    sed 's/^# registry: .*/# registry: 0123456789abcdef/' b.csv >b-reg.csv
    cat a.csv b-reg.csv >two-reg.csv
    cat a.csv b.csv >two-rounds.csv
    sed '$d' a.csv >cut.csv
    printf '%s' "$(tail -1 a.csv | cut -c1-20)" >>cut.csv
    printf 'name,spec,published_pct\ndfs,dfs,10\000x\n' >nul.csv
    mkdir adir
    # maze files for the maze row
    "$mz" gen dfs --seed 1 --size 31 --save m.mzb >/dev/null 2>&1
    "$mz" gen dfs --seed 1 --grid hex:9x9 --save hex.mzb >/dev/null 2>&1
    "$mz" gen dfs --seed 1 --size "$([ -n "$quick" ] && echo 400 || echo 1000)" --save big.mzb >/dev/null 2>&1
    printf '[{"x": 0, "y": 0, "top": maybe}]' >bad.json
    printf 'mazebench-maze 1 1048576x1048576\n00\n' >huge.mzb
    "$mz" sweep --gen dfs,dfs+braid --solve bfs,wall --seeds 1..$nb --sizes 31 --out big.csv 2>/dev/null
    "$mz" sweep --gen dfs,dfs+braid --solve bfs,wall --seeds 1..$nbp --sizes 31 --shard 1/2 --out bp1.csv 2>/dev/null
    "$mz" sweep --gen dfs,dfs+braid --solve bfs,wall --seeds 1..$nbp --sizes 31 --shard 2/2 --out bp2.csv 2>/dev/null
)
if mkdir "$t/mnt" && mount -t tmpfs -o size=64k,nr_inodes=64 tmpfs "$t/mnt" 2>/dev/null; then
    mnt=$t/mnt
    disk="a 64 KiB tmpfs, filled"
else
    disk="ulimit -f 1 (no tmpfs: not allowed to mount)"
fi
ulim=1
(ulimit -v 150000 && "$mz" --version) >/dev/null 2>&1 || ulim=""
if [ -z "$ulim" ]; then
    TABLE=$(echo "$TABLE" | awk -F'|' 'BEGIN { OFS = "|" } NF > 3 { $7 = "skipped: a sanitized build" } { print }')
fi

# ---- the rows ----
# Bad inputs common to the commands that make one maze.
bad_maze() { # ROW COMMAND [SOLVER --gen]
    r=$1 c=$2
    shift 2
    for a in "--seed 1 --size 0" "--seed -1 --size 5" "--seed 4294967296 --size 5 --rng mulberry32" \
        "--seed 18446744073709551616 --size 5" "--seed 1 --size 5 --rng bogus" "--seed 1 --size 5 --rng" \
        "--seed 1 --size 5 --rng auto --rng splitmix64" "--seed 1 --size 5x" \
        "--seed 1 --size 99999999999" "--seed 1 --grid hex:0x5" "--seed 1 --grid polar:0" \
        "--seed 1 --grid 3d:1x0x5" "--seed 1 --grid nosuch:5x5" "--seed 1 --size 5 --size=6" \
        "--seed 1 --size 5 --nosuch" "--seed 1 --size 5 --force --force" "--seed 1" \
        "--seed '' --size 5"; do
        eval "c_bad $r 2 $c $* dfs $a"
    done
    c_bad "$r" 2 "$c" "$@" nosuch --seed 1 --size 5
    c_bad "$r" 2 "$c" "$@" dfs:x=1 --seed 1 --size 5
    c_bad "$r" 2 "$c" "$@" dfs+braid:keep=2 --seed 1 --size 5
    c_bad "$r" 2 "$c" "$@" dfs --seed 1 --seed 2 --size 5
    c_bad "$r" 2 "$c" "$@" dfs --seed 1 --size "3
x"
}

row=list
timing list
if wants list bad; then
    c_bad list 2 list --format xml
    c_bad list 2 list --format csv --format csv
    c_bad list 2 list extra
fi
if wants list full; then
    c_stdout_full list "" list
    for f in $(formats list); do c_stdout_full list "" list --format "$f"; done
fi
if wants list pipe; then
    c_pipe list default "" list
    c_pipe list ignore "" list --format json
fi
wants list mem && c_mem list 150000 "" list

row=vet
timing vet
if wants vet bad; then
    c_bad vet 2 vet
    c_bad vet 2 vet no-such-entry
    c_bad vet 2 vet dfs --timeout 0
    c_bad vet 2 vet --all dfs
    c_bad vet 2 --plugin "$FX/adir" vet
    c_bad vet 2 --plugin "$FX/nul.csv" vet
fi
wants vet full && c_stdout_full vet "" vet sidewinder
if wants vet pipe; then
    c_pipe vet default "" vet sidewinder
    c_pipe vet ignore "" vet sidewinder
fi

row=verdict
timing verdict
if wants verdict bad; then
    c_bad verdict 2 verdict
    c_bad verdict 2 verdict nosuch
    c_bad verdict 2 verdict dfs --format xml
    c_bad verdict 2 verdict dfs --seeds 1
    c_bad verdict 2 verdict dfs --sizes 0
    c_bad verdict 2 verdict braid
fi
wants verdict full && c_stdout_full verdict "" verdict sidewinder --seeds 4 --sizes 3,8
if wants verdict pipe; then
    c_pipe verdict default "" verdict sidewinder --seeds 4 --sizes 3,8
    c_pipe verdict ignore "" verdict sidewinder --seeds 4 --sizes 3,8 --format json
fi

for row in gen solve; do
    timing $row
    s=""
    [ $row = solve ] && s="bfs --gen"
    if wants $row bad; then
        bad_maze $row $row $s
        c_bad $row 2 $row $s dfs --seed 1 --size 5 --format xml
        c_bad $row 2 $row $s dfs --seed 1 --size 5 --threads 0
        c_bad $row 2 $row $s dfs --seed 1 --size 5 --trace "$FX/adir" --force
        if [ $row = gen ]; then
            c_bad gen 2 gen dfs --seed 1 --size 5 --save x.dat
            c_bad gen 2 gen dfs --seed 1 --size 5 --save x.json --save-format png
            c_bad gen 2 gen dfs --seed 1 --grid hex:5x5 --save x.json
            c_bad gen 2 gen dfs --seed 1 --size 5 --save "$FX/adir" --save-format mzb --force
        else
            c_bad solve 2 solve bfs --gen dfs --seed 1 --size 5 --save-path "$FX/adir" --force
            c_bad solve 2 solve bfs --gen dfs --seed 1 --size 5 --save-path -
        fi
    fi
    if wants $row exist; then
        c_exist $row K $row $s dfs --seed 1 --size 5 --trace K
        [ $row = gen ] && c_exist gen K gen dfs --seed 1 --size 5 --trace T --save K --save-format mzb
        [ $row = solve ] && c_exist solve K solve bfs --gen dfs --seed 1 --size 5 --trace T --save-path K
    fi
    if wants $row full; then
        for f in $(formats $row); do
            c_stdout_full $row "" $row $s dfs --seed 1 --size 5 --format "$f"
        done
        c_stdout_full $row K $row $s dfs --seed 1 --size 5 --trace K --force
        c_stdout_full $row K $row $s dfs --seed 1 --grid hex:5x5 --trace K --force
        c_disk $row T $row $s dfs --seed 1 --size 31 --trace F/T --force
        if [ $row = gen ]; then
            c_stdout_full gen K gen dfs --seed 1 --size 5 --save K --save-format mzb --force
            c_disk gen T.txt gen dfs --seed 1 --size 31 --save F/T.txt --force
        else
            c_stdout_full solve K solve bfs --gen dfs --seed 1 --size 5 --save-path K --force
            c_disk solve T solve bfs --gen dfs --seed 1 --size 31 --save-path F/T --force
        fi
    fi
    if wants $row pipe; then
        c_pipe $row default K $row $s dfs --seed 1 --size 5 --trace K --force
        c_pipe $row ignore K $row $s dfs --seed 1 --size 5 --trace K --force
    fi
    if wants $row mem; then
        c_mem $row 150000 "" $row $s dfs --seed 1 --size 20000
        slow && c_mem $row 150000 "" $row $s dfs --seed 1 --size 6000
        slow && c_mem $row 150000 "" $row $s kruskal --seed 1 --grid weave:3000x3000
        slow && c_mem $row 150000 "" $row $s prim --seed 1 --grid hex:3000x3000
        slow && c_mem $row 150000 K $row $s dfs --seed 1 --size 1000 --trace K --force
        { slow || [ $row = gen ]; } && c_mem $row 1000000 "" $row $s kruskal --seed 1 --grid weave:6000x6000
    fi
    if wants $row kill; then
        allowed=""
        RESUME=""
        n=1000
        [ -n "$quick" ] && n=400
        kill_series $row T $row $s dfs --seed 1 --size $n --trace T --force
        [ $row = gen ] && kill_series gen T.txt gen dfs --seed 1 --size $n --save T.txt --force
        [ $row = solve ] && kill_series solve T solve bfs --gen dfs --seed 1 --size $n --save-path T --force
    fi
done

row=render
timing render
if wants render bad; then
    bad_maze render render
    c_bad render 2 render dfs --seed 1 --size 5 --out x.txt
    c_bad render 2 render dfs --seed 1 --size 5 --out adir --force
    c_bad render 2 render dfs --seed 1 --size 9001 --out x.png
    c_bad render 2 render dfs --seed 1 --size 5 --from 99
    c_bad render 2 render dfs --seed 1 --size 5 --cell 4 --cell 4
    c_bad render 2 render dfs --seed 1 --size 5 --format jpg
    c_bad render 2 render dfs --seed 1 --size 5 --overlay nosuch
    c_bad render 2 render dfs --seed 1 --size 5 --style nosuch
    c_bad render 2 render dfs --seed 1 --size 5 --bg red
    c_bad render 2 render dfs --seed 1 --size 300 --out x.gif
fi
if wants render exist; then
    for e in svg png pdf gif; do c_exist render K.$e render dfs --seed 1 --size 5 --out K.$e; done
fi
if wants render full; then
    c_stdout_full render "" render dfs --seed 1 --size 5
    for e in svg png pdf gif; do
        c_stdout_full render "" render dfs --seed 1 --size 5 --format "$e"
        c_disk render T.$e render dfs --seed 1 --size 31 --out F/T.$e --force
    done
fi
if wants render pipe; then
    c_pipe render default "" render dfs --seed 1 --size 31
    c_pipe render ignore "" render dfs --seed 1 --size 31
fi
if wants render mem && slow; then
    c_mem render 204800 K render dfs --seed 1 --size 3000 --out K --force --format svg
    c_mem render 150000 "" render dfs --seed 1 --size 5000 --out x.png
    c_mem render 150000 K render dfs --seed 1 --size 250 --out K --force --format gif
    c_mem render 150000 K render dfs --seed 1 --size 3000 --out K --force --format pdf
fi
if wants render kill; then
    allowed="" RESUME=""
    n=1000
    [ -n "$quick" ] && n=300
    for e in svg pdf; do kill_series render T.$e render dfs --seed 1 --size $n --out T.$e --force; done
    [ -z "$quick" ] && kill_series render T.gif render dfs --seed 1 --size 100 --out T.gif --force
    [ -z "$quick" ] && kill_series render T.png render dfs --seed 1 --size 2000 --out T.png --force
fi

row=render-shapes
timing render-shapes
shapes="hex:12x12 tri:12x12 polar:8 3d:3x8x8 weave:12x12"
if wants render-shapes bad; then
    for g in $shapes; do
        c_bad render-shapes 2 render dfs --seed 1 --grid "$g" --overlay trail --out x.svg
        c_bad render-shapes 2 render dfs --seed 1 --grid "$g" --style hedge --out x.svg
    done
    c_bad render-shapes 2 render dfs --seed 1 --grid hex:99999x99999 --out x.svg
    c_bad render-shapes 2 render dfs --seed 1 --grid polar:99999 --out x.pdf
fi
if wants render-shapes exist; then
    for g in $shapes; do c_exist render-shapes K.svg render dfs --seed 1 --grid "$g" --out K.svg; done
fi
if wants render-shapes full; then
    for g in $shapes; do
        c_stdout_full render-shapes "" render dfs --seed 1 --grid "$g"
        c_disk render-shapes T.svg render dfs --seed 1 --grid "$g" --out F/T.svg --force
    done
    c_disk render-shapes T.png render dfs --seed 1 --grid hex:40x40 --out F/T.png --force
fi
if wants render-shapes pipe; then
    c_pipe render-shapes default "" render dfs --seed 1 --grid polar:20
    c_pipe render-shapes ignore "" render dfs --seed 1 --grid hex:20x20
fi
if wants render-shapes mem && slow; then
    # PNG (SVG files this large pass the format's size limit: bad input)
    for g in hex:2000x2000 polar:1000 weave:2000x2000 3d:8x700x700 tri:2000x2000; do
        c_mem render-shapes 204800 K render kruskal --seed 1 --grid "$g" --cell 2 --out K --force --format png
    done
fi
if wants render-shapes kill; then
    allowed="" RESUME=""
    g=hex:300x300
    [ -n "$quick" ] && g=hex:120x120
    kill_series render-shapes T.svg render dfs --seed 1 --grid $g --out T.svg --force
    [ -z "$quick" ] && kill_series render-shapes T.pdf render dfs --seed 1 --grid polar:200 --out T.pdf --force
fi

row=render-frames
timing render-frames
if wants render-frames bad; then
    c_bad render-frames 2 render dfs --seed 1 --size 5 --animate nosuch --out f.png
    c_bad render-frames 2 render dfs --seed 1 --size 5 --animate gen --stride 0 --out f.png
    c_bad render-frames 2 render dfs --seed 1 --size 5 --animate gen --duration -1 --out f.png
    c_bad render-frames 2 render dfs --seed 1 --size 5 --animate solve --solve nosuch --out f.png
fi
if wants render-frames exist; then
    # the frames' first, or a later one, exists (as f-N.png beside f.png,
    # or in a folder f/: whichever the build writes)
    c_exist render-frames "f-00000.png f/f-00000.png" render dfs --seed 1 --size 5 --animate gen --out f.png
    c_exist render-frames "f-00003.png f/f-00003.png" render dfs --seed 1 --size 5 --animate gen --out f.png
    c_exist render-frames "f-00000.png f/f-00000.png" render dfs --seed 1 --grid hex:5x5 --animate gen --out f.png
fi
if wants render-frames full; then
    c_disk render-frames "f-00000.png f-00001.png f/f-00000.png" render dfs --seed 1 --size 9 --animate gen --out F/f.png --force
fi
if wants render-frames mem && slow; then
    c_mem render-frames 150000 "f-00000.png" render dfs --seed 1 --size 3000 --animate gen --out f.png --force
fi
if wants render-frames kill; then
    allowed="" RESUME=""
    n="30"
    [ -n "$quick" ] && n="12 --stride 4"
    kill_series render-frames "f-00000.png f-00001.png f-00002.png f/f-00000.png f/f-00001.png f/f-00002.png" \
        render dfs --seed 1 --size $n --animate gen --out f.png --force
    [ -z "$quick" ] && kill_series render-frames "f-00000.png f-00001.png f-00002.png f/f-00000.png f/f-00001.png f/f-00002.png" \
        render dfs --seed 1 --grid hex:16x16 --animate gen --out f.png --force
fi

row=sweep
timing sweep
if wants sweep bad; then
    c_bad sweep 2 sweep --gen nosuch --seeds 1 --sizes 5
    c_bad sweep 2 sweep --gen dfs --seeds 1..0 --sizes 5
    c_bad sweep 2 sweep --gen dfs --seeds 4294967296 --sizes 5 --rng mulberry32
    c_bad sweep 2 sweep --gen dfs --seeds 1 --sizes 5 --rng bogus
    c_bad sweep 2 sweep --gen dfs --seeds 1 --sizes 5 --out K --force --resume
    c_bad sweep 2 sweep --gen dfs --seeds 1 --sizes 5 --out "$FX/adir" --resume
    c_bad sweep 2 sweep --gen dfs --seeds 1 --sizes 5 --out "$FX/adir" --force
    c_bad sweep 2 sweep --gen dfs --seeds 1 --seeds 2 --sizes 5
    c_bad sweep 2 sweep --gen dfs --seeds 1 --sizes 5 --shard 3/2
    c_bad sweep 2 sweep --gen dfs --seeds 1 --sizes hex:0x5
    c_bad sweep 2 sweep --gen dfs --seeds 1 --sizes nosuch:5
    c_bad sweep 2 sweep --gen dfs --seeds 1 --sizes 5 --jobs 0
    c_bad sweep 2 sweep nosuch.plan
    c_bad sweep 2 sweep "$FX/adir"
    c_bad sweep 2 sweep "$FX/nul.csv"
    c_bad sweep 2 sweep /dev/zero
    c_bad sweep 2 sweep "$FX/p.plan" --seeds 1..9 --resume --out "$FX/part1.csv"
fi
if wants sweep exist; then
    c_exist sweep K sweep --gen dfs --seeds 1 --sizes 5 --out K
    c_exist sweep K sweep "$FX/p.plan" --out K
fi
if wants sweep full; then
    c_stdout_full sweep "" sweep --gen dfs --solve bfs --seeds 1..3 --sizes 5
    c_disk sweep T sweep --gen dfs --solve bfs --seeds 1..50 --sizes 5 --out F/T --force
fi
if wants sweep pipe; then
    c_pipe sweep default "" sweep --gen dfs --solve bfs --seeds 1..3 --sizes 5
    c_pipe sweep ignore "" sweep --gen dfs --solve bfs --seeds 1..3 --sizes 5
fi
if wants sweep mem; then
    c_mem sweep 150000 K sweep --gen dfs --solve bfs --seeds 1 --sizes 20000 --out K --force
    slow && c_mem sweep 150000 K sweep --gen kruskal --solve bfs --seeds 1 --sizes weave:3000x3000 --out K --force
    slow && c_mem sweep 150000 K sweep --gen dfs --solve bfs --seeds 1..3 --sizes 1000 --out K --force
fi
if wants sweep kill || wants sweep resume; then
    allowed="*.partial"
    ns=150
    [ -n "$quick" ] && ns=40
    RESUME="sweep --gen dfs,dfs+braid --solve bfs,wall --seeds 1..$ns --sizes $sz --jobs 2 --resume --out s.csv"
    kill_series sweep "" sweep --gen dfs,dfs+braid --solve bfs,wall --seeds 1..$ns --sizes $sz --jobs 2 --out s.csv
    RESUME=""
fi
if wants sweep resume; then
    # a .partial of another plan, seed list or registry, or cut short
    mk_partial() { # a finished run's rows as s.csv.partial, minus the last task
        fresh
        "$mz" sweep --gen dfs --solve bfs,wall --seeds 1..20 --sizes 11 --out s.csv 2>/dev/null
        sed '$d' s.csv | sed '$d' >s.csv.partial
        rm s.csv
    }
    for a in "--seeds 1..21" "--seeds 2..20" "--sizes 12" "--solve bfs" "--gen kruskal --solve bfs,wall"; do
        mk_partial
        cp s.csv.partial keep.p
        set -f
        base="--gen dfs --solve bfs,wall --seeds 1..20 --sizes 11"
        case $a in --seeds*) base="--gen dfs --solve bfs,wall --sizes 11" ;; --sizes*) base="--gen dfs --solve bfs,wall --seeds 1..20" ;;
        --solve*) base="--gen dfs --seeds 1..20 --sizes 11" ;; --gen*) base="--seeds 1..20 --sizes 11" ;; esac
        "$mz" sweep $base $a --resume --out s.csv >/dev/null 2>"$t/err"
        rc=$?
        set +f
        [ "$rc" -eq 2 ] || broke "exit $rc, not 2"
        one_line "$t/err"
        cmp -s s.csv.partial keep.p || broke "the .partial changed"
        [ -e s.csv ] && broke "s.csv written"
        verdict sweep resume "a .partial of another plan: --resume with $a"
    done
    mk_partial
    sed 's/^# registry: .*/# registry: 0123456789abcdef/' s.csv.partial >x && mv x s.csv.partial
    "$mz" sweep --gen dfs --solve bfs,wall --seeds 1..20 --sizes 11 --resume --out s.csv >/dev/null 2>"$t/err"
    rc=$?
    [ "$rc" -eq 2 ] || broke "exit $rc, not 2"
    verdict sweep resume "a .partial of another registry"
    mk_partial
    "$mz" sweep --gen dfs --solve bfs,wall --seeds 1..20 --sizes 11 --out ref.csv 2>/dev/null
    printf '%s' "$(tail -1 s.csv.partial | cut -c1-12)" >>s.csv.partial
    "$mz" sweep --gen dfs --solve bfs,wall --seeds 1..20 --sizes 11 --resume --out s.csv >/dev/null 2>"$t/err"
    rc=$?
    [ "$rc" -eq 0 ] || broke "exit $rc: $(head -c 160 "$t/err")"
    [ "$(norm s.csv)" = "$(norm ref.csv)" ] || broke "resumed rows differ from an uninterrupted run's"
    verdict sweep resume "a .partial whose last row is cut short"
fi

row=merge
timing merge
if wants merge bad; then
    c_bad merge 2 merge
    c_bad merge 2 merge "$FX/part1.csv" --out K
    c_bad merge 2 merge "$FX/part1.csv" "$FX/part1.csv" --out m.csv
    c_bad merge 2 merge "$FX/part1.csv" --out m.csv
    c_bad merge 2 merge "$FX/adir" --out m.csv
    c_bad merge 2 merge "$FX/nul.csv" --out m.csv
    c_bad merge 2 merge /dev/zero --out m.csv
    c_bad merge 2 merge nosuch.csv --out m.csv
    c_bad merge 2 merge "$FX/part1.csv" "$FX/part2.csv" --out m.csv --out n.csv
    c_bad merge 2 merge "$FX/part1.csv" "$FX/part2.csv" "$FX/a.csv" --out m.csv
fi
wants merge exist && c_exist merge K merge "$FX/part1.csv" "$FX/part2.csv" --out K
if wants merge full; then
    c_stdout_full merge "" merge "$FX/part1.csv" "$FX/part2.csv"
    c_disk merge T merge "$FX/bp1.csv" "$FX/bp2.csv" --out F/T --force
fi
if wants merge pipe; then
    c_pipe merge default "" merge "$FX/bp1.csv" "$FX/bp2.csv"
    c_pipe merge ignore "" merge "$FX/bp1.csv" "$FX/bp2.csv"
fi
wants merge mem && c_mem merge 150000 K merge "$FX/bp1.csv" "$FX/bp2.csv" --out K --force
if wants merge kill; then
    allowed="" RESUME=""
    kill_series merge T merge "$FX/bp1.csv" "$FX/bp2.csv" --out T --force
fi

row=check
timing check
if wants check bad; then
    c_bad check 2 check
    c_bad check 2 check nosuch.csv
    c_bad check 2 check "$FX/adir"
    c_bad check 2 check "$FX/nul.csv"
    c_bad check 2 check /dev/zero
    c_bad check 2 check "$FX/cut.csv"
    c_bad check 2 check "$FX/a.csv" --jobs 0
    c_bad check 2 check "$FX/a.csv" --jobs 1 --jobs 1
    c_bad check 2 check "$FX/a.csv" --junit "$FX/adir" --force
    c_bad check 2 check "$FX/a.csv" --junit -
    c_bad check 2 check "$FX/two-reg.csv"
fi
if wants check exist; then
    c_exist check K check "$FX/a.csv" --junit K
fi
if wants check full; then
    c_stdout_full check "" check "$FX/a.csv"
    c_stdout_full check J check "$FX/a.csv" --junit J --force
    c_disk check J check "$FX/big.csv" --junit F/J --force
fi
if wants check pipe; then
    c_pipe check default J check "$FX/a.csv" --junit J --force
    c_pipe check ignore J check "$FX/a.csv" --junit J --force
fi
if wants check mem; then
    slow && c_mem check 150000 J check "$FX/big.csv" --junit J --force
    # a row asking for a maze past the limit
    awk -F, 'BEGIN { OFS = "," } /^#/ { print; next }
        !h { h = 1; for (i = 1; i <= NF; i++) c[$i] = i; print; next }
        { $c["rows"] = 20000; $c["cols"] = 20000; print; exit }' "$FX/big.csv" >"$FX/huge-row.csv"
    c_mem check 150000 J check "$FX/huge-row.csv" --junit J --force
fi
if wants check kill; then
    allowed="" RESUME=""
    kill_series check J check "$FX/big.csv" --junit J --force
fi

row=compare
timing compare
if wants compare bad; then
    c_bad compare 2 compare "$FX/a.csv"
    c_bad compare 2 compare "$FX/a.csv" nosuch.csv
    c_bad compare 2 compare "$FX/a.csv" "$FX/adir"
    c_bad compare 2 compare "$FX/a.csv" "$FX/nul.csv"
    c_bad compare 2 compare "$FX/a.csv" /dev/zero
    c_bad compare 2 compare "$FX/a.csv" "$FX/cut.csv"
    c_bad compare 2 compare "$FX/a.csv" "$FX/b-reg.csv"
    c_bad compare 2 compare "$FX/two-reg.csv" "$FX/two-rounds.csv"
    c_bad compare 2 compare "$FX/a.csv" "$FX/b.csv" --format xml
    c_bad compare 2 compare "$FX/a.csv" "$FX/b.csv" --alpha 2
    c_bad compare 2 compare "$FX/a.csv" "$FX/b.csv" --threshold x
    c_bad compare 2 compare "$FX/a.csv" "$FX/b.csv" --time nosuch
    c_bad compare 2 compare "$FX/a.csv" "$FX/b.csv" --format csv --format csv
    c_bad compare 2 compare "$FX/a.csv" "$FX/b.csv" --chart x.txt
    c_bad compare 2 compare "$FX/a.csv" "$FX/b.csv" --out "$FX/adir" --force
    c_bad compare 2 compare "$FX/a.csv" "$FX/b.csv" --out o.txt --junit o.txt
    c_bad compare 2 compare "$FX/a.csv" "$FX/b.csv" --out "$FX/a.csv" --force
    c_bad compare 2 compare "$FX/a.csv" "$FX/b.csv" --junit "$FX/adir" --force
fi
if wants compare exist; then
    c_exist compare K compare "$FX/a.csv" "$FX/b.csv" --out K
    c_exist compare K compare "$FX/a.csv" "$FX/b.csv" --junit K
    c_exist compare K.png compare "$FX/a.csv" "$FX/b.csv" --chart K.png
    c_exist compare K compare "$FX/a.csv" "$FX/b.csv" --out o.txt --junit K --chart o.svg
    c_exist compare K.svg compare "$FX/a.csv" "$FX/b.csv" --out o.txt --junit o.xml --chart K.svg
fi
if wants compare full; then
    for f in $(formats compare); do
        c_stdout_full compare "" compare "$FX/a.csv" "$FX/b.csv" --format "$f"
    done
    c_stdout_full compare "J C.svg" compare "$FX/a.csv" "$FX/b.csv" --junit J --chart C.svg --force
    c_disk compare "O J" compare "$FX/a.csv" "$FX/b.csv" --out F/O --junit F/J --force
    # one output on a full disk, the others on a good one: none committed
    fresh
    keep O C.svg
    mkdir G
    if [ -n "$mnt" ]; then
        rm -rf "${mnt:?}"/* 2>/dev/null
        (cd "$mnt" && keep J && cat /dev/zero >fill 2>/dev/null)
        "$mz" compare "$FX/a.csv" "$FX/b.csv" --out O --junit "$mnt/J" --chart C.svg --force >/dev/null 2>"$t/err"
        rc=$?
        [ "$rc" -eq 1 ] || broke "exit $rc, not 1"
        intact O C.svg || broke "--out or --chart committed although --junit failed"
        verdict compare full "--junit on a full disk, --out and --chart on a good one"
    fi
fi
if wants compare pipe; then
    c_pipe compare default "J" compare "$FX/a.csv" "$FX/b.csv" --junit J --force
    c_pipe compare ignore "J C.svg" compare "$FX/a.csv" "$FX/b.csv" --junit J --chart C.svg --force
fi
if wants compare mem; then
    c_mem compare 150000 "O J" compare "$FX/a.csv" "$FX/a.csv" --out O --junit J --force
    "$mz" sweep --gen dfs --solve bfs --seeds 1 --sizes 5 --reps 20000 --out "$FX/ra.csv" 2>/dev/null
    c_mem compare 150000 "O" compare "$FX/ra.csv" "$FX/ra.csv" --out O --force
fi
if wants compare kill; then
    allowed="" RESUME=""
    if [ ! -e "$FX/ka.csv" ]; then
        n=20
        [ -n "$quick" ] && n=8
        "$mz" sweep --gen dfs,kruskal --solve bfs,astar --seeds 1..10 --sizes 31 --reps $n --out "$FX/ka.csv" 2>/dev/null
        "$mz" sweep --gen dfs,kruskal --solve bfs,astar --seeds 1..10 --sizes 31 --reps $n --out "$FX/kb.csv" 2>/dev/null
    fi
    kill_series compare "O J C.svg" compare "$FX/ka.csv" "$FX/kb.csv" --out O --junit J --chart C.svg --force
fi

row=report
timing report
if wants report bad; then
    c_bad report 2 report --out o.html
    c_bad report 2 report "$FX/a.csv"
    c_bad report 2 report "$FX/a.csv" --out o.html --nosuch
    c_bad report 2 report "$FX/a.csv" --out o.html --out p.html
    c_bad report 2 report "$FX/a.csv" --out o.html --chart-size 10x10
    c_bad report 2 report "$FX/a.csv" --out -
    c_bad report 2 report "$FX/a.csv" --out "$FX/adir" --force
    c_bad report 2 report "$FX/a.csv" --out "$FX/a.csv" --force
    c_bad report 2 report "$FX/a.csv" --out o.html --md o.html
    c_bad report 2 report "$FX/a.csv" --out o.html --csv K
fi
if wants report exist; then
    c_exist report K report "$FX/a.csv" --out K
    c_exist report K report "$FX/a.csv" --out o.html --md K
    c_exist report K report "$FX/a.csv" --out o.html --md o.md --tex K
    c_exist report T/generators.csv report "$FX/a.csv" --out o.html --csv T
    c_exist report C/gen-time.svg report "$FX/a.csv" --out o.html --charts C
fi
if wants report full; then
    c_stdout_full report "O M" report "$FX/a.csv" --out O --md M --force
    c_disk report "O M" report "$FX/a.csv" --out F/O --md F/M --force
fi
if wants report pipe; then
    c_pipe report default "O" report "$FX/a.csv" --out O --force
    c_pipe report ignore "O M" report "$FX/a.csv" --out O --md M --force
fi
wants report mem && c_mem report 150000 "O" report "$FX/a.csv" --out O --force
if wants report kill; then
    allowed="" RESUME=""
    kill_series report "O M T" report "$FX/big.csv" --out O --md M --tex T --force
fi

row=scale
timing scale
scale_resume=""
"$mz" scale --help 2>/dev/null | grep -q -- '--resume' && scale_resume=1
[ -n "$scale_resume" ] ||
    TABLE=$(echo "$TABLE" | awk -F'|' 'BEGIN { OFS = "|" } $1 == "scale" { $10 = "n/a: scale has no --resume" } { print }')
if wants scale bad; then
    c_bad scale 2 scale
    c_bad scale 2 scale --gen nosuch
    c_bad scale 2 scale --gen dfs --max-cells 10
    c_bad scale 2 scale --gen dfs --reps 0
    c_bad scale 2 scale --gen dfs --reps 1 --reps 1
    c_bad scale 2 scale --gen dfs --shape nosuch --no-chart
    c_bad scale 2 scale --gen dfs --solve nosuch --no-chart
    c_bad scale 2 scale --gen dfs --out "$FX/adir" --force --no-chart
fi
wants scale exist && c_exist scale K scale --gen dfs --out K --no-chart
if wants scale full; then
    c_stdout_full scale "" scale --gen dfs --reps 1 --max-cells 4000 --no-chart --out -
    c_disk scale T scale --gen dfs --reps 1 --max-cells 4000 --no-chart --out F/T --force
fi
if wants scale pipe; then
    c_pipe scale default "" scale --gen dfs --reps 1 --max-cells 4000 --no-chart --out -
    c_pipe scale ignore "" scale --gen dfs --reps 1 --max-cells 4000 --no-chart --out -
fi
if wants scale mem && slow; then
    c_mem scale 150000 K scale --gen kruskal --solve astar --reps 1 --no-chart --out K --force
    c_mem scale 150000 K scale --gen kruskal --shape weave --reps 1 --no-chart --out K --force
fi
if wants scale kill || wants scale resume; then
    allowed="*.partial"
    m=2000000
    [ -n "$quick" ] && m=300000
    RESUME=""
    # the old T kept (kills), then none there (kills, each carried on by --resume)
    wants scale kill && kill_series scale T scale --gen dfs --reps 1 --max-cells $m --no-chart --out T --force
    [ -n "$scale_resume" ] && wants scale resume &&
        RESUME="scale --gen dfs --reps 1 --max-cells $m --no-chart --out T --resume"
    kill_series scale "" scale --gen dfs --reps 1 --max-cells $m --no-chart --out T
    RESUME=""
fi
if [ -n "$scale_resume" ] && wants scale resume; then
    # a T.partial of another command, or cut short
    for a in "--seed 465" "--reps 2" "--gen kruskal" "--solve bfs" "--shape hex" "--max-cells 20000"; do
        fresh
        "$mz" scale --gen dfs --reps 1 --max-cells 40000 --no-chart --out T.partial 2>/dev/null
        sed '$d' T.partial >x && mv x T.partial
        cp T.partial keep.p
        set -f
        base="--gen dfs --reps 1 --max-cells 40000"
        case $a in --reps*) base="--gen dfs --max-cells 40000" ;; --gen*) base="--reps 1 --max-cells 40000" ;;
        --max-cells*) base="--gen dfs --reps 1" ;; esac
        "$mz" scale $base $a --no-chart --out T --resume >/dev/null 2>"$t/err"
        rc=$?
        set +f
        [ "$rc" -eq 2 ] || broke "exit $rc, not 2"
        one_line "$t/err"
        cmp -s T.partial keep.p || broke "the .partial changed"
        [ -e T ] && broke "T written"
        verdict scale resume "a .partial of another command: --resume with $a"
    done
    fresh
    "$mz" scale --gen dfs --reps 1 --max-cells 40000 --no-chart --out ref.csv 2>/dev/null
    sed '$d' ref.csv >T.partial
    printf '%s' "$(tail -1 ref.csv | cut -c1-20)" >>T.partial
    "$mz" scale --gen dfs --reps 1 --max-cells 40000 --no-chart --out T --resume >/dev/null 2>"$t/err"
    rc=$?
    if [ "$rc" -eq 0 ]; then
        [ "$(norm T)" = "$(norm ref.csv)" ] || broke "resumed rows differ from an uninterrupted run's"
    else
        [ "$rc" -eq 2 ] || broke "exit $rc"
        one_line "$t/err"
    fi
    verdict scale resume "a .partial whose last row is cut short"
fi

row=scaling
timing scaling
if wants scaling bad; then
    c_bad scaling 2 scaling
    c_bad scaling 2 scaling nosuch
    c_bad scaling 2 scaling dfs --sizes 0
    c_bad scaling 2 scaling dfs --sizes 99999999999
    c_bad scaling 2 scaling dfs --seeds 1..0
    c_bad scaling 2 scaling dfs --shape nosuch
    c_bad scaling 2 scaling dfs --format xml
    c_bad scaling 2 scaling dfs --sizes 8 --sizes 8
    c_bad scaling 2 scaling dfs --sizes 8,16 --points "$FX/adir" --force
    c_bad scaling 2 scaling dfs --sizes 8,16 --points -
fi
wants scaling exist && c_exist scaling K scaling dfs --sizes 8,16 --seeds 1..2 --points K
if wants scaling full; then
    for f in $(formats scaling); do
        c_stdout_full scaling "" scaling dfs --sizes 8,16 --seeds 1..2 --format "$f"
    done
    c_stdout_full scaling P scaling dfs --sizes 8,16 --seeds 1..2 --points P --force
    c_disk scaling P scaling dfs --sizes 8,16 --seeds 1..2 --points F/P --force
fi
if wants scaling pipe; then
    c_pipe scaling default P scaling dfs --sizes 8,16 --seeds 1..2 --points P --force
    c_pipe scaling ignore P scaling dfs --sizes 8,16 --seeds 1..2 --points P --force
fi
wants scaling mem && c_mem scaling 150000 P scaling dfs --sizes 8,20000 --seeds 1..2 --points P --force
if wants scaling kill; then
    allowed="" RESUME=""
    kill_series scaling P scaling dfs --sizes 16,32,64,128,256 --seeds 1..10 --points P --force
fi

row=stats
timing stats
if wants stats bad; then
    c_bad stats 2 stats
    c_bad stats 2 stats nosuch
    c_bad stats 2 stats dfs --seeds 1..200000
    c_bad stats 2 stats dfs --sizes 0
    c_bad stats 2 stats dfs --grid hex:0x5
    c_bad stats 2 stats dfs --format xml
    c_bad stats 2 stats dfs --band x
    c_bad stats 2 stats dfs --seeds 1 --seeds 2
    c_bad stats 2 stats dfs --published "$FX/adir"
    c_bad stats 2 stats dfs --published "$FX/nul.csv"
    c_bad stats 2 stats dfs --published /dev/zero
    c_bad stats 2 stats dfs --published nosuch.csv
    c_bad stats 2 stats dfs --against nosuch
    c_bad stats 2 stats dfs --against dfs --alpha 2
    c_bad stats 2 stats dfs --against dfs --correction x
    c_bad stats 2 stats dfs --alpha 0.05
fi
if wants stats full; then
    for f in $(formats stats); do c_stdout_full stats "" stats dfs --seeds 1..2 --grid 11 --format "$f"; done
    for f in $(formats stats); do
        c_stdout_full stats "" stats dfs --against kruskal --seeds 1..2 --grid 11 --format "$f"
    done
fi
if wants stats pipe; then
    c_pipe stats default "" stats dfs --seeds 1..2 --grid 11
    c_pipe stats ignore "" stats dfs --seeds 1..2 --grid 11 --format json
fi
if wants stats mem; then
    c_mem stats 150000 "" stats dfs --seeds 1 --sizes 20000
    slow && c_mem stats 150000 "" stats dfs --seeds 1 --sizes 4000
    slow && c_mem stats 150000 "" stats kruskal --seeds 1 --grid weave:2000x2000
fi

row=eller-stream
timing eller-stream
if wants eller-stream bad; then
    c_bad eller-stream 2 eller-stream --size 5
    c_bad eller-stream 2 eller-stream --seed 1
    c_bad eller-stream 2 eller-stream --size 0 --seed 1
    c_bad eller-stream 2 eller-stream --size 5x99999999999 --seed 1
    c_bad eller-stream 2 eller-stream --size 5 --seed 1 --out "$FX/adir" --force
    c_bad eller-stream 2 eller-stream --size 5 --seed 1 --seed 1
    c_bad eller-stream 2 eller-stream --size 5 --seed 1 --format xml
    c_bad eller-stream 1 eller-stream --size 2x4294967296 --seed 1
fi
wants eller-stream exist && c_exist eller-stream K eller-stream --size 5 --seed 1 --out K
if wants eller-stream full; then
    for f in $(formats eller-stream); do c_stdout_full eller-stream "" eller-stream --size 5 --seed 1 --format "$f"; done
    c_stdout_full eller-stream K eller-stream --size 5 --seed 1 --out K --force
    c_disk eller-stream T eller-stream --size 300x300 --seed 1 --out F/T --force
fi
if wants eller-stream pipe; then
    c_pipe eller-stream default K eller-stream --size 5 --seed 1 --out K --force
    c_pipe eller-stream ignore K eller-stream --size 5 --seed 1 --out K --force
fi
wants eller-stream mem && c_mem eller-stream 150000 K eller-stream --size 5x100000000 --seed 1 --out K --force
if wants eller-stream kill; then
    allowed="" RESUME=""
    n=3000x3000
    [ -n "$quick" ] && n=1000x1000
    kill_series eller-stream T eller-stream --size $n --seed 1 --out T --force
fi

row=maze
timing maze
if wants maze bad; then
    c_bad maze 2 maze nosuch.mzb
    c_bad maze 2 maze "$FX/adir"
    c_bad maze 2 maze /dev/zero
    c_bad maze 2 maze "$FX/bad.json"
    c_bad maze 2 maze "$FX/huge.mzb"
    c_bad maze 2 maze "$FX/m.mzb" --format xml
    c_bad maze 2 maze "$FX/m.mzb" --layout halls
    c_bad maze 2 maze "$FX/m.mzb" --cell-size 0x1
    c_bad maze 2 maze "$FX/m.mzb" --solver nosuch
    c_bad maze 2 maze "$FX/m.mzb" --out-format xml
    c_bad maze 2 maze "$FX/m.mzb" --save x.dat
    c_bad maze 2 maze "$FX/m.mzb" --render x.gif
    c_bad maze 2 maze "$FX/hex.mzb" --save x.txt
    c_bad maze 2 maze "$FX/hex.mzb" --solver wall
    c_bad maze 2 maze "$FX/m.mzb" --save "$FX/adir" --save-format mzb --force
fi
if wants maze exist; then
    c_exist maze K.json maze "$FX/m.mzb" --save K.json
    c_exist maze K.svg maze "$FX/m.mzb" --render K.svg
    c_exist maze K.svg maze "$FX/m.mzb" --save T.json --render K.svg
fi
if wants maze full; then
    c_stdout_full maze "" maze "$FX/m.mzb"
    c_stdout_full maze "" maze "$FX/m.mzb" --out-format json --solver "bfs astar"
    c_stdout_full maze K.json maze "$FX/m.mzb" --save K.json --force
    c_disk maze T.mzb maze "$FX/m.mzb" --save F/T.mzb --force
    c_disk maze T.svg maze "$FX/m.mzb" --render F/T.svg --force
fi
if wants maze pipe; then
    c_pipe maze default K.json maze "$FX/m.mzb" --save K.json --force
    c_pipe maze ignore K.json maze "$FX/m.mzb" --save K.json --force
fi
wants maze mem && c_mem maze 150000 K.txt maze "$FX/big.mzb" --solver bfs --save K.txt --force
if wants maze kill; then
    allowed="" RESUME=""
    kill_series maze T.txt maze "$FX/big.mzb" --solver bfs --save T.txt --force
fi

row=ab.sh
timing ab.sh
if [ -n "$(echo "$rows" | grep -x ab.sh)" ]; then
    # two binaries, the same program under two names; a binary that fails
    # its sweeps, one that writes none, and a changed copy
    cp "$mz" "$FX/base" && cp "$mz" "$FX/new"
    cp "$mz" "$FX/other" && printf 'x' >>"$FX/other"
    printf '#!/bin/sh\ncase "$*" in *--print-plan*|compare*|--help*) exec "%s" "$@" ;; esac\nexit 3\n' "$mz" >"$FX/failing"
    printf '#!/bin/sh\ncase "$*" in *--print-plan*|compare*|--help*) exec "%s" "$@" ;; esac\nexit 0\n' "$mz" >"$FX/silent"
    chmod +x "$FX/failing" "$FX/silent"
    plan="--gen dfs --solve bfs --seeds 1..2 --sizes 5"
fi
if wants ab.sh bad; then
    set -f
    c_bad ab.sh 2 "$FX/base"
    c_bad ab.sh 2 "$FX/base" "$FX/nosuch" --out D -- $plan
    c_bad ab.sh 2 "$FX/base" "$FX/p.plan" --out D -- $plan
    c_bad ab.sh 2 "$FX/base" "$FX/new" --rounds 0 --out D -- $plan
    c_bad ab.sh 2 "$FX/base" "$FX/new" --rounds x --out D -- $plan
    c_bad ab.sh 2 "$FX/base" "$FX/new" --rounds 2 --rounds 2 --out D -- $plan
    c_bad ab.sh 2 "$FX/base" "$FX/new" --nosuch --out D -- $plan
    c_bad ab.sh 2 "$FX/base" "$FX/new" --jobs 0 --out D -- $plan
    c_bad ab.sh 2 "$FX/base" "$FX/new" --force --resume --out D -- $plan
    c_bad ab.sh 2 "$FX/base" "$FX/new" --order-seed x --out D -- $plan
    c_bad ab.sh 2 "$FX/base" "$FX/new" --out D -- --gen nosuch --seeds 1 --sizes 5
    c_bad ab.sh 2 "$FX/base" "$FX/new" --rounds 2 --out D -- $plan -- --format xml
    # a failing binary: the run stops at once, exit 2, its last line naming it
    for b in failing silent; do
        fresh
        x "$FX/base" "$FX/$b" --rounds 3 --order-seed 1 --out D -- $plan >/dev/null 2>"$t/err"
        rc=$?
        [ "$rc" -eq 2 ] || broke "exit $rc, not 2"
        tail -1 "$t/err" | grep -q "^ab: .*$b" || broke "the last line does not name '$b': $(tail -1 "$t/err")"
        n=$(ls D/rounds 2>/dev/null | grep -c "^new-.*\.csv$")
        [ "$n" -le 1 ] || broke "ran $n rounds of a failing binary"
        verdict ab.sh bad "a NEW binary that $([ $b = failing ] && echo fails || echo 'writes no CSV')"
    done
    set +f
fi
if wants ab.sh exist; then
    set -f
    fresh
    mkdir D
    keep D/base.csv D/compare.xml
    b=$(cd D && listing)
    x "$FX/base" "$FX/new" --rounds 2 --order-seed 1 --out D -- $plan >/dev/null 2>"$t/err"
    rc=$?
    [ "$rc" -eq 2 ] || broke "exit $rc, not 2"
    one_line "$t/err"
    intact D/base.csv D/compare.xml || broke "an existing file changed"
    (cd D && no_new "$b") || :
    verdict ab.sh exist "an existing --out DIR without --force"
    # --force that fails part-way: no earlier verdict may stay beside it
    fresh
    x "$FX/base" "$FX/new" --rounds 2 --order-seed 1 --out D -- $plan >/dev/null 2>&1
    x "$FX/base" "$FX/failing" --rounds 2 --order-seed 1 --force --out D -- $plan >/dev/null 2>&1
    for f in compare.txt compare.xml compare.md compare.csv compare.json base.csv new.csv; do
        [ -e "D/$f" ] && broke "the earlier run's $f stays beside the failed run"
    done
    verdict ab.sh exist "--force failing part-way (the new binary's sweeps fail)"
    set +f
fi
if wants ab.sh kill || wants ab.sh resume; then
    set -f
    ns=30
    [ -n "$quick" ] && ns=12
    abplan="--gen dfs --solve bfs --seeds 1..4 --sizes $([ -n "$quick" ] && echo 11 || echo 31) --reps 3"
    abcmp="-- --alpha 0.5"
    # the uninterrupted run
    fresh
    s0=$(now_ms)
    x "$FX/base" "$FX/new" --rounds 4 --order-seed 7 --out D -- $abplan $abcmp >/dev/null 2>&1
    ab_ms=$(($(now_ms) - s0))
    ab_ref=$(norm D/base.csv; norm D/new.csv)
    ab_dir=$t/w$nw
    i=0
    while [ "$i" -lt "$kills" ]; do
        sig=$(echo $sigs | awk -v i="$i" '{ print $((i % NF) + 1) }')
        rnd
        d=$(awk -v u="$u" -v ms="$ab_ms" 'BEGIN { printf "%.3f", (0.05 + u * 0.9) * ms / 1000 }')
        fresh
        setsid sh "$ab" "$FX/base" "$FX/new" --rounds 4 --order-seed 7 --out D -- $abplan $abcmp >/dev/null 2>&1 &
        pid=$!
        sleep "$d"
        kill -s "$sig" -- "-$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
        sleep 0.05
        left=""
        for f in $(ls -A D D/rounds 2>/dev/null); do
            case $f in *.tmp* | .*) left="$left $f" ;; esac
        done
        # after SIGKILL, a hidden leftover the next run removes is allowed
        [ -n "$left" ] && [ "$sig" != KILL ] && broke "left$left"
        if [ -e D/compare.txt ] && ! [ -e D/base.csv ]; then broke "compare.txt without base.csv"; fi
        verdict ab.sh kill "SIG$sig after ${d}s of ${ab_ms}ms"
        if wants ab.sh resume; then
            cd "$t/w$nw" || exit 1
            x "$FX/base" "$FX/new" --rounds 4 --order-seed 7 --resume --out D -- $abplan $abcmp >/dev/null 2>"$t/err"
            rc=$?
            [ "$rc" -le 1 ] || broke "--resume exit $rc: $(tail -1 "$t/err")"
            [ "$(norm D/base.csv; norm D/new.csv)" = "$ab_ref" ] ||
                broke "resumed base.csv/new.csv differ from an uninterrupted run's"
            for f in $left; do [ -e "D/$f" ] || [ -e "D/rounds/$f" ] && broke "SIGKILL's leftover '$f' outlives --resume"; done
            verdict ab.sh resume "after SIG$sig at ${d}s"
        fi
        i=$((i + 1))
    done
    if wants ab.sh resume; then
        # a round cut short must not be compared as it is
        fresh
        cp -r "$ab_dir/D" D
        f=D/rounds/base-2.csv
        head -n $(($(wc -l <"$f") / 2)) "$f" >x && mv x "$f"
        rm -f D/base.csv D/new.csv D/compare.*
        x "$FX/base" "$FX/new" --rounds 4 --order-seed 7 --resume --out D -- $abplan $abcmp >/dev/null 2>"$t/err"
        rc=$?
        if [ "$rc" -le 1 ]; then
            [ "$(norm D/base.csv; norm D/new.csv)" = "$ab_ref" ] || broke "a half round compared as a whole one"
        else
            one_line "$t/err"
        fi
        verdict ab.sh resume "a round file cut in half"
        # another plan, order seed or binary: refused
        for v in "seeds" "order" "binary"; do
            fresh
            cp -r "$ab_dir/D" D
            rm -f D/rounds/*-4.csv D/rounds/order-4 D/base.csv D/new.csv D/compare.*
            cp -r D keep.D
            case $v in
            seeds) x "$FX/base" "$FX/new" --rounds 4 --order-seed 7 --resume --out D -- \
                --gen dfs --solve bfs --seeds 2..5 --sizes $([ -n "$quick" ] && echo 11 || echo 31) --reps 3 $abcmp >/dev/null 2>"$t/err" ;;
            order) x "$FX/base" "$FX/new" --rounds 4 --order-seed 8 --resume --out D -- $abplan $abcmp >/dev/null 2>"$t/err" ;;
            binary) x "$FX/base" "$FX/other" --rounds 4 --order-seed 7 --resume --out D -- $abplan $abcmp >/dev/null 2>"$t/err" ;;
            esac
            rc=$?
            [ "$rc" -eq 2 ] || broke "exit $rc, not 2"
            one_line "$t/err"
            diff -r D keep.D >/dev/null 2>&1 || broke "the folder changed"
            verdict ab.sh resume "--resume with another $v"
        done
    fi
    set +f
fi

timing
# ---- the doors: outside programs, plugins, maze files, the report's inputs and exports ----
. "$here/scripts/attack/doors.sh"
timing
# ---- the table ----
print_table commands row 14 cell "" "$rows" "$PROMISES"
echo "full disk: $disk; kills: $kills a row, seed $seed"
echo "coverage: $(echo "$commands" | wc -w) commands, $(echo "$rows" | wc -w) rows; $uncovered uncovered"
broken=$((broken + uncovered))
echo "$((tried - broken + uncovered)) passed, $broken failed"
[ "$broken" -eq 0 ]
