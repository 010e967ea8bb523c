/*
 * embed.c - the library from a program of one's own, through
 * mazebench.h only: check that the header matches the library, generate
 * a maze, solve it, compute its figures, with NULL for every optional
 * argument. Prints two lines:
 *   maze hex:12x16 cells 192 passages 191 dead_ends ... digest ...
 *   solve bfs found 1 path_steps ...
 */
#include "mazebench.h"

#include <stdio.h>

int main(void)
{
    /* The header this was compiled against is the library's (docs/api.md):
     * the registry's look-ups check it too, this says why at once. */
    char err[400];
    if (MZ_ABI_CHECK(err, sizeof err) != MZ_OK) {
        fprintf(stderr, "embed: %s\n", err);
        return 1;
    }
    mz_spec spec;
    mz_stage solver;
    if (mz_spec_parse("dfs", &spec, NULL, 0) != MZ_OK ||
        mz_solver_parse("bfs", &solver, NULL, 0) != MZ_OK)
        return 1;
    const mz_dims geo = {MZ_SHAPE_HEX, 1, 12, 16};
    mz_grid g;
    mz_solution sol;
    mz_metrics m;
    mz_solution_init(&sol, false, NULL);
    mz_status s = mz_grid_init(&g, &geo, NULL);
    if (s == MZ_OK)
        s = mz_generate(&spec, 42, &geo, &g, NULL);
    if (s == MZ_OK)
        s = mz_solve(&solver, &g, NULL, &sol);
    if (s == MZ_OK)
        s = mz_metrics_compute(&g, 1, &m);
    if (s == MZ_OK) {
        printf("maze hex:12x16 cells %llu passages %llu dead_ends %llu route %lld digest %016llx\n",
               (unsigned long long)m.cells, (unsigned long long)m.passages,
               (unsigned long long)m.dead_ends, (long long)m.route, (unsigned long long)m.digest);
        printf("solve bfs found %d path_steps %lld\n", sol.found, (long long)sol.path_steps);
    } else {
        fprintf(stderr, "embed: %s\n", mz_status_str(s));
    }
    mz_solution_free(&sol);
    mz_grid_free(&g);
    return s != MZ_OK;
}
