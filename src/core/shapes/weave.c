/* weave.c - weave cells (MZ_SHAPE_WEAVE): square cells whose passages
 * may pass under a neighbour; ports N E S W, then 4..7 the same
 * directions under the next cell. */
#include "../shape_ports.h"

static bool weave_connected(const mz_dims *g)
{
    (void)g;
    return true;
}

static mz_dims weave_near(uint64_t target) { return mz_shape_near_rc(MZ_SHAPE_WEAVE, target); }

static mz_dims weave_of_side(uint64_t n)
{
    mz_dims g = {MZ_SHAPE_WEAVE, 1, n, n};
    mz_dims_cells(&g);
    return g;
}

static mz_idx weave_nbr(const mz_grid *g, mz_idx i, unsigned p) { return mz_sp_weave_nbr(g, i, p); }

static unsigned weave_back(const mz_grid *g, mz_idx i, unsigned p)
{
    return mz_sp_weave_back(g, i, p);
}

static bool weave_can_open(const mz_grid *g, mz_idx i, unsigned p)
{
    return mz_sp_weave_can_open(g, i, p);
}

static int weave_across(const mz_grid *g, mz_idx i, unsigned p)
{
    (void)g;
    (void)i;
    return (int)((p & 4) | mz_sq_opposite(p & 3));
}

/* Ports 0..3 are walls; the under-passages 4..7 are not. */
static unsigned weave_side_ports(const mz_grid *g, mz_idx i)
{
    (void)g;
    (void)i;
    return 4;
}

static uint64_t weave_distance(const mz_grid *g, mz_idx a, mz_idx b)
{
    /* an under-passage moves two cells in one step */
    uint64_t d = mz_absdiff(a / g->cols, b / g->cols) + mz_absdiff(a % g->cols, b % g->cols);
    return (d + 1) / 2;
}

const mz_shape_ops mz_shape_weave = {
    .name = "weave",
    .alias = NULL,
    .ports = 8,
    .max_degree = 4,
    .layered = false,
    .sized = mz_shape_sized_rc,
    .connected = weave_connected,
    .cells = mz_shape_cells_rc,
    .parse_dims = mz_shape_parse_rc,
    .format = mz_shape_format_rc,
    .near = weave_near,
    .of_side = weave_of_side,
    .entrance = mz_shape_first_cell,
    .exit = mz_shape_last_cell,
    .centre = mz_shape_centre_rc,
    .nbr = weave_nbr,
    .back = weave_back,
    .can_open = weave_can_open,
    .across = weave_across,
    .side_ports = weave_side_ports,
    .distance = weave_distance,
    .syntax = "weave:RxC",
    .grids =
        {
            .typical = {MZ_G(WEAVE, 1, 7, 7), MZ_G(WEAVE, 1, 11, 12)},
            .thin = {MZ_G(WEAVE, 1, 1, 9), MZ_G(WEAVE, 1, 9, 1), MZ_G(WEAVE, 1, 2, 9)},
            .degenerate = {MZ_G(WEAVE, 1, 1, 1), MZ_G(WEAVE, 1, 2, 2)},
            .large = MZ_G(WEAVE, 1, 24, 24),
            .vet = {MZ_G(WEAVE, 1, 7, 7), MZ_G(WEAVE, 1, 1, 9), MZ_G(WEAVE, 1, 9, 1), MZ_G(WEAVE, 1, 2, 9), MZ_G(WEAVE, 1, 1, 1), MZ_G(WEAVE, 1, 2, 2)},
            .picture = MZ_G(WEAVE, 1, 16, 16),
            .calibrate = MZ_G(WEAVE, 1, 256, 256),
            .estimate = {MZ_G(WEAVE, 1, 12, 12), MZ_G(WEAVE, 1, 30, 30)},
            .estimate_big = {MZ_G(WEAVE, 1, 100, 100), MZ_G(WEAVE, 1, 300, 300)},
        },
    .figures_bytes_per_cell = 0.25,
    .stats_bytes_per_cell = 0.25,
};
