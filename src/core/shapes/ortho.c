/* ortho.c - square cells (MZ_SHAPE_ORTHO): rows x cols, ports N E S W;
 * with MZ_GRID_WRAP_EW the east and west borders are one wall. */
#include "../shape_ports.h"

#include <stdio.h>

static int ortho_format(const mz_dims *g, char *buf, size_t len)
{
    return snprintf(buf, len, "%llux%llu", (unsigned long long)g->rows,
                    (unsigned long long)g->cols);
}

static bool ortho_connected(const mz_dims *g)
{
    (void)g;
    return true;
}

static mz_dims ortho_near(uint64_t target) { return mz_shape_near_rc(MZ_SHAPE_ORTHO, target); }

static mz_dims ortho_of_side(uint64_t n)
{
    mz_dims g = {MZ_SHAPE_ORTHO, 1, n, n};
    mz_dims_cells(&g);
    return g;
}

static mz_idx ortho_nbr(const mz_grid *g, mz_idx i, unsigned p) { return mz_sp_ortho_nbr(g, i, p); }

static unsigned ortho_back(const mz_grid *g, mz_idx i, unsigned p)
{
    return mz_sp_ortho_back(g, i, p);
}

static int ortho_across(const mz_grid *g, mz_idx i, unsigned p)
{
    (void)g;
    (void)i;
    return (int)mz_sq_opposite(p);
}

static uint64_t ortho_distance(const mz_grid *g, mz_idx a, mz_idx b)
{
    if (g->flags & MZ_GRID_WRAP_EW) /* a row's ends meet: only the rows count */
        return mz_absdiff(a / g->cols, b / g->cols);
    return mz_absdiff(a / g->cols, b / g->cols) + mz_absdiff(a % g->cols, b % g->cols);
}

const mz_shape_ops mz_shape_ortho = {
    .name = "ortho",
    .alias = "square",
    .ports = 4,
    .max_degree = 4,
    .layered = false,
    .sized = mz_shape_sized_rc,
    .connected = ortho_connected,
    .cells = mz_shape_cells_rc,
    .parse_dims = mz_shape_parse_rc,
    .format = ortho_format,
    .near = ortho_near,
    .of_side = ortho_of_side,
    .entrance = mz_shape_first_cell,
    .exit = mz_shape_last_cell,
    .centre = mz_shape_centre_rc,
    .nbr = ortho_nbr,
    .back = ortho_back,
    .can_open = NULL,
    .across = ortho_across,
    .side_ports = mz_shape_all_ports,
    .distance = ortho_distance,
    .syntax = "RxC or N (square cells; ortho:RxC too)",
    .grids =
        {
            .typical = {MZ_G(ORTHO, 1, 11, 13), MZ_G(ORTHO, 1, 31, 31)},
            .thin = {MZ_G(ORTHO, 1, 1, 7), MZ_G(ORTHO, 1, 7, 1), MZ_G(ORTHO, 1, 2, 9)},
            .degenerate = {MZ_G(ORTHO, 1, 1, 1), MZ_G(ORTHO, 1, 2, 2)},
            .large = MZ_G(ORTHO, 1, 64, 64),
            .vet = {MZ_G(ORTHO, 1, 1, 1), MZ_G(ORTHO, 1, 1, 7), MZ_G(ORTHO, 1, 7, 1), MZ_G(ORTHO, 1, 2, 2), MZ_G(ORTHO, 1, 9, 13), MZ_G(ORTHO, 1, 31, 31)},
            .picture = MZ_G(ORTHO, 1, 15, 15),
            .calibrate = MZ_G(ORTHO, 1, 256, 256),
            .estimate = {MZ_G(ORTHO, 1, 40, 40), MZ_G(ORTHO, 1, 260, 260)},
            .estimate_big = {MZ_G(ORTHO, 1, 100, 100), MZ_G(ORTHO, 1, 1000, 1000)},
        },
    .figures_bytes_per_cell = 0.25,
    .stats_bytes_per_cell = 0.25,
};
