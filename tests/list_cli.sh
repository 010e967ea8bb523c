#!/bin/sh
# list_cli.sh CLI - 'mazebench list' in its three formats: text for people,
# CSV and JSON for programs, each naming every registry entry; a bad format
# is refused with one line and exit status 2; a failed write is an error; an
# ESC in a declared summary never reaches the output.
set -u
. "$(dirname "$0")/lib.sh"
cli=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
check() {
    name=$1
    shift
    if "$@"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: $name" >&2
    fi
}

"$cli" list --format csv >"$tmp/csv" 2>"$tmp/err"
check "list --format csv exits 0" [ $? -eq 0 ]
check "list csv header" sh -c "head -1 '$tmp/csv' |
    grep -qx 'record,algo,kind,name,type,default,min,max,choices,flags,bytes_per_cell,bytes_fixed,bytes_per_col,trace_steps_per_cell,draws_per_cell,mulberry32_cells,mulberry32_wrap_cells,text'"
names=$(awk -F, '$1 == "algo" { print $2 }' "$tmp/csv")
check "list csv has entries" [ -n "$names" ]
check "list csv: dfs is a perfect generator" grep -q '^algo,dfs,generator,dfs,,,,,,perfect,' "$tmp/csv"
check "list csv: braid's keep is a real in [0, 1], default 0" \
    grep -q '^param,braid,post-processor,keep,real,0,0,1,' "$tmp/csv"
check "list csv: eller keeps 8 bytes a column, dfs 2.5 trace steps a cell" sh -c \
    "grep -q '^algo,eller,generator,eller,,,,,,perfect,[0-9.]*,0,8,' '$tmp/csv' &&
     grep -q '^shape,dfs,generator,hex,,,,,,,[0-9.]*,0,0,2.5,' '$tmp/csv'"
check "list csv: aldous-broder's trace is unbounded" \
    grep -q '^algo,aldous-broder,generator,aldous-broder,,,,,,perfect,[0-9.]*,0,0,unbounded,' "$tmp/csv"
check "list csv: wilson's draws a cell grow with L, kruskal leaves mulberry32 past some cells" sh -c \
    "grep -q '^algo,wilson,generator,wilson,,,,,,perfect,[0-9.]*,0,0,unbounded,[0-9.]* + [0-9.]* L,[0-9.e+]*,[0-9.e+]*,' '$tmp/csv' &&
     grep -q '^algo,kruskal,generator,kruskal,,,,,,perfect,[0-9.]*,0,0,[0-9.]*,[0-9.]*,[0-9.e+]*,[0-9.e+]*,' '$tmp/csv'"
check "list csv: solvers declare no draws" \
    grep -q '^algo,bfs,solver,bfs,,,,,,shortest|path,[0-9.]*,0,0,[0-9.]*,,,,' "$tmp/csv"
check "list csv: bfs gives a path (flag path), flood figures only (no flag)" \
    grep -q '^algo,flood,solver,flood,,,,,,,' "$tmp/csv"
check "list csv: dfs declares push and pop" sh -c \
    "grep -q '^trace_op,dfs,generator,push,' '$tmp/csv' && grep -q '^trace_op,dfs,generator,pop,' '$tmp/csv'"

"$cli" list >"$tmp/text" 2>"$tmp/err"
check "list (text) exits 0" [ $? -eq 0 ]
"$cli" list --format text >"$tmp/text2" 2>"$tmp/err"
check "list --format text is the default" cmp -s "$tmp/text" "$tmp/text2"
for n in $names; do
    check "list text names '$n'" grep -q "^  $n " "$tmp/text"
done

"$cli" list --format json >"$tmp/json" 2>"$tmp/err"
check "list --format json exits 0" [ $? -eq 0 ]
if command -v python3 >/dev/null 2>&1; then
    check "list json parses, one object an entry, in registry order" python3 -c "
import json, sys
d = json.load(open('$tmp/json'))
names = '''$names'''.split()
assert [e['name'] for e in d] == names, 'names differ'
for e in d:
    assert set(e) >= {'name', 'kind', 'flags', 'bytes_per_cell', 'summary', 'params', 'columns', 'trace',
                      'shape_bytes_fixed', 'shape_bytes_per_col', 'shape_trace_steps_per_cell'}
    assert set(e['shape_trace_steps_per_cell']) == set(e['shapes']), e['name']
e = {e['name']: e for e in d}
assert e['eller']['shape_bytes_per_col'] == {'ortho': 8}, e['eller']
assert e['aldous-broder']['shape_trace_steps_per_cell']['ortho'] == 'unbounded'
assert e['kruskal']['shape_trace_steps_per_cell']['weave'] == 5
"
fi

"$cli" list --format yaml >"$tmp/out" 2>"$tmp/err"
rc=$?
check "list --format yaml exits 2 with one line" sh -c \
    "[ $rc -eq 2 ] && [ ! -s '$tmp/out' ] && [ \$(wc -l <'$tmp/err') -eq 1 ] &&
     grep -q \"^mazebench: list: unknown format 'yaml'\" '$tmp/err'"
"$cli" list --format csv >/dev/full 2>"$tmp/err"
check "list to a full disk fails" [ $? -ne 0 ]

# Entries declared at run time are listed in every format (nothing runs).
printf '[generator side-gen]\ncommand = false {out}\nformat = mzb\n' >"$tmp/progs.ini"
for f in text csv json; do
    "$cli" list --format $f --programs "$tmp/progs.ini" >"$tmp/out" 2>"$tmp/err"
    check "list --format $f names a declared program" grep -q side-gen "$tmp/out"
done

# A control character in a declared text never reaches the terminal raw:
# an ESC sequence in a programs file's summary is refused when the entry is
# added (mz_algo_check), with one line that shows it as \x1b.
esc=$(printf '\033')
printf '[generator esc-gen]\ncommand = false {out}\nformat = mzb\nsummary = a %s[31mred%s[0m summary\n' \
    "$esc" "$esc" >"$tmp/esc.ini"
for f in text csv json; do
    "$cli" list --format $f --programs "$tmp/esc.ini" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    check "list --format $f: no ESC from a declared summary reaches the output" sh -c \
        "! grep -q '$esc' '$tmp/out' '$tmp/err'"
    check "list --format $f: a summary with ESC is refused with one line" sh -c \
        "[ $rc -eq 2 ] && [ \$(wc -l <'$tmp/err') -eq 1 ]"
done

echo "list_cli: $pass passed, $fail failed" >&2
[ "$fail" -eq 0 ]
