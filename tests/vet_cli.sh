#!/bin/sh
# vet_cli.sh - compiled plugins and 'mazebench vet' end to end: the example
# plugin loads (--plugin before or after the command), its entries reach
# list, gen and solve, its generator makes the built-in dfs's mazes and its
# solver finds the built-in bfs's routes, and vet passes it and every
# built-in entry. Test plugins that break one promise each
# (tests/plugin_bad.c) fail the check that guards it, with its line: a wall
# whose sides disagree, another maze for the same seed, a leak on an
# allocation failure, an undeclared trace op, a path that jumps a wall, a
# crash (the other entries are still checked), a hang (--timeout), an entry
# that ends the process with exit(0), a solver that says found without a
# path, an outside generator whose mazes are not perfect (its status and
# reason on the line). A plugin of another ABI (ABI 1 included) or
# sizeof(mz_algo), with more entries than its list, a taken name, a kind
# out of range, a name, choice or column a spec or a CSV cannot carry, a
# control character in a summary or its name, without its function, a
# missing file, a file that is no library or not a regular file, the
# example cut short at many sizes, one file loaded twice (by the same name
# or another) and bad vet usage are refused with one line and exit 2.
# The executable exports every function of the public headers.
#   sh tests/vet_cli.sh path/to/mazebench path/to/mazebench_plugin_example.so DIR
# (DIR holds the test plugins test_plugin_*.so)
set -u
. "$(dirname "$0")/lib.sh"
bin=$1
example=$2
dir=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# field N: column N of the last line of $tmp/out; named NAME: column NAME's
field() { tail -n 1 "$tmp/out" | cut -d, -f"$1"; }
named() { field "$(head -n 1 "$tmp/out" | tr , '\n' | grep -n "^$1\$" | cut -d: -f1)"; }

# ---- the example plugin ----
expect 0 "vet the example" "$bin" --plugin "$example" vet
[ "$(grep -c '^plugin-[a-z]* .* ok$' "$tmp/out")" = 13 ] ||
    bad "vet the example: not 13 ok lines: $(cat "$tmp/out")"
grep -q FAIL "$tmp/out" && bad "vet the example: a failure: $(cat "$tmp/out")"
tail -n 1 "$tmp/out" | grep -q '^vet: 2 entries checked, 0 with a failure$' ||
    bad "vet the example: summary '$(tail -n 1 "$tmp/out")'"
expect 0 "--plugin after the command" "$bin" vet plugin-dfs --plugin="$example"
grep -q '^plugin-dfs  *alloc  *ok$' "$tmp/out" || bad "vet plugin-dfs: no alloc line"
expect 0 "list shows the plugin" "$bin" --plugin "$example" list
grep -q 'plugin-dfs' "$tmp/out" && grep -q 'plugin-bfs' "$tmp/out" ||
    bad "list: the plugin's entries missing"
grep -q 'example (plugin-dfs, plugin-bfs)' "$tmp/out" || bad "list: the plugin's name missing"

# The same recipe by another implementation: the same mazes and routes.
for g in 31x31 1x7 hex:7x9 tri:6x11 polar:6 3d:3x5x5 weave:7x7 torus:7x9; do
    expect 0 "gen dfs $g" "$bin" gen dfs --grid "$g" --seed 77
    digest=$(field 14)
    expect 0 "gen plugin-dfs $g" "$bin" --plugin "$example" gen plugin-dfs --grid "$g" --seed 77
    [ "$(field 14)" = "$digest" ] || bad "plugin-dfs $g: digest $(field 14), dfs $digest"
done
for g in 31x31 hex:7x9 3d:3x5x5; do
    expect 0 "solve bfs $g" "$bin" solve bfs --gen dfs+braid --grid "$g" --seed 5
    route="$(named found) $(named path_steps) $(named path_cells) $(named closed)"
    expect 0 "solve plugin-bfs $g" "$bin" --plugin "$example" solve plugin-bfs \
        --gen dfs+braid --grid "$g" --seed 5
    got="$(named found) $(named path_steps) $(named path_cells) $(named closed)"
    [ "$got" = "$route" ] || bad "plugin-bfs $g: found, steps, cells, closed $got; bfs $route"
done

# ---- the executable exports the whole public API ----
# A plugin resolves every function of the public headers from the process:
# each must be linked into mazebench (the CLI calls it somewhere) and
# exported. A function no command calls fails here: call it, or link it in.
src=$(dirname "$0")/../src
if command -v nm >/dev/null 2>&1; then
    nm -D --defined-only "$bin" | awk '{ print $3 }' >"$tmp/exported"
    grep -hE '^MZ_API [^(]*[ *]mz_[a-z0-9_]+\(' "$src"/mazebench*.h |
        sed -E 's/^[^(]*[ *](mz_[a-z0-9_]+)\(.*/\1/' | sort -u >"$tmp/api"
    [ "$(wc -l <"$tmp/api")" -gt 100 ] || bad "the public API: only $(wc -l <"$tmp/api") functions read"
    for f in $(cat "$tmp/api"); do
        grep -qx "$f" "$tmp/exported" || bad "$f (public) is not exported by mazebench: no plugin can call it"
    done
