/* topo.c - cell shapes: geometry, parsing, and the ports of each shape
 * (src/mazebench.h, "Cell shapes"; docs/shapes.md). */
#include "internal.h"
#include "shape_ports.h"

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

/* ---- Polar rings (shape_ports.h) ---- */

uint64_t mz_polar_ring_cells(uint64_t r) { return mz_sp_polar_ring_cells(r); }

uint64_t mz_polar_ring_first(uint64_t r) { return mz_sp_polar_ring_first(r); }

void mz_polar_locate(mz_idx i, uint64_t *ring, uint64_t *pos) { mz_sp_polar_locate(i, ring, pos); }

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

/* ---- Ports (shape_ports.h) ---- */

mz_idx mz_port_nbr(const mz_grid *g, mz_idx i, unsigned p) { return mz_sp_nbr(g, g->shape, i, p); }

unsigned mz_port_back(const mz_grid *g, mz_idx i, unsigned p)
{
    return mz_sp_back(g, g->shape, i, p);
}

bool mz_port_can_open(const mz_grid *g, mz_idx i, unsigned p)
{
    return mz_sp_can_open(g, g->shape, i, p);
}

void mz_port_knock(mz_grid *g, mz_idx i, unsigned p) { mz_sp_knock(g, g->shape, i, p); }

void mz_port_close(mz_grid *g, mz_idx i, unsigned p)
{
    mz_idx n = mz_sp_nbr(g, g->shape, i, p);
    g->c[i] |= (uint8_t)(1u << p);
    g->c[n] |= (uint8_t)(1u << mz_sp_back(g, g->shape, i, p));
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
