/*
 * solve_common.c - what every solver shares, in the core beneath them: the
 * prologue (clear the solution, check or resolve the cells it starts and
 * ends at), the walk back along ring codes (square cells or ports of any
 * shape) and the path reversal. Declared in internal.h; the conventions
 * are in docs/extending.md.
 */
#include "internal.h"

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

/* mz_walk_rings on a grid of another shape: the ports in order 0.. instead
 * of N E S W. */
MZ_NOINLINE static int64_t walk_rings_ports(const mz_grid *g, const uint8_t *walls, mz_idx from, mz_idx to,
                                mz_mark_fn mark, const void *marks, bool push, mz_solution *sol,
                                mz_status *s)
{
    static const unsigned prev_code[4] = MZ_RING_PREV;
    int64_t steps = 0;
    mz_idx i = from;
    while (i != to && *s == MZ_OK) {
        unsigned v = mark(marks, i);
        unsigned want = prev_code[v & 3] | (v & ~3u);
        unsigned open = (unsigned)~walls[i] & mz_shape_walls(g->shape);
        mz_idx next = MZ_NONE;
        while (open && next == MZ_NONE) {
            unsigned p = (unsigned)__builtin_ctz(open);
            open &= open - 1;
            mz_idx n = mz_port_nbr(g, i, p);
            if (n != MZ_NONE && mark(marks, n) == want)
                next = n;
        }
        if (next == MZ_NONE)
            return -1;
        i = next;
        steps++;
        if (push)
            *s = mz_solution_push(sol, i);
    }
    return steps;
}

int64_t mz_walk_rings(const mz_grid *g, const uint8_t *walls, bool fast, mz_idx from, mz_idx to,
                      mz_mark_fn mark, const void *marks, bool push, mz_solution *sol,
                      mz_status *s)
{
    static const unsigned prev_code[4] = MZ_RING_PREV;
    if (g->shape != MZ_SHAPE_ORTHO)
        return walk_rings_ports(g, walls, from, to, mark, marks, push, sol, s);
    int64_t delta[4];
    mz_dir_deltas(g, delta);
    int64_t steps = 0;
    mz_idx i = from;
    while (i != to && *s == MZ_OK) {
        unsigned v = mark(marks, i);
        unsigned want = prev_code[v & 3] | (v & ~3u);
        unsigned open = ~walls[i] & MZ_WALLS;
        mz_idx next = MZ_NONE;
        for (unsigned d = 0; d < 4 && next == MZ_NONE; d++) {
            if (!(open & (1u << d)))
                continue;
            mz_idx n = mz_dir_step(g, fast, delta, i, d);
            if (n != MZ_NONE && mark(marks, n) == want)
                next = n;
        }
        if (next == MZ_NONE)
            return -1;
        i = next;
        steps++;
        if (push)
            *s = mz_solution_push(sol, i);
    }
    return steps;
}

mz_status mz_route_back(const mz_grid *g, const uint8_t *walls, bool fast, mz_mark_fn mark,
                        const void *marks, mz_solution *sol)
{
    mz_status s = MZ_OK;
    if (sol->want_path)
        s = mz_solution_push(sol, g->exit);
    int64_t steps = s == MZ_OK ? mz_walk_rings(g, walls, fast, g->exit, g->entrance, mark, marks,
                                               sol->want_path, sol, &s)
                               : 0;
    if (s != MZ_OK)
        return s;
    if (steps < 0)
        return MZ_EINVAL; /* walls that disagree: no way back */
    sol->path_steps = steps;
    if (sol->want_path)
        mz_path_reverse(sol);
    return MZ_OK;
}
