#!/bin/sh
# cli_errors.sh CLI - bad input gets one clear line on stderr, nothing on
# stdout and exit status 2 (1 for a size the machine cannot hold), never a
# crash or a hang; every command answers --help.
set -u
. "$(dirname "$0")/lib.sh"
cli=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

# expect STATUS PATTERN ARGS...: exit status, a pattern the one stderr line must match.
expect() {
    want=$1 pattern=$2
    shift 2
    timeout 20 "$cli" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    got=$?
    lines=$(wc -l <"$tmp/err")
    if [ "$got" -eq "$want" ] && [ "$lines" -eq 1 ] && [ ! -s "$tmp/out" ] &&
        grep -q "^mazebench: .*$pattern" "$tmp/err"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: mazebench $* -> exit $got (want $want), stderr:" >&2
        sed 's/^/    /' "$tmp/err" >&2
    fi
}

ok() {
    timeout 60 "$cli" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    got=$?
    if [ "$got" -eq 0 ] && [ -s "$tmp/out" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: mazebench $* -> exit $got, stderr:" >&2
        sed 's/^/    /' "$tmp/err" >&2
    fi
}

# Help on every command, from the command table.
ok --help
for c in $("$cli" --help | awk '/^commands:/ { on = 1; next } on && !NF { exit } on { print $1 }'); do
    ok "$c" --help
done

G="--seed 464 --size 31x31"
expect 2 "unknown command 'frob'" frob
expect 2 "unknown generator 'nope' (valid: dfs" gen nope $G
expect 2 "unknown solver 'nope' (valid: .*bfs" solve nope --gen dfs $G
expect 2 "unknown post-processor 'nope'" gen dfs+nope $G
expect 2 "unknown parameter 'kep' of 'braid' (valid: keep, offset)" gen dfs+braid:kep=1 $G
expect 2 "bad value '2' for 'keep'" gen dfs+braid:keep=2 $G
expect 2 "bad value 'x' for 'keep'" gen dfs+braid:keep=x $G
expect 2 "bad value '1.5' for 'offset'" gen dfs+braid:offset=1.5 $G
expect 2 "bad value '-1' for 'offset'" gen dfs+braid:offset=-1 $G
expect 2 "malformed parameter 'keep'" gen dfs+braid:keep $G
expect 2 "empty parameter list" gen dfs+braid: $G
expect 2 "given twice" gen dfs+braid:keep=0,keep=1 $G
expect 2 "bad value 'up' for 'hand'" solve wall:hand=up --gen dfs $G
# A newline or tab in the input is shown as '?': still one line.
nl='
'
expect 2 "size '3?x' is not" gen dfs --seed 1 --size "3${nl}x"
expect 2 "bad value 'l?eft' for 'hand'" solve "wall:hand=l${nl}eft" --gen dfs $G
expect 2 "missing generator name" gen +braid $G
expect 2 "cell 961 for .from. of .flood. is off the 31x31 grid" solve flood:from=961 --gen dfs $G
expect 2 "size '0x5'" gen dfs --seed 1 --size 0x5
expect 2 "size '-3x5'" gen dfs --seed 1 --size -3x5
expect 2 "size 'ax5'" gen dfs --seed 1 --size ax5
expect 2 "size '5x'" gen dfs --seed 1 --size 5x
expect 2 "size '5x5x5'" gen dfs --seed 1 --size 5x5x5
expect 2 "size '99999999999x2'" gen dfs --seed 1 --size 99999999999x2
expect 2 "too large" gen dfs --seed 1 --size 4294967296x4294967296
expect 1 "more than this machine" gen dfs --seed 1 --size 1000000x1000000
# Grids of any shape: --grid, with --size its older name; both is an error.
expect 2 "--grid and --size are one option" gen dfs --seed 1 --grid 5 --size 5
expect 2 "option '--grid' given twice" gen dfs --seed 1 --grid 5 --grid 6
expect 2 "size 'hex:0x5'" gen dfs --seed 1 --grid hex:0x5
expect 2 "size 'polar:4x4'" gen dfs --seed 1 --grid polar:4x4
expect 2 "size '3d:4x4'" gen dfs --seed 1 --grid 3d:4x4
expect 2 "size 'cone:5x5': unknown shape" gen dfs --seed 1 --grid cone:5x5
expect 2 "size 'polar:99999999' is too large" gen dfs --seed 1 --grid polar:99999999
# A generator or solver on a shape it does not run on: one line, exit 2.
expect 2 "eller does not run on hex grids (it runs on: ortho)" gen eller --seed 1 --grid hex:5x5
expect 2 "wall does not run on polar grids (it runs on: ortho)" solve wall --gen dfs --seed 1 --grid polar:5
expect 2 "eller does not run on tri grids" solve bfs --gen eller --seed 1 --grid tri:5x5
expect 2 "cell 70 for 'from' of 'flood' is off the polar:3 grid" solve flood:from=70 --gen dfs --seed 1 --grid polar:3
expect 2 "seed '-1'" gen dfs --seed -1 --size 5
# A seed past 32 bits: mulberry32 refuses it; auto (the default) draws from
# splitmix64 with a note; a seed past 64 bits is refused by every source.
expect 2 "seed 4294967296 is past mulberry32's 32 bits" gen dfs --seed 4294967296 --size 5 --rng mulberry32
expect 2 "seed 4294967296 is past mulberry32's 32 bits" solve bfs --gen dfs --seed 4294967296 --size 5 --rng mulberry32
expect 2 "seed 4294967296 is past mulberry32's 32 bits" sweep --gen dfs --seeds 4294967296 --sizes 5 --rng mulberry32
expect 2 "seed '18446744073709551616' is out of range" gen dfs --seed 18446744073709551616 --size 5
expect 2 "seed '18446744073709551616' is out of range" gen dfs --seed 18446744073709551616 --size 5 --rng splitmix64
expect 2 "unknown random source 'bogus' (valid: auto, mulberry32, splitmix64)" gen dfs --seed 1 --size 5 --rng bogus
expect 2 "unknown random source 'bogus'" sweep --gen dfs --seeds 1 --sizes 5 --rng bogus
expect 2 "option '--rng' needs a value" gen dfs --seed 1 --size 5 --rng
expect 2 "option '--rng' given twice" gen dfs --seed 1 --size 5 --rng mulberry32 --rng splitmix64
# auto_switch ARGS...: exit 0, one note on stderr, every row's rng splitmix64.
auto_switch() {
    timeout 20 "$cli" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    got=$?
    if [ "$got" -eq 0 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        grep -q "^mazebench: [a-z]*: note: .*splitmix64" "$tmp/err" &&
        awk -F, '/^#/ { next } !h { h = 1; for (i = 1; i <= NF; i++) c[$i] = i; next }
                 { n++; if (!("rng" in c) || $c["rng"] != "splitmix64" || $c["seed"] != "4294967296") bad = 1 }
                 END { exit bad || n < 1 }' "$tmp/out"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: mazebench $* -> exit $got, not one note and a splitmix64 row; stderr:" >&2
        sed 's/^/    /' "$tmp/err" "$tmp/out" >&2
    fi
}
auto_switch gen dfs --seed 4294967296 --size 5
auto_switch gen dfs --seed 4294967296 --size 5 --rng auto
auto_switch solve bfs --gen dfs --seed 4294967296 --size 5
auto_switch sweep --gen dfs --seeds 4294967296 --sizes 5
expect 2 "seed '12a'" gen dfs --seed 12a --size 5
expect 2 "missing --seed" gen dfs --size 5
expect 2 "missing --grid" gen dfs --seed 1
expect 2 "missing SPEC" gen --seed 1 --size 5
expect 2 "missing SOLVER" solve --gen dfs $G
expect 2 "option '--seed' needs a value" gen dfs --size 5 --seed
expect 2 "unknown option '--bogus'" gen dfs $G --bogus
expect 2 "unknown format 'xml'" gen dfs $G --format xml
expect 1 "trace: cannot write" gen dfs $G --trace "$tmp/no/such/dir/t.csv"

# Empty values are refused like missing ones.
expect 2 "option '--trace' needs a value" gen dfs $G --trace ''
expect 2 "bad value '+x' for 'offset'" gen dfs+braid:offset=+x $G

# sweep and merge: every bad input is one line, exit 2, before any work.
S="--gen dfs --seeds 1 --sizes 5"
printf 'gen dfs\nseeds 1\nsizes 5\n' >"$tmp/ok.plan"
printf 'gen dfs\nseeds 1\nlimit nosuch 5\nsizes 5\n' >"$tmp/limit.plan"
printf 'gen dfs\nseeds 1\nsizes 5,0\n' >"$tmp/size.plan"
printf 'gen dfs\nseeds 1\nsizes 5\nskip everything\n' >"$tmp/skip.plan"
printf 'a,b\n1,2\n' >"$tmp/other.csv"
: >"$tmp/exists.csv"
expect 2 "solver 'flood:from=50' does not fit size 3x3" sweep --gen dfs --solve flood:from=50 --sizes 10,3 --seeds 1
expect 2 "option '--seeds' given twice" sweep $S --seeds 2
expect 2 "option '--out' needs a value" sweep $S --out ''
expect 2 "unknown option '--bogus'" sweep $S --bogus
expect 2 "unexpected argument 'b'" sweep a b
expect 2 "shard '3/2'" sweep $S --shard 3/2
expect 2 "bad value '+x' for 'offset'" sweep --gen dfs+braid:offset=+x --seeds 1 --sizes 5
expect 2 "unknown generator 'nosuch1'" sweep --gen nosuch1,nosuch2 --seeds 1 --sizes 5
expect 2 "size '0x1'" sweep --gen dfs --seeds 1 --sizes 0x1,0x2
expect 2 "size 'hex:0x1'" sweep --gen dfs --seeds 1 --grids 5,hex:0x1
expect 2 "--grids and --sizes are one option" sweep --gen dfs --seeds 1 --grids 5 --sizes 5
expect 2 "eller does not run on weave grids (it runs on: ortho); 'skip unsupported'" sweep --gen dfs,eller --solve bfs --seeds 1 --grids 5,weave:5x5
expect 2 "wall does not run on hex grids" sweep --gen dfs --solve bfs,wall --seeds 1 --grids hex:5x5
expect 2 "'skip' takes 'unsupported'" sweep "$tmp/skip.plan"
expect 2 "cell 30 for 'from' of 'flood' is off the 3d:1x5x5 grid" sweep --gen dfs --solve flood:from=30 --seeds 1 --grids 3d:1x5x5
expect 2 "empty entry" sweep --gen dfs,,dfs --seeds 1 --sizes 5
expect 2 "seed range '5..1' runs backwards" sweep --gen dfs --seeds 5..1 --sizes 5
expect 2 "plan '$tmp' is a directory" sweep "$tmp"
expect 2 "binary" sweep "$cli"
expect 2 "limit.plan:3: 'limit' names unknown generator 'nosuch'" sweep "$tmp/limit.plan"
expect 2 "size.plan:3: size '0'" sweep "$tmp/size.plan"
expect 2 "'$tmp/exists.csv' exists: give --force" sweep $S --out "$tmp/exists.csv"
expect 2 "is the plan file itself" sweep "$tmp/ok.plan" --out "$tmp/ok.plan" --force
expect 2 "--resume needs --out FILE" sweep $S --resume
expect 2 "no FILE given" merge
expect 2 "cannot read '$tmp/none.csv': no such file" merge "$tmp/none.csv"
expect 2 "not a sweep file" merge "$tmp/other.csv"
expect 2 "is one of the files to merge" merge "$tmp/other.csv" --out "$tmp/other.csv" --force
ok sweep $S
ok sweep $S --print-plan
"$cli" sweep $S --shard 1/2 --out "$tmp/part1.csv" 2>/dev/null
expect 2 "is part 1 of 2, but 1 file was given" merge "$tmp/part1.csv"
if "$cli" sweep --help | grep -q "'limit GENERATOR SIZE'"; then
    pass=$((pass + 1))
else
    fail=$((fail + 1))
    echo "FAIL: sweep --help does not describe 'limit'" >&2
fi
abs=$(cd "$(dirname "$cli")" && pwd)/$(basename "$cli")
(cd "$tmp" && cp ok.plan ./-dash.plan && "$abs" sweep -- -dash.plan >/dev/null 2>&1) &&
    pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: sweep -- -dash.plan" >&2; }
if "$cli" --version | grep -q "^mazebench .* (commit "; then
    pass=$((pass + 1))
else
    fail=$((fail + 1))
    echo "FAIL: --version names no commit" >&2
fi

# The happy path: a header and one row, and the article's figures.
ok gen dfs $G
"$cli" solve bfs --gen dfs $G >"$tmp/out"
if awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
            { exit !($c["dead_ends"] == 96 && $c["route"] == 320 && $c["path_steps"] == 320) }' "$tmp/out"; then
    pass=$((pass + 1))
else
    fail=$((fail + 1))
    echo "FAIL: solve bfs --gen dfs $G does not report 96 dead ends and a 320-step route" >&2
fi

# A command never replaces an existing file without --force.
echo keep >"$tmp/existing"
expect 2 "exists: give --force" eller-stream --size 5x5 --seed 1 --out "$tmp/existing"
expect 2 "exists: give --force" scale --gen dfs --max-cells 1000 --no-chart --out "$tmp/existing"
expect 2 "exists: give --force" sweep --gen dfs --seeds 1 --sizes 5 --out "$tmp/existing"
expect 2 "exists: give --force" gen dfs --seed 1 --size 5 --trace "$tmp/existing"
expect 2 "given twice" gen dfs --seed 1 --seed 2 --size 5
expect 2 "given twice" solve bfs --gen dfs --gen kruskal --seed 1 --size 5
expect 2 "given twice" gen dfs --seed 1 --size 5 --size 6
if grep -qx keep "$tmp/existing"; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: a refused --out changed the existing file" >&2; fi

# --force on something that is not a regular file (a pipe here, /dev/null
# for a user) writes into it: it must never be renamed over and replaced.
if mkfifo "$tmp/pipe" 2>/dev/null; then
    timeout 30 cat "$tmp/pipe" >"$tmp/drained" &
    timeout 20 "$cli" sweep --gen dfs --seeds 1 --sizes 5 --out "$tmp/pipe" --force 2>/dev/null
    got=$?
    wait
    if [ "$got" -eq 0 ] && [ -p "$tmp/pipe" ] && grep -q '^dfs,1,mulberry32,ortho,5,5,' "$tmp/drained"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: sweep --out PIPE --force: exit $got, the pipe replaced or nothing written" >&2
    fi
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
