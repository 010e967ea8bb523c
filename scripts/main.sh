#!/bin/sh
# Set up, build and run the main job.
set -eu
cd "$(dirname "$0")/.."

sh scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$jobs"

./build/mazebench solve bfs --gen dfs --seed 464 --size 31x31 --format ascii
