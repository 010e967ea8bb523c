/*
 * shape.h - a cell shape as one record of operations (docs/shapes.md, "The
 * shape table"). Not part of the API.
 *
 * Everything the library knows about a shape is in its record, one file
 * per shape under src/core/shapes/, and mz_shape_table (dims.c) holds one
 * record per mz_shape value. The public shape functions of
 * src/mazebench.h ("Cell shapes") dispatch through the table; the port
 * functions (mz_port_nbr, mz_port_back, mz_port_can_open, mz_port_knock)
 * go through the inline switch of shape_ports.h, whose per-shape
 * functions the records' nbr, back and can_open wrap.
 *
 * Adding a shape (docs/extending.md, "Adding a shape"): its line in the
 * shape list (src/mazebench_shapes.h), src/core/shapes/NAME.c defining
 * `const mz_shape_ops mz_shape_NAME` with every field below (only alias
 * and can_open may be NULL; the list makes its declaration and its line
 * in mz_shape_table), its drawing record (src/render/picture/shapes.c,
 * pic_NAME) and its rows in data/shape-figures.csv. The ports paths of
 * the generators and solvers reach the record's nbr, back and can_open
 * through the defaults of shape_ports.h and shape_at.h until the shape
 * adds fast paths there. tests/test_shape_table.c checks that every
 * record is complete and that its ports, distance, geometry text, grids
 * and default entrance and exit agree with each other; every test that
 * iterates shapes takes the record's grids.
 */
#ifndef MZ_SHAPE_H
#define MZ_SHAPE_H

#include "../mazebench.h"

#include <stddef.h>

/* The most grids a list of mz_shape_grid_lists holds. */
#define MZ_SHAPE_ROLE_MAX 4
#define MZ_SHAPE_VET_MAX 8

/* A shape's grids (mz_shape_grids): typical (a small one, the one picture
 * and allocation-failure tests draw, then a medium one), thin (one or two
 * cells across, both ways: the fewest the shape allows), degenerate (the
 * least grids: 1x1 where valid, one level, 2x2...), large (one grid big
 * enough for statistics), vet (the grids 'mazebench vet' runs an entry
 * on), picture (a report's sample picture; on a layered shape at most the
 * levels of the runs it shows), calibrate (about 256 x 256 cells, for a
 * sweep's time estimate) and estimate, estimate_big (a smaller and a
 * larger grid on which test_render holds the picture size estimates to
 * the files, the pair MZ_ESTIMATE_SIZES=big measures them on). */
typedef struct mz_shape_grid_lists {
    mz_dims typical[MZ_SHAPE_ROLE_MAX];
    mz_dims thin[MZ_SHAPE_ROLE_MAX];
    mz_dims degenerate[MZ_SHAPE_ROLE_MAX];
    mz_dims large;
    mz_dims vet[MZ_SHAPE_VET_MAX];
    mz_dims picture;
    mz_dims calibrate;
    mz_dims estimate[2];
    mz_dims estimate_big[2];
} mz_shape_grid_lists;

/* A grid of shape ID in a record's lists: MZ_G(HEX, 1, 7, 9). */
#define MZ_G(ID, levels, rows, cols) {MZ_SHAPE_##ID, levels, rows, cols}

