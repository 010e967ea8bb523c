/*
 * shape_ports.h - the port arithmetic of every cell shape as static inline
 * functions (src/mazebench.h, "Cell shapes"; docs/shapes.md). Not part of
 * the API.
 *
 * How to use it:
 *   - Per shape, for a caller that knows its shape: mz_sp_SHAPE_nbr(g, i, p)
 *     (the cell behind port p of i, or MZ_NONE), mz_sp_SHAPE_back(g, i, p)
 *     (the port of that neighbour leading back to i; the neighbour must
 *     exist) for SHAPE in ortho, hex, tri, polar, cube, weave, torus, and
 *     mz_sp_weave_can_open(g, i, p) (the weave's crossing rules). Variants
 *     that take the cell's coordinates a caller already holds, to skip a
 *     division: mz_sp_hex_nbr_rc, mz_sp_tri_nbr_rc, mz_sp_torus_nbr_rc
 *     (row r, column c), mz_sp_cube_nbr_pc (in = i % (rows * cols),
 *     c = in % cols), mz_sp_polar_nbr_rp / mz_sp_polar_back_rp (ring, pos
 *     from mz_sp_polar_locate).
 *   - By shape: mz_sp_nbr(g, s, i, p), mz_sp_back(g, s, i, p),
 *     mz_sp_can_open(g, s, i, p), mz_sp_knock(g, s, i, p),
 *     mz_sp_ports(s), mz_sp_walls(s). Each is a switch on s with one case
 *     per shape: pass a compile-time constant s (a `const mz_shape`
 *     parameter of an MZ_INLINE loop body, called once per shape from a
 *     dispatch at the entry) and the switch folds to that shape's code;
 *     pass g->shape and it is the public mz_port_* function. Results are
 *     exactly those of mz_port_nbr, mz_port_back, mz_port_can_open and
 *     mz_port_knock (dims.c wraps these).
 *
 * A shape of the list (src/mazebench_shapes.h) without functions here
 * goes through its record's operations (src/core/shapes/NAME.c) in each
 * dispatch's default; one that has them adds its case to each.
 */
#ifndef MZ_SHAPE_PORTS_H
#define MZ_SHAPE_PORTS_H

#include "internal.h"

/* ---- Square cells (MZ_SHAPE_ORTHO): ports N E S W ---- */

MZ_INLINE mz_idx mz_sp_ortho_nbr(const mz_grid *g, mz_idx i, unsigned p)
{
    return p < 4 ? mz_sq_neighbour(g, i, p) : MZ_NONE;
}

MZ_INLINE unsigned mz_sp_ortho_back(const mz_grid *g, mz_idx i, unsigned p)
{
    (void)g;
    (void)i;
    return mz_sq_opposite(p);
}

/* ---- Hexagons (MZ_SHAPE_HEX): ports N NE SE S SW NW ---- */

MZ_INLINE mz_idx mz_sp_hex_nbr_rc(const mz_grid *g, mz_idx i, uint64_t r, uint64_t c, unsigned p)
{
    const bool odd = c & 1;
    /* r offsets of the east/west neighbours: even columns sit half a cell
     * higher, so their NE/NW are one row up and their SE/SW in the same row */
    int64_t dr;
    int64_t dc;
    switch (p) {
    case 0: dr = -1; dc = 0; break;
    case 1: dr = odd ? 0 : -1; dc = 1; break;
    case 2: dr = odd ? 1 : 0; dc = 1; break;
    case 3: dr = 1; dc = 0; break;
    case 4: dr = odd ? 1 : 0; dc = -1; break;
    case 5: dr = odd ? 0 : -1; dc = -1; break;
    default: return MZ_NONE;
    }
    if ((dr < 0 && r == 0) || (dr > 0 && r + 1 >= g->rows) || (dc < 0 && c == 0) ||
        (dc > 0 && c + 1 >= g->cols))
        return MZ_NONE;
    return (mz_idx)((int64_t)i + dr * (int64_t)g->cols + dc);
}

/* The hex distance between (ra, ca) and (rb, cb): offset columns to cube
 * coordinates (odd columns lower), the largest of the three differences. */
