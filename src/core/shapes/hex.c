/* hex.c - hexagonal cells (MZ_SHAPE_HEX): rows x cols in columns, odd
 * columns half a cell lower; ports N NE SE S SW NW. */
#include "../shape_ports.h"

static bool hex_connected(const mz_dims *g)
{
    (void)g;
    return true;
}

static mz_dims hex_near(uint64_t target) { return mz_shape_near_rc(MZ_SHAPE_HEX, target); }

static mz_dims hex_of_side(uint64_t n)
{
    mz_dims g = {MZ_SHAPE_HEX, 1, n, n};
    mz_dims_cells(&g);
    return g;
}

static mz_idx hex_nbr(const mz_grid *g, mz_idx i, unsigned p) { return mz_sp_hex_nbr(g, i, p); }

static unsigned hex_back(const mz_grid *g, mz_idx i, unsigned p) { return mz_sp_hex_back(g, i, p); }

static int hex_across(const mz_grid *g, mz_idx i, unsigned p)
{
    (void)g;
    (void)i;
    return (int)((p + 3) % 6);
}

static uint64_t hex_distance(const mz_grid *g, mz_idx a, mz_idx b)
{
    return mz_sp_hex_distance_rc(a / g->cols, a % g->cols, b / g->cols, b % g->cols);
}

const mz_shape_ops mz_shape_hex = {
    .name = "hex",
    .alias = "sigma",
    .ports = 6,
    .max_degree = 6,
    .layered = false,
    .sized = mz_shape_sized_rc,
    .connected = hex_connected,
    .cells = mz_shape_cells_rc,
    .parse_dims = mz_shape_parse_rc,
    .format = mz_shape_format_rc,
    .near = hex_near,
    .of_side = hex_of_side,
    .entrance = mz_shape_first_cell,
    .exit = mz_shape_last_cell,
    .centre = mz_shape_centre_rc,
    .nbr = hex_nbr,
    .back = hex_back,
    .can_open = NULL,
    .across = hex_across,
    .side_ports = mz_shape_all_ports,
    .distance = hex_distance,
    .syntax = "hex:RxC",
    .grids =
        {
            .typical = {MZ_G(HEX, 1, 7, 9), MZ_G(HEX, 1, 12, 13)},
            .thin = {MZ_G(HEX, 1, 1, 7), MZ_G(HEX, 1, 7, 1), MZ_G(HEX, 1, 2, 9)},
            .degenerate = {MZ_G(HEX, 1, 1, 1), MZ_G(HEX, 1, 2, 2)},
            .large = MZ_G(HEX, 1, 24, 24),
            .vet = {MZ_G(HEX, 1, 7, 9), MZ_G(HEX, 1, 1, 7), MZ_G(HEX, 1, 7, 1), MZ_G(HEX, 1, 2, 9), MZ_G(HEX, 1, 1, 1), MZ_G(HEX, 1, 2, 2)},
            .picture = MZ_G(HEX, 1, 16, 16),
            .calibrate = MZ_G(HEX, 1, 256, 256),
            .estimate = {MZ_G(HEX, 1, 12, 12), MZ_G(HEX, 1, 30, 30)},
            .estimate_big = {MZ_G(HEX, 1, 100, 100), MZ_G(HEX, 1, 300, 300)},
        },
    .figures_bytes_per_cell = 0.25,
    .stats_bytes_per_cell = 0.25,
};
