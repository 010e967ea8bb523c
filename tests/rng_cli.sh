#!/bin/sh
# rng_cli.sh CLI - the --rng option of gen, solve, render, sweep, stats,
# scale and scaling: the three names are taken, another is refused (exit 2,
# one line), mulberry32 with a seed past 32 bits is refused (exit 2), auto
# with such a seed notes splitmix64 on stderr and names it in the rng
# column; splitmix64 gives another maze than mulberry32 and the same one
# twice; a sweep's rows name their source and 'check' verifies it.
set -u
. "$(dirname "$0")/lib.sh"
cli=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
pass=0
fail=0
check() { # check NAME COMMAND...: the command must succeed
    name=$1
    shift
    if "$@"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: $name" >&2
    fi
}
big=5000000000 # past 2^32
# col FILE NAME: the NAME column of FILE's first row ('#' lines skipped)
col() {
    awk -F, -v n="$2" '/^#/ { next } !h { h = 1; for (i = 1; i <= NF; i++) c[$i] = i; next }
        { print $c[n]; exit }' "$1"
}
# run EXPECTED NAME ARGS...: the exit status; a 2 must be one stderr line
run() {
    want=$1 name=$2
    shift 2
    "$cli" "$@" >out 2>err
    rc=$?
    check "$name: exit $want" [ "$rc" -eq "$want" ]
    if [ "$want" -eq 2 ]; then
        check "$name: one stderr line" sh -c "[ \$(wc -l <err) -eq 1 ] && grep -q '^mazebench: ' err"
    fi
}

# Each command: every name is taken, another is refused, mulberry32 with a
# seed past 32 bits is refused.
for rng in auto mulberry32 splitmix64; do
    run 0 "gen --rng $rng" gen dfs --seed 464 --grid 11 --rng $rng
    run 0 "solve --rng $rng" solve bfs --gen dfs --seed 464 --grid 11 --rng $rng
    run 0 "render --rng $rng" render dfs --seed 464 --grid 5 --rng $rng --format svg --out r-$rng.svg
    run 0 "sweep --rng $rng" sweep --gen dfs --seeds 1 --grids 11 --rng $rng
    run 0 "stats --rng $rng" stats dfs --seeds 1..2 --grid 11 --rng $rng
    run 0 "scale --rng $rng" scale --gen dfs --max-cells 1000 --reps 1 --no-chart --rng $rng
    run 0 "scaling --rng $rng" scaling dfs --sizes 8,16 --seeds 1..3 --rng $rng
done
run 2 "gen --rng unknown" gen dfs --seed 1 --grid 11 --rng mt19937
run 2 "solve --rng unknown" solve bfs --gen dfs --seed 1 --grid 11 --rng mt19937
run 2 "render --rng unknown" render dfs --seed 1 --grid 5 --rng mt19937 --format svg --out x.svg
run 2 "sweep --rng unknown" sweep --gen dfs --seeds 1 --grids 11 --rng mt19937
run 2 "stats --rng unknown" stats dfs --seeds 1 --grid 11 --rng mt19937
run 2 "scale --rng unknown" scale --gen dfs --max-cells 1000 --no-chart --rng mt19937
run 2 "scaling --rng unknown" scaling dfs --sizes 8,16 --rng mt19937
run 2 "gen --rng mulberry32, 33-bit seed" gen dfs --seed $big --grid 11 --rng mulberry32
run 2 "solve --rng mulberry32, 33-bit seed" solve bfs --gen dfs --seed $big --grid 11 --rng mulberry32
run 2 "render --rng mulberry32, 33-bit seed" render dfs --seed $big --grid 5 --rng mulberry32 --format svg --out x.svg
check "render refused makes no file" [ ! -e x.svg ]
run 2 "sweep --rng mulberry32, 33-bit seed" sweep --gen dfs --seeds $big --grids 11 --rng mulberry32
run 2 "stats --rng mulberry32, 33-bit seed" stats dfs --seeds 1,$big --grid 11 --rng mulberry32
check "stats refused prints nothing" [ ! -s out ]
run 2 "scale --rng mulberry32, 33-bit seed" scale --gen dfs --max-cells 1000 --no-chart --seed $big --rng mulberry32
check "scale refused prints nothing" [ ! -s out ]
run 2 "scaling --rng mulberry32, 33-bit seed" scaling dfs --sizes 8,16 --seeds $big --rng mulberry32
check "scaling refused prints nothing" [ ! -s out ]