else
    echo "vet_cli: no nm: the exported API is not checked"
fi

# ---- built-in entries ----
# every built-in entry passes (vet holds no entry to more than the tests do)
expect 0 "vet --all" "$bin" vet --all
grep -q FAIL "$tmp/out" && bad "vet --all: $(grep FAIL "$tmp/out")"
expect 0 "vet built-ins by name" "$bin" vet dfs braid bfs
[ "$(grep -c ' ok$' "$tmp/out")" -ge 18 ] || bad "vet by name: $(cat "$tmp/out")"

# ---- plugins that break a promise ----
expect 0 "vet a sound test plugin" "$bin" --plugin "$dir/test_plugin_none.so" vet
for fault in wall:walls seed:same-seed leak:alloc op:trace; do
    f=${fault%%:*} check=${fault#*:}
    expect 1 "vet $f" "$bin" --plugin "$dir/test_plugin_$f.so" vet
    grep -q "^bad-gen  *$check  *FAIL: " "$tmp/out" ||
        bad "vet $f: no '$check FAIL' line: $(cat "$tmp/out")"
    [ "$(grep -c FAIL "$tmp/out")" -le 2 ] || bad "vet $f: failures beyond its own: $(cat "$tmp/out")"
done
expect 1 "vet a path over a wall" "$bin" --plugin "$dir/test_plugin_path.so" vet
grep -q "^bad-solve  *path  *FAIL: .*not a walk" "$tmp/out" || bad "vet path: no 'path FAIL' line: $(cat "$tmp/out")"
# a crash is the entry's failure; the entry after it is still checked
expect 1 "vet a crash" "$bin" --plugin "$dir/test_plugin_crash.so" --plugin "$example" vet
grep -q "^bad-gen  *finishes  *FAIL: " "$tmp/out" || bad "vet crash: no 'finishes FAIL' line"
grep -q "^plugin-bfs  *alloc  *ok$" "$tmp/out" || bad "vet crash: the next entry was not checked"
expect 1 "vet a hang" "$bin" --plugin "$dir/test_plugin_hang.so" vet --timeout 1
grep -q "^bad-gen  *finishes  *FAIL: no answer within 1 s" "$tmp/out" || bad "vet hang: no timeout line"
# an entry that calls exit(0): the child ends without its verdicts, a failure
expect 1 "vet an entry that exits" "$bin" --plugin "$dir/test_plugin_exit.so" vet
grep -q "^bad-gen  *finishes  *FAIL: the entry ended the process (exit [0-9]*[^)]*) during runs: bad-gen" \
    "$tmp/out" || bad "vet exit(0): no 'ended the process' line: $(cat "$tmp/out")"
grep -q '^vet: 1 entry checked, 1 with a failure$' "$tmp/out" || bad "vet exit(0): summary: $(tail -n 1 "$tmp/out")"
# found, and no path: the path check fails (a sweep would say found with empty path columns)
expect 1 "vet a solver found without a path" "$bin" --plugin "$dir/test_plugin_nopath.so" vet
grep -q "^bad-solve  *path  *FAIL: .*found, but path_steps is -1 and the path has 0 cells" "$tmp/out" ||
    bad "vet no path: no 'path FAIL' line: $(cat "$tmp/out")"
# an outside generator that says perfect and prints an all-open grid: the
# runs line gives its status and reason, and perfect is not ok
cat >"$tmp/open.sh" <<'EOF'
printf 'mazebench-maze 1 %sx%s entrance=0 exit=%s flags=0 tiles=0\n' "$1" "$2" $(($1 * $2 - 1))
awk -v n=$(($1 * $2)) 'BEGIN{ for(i=0;i<n;i++) printf "00"; print "" }'
EOF
printf '[generator open-gen]\ncommand = sh {dir}/open.sh {rows} {cols}\nformat = mzb\nperfect = yes\n' \
    >"$tmp/open.programs"
expect 1 "vet a not-perfect outside generator" "$bin" --programs "$tmp/open.programs" vet open-gen
grep -q "^open-gen  *runs  *FAIL: .*outside_status not-perfect.*loops" "$tmp/out" ||
    bad "vet not-perfect: runs line without the status and loops: $(cat "$tmp/out")"
grep -q "^open-gen  *perfect  *FAIL: .*not-perfect" "$tmp/out" ||
    bad "vet not-perfect: no 'perfect FAIL' line: $(cat "$tmp/out")"
# an outside generator that exits 1 on grids under 3x3: declared with
# refuses = rows<3 cols<3 it passes vet (those grids are refused, the
# program not run on them); without the key vet fails it; a sweep plan with
# a 2x2 size is refused as for a built-in's declared sizes, and
# --skip-unsupported drops that size
cat >"$tmp/small.sh" <<'EOF'
if [ "$1" -lt 3 ] || [ "$2" -lt 3 ]; then echo "too small" >&2; exit 1; fi
printf 'mazebench-maze 1 %sx%s entrance=0 exit=%s flags=0 tiles=0\n' "$1" "$2" $(($1 * $2 - 1))
awk -v R="$1" -v C="$2" 'BEGIN{ for(r=0;r<R;r++) for(c=0;c<C;c++){ w=15
  if(r==0){ if(c<C-1) w-=2; if(c>0) w-=8 } else w-=1; if(r<R-1) w-=4; printf "%02x", w }
  print "" }'
