/*
 * common.c - what every solver shares: the prologue (clear the solution,
 * check or resolve the cells it starts and ends at) and the path reversal.
 * Declared in core/internal.h; the conventions are in docs/extending.md.
 */
#include "../core/internal.h"

mz_status mz_solve_begin(const mz_grid *g, mz_solution *sol)
{
    mz_solution_clear(sol);
    if (g->entrance >= g->cells || g->exit >= g->cells)
        return MZ_EINVAL;
    return MZ_OK;
}

mz_status mz_solve_begin_from(const mz_grid *g, mz_solution *sol, double v, mz_idx *start)
{
    mz_status s = mz_solve_begin(g, sol);
    if (s != MZ_OK)
        return s;
    *start = mz_cell_resolve(g, v);
    return *start == MZ_NONE || *start >= g->cells ? MZ_EINVAL : MZ_OK;
}

void mz_path_reverse(mz_solution *sol)
{
    if (sol->path_len < 2)
        return;
    for (uint64_t a = 0, b = sol->path_len - 1; a < b; a++, b--) {
        mz_idx tmp = sol->path[a];
        sol->path[a] = sol->path[b];
        sol->path[b] = tmp;
    }
}