# auto with a seed past 32 bits: a note on stderr, splitmix64 in the row.
note() { # NAME: one note naming splitmix64 on stderr
    check "$1: notes splitmix64" grep -q '^mazebench: .*note: .*splitmix64' err
}
run 0 "gen, 33-bit seed" gen dfs --seed $big --grid 11
note "gen, 33-bit seed"
check "gen, 33-bit seed: rng column splitmix64" [ "$(col out rng)" = splitmix64 ]
run 0 "solve, 33-bit seed" solve bfs --gen dfs --seed $big --grid 11
note "solve, 33-bit seed"
check "solve, 33-bit seed: rng column splitmix64" [ "$(col out rng)" = splitmix64 ]
run 0 "render, 33-bit seed" render dfs --seed $big --grid 5 --format svg --out big.svg
note "render, 33-bit seed"
run 0 "sweep, 33-bit seed" sweep --gen dfs --seeds $big --grids 11
check "sweep, 33-bit seed: rng column splitmix64" [ "$(col out rng)" = splitmix64 ]
run 0 "stats, 33-bit seed" stats dfs --seeds $big --grid 11 --format csv
note "stats, 33-bit seed"
check "stats, 33-bit seed: rng column splitmix64" [ "$(col out rng)" = splitmix64 ]
run 0 "scale, 33-bit seed" scale --gen dfs --max-cells 1000 --reps 1 --no-chart --seed $big
note "scale, 33-bit seed"
check "scale, 33-bit seed: rng column splitmix64" [ "$(col out rng)" = splitmix64 ]
run 0 "scaling, 33-bit seed" scaling dfs --sizes 8,16 --seeds $big,1 --format csv
note "scaling, 33-bit seed"
check "scaling, 33-bit seed: rng column splitmix64" [ "$(col out rng)" = splitmix64 ]

# splitmix64 makes another maze than mulberry32, and the same one twice.
"$cli" gen dfs --seed 464 --grid 31x31 --rng mulberry32 >m.csv 2>/dev/null
"$cli" gen dfs --seed 464 --grid 31x31 --rng splitmix64 >s1.csv 2>/dev/null
"$cli" gen dfs --seed 464 --grid 31x31 --rng splitmix64 >s2.csv 2>/dev/null
check "dfs 464 31x31: mulberry32 is the default" sh -c \
    "'$cli' gen dfs --seed 464 --grid 31x31 | cmp -s - m.csv"
check "dfs 464 31x31: mulberry32's rng column" [ "$(col m.csv rng)" = mulberry32 ]
check "dfs 464 31x31: splitmix64's rng column" [ "$(col s1.csv rng)" = splitmix64 ]
check "dfs 464 31x31: splitmix64's digest differs from mulberry32's" \
    [ "$(col m.csv digest)" != "$(col s1.csv digest)" ]
check "dfs 464 31x31: splitmix64 gives the same maze twice" cmp -s s1.csv s2.csv
check "dfs 464 31x31: draws counted" [ "$(col s1.csv draws)" -gt 0 ]

# A sweep drawn from splitmix64: its rows say so, check passes, and a row
# whose rng column is edited to mulberry32 fails check.
run 0 "sweep --rng splitmix64 --out" sweep --gen dfs,kruskal --solve bfs --seeds 1..3 --grids 11,hex:5x5 \
    --rng splitmix64 --out sm.csv
check "sweep --rng splitmix64: every row says splitmix64" awk -F, '
    /^#/ { next } !h { h = 1; for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["rng"] != "splitmix64" { bad = 1 } END { exit bad || NR < 4 }' sm.csv
run 0 "check of a splitmix64 sweep" check sm.csv
awk -F, -v OFS=, '/^#/ { print; next } !h { h = 1; for (i = 1; i <= NF; i++) if ($i == "rng") c = i; print; next }
    !done { $c = "mulberry32"; done = 1 } { print }' sm.csv >edited.csv
"$cli" check edited.csv >out 2>err
check "check of a sweep whose row's rng was edited fails" [ $? -ne 0 ]

echo "rng_cli: $pass passed, $fail failed" >&2
[ "$fail" -eq 0 ]