EOF
printf '[generator small-gen]\ncommand = sh {dir}/small.sh {rows} {cols}\nformat = mzb\nperfect = yes\n' \
    >"$tmp/small0.programs"
{ cat "$tmp/small0.programs"; echo 'refuses = rows<3 cols<3'; } >"$tmp/small.programs"
expect 0 "vet an outside generator that declares its refusals" "$bin" --programs "$tmp/small.programs" vet small-gen
grep -q FAIL "$tmp/out" && bad "vet refuses: a failure: $(cat "$tmp/out")"
grep -q "^small-gen  *runs  *ok$" "$tmp/out" || bad "vet refuses: no 'runs ok': $(cat "$tmp/out")"
expect 0 "list shows the declared refusals" "$bin" --programs "$tmp/small.programs" list
grep -A1 '^  small-gen ' "$tmp/out" | grep -q "flags:.*refuses-sizes" || bad "list: no refuses-sizes for small-gen: $(cat "$tmp/out")"
expect 1 "vet an outside generator that does not declare them" "$bin" --programs "$tmp/small0.programs" vet small-gen
grep -q "^small-gen  *runs  *FAIL: .*1x1: .*outside_status exit.*too small" "$tmp/out" ||
    bad "vet no refuses: no 'runs FAIL': $(cat "$tmp/out")"
expect 2 "a sweep plan with a size the program refuses" "$bin" --programs "$tmp/small.programs" \
    sweep --gen small-gen --solve bfs --grids 2,5 --seeds 1
grep -q "small-gen refuses a 2x2 grid (it declares so)" "$tmp/err" || bad "sweep refuses: $(cat "$tmp/err")"
expect 0 "--skip-unsupported drops it" "$bin" --programs "$tmp/small.programs" \
    sweep --gen small-gen --solve bfs --grids 2,5 --seeds 1 --skip-unsupported
grep -q '^small-gen,1,[^,]*,ortho,2,' "$tmp/out" && bad "sweep refuses: a 2x2 row: $(cat "$tmp/out")"
grep -q '^small-gen,1,[^,]*,ortho,5,5,25,' "$tmp/out" || bad "sweep refuses: no 5x5 row: $(cat "$tmp/out")"
grep -q "too small" "$tmp/err" && bad "sweep refuses: the program ran on a refused grid: $(cat "$tmp/err")"
for decl in "rows<" "rows<x" "size<3" "rows=3" "blob:rows<3" "-"; do
    { cat "$tmp/small0.programs"; echo "refuses = $decl"; } >"$tmp/badref.programs"
    expect 2 "refuses = $decl" "$bin" --programs "$tmp/badref.programs" list
    grep -q "badref.programs:5: refuses: " "$tmp/err" || bad "refuses = $decl: $(cat "$tmp/err")"
done

