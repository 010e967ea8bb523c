/* topo.c - cell shapes: geometry, parsing, and the ports of each shape
 * (src/mazebench.h, "Cell shapes"; docs/shapes.md). */
#include "internal.h"

#include <ctype.h>
#include <stdio.h>

static const struct {
    const char *name;
    const char *alias;
    unsigned ports;
} shape_info[MZ_SHAPE_COUNT] = {
    [MZ_SHAPE_ORTHO] = {"ortho", "square", 4},
    [MZ_SHAPE_HEX] = {"hex", "sigma", 6},
    [MZ_SHAPE_TRI] = {"tri", "delta", 3},
    [MZ_SHAPE_POLAR] = {"polar", "theta", 6},
    [MZ_SHAPE_CUBE] = {"3d", "cube", 6},
    [MZ_SHAPE_WEAVE] = {"weave", NULL, 8},
};

const char *mz_shape_name(mz_shape s)
{
    return (unsigned)s < MZ_SHAPE_COUNT ? shape_info[s].name : NULL;
}

mz_status mz_shape_parse(const char *name, mz_shape *s)
{
    for (unsigned k = 0; k < MZ_SHAPE_COUNT; k++) {
        if (strcmp(name, shape_info[k].name) == 0 ||
            (shape_info[k].alias && strcmp(name, shape_info[k].alias) == 0)) {
            *s = (mz_shape)k;
            return MZ_OK;
        }
    }
    return MZ_ENOTFOUND;
}

unsigned mz_shape_ports(mz_shape s)
{
    return (unsigned)s < MZ_SHAPE_COUNT ? shape_info[s].ports : 0;
}

uint8_t mz_shape_walls(mz_shape s)
{
    return (uint8_t)((1u << mz_shape_ports(s)) - 1u);
}

/* ---- Polar rings ----
 * Ring 0 is the centre (one cell); ring r >= 1 has 6 * 2^k cells where
 * k = floor(log2 r). Rings 1 << k .. (2 << k) - 1 hold 6 << k cells each,
 * and the first cell of ring 1 << k is 1 + sum_{j<k} (1 << j)(6 << j)
 * = 2 * 4^k - 1, so every position is a closed form. */

static unsigned floor_log2(uint64_t v) /* v >= 1 */
{
    return 63u - (unsigned)__builtin_clzll(v);
}

uint64_t mz_polar_ring_cells(uint64_t r)
{
    return r == 0 ? 1 : UINT64_C(6) << floor_log2(r);
}

uint64_t mz_polar_ring_first(uint64_t r)
{
    if (r == 0)
        return 0;
    unsigned k = floor_log2(r);
    uint64_t base = (UINT64_C(2) << (2 * k)) - 1; /* first cell of ring 2^k */
    return base + (r - (UINT64_C(1) << k)) * (UINT64_C(6) << k);
}

void mz_polar_locate(mz_idx i, uint64_t *ring, uint64_t *pos)
{
    if (i == 0) {
        *ring = 0;
        *pos = 0;
        return;
    }
    /* The largest k with 2 * 4^k - 1 <= i, that is 4^k <= (i + 1) / 2. */
    unsigned k = floor_log2((i + 1) >> 1) / 2;
    uint64_t base = (UINT64_C(2) << (2 * k)) - 1, per = UINT64_C(6) << k;
    uint64_t off = i - base;
    *ring = (UINT64_C(1) << k) + off / per;
    *pos = off % per;
}

/* ---- Geometry ---- */

uint64_t mz_geom_cells(mz_geom *g)
{
    if ((unsigned)g->shape >= MZ_SHAPE_COUNT || g->rows == 0)
        return 0;
    if (g->shape == MZ_SHAPE_POLAR) {
        /* rings up to 2^20 keep every figure of a ring in 64 bits and past
         * 2^40 cells anyway */
        if (g->rows > (UINT64_C(1) << 20))
            return 0;
        uint64_t cells = mz_polar_ring_first(g->rows);
        if (cells > MZ_MAX_CELLS)
            return 0;
        g->levels = 1;
        g->cols = mz_polar_ring_cells(g->rows - 1);
        return cells;
    }
    if (g->shape != MZ_SHAPE_CUBE)
        g->levels = 1;
    if (g->levels == 0 || g->cols == 0)
        return 0;
    uint64_t plane = mz_grid_bytes(g->rows, g->cols);
    if (plane == 0 || g->levels > MZ_MAX_CELLS / plane)
        return 0;
    return plane * g->levels;
}

bool mz_geom_connected(const mz_geom *g)
{
    /* a single column of triangles pairs them off: up with the one below */
    return !(g->shape == MZ_SHAPE_TRI && g->cols == 1 && g->rows > 2);
}

