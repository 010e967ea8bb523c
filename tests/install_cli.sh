#!/bin/sh
# install_cli.sh - mazebench installed and used as a user installs and uses
# it (docs/install.md). 'cmake --install' of a build folder into a
# temporary prefix, then, from the prefix only (no include path into the
# source tree):
#   - the tree: bin/mazebench, include/ with exactly the public headers
#     (src/mazebench*.h), libmazebench.a, libmazebench.so and its soname
#     link, the CMake package and mazebench.pc;
#   - the shared library: its soname libmazebench.so.ABI (MZ_ABI_VERSION of
#     the header), and the symbols it exports are exactly the functions and
#     objects the installed headers declare MZ_API (no mzu_/mzx_ helper,
#     nothing else);
#     the static library is position-independent (it links into a shared
#     object);
#   - find_package(mazebench CONFIG): tests/install/consumer builds
#     examples/embed.c against mazebench::mazebench, static and shared
#     (MAZEBENCH_SHARED), which prints what tests/example_embed.sh wants;
#     none of the project's warning or floating-point flags reach it; the
#     version file refuses another version;
#   - pkg-config: the same program through mazebench.pc, shared and static
#     (Libs.private and Requires.private complete);
#   - a plugin (examples/plugin/plugin_example.c) built against the
#     installed headers, with CMake (mazebench::cli) and with pkg-config,
#     loaded by the installed CLI: 'list' names its entries and its
#     plugin-dfs makes the built-in dfs's maze;
#   - a program that dlopens the installed shared library and calls
#     mz_version() and a generator through dlsym;
#   - the installed CLI's 'check' of a committed sweep (data/sweep-small.csv);
#   - tests/install/subproject: add_subdirectory of the source tree into a
#     project of its own: its target gets no -Wall, -Wswitch-enum or
#     -ffp-contract (compile_commands.json), its build type is not set for
#     it, the tests and benchmarks are off;
#   - the man pages (each renders with 'man --warnings -l' and no warning)
#     and the bash completion (sourced by bash without an error; then
#     tests/options_cli.sh on the installed CLI, pages and completion).
# Usage: sh tests/install_cli.sh BUILD   (a configured build folder; its
# target mz_install_inputs is built first). MZ_KEEP=1 keeps the prefix.
set -u
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/.." && pwd)
b=${1:?usage: sh tests/install_cli.sh BUILD}
b=$(cd "$b" && pwd)
t=$(mktemp -d)
tmp=$t
[ -n "${MZ_KEEP:-}" ] && echo "install_cli: keeping $t" >&2 || trap 'rm -rf "$t"' EXIT
P=$t/prefix
cc=${CC:-cc}

cmake --build "$b" --target mz_install_inputs -j "${MZ_JOBS:-2}" >"$t/build.log" 2>&1 ||
    { cat "$t/build.log"; echo "FAIL: building $b"; exit 1; }
cmake --install "$b" --prefix "$P" >"$t/install.log" 2>&1 ||
    { cat "$t/install.log"; echo "FAIL: cmake --install $b"; exit 1; }
abi=$(sed -n 's/^#define MZ_ABI_VERSION[ \t]*\([0-9]*\).*/\1/p' "$root/src/mazebench.h")
abi=${abi:-1}
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$b/CMakeCache.txt")

# ---- the tree ----
lib=
for d in lib lib64 lib/*-linux-gnu*; do
    [ -f "$P/$d/libmazebench.a" ] && lib=$P/$d
done
[ -n "$lib" ] || { find "$P" | sort; echo "FAIL: no libmazebench.a under $P"; exit 1; }
for f in bin/mazebench "${lib#"$P"/}/libmazebench.so" "${lib#"$P"/}/libmazebench.so.$abi" \
    "${lib#"$P"/}/cmake/mazebench/mazebench-config.cmake" \
    "${lib#"$P"/}/cmake/mazebench/mazebench-config-version.cmake" \
    "${lib#"$P"/}/cmake/mazebench/mazebench-targets.cmake" \
    "${lib#"$P"/}/pkgconfig/mazebench.pc"; do
    [ -e "$P/$f" ] || bad "not installed: $f"
done
want=$(cd "$root/src" && ls mazebench*.h)
have=$(ls "$P/include")
[ "$want" = "$have" ] || bad "include/ holds '$(echo $have)', not the public headers '$(echo $want)'"

# ---- the shared library: soname, exports; the static one is PIC ----
so=$lib/libmazebench.so.$abi
soname=$(readelf -d "$so" 2>/dev/null | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libmazebench.so.$abi" ] || bad "soname '$soname', expected libmazebench.so.$abi"
nm -D --defined-only "$so" | awk '$2 ~ /^[TDRBVWiu]$/ { print $3 }' | sed 's/@.*//' | sort -u \
    >"$t/exported"
