/*
 * calibrate.c - the timing calibration behind a sweep plan's time estimate
 * (sw_plan_estimate): one maze of a generator, generated and solved by
 * every solver of the plan, timed once after a warm-up run.
 */
#include "sweep.h"
#include "../mazebench_bench.h"
#include "internal.h"
#include "outside/outside.h"
#include "outside/solver.h"

bool sw_calibrate(mz_bench *b, const sw_plan *p, size_t g, bool fixed, double *per_cell)
{
    /* An outside program is not run for an estimate (printing a plan runs
     * nothing): its generator adds nothing, nor does an outside solver. */
    for (unsigned k = 0; k < p->gspec[g].n; k++)
        if (mzx_is_outside(p->gspec[g].stage[k].algo))
            return false;
    const size_t *el = p->elig + g * p->nsize;
    /* Calibrate on the generator's largest maze, at most 256x256 cells
     * (cache effects make small mazes cheaper a cell). */
    sw_size cz = fixed ? p->fixed[g] : p->size[el[0]];
    for (size_t e = 1; !fixed && e < p->nelig[g]; e++)
        if (sw_size_cells(p->size[el[e]]) > sw_size_cells(cz))
            cz = p->size[el[e]];
    mz_dims cg = sw_size_dims(cz);
    if (sw_size_cells(cz) > 256 * 256) {
        /* the same shape, about 256 x 256 cells (its record's grid) */
        mz_dims near = cg;
        if (mz_shape_grids(cz.shape, MZ_GRIDS_CALIBRATE, &near, 1) == 1)
            cg = near;
    }
    mz_timing t;
    if (mz_bench_gen(b, &p->gspec[g], p->range[0].lo, &cg, NULL, 1, &t) != MZ_OK)
        return false;
    double mc = (double)b->grid.cells;
    /* Each run is timed after a warm-up run (setup): both count. */
    double pc = (double)(t.ns + t.setup_ns) / mc;
    for (size_t j = 0; j < p->nsolv; j++) {
        if (mzx_is_outside_solver(p->sstage[j].algo))
            continue;
        /* a solver that refuses the grid, or whose cell parameter is off
         * it, adds nothing */
        if (mz_bench_solve(b, &p->sstage[j], NULL, 1, &t) == MZ_OK)
            pc += (double)(t.ns + t.setup_ns) / mc;
    }
    *per_cell = pc;
    return true;
}
