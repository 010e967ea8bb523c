/*
 * ports.h - the solvers' ports path, the one that serves every shape but
 * square cells (src/mazebench.h, "Cell shapes"): a cell's open ports and the
 * cell behind each. A solver keeps its square-cell path as it is and takes
 * these on any other shape; there the byte of a cell is ports only (bit p
 * set: port p closed, WEAVE uses all eight bits), so a solver keeps its marks
 * in arrays of its own.
 */
#ifndef MZ_SOLVE_PORTS_H
#define MZ_SOLVE_PORTS_H

#include "../core/internal.h"
#include "../core/shape_at.h" /* sh_at: a cell's neighbours without a division */

/* The open ports of a wall byte w of a cell of g's shape. */
MZ_INLINE unsigned mz_ports_open(const mz_grid *g, uint8_t w)
{
    return (unsigned)~w & mz_shape_walls(g->shape);
}

/* The open ports of wall byte w on shape S (a constant: MZ_SHAPE_ORTHO
 * for N E S W, SH_ANY for g's shape read at run time). */
MZ_INLINE unsigned mz_side_open_s(const mz_grid *g, const mz_shape S, uint8_t w)
{
    return (unsigned)~w & (S == SH_ANY ? mz_shape_walls(g->shape) : mz_sp_walls(S));
}

/* The shape's distance between x and e (mz_shape_distance) from the
 * coordinates they hold; S a constant other than MZ_SHAPE_ORTHO. */
MZ_INLINE uint64_t mz_at_distance(const mz_grid *g, const mz_shape S, const sh_at *x,
                                  const sh_at *e)
{
    switch ((unsigned)S) {
    case MZ_SHAPE_HEX: return mz_sp_hex_distance_rc(x->a, x->b, e->a, e->b);
    case MZ_SHAPE_TRI: return mz_absdiff(x->a, e->a) + mz_absdiff(x->b, e->b);
    case MZ_SHAPE_WEAVE: return (mz_absdiff(x->a, e->a) + mz_absdiff(x->b, e->b) + 1) / 2;
    case MZ_SHAPE_CUBE:
        return mz_absdiff(x->n, e->n) + mz_absdiff(x->a, e->a) + mz_absdiff(x->b, e->b);
    case MZ_SHAPE_POLAR: return mz_absdiff(x->a, e->a);
    case MZ_SHAPE_TORUS: return mz_sp_torus_distance_rc(g, x->a, x->b, e->a, e->b);
    case MZ_SHAPE_ORTHO:
    case SH_ANY: break;
    }
    return mz_shape_distance(g, x->i, e->i);
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

/* The side of the cell behind side d of i that leads back to i:
 * mz_port_back (any) or the opposite direction. */
MZ_INLINE unsigned mz_side_back(const mz_grid *g, const bool any, mz_idx i, unsigned d)
{
    return any ? mz_port_back(g, i, d) : mz_sq_opposite(d);
}

/* A solver's entry point over NAME_solve_on(any, g, args, t, sol): the
 * square-cell path and the path of other shapes as two separate
 * (noinline) functions, so the square one compiles as it did before shapes
 * existed, and NAME_solve choosing by the grid's shape. */
#define MZ_SOLVE_BY_SHAPE(NAME)                                                                  \
    MZ_NOINLINE static mz_status NAME##_solve_square(const mz_grid *g, const mz_args *args,     \
                                                     mz_trace *t, mz_solution *sol)              \
    {                                                                                            \
        return NAME##_solve_on(false, g, args, t, sol);                                          \
    }                                                                                            \
    MZ_NOINLINE static mz_status NAME##_solve_ports(const mz_grid *g, const mz_args *args,      \
                                                    mz_trace *t, mz_solution *sol)               \
    {                                                                                            \
        return NAME##_solve_on(true, g, args, t, sol);                                           \
    }                                                                                            \
    static mz_status NAME##_solve(const mz_grid *g, const mz_args *args, mz_trace *t,            \
                                  mz_solution *sol)                                              \
    {                                                                                            \
        return g->shape == MZ_SHAPE_ORTHO ? NAME##_solve_square(g, args, t, sol)                 \
                                          : NAME##_solve_ports(g, args, t, sol);                 \
    }

#endif /* MZ_SOLVE_PORTS_H */
