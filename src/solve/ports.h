/*
 * ports.h - the solvers' generic path for cells of any shape (src/mazebench.h,
 * "Cell shapes"): a cell's open ports and the cell behind each. A solver
 * keeps its square-cell path as it is and takes these on any other shape;
 * there the byte of a cell is ports only (bit p set: port p closed, WEAVE
 * uses all eight bits), so a solver keeps its marks in arrays of its own.
 */
#ifndef MZ_SOLVE_PORTS_H
#define MZ_SOLVE_PORTS_H

#include "../core/internal.h"

/* The open ports of a wall byte w of a cell of g's shape. */
MZ_INLINE unsigned mz_ports_open(const mz_grid *g, uint8_t w)
{
    return (unsigned)~w & mz_shape_walls(g->shape);
}

/* The cell behind open side d of i: mz_port_nbr on any shape but square
 * cells (any = true), the square path of mz_dir_step otherwise. any is a
 * compile-time constant in each copy of a solver's loop, so the square
 * copy is exactly what it was. */
MZ_INLINE mz_idx mz_side_step(const mz_grid *g, const bool any, bool fast, const int64_t delta[4],
                              mz_idx i, unsigned d)
{
    return any ? mz_port_nbr(g, i, d) : mz_dir_step(g, fast, delta, i, d);
}

/* The open sides of wall byte w: the shape's ports (any) or N E S W. */
MZ_INLINE unsigned mz_side_open(const mz_grid *g, const bool any, uint8_t w)
{
    return any ? mz_ports_open(g, w) : (unsigned)~w & MZ_WALLS;
}

#endif /* MZ_SOLVE_PORTS_H */
