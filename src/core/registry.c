/*
 * registry.c - every algorithm the harness knows, in one table.
 *
 * To add an algorithm:
 *   1. write src/gen/NAME.c or src/solve/NAME.c with the algorithm as
 *      numbered steps in its header comment and one const mz_algo
 *      mz_algo_NAME (name, kind, summary, flags, params, columns, fn);
 *   2. declare it below and add it to mz_registry in its kind's group;
 *   3. add its golden figures or digests to data/ if it has published ones.
 * The CLI, the invariant tests, the sweep and the benchmarks iterate this
 * table: nothing else needs to change. (Sources are globbed by CMake.)
 */
#include "../mazebench.h"

extern const mz_algo mz_algo_dfs;
extern const mz_algo mz_algo_frontier;
extern const mz_algo mz_algo_kruskal;
extern const mz_algo mz_algo_treasure;
extern const mz_algo mz_algo_mainpath;
extern const mz_algo mz_algo_pacman;
extern const mz_algo mz_algo_braid;
extern const mz_algo mz_algo_bfs;
extern const mz_algo mz_algo_wall;
extern const mz_algo mz_algo_valley;
extern const mz_algo mz_algo_flood;
extern const mz_algo mz_algo_astar;

const mz_algo *const mz_registry[] = {
    /* generators */
    &mz_algo_dfs,
    &mz_algo_frontier,
    &mz_algo_kruskal,
    &mz_algo_treasure,
    &mz_algo_mainpath,
    &mz_algo_pacman,
    /* post-processors */
    &mz_algo_braid,
    /* solvers */
    &mz_algo_bfs,
    &mz_algo_wall,
    &mz_algo_valley,
    &mz_algo_flood,
    &mz_algo_astar,
    NULL,
};
