/*
 * fault.c - where a maze that should be perfect is not (mzx_maze_fault):
 * the first passage that closes a loop and the first cell the entrance
 * does not reach, named by row and column, for the not-perfect status of
 * an outside generator and the verdict's perfect check.
 */
#include "outside.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void cell_name(const mz_grid *g, mz_idx i, char *buf, size_t cap)
{
    if (g->shape == MZ_SHAPE_POLAR || g->cols == 0)
        snprintf(buf, cap, "cell %" PRIu64, (uint64_t)i);
    else {
        uint64_t per = g->rows * g->cols;
        if (g->levels > 1)
            snprintf(buf, cap, "cell %" PRIu64 " (level %" PRIu64 ", row %" PRIu64 ", col %" PRIu64
                     ")", (uint64_t)i, i / per, i % per / g->cols, i % g->cols);
        else
            snprintf(buf, cap, "cell %" PRIu64 " (row %" PRIu64 ", col %" PRIu64 ")",
                     (uint64_t)i, i / g->cols, i % g->cols);
    }
}

static mz_idx root(mz_idx *up, mz_idx a)
{
    while (up[a] != a)
        a = up[a] = up[up[a]];
    return a;
}

void mzx_maze_fault(const mz_grid *g, const mz_metrics *m, char *buf, size_t cap)
{
    snprintf(buf, cap, "%" PRId64 " loops in %" PRIu64 " parts", m->loops, m->components);
    mz_idx n = g->cells;
    mz_idx *up = n ? malloc(n * sizeof *up) : NULL;
    if (!up)
        return; /* the counts alone */
    for (mz_idx i = 0; i < n; i++)
        up[i] = i;
    /* Union-find over the passages in cell order, each once (from its
     * lower cell): the first whose two cells are already joined closes a
     * loop. */
    mz_idx la = MZ_NONE, lb = MZ_NONE;
    unsigned ports = mz_shape_ports(g->shape);
    for (mz_idx i = 0; i < n; i++)
        for (unsigned p = 0; p < ports; p++) {
            if (g->c[i] & (1u << p))
                continue;
            mz_idx j = mz_port_nbr(g, i, p);
            if (j == MZ_NONE || j < i)
                continue;
            mz_idx a = root(up, i), b = root(up, j);
            if (a != b)
                up[a] = b;
            else if (la == MZ_NONE)
                la = i, lb = j;
        }
    char ci[160], cj[160];
    if (m->components > 1 && g->entrance < n) {
        mz_idx e = root(up, g->entrance);
        for (mz_idx i = 0; i < n; i++)
            if (!(g->c[i] & MZ_BLOCKED) && root(up, i) != e) {
                cell_name(g, i, ci, sizeof ci);
                size_t l = strlen(buf);
                snprintf(buf + l, cap - l, "; %s is not reached from the entrance", ci);
                break;
            }
    }
    if (la != MZ_NONE) {
        cell_name(g, la, ci, sizeof ci);
        cell_name(g, lb, cj, sizeof cj);
        size_t l = strlen(buf);
        snprintf(buf + l, cap - l, "; the passage %s - %s closes a loop", ci, cj);
    }
    free(up);
}
