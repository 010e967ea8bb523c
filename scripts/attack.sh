#!/bin/sh
# attack.sh - try to break the promises of docs/conventions.md from outside:
# bad inputs to every command, kills at pseudo-random moments of every long
# command, and every command under a small 'ulimit -v'. Counts what it
# tried and what broke (docs/robustness.md has the figures of a run).
#
#   sh scripts/attack.sh [--kills N] [--seed S] path/to/mazebench
#
# A promise is broken when a bad input does not exit 2 (1 for memory) with
# exactly one 'mazebench: ' line on stderr, when a file that existed
# changed without --force or after a failure, when a temporary file
# (.NAME.tmp-*) is left, or when a killed sweep's --resume loses a finished
# task. A release build: a sanitized one cannot run under 'ulimit -v'.
set -u
kills=20
seed=1
while [ $# -gt 1 ]; do
    case $1 in
    --kills) kills=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    *) break ;;
    esac
done
mz=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
tried=0 broken=0

keep() { printf 'old contents\n' >"$1"; }
intact() { [ "$(cat "$1" 2>/dev/null)" = "old contents" ]; }
orphans() { ls -A | grep -c '\.tmp-'; }
note() { echo "BROKEN: $*"; broken=$((broken + 1)); }

# bad CODE CMD ARGS...: a bad input: exit CODE, one line, KEEP intact, no
# temporary file. K in the arguments is the existing file KEEP.
bad() {
    code=$1
    shift
    keep K
    "$mz" "$@" >/dev/null 2>err
    got=$?
    tried=$((tried + 1))
    eval "n_$(echo "$1" | tr -c 'a-z\n' '_')=\$((\${n_$(echo "$1" | tr -c 'a-z\n' '_'):-0} + 1))"
    lines=$(wc -l <err)
    if [ "$got" -ne "$code" ] || [ "$lines" -ne 1 ] || ! grep -q '^mazebench: ' err; then
        note "$* -> exit $got (want $code), $lines lines: $(head -c 200 err)"
    fi
    intact K || note "$* changed an existing file"
    [ "$(orphans)" -eq 0 ] || { note "$* left a temporary file"; rm -f .*.tmp-*; }
}

printf 'gen dfs\nsolve bfs\nseeds 1..3\nsizes 5\n' >p.plan
"$mz" sweep p.plan --shard 1/2 --out part1.csv 2>/dev/null
"$mz" sweep p.plan --shard 2/2 --out part2.csv 2>/dev/null
printf 'name,spec,published_pct\ndfs,dfs,10\000x\n' >nul.csv
mkdir adir

# ---- bad inputs, every command ----
for c in gen solve render; do
    s="" g=""
    [ $c = solve ] && s="--gen" g="bfs"
    bad 2 $c $g $s dfs --seed 1 --size 0
    bad 2 $c $g $s dfs --seed -1 --size 5
    bad 2 $c $g $s dfs --seed 4294967296 --size 5
    bad 2 $c $g $s dfs --seed 1 --size 5x
    bad 2 $c $g $s dfs --seed 1 --size 99999999999
    bad 2 $c $g $s nosuch --seed 1 --size 5
    bad 2 $c $g $s dfs:x=1 --seed 1 --size 5
    bad 2 $c $g $s dfs+braid:keep=2 --seed 1 --size 5
    bad 2 $c $g $s dfs --seed 1 --seed 2 --size 5
    bad 2 $c $g $s dfs --seed 1 --size 5 --size=6
    bad 2 $c $g $s dfs --seed 1 --size 5 --nosuch
    bad 2 $c $g $s dfs --seed 1 --size 5 --force --force
    bad 2 $c $g $s dfs --seed 1
    bad 2 $c $g $s --seed 1 --size 5
    bad 2 $c $g $s dfs --seed '' --size 5
    bad 2 $c dfs --seed 1 --size "3
