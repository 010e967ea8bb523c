#!/bin/sh
# The Debian package, as a user gets it: scripts/package.sh builds it from
# an optimised build folder (default build/), then
#   - its name is mazebench_VERSION_ARCH.deb, VERSION the project's (the
#     CLI's --version), ARCH dpkg's architecture, and it lies in the build
#     folder;
#   - its control fields (dpkg-deb -I): package, version, architecture,
#     maintainer, section, a description, dependencies computed from the
#     binaries (libc6 at least);
#   - its files (dpkg-deb -c): the CLI, every public header (src/mazebench*.h),
#     the static and the shared library with its soname link, the CMake
#     package and the pkg-config file, every man page the build generated,
#     the copyright and the changelog; everything owned by root, nothing
#     outside /usr;
#   - unpacked into a temporary root (dpkg -x), no file names the source or
#     the build folder (no build paths, binaries included), the pkg-config
#     file's prefix is found from its own place, and the CLI runs from
#     there: gen, and check on a committed sweep;
#   - apt accepts it (apt-get install --simulate: its dependencies resolve);
#   - lintian finds no error in it (its output is printed).
#
#   sh tests/package_cli.sh [BUILD]      # default build/
set -eu
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."
build=${1:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

deb=$(sh scripts/package.sh "$build") || { echo "FAIL: scripts/package.sh $build"; exit 1; }
[ -f "$deb" ] || { echo "FAIL: scripts/package.sh printed '$deb', no such file"; exit 1; }

version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
arch=$(dpkg --print-architecture)
cli_version=$("$build/mazebench" --version | sed -n '1s/^mazebench \([0-9][0-9.]*\).*/\1/p')
[ "$cli_version" = "$version" ] || bad "the CLI says version '$cli_version', the project '$version'"
[ "$(cd "$(dirname "$deb")" && pwd)" = "$(cd "$build" && pwd)" ] || bad "$deb is not in $build"
[ "$(basename "$deb")" = "mazebench_${version}_${arch}.deb" ] ||
    bad "package named $(basename "$deb"), expected mazebench_${version}_${arch}.deb"

# Control fields.
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = mazebench ] || bad "Package: $(field Package)"
[ "$(field Version)" = "$version" ] || bad "Version: $(field Version), expected $version"
[ "$(field Architecture)" = "$arch" ] || bad "Architecture: $(field Architecture), expected $arch"
for f in Maintainer Section Priority Description Installed-Size; do
    [ -n "$(field "$f")" ] || bad "no $f field"
done
field Maintainer | grep -q '<.*@.*>' || bad "Maintainer has no address: $(field Maintainer)"
field Depends | grep -q 'libc6 (>= ' || bad "Depends does not name libc6 with a version: '$(field Depends)'"
[ "$(field Description | wc -l)" -ge 3 ] || bad "Description has no long text"

# Files.
dpkg-deb -c "$deb" >"$tmp/list"
awk '{ p = $6; sub(/^\./, "", p); print $2, p }' "$tmp/list" >"$tmp/files"
awk '$1 != "root/root" { print "FAIL: not owned by root: " $0 }' "$tmp/files"
fails=$((fails + $(awk '$1 != "root/root"' "$tmp/files" | wc -l)))
awk '$2 !~ /^\/usr(\/|$)/ { print "FAIL: outside /usr: " $2 }' "$tmp/files"
fails=$((fails + $(awk '$2 !~ /^\/usr(\/|$)/' "$tmp/files" | wc -l)))
has() { grep -Eq "^root/root $1\$" "$tmp/files" || bad "the package has no $2 ($1)"; }
has '/usr/bin/mazebench' "CLI"
for h in src/mazebench*.h; do
    has "/usr/include/$(basename "$h")" "public header"
done
[ "$(grep -Ec '^root/root /usr/include/.*[^/]$' "$tmp/files")" = "$(ls src/mazebench*.h | wc -l)" ] ||
    bad "usr/include holds other files than the public headers: $(grep -E ' /usr/include/.*[^/]$' "$tmp/files" | tr '\n' ' ')"
