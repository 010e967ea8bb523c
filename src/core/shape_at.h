/*
 * shape_at.h - a cell with its coordinates, for the loops of generators
 * and solvers compiled once per cell shape (their ports paths: the path of
 * every shape but square cells). Not part of the API.
 */
#ifndef MZ_CORE_SHAPE_AT_H
#define MZ_CORE_SHAPE_AT_H

#include "internal.h"
#include "shape_ports.h"

/* Most ports a cell has on any shape. */
#define SH_MAX_PORTS 8

/* ---- A cell with its coordinates (sh_at) ----
 * The port arithmetic of core/shape_ports.h, for a loop compiled once per
 * shape (a `const mz_shape S` parameter of an MZ_INLINE body, a dispatch
 * at the entry: every switch below folds to one shape's code) that holds
 * the cell it stands on with the coordinates its shape needs. A neighbour
 * is then a few additions and bounds tests, with no division and no call;
 * a walk that steps to a neighbour updates the coordinates (sh_at_step).
 * Results are exactly mz_port_nbr's and mz_port_back's. Not for square
 * cells (their loops are their own).
 *
 * Each switch below has a case for the shapes that have a fast path of
 * their own; every other shape of the list (src/mazebench_shapes.h) falls
 * through to its record's operations (mz_port_nbr and mz_port_back, which
 * reach src/core/shapes/NAME.c): right on any shape, as fast as a call a
 * port. A shape gains a fast path by adding its cases here (the switches
 * are on the value, so none is required), checked against the record by
 * tests/test_fast_paths.c and tests/test_shape_table.c. */
/* In place of a shape: the grid's own, read at run time (the calls fall
 * back to mz_port_nbr and mz_port_back), for a loop not worth a copy per
 * shape (a traced run). */
#define SH_ANY MZ_SHAPE_COUNT

typedef struct sh_at {
    mz_idx i;
    uint64_t a; /* hex, tri, weave, 3d: the row (3d: in its level); polar: the ring */
    uint64_t b; /* hex, tri, weave, 3d: the column; polar: the position in the ring */
    uint64_t n, first; /* polar: the ring's cells and its first cell; 3d: n is the level */
} sh_at;

/* Before a loop over a cell's ports (at most SH_MAX_PORTS, a constant
 * for a constant shape): unrolled, each port's switch folds away. */
#if defined(__GNUC__) && !defined(__clang__)
#define SH_UNROLL _Pragma("GCC unroll 8")
#elif defined(__clang__)
#define SH_UNROLL _Pragma("unroll 8")
#else
#define SH_UNROLL
#endif

/* Is ring r >= 1 one where the rings double (a power of two)? */
MZ_INLINE bool sh_polar_doubles(uint64_t r) { return (r & (r - 1)) == 0; }

/* Cell i with its coordinates (one division, or the polar ring's closed
 * form). */
MZ_INLINE sh_at sh_at_of(const mz_grid *g, const mz_shape S, mz_idx i)
{
    sh_at x = {i, 0, 0, 1, 0};
    switch ((unsigned)S) {
    case MZ_SHAPE_HEX:
    case MZ_SHAPE_TRI:
    case MZ_SHAPE_WEAVE:
    case MZ_SHAPE_TORUS:
    case MZ_SHAPE_ORTHO:
        x.a = i / g->cols;
        x.b = i % g->cols;
        break;
    case MZ_SHAPE_CUBE: {
        const uint64_t q = i / g->cols;
        x.b = i % g->cols;
        x.a = q % g->rows;
        x.n = q / g->rows;
        break;
    }
    case MZ_SHAPE_POLAR:
        mz_sp_polar_locate(i, &x.a, &x.b);
        x.n = mz_sp_polar_ring_cells(x.a);
        x.first = i - x.b;
        break;
    case SH_ANY: break;
    }
    return x;
}

