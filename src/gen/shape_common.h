/*
 * shape_common.h - what the generators share on cell shapes beyond square
 * cells (src/mazebench.h, "Cell shapes"; docs/shapes.md). Not part of the
 * API.
 *
 * A generator has two paths: NAME_square for square cells and NAME_ports
 * for every other shape. Its ports path sees a cell only through the port
 * functions: mz_port_nbr (the cell behind port p), mz_port_can_open (may
 * that wall be opened now: on a weave grid it also keeps the crossing
 * rules) and mz_port_knock. Ports are tried in order 0..ports-1, where a
 * square-cell generator tries directions 0..3, and a choice among
 * candidate ports is pick(len) over them in that order, as a square-cell
 * generator picks among its candidate directions. Its marks (visited, in
 * the frontier, a walk's way) live in its own arrays from g->mem: the high
 * bits of a cell's byte are ports on some shapes (a weave cell uses all
 * eight), so the scratch bits are never used.
 *
 * Weave: a passage under a cell is allowed only while that cell is a
 * straight corridor across it, so a port that could be opened when a
 * generator listed it might not be openable when it comes to knock it.
 * Every ports path therefore asks mz_port_can_open right before each
 * knock and treats a port that fails as no candidate. The plain ports
 * (0..3) between a cell of the maze and a fresh cell can always be opened
 * (a fresh cell has nothing under it, nor can anything pass under its
 * neighbour toward it), so a generator that grows its maze into fresh
 * cells still reaches every cell. For such a generator a listed port
 * toward a fresh cell in fact stays openable while that cell is fresh (the
 * cell a listed passage goes under is in the maze and could change only by
 * a knock toward the fresh cell, which makes it no longer fresh), so the
 * second asking never drops one there; it is kept as the rule's guard.
 */
#ifndef MZ_GEN_SHAPE_COMMON_H
#define MZ_GEN_SHAPE_COMMON_H

#include "../core/internal.h"
#include "../core/shape_at.h"

/* The shapes a ports path serves: every shape but square cells, and the
 * same without the weave (for the uniform spanning tree samplers, which
 * need a graph that does not change as the maze is carved). */
#define SH_ALL_BUT_SQUARE (MZ_SHAPES_ALL & ~MZ_SHAPE_BIT(MZ_SHAPE_ORTHO))
#define SH_FIXED_GRAPHS (SH_ALL_BUT_SQUARE & ~MZ_SHAPE_BIT(MZ_SHAPE_WEAVE))


/* The ports p of x, in order, whose neighbour exists, is (want_in) or is
 * not (!want_in) marked in `in`, and may be opened now. Their count; the
 * ports in opts[]. */
MZ_INLINE unsigned sh_ports_where(const mz_grid *g, const uint64_t *in, mz_idx x,
                                  const bool want_in, unsigned opts[SH_MAX_PORTS])
{
    const unsigned ports = mz_shape_ports(g->shape);
    unsigned n = 0;
    for (unsigned p = 0; p < ports; p++) {
        const mz_idx y = mz_port_nbr(g, x, p);
        if (y == MZ_NONE || mz_bit_get(in, y) != want_in || !mz_port_can_open(g, x, p))
            continue;
        opts[n++] = p;
    }
    return n;
}

/* The ports of x, in order, that lead to a cell of the grid (a random
 * walk's moves; walls play no part). */
MZ_INLINE unsigned sh_ports_inside(const mz_grid *g, mz_idx x, unsigned opts[SH_MAX_PORTS])
{
    const unsigned ports = mz_shape_ports(g->shape);
    unsigned n = 0;
    for (unsigned p = 0; p < ports; p++)
        if (mz_port_nbr(g, x, p) != MZ_NONE)
            opts[n++] = p;
    return n;
}

#endif /* MZ_GEN_SHAPE_COMMON_H */
