/*
 * path_check.c - is a list of cells a walk through the maze from the
 * entrance to the exit? (mz_path_check, docs/outside-solvers.md)
 *
 * The cells are walked once in order: each must lie on the grid, the
 * first be the entrance, each step join two cells through a port whose
 * wall is open on both sides (any port of the shape that leads there: a
 * weave's passage under a cell, a torus's or a wrapped row's seam), and
 * the last be the exit. The first fault met is reported with its place.
 * Two bits a cell count the cells the list holds more than once; the
 * shortest route is mz_route's breadth-first search (a bit a cell and a
 * queue), so the check runs on any grid size the library holds.
 */
#include "internal.h"

const char *mz_path_fault_name(mz_path_fault f)
{
    switch (f) {
    case MZ_PATH_OK: return "ok";
    case MZ_PATH_EMPTY: return "empty";
    case MZ_PATH_OFF_GRID: return "off-grid";
    case MZ_PATH_WRONG_START: return "wrong-start";
    case MZ_PATH_NOT_ADJACENT: return "not-adjacent";
    case MZ_PATH_WALL: return "wall-closed";
    case MZ_PATH_WRONG_END: return "wrong-end";
    case MZ_PATH_FAULT_COUNT: break;
    }
    return NULL;
}

/* The step a -> b: MZ_PATH_OK when some port of a leads to b with its wall
 * open on a's side and on b's, MZ_PATH_WALL when ports lead there but each
 * is closed on one side, MZ_PATH_NOT_ADJACENT when none does. */
static mz_path_fault step_fault(const mz_grid *g, unsigned ports, mz_idx a, mz_idx b)
{
    bool near = false;
    for (unsigned p = 0; p < ports; p++) {
        if (mz_port_nbr(g, a, p) != b)
            continue;
        near = true;
        if (g->c[a] & (1u << p))
            continue;
        unsigned q = mz_port_back(g, a, p);
        if (!(g->c[b] & (1u << q)))
            return MZ_PATH_OK;
    }
    return near ? MZ_PATH_WALL : MZ_PATH_NOT_ADJACENT;
}

mz_status mz_path_check(const mz_grid *g, const mz_idx *cells, uint64_t n, mz_path_verdict *v)
{
    if (!g || !v || (n > 0 && !cells))
        return MZ_EINVAL;
    v->valid = false;
    v->fault = MZ_PATH_OK;
    v->at = 0;
    v->steps = n ? n - 1 : 0;
    v->shortest = -1;
    v->excess = -1;
    v->revisits = 0;

    const int64_t route = mz_route(g, g->entrance, g->exit);
    if (route == -2)
        return MZ_ENOMEM;
    v->shortest = route;
    if (n == 0) {
        v->fault = MZ_PATH_EMPTY;
        return MZ_OK;
    }

    uint64_t *seen = mz_bits_new(g->mem, g->cells);
    uint64_t *again = mz_bits_new(g->mem, g->cells);
    if (!seen || !again) {
        mz_mem_free(g->mem, seen);
        mz_mem_free(g->mem, again);
        return MZ_ENOMEM;
    }
    const unsigned ports = mz_shape_ports(g->shape);
    mz_path_fault f = MZ_PATH_OK;
    uint64_t k = 0;
    for (; k < n; k++) {
        const mz_idx i = cells[k];
        if (i >= g->cells) {
            f = MZ_PATH_OFF_GRID;
            break;
        }
        if (k == 0 && i != g->entrance) {
            f = MZ_PATH_WRONG_START;
            break;
        }
        if (k > 0 && (f = step_fault(g, ports, cells[k - 1], i)) != MZ_PATH_OK)
            break;
        if (!mz_bit_get(seen, i)) {
            mz_bit_set(seen, i);
        } else if (!mz_bit_get(again, i)) {
            mz_bit_set(again, i);
            v->revisits++;
        }
    }
    mz_mem_free(g->mem, seen);
    mz_mem_free(g->mem, again);
    if (f == MZ_PATH_OK && cells[n - 1] != g->exit) {
        f = MZ_PATH_WRONG_END;
        k = n - 1;
    }
    v->fault = f;
    if (f != MZ_PATH_OK) {
        v->at = k;
        return MZ_OK;
    }
    v->valid = true;
    /* a walk from the entrance reaches the exit: the route exists */
    v->excess = (int64_t)v->steps - route;
    return MZ_OK;
}
