/*
 * lib.h - what the core gives the library's rooms above the algorithms
 * (file, render: docs/layers.md) beyond the public headers: the square
 * cells' accessors and BFS distances. Internal to the library; the
 * generators and solvers get it through internal.h.
 */
#ifndef MZ_CORE_LIB_H
#define MZ_CORE_LIB_H

#include "../mazebench.h"

#include <stdbool.h>
#include <stdint.h>

/* ---- Square cells only (MZ_SHAPE_ORTHO) ----
 * Directions N E S W and wall bits; on any other shape these answer
 * wrongly, so the library keeps them to its square paths (the port
 * functions of src/mazebench.h serve every shape). */
static inline unsigned mz_sq_opposite(unsigned d) { return (d + 2) & 3; }
/* The neighbour of i in direction d, or MZ_NONE off the grid. */
static inline mz_idx mz_sq_neighbour(const mz_grid *g, mz_idx i, unsigned d)
{
    uint64_t col;
    switch (d) {
    case MZ_N: return i >= g->cols ? i - g->cols : MZ_NONE;
    case MZ_S: return i + g->cols < g->cells ? i + g->cols : MZ_NONE;
    case MZ_E:
        col = i % g->cols;
        if (col + 1 < g->cols) return i + 1;
        return (g->flags & MZ_GRID_WRAP_EW) ? i - col : MZ_NONE;
    default:
        col = i % g->cols;
        if (col > 0) return i - 1;
        return (g->flags & MZ_GRID_WRAP_EW) ? i + g->cols - 1 : MZ_NONE;
    }
}
static inline unsigned mz_sq_walls(const mz_grid *g, mz_idx i) { return g->c[i] & MZ_WALLS; }
static inline bool mz_sq_is_open(const mz_grid *g, mz_idx i, unsigned d)
{
    return !(g->c[i] & (1u << d));
}
/* Clear the wall of i toward d and the opposite wall of its neighbour, in
 * one call. The caller guarantees the neighbour exists. */
static inline void mz_sq_knock(mz_grid *g, mz_idx i, unsigned d)
{
    mz_idx n = mz_sq_neighbour(g, i, d);
    g->c[i] &= (uint8_t)~(1u << d);
    g->c[n] &= (uint8_t)~(1u << mz_sq_opposite(d));
}
/* Number of open sides of cell i (0..4). */
static inline unsigned mz_sq_open_sides(const mz_grid *g, mz_idx i)
{
    static const uint8_t open_count[16] = {4, 3, 3, 2, 3, 2, 2, 1, 3, 2, 2, 1, 2, 1, 1, 0};
    return open_count[g->c[i] & MZ_WALLS];
}

/* BFS distances from src into dist (cells entries, UINT32_MAX for
 * unreached): valley, flood, the renderers' heat and the tests. MZ_ENOMEM
 * on failure. (metrics.c) */
mz_status mz_bfs_dist32(const mz_grid *g, mz_idx src, uint32_t *dist);

#endif /* MZ_CORE_LIB_H */