MZ_INLINE uint64_t mz_sp_hex_distance_rc(uint64_t ra, uint64_t ca, uint64_t rb, uint64_t cb)
{
    const int64_t xa = (int64_t)ca, xb = (int64_t)cb;
    const int64_t dx = xa - xb;
    const int64_t dz = ((int64_t)ra - (xa - (xa & 1)) / 2) - ((int64_t)rb - (xb - (xb & 1)) / 2);
    const int64_t dy = -dx - dz;
    int64_t m = dx < 0 ? -dx : dx;
    if ((dz < 0 ? -dz : dz) > m)
        m = dz < 0 ? -dz : dz;
    if ((dy < 0 ? -dy : dy) > m)
        m = dy < 0 ? -dy : dy;
    return (uint64_t)m;
}

MZ_INLINE mz_idx mz_sp_hex_nbr(const mz_grid *g, mz_idx i, unsigned p)
{
    return mz_sp_hex_nbr_rc(g, i, i / g->cols, i % g->cols, p);
}

MZ_INLINE unsigned mz_sp_hex_back(const mz_grid *g, mz_idx i, unsigned p)
{
    (void)g;
    (void)i;
    return (p + 3) % 6;
}

/* ---- Triangles (MZ_SHAPE_TRI): ports W E and the base ---- */

MZ_INLINE mz_idx mz_sp_tri_nbr_rc(const mz_grid *g, mz_idx i, uint64_t r, uint64_t c, unsigned p)
{
    switch (p) {
    case 0: return c > 0 ? i - 1 : MZ_NONE;
    case 1: return c + 1 < g->cols ? i + 1 : MZ_NONE;
    case 2:
        if (((r + c) & 1) == 0) /* points up: the base is south */
            return r + 1 < g->rows ? i + g->cols : MZ_NONE;
        return r > 0 ? i - g->cols : MZ_NONE;
    default: return MZ_NONE;
    }
}

MZ_INLINE mz_idx mz_sp_tri_nbr(const mz_grid *g, mz_idx i, unsigned p)
{
    return mz_sp_tri_nbr_rc(g, i, i / g->cols, i % g->cols, p);
}

MZ_INLINE unsigned mz_sp_tri_back(const mz_grid *g, mz_idx i, unsigned p)
{
    (void)g;
    (void)i;
    return p == 2 ? 2 : p ^ 1;
}

/* ---- Polar rings (MZ_SHAPE_POLAR): ports CW CCW IN OUT0 OUT1 ----
 * Ring 0 is the centre (one cell); ring r >= 1 has 6 * 2^k cells where
 * k = floor(log2 r). Rings 1 << k .. (2 << k) - 1 hold 6 << k cells each,
 * and the first cell of ring 1 << k is 1 + sum_{j<k} (1 << j)(6 << j)
 * = 2 * 4^k - 1, so every position is a closed form. */

MZ_INLINE unsigned mz_sp_floor_log2(uint64_t v) /* v >= 1 */
{
    return 63u - (unsigned)__builtin_clzll(v);
}

MZ_INLINE uint64_t mz_sp_polar_ring_cells(uint64_t r)
{
    return r == 0 ? 1 : UINT64_C(6) << mz_sp_floor_log2(r);
}

MZ_INLINE uint64_t mz_sp_polar_ring_first(uint64_t r)
{
    if (r == 0)
        return 0;
    const unsigned k = mz_sp_floor_log2(r);
    const uint64_t base = (UINT64_C(2) << (2 * k)) - 1; /* first cell of ring 2^k */
    return base + (r - (UINT64_C(1) << k)) * (UINT64_C(6) << k);
}

MZ_INLINE void mz_sp_polar_locate(mz_idx i, uint64_t *ring, uint64_t *pos)
{
    if (i == 0) {
        *ring = 0;
        *pos = 0;
        return;
    }
    /* The largest k with 2 * 4^k - 1 <= i, that is 4^k <= (i + 1) / 2. */
    const unsigned k = mz_sp_floor_log2((i + 1) >> 1) / 2;
    const uint64_t base = (UINT64_C(2) << (2 * k)) - 1, per = UINT64_C(6) << k;
    const uint64_t off = i - base;
    *ring = (UINT64_C(1) << k) + off / per;
    *pos = off % per;
}