# ---- refused at load ----
# Every test plugin's entry list has no NULL end: nalgos bounds it.
expect 0 "a list without a NULL end" "$bin" --plugin "$dir/test_plugin_none.so" list
grep -q '^  bad-gen ' "$tmp/out" || bad "a list without a NULL end: bad-gen not listed"
expect 2 "ABI 1 (no count)" "$bin" --plugin "$dir/test_plugin_oldabi.so" list
grep -q "ABI 1, whose entry list has no count.*rebuild" "$tmp/err" || bad "ABI 1: $(cat "$tmp/err")"
expect 2 "a count past the list" "$bin" --plugin "$dir/test_plugin_many.so" list
grep -q "256 entries (at most 255)" "$tmp/err" || bad "a count past the list: $(cat "$tmp/err")"
# names, choices and columns a spec or a CSV cannot carry; control characters
for decl in "comma:column 1 ('bad,col') has the character ','" \
         "newline:column 1 ('new.x0aline') has the character .x0a" \
         "choice:parameter 'style' has choice 2 ('a,b') that has the character ','" \
         "equals:parameter 1 ('k=v') has the character '='" \
         "esc:its summary has the control character .x1b" \
         "pname:its name has the control character .x1b"; do
    f=${decl%%:*} needle=${decl#*:}
    expect 2 "declared $f" "$bin" --plugin "$dir/test_plugin_$f.so" list
    grep -q "$needle" "$tmp/err" || bad "declared $f: not '$needle': $(cat "$tmp/err")"
    grep -q "$(printf '\033')" "$tmp/out" "$tmp/err" && bad "declared $f: an ESC reached the terminal"
done
expect 2 "another ABI" "$bin" --plugin "$dir/test_plugin_abi.so" list
grep -q "ABI 99, this mazebench loads ABI 2" "$tmp/err" || bad "another ABI: $(cat "$tmp/err")"
expect 2 "a taken name" "$bin" --plugin "$dir/test_plugin_clash.so" list
grep -q "named 'dfs' exists already" "$tmp/err" || bad "a taken name: $(cat "$tmp/err")"
expect 2 "a kind out of range" "$bin" --plugin "$dir/test_plugin_kind.so" list
grep -q "has kind 7" "$tmp/err" || bad "a kind out of range: $(cat "$tmp/err")"
expect 2 "another struct size" "$bin" --plugin "$dir/test_plugin_size.so" list
grep -q "sizeof(mz_algo)" "$tmp/err" || bad "another struct size: $(cat "$tmp/err")"
expect 2 "no plugin function" "$bin" --plugin "$dir/test_plugin_nosym.so" list
grep -q "no function mazebench_plugin()" "$tmp/err" || bad "no plugin function: $(cat "$tmp/err")"
expect 2 "a missing file" "$bin" --plugin "$tmp/none.so" list
echo 'not a library' >"$tmp/text.so"
expect 2 "not a library" "$bin" --plugin "$tmp/text.so" list
expect 2 "loaded twice" "$bin" --plugin "$example" --plugin "$example" list
cp "$dir/test_plugin_none.so" "$tmp/base.so"
ln -s base.so "$tmp/link.so"
expect_run=in_tmp
in_tmp() { abs=$(cd "$(dirname "$1")" && pwd)/$(basename "$1"); shift; (cd "$tmp" && "$abs" "$@"); }
expect 2 "loaded twice, no slash" "$bin" --plugin base.so --plugin base.so list
grep -q "plugin base.so: loaded twice" "$tmp/err" || bad "loaded twice, no slash: $(cat "$tmp/err")"
expect 2 "loaded twice, another name" "$bin" --plugin base.so --plugin ./link.so list
grep -q "plugin ./link.so: loaded twice (the file ./base.so" "$tmp/err" ||
    bad "loaded twice, another name: $(cat "$tmp/err")"
expect_run=
# not a regular file: refused before anything opens it for reading
mkfifo "$tmp/fifo.so" 2>/dev/null && command -v timeout >/dev/null 2>&1 && {
    expect 2 "a FIFO" timeout 20 "$bin" --plugin "$tmp/fifo.so" list
    grep -q "not a regular file (a FIFO)" "$tmp/err" || bad "a FIFO: $(cat "$tmp/err")"
}
expect 2 "a device" "$bin" --plugin /dev/zero list
grep -q "not a regular file" "$tmp/err" || bad "a device: $(cat "$tmp/err")"
expect 2 "a directory" "$bin" --plugin "$tmp" list
# the example cut short anywhere: one line and exit 2, never a signal
size=$(wc -c <"$example")
for n in 0 16 63 64 200 1000 2000 3000 4000 5000 6000 7000 8000 9000 10000 $((size / 2)) \
         $((size - 4096)) $((size - 1)); do
    head -c "$n" "$example" >"$tmp/cut.so"
    expect 2 "the example cut to $n bytes" "$bin" --plugin "$tmp/cut.so" list
    grep -qE "cut short: its headers and segments need $size bytes, the file has $n\$|not a shared library" \
        "$tmp/err" || bad "cut to $n: $(cat "$tmp/err")"
done
expect 2 "no file name" "$bin" list --plugin
expect 2 "an empty file name" "$bin" list --plugin=

# ---- vet's usage ----
expect 2 "vet, nothing added" "$bin" vet
expect 2 "vet an unknown name" "$bin" vet no-such-entry
expect 2 "vet --timeout 0" "$bin" --plugin "$example" vet --timeout 0
expect 2 "vet --all and a name" "$bin" vet --all dfs
expect 2 "vet, an unknown option" "$bin" vet --bogus
expect 0 "vet --help" "$bin" vet --help

[ "$fails" = 0 ] || { echo "$fails vet test(s) failed"; exit 1; }
echo "vet: all tests passed"