/* The cell behind port p of x, or MZ_NONE (mz_port_nbr). */
MZ_INLINE mz_idx sh_at_nbr(const mz_grid *g, const mz_shape S, const sh_at *x, unsigned p)
{
    const mz_idx i = x->i;
    const uint64_t cols = g->cols;
    switch ((unsigned)S) {
    case MZ_SHAPE_HEX: return mz_sp_hex_nbr_rc(g, i, x->a, x->b, p);
    case MZ_SHAPE_TRI: return mz_sp_tri_nbr_rc(g, i, x->a, x->b, p);
    case MZ_SHAPE_CUBE: {
        /* mz_sp_cube_nbr with the row, column and level */
        const uint64_t plane = g->rows * cols;
        switch (p) {
        case MZ_N: return x->a > 0 ? i - cols : MZ_NONE;
        case MZ_S: return x->a + 1 < g->rows ? i + cols : MZ_NONE;
        case MZ_E: return x->b + 1 < cols ? i + 1 : MZ_NONE;
        case MZ_W: return x->b > 0 ? i - 1 : MZ_NONE;
        case 4: return i + plane < g->cells ? i + plane : MZ_NONE;
        case 5: return i >= plane ? i - plane : MZ_NONE;
        default: return MZ_NONE;
        }
    }
    case MZ_SHAPE_WEAVE: {
        /* p < 4 the next cell in direction p & 3, p >= 4 the one after */
        const uint64_t k = p < 4 ? 1 : 2;
        switch (p & 7) {
        case 0: case 4: return x->a >= k ? i - k * cols : MZ_NONE;
        case 1: case 5: return x->b + k < cols ? i + k : MZ_NONE;
        case 2: case 6: return x->a + k < g->rows ? i + k * cols : MZ_NONE;
        default: return x->b >= k ? i - k : MZ_NONE;
        }
    }
    case MZ_SHAPE_POLAR: {
        const uint64_t ring = x->a, pos = x->b, n = x->n, first = x->first;
        if (ring == 0)
            return p < 6 && g->rows > 1 ? 1 + p : MZ_NONE;
        switch (p) {
        case 0: return first + (pos + 1 == n ? 0 : pos + 1);
        case 1: return first + (pos == 0 ? n - 1 : pos - 1);
        case 2: {
            if (ring == 1)
                return 0;
            const bool halves = sh_polar_doubles(ring);
            return first - (halves ? n / 2 : n) + (halves ? pos / 2 : pos);
        }
        case 3:
        case 4:
            if (ring + 1 >= g->rows)
                return MZ_NONE;
            if (!sh_polar_doubles(ring + 1))
                return p == 3 ? first + n + pos : MZ_NONE;
            return first + n + 2 * pos + (p - 3);
        default: return MZ_NONE;
        }
    }
    case MZ_SHAPE_TORUS: return mz_sp_torus_nbr_rc(g, i, x->a, x->b, p);
    case MZ_SHAPE_ORTHO: return mz_sp_ortho_nbr(g, i, p);
    case SH_ANY: break;
    }
    return mz_port_nbr(g, i, p);
}

/* The cell behind port p of x when the caller knows it exists (a port
 * inside the grid, or an open wall of a maze): sh_at_nbr without the
 * bounds tests. */
MZ_INLINE mz_idx sh_at_nbr_in(const mz_grid *g, const mz_shape S, const sh_at *x, unsigned p)
{
    const mz_idx i = x->i;
    const int64_t cols = (int64_t)g->cols;
    switch ((unsigned)S) {
    case MZ_SHAPE_HEX: {
        static const int8_t dr[2][6] = {{-1, -1, 0, 1, 0, -1}, {-1, 0, 1, 1, 1, 0}};
        static const int8_t dc[6] = {0, 1, 1, 0, -1, -1};
        return (mz_idx)((int64_t)i + dr[x->b & 1][p] * cols + dc[p]);
    }
    case MZ_SHAPE_TRI:
        if (p == 2)
            return ((x->a + x->b) & 1) == 0 ? i + (mz_idx)cols : i - (mz_idx)cols;
        return p == 0 ? i - 1 : i + 1;
    case MZ_SHAPE_CUBE:
        switch (p) {
        case MZ_N: return i - (mz_idx)cols;
        case MZ_E: return i + 1;
        case MZ_S: return i + (mz_idx)cols;
        case MZ_W: return i - 1;
        case 4: return i + g->rows * (mz_idx)cols;
        default: return i - g->rows * (mz_idx)cols;
        }
    case MZ_SHAPE_WEAVE: {
        const mz_idx k = p < 4 ? 1 : 2;
        switch (p & 3) {
        case MZ_N: return i - k * (mz_idx)cols;
        case MZ_E: return i + k;
        case MZ_S: return i + k * (mz_idx)cols;
        default: return i - k;
        }
    }
    case MZ_SHAPE_POLAR:
    case MZ_SHAPE_TORUS:
    case MZ_SHAPE_ORTHO:
    case SH_ANY: break;
    }
    return sh_at_nbr(g, S, x, p);
}

