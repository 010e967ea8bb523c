#!/bin/sh
# Build the Debian binary package of this tree:
#   sh scripts/package.sh [BUILD]     -> BUILD/mazebench_VERSION_ARCH.deb
# BUILD is the optimised build folder, build/ by default (configured as
# Release when it is new). The package holds what the install rules
# install (cmake/package.cmake: CPack's DEB generator, under /usr), its
# dependencies computed from the binaries (dpkg-shlibdeps: dpkg-dev and
# file must be installed; scripts/setup.sh installs them). Install it with
#   sudo apt install ./BUILD/mazebench_VERSION_ARCH.deb
# Only the package is written, into BUILD (and CPack's staging folder
# BUILD/_CPack_Packages); nothing under results/. Prints the package's
# path on stdout.
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
jobs=${MZ_JOBS:-$(nproc 2>/dev/null || echo 2)}

for tool in dpkg-shlibdeps file; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "package: $tool is missing (Debian packages dpkg-dev and file; scripts/setup.sh installs them)" >&2
        exit 1
    fi
done

if [ -f "$build/CMakeCache.txt" ]; then
    cmake -S . -B "$build" >/dev/null
else
    cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
if ! grep -q '^CMAKE_BUILD_TYPE:STRING=Release$' "$build/CMakeCache.txt"; then
    echo "package: $build is not a Release build (cmake -S . -B $build -DCMAKE_BUILD_TYPE=Release)" >&2
    exit 1
fi
if grep -q '^MZ_SANITIZE:BOOL=ON$' "$build/CMakeCache.txt"; then
    echo "package: $build is built with sanitizers (MZ_SANITIZE=ON): use an optimised build folder" >&2
    exit 1
fi
# What the package installs: the top-level targets (the CLI, the
# libraries, the man pages), not the tests or the benchmarks.
cmake --build "$build" -j "$jobs" --target mz_package_inputs >/dev/null
(cd "$build" && cpack -G DEB >cpack.log 2>&1) || {
    cat "$build/cpack.log" >&2
    echo "package: cpack failed (the log is above)" >&2
    exit 1
}
deb=$(sed -n 's/^CPack: - package: \(.*\.deb\) generated\.$/\1/p' "$build/cpack.log")
if [ -z "$deb" ] || [ ! -f "$deb" ]; then
    cat "$build/cpack.log" >&2
    echo "package: cpack wrote no .deb" >&2
    exit 1
fi
echo "$deb"