mz_geom mz_grid_geom(const mz_grid *g)
{
    mz_geom geo = {g->shape, g->levels ? g->levels : 1, g->rows, g->cols};
    return geo;
}

/* A decimal number of at most 10 digits with a value in [1, 2^32]. */
static const char *parse_num(const char *p, uint64_t *out)
{
    uint64_t v = 0;
    int digits = 0;
    while (isdigit((unsigned char)*p)) {
        v = v * 10 + (uint64_t)(*p - '0');
        if (++digits > 10)
            return NULL;
        p++;
    }
    if (digits == 0 || v == 0 || v > (UINT64_C(1) << 32))
        return NULL;
    *out = v;
    return p;
}

/* Up to `most` numbers joined by 'x'; the count read, or 0 on bad text. */
static unsigned parse_dims(const char *p, uint64_t *v, unsigned most)
{
    unsigned n = 0;
    for (;;) {
        if (n == most)
            return 0;
        p = parse_num(p, &v[n]);
        if (!p)
            return 0;
        n++;
        if (*p == '\0')
            return n;
        if (*p != 'x' && *p != 'X')
            return 0;
        p++;
    }
}

mz_status mz_parse_grid(const char *s, mz_geom *g)
{
    mz_geom geo = {MZ_SHAPE_ORTHO, 1, 0, 0};
    const char *colon = strchr(s, ':');
    const char *dims = s;
    if (colon) {
        char name[16];
        size_t len = (size_t)(colon - s);
        if (len == 0 || len >= sizeof name)
            return MZ_ENOTFOUND;
        memcpy(name, s, len);
        name[len] = '\0';
        if (mz_shape_parse(name, &geo.shape) != MZ_OK)
            return MZ_ENOTFOUND;
        dims = colon + 1;
    }
    uint64_t v[3];
    unsigned n = parse_dims(dims, v, 3);
    switch (geo.shape) {
    case MZ_SHAPE_POLAR:
        if (n != 1)
            return MZ_EINVAL;
        geo.rows = v[0];
        break;
    case MZ_SHAPE_CUBE:
        if (n != 3)
            return MZ_EINVAL;
        geo.levels = v[0];
        geo.rows = v[1];
        geo.cols = v[2];
        break;
    default:
        if (n == 1) {
            geo.rows = geo.cols = v[0];
        } else if (n == 2) {
            geo.rows = v[0];
            geo.cols = v[1];
        } else {
            return MZ_EINVAL;
        }
    }
    if (!mz_geom_connected(&geo))
        return MZ_EINVAL;
    if (mz_geom_cells(&geo) == 0)
        return MZ_ETOOBIG;
    *g = geo;
    return MZ_OK;
}

size_t mz_geom_format(const mz_geom *g, char *buf, size_t len)
{
    int n;
    switch (g->shape) {
    case MZ_SHAPE_ORTHO:
        n = snprintf(buf, len, "%llux%llu", (unsigned long long)g->rows,
                     (unsigned long long)g->cols);
        break;
    case MZ_SHAPE_POLAR:
        n = snprintf(buf, len, "polar:%llu", (unsigned long long)g->rows);
        break;
    case MZ_SHAPE_CUBE:
        n = snprintf(buf, len, "3d:%llux%llux%llu", (unsigned long long)g->levels,
                     (unsigned long long)g->rows, (unsigned long long)g->cols);
        break;
    default:
        n = snprintf(buf, len, "%s:%llux%llu", mz_shape_name(g->shape),
                     (unsigned long long)g->rows, (unsigned long long)g->cols);
    }
    return n < 0 ? 0 : (size_t)n;
}

/* ---- Ports ---- */