/* The port of x's neighbour behind port p that leads back to x
 * (mz_port_back). */
MZ_INLINE unsigned sh_at_back(const mz_grid *g, const mz_shape S, const sh_at *x, unsigned p)
{
    switch ((unsigned)S) {
    case MZ_SHAPE_HEX: return p < 3 ? p + 3 : p - 3;
    case MZ_SHAPE_TRI: return p == 2 ? 2 : p ^ 1;
    case MZ_SHAPE_CUBE: return p >= 4 ? p ^ 1 : mz_sq_opposite(p);
    case MZ_SHAPE_WEAVE: return (p & 4) | mz_sq_opposite(p & 3);
    case MZ_SHAPE_TORUS: return mz_sq_opposite(p);
    case MZ_SHAPE_POLAR:
        if (x->a == 0)
            return 2; /* ring 1's inward port */
        if (p <= 1)
            return p ^ 1;
        if (p >= 3)
            return 2;
        if (x->a == 1)
            return (unsigned)x->b; /* the centre's port pos */
        return sh_polar_doubles(x->a) ? 3 + (unsigned)(x->b & 1) : 3;
    case MZ_SHAPE_ORTHO: return mz_sq_opposite(p);
    case SH_ANY: break;
    }
    return mz_port_back(g, x->i, p);
}

/* x's neighbour y behind port p (y = sh_at_nbr(g, S, x, p), not MZ_NONE)
 * with its coordinates. */
MZ_INLINE sh_at sh_at_step(const mz_grid *g, const mz_shape S, const sh_at *x, unsigned p,
                           mz_idx y)
{
    sh_at z = *x;
    z.i = y;
    switch ((unsigned)S) {
    case MZ_SHAPE_HEX: {
        /* the row moves by 1 for N and S, and for NE NW (SE SW) only from
         * an even (odd) column */
        static const int8_t dr[2][6] = {{-1, -1, 0, 1, 0, -1}, {-1, 0, 1, 1, 1, 0}};
        static const int8_t dc[6] = {0, 1, 1, 0, -1, -1};
        z.a = (uint64_t)((int64_t)x->a + dr[x->b & 1][p]);
        z.b = (uint64_t)((int64_t)x->b + dc[p]);
        break;
    }
    case MZ_SHAPE_TRI:
        if (p == 0)
            z.b--;
        else if (p == 1)
            z.b++;
        else
            z.a = ((x->a + x->b) & 1) == 0 ? x->a + 1 : x->a - 1;
        break;
    case MZ_SHAPE_CUBE:
        switch (p) {
        case MZ_N: z.a--; break;
        case MZ_S: z.a++; break;
        case MZ_E: z.b++; break;
        case MZ_W: z.b--; break;
        case 4: z.n++; break;
        default: z.n--; break;
        }
        break;
    case MZ_SHAPE_WEAVE: {
        const uint64_t k = p < 4 ? 1 : 2;
        switch (p & 3) {
        case MZ_N: z.a -= k; break;
        case MZ_E: z.b += k; break;
        case MZ_S: z.a += k; break;
        default: z.b -= k; break;
        }
        break;
    }
    case MZ_SHAPE_POLAR:
        if (x->a == 0) {
            z.a = 1;
            z.b = p;
            z.n = 6;
            z.first = 1;
        } else if (p <= 1) {
            z.b = y - x->first;
        } else if (p == 2) {
            z.a = x->a - 1;
            if (z.a == 0) {
                z.n = 1;
                z.b = 0;
            } else if (sh_polar_doubles(x->a)) {
                z.n = x->n / 2;
                z.b = x->b / 2;
            }
            z.first = y - z.b;
        } else {
            z.a = x->a + 1;
            z.first = x->first + x->n;
            if (sh_polar_doubles(z.a)) {
                z.n = x->n * 2;
                z.b = 2 * x->b + (p - 3);
            }
        }
        break;
    case MZ_SHAPE_TORUS:
        switch (p) {
        case MZ_N: z.a = x->a > 0 ? x->a - 1 : g->rows - 1; break;
        case MZ_E: z.b = x->b + 1 < g->cols ? x->b + 1 : 0; break;
        case MZ_S: z.a = x->a + 1 < g->rows ? x->a + 1 : 0; break;
        default: z.b = x->b > 0 ? x->b - 1 : g->cols - 1; break;
        }
        break;
    case MZ_SHAPE_ORTHO:
        z = sh_at_of(g, S, y);
        break;
    case SH_ANY: break;
    }
    return z;
}