typedef struct mz_shape_ops {
    /* The name (mz_shape_name, the "SHAPE:" of a grid's text, the
     * topology column) and an older name mz_shape_parse also accepts
     * (NULL: none). */
    const char *name;
    const char *alias;
    /* Ports a cell may have (at most 8: a cell's byte), and the most of
     * them a maze may have open at once (weave: 4, one passage a side,
     * over or under). */
    unsigned ports;
    unsigned max_degree;
    /* True when the geometry has levels (mz_dims.levels counts; the
     * topology column reads "NAME:LEVELS"); false: levels is always 1. */
    bool layered;

    /* ---- Geometry ---- */
    /* Does every dimension the shape reads have a non-zero value? (An
     * ignored one, such as a polar grid's cols, may be anything.) */
    bool (*sized)(const mz_dims *g);
    /* Are the cells one connected graph when every wall is open? */
    bool (*connected)(const mz_dims *g);
    /* The cells of a sized geometry, or 0 past the shape's size limits
     * (MZ_MAX_CELLS and any of its own). Fills the derived fields: levels
     * (1 when not layered) and whatever else the shape derives (polar:
     * cols, the outer ring's cells). */
    uint64_t (*cells)(mz_dims *g);
    /* The DIMS of "SHAPE:DIMS": n (1..3) numbers v read from "AxBxC";
     * sets g's dimensions. MZ_EINVAL for a count the shape does not take. */
    mz_status (*parse_dims)(const uint64_t *v, unsigned n, mz_dims *g);
    /* Write the geometry as mz_dims_parse reads it back ("SHAPE:DIMS", or
     * the bare "RxC" of square cells); snprintf's return value. */
    int (*format)(const mz_dims *g, char *buf, size_t len);
    /* A geometry of the shape with about target (>= 1) cells, never more
     * (but at least one cell a side), as near square (cubic) as the shape
     * allows; its cells filled in as by cells(). */
    mz_dims (*near)(uint64_t target);
    /* A geometry of side n: n x n, n levels of n x n, n rings; its cells
     * filled in as by cells(). */
    mz_dims (*of_side)(uint64_t n);

    /* ---- Cells of a grid ---- */
    /* The default entrance and exit of a fresh grid (mz_grid_reset): two
     * cells far apart by the shape's own distance. */
    mz_idx (*entrance)(const mz_grid *g);
    mz_idx (*exit)(const mz_grid *g);
    /* The cell at the centre (MZ_CELL_CENTRE). */
    mz_idx (*centre)(const mz_grid *g);

    /* ---- Ports ---- */
    /* The cell behind port p of i, or MZ_NONE off the grid (or p not a
     * port). */
    mz_idx (*nbr)(const mz_grid *g, mz_idx i, unsigned p);
    /* The port of that neighbour leading back to i (it must exist). */
    unsigned (*back)(const mz_grid *g, mz_idx i, unsigned p);
    /* The crossing rules for port p (< ports) of i, whose wall is closed:
     * may it be opened now? NULL: whenever the neighbour exists. */
    bool (*can_open)(const mz_grid *g, mz_idx i, unsigned p);
    /* The port across the cell from p (a straight passage), or -1. */
    int (*across)(const mz_grid *g, mz_idx i, unsigned p);
    /* The ports of i that are wall segments of the drawing are 0 ..
     * side_ports - 1 (one with no cell behind it is a border wall):
     * under-passages, floors and ceilings are not, nor is a polar cell's
     * OUT1 or any port of the centre. */
    unsigned (*side_ports)(const mz_grid *g, mz_idx i);
    /* A lower bound on the steps between two cells (A*'s distance). */
    uint64_t (*distance)(const mz_grid *g, mz_idx a, mz_idx b);

    /* ---- Sizes and grids (mz_shape_syntax, mz_shape_grids) ---- */
    /* The size text mz_dims_parse reads for the shape, with its least size
     * where it has one ("torus:RxC (R and C at least 3)"): every size help
     * and size error is made from it. */
    const char *syntax;
    /* The shape's grids for each purpose (MZ_GRIDS_* in src/mazebench.h),
     * each list ended by a zero row (rows 0) or by its end. */
    mz_shape_grid_lists grids;

    /* ---- Memory (mz_estimate_bytes), measured ---- */
    /* Bytes a cell beside the grid of the figures (mz_metrics_compute:
     * the route's marks and the breadth-first queue) and of the
     * statistics (mz_maze_stats_compute: a double sweep). */
    double figures_bytes_per_cell;
    double stats_bytes_per_cell;
} mz_shape_ops;

/* mz_shape_NAME, one a line of the shape list (src/core/shapes/NAME.c). */
#define MZ_SHAPE_DECLARE_(ID, name) extern const mz_shape_ops mz_shape_##name;
MZ_SHAPE_LIST(MZ_SHAPE_DECLARE_)
#undef MZ_SHAPE_DECLARE_

/* One record per shape, indexed by mz_shape (dims.c). */
extern const mz_shape_ops *const mz_shape_table[MZ_SHAPE_COUNT];

/* The record of shape s, or NULL for a value out of range. */
static inline const mz_shape_ops *mz_shape_ops_of(mz_shape s)
{
    return (unsigned)s < MZ_SHAPE_COUNT ? mz_shape_table[s] : NULL;
}

/* Shared by the records (dims.c): |a - b|; the flat shapes' (rows x cols,
 * levels 1) text "NAME:RxC", near-square geometry of about target cells,
 * sized, cells and dimensions ("N" or "RxC"); cell 0 and the last cell;
 * the middle cell of the middle row (and level); every port a side. */
static inline uint64_t mz_absdiff(uint64_t a, uint64_t b) { return a > b ? a - b : b - a; }
int mz_shape_format_rc(const mz_dims *g, char *buf, size_t len);
mz_dims mz_shape_near_rc(mz_shape s, uint64_t target);
bool mz_shape_sized_rc(const mz_dims *g);
uint64_t mz_shape_cells_rc(mz_dims *g);
mz_status mz_shape_parse_rc(const uint64_t *v, unsigned n, mz_dims *g);
mz_idx mz_shape_first_cell(const mz_grid *g);
mz_idx mz_shape_last_cell(const mz_grid *g);
mz_idx mz_shape_centre_rc(const mz_grid *g);
unsigned mz_shape_all_ports(const mz_grid *g, mz_idx i);

#endif /* MZ_SHAPE_H */
