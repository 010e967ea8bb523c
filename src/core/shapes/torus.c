/* torus.c - torus cells (MZ_SHAPE_TORUS): rows x cols square cells whose
 * rows and columns wrap around (E of the last column is the first column
 * of the row, S of the last row the first row); ports N E S W. Both sides
 * are at least 3: on 2 the two ports of an axis would join the same two
 * cells (a double edge), on 1 a cell to itself. */
#include "../shape_ports.h"

/* The least rows and cols (mz_dims_parse refuses less with MZ_EINVAL). */
#define TORUS_MIN 3

static bool torus_sized(const mz_dims *g) { return g->rows >= TORUS_MIN && g->cols >= TORUS_MIN; }

static bool torus_connected(const mz_dims *g)
{
    (void)g;
    return true;
}

static mz_status torus_parse(const uint64_t *v, unsigned n, mz_dims *g)
{
    mz_status s = mz_shape_parse_rc(v, n, g);
    if (s == MZ_OK && (g->rows < TORUS_MIN || g->cols < TORUS_MIN))
        return MZ_EINVAL;
    return s;
}

/* Near square, at least 3 x 3 (more cells than a target below 9). */
static mz_dims torus_near(uint64_t target)
{
    mz_dims g = mz_shape_near_rc(MZ_SHAPE_TORUS, target);
    if (g.rows < TORUS_MIN || g.cols < TORUS_MIN) {
        g.rows = g.cols = TORUS_MIN;
        mz_dims_cells(&g);
    }
    return g;
}

static mz_dims torus_of_side(uint64_t n)
{
    if (n < TORUS_MIN)
        n = TORUS_MIN;
    mz_dims g = {MZ_SHAPE_TORUS, 1, n, n};
    mz_dims_cells(&g);
    return g;
}

/* The farthest cell from cell 0: half way round both ways. */
static mz_idx torus_exit(const mz_grid *g) { return (g->rows / 2) * g->cols + g->cols / 2; }

static mz_idx torus_nbr(const mz_grid *g, mz_idx i, unsigned p) { return mz_sp_torus_nbr(g, i, p); }

static unsigned torus_back(const mz_grid *g, mz_idx i, unsigned p)
{
    return mz_sp_torus_back(g, i, p);
}

static int torus_across(const mz_grid *g, mz_idx i, unsigned p)
{
    (void)g;
    (void)i;
    return (int)mz_sq_opposite(p);
}

static uint64_t torus_distance(const mz_grid *g, mz_idx a, mz_idx b)
{
    return mz_sp_torus_distance_rc(g, a / g->cols, a % g->cols, b / g->cols, b % g->cols);
}

const mz_shape_ops mz_shape_torus = {
    .name = "torus",
    .alias = NULL,
    .ports = 4,
    .max_degree = 4,
    .layered = false,
    .sized = torus_sized,
    .connected = torus_connected,
    .cells = mz_shape_cells_rc,
    .parse_dims = torus_parse,
    .format = mz_shape_format_rc,
    .near = torus_near,
    .of_side = torus_of_side,
    .entrance = mz_shape_first_cell,
    .exit = torus_exit,
    .centre = mz_shape_centre_rc,
    .nbr = torus_nbr,
    .back = torus_back,
    .can_open = NULL,
    .across = torus_across,
    .side_ports = mz_shape_all_ports,
    .distance = torus_distance,
    .syntax = "torus:RxC (R and C at least 3)",
    .grids =
        {
            .typical = {MZ_G(TORUS, 1, 7, 9), MZ_G(TORUS, 1, 11, 13)},
            .thin = {MZ_G(TORUS, 1, 3, 9), MZ_G(TORUS, 1, 9, 3), MZ_G(TORUS, 1, 3, 4)},
            .degenerate = {MZ_G(TORUS, 1, 3, 3)},
            .large = MZ_G(TORUS, 1, 24, 24),
            .vet = {MZ_G(TORUS, 1, 7, 9), MZ_G(TORUS, 1, 3, 9), MZ_G(TORUS, 1, 9, 3), MZ_G(TORUS, 1, 3, 4), MZ_G(TORUS, 1, 3, 3)},
            .picture = MZ_G(TORUS, 1, 16, 16),
            .calibrate = MZ_G(TORUS, 1, 256, 256),
            .estimate = {MZ_G(TORUS, 1, 12, 12), MZ_G(TORUS, 1, 40, 40)},
            .estimate_big = {MZ_G(TORUS, 1, 100, 100), MZ_G(TORUS, 1, 300, 300)},
        },
    .figures_bytes_per_cell = 0.25,
    .stats_bytes_per_cell = 0.25,
};