/* Weave: may a passage go under b, the next cell from x in direction d?
 * b must be a straight corridor across the axis, with nothing of its own
 * along it and nothing under it across (its neighbour on the across axis,
 * when it exists, has that under-port closed). */
MZ_INLINE bool sh_weave_may_pass(const mz_grid *g, const sh_at *x, unsigned d, mz_idx b)
{
    const uint8_t *c = g->c;
    const uint64_t cols = g->cols;
    const unsigned od = mz_sq_opposite(d), cb = c[b], e = (d + 1) & 3;
    const unsigned along = (1u << d) | (1u << od);
    const unsigned across = (1u << e) | (1u << mz_sq_opposite(e));
    if ((cb & along) != along || (cb & across) != 0 || (cb & 0xF0u) != 0xF0u)
        return false;
    /* e is E or W when d is N or S (b is in x's column), S or N when d
     * is E or W (b is in x's row) */
    switch (e) {
    case MZ_E: return x->b + 1 >= g->cols || (c[b + 1] >> (4 + MZ_W) & 1u);
    case MZ_W: return x->b == 0 || (c[b - 1] >> (4 + MZ_E) & 1u);
    case MZ_S: return x->a + 1 >= g->rows || (c[b + cols] >> (4 + MZ_N) & 1u);
    default: return x->a == 0 || (c[b - cols] >> (4 + MZ_S) & 1u);
    }
}

/* The ports of x that lead to a cell of the grid, as a mask (bit p: port
 * p), from bounds tests alone: sh_at_nbr(g, S, x, p) != MZ_NONE. */
MZ_INLINE unsigned sh_at_inside(const mz_grid *g, const mz_shape S, const sh_at *x)
{
    const uint64_t R = g->rows, C = g->cols, r = x->a, c = x->b;
    switch ((unsigned)S) {
    case MZ_SHAPE_HEX: {
        /* all six but on the border: the top row loses N (and NE, NW in
         * an even column), the bottom row S (and SE, SW in an odd one) */
        const bool odd = c & 1;
        unsigned m = 0x3Fu;
        if (MZ_UNLIKELY(r == 0))
            m &= odd ? ~0x01u : ~0x23u;
        if (MZ_UNLIKELY(r + 1 >= R))
            m &= odd ? ~0x1Cu : ~0x08u;
        if (MZ_UNLIKELY(c == 0))
            m &= ~0x30u;
        if (MZ_UNLIKELY(c + 1 >= C))
            m &= ~0x06u;
        return m;
    }
    case MZ_SHAPE_TRI: {
        unsigned m = 7u;
        if (MZ_UNLIKELY(c == 0))
            m &= ~1u;
        if (MZ_UNLIKELY(c + 1 >= C))
            m &= ~2u;
        if (MZ_UNLIKELY(((r + c) & 1) == 0 ? r + 1 >= R : r == 0))
            m &= ~4u;
        return m;
    }
    case MZ_SHAPE_POLAR:
        if (r == 0)
            return R > 1 ? 0x3Fu : 0;
        if (r + 1 >= R)
            return 7u;
        return sh_polar_doubles(r + 1) ? 0x1Fu : 0xFu;
    case MZ_SHAPE_CUBE: {
        const uint64_t plane = R * C;
        unsigned m = 0x3Fu;
        if (MZ_UNLIKELY(r == 0))
            m &= ~1u;
        if (MZ_UNLIKELY(c + 1 >= C))
            m &= ~2u;
        if (MZ_UNLIKELY(r + 1 >= R))
            m &= ~4u;
        if (MZ_UNLIKELY(c == 0))
            m &= ~8u;
        if (MZ_UNLIKELY(x->i + plane >= g->cells))
            m &= ~0x10u;
        if (MZ_UNLIKELY(x->i < plane))
            m &= ~0x20u;
        return m;
    }
    case MZ_SHAPE_TORUS: return 0xFu; /* four neighbours everywhere */
    case MZ_SHAPE_WEAVE:
    case MZ_SHAPE_ORTHO:
    case SH_ANY: break;
    }
    const unsigned ports = S == SH_ANY ? mz_shape_ports(g->shape) : mz_sp_ports(S);
    unsigned m = 0;
    for (unsigned p = 0; p < ports; p++)
        m |= (unsigned)(sh_at_nbr(g, S, x, p) != MZ_NONE) << p;
    return m;
}