x" $s
done
for c in gen solve; do
    s="" g=""
    [ $c = solve ] && s="--gen" g="bfs"
    bad 2 $c $g $s dfs --seed 1 --size 5 --trace K
    bad 2 $c $g $s dfs --seed 1 --size 5 --trace adir --force
    bad 2 $c $g $s dfs --seed 1 --size 5 --format xml
done
bad 2 solve nosuch --gen dfs --seed 1 --size 5
bad 2 solve flood:from=99 --gen dfs --seed 1 --size 5
bad 2 render dfs --seed 1 --size 5 --out K
bad 2 render dfs --seed 1 --size 5 --out x.txt
bad 2 render dfs --seed 1 --size 5 --out adir --force
bad 2 render dfs --seed 1 --size 9001 --out x.png
bad 2 render dfs --seed 1 --size 3073 --out x.svg
bad 2 render dfs --seed 1 --size 257 --out x.gif
bad 2 render dfs --seed 1 --size 5 --cell 0
bad 2 render dfs --seed 1 --size 5 --bg 12345
bad 2 render dfs --seed 1 --size 5 --style fancy
bad 2 render dfs --seed 1 --size 5 --overlay nosuch
bad 2 render dfs --seed 1 --size 5 --from 99
bad 2 render dfs --seed 1 --size 5 --stride 0 --out x.gif
bad 2 render dfs --seed 1 --size 5 --cell 4 --cell 4
bad 2 list --format xml
bad 2 list --format csv --format csv
bad 2 list extra
bad 2 stats
bad 2 stats nosuch
bad 2 stats dfs --seeds 1..200000
bad 2 stats dfs --sizes 0
bad 2 stats dfs --format xml
bad 2 stats dfs --band x
bad 2 stats dfs --seeds 1 --seeds 2
bad 2 stats dfs --published adir
bad 2 stats dfs --published nul.csv
bad 2 stats dfs --published /dev/zero
bad 2 stats dfs --published nosuch.csv
bad 2 eller-stream --size 5
bad 2 eller-stream --seed 1
bad 2 eller-stream --size 0 --seed 1
bad 2 eller-stream --size 5x99999999999 --seed 1
bad 2 eller-stream --size 5 --seed 1 --out K
bad 2 eller-stream --size 5 --seed 1 --out adir --force
bad 2 eller-stream --size 5 --seed 1 --seed 1
bad 2 eller-stream --size 5 --seed 1 --format xml
bad 1 eller-stream --size 2x4294967296 --seed 1
bad 2 scale
bad 2 scale --gen nosuch
bad 2 scale --gen dfs --max-cells 10
bad 2 scale --gen dfs --reps 0
bad 2 scale --gen dfs --out K --no-chart
bad 2 scale --gen dfs --reps 1 --reps 1
bad 2 scale --gen dfs --out adir --force
bad 2 sweep --gen nosuch --seeds 1 --sizes 5
bad 2 sweep --gen dfs --seeds 1..0 --sizes 5
bad 2 sweep --gen dfs --seeds 1 --sizes 5 --out K
bad 2 sweep --gen dfs --seeds 1 --sizes 5 --out K --force --resume
bad 2 sweep --gen dfs --seeds 1 --sizes 5 --out adir --resume
bad 2 sweep --gen dfs --seeds 1 --sizes 5 --out adir --force
bad 2 sweep --gen dfs --seeds 1 --seeds 2 --sizes 5
bad 2 sweep --gen dfs --seeds 1 --sizes 5 --shard 3/2
bad 2 sweep nosuch.plan
bad 2 sweep adir
bad 2 sweep nul.csv
bad 2 sweep p.plan --out p.plan --force
bad 2 sweep p.plan --seeds 1..9 --resume --out part1.csv
bad 2 merge
bad 2 merge part1.csv --out K
bad 2 merge part1.csv part1.csv --out m.csv
bad 2 merge part1.csv --out m.csv
bad 2 merge adir --out m.csv
bad 2 merge nul.csv --out m.csv
bad 2 merge nosuch.csv --out m.csv
bad 2 merge part1.csv part2.csv --out part1.csv --force
bad 2 merge part1.csv part2.csv --out m.csv --out n.csv
keep K
"$mz" sweep - --out K --force <K >/dev/null 2>err
rc=$?
tried=$((tried + 1))
n_sweep=$((n_sweep + 1))
[ $rc -eq 2 ] && intact K || note "sweep - --out K < K: exit $rc"
echo "bad inputs: $tried tried, $broken broke a promise"
for v in $(set | sed -n 's/^n_\([a-z_]*\)=.*/\1/p'); do
    eval "echo \"  $v: \$n_$v\""