n=$(wc -l <"$t/exported")
[ "$n" -gt 50 ] || bad "the shared library exports $n symbols"
# The names the installed headers declare MZ_API: a function (the name
# before the first '(') or an object (before '[' or ';').
grep -h 'MZ_API' "$P"/include/*.h | grep -v '^#' |
    sed -n 's/.*MZ_API[^([;]*[^a-z0-9_]\(mz_[a-z0-9_]*\) *[([;].*/\1/p' | sort -u >"$t/declared"
while read -r s; do
    case $s in
    mz_*) grep -qx "$s" "$t/declared" ||
        bad "exported but declared MZ_API in no installed header: $s" ;;
    *) bad "exported, not a public name: $s" ;;
    esac
done <"$t/exported"
while read -r s; do
    grep -qx "$s" "$t/exported" || bad "declared MZ_API but not exported by the shared library: $s"
done <"$t/declared"
echo "install_cli: libmazebench.so.$abi exports $n symbols" >&2
"$cc" -shared -o "$t/pic.so" -Wl,--whole-archive "$lib/libmazebench.a" -Wl,--no-whole-archive \
    2>"$t/err" || bad "libmazebench.a does not link into a shared object (not PIC): $(head -3 "$t/err")"

# ---- find_package: static and shared ----
for shared in OFF ON; do
    c=$t/consumer-$shared
    mkdir -p "$c"
    cp "$root/tests/install/consumer/CMakeLists.txt" "$root/examples/embed.c" "$c/"
    if cmake -S "$c" -B "$c/build" -DCMAKE_PREFIX_PATH="$P" -DMAZEBENCH_SHARED=$shared \
        -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >"$t/log" 2>&1 &&
        cmake --build "$c/build" >>"$t/log" 2>&1; then
        sh "$root/tests/example_embed.sh" "$c/build/embed" || bad "find_package ($shared): embed's output"
        needs=$(readelf -d "$c/build/embed" | grep -c "libmazebench\.so\.$abi")
        case $shared in
        ON) [ "$needs" = 1 ] || bad "MAZEBENCH_SHARED=ON: embed does not load libmazebench.so.$abi" ;;
        OFF) [ "$needs" = 0 ] || bad "MAZEBENCH_SHARED=OFF: embed loads the shared library" ;;
        esac
        grep -q -- '-Wall\|-Wswitch-enum\|-ffp-contract' "$c/build/compile_commands.json" &&
            bad "find_package ($shared): the project's flags reach the consumer: $(grep '"command"' "$c/build/compile_commands.json")"
        grep -q -- "$root" "$c/build/compile_commands.json" &&
            bad "find_package ($shared): the consumer's compile names the source tree"
    else
        cat "$t/log"
        bad "find_package (MAZEBENCH_SHARED=$shared): the consumer does not build"
    fi
done
# The version file: this version is found, another major or minor is not.
cat >"$t/version.cmake" <<EOF
set(PACKAGE_FIND_VERSION \${V})
string(REPLACE "." ";" _v \${V})
list(GET _v 0 PACKAGE_FIND_VERSION_MAJOR)
list(GET _v 1 PACKAGE_FIND_VERSION_MINOR)
list(GET _v 2 PACKAGE_FIND_VERSION_PATCH)
set(PACKAGE_FIND_VERSION_COUNT 3)
set(CMAKE_SIZEOF_VOID_P 8)
include("$lib/cmake/mazebench/mazebench-config-version.cmake")
message("\${PACKAGE_VERSION_COMPATIBLE}")
EOF
ok=$(cmake -DV="$version" -P "$t/version.cmake" 2>&1)
[ "$ok" = TRUE ] || bad "the version file refuses its own version $version: $ok"
no=$(cmake -DV=99.0.0 -P "$t/version.cmake" 2>&1)
[ "$no" != TRUE ] || bad "the version file takes version 99.0.0"

