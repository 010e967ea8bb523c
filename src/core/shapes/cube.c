/* cube.c - 3D cells (MZ_SHAPE_CUBE): levels of rows x cols square cells,
 * level-major; ports N E S W UP DOWN. */
#include "../shape_ports.h"

#include <math.h>
#include <stdio.h>

static bool cube_sized(const mz_dims *g) { return g->levels != 0 && g->rows != 0 && g->cols != 0; }

static bool cube_connected(const mz_dims *g)
{
    (void)g;
    return true;
}

static uint64_t cube_cells(mz_dims *g)
{
    uint64_t plane = mz_grid_bytes(g->rows, g->cols);
    if (plane == 0 || g->levels > MZ_MAX_CELLS / plane)
        return 0;
    return plane * g->levels;
}

static mz_status cube_parse_dims(const uint64_t *v, unsigned n, mz_dims *g)
{
    if (n != 3)
        return MZ_EINVAL;
    g->levels = v[0];
    g->rows = v[1];
    g->cols = v[2];
    return MZ_OK;
}

static int cube_format(const mz_dims *g, char *buf, size_t len)
{
    return snprintf(buf, len, "3d:%llux%llux%llu", (unsigned long long)g->levels,
                    (unsigned long long)g->rows, (unsigned long long)g->cols);
}

/* Near-cubic: side levels and rows, as many columns as fit. */
static mz_dims cube_near(uint64_t target)
{
    mz_dims g = {MZ_SHAPE_CUBE, 1, 1, 1};
    uint64_t side = (uint64_t)cbrt((double)target);
    while (side > 1 && side * side * side > target)
        side--;
    while ((side + 1) * (side + 1) * (side + 1) <= target)
        side++;
    g.levels = side;
    g.rows = side;
    g.cols = target / (side * side);
    return g;
}

static mz_dims cube_of_side(uint64_t n)
{
    mz_dims g = {MZ_SHAPE_CUBE, n, n, n};
    mz_dims_cells(&g);
    return g;
}

static mz_idx cube_nbr(const mz_grid *g, mz_idx i, unsigned p) { return mz_sp_cube_nbr(g, i, p); }

static unsigned cube_back(const mz_grid *g, mz_idx i, unsigned p) { return mz_sp_cube_back(g, i, p); }

static int cube_across(const mz_grid *g, mz_idx i, unsigned p)
{
    (void)g;
    (void)i;
    return p >= 4 ? (int)(p ^ 1) : (int)mz_sq_opposite(p);
}

/* Ports 0..3 are walls; floors and ceilings (4, 5) are not. */
static unsigned cube_side_ports(const mz_grid *g, mz_idx i)
{
    (void)g;
    (void)i;
    return 4;
}

static uint64_t cube_distance(const mz_grid *g, mz_idx a, mz_idx b)
{
    uint64_t plane = g->rows * g->cols, pa = a % plane, pb = b % plane;
    return mz_absdiff(a / plane, b / plane) + mz_absdiff(pa / g->cols, pb / g->cols) +
           mz_absdiff(pa % g->cols, pb % g->cols);
}

const mz_shape_ops mz_shape_cube = {
    .name = "3d",
    .alias = "cube",
    .ports = 6,
    .max_degree = 6,
    .layered = true,
    .sized = cube_sized,
    .connected = cube_connected,
    .cells = cube_cells,
    .parse_dims = cube_parse_dims,
    .format = cube_format,
    .near = cube_near,
    .of_side = cube_of_side,
    .entrance = mz_shape_first_cell,
    .exit = mz_shape_last_cell,
    .centre = mz_shape_centre_rc,
    .nbr = cube_nbr,
    .back = cube_back,
    .can_open = NULL,
    .across = cube_across,
    .side_ports = cube_side_ports,
    .distance = cube_distance,
    .syntax = "3d:LEVELSxRxC",
    .grids =
        {
            .typical = {MZ_G(CUBE, 3, 5, 5), MZ_G(CUBE, 3, 5, 6)},
            .thin = {MZ_G(CUBE, 1, 1, 5), MZ_G(CUBE, 5, 1, 1), MZ_G(CUBE, 2, 1, 7)},
            .degenerate = {MZ_G(CUBE, 1, 1, 1), MZ_G(CUBE, 1, 4, 5), MZ_G(CUBE, 2, 2, 2)},
            .large = MZ_G(CUBE, 4, 12, 12),
            .vet = {MZ_G(CUBE, 3, 5, 5), MZ_G(CUBE, 1, 1, 5), MZ_G(CUBE, 5, 1, 1), MZ_G(CUBE, 2, 1, 7), MZ_G(CUBE, 1, 1, 1), MZ_G(CUBE, 1, 4, 5), MZ_G(CUBE, 2, 2, 2)},
            .picture = MZ_G(CUBE, 3, 8, 8),
            .calibrate = MZ_G(CUBE, 40, 40, 40),
            .estimate = {MZ_G(CUBE, 2, 10, 10), MZ_G(CUBE, 3, 20, 20)},
            .estimate_big = {MZ_G(CUBE, 4, 50, 50), MZ_G(CUBE, 4, 150, 150)},
        },
    .figures_bytes_per_cell = 0.5,
    .stats_bytes_per_cell = 0.5,
};