MZ_INLINE mz_idx mz_sp_polar_nbr_rp(const mz_grid *g, uint64_t ring, uint64_t pos, unsigned p)
{
    if (ring == 0)
        return p < 6 && g->rows > 1 ? 1 + p : MZ_NONE;
    const uint64_t n = mz_sp_polar_ring_cells(ring), first = mz_sp_polar_ring_first(ring);
    switch (p) {
    case 0: return first + (pos + 1) % n;
    case 1: return first + (pos + n - 1) % n;
    case 2: {
        if (ring == 1)
            return 0;
        const uint64_t pn = mz_sp_polar_ring_cells(ring - 1);
        return mz_sp_polar_ring_first(ring - 1) + (pn == n ? pos : pos / 2);
    }
    case 3:
    case 4: {
        if (ring + 1 >= g->rows)
            return MZ_NONE;
        const uint64_t nn = mz_sp_polar_ring_cells(ring + 1);
        const uint64_t nf = mz_sp_polar_ring_first(ring + 1);
        if (nn == n)
            return p == 3 ? nf + pos : MZ_NONE;
        return nf + 2 * pos + (p - 3);
    }
    default: return MZ_NONE;
    }
}

MZ_INLINE mz_idx mz_sp_polar_nbr(const mz_grid *g, mz_idx i, unsigned p)
{
    uint64_t ring, pos;
    mz_sp_polar_locate(i, &ring, &pos);
    return mz_sp_polar_nbr_rp(g, ring, pos, p);
}

MZ_INLINE unsigned mz_sp_polar_back_rp(uint64_t ring, uint64_t pos, unsigned p)
{
    if (ring == 0)
        return 2; /* ring 1's inward port */
    if (p <= 1)
        return p ^ 1;
    if (p >= 3)
        return 2;
    /* inward: which outward port of the parent leads here */
    if (ring == 1)
        return (unsigned)pos; /* the centre's port pos */
    return mz_sp_polar_ring_cells(ring - 1) == mz_sp_polar_ring_cells(ring) ? 3
                                                                           : 3 + (unsigned)(pos & 1);
}

MZ_INLINE unsigned mz_sp_polar_back(const mz_grid *g, mz_idx i, unsigned p)
{
    (void)g;
    uint64_t ring, pos;
    mz_sp_polar_locate(i, &ring, &pos);
    return mz_sp_polar_back_rp(ring, pos, p);
}

/* ---- 3D (MZ_SHAPE_CUBE): ports N E S W UP DOWN ---- */

/* in: i's index within its level (i % (rows * cols)); c: in % cols. */
MZ_INLINE mz_idx mz_sp_cube_nbr_pc(const mz_grid *g, mz_idx i, uint64_t in, uint64_t c, unsigned p)
{
    const uint64_t plane = g->rows * g->cols;
    switch (p) {
    case MZ_N: return in >= g->cols ? i - g->cols : MZ_NONE;
    case MZ_S: return in + g->cols < plane ? i + g->cols : MZ_NONE;
    case MZ_E: return c + 1 < g->cols ? i + 1 : MZ_NONE;
    case MZ_W: return c > 0 ? i - 1 : MZ_NONE;
    case 4: return i + plane < g->cells ? i + plane : MZ_NONE;
    case 5: return i >= plane ? i - plane : MZ_NONE;
    default: return MZ_NONE;
    }
}

MZ_INLINE mz_idx mz_sp_cube_nbr(const mz_grid *g, mz_idx i, unsigned p)
{
    const uint64_t in = i % (g->rows * g->cols);
    return mz_sp_cube_nbr_pc(g, i, in, in % g->cols, p);
}

MZ_INLINE unsigned mz_sp_cube_back(const mz_grid *g, mz_idx i, unsigned p)
{
    (void)g;
    (void)i;
    return p >= 4 ? p ^ 1 : mz_sq_opposite(p);
}

/* ---- Weave (MZ_SHAPE_WEAVE): ports N E S W, then 4..7 under the next cell ---- */

/* The square neighbour without wrap. */
MZ_INLINE mz_idx mz_sp_flat_nbr(const mz_grid *g, mz_idx i, unsigned d)
{
    switch (d) {
    case MZ_N: return i >= g->cols ? i - g->cols : MZ_NONE;
    case MZ_S: return i + g->cols < g->cells ? i + g->cols : MZ_NONE;
    case MZ_E: return (i % g->cols) + 1 < g->cols ? i + 1 : MZ_NONE;
    default: return i % g->cols > 0 ? i - 1 : MZ_NONE;
    }
}

MZ_INLINE mz_idx mz_sp_weave_nbr(const mz_grid *g, mz_idx i, unsigned p)
{
    if (p < 4)
        return mz_sp_flat_nbr(g, i, p);
    if (p > 7)
        return MZ_NONE;
    const mz_idx b = mz_sp_flat_nbr(g, i, p - 4);
    return b == MZ_NONE ? MZ_NONE : mz_sp_flat_nbr(g, b, p - 4);
}