# ---- pkg-config: shared and static ----
if command -v pkg-config >/dev/null 2>&1; then
    export PKG_CONFIG_PATH="$lib/pkgconfig"
    [ "$(pkg-config --modversion mazebench)" = "$version" ] ||
        bad "pkg-config --modversion: $(pkg-config --modversion mazebench 2>&1), expected $version"
    cflags=$(pkg-config --cflags mazebench)
    case $cflags in *-W* | *-f*) bad "pkg-config --cflags carries the project's flags: $cflags" ;; esac
    # shellcheck disable=SC2046
    "$cc" -std=c11 $cflags -o "$t/embed-pc" "$root/examples/embed.c" $(pkg-config --libs mazebench) \
        -Wl,-rpath,"$lib" 2>"$t/err" || bad "pkg-config, shared: $(cat "$t/err")"
    [ -x "$t/embed-pc" ] && { sh "$root/tests/example_embed.sh" "$t/embed-pc" || bad "pkg-config, shared: output"; }
    static=$(pkg-config --static --libs mazebench | sed 's/-lmazebench/-l:libmazebench.a/')
    # shellcheck disable=SC2086
    "$cc" -std=c11 $cflags -o "$t/embed-pc-static" "$root/examples/embed.c" $static 2>"$t/err" ||
        bad "pkg-config --static: $(head -5 "$t/err")"
    [ -x "$t/embed-pc-static" ] && {
        sh "$root/tests/example_embed.sh" "$t/embed-pc-static" || bad "pkg-config, static: output"
        readelf -d "$t/embed-pc-static" | grep -q libmazebench && bad "pkg-config, static: loads the shared library"
    }
    # A plugin with pkg-config's flags alone.
    # shellcheck disable=SC2086
    "$cc" -std=c11 -O2 -fPIC -shared $cflags -o "$t/plugin-pc.so" \
        "$root/examples/plugin/plugin_example.c" 2>"$t/err" || bad "plugin with pkg-config: $(cat "$t/err")"
else
    echo "install_cli: no pkg-config: mazebench.pc is not used" >&2
fi

# ---- a plugin with CMake, loaded by the installed CLI ----
pl=$t/plugin
mkdir -p "$pl"
cp "$root/tests/install/plugin/CMakeLists.txt" "$root/examples/plugin/plugin_example.c" "$pl/"
if cmake -S "$pl" -B "$pl/build" -DCMAKE_PREFIX_PATH="$P" -DCMAKE_BUILD_TYPE=Release >"$t/log" 2>&1 &&
    cmake --build "$pl/build" >>"$t/log" 2>&1; then
    readelf -d "$pl/build/myplugin.so" | grep -q libmazebench && bad "the CMake plugin links the library"
    for so_file in "$pl/build/myplugin.so" "$t/plugin-pc.so"; do
        [ -f "$so_file" ] || continue
        "$P/bin/mazebench" --plugin "$so_file" list >"$t/out" 2>"$t/err" ||
            bad "installed mazebench --plugin $so_file list: $(cat "$t/err")"
        grep -q '^ *plugin-dfs ' "$t/out" && grep -q '^ *plugin-bfs ' "$t/out" ||
            bad "list with $(basename "$so_file"): no plugin-dfs and plugin-bfs"
        "$P/bin/mazebench" --plugin "$so_file" gen plugin-dfs --grid hex:7x9 --seed 5 >"$t/p" 2>"$t/err" ||
            bad "gen plugin-dfs: $(cat "$t/err")"
        "$P/bin/mazebench" gen dfs --grid hex:7x9 --seed 5 >"$t/d" 2>&1
        # (seed, source, shape, size, figures and digest: the columns up to digest)
        [ "$(tail -1 "$t/p" | cut -d, -f2-14)" = "$(tail -1 "$t/d" | cut -d, -f2-14)" ] ||
            bad "plugin-dfs ($(basename "$so_file")) and dfs differ: $(tail -1 "$t/p") / $(tail -1 "$t/d")"
    done