has '/usr/lib(/[a-z0-9_-]+)?/libmazebench\.a' "static library"
has '/usr/lib(/[a-z0-9_-]+)?/libmazebench\.so\.[0-9]+.*' "shared library"
grep -Eq ' \./usr/lib(/[a-z0-9_-]+)?/libmazebench\.so -> ' "$tmp/list" || bad "no libmazebench.so link"
has '/usr/lib(/[a-z0-9_-]+)?/cmake/mazebench/mazebench-config\.cmake' "CMake package"
has '/usr/lib(/[a-z0-9_-]+)?/pkgconfig/mazebench\.pc' "pkg-config file"
has '/usr/share/doc/mazebench/copyright' "copyright file"
has '/usr/share/doc/mazebench/changelog(\.Debian)?\.gz' "changelog"
has '/usr/share/man/man1/mazebench\.1\.gz' "man page"
if [ -d "$build/man" ]; then
    for m in "$build"/man/*.1; do
        [ -f "$m" ] || continue
        has "/usr/share/man/man1/$(basename "$m")\\.gz" "man page"
    done
fi

# Unpacked: no build paths, the pkg-config prefix, the CLI.
root=$tmp/root
dpkg -x "$deb" "$root"
src_dir=$(pwd)
build_dir=$(cd "$build" && pwd)
for p in "$src_dir" "$build_dir"; do
    hits=$(grep -rlaF "$p" "$root" || true)
    [ -z "$hits" ] || bad "files naming $p: $(echo "$hits" | sed "s|^$root||" | tr '\n' ' ')"
done
pc=$(find "$root/usr/lib" -name mazebench.pc | head -n 1)
if [ -n "$pc" ]; then
    grep -q '^prefix=${pcfiledir}/' "$pc" || grep -q '^prefix=/usr$' "$pc" ||
        bad "mazebench.pc's prefix is neither /usr nor its own place: $(grep '^prefix=' "$pc")"
fi
libdirs=$(find "$root/usr/lib" -name 'libmazebench.so*' -exec dirname {} \; | sort -u | tr '\n' ':')
cli() { LD_LIBRARY_PATH="$libdirs${LD_LIBRARY_PATH:-}" "$root/usr/bin/mazebench" "$@"; }
expect_run=cli
expect 0 "gen from the package" -- gen dfs --size 31 --seed 464
grep -q 'dead_ends' "$tmp/out" || bad "gen printed no figures: $(cat "$tmp/out")"
expect 0 "check from the package" -- check data/sweep-small.csv --junit "$tmp/check.xml"
grep -q 'all [0-9]* rows match' "$tmp/out" || bad "check: $(cat "$tmp/out")"
[ -s "$tmp/check.xml" ] || bad "check wrote no JUnit report"
expect 0 "--version from the package" -- --version
grep -q "^mazebench $version" "$tmp/out" || bad "--version: $(cat "$tmp/out")"

# apt accepts it: its dependencies resolve on this machine.
if ! apt-get install --simulate -qq "$deb" >"$tmp/apt" 2>&1; then
    bad "apt-get install --simulate $deb: $(cat "$tmp/apt")"
fi

# lintian: no error (warnings are printed, and are not failures).
if command -v lintian >/dev/null 2>&1; then
    st=0
    lintian --fail-on error --tag-display-limit 0 "$deb" >"$tmp/lintian" 2>&1 || st=$?
    grep -v '^running with root privileges' "$tmp/lintian" | sed 's/^/lintian: /'
    [ "$st" = 0 ] || bad "lintian found errors (exit $st)"
    grep -q '^E: ' "$tmp/lintian" && bad "lintian printed errors"
else
    bad "lintian is not installed (scripts/setup.sh installs it)"
fi

if [ "$fails" -ne 0 ]; then
    echo "package: $fails failures ($deb)"
    exit 1
fi
echo "package: $(basename "$deb"): $(grep -c . "$tmp/files") entries, lintian without errors"
