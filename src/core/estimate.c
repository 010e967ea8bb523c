/*
 * estimate.c - the one memory estimate: the peak heap of a recipe on a
 * grid of a given shape and size, from the bytes a cell each registry
 * entry declares for each shape, and the bytes a cell the library's own
 * passes (the figures, the statistics, a route kept as cells) take on
 * each shape. Every value is a measured peak (the pool's, exact; the
 * tables of docs/shapes.md, "Memory"); tests/test_estimate.c measures them
 * all again and fails when an estimate falls under a measurement or
 * passes twice it.
 */
#include "internal.h"
#include "../mazebench_bench.h"

#include <math.h>

/* The figures (mz_metrics_compute) and the statistics
 * (mz_maze_stats_compute) take the bytes a cell their shape's record
 * declares (shape.h), measured as the entries are, on one thread and on
 * two: about a bit a cell for the marks and the breadth-first queue; the
 * figures on square cells of 256 rows or more also their bands
 * (bands_bytes). */

/* The figures on square cells of BAND_ROWS rows or more work in bands of
 * at least BAND_ROWS rows, up to four a thread: each holds a walk stack of
 * 4096 + 4 cols frames of 40 bytes, 4 cols edges of 16 bytes and 6 cols
 * labels of 4 bytes for the route, then 61 bytes a column of labels and 16
 * of the merge. Counted for as many bands as the rows allow (any thread
 * count): 3.43 bytes a cell in all measured at 258x258, one band. */
#define BAND_ROWS 256
#define BAND_FIXED (4096.0 * 40 + 4096)
#define BAND_PER_COL (4 * 40 + 4 * 16 + 6 * 4 + 61 + 16.0)

static double bands_bytes(const mz_dims *g)
{
    if (g->shape != MZ_SHAPE_ORTHO || g->rows < BAND_ROWS)
        return 0;
    uint64_t nb = g->rows / BAND_ROWS;
    if (nb > 4 * MZ_MAX_THREADS)
        nb = 4 * MZ_MAX_THREADS;
    return (double)nb * (BAND_FIXED + BAND_PER_COL * (double)g->cols);
}

/* A route kept as cells (mz_solution_push): 8 bytes a cell, grown by
 * doubling, so up to 24 bytes a cell of the route while it is copied;
 * a route may pass through every cell. */
#define PATH_BPC 24.0

/* What every run takes whatever its size: blocks of a few words, and the
 * queues of the figures, the statistics and the searches, which start at
 * 1024 entries (8 KiB each). */
#define FIXED_BYTES (UINT64_C(64) << 10)

double mz_algo_bytes_per_cell(const mz_algo *a, mz_shape s)
{
    if (!a || (unsigned)s >= MZ_SHAPE_COUNT || !mz_runs_on(a, s))
        return 0;
    return a->bytes_per_cell[s];
}

/* The cells of *geo for an estimate over n entries into *g, or 0 when the
 * arguments are not those of an estimate (no grid, no entries for n > 0,
 * no cells, a shape out of range). */
static uint64_t estimate_grid(const mz_algo *const *algos, size_t n, const mz_dims *geo,
                              mz_dims *g)
{
    if (!geo || (!algos && n > 0))
        return 0;
    *g = *geo;
    uint64_t cells = mz_dims_cells(g);
    return (unsigned)g->shape >= MZ_SHAPE_COUNT ? 0 : cells;
}

uint64_t mz_estimate_bytes(const mz_algo *const *algos, size_t n, const mz_dims *geo,
                           unsigned what)
{
    mz_dims g;
    uint64_t cells = estimate_grid(algos, n, geo, &g);
    if (cells == 0)
        return UINT64_MAX;
    const bool pool = (what & MZ_EST_POOL) != 0;
    const double c = (double)cells;
    double gen = 0, solver = 0;
    for (size_t k = 0; k < n; k++) {
        if (!algos[k] || !mz_runs_on(algos[k], g.shape))
            continue;
        double b = algos[k]->bytes_fixed[g.shape] + c * mz_algo_bytes_per_cell(algos[k], g.shape) +
                   (double)g.cols * algos[k]->bytes_per_col[g.shape];
        if (algos[k]->kind == MZ_SOLVER)
            solver = b > solver ? b : solver;
        else if (pool)
            gen += b;
        else if (b > gen)
            gen = b;
    }
    double beside = solver;
    if (what & MZ_EST_FIGURES)
        beside += c * mz_shape_table[g.shape]->figures_bytes_per_cell + bands_bytes(&g);
    if (what & MZ_EST_PATH)
        beside += c * PATH_BPC;
    double stats = (what & MZ_EST_STATS) ? c * mz_shape_table[g.shape]->stats_bytes_per_cell : 0;
    double part;
    if (pool) {
        /* the pool also keeps the blocks a list grown by doubling left
         * behind: up to half as much again */
        part = 1.5 * (gen + beside + stats);
    } else {
        part = gen > beside ? gen : beside;
        if (stats > part)
            part = stats;
    }
    double bytes = c + part + (double)FIXED_BYTES;
    return bytes >= 18446744073709549568.0 ? UINT64_MAX : (uint64_t)bytes;
}

uint64_t mz_trace_steps_bound(const mz_algo *const *algos, size_t n, const mz_dims *geo)
{
    mz_dims g;
    uint64_t cells = estimate_grid(algos, n, geo, &g);
    if (cells == 0)
        return UINT64_MAX;
    double steps = 0;
    for (size_t k = 0; k < n; k++) {
        if (!algos[k] || !mz_runs_on(algos[k], g.shape))
            continue;
        double per = algos[k]->trace_steps_per_cell[g.shape];
        if (per < 0)
            return UINT64_MAX;
        steps += per * (double)cells + MZ_TRACE_FIXED_STEPS;
    }
    return steps >= 18446744073709549568.0 ? UINT64_MAX : (uint64_t)ceil(steps);
}