/* The set bits of a port mask m < 256 (without a library call where the
 * target has no popcount instruction). */
MZ_INLINE unsigned sh_popcount8(unsigned m)
{
    static const uint8_t pop4[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    return (unsigned)pop4[m & 15u] + pop4[m >> 4];
}

/* The k-th set bit of m (k < popcount(m)), counting from bit 0. */
MZ_INLINE unsigned sh_nth_bit(unsigned m, unsigned k)
{
    while (k--)
        m &= m - 1;
    return (unsigned)__builtin_ctz(m);
}

/* Does port p of x lead to a lower index, or nowhere? (Such ports can be
 * skipped by a scan that takes each wall once, from its lower cell.) */
MZ_INLINE bool sh_port_backward(const mz_shape S, const sh_at *x, unsigned p)
{
    switch ((unsigned)S) {
    case MZ_SHAPE_HEX: return p == 0 || p == 5; /* N, NW */
    case MZ_SHAPE_TRI: return p == 0;           /* W */
    case MZ_SHAPE_POLAR: return p == 2 && x->a != 0; /* IN (the centre's port 2 is out) */
    case MZ_SHAPE_CUBE:
    case MZ_SHAPE_ORTHO: return p == MZ_N || p == MZ_W || p == 5;
    case MZ_SHAPE_WEAVE: return (p & 3) == MZ_N || (p & 3) == MZ_W;
    case MZ_SHAPE_TORUS: /* N and W wrap to a higher index on the border */
    case SH_ANY: break;
    }
    return false;
}

/* The walls of g (pairs of neighbouring cells, each once; on a weave grid
 * the passages under a cell too), in closed form; S may be g->shape. */
MZ_INLINE uint64_t sh_walls(const mz_grid *g, const mz_shape S)
{
    const uint64_t R = g->rows, C = g->cols;
    switch ((unsigned)S) {
    case MZ_SHAPE_HEX: /* N-S pairs; 2R - 1 between two neighbouring columns */
        return C * (R - 1) + (C - 1) * (2 * R - 1);
    case MZ_SHAPE_TRI: /* W-E pairs; the bases of up cells above a row */
        return R * (C - 1) + (C + 1) / 2 * (R / 2) + C / 2 * ((R - 1) / 2);
    case MZ_SHAPE_POLAR: /* the ring neighbours and one parent a cell but the centre */
        return R > 1 ? 2 * (g->cells - 1) : 0;
    case MZ_SHAPE_CUBE: {
        const uint64_t levels = g->cells / (R * C);
        return levels * (R * (C - 1) + (R - 1) * C) + (levels - 1) * R * C;
    }
    case MZ_SHAPE_WEAVE:
        return R * (C - 1) + (R - 1) * C + R * (C >= 2 ? C - 2 : 0) + (R >= 2 ? R - 2 : 0) * C;
    case MZ_SHAPE_ORTHO: return R * (C - 1) + (R - 1) * C;
    case MZ_SHAPE_TORUS: return 2 * R * C;
    case SH_ANY: break;
    }
    /* a shape without a closed form: counted, each pair from its lower
     * cell (as kruskal lists them) */
    uint64_t n = 0;
    const unsigned ports = mz_shape_ports(g->shape);
    for (mz_idx a = 0; a < g->cells; a++)
        for (unsigned p = 0; p < ports; p++) {
            const mz_idx b = mz_port_nbr(g, a, p);
            n += b != MZ_NONE && b > a;
        }
    return n;
}

/* Cell x->i + 1 with its coordinates (x->i < cells - 1): a scan of the
 * cells in index order carries them along without a division. */
MZ_INLINE sh_at sh_at_next(const mz_grid *g, const mz_shape S, const sh_at *x)
{
    sh_at z = *x;
    z.i = x->i + 1;
    switch ((unsigned)S) {
    case MZ_SHAPE_HEX:
    case MZ_SHAPE_TRI:
    case MZ_SHAPE_WEAVE:
    case MZ_SHAPE_TORUS:
    case MZ_SHAPE_ORTHO:
        if (++z.b == g->cols) {
            z.b = 0;
            z.a++;
        }
        break;
    case MZ_SHAPE_CUBE:
        if (++z.b == g->cols) {
            z.b = 0;
            if (++z.a == g->rows) {
                z.a = 0;
                z.n++;
            }
        }
        break;
    case MZ_SHAPE_POLAR:
        if (++z.b == z.n) {
            z.b = 0;
            z.first = z.i;
            z.n = z.a == 0 ? 6 : sh_polar_doubles(z.a + 1) ? 2 * z.n : z.n;
            z.a++;
        }
        break;
    case SH_ANY: break;
    }
    return z;
}

/* The weave's crossing rules for port p of x toward y = sh_at_nbr(g,
 * MZ_SHAPE_WEAVE, x, p) (not MZ_NONE): mz_sp_weave_can_open with the
 * coordinates x holds (the caller has not checked x's wall). */
MZ_INLINE bool sh_weave_can_open(const mz_grid *g, const sh_at *x, unsigned p, mz_idx y)
{
    const uint8_t *c = g->c;
    const unsigned d = p & 3, od = mz_sq_opposite(d);
    const int64_t cols = (int64_t)g->cols;
    const int64_t step = d == MZ_N ? -cols : d == MZ_E ? 1 : d == MZ_S ? cols : -1;
    const mz_idx i = x->i, b = (mz_idx)((int64_t)i + step); /* the next cell along d */
    const unsigned ci = c[i], cy = c[y];
    /* both sides free: wall and under-port closed, nothing under either
     * cell along the axis (the cell beside each toward the other exists) */
    if (!(ci >> d & 1u) || !(ci >> (4 + d) & 1u) || !(c[b] >> (4 + od) & 1u))
        return false;
    if (!(cy >> od & 1u) || !(cy >> (4 + od) & 1u) ||
        !(c[(mz_idx)((int64_t)y - step)] >> (4 + d) & 1u))
        return false;
    return p < 4 || sh_weave_may_pass(g, x, d, b);
}

/* The same when y is fresh (all its walls up), as every cell a generator
 * grows into is: a plain port can then always be opened (see the top of
 * this file), and a port under b needs only x's wall toward b closed (its
 * under-port is closed, or y would not be fresh) and b a straight
 * corridor with nothing under it (which keeps b's under-ports closed, the
 * other tests of both sides). */
MZ_INLINE bool sh_weave_can_open_fresh(const mz_grid *g, const sh_at *x, unsigned p)
{
    if (p < 4)
        return true;
    const unsigned d = p & 3;
    const int64_t cols = (int64_t)g->cols;
    const int64_t step = d == MZ_N ? -cols : d == MZ_E ? 1 : d == MZ_S ? cols : -1;
    return (g->c[x->i] >> d & 1u) && sh_weave_may_pass(g, x, d, (mz_idx)((int64_t)x->i + step));
}

#endif /* MZ_CORE_SHAPE_AT_H */