done
b_bad=$broken

# ---- kills at pseudo-random moments (awk's generator, seeded) ----
delays=$(awk -v n="$kills" -v s="$seed" 'BEGIN { srand(s); for (i = 0; i < n; i++) printf "%.2f ", 0.05 + rand() * 1.5 }')
"$mz" sweep --gen dfs,dfs+braid --solve bfs,wall --seeds 1..150 --sizes 101 --out full.csv 2>/dev/null
nk=0 lost=0 orph=0 files=0
for d in $delays; do
    sig=KILL
    case $((nk % 3)) in 1) sig=TERM ;; 2) sig=HUP ;; esac
    nk=$((nk + 1))
    rm -f s.csv s.csv.partial
    "$mz" sweep --gen dfs,dfs+braid --solve bfs,wall --seeds 1..150 --sizes 101 --jobs 2 \
        --out s.csv >/dev/null 2>&1 &
    pid=$!
    sleep "$d"
    kill -$sig $pid 2>/dev/null
    wait $pid 2>/dev/null
    o=$(orphans)
    orph=$((orph + o))
    rm -f .*.tmp-*
    before=$(cat s.csv.partial s.csv 2>/dev/null | grep -vc '^#')
    if "$mz" sweep --gen dfs,dfs+braid --solve bfs,wall --seeds 1..150 --sizes 101 --jobs 2 \
        --resume --out s.csv 2>err >/dev/null; then
        after=$(sed -n 's/.*after \([0-9]*\) of.*/\1/p' err)
        [ -n "$after" ] || after=0
        l=$((before - 1 - 2 * after))
        [ "$before" -le 1 ] && l=0
        [ "$l" -gt 1 ] && { note "sweep killed by SIG$sig after ${d}s: $l rows lost"; }
        [ "$l" -gt 0 ] && lost=$((lost + l))
        cut -d, -f1-16 full.csv | grep -v '^#' >a.rows
        cut -d, -f1-16 s.csv | grep -v '^#' >b.rows
        cmp -s a.rows b.rows || note "sweep killed by SIG$sig after ${d}s: resumed figures differ"
    else
        note "sweep killed by SIG$sig after ${d}s: --resume failed: $(cat err)"
        files=$((files + 1))
    fi
done
echo "sweep: $nk kills, $lost partial rows re-run (a row of the task in flight), $orph orphans, $files files lost"

