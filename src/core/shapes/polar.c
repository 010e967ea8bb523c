/* polar.c - polar cells (MZ_SHAPE_POLAR): a centre cell and rows-1 rings
 * around it, ring r >= 1 of 6 * 2^floor(log2 r) cells; ports CW CCW IN
 * OUT0 OUT1. cols is derived: the outer ring's cells. */
#include "../shape_ports.h"

#include <stdio.h>

/* Rings up to 2^20 keep every figure of a ring in 64 bits, past 2^40
 * cells anyway. */
#define POLAR_MAX_RINGS (UINT64_C(1) << 20)

static bool polar_sized(const mz_dims *g) { return g->rows != 0; }

static bool polar_connected(const mz_dims *g)
{
    (void)g;
    return true;
}

static uint64_t polar_cells(mz_dims *g)
{
    if (g->rows > POLAR_MAX_RINGS)
        return 0;
    uint64_t cells = mz_polar_ring_first(g->rows);
    if (cells > MZ_MAX_CELLS)
        return 0;
    g->levels = 1;
    g->cols = mz_polar_ring_cells(g->rows - 1);
    return cells;
}

static mz_status polar_parse_dims(const uint64_t *v, unsigned n, mz_dims *g)
{
    if (n != 1)
        return MZ_EINVAL;
    g->rows = v[0];
    return MZ_OK;
}

static int polar_format(const mz_dims *g, char *buf, size_t len)
{
    return snprintf(buf, len, "polar:%llu", (unsigned long long)g->rows);
}

/* The most rings within target cells. */
static mz_dims polar_near(uint64_t target)
{
    mz_dims g = {MZ_SHAPE_POLAR, 1, 1, 1};
    uint64_t lo = 1, hi = POLAR_MAX_RINGS;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo + 1) / 2;
        if (mz_polar_ring_first(mid) <= target)
            lo = mid;
        else
            hi = mid - 1;
    }
    g.rows = lo;
    mz_dims_cells(&g);
    return g;
}

static mz_dims polar_of_side(uint64_t n)
{
    mz_dims g = {MZ_SHAPE_POLAR, 1, n, n};
    mz_dims_cells(&g);
    return g;
}

static mz_idx polar_centre(const mz_grid *g)
{
    (void)g;
    return 0;
}

static mz_idx polar_nbr(const mz_grid *g, mz_idx i, unsigned p) { return mz_sp_polar_nbr(g, i, p); }

static unsigned polar_back(const mz_grid *g, mz_idx i, unsigned p)
{
    return mz_sp_polar_back(g, i, p);
}

static int polar_across(const mz_grid *g, mz_idx i, unsigned p)
{
    (void)g;
    if (i == 0)
        return -1;
    if (p <= 1)
        return (int)(p ^ 1);
    if (p == 2)
        return 3; /* in -> out0 (and out1 where the ring doubles) */
    return 2;
}

/* CW CCW IN OUT0 are walls (OUT0 the rim's one outer segment); OUT1 is
 * not, nor is any port of the centre. */
static unsigned polar_side_ports(const mz_grid *g, mz_idx i)
{
    (void)g;
    return i == 0 ? 0 : 4;
}

static uint64_t polar_distance(const mz_grid *g, mz_idx a, mz_idx b)
{
    (void)g;
    uint64_t ra, rb, pa, pb;
    mz_polar_locate(a, &ra, &pa);
    mz_polar_locate(b, &rb, &pb);
    return mz_absdiff(ra, rb);
}

const mz_shape_ops mz_shape_polar = {
    .name = "polar",
    .alias = "theta",
    .ports = 6,
    .max_degree = 6,
    .layered = false,
    .sized = polar_sized,
    .connected = polar_connected,
    .cells = polar_cells,
    .parse_dims = polar_parse_dims,
    .format = polar_format,
    .near = polar_near,
    .of_side = polar_of_side,
    .entrance = mz_shape_first_cell,
    .exit = mz_shape_last_cell,
    .centre = polar_centre,
    .nbr = polar_nbr,
    .back = polar_back,
    .can_open = NULL,
    .across = polar_across,
    .side_ports = polar_side_ports,
    .distance = polar_distance,
    .syntax = "polar:RINGS",
    .grids =
        {
            .typical = {MZ_G(POLAR, 1, 6, 0), MZ_G(POLAR, 1, 9, 0)},
            .thin = {MZ_G(POLAR, 1, 2, 0), MZ_G(POLAR, 1, 3, 0)},
            .degenerate = {MZ_G(POLAR, 1, 1, 0)},
            .large = MZ_G(POLAR, 1, 16, 0),
            .vet = {MZ_G(POLAR, 1, 6, 0), MZ_G(POLAR, 1, 2, 0), MZ_G(POLAR, 1, 3, 0), MZ_G(POLAR, 1, 1, 0)},
            .picture = MZ_G(POLAR, 1, 8, 0),
            .calibrate = MZ_G(POLAR, 1, 100, 0),
            .estimate = {MZ_G(POLAR, 1, 8, 0), MZ_G(POLAR, 1, 20, 0)},
            .estimate_big = {MZ_G(POLAR, 1, 50, 0), MZ_G(POLAR, 1, 150, 0)},
        },
    .figures_bytes_per_cell = 0.25,
    .stats_bytes_per_cell = 0.25,
};