static mz_idx hex_nbr(const mz_grid *g, mz_idx i, unsigned p)
{
    uint64_t r = i / g->cols, c = i % g->cols;
    bool odd = c & 1;
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

static mz_idx tri_nbr(const mz_grid *g, mz_idx i, unsigned p)
{
    uint64_t r = i / g->cols, c = i % g->cols;
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

static mz_idx polar_nbr(const mz_grid *g, mz_idx i, unsigned p)
{
    uint64_t ring, pos;
    mz_polar_locate(i, &ring, &pos);
    if (ring == 0)
        return p < 6 && g->rows > 1 ? 1 + p : MZ_NONE;
    uint64_t n = mz_polar_ring_cells(ring), first = mz_polar_ring_first(ring);
    switch (p) {
    case 0: return first + (pos + 1) % n;
    case 1: return first + (pos + n - 1) % n;
    case 2: {
        if (ring == 1)
            return 0;
        uint64_t pn = mz_polar_ring_cells(ring - 1);
        return mz_polar_ring_first(ring - 1) + (pn == n ? pos : pos / 2);
    }
    case 3:
    case 4: {
        if (ring + 1 >= g->rows)
            return MZ_NONE;
        uint64_t nn = mz_polar_ring_cells(ring + 1), nf = mz_polar_ring_first(ring + 1);
        if (nn == n)
            return p == 3 ? nf + pos : MZ_NONE;
        return nf + 2 * pos + (p - 3);
    }
    default: return MZ_NONE;
    }
}

static mz_idx cube_nbr(const mz_grid *g, mz_idx i, unsigned p)
{
    uint64_t plane = g->rows * g->cols;
    uint64_t in = i % plane, c = in % g->cols;
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

/* The square neighbour without wrap. */
static mz_idx flat_nbr(const mz_grid *g, mz_idx i, unsigned d)
{
    switch (d) {
    case MZ_N: return i >= g->cols ? i - g->cols : MZ_NONE;
    case MZ_S: return i + g->cols < g->cells ? i + g->cols : MZ_NONE;
    case MZ_E: return (i % g->cols) + 1 < g->cols ? i + 1 : MZ_NONE;
    default: return i % g->cols > 0 ? i - 1 : MZ_NONE;
    }
}

static mz_idx weave_nbr(const mz_grid *g, mz_idx i, unsigned p)
{
    if (p < 4)
        return flat_nbr(g, i, p);
    if (p > 7)
        return MZ_NONE;
    mz_idx b = flat_nbr(g, i, p - 4);
    return b == MZ_NONE ? MZ_NONE : flat_nbr(g, b, p - 4);
}

mz_idx mz_port_nbr(const mz_grid *g, mz_idx i, unsigned p)
{
    switch (g->shape) {
    case MZ_SHAPE_ORTHO: return p < 4 ? mz_neighbour(g, i, p) : MZ_NONE;
    case MZ_SHAPE_HEX: return hex_nbr(g, i, p);
    case MZ_SHAPE_TRI: return tri_nbr(g, i, p);
    case MZ_SHAPE_POLAR: return polar_nbr(g, i, p);
    case MZ_SHAPE_CUBE: return cube_nbr(g, i, p);
    case MZ_SHAPE_WEAVE: return weave_nbr(g, i, p);
    default: return MZ_NONE;
    }
}

unsigned mz_port_back(const mz_grid *g, mz_idx i, unsigned p)
{
    switch (g->shape) {
    case MZ_SHAPE_HEX: return (p + 3) % 6;
    case MZ_SHAPE_TRI: return p == 2 ? 2 : p ^ 1;
    case MZ_SHAPE_POLAR: {
        uint64_t ring, pos;
        mz_polar_locate(i, &ring, &pos);
        if (ring == 0)
            return 2; /* ring 1's inward port */
        if (p <= 1)
            return p ^ 1;
        if (p >= 3)
            return 2;
        /* inward: which outward port of the parent leads here */
        if (ring == 1)
            return (unsigned)pos; /* the centre's port pos */
        return mz_polar_ring_cells(ring - 1) == mz_polar_ring_cells(ring) ? 3 : 3 + (unsigned)(pos & 1);
    }
    case MZ_SHAPE_CUBE: return p >= 4 ? p ^ 1 : mz_opposite(p);
    case MZ_SHAPE_WEAVE: return (p & 4) | mz_opposite(p & 3);
    default: return mz_opposite(p);
    }
}

/* Weave: is there a passage under cell x along the axis of direction d? A
 * passage under x joins its two neighbours on that axis by their ports 4+. */
static bool weave_under(const mz_grid *g, mz_idx x, unsigned d)
{
    mz_idx a = flat_nbr(g, x, d);
    return a != MZ_NONE && !(g->c[a] & (1u << (4 + mz_opposite(d))));
}

/* Weave: side d of x is free (neither its wall nor its under-port open)
 * and no passage runs under x along that axis. */
static bool weave_side_free(const mz_grid *g, mz_idx x, unsigned d)
{
    unsigned c = g->c[x];
    return (c & (1u << d)) && (c & (1u << (4 + d))) && !weave_under(g, x, d);
}

static bool weave_can_open(const mz_grid *g, mz_idx i, unsigned p)
{
    unsigned d = p & 3;
    mz_idx n = weave_nbr(g, i, p);
    if (n == MZ_NONE || !weave_side_free(g, i, d) || !weave_side_free(g, n, mz_opposite(d)))
        return false;
    if (p < 4)
        return true;
    /* Under b: b must be a straight corridor across the axis, with no
     * passage of its own along it and nothing under it yet. */
    mz_idx b = flat_nbr(g, i, d);
    unsigned c = g->c[b], e = (d + 1) & 3;
    unsigned along = (1u << d) | (1u << mz_opposite(d));
    unsigned across = (1u << e) | (1u << mz_opposite(e));
    return (c & along) == along && (c & across) == 0 && (c & 0xF0u) == 0xF0u &&
           !weave_under(g, b, e);
}

bool mz_port_can_open(const mz_grid *g, mz_idx i, unsigned p)
{
    if (p >= mz_shape_ports(g->shape) || !(g->c[i] & (1u << p)))
        return false;
    if (g->shape == MZ_SHAPE_WEAVE)
        return weave_can_open(g, i, p);
    return mz_port_nbr(g, i, p) != MZ_NONE;
}

void mz_port_knock(mz_grid *g, mz_idx i, unsigned p)
{
    mz_idx n = mz_port_nbr(g, i, p);
    g->c[i] &= (uint8_t)~(1u << p);
    g->c[n] &= (uint8_t)~(1u << mz_port_back(g, i, p));
}

void mz_port_close(mz_grid *g, mz_idx i, unsigned p)
{
    mz_idx n = mz_port_nbr(g, i, p);
    g->c[i] |= (uint8_t)(1u << p);
    g->c[n] |= (uint8_t)(1u << mz_port_back(g, i, p));
}

unsigned mz_port_degree(const mz_grid *g, mz_idx i)
{
    unsigned ports = mz_shape_ports(g->shape);
    unsigned open = (unsigned)~g->c[i] & ((1u << ports) - 1u);
    if (g->shape == MZ_SHAPE_ORTHO && (g->c[i] & MZ_BLOCKED))
        return 0;
    return (unsigned)__builtin_popcount(open);
}

int mz_port_across(const mz_grid *g, mz_idx i, unsigned p)
{
    switch (g->shape) {
    case MZ_SHAPE_HEX: return (int)((p + 3) % 6);
    case MZ_SHAPE_TRI: return -1;
    case MZ_SHAPE_POLAR: {
        if (i == 0)
            return -1;
        if (p <= 1)
            return (int)(p ^ 1);
        if (p == 2)
            return 3; /* in -> out0 (and out1 where the ring doubles) */
        return 2;
    }
    case MZ_SHAPE_CUBE: return p >= 4 ? (int)(p ^ 1) : (int)mz_opposite(p);
    case MZ_SHAPE_WEAVE: return (int)((p & 4) | mz_opposite(p & 3));
    default: return (int)mz_opposite(p);
    }
}

static uint64_t absdiff(uint64_t a, uint64_t b) { return a > b ? a - b : b - a; }

uint64_t mz_shape_distance(const mz_grid *g, mz_idx a, mz_idx b)
{
    switch (g->shape) {
    case MZ_SHAPE_ORTHO:
        if (g->flags & MZ_GRID_WRAP_EW)
            return absdiff(a / g->cols, b / g->cols);
        return absdiff(a / g->cols, b / g->cols) + absdiff(a % g->cols, b % g->cols);
    case MZ_SHAPE_WEAVE: {
        /* an under-passage moves two cells in one step */
        uint64_t d = absdiff(a / g->cols, b / g->cols) + absdiff(a % g->cols, b % g->cols);
        return (d + 1) / 2;
    }
    case MZ_SHAPE_CUBE: {
        uint64_t plane = g->rows * g->cols, pa = a % plane, pb = b % plane;
        return absdiff(a / plane, b / plane) + absdiff(pa / g->cols, pb / g->cols) +
               absdiff(pa % g->cols, pb % g->cols);
    }
    case MZ_SHAPE_HEX: {
        /* offset columns to cube coordinates (odd columns lower) */
        int64_t ca = (int64_t)(a % g->cols), cb = (int64_t)(b % g->cols);
        int64_t za = (int64_t)(a / g->cols) - (ca - (ca & 1)) / 2;
        int64_t zb = (int64_t)(b / g->cols) - (cb - (cb & 1)) / 2;
        int64_t dx = ca - cb, dz = za - zb, dy = -dx - dz;
        int64_t m = dx < 0 ? -dx : dx;
        if ((dz < 0 ? -dz : dz) > m)
            m = dz < 0 ? -dz : dz;
        if ((dy < 0 ? -dy : dy) > m)
            m = dy < 0 ? -dy : dy;
        return (uint64_t)m;
    }
    case MZ_SHAPE_TRI: {
        /* a step changes the row or the column by one, never both */
        return absdiff(a / g->cols, b / g->cols) + absdiff(a % g->cols, b % g->cols);
    }
    case MZ_SHAPE_POLAR: {
        uint64_t ra, rb, pa, pb;
        mz_polar_locate(a, &ra, &pa);
        mz_polar_locate(b, &rb, &pb);
        return absdiff(ra, rb);
    }
    default: return 0;
    }
}