# Other long commands: the target keeps its old bytes or is whole; no orphan.
"$mz" merge part1.csv part2.csv --out mref.csv 2>/dev/null
kill_one() { # NAME TARGET DELAY SIG CMD...
    name=$1 target=$2 d=$3 sig=$4
    shift 4
    keep "$target"
    "$@" >/dev/null 2>&1 &
    pid=$!
    sleep "$d"
    kill -$sig $pid 2>/dev/null
    wait $pid 2>/dev/null
    eval "k_$name=\$((\${k_$name:-0} + 1))"
    o=$(orphans)
    [ "$o" -eq 0 ] || { note "$name killed by SIG$sig after ${d}s: $o orphans"; rm -f .*.tmp-*; }
    if ! intact "$target" && [ -n "${ref:-}" ] && ! cmp -s "$target" "$ref"; then
        note "$name killed by SIG$sig after ${d}s: '$target' is neither old nor whole"
    fi
}
"$mz" render dfs --seed 1 --size 1500 --out rref.svg 2>/dev/null
"$mz" eller-stream --size 3000x3000 --seed 1 --out eref.bin >/dev/null 2>&1
"$mz" gen dfs --seed 1 --size 1500 --trace tref.csv >/dev/null 2>&1
i=0
for d in $delays; do
    sig=KILL
    case $((i % 3)) in 1) sig=TERM ;; 2) sig=HUP ;; esac
    i=$((i + 1))
    d=$(awk -v d="$d" 'BEGIN { printf "%.2f", d / 3 }')
    ref=rref.svg kill_one render r.svg "$d" $sig "$mz" render dfs --seed 1 --size 1500 --out r.svg --force
    ref=eref.bin kill_one eller_stream e.bin "$d" $sig "$mz" eller-stream --size 3000x3000 --seed 1 --out e.bin --force
    ref=tref.csv kill_one gen_trace t.csv "$d" $sig "$mz" gen dfs --seed 1 --size 1500 --trace t.csv --force
    ref=mref.csv kill_one merge m.csv "$d" $sig "$mz" merge part1.csv part2.csv --out m.csv --force
    ref="" kill_one scale sc.csv "$d" $sig "$mz" scale --gen dfs --reps 1 --no-chart --out sc.csv --force
    ref="" kill_one stats st.txt "$d" $sig sh -c "exec '$mz' stats all --seeds 1..30 > st.txt"
    sleep 0.2
done
for v in render eller_stream gen_trace merge scale stats; do
    eval "echo \"  $v: \$k_$v kills\""
done
b_kill=$((broken - b_bad))
echo "kills: $((nk + i * 6)) in all, $b_kill broke a promise"

# ---- every command under a small ulimit -v ----
if (ulimit -v 150000 && "$mz" --version) >/dev/null 2>&1; then
    lim() { # CMD...: under ulimit -v 150000: exit 0, or 1 with one line and K intact
        keep K
        (ulimit -v 150000 && exec "$mz" "$@") >/dev/null 2>err
        got=$?
        tried=$((tried + 1))
        nu=$((nu + 1))
        case $got in
        0) ;;
        1)
            [ "$(wc -l <err)" -le 2 ] || note "ulimit: $*: $(cat err)"
            intact K || note "ulimit: $* failed and changed an existing file"
            ;;
        *) note "ulimit: $* -> exit $got: $(head -c 200 err)" ;;
        esac
        echo "  ulimit: exit $got: $*: $(head -c 120 err)"
        [ "$(orphans)" -eq 0 ] || { note "ulimit: $* left a temporary file"; rm -f .*.tmp-*; }
    }
    nu=0
    b0=$broken
    lim gen dfs --seed 1 --size 6000
    lim solve valley --gen dfs --seed 1 --size 5000
    lim gen dfs --seed 1 --size 1000 --trace K --force
    lim render dfs --seed 1 --size 3000 --out K --force --format svg
    lim render dfs --seed 1 --size 5000 --out x.png
    lim render dfs --seed 1 --size 250 --out K --force --format gif
    lim eller-stream --size 5x100000000 --seed 1 --out K --force
    lim sweep --gen dfs --solve bfs --seeds 1 --sizes 20000 --out K --force
    lim sweep --gen dfs --solve bfs --seeds 1..3 --sizes 1000 --out K --force
    lim scale --gen kruskal --solve astar --reps 1 --no-chart --out K --force
    lim stats dfs --seeds 1 --sizes 4000
    lim list
    lim gen dfs --seed 1 --size 31
    lim check part1.csv
    lim merge part1.csv part2.csv --out um.csv
    rm -f K.partial
    echo "ulimit -v 150000: $nu commands, $((broken - b0)) broke a promise"
else
    echo "ulimit -v: skipped (a sanitized build)"
fi
echo "total: $tried inputs tried, $broken broke a promise"
[ "$broken" -eq 0 ]