MZ_INLINE unsigned mz_sp_weave_back(const mz_grid *g, mz_idx i, unsigned p)
{
    (void)g;
    (void)i;
    return (p & 4) | mz_sq_opposite(p & 3);
}

/* Is there a passage under cell x along the axis of direction d? A passage
 * under x joins its two neighbours on that axis by their ports 4+. */
MZ_INLINE bool mz_sp_weave_under(const mz_grid *g, mz_idx x, unsigned d)
{
    const mz_idx a = mz_sp_flat_nbr(g, x, d);
    return a != MZ_NONE && !(g->c[a] & (1u << (4 + mz_sq_opposite(d))));
}

/* Side d of x is free (neither its wall nor its under-port open) and no
 * passage runs under x along that axis. */
MZ_INLINE bool mz_sp_weave_side_free(const mz_grid *g, mz_idx x, unsigned d)
{
    const unsigned c = g->c[x];
    return (c & (1u << d)) && (c & (1u << (4 + d))) && !mz_sp_weave_under(g, x, d);
}

/* The weave's crossing rules for port p (< 8) of i: the neighbour exists,
 * both sides on the axis are free, and a passage under b = the next cell
 * needs b to be a straight corridor across the axis with nothing under it
 * yet. (The caller has checked that the wall of p is closed.) */
MZ_INLINE bool mz_sp_weave_can_open(const mz_grid *g, mz_idx i, unsigned p)
{
    const unsigned d = p & 3;
    const mz_idx n = mz_sp_weave_nbr(g, i, p);
    if (n == MZ_NONE || !mz_sp_weave_side_free(g, i, d) ||
        !mz_sp_weave_side_free(g, n, mz_sq_opposite(d)))
        return false;
    if (p < 4)
        return true;
    const mz_idx b = mz_sp_flat_nbr(g, i, d);
    const unsigned c = g->c[b], e = (d + 1) & 3;
    const unsigned along = (1u << d) | (1u << mz_sq_opposite(d));
    const unsigned across = (1u << e) | (1u << mz_sq_opposite(e));
    return (c & along) == along && (c & across) == 0 && (c & 0xF0u) == 0xF0u &&
           !mz_sp_weave_under(g, b, e);
}

/* ---- Torus (MZ_SHAPE_TORUS): ports N E S W, rows and columns wrap ----
 * rows and cols are at least 3 (mz_dims_parse refuses less), so the four
 * neighbours of a cell are four other cells. */

MZ_INLINE mz_idx mz_sp_torus_nbr_rc(const mz_grid *g, mz_idx i, uint64_t r, uint64_t c, unsigned p)
{
    const uint64_t cols = g->cols;
    switch (p) {
    case MZ_N: return r > 0 ? i - cols : i + (g->rows - 1) * cols;
    case MZ_E: return c + 1 < cols ? i + 1 : i - (cols - 1);
    case MZ_S: return r + 1 < g->rows ? i + cols : c;
    case MZ_W: return c > 0 ? i - 1 : i + (cols - 1);
    default: return MZ_NONE;
    }
}

/* The torus distance between (ra, ca) and (rb, cb): Manhattan with each
 * axis the shorter way round. */
MZ_INLINE uint64_t mz_sp_torus_distance_rc(const mz_grid *g, uint64_t ra, uint64_t ca, uint64_t rb,
                                           uint64_t cb)
{
    const uint64_t dr = mz_absdiff(ra, rb), dc = mz_absdiff(ca, cb);
    return (dr < g->rows - dr ? dr : g->rows - dr) + (dc < g->cols - dc ? dc : g->cols - dc);
}

MZ_INLINE mz_idx mz_sp_torus_nbr(const mz_grid *g, mz_idx i, unsigned p)
{
    return mz_sp_torus_nbr_rc(g, i, i / g->cols, i % g->cols, p);
}

MZ_INLINE unsigned mz_sp_torus_back(const mz_grid *g, mz_idx i, unsigned p)
{
    (void)g;
    (void)i;
    return mz_sq_opposite(p);
}

/* ---- Dispatch by shape (fold away for a constant s) ---- */