else
    cat "$t/log"
    bad "the plugin does not build against the installed package"
fi

# ---- dlopen of the shared library ----
if "$cc" -std=c11 -I"$P/include" -o "$t/dlopen" "$root/tests/install/dlopen.c" -ldl 2>"$t/err"; then
    "$t/dlopen" "$so" >"$t/out" 2>"$t/err" || bad "dlopen: $(cat "$t/err")"
    grep -qx "maze hex:12x16 digest 8a504433e519cbeb" "$t/out" || bad "dlopen: the maze: $(cat "$t/out")"
    grep -q "^version $version" "$t/out" || bad "dlopen: mz_version(): $(head -1 "$t/out"), expected $version"
else
    bad "dlopen.c does not compile against the installed header: $(head -5 "$t/err")"
fi

# ---- the installed CLI's check of a committed sweep ----
(cd "$t" && "$P/bin/mazebench" check "$root/data/sweep-small.csv") >"$t/out" 2>"$t/err" ||
    bad "installed mazebench check data/sweep-small.csv: $(cat "$t/out" "$t/err" | tail -5)"

# ---- add_subdirectory: nothing of the project's settings reaches the consumer ----
s=$t/sub
mkdir -p "$s"
cp "$root/tests/install/subproject/CMakeLists.txt" "$root/examples/embed.c" "$s/"
if cmake -S "$s" -B "$s/build" -DMAZEBENCH_SOURCE="$root" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
    >"$t/log" 2>&1; then
    bt=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$s/build/CMakeCache.txt")
    [ -z "$bt" ] || bad "add_subdirectory: the build type is set for the consumer: '$bt'"
    for o in MZ_TESTS MZ_BENCH MZ_EXAMPLES MZ_INSTALL; do
        grep -q "^$o:BOOL=OFF" "$s/build/CMakeCache.txt" || bad "add_subdirectory: $o is not off"
    done
    [ -e "$s/build/mazebench/tests" ] && bad "add_subdirectory: the tests are configured"
    awk -v f="$s/embed.c" 'index($0, "\"file\": \"" f "\"") { print prev } { prev = $0 }' \
        "$s/build/compile_commands.json" >"$t/cmd"
    [ -s "$t/cmd" ] || bad "add_subdirectory: no compile command for the consumer's embed.c"
    grep -q -- '-Wall\|-Wextra\|-Wswitch-enum\|-ffp-contract\|-Werror' "$t/cmd" &&
        bad "add_subdirectory: the project's flags reach the consumer: $(cat "$t/cmd")"
    # ... and the library itself is still compiled with them.
    grep -q -- '-Wswitch-enum' "$s/build/compile_commands.json" ||
        bad "add_subdirectory: the library lost its own flags"
else
    cat "$t/log"
    bad "add_subdirectory: the consumer does not configure"
fi

# ---- man pages and completion: installed, and working from the prefix ----
found=0
for m in $(find "$P/share/man" -type f -name '*.[1-9]*' 2>/dev/null | sort); do
    found=$((found + 1))
    MANWIDTH=80 man --warnings -l "$m" >/dev/null 2>"$t/err" || bad "man -l $m fails"
    [ -s "$t/err" ] && bad "man --warnings -l $(basename "$m"): $(head -3 "$t/err")"
done
[ "$found" -gt 0 ] || bad "share/man holds no page"
comp=$P/share/bash-completion/completions/mazebench
if [ -f "$comp" ]; then
    bash -c ". '$comp'" >"$t/out" 2>&1 || bad "bash cannot source the completion: $(cat "$t/out")"
    [ -s "$t/out" ] && bad "sourcing the completion prints: $(head -3 "$t/out")"
    # The installed CLI, pages and completion against the option tables:
    # every command's options, each page's, completion of commands,
    # options and generator names (tests/options_cli.sh).
    sh "$root/tests/options_cli.sh" "$P/bin/mazebench" "$P/share/man/man1" "$comp" >"$t/out" 2>&1 ||
        bad "options_cli on the installed copies: $(tail -5 "$t/out")"
else
    bad "no bash completion installed"
fi

[ "$fails" = 0 ] || { echo "install_cli: $fails failure(s)"; exit 1; }
echo "install_cli: ok" >&2
