/* tri.c - triangular cells (MZ_SHAPE_TRI): rows x cols, cell (r, c)
 * points up when r + c is even; ports W E and the base. */
#include "../shape_ports.h"

static bool tri_connected(const mz_dims *g)
{
    /* a single column of triangles pairs them off: up with the one below */
    return !(g->cols == 1 && g->rows > 2);
}

static mz_dims tri_near(uint64_t target) { return mz_shape_near_rc(MZ_SHAPE_TRI, target); }

static mz_dims tri_of_side(uint64_t n)
{
    mz_dims g = {MZ_SHAPE_TRI, 1, n, n};
    mz_dims_cells(&g);
    return g;
}

static mz_idx tri_nbr(const mz_grid *g, mz_idx i, unsigned p) { return mz_sp_tri_nbr(g, i, p); }

static unsigned tri_back(const mz_grid *g, mz_idx i, unsigned p) { return mz_sp_tri_back(g, i, p); }

static int tri_across(const mz_grid *g, mz_idx i, unsigned p)
{
    (void)g;
    (void)i;
    (void)p;
    return -1; /* a passage through a triangle always turns */
}

static uint64_t tri_distance(const mz_grid *g, mz_idx a, mz_idx b)
{
    /* a step changes the row or the column by one, never both */
    return mz_absdiff(a / g->cols, b / g->cols) + mz_absdiff(a % g->cols, b % g->cols);
}

const mz_shape_ops mz_shape_tri = {
    .name = "tri",
    .alias = "delta",
    .ports = 3,
    .max_degree = 3,
    .layered = false,
    .sized = mz_shape_sized_rc,
    .connected = tri_connected,
    .cells = mz_shape_cells_rc,
    .parse_dims = mz_shape_parse_rc,
    .format = mz_shape_format_rc,
    .near = tri_near,
    .of_side = tri_of_side,
    .entrance = mz_shape_first_cell,
    .exit = mz_shape_last_cell,
    .centre = mz_shape_centre_rc,
    .nbr = tri_nbr,
    .back = tri_back,
    .can_open = NULL,
    .across = tri_across,
    .side_ports = mz_shape_all_ports,
    .distance = tri_distance,
    .syntax = "tri:RxC (more than 2 rows need 2 columns or more)",
    .grids =
        {
            .typical = {MZ_G(TRI, 1, 6, 11), MZ_G(TRI, 1, 9, 14)},
            .thin = {MZ_G(TRI, 1, 1, 5), MZ_G(TRI, 1, 2, 1), MZ_G(TRI, 1, 2, 9)},
            .degenerate = {MZ_G(TRI, 1, 1, 1), MZ_G(TRI, 1, 2, 2)},
            .large = MZ_G(TRI, 1, 24, 40),
            .vet = {MZ_G(TRI, 1, 6, 11), MZ_G(TRI, 1, 1, 5), MZ_G(TRI, 1, 2, 1), MZ_G(TRI, 1, 2, 9), MZ_G(TRI, 1, 1, 1), MZ_G(TRI, 1, 2, 2)},
            .picture = MZ_G(TRI, 1, 16, 16),
            .calibrate = MZ_G(TRI, 1, 256, 256),
            .estimate = {MZ_G(TRI, 1, 10, 20), MZ_G(TRI, 1, 24, 48)},
            .estimate_big = {MZ_G(TRI, 1, 100, 200), MZ_G(TRI, 1, 300, 600)},
        },
    .figures_bytes_per_cell = 0.25,
    .stats_bytes_per_cell = 0.25,
};