/* Ports a cell of shape s may have (0 for a value out of range). */
MZ_INLINE unsigned mz_sp_ports(const mz_shape s)
{
    switch ((unsigned)s) {
    case MZ_SHAPE_ORTHO: return 4;
    case MZ_SHAPE_HEX: return 6;
    case MZ_SHAPE_TRI: return 3;
    case MZ_SHAPE_POLAR: return 6;
    case MZ_SHAPE_CUBE: return 6;
    case MZ_SHAPE_WEAVE: return 8;
    case MZ_SHAPE_TORUS: return 4;
    case MZ_SHAPE_COUNT: break;
    default:
        if ((unsigned)s < MZ_SHAPE_COUNT)
            return mz_shape_table[s]->ports;
        break;
    }
    return 0;
}

/* The byte of a cell of shape s with every wall closed. */
MZ_INLINE uint8_t mz_sp_walls(const mz_shape s)
{
    return (uint8_t)((1u << mz_sp_ports(s)) - 1u);
}

MZ_INLINE mz_idx mz_sp_nbr(const mz_grid *g, const mz_shape s, mz_idx i, unsigned p)
{
    switch ((unsigned)s) {
    case MZ_SHAPE_ORTHO: return mz_sp_ortho_nbr(g, i, p);
    case MZ_SHAPE_HEX: return mz_sp_hex_nbr(g, i, p);
    case MZ_SHAPE_TRI: return mz_sp_tri_nbr(g, i, p);
    case MZ_SHAPE_POLAR: return mz_sp_polar_nbr(g, i, p);
    case MZ_SHAPE_CUBE: return mz_sp_cube_nbr(g, i, p);
    case MZ_SHAPE_WEAVE: return mz_sp_weave_nbr(g, i, p);
    case MZ_SHAPE_TORUS: return mz_sp_torus_nbr(g, i, p);
    case MZ_SHAPE_COUNT: break;
    default:
        if ((unsigned)s < MZ_SHAPE_COUNT)
            return mz_shape_table[s]->nbr(g, i, p);
        break;
    }
    return MZ_NONE;
}

MZ_INLINE unsigned mz_sp_back(const mz_grid *g, const mz_shape s, mz_idx i, unsigned p)
{
    switch ((unsigned)s) {
    case MZ_SHAPE_ORTHO: return mz_sp_ortho_back(g, i, p);
    case MZ_SHAPE_HEX: return mz_sp_hex_back(g, i, p);
    case MZ_SHAPE_TRI: return mz_sp_tri_back(g, i, p);
    case MZ_SHAPE_POLAR: return mz_sp_polar_back(g, i, p);
    case MZ_SHAPE_CUBE: return mz_sp_cube_back(g, i, p);
    case MZ_SHAPE_WEAVE: return mz_sp_weave_back(g, i, p);
    case MZ_SHAPE_TORUS: return mz_sp_torus_back(g, i, p);
    case MZ_SHAPE_COUNT: break;
    default:
        if ((unsigned)s < MZ_SHAPE_COUNT)
            return mz_shape_table[s]->back(g, i, p);
        break;
    }
    return mz_sq_opposite(p);
}

/* May the wall of port p of i be opened now: p is a port of the shape, its
 * wall is closed, the neighbour exists, and the shape's crossing rules
 * (weave) hold. */
MZ_INLINE bool mz_sp_can_open(const mz_grid *g, const mz_shape s, mz_idx i, unsigned p)
{
    if (p >= mz_sp_ports(s) || !(g->c[i] & (1u << p)))
        return false;
    switch ((unsigned)s) {
    case MZ_SHAPE_WEAVE: return mz_sp_weave_can_open(g, i, p);
    case MZ_SHAPE_ORTHO:
    case MZ_SHAPE_HEX:
    case MZ_SHAPE_TRI:
    case MZ_SHAPE_POLAR:
    case MZ_SHAPE_CUBE:
    case MZ_SHAPE_TORUS:
    case MZ_SHAPE_COUNT: break;
    default:
        if ((unsigned)s < MZ_SHAPE_COUNT && mz_shape_table[s]->can_open &&
            !mz_shape_table[s]->can_open(g, i, p))
            return false;
        break;
    }
    return mz_sp_nbr(g, s, i, p) != MZ_NONE;
}

/* Open port p of i and the matching port of its neighbour (which the
 * caller guarantees exists). */
MZ_INLINE void mz_sp_knock(mz_grid *g, const mz_shape s, mz_idx i, unsigned p)
{
    const mz_idx n = mz_sp_nbr(g, s, i, p);
    g->c[i] &= (uint8_t)~(1u << p);
    g->c[n] &= (uint8_t)~(1u << mz_sp_back(g, s, i, p));
}

#endif /* MZ_SHAPE_PORTS_H */
