/*
 * mazebench.h - the stable C API of the mazebench library, for embedding:
 * status codes, the random source, memory, the grid and its shapes, dims,
 * the registry's entries and their look-up, specs, generation, solving,
 * the figures of a maze, and the library's version and ABI check
 * (docs/api.md). The other public headers each add one part and include
 * this one: mazebench_file.h (maze files), mazebench_render.h (pictures),
 * mazebench_row.h (result rows and CSV fields), mazebench_stats.h (the
 * statistics kit), mazebench_bench.h (timing, benchmarks, instruction
 * counts, cost estimates) and mazebench_plugin.h (plugins and entries
 * added at run time). Every header compiles as C11 and as C++ (the
 * benchmark shim), hence the extern "C" guards.
 *
 * Conventions (docs/conventions.md):
 *   - cell index i = row * cols + col, 64-bit everywhere (mz_idx);
 *   - directions 0 = north, 1 = east, 2 = south, 3 = west;
 *   - wall bits N = 1, E = 2, S = 4, W = 8 on square cells (a port a bit
 *     on other shapes, docs/shapes.md); a new grid has every wall closed.
 *
 * Ownership: the caller owns every object it creates with a *_new or
 * *_init function and frees it with the matching *_free. The library never
 * prints and never exits; every fallible call returns an mz_status.
 *
 * Optional arguments: every pointer a declaration below marks
 * "Optional" may be NULL (an err buffer is optional as err NULL with
 * errlen 0): trace, extra, opts (mz_generate), mem (mz_grid_init,
 * mz_solution_init, mz_eller_stream), err (mz_spec_parse,
 * mz_solver_parse, mz_solver_fits, mz_rng_resolve, mz_pic_overlays_parse),
 * switched (mz_rng_resolve), fn (mz_eller_stream), path (mz_render_ascii
 * with path_len 0), steps (mz_anim_trace_bytes), solver (mz_anim_render,
 * mz_pic_opts.solver), algos (mz_row_columns with nalgos 0), a
 * (mz_anim_render, mz_anim_trace_bytes: the defaults), gen
 * (mz_pic_overlay_applies), m (mz_meter_about: "none"), n
 * (mz_registry_added), ring and pos (mz_polar_locate), out
 * (mz_shape_grids, with max 0), and the buf of
 * every function that returns the length needed (mz_dims_format,
 * mz_stage_format, mz_spec_format, mz_shape_column_format: NULL writes
 * nothing and returns that length). tests/test_api.c calls each with NULL.
 *
 * Every other pointer argument is required, and NULL there is refused
 * without a crash: a function that returns an mz_status returns
 * MZ_EINVAL (with a line in err where it has one); one that returns a
 * pointer returns NULL; a count, size, figure or digest is 0, a bool
 * false, a cell MZ_NONE (mz_port_nbr, mz_cell_resolve), -1 for
 * mz_route and mz_port_across, UINT64_MAX for the estimates that
 * saturate (mz_estimate_bytes, mz_trace_steps_bound,
 * mz_anim_trace_bytes); a function that returns nothing does nothing
 * (mz_row_field writes an empty field). Every *_free and *_close is a
 * no-op on NULL; a random draw from a NULL source is 0. The static
 * inline helpers (mz_trace_emit, mz_runs_on, mz_refuses) are inner-loop
 * code and take valid pointers only. tests/test_api_null.c calls every function of the
 * public headers with each required pointer NULL in turn, from one table
 * that must name every function they declare.
 */
#ifndef MAZEBENCH_H
#define MAZEBENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#include "mazebench_shapes.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Version and ABI                                                     */
/* ------------------------------------------------------------------ */

/* The version of this header (and of the library built with it), and its
 * ABI: MZ_ABI_VERSION changes whenever a program built against an older
 * header could misread the library (a struct's size or layout, an enum's
 * values, a function removed or changed), and the shared library's soname
 * is libmazebench.so.MZ_ABI_VERSION (docs/api.md). */
#define MZ_VERSION_MAJOR 0
#define MZ_VERSION_MINOR 2
#define MZ_VERSION_PATCH 0
#define MZ_ABI_VERSION 2
#define MZ_VERSION "0.2.0" /* MAJOR.MINOR.PATCH (tests/test_abi.c checks it) */

/* Marks the library's exported functions: the library is built with
 * hidden visibility, so only these are its ABI. */
#ifndef MZ_API
#if defined(__GNUC__) || defined(__clang__)
#define MZ_API __attribute__((visibility("default")))
#else
#define MZ_API
#endif
#endif

/* ------------------------------------------------------------------ */
/* Status codes                                                        */
/* ------------------------------------------------------------------ */

typedef enum mz_status {
    MZ_OK = 0,       /* success */
    MZ_ENOMEM,       /* an allocation failed */
    MZ_ETOOBIG,      /* a size whose cell count or memory would overflow */
    MZ_EINVAL,       /* an argument out of its documented range */
    MZ_ENOTFOUND,    /* a name that is not in the registry */
    MZ_EPARAM,       /* an unknown, malformed or out-of-range parameter */
    MZ_EUNSUPPORTED, /* the algorithm cannot run on this grid */
    MZ_EIO,          /* a trace or output callback reported failure */
    MZ_ESPENT,       /* a random walk took more than MZ_MULBERRY32_LIMIT draws
                      * from mulberry32 (docs/random.md): its estimate fell
                      * short; splitmix64 serves such a run */
    MZ_EFORMAT,      /* a maze file or a program's output that does not read */
    MZ_EOUTSIDE      /* an outside program failed: it exited non-zero, ran past
                      * a limit, or gave a maze or a path that fails the checks
                      * (its row's outside_status column says which) */
} mz_status;

/* A short lower-case message for a status; cannot fail. */
MZ_API const char *mz_status_str(mz_status s);

/* The library's version, "MAJOR.MINOR.PATCH" (MZ_VERSION of the headers it
 * was built with), and its MZ_ABI_VERSION: what a program linked to it
 * runs with, whatever header it was compiled against. Cannot fail. */
MZ_API const char *mz_version(void);
MZ_API unsigned mz_abi_version(void);

/* ------------------------------------------------------------------ */
/* The random sources: mulberry32 and splitmix64                       */
/* ------------------------------------------------------------------ */

/* Two counter-based sources (docs/random.md). Both are a mixing function
 * of a Weyl counter: output k (0-based) of seed s is mix(s + (k + 1) *
 * increment), so any output can be computed from (seed, k) alone.
 *  - mulberry32: 32-bit state and seed, one cycle of 2^32 outputs that
 *    every seed shares. The article's figures are defined by it; it is the
 *    default wherever a run's draws stay within MZ_MULBERRY32_BUDGET.
 *  - splitmix64: 64-bit state and seed (Steele, Lea and Flood's SplitMix64
 *    with the golden-ratio increment), a cycle of 2^64 outputs: the source
 *    of runs too large for mulberry32. Seed s gives exactly the reference
 *    SplitMix64 sequence started from state s. */
typedef enum mz_rng_kind {
    MZ_RNG_AUTO = -1, /* a request only (mz_rng_resolve): let the run choose */
    MZ_RNG_MULBERRY32 = 0,
    MZ_RNG_SPLITMIX64 = 1,
    MZ_RNG_KIND_COUNT
} mz_rng_kind;

/* The state: the caller's to hold (on the stack, in a struct), the
 * library's to read and write through the functions below. */
typedef struct mz_rng {
    uint32_t a;       /* mulberry32's state */
    uint32_t kind;    /* mz_rng_kind */
    uint64_t x;       /* splitmix64's state */
    uint64_t seed;    /* the state at the start: draws used are counted from it */
} mz_rng;


/* The most draws a run takes from mulberry32 when its source is left to
 * choose (MZ_RNG_AUTO; a sixteenth of the cycle, docs/random.md): a run
 * estimated to need more draws from splitmix64. */
#define MZ_MULBERRY32_BUDGET (UINT64_C(1) << 28)
/* The most draws a run may take from mulberry32 asked for by name (half
 * the cycle: an estimate off by a factor 2 still does not wrap); a run
 * estimated to need more is refused. */
#define MZ_MULBERRY32_LIMIT (UINT64_C(1) << 31)

/* Start source kind at seed: mulberry32, the source of every published
 * figure, or splitmix64. A mulberry32 seed is taken mod 2^32 (callers
 * refuse larger ones: mz_rng_resolve). Cannot fail. */
MZ_API void mz_rng_init(mz_rng *r, mz_rng_kind kind, uint64_t seed);
/* Next 32-bit output: mulberry32's, or the high half of splitmix64's. */
MZ_API uint32_t mz_rng_u32(mz_rng *r);
/* Next output as a double in [0, 1), exact: u32 / 2^32 for mulberry32,
 * (u64 >> 11) / 2^53 for splitmix64. */
MZ_API double mz_rng_unit(mz_rng *r);
/* A draw uniform on [0, n), n >= 1.
 * mulberry32: floor(rnd() * n) in its integer form ((u64)u32 * n) >> 32,
 * one draw; equal to the double form for every n < 2^21 (the product is
 * then exact in a double), for larger n the integer form is the
 * definition. It reaches every value only for n <= 2^32, and values are
 * uneven by up to n / 2^32 (docs/random.md): runs whose picks could be
 * larger do not use mulberry32 (mz_rng_resolve).
 * splitmix64: Lemire's multiply-and-reject on 64-bit draws, exactly
 * uniform for every n; a rejection (probability below n / 2^64) takes
 * the next draw. */
MZ_API uint64_t mz_rng_pick(mz_rng *r, uint64_t n);
/* Draws taken since mz_rng_init: exact for splitmix64; for mulberry32
 * exact below 2^32 (its count wraps with its cycle: runs stay within
 * MZ_MULBERRY32_BUDGET). */
MZ_API uint64_t mz_rng_draws(const mz_rng *r);
/* A source's name ("mulberry32", "splitmix64"), or NULL for a bad kind. */
MZ_API const char *mz_rng_name(mz_rng_kind kind);
/* A kind from its name; MZ_ENOTFOUND for an unknown name. */
MZ_API mz_status mz_rng_parse(const char *name, mz_rng_kind *kind);

/* ------------------------------------------------------------------ */
/* Memory                                                              */
/* ------------------------------------------------------------------ */

/* The caller's allocator (in the spirit of zstd's ZSTD_customMem). Every
 * byte the library allocates while it works on a grid (the cells, an
 * algorithm's stacks and queues, a solution's path) comes from the grid's
 * allocator, g->mem, or from sol->mem for a path; NULL means the C
 * library's malloc and free. alloc returns memory aligned for any type, or
 * NULL; free takes a pointer alloc returned, never NULL. The library adds
 * its own 16-byte header to each block (its size, for copies), so alloc
 * sees slightly larger requests than the data. */
typedef struct mz_allocator {
    void *(*alloc)(void *opaque, size_t bytes);
    void (*free)(void *opaque, void *p);
    void *opaque;
} mz_allocator;

/* A recycling pool: an mz_allocator that keeps freed blocks and hands them
 * out again, best fit, so a run repeated on the same grid allocates nothing
 * new and touches no fresh page. Its free blocks are kept by capacity
 * (sorted, a stack for each), so a request costs a binary search over the
 * distinct capacities however many blocks an algorithm keeps. It counts what passes through it, which
 * makes it the library's heap accounting too: exact, and the same on every
 * platform. Not thread-safe: one pool per thread. */
typedef struct mz_pool mz_pool;

typedef struct mz_pool_stats {
    uint64_t live;        /* bytes the library holds now (its requests, headers included) */
    uint64_t peak;        /* highest live since the last mz_pool_mark() */
    uint64_t fresh;       /* blocks obtained from the system since the last mark */
    uint64_t fresh_bytes; /* their bytes */
    uint64_t cached;      /* bytes held in the pool for reuse */
} mz_pool_stats;

/* Create a pool on the C library's allocator. NULL when memory runs out. */
MZ_API mz_pool *mz_pool_new(void);
/* Free the pool and every block it cached. Blocks still in use by a grid
 * or a solution must be freed first. Safe on NULL. */
MZ_API void mz_pool_free(mz_pool *p);
/* The allocator view of the pool; valid while the pool lives. Cannot fail. */
MZ_API const mz_allocator *mz_pool_allocator(mz_pool *p);
/* Reset peak to live and the fresh counters to 0. Cannot fail. */
MZ_API void mz_pool_mark(mz_pool *p);
/* Read the counters. Cannot fail. */
MZ_API void mz_pool_get_stats(const mz_pool *p, mz_pool_stats *st);
/* Return every cached block to the system. Cannot fail. */
MZ_API void mz_pool_trim(mz_pool *p);

/* ------------------------------------------------------------------ */
/* The grid                                                            */
/* ------------------------------------------------------------------ */

typedef uint64_t mz_idx;
#define MZ_NONE UINT64_MAX /* "no cell": neighbour off the grid */

enum { MZ_N = 0, MZ_E = 1, MZ_S = 2, MZ_W = 3 };
enum { MZ_WALL_N = 1, MZ_WALL_E = 2, MZ_WALL_S = 4, MZ_WALL_W = 8, MZ_WALLS = 15 };

/* Bit 4 of a cell marks a blocked cell (a whole cell that is rock, for the
 * generators that open and block cells rather than walls). A blocked cell
 * keeps all four walls closed and so do its neighbours toward it: solvers
 * never enter it, and the metrics leave it out of the cell counts.
 * Bits 5..7 are scratch for generators that work in place; every generator
 * leaves them zero when it returns. */
#define MZ_BLOCKED 0x10u
#define MZ_SCRATCH 0xE0u

/* Grid flags. MZ_GRID_WRAP_EW: the west side of column 0 and the east side
 * of column cols-1 in the same row are one wall (a teleport pair); knocking
 * it joins the two border cells. */
#define MZ_GRID_WRAP_EW 1u

/* Tile kinds, for generators that paint tiles (pacman); grid->tiles is NULL
 * for every other maze. */
enum { MZ_TILE_WALL = 0, MZ_TILE_EMPTY = 1, MZ_TILE_DOT = 2, MZ_TILE_PILL = 3,
       MZ_TILE_TELEPORT = 4, MZ_TILE_HOUSE = 5 };

/* Cell shapes (docs/shapes.md). Every shape numbers its cells 0..cells-1
 * and gives each cell up to 8 ports: bit p of a cell's byte is the wall of
 * port p, set when closed. The square grid is MZ_SHAPE_ORTHO, whose ports
 * are the directions N E S W above; the rest go through the port functions
 * below (mz_port_nbr, mz_port_back, mz_port_can_open, mz_port_knock).
 *   ORTHO  square cells, rows x cols; ports N E S W.
 *   HEX    hexagonal cells (sigma), rows x cols in columns, odd columns half a
 *          cell lower; ports N NE SE S SW NW (0..5), port p faces p+3 mod 6.
 *   TRI    triangular cells (delta), rows x cols; cell (r, c) points up when
 *          r + c is even; ports W E and the base (2): S for an upward cell,
 *          N for a downward one.
 *   POLAR  a centre cell and rows-1 rings around it (theta); ring 1 has 6
 *          cells and ring r >= 1 has 6 * 2^floor(log2 r), so cells stay
 *          between about 1 and 2 units wide; cells are numbered from the
 *          centre outwards, each ring clockwise from angle 0. Ports CW CCW IN
 *          OUT0 OUT1 (OUT1 only where the next ring doubles); the centre's
 *          ports 0..5 lead to the six cells of ring 1. cols is the outer
 *          ring's cell count.
 *   CUBE   3D: levels of rows x cols square cells, level-major; ports N E S W
 *          UP DOWN (4, 5).
 *   WEAVE  square cells whose passages may pass under a neighbour: ports
 *          N E S W, then 4..7 the same directions under the next cell to the
 *          cell beyond it. A cell with a passage under it is a straight
 *          corridor across that passage; mz_port_can_open keeps these rules.
 *   TORUS  square cells, rows x cols (each at least 3), whose rows and
 *          columns wrap around: E of the last column is the first column
 *          of the same row, S of the last row the first row; ports N E S W.
 *          Every cell has four neighbours. */
/* The values come from the list in mazebench_shapes.h, in its order:
 * ORTHO 0, HEX 1, TRI 2, POLAR 3, CUBE 4, WEAVE 5, TORUS 6. */
#define MZ_SHAPE_ENUM_(ID, name) MZ_SHAPE_##ID,
typedef enum mz_shape { MZ_SHAPE_LIST(MZ_SHAPE_ENUM_) MZ_SHAPE_COUNT } mz_shape;
#undef MZ_SHAPE_ENUM_

/* Bit s: shape s. */
#define MZ_SHAPE_BIT(s) (1u << (s))
#define MZ_SHAPES_ALL ((1u << MZ_SHAPE_COUNT) - 1u)

/* The dims of a grid: its shape and size. levels is 1 but for CUBE;
 * for POLAR rows is the ring count (the centre included) and cols is
 * derived (mz_dims_cells fills it). */
typedef struct mz_dims {
    mz_shape shape;
    uint64_t levels, rows, cols;
} mz_dims;

typedef struct mz_grid {
    uint64_t rows, cols;
    mz_idx cells;      /* rows * cols (times levels; POLAR: see mz_shape) */
    mz_idx entrance;   /* default 0 */
    mz_idx exit;       /* default cells - 1 */
    unsigned flags;    /* MZ_GRID_* */
    uint8_t *c;        /* one byte a cell: walls | MZ_BLOCKED | scratch */
    uint8_t *tiles;    /* optional tile kinds, one byte a cell, or NULL */
    const mz_allocator *mem; /* where the grid's and its algorithms' memory comes from; NULL: malloc */
    mz_shape shape;    /* the dims' shape (mz_grid_init) */
    uint64_t levels;   /* CUBE: levels; 1 otherwise */
    mz_rng_kind rng;   /* the source its last generation drew from */
    uint64_t draws;    /* the draws that generation took (0 before one) */
} mz_grid;

/* Largest cell count a grid may have: 2^40 (a terabyte of cells). */
#define MZ_MAX_CELLS (UINT64_C(1) << 40)

/* Bytes a rows x cols grid needs, or 0 when rows or cols is 0 or the size
 * overflows MZ_MAX_CELLS. Cannot fail otherwise. */
MZ_API uint64_t mz_grid_bytes(uint64_t rows, uint64_t cols);

/* Close every wall again, clear blocked and scratch bits, drop tiles and
 * flags, and reset entrance and exit. Cannot fail. */
MZ_API void mz_grid_reset(mz_grid *g);

/* Free the cell arrays, keeping g->mem, so g may be resized again. Safe on
 * a zeroed grid. */
MZ_API void mz_grid_free(mz_grid *g);

/* Allocate g->tiles (all MZ_TILE_WALL) if it is missing. */
MZ_API mz_status mz_grid_alloc_tiles(mz_grid *g);

/* Copy src into dst (dst initialised or zeroed; it is reallocated). */
MZ_API mz_status mz_grid_copy(mz_grid *dst, const mz_grid *src);

/* ---- Shapes ---- */

/* The shape's name ("ortho", "hex", "tri", "polar", "3d", "weave", "torus"), or NULL
 * for a value out of range. Cannot fail. */
MZ_API const char *mz_shape_name(mz_shape s);
/* Look a shape up by name; the older names sigma (hex), delta (tri), theta
 * (polar), cube (3d) and square (ortho) are accepted. MZ_ENOTFOUND when
 * unknown. */
MZ_API mz_status mz_shape_parse(const char *name, mz_shape *s);
/* The names of every shape in the shape table's order, joined by ", "
 * ("ortho, hex, ..."), into buf (cut to len): for messages, so that none
 * lists the shapes by hand. Returns buf. Cannot fail. */
MZ_API const char *mz_shape_names(char *buf, size_t len);
/* The size text mz_dims_parse reads for shape s, with the shape's least
 * size where it has one ("hex:RxC", "polar:RINGS", "torus:RxC (R and C at
 * least 3)"), or NULL for a value out of range: the size help and errors
 * are made from it. Cannot fail. */
MZ_API const char *mz_shape_syntax(mz_shape s);
/* Every shape's mz_shape_syntax in the shape table's order, joined by ", ",
 * into buf (cut to len). Returns buf. Cannot fail. */
MZ_API const char *mz_shape_syntaxes(char *buf, size_t len);
/* The grids of a shape for a purpose (roles: MZ_GRIDS_* bits), from its
 * record: typical (a small grid, then a medium one), thin (one or two
 * cells across, both ways), degenerate (the least grids the shape allows),
 * large (one big enough for statistics), vet (the grids 'mazebench vet'
 * runs an entry on), picture (a report's sample picture), calibrate
 * (about 256 x 256 cells, a sweep's time estimate), estimate and
 * estimate_big (two grids each, on which the picture size estimates are
 * checked and measured). */
#define MZ_GRIDS_TYPICAL 1u
#define MZ_GRIDS_THIN 2u
#define MZ_GRIDS_DEGENERATE 4u
#define MZ_GRIDS_LARGE 8u
#define MZ_GRIDS_VET 16u
#define MZ_GRIDS_PICTURE 32u
#define MZ_GRIDS_CALIBRATE 64u
#define MZ_GRIDS_ESTIMATE 128u
#define MZ_GRIDS_ESTIMATE_BIG 256u
/* Write the grids of shape s of the roles given into out[0..max) in the
 * order of the bits above, each with its cells filled in (mz_dims_cells),
 * and return how many there are (more than max: the rest not written).
 * 0 for a shape out of range. Optional: out (NULL with max 0 counts).
 * Cannot fail. */
MZ_API size_t mz_shape_grids(mz_shape s, unsigned roles, mz_dims *out, size_t max);
/* Ports a cell of the shape may have (4, 6, 3, 6, 6, 8, 4). Cannot fail. */
MZ_API unsigned mz_shape_ports(mz_shape s);
/* The most open ports a cell of a maze of the shape may have: its ports,
 * but 4 on a weave grid (one passage a side, over or under). 0 for a
 * value out of range. Cannot fail. */
MZ_API unsigned mz_shape_max_degree(mz_shape s);
/* The byte of a cell with every wall closed: (1 << ports) - 1. */
MZ_API uint8_t mz_shape_walls(mz_shape s);

/* Parse dims: "RxC" or "N" (N x N, square cells), or
 * "SHAPE:DIMS": hex:RxC, tri:RxC, weave:RxC, ortho:RxC, torus:RxC (R and C
 * at least 3), polar:R (R rings, the centre included) and 3d:LxRxC.
 * MZ_EINVAL for anything else (a size of zero, a sign, a number past 2^32,
 * a torus side under 3), MZ_ENOTFOUND for an unknown shape,
 * MZ_ETOOBIG when the cells pass MZ_MAX_CELLS. On success g->cols of a
 * polar grid is its outer ring's cell count. */
MZ_API mz_status mz_dims_parse(const char *s, mz_dims *g);
/* Write a geometry back: "RxC" for square cells, else "SHAPE:DIMS" as
 * above. Returns the length needed (snprintf semantics). */
MZ_API size_t mz_dims_format(const mz_dims *g, char *buf, size_t len);
/* Cells of a geometry, or 0 when it is invalid or passes MZ_MAX_CELLS.
 * Sets g->cols of a polar geometry and g->levels (1) of a flat one. */
MZ_API uint64_t mz_dims_cells(mz_dims *g);
/* Dims of square cells rows x cols as a `const mz_dims *` valid to the end
 * of the full expression, for the argument of a call:
 * mz_grid_init(&g, MZ_SQUARE(8, 8), NULL); as a value: *MZ_SQUARE(8, 8). */
#ifdef __cplusplus
#define MZ_SQUARE(rows, cols) \
    (&static_cast<const mz_dims &>(mz_dims{MZ_SHAPE_ORTHO, 1, (uint64_t)(rows), (uint64_t)(cols)}))
#else
#define MZ_SQUARE(rows, cols) (&(const mz_dims){MZ_SHAPE_ORTHO, 1, (rows), (cols)})
#endif
/* Are the cells of geometry g one connected graph when every wall is
 * open? False only for a tri grid of one column and more than two rows
 * (its triangles pair off), which mz_dims_parse and mz_grid_init
 * refuse with MZ_EINVAL. Cannot fail. */
MZ_API bool mz_dims_connected(const mz_dims *g);
/* The geometry of a grid. */
MZ_API mz_dims mz_grid_dims(const mz_grid *g);
/* Dims of shape s with about target (>= 1) cells, never more (but at
 * least one cell a side): near-square rows x cols, near-cubic levels, or
 * the most polar rings within target. Cannot fail. */
MZ_API mz_dims mz_dims_near(mz_shape s, uint64_t target);
/* Dims of shape s of side n: n x n, n levels of n x n, or n rings
 * (polar). Cannot fail. */
MZ_API mz_dims mz_dims_side(mz_shape s, uint64_t n);
/* Does a geometry of shape s have levels (mz_dims.levels; 3d)? */
MZ_API bool mz_shape_layered(mz_shape s);

/* Allocate a grid of dims with every wall closed, its memory (and that of
 * every algorithm run on it) from mem (NULL: malloc). g need not be
 * initialised: mz_grid_init overwrites every field. MZ_EINVAL for a zero
 * size or an invalid dims, MZ_ETOOBIG past MZ_MAX_CELLS, MZ_ENOMEM when
 * allocation fails. Optional: mem. */
MZ_API mz_status mz_grid_init(mz_grid *g, const mz_dims *dims, const mz_allocator *mem);

/* Make an initialised (or zeroed) grid dims with every wall closed,
 * keeping its allocator: reset in place when the dims are unchanged, else
 * reallocated. Errors as mz_grid_init; on error g is left freed. */
MZ_API mz_status mz_grid_resize(mz_grid *g, const mz_dims *dims);

/* The cell through port p of cell i, or MZ_NONE when the port leads off
 * the grid (or p is not a port of the shape). Cannot fail. */
MZ_API mz_idx mz_port_nbr(const mz_grid *g, mz_idx i, unsigned p);
/* The port of the cell n = mz_port_nbr(g, i, p) that leads back to i. The
 * caller guarantees n exists. */
MZ_API unsigned mz_port_back(const mz_grid *g, mz_idx i, unsigned p);
/* May the wall of port p of i be opened now? The neighbour must exist and
 * the wall be closed; on a weave grid the crossing rules must hold. */
MZ_API bool mz_port_can_open(const mz_grid *g, mz_idx i, unsigned p);
/* Open port p of i and the matching port of its neighbour. The caller
 * guarantees the neighbour exists. */
MZ_API void mz_port_knock(mz_grid *g, mz_idx i, unsigned p);
/* Close port p of i and the matching port of its neighbour again. */
MZ_API void mz_port_close(mz_grid *g, mz_idx i, unsigned p);
/* Open ports of cell i (its degree in the maze's graph). */
MZ_API unsigned mz_port_degree(const mz_grid *g, mz_idx i);
/* The port across the cell from p (a straight passage enters through p
 * and leaves through it), or -1 when the shape has none (TRI; POLAR's
 * centre). Cannot fail. */
MZ_API int mz_port_across(const mz_grid *g, mz_idx i, unsigned p);
/* A lower bound on the steps between two cells (0 when none is known):
 * the shape's distance for an admissible A*. Cannot fail. */
MZ_API uint64_t mz_shape_distance(const mz_grid *g, mz_idx a, mz_idx b);

/* POLAR: cells in ring r (1 for the centre), and the first cell of ring r. */
MZ_API uint64_t mz_polar_ring_cells(uint64_t r);
MZ_API uint64_t mz_polar_ring_first(uint64_t r);
/* POLAR: the ring of cell i and its position in that ring. */
MZ_API void mz_polar_locate(mz_idx i, uint64_t *ring, uint64_t *pos);


/* ------------------------------------------------------------------ */
/* Step traces                                                         */
/* ------------------------------------------------------------------ */

/* One step: its 1-based number, what it did (op), the cell and direction it
 * concerns (dir -1 when none) and the size of what grows and shrinks. */
typedef struct mz_step {
    uint64_t step;
    const char *op;
    mz_idx cell;
    int dir;
    uint64_t size;
} mz_step;

/* A trace sink. emit returns 0 to go on, non-zero to abort the run with
 * MZ_EIO. Algorithms take an mz_trace pointer that is NULL when tracing is
 * off; they branch on it once, outside their hot loops, so an untraced run
 * executes no trace code at all. */
typedef struct mz_trace {
    int (*emit)(void *user, const mz_step *s);
    void *user;
    uint64_t step; /* steps emitted so far; the sink's numbering */
} mz_trace;

/* Emit one step numbered trace->step + 1. */
static inline int mz_trace_emit(mz_trace *t, const char *op, mz_idx cell, int dir, uint64_t size)
{
    mz_step s;
    s.step = ++t->step;
    s.op = op;
    s.cell = cell;
    s.dir = dir;
    s.size = size;
    return t->emit(t->user, &s);
}

/* ------------------------------------------------------------------ */
/* Extra output columns                                                */
/* ------------------------------------------------------------------ */

/* Figures an algorithm reports beyond the common columns (merged_at,
 * zero_excess, ...). Each algorithm names its columns in its registry entry;
 * the CSV header is the union over the registry, so adding an algorithm
 * needs no edit to any column list. */
typedef enum mz_vtype { MZ_V_EMPTY = 0, MZ_V_INT, MZ_V_REAL, MZ_V_BOOL, MZ_V_TEXT } mz_vtype;

typedef struct mz_value {
    const char *name; /* a static string: the column name */
    mz_vtype type;
    int64_t i;
    double d;
    const char *text; /* MZ_V_TEXT: a static string (an outside program's status) */
} mz_value;

#define MZ_MAX_EXTRA 24

typedef struct mz_extra {
    unsigned n;
    mz_value v[MZ_MAX_EXTRA];
} mz_extra;

/* Set a column (replacing an earlier value of the same name). Silently
 * ignores values past MZ_MAX_EXTRA columns; registry tests check every
 * entry's column count stays under it. */
/* Make x an empty set of columns; x need not be initialised. */
MZ_API void mz_extra_init(mz_extra *x);
MZ_API void mz_extra_int(mz_extra *x, const char *name, int64_t v);
MZ_API void mz_extra_real(mz_extra *x, const char *name, double v);
MZ_API void mz_extra_bool(mz_extra *x, const char *name, bool v);
/* text: a static string, kept by pointer (written as it is, CSV-quoted). */
MZ_API void mz_extra_text(mz_extra *x, const char *name, const char *text);
/* The value of a column, or NULL when it was not set. */
MZ_API const mz_value *mz_extra_get(const mz_extra *x, const char *name);

/* ------------------------------------------------------------------ */
/* Metrics of a finished maze                                          */
/* ------------------------------------------------------------------ */

typedef struct mz_metrics {
    uint64_t cells;      /* open (non-blocked) cells */
    uint64_t passages;   /* open walls, each counted once */
    uint64_t walls;      /* closed wall segments, each counted once, border included */
    uint64_t dead_ends;  /* cells with exactly one open side */
    int64_t loops;       /* passages - cells + components */
    uint64_t components; /* connected components of open cells */
    int64_t route;       /* BFS steps entrance -> exit, -1 if unreachable */
    uint64_t digest;     /* mz_digest() */
    uint64_t draws;      /* draws its generation took from its random source
                          * (the grid's draws, not computed from the walls) */
} mz_metrics;

/* Compute every metric on up to `threads` threads (1: the calling thread
 * only; 0: every online core, mz_cpu_count()); the figures are the same
 * bit for bit at any thread count. The digest, the counts (by bands of
 * rows) and a search from the entrance run side by side; when that search
 * shows the maze is one tree the figures are done, otherwise the bands
 * label components (docs/measurement.md, "The figures"). Memory: a BFS
 * queue, one bit a cell when the route needs marks (a maze with loops),
 * and about 61 bytes a column a band when components are labelled.
 * MZ_ENOMEM when those allocations fail. Threads only compute;
 * allocations are made from the calling thread or from one task while the
 * others compute, so g->mem may be a pool. */
MZ_API mz_status mz_metrics_compute(const mz_grid *g, unsigned threads, mz_metrics *m);

/* Most threads any call of the library uses. */
#define MZ_MAX_THREADS 256

/* Online cores (sysconf), at least 1 and at most MZ_MAX_THREADS: the
 * default thread count. Cannot fail. */
MZ_API unsigned mz_cpu_count(void);

/* The digest: a stable 64-bit hash of (rows, cols, wall and blocked bits),
 * the same on every machine and compiler. Definition (v1):
 *   words = rows, cols (each as uint64), then the cells packed eight to a
 *   64-bit word, cell 8k+j in byte j (bits 8j..8j+7) of word k as
 *   (walls | blocked bit), the last word padded with zero bytes;
 *   h = 0x6a09e667f3bcc908;
 *   for each word w: h = (h ^ w) * 0x9e3779b97f4a7c15; h ^= h >> 32;
 *   finally h ^= h >> 29; h *= 0xbf58476d1ce4e5b9; h ^= h >> 32.
 * Cannot fail. */
MZ_API uint64_t mz_digest(const mz_grid *g);

/* BFS step count from a to b through open walls, -1 when b is not
 * reachable, -2 when memory runs out. */
MZ_API int64_t mz_route(const mz_grid *g, mz_idx a, mz_idx b);


/* ------------------------------------------------------------------ */
/* Statistics of a maze (docs/stats.md)                                */
/* ------------------------------------------------------------------ */

/* The shape figures of one maze, all integers, the same on every machine.
 * Shares are counts over cells (open cells). */
typedef struct mz_maze_stats {
    uint64_t cells;           /* open (non-blocked) cells */
    uint64_t degree[9];       /* open cells by open sides (ports), 0..8; degree[1] = dead ends */
    uint64_t straight;        /* degree-2 cells whose two open sides are opposite */
    uint64_t turn;            /* degree-2 cells that turn a corner */
    uint64_t band;            /* the border band the inner figures leave out */
    uint64_t inner_cells;     /* open cells at least band cells from every border */
    uint64_t inner_dead_ends; /* dead ends among them */
    int64_t route;            /* entrance -> exit steps, -1 when unreachable */
    uint64_t longest;         /* double sweep: steps from the farthest cell of the entrance's
                               * component to the farthest cell from it */
    bool longest_exact;       /* that component has no loop, so longest is its longest
                               * path; otherwise only a lower bound */
} mz_maze_stats;

/* Compute the figures of g, leaving a border band of band cells out of the
 * inner counts (0: every cell is inner). Memory: one bit a cell plus a BFS
 * queue. MZ_ENOMEM when those fail. */
MZ_API mz_status mz_maze_stats_compute(const mz_grid *g, uint64_t band, mz_maze_stats *s);

/* ------------------------------------------------------------------ */
/* Solutions                                                           */
/* ------------------------------------------------------------------ */

typedef struct mz_solution {
    bool want_path;     /* in: record the path (costs memory) */
    const mz_allocator *mem; /* in: where the path's memory comes from; NULL: malloc */
    bool found;         /* reached the exit */
    int64_t path_steps; /* steps of the returned route; -1 if none */
    int64_t closed;     /* cells closed (searches), -1 when not applicable */
    int64_t steps;      /* walker steps, -1 when not applicable */
    int64_t forward;    /* walker forward moves, -1 when not applicable */
    int64_t turns;      /* walker turns, -1 when not applicable */
    mz_idx *path;       /* the cells, entrance first, when want_path */
    uint64_t path_len;  /* number of cells in path */
    mz_extra extra;     /* solver-specific columns */
} mz_solution;

/* Make s an empty solution ("nothing found") that records its path when
 * want_path, its memory from mem (NULL: malloc). s need not be
 * initialised. Cannot fail. */
MZ_API void mz_solution_init(mz_solution *s, bool want_path, const mz_allocator *mem);
/* Reset s to "nothing found", keeping want_path and mem; frees an old path. */
MZ_API void mz_solution_clear(mz_solution *s);
MZ_API void mz_solution_free(mz_solution *s);
/* Append a cell to s->path, growing it. MZ_ENOMEM on failure. */
MZ_API mz_status mz_solution_push(mz_solution *s, mz_idx cell);

/* ---- The path check (docs/outside-solvers.md) ---- */

/* Why a path is not a walk from the entrance to the exit. */
typedef enum mz_path_fault {
    MZ_PATH_OK = 0,       /* a valid walk */
    MZ_PATH_EMPTY,        /* no cells at all */
    MZ_PATH_OFF_GRID,     /* a cell index at or past g->cells */
    MZ_PATH_WRONG_START,  /* the first cell is not the entrance */
    MZ_PATH_NOT_ADJACENT, /* two consecutive cells that no port joins */
    MZ_PATH_WALL,         /* two neighbours whose wall between them is closed */
    MZ_PATH_WRONG_END,    /* the last cell is not the exit */
    MZ_PATH_FAULT_COUNT
} mz_path_fault;

/* The fault's name: "ok", "empty", "off-grid", "wrong-start",
 * "not-adjacent", "wall-closed", "wrong-end"; NULL out of range. */
MZ_API const char *mz_path_fault_name(mz_path_fault f);

typedef struct mz_path_verdict {
    bool valid;          /* a walk through open passages, entrance to exit */
    mz_path_fault fault; /* the first fault met walking the cells in order */
    uint64_t at;         /* where: the position of the bad cell in the list
                          * (0 for a wrong start; k for a bad step from cell
                          * k-1 to cell k; n-1 for a wrong end); 0 when valid */
    uint64_t steps;      /* n - 1 (0 for an empty list) */
    int64_t shortest;    /* breadth-first steps from the entrance to the exit,
                          * -1 when the exit cannot be reached */
    int64_t excess;      /* steps - shortest when valid, else -1 */
    uint64_t revisits;   /* distinct cells the list holds more than once (up
                          * to the fault when there is one) */
} mz_path_verdict;

/* Is cells[0..n) a walk on g from g->entrance to g->exit, each consecutive
 * pair joined by a port whose wall is open on both sides (on every shape)?
 * Fills *v whatever the answer; the route and the revisits take two bits a
 * cell and a breadth-first queue from g->mem (64-bit indices: any grid
 * size), MZ_ENOMEM when those fail. MZ_EINVAL for a NULL g or v, or cells
 * NULL with n > 0. */
MZ_API mz_status mz_path_check(const mz_grid *g, const mz_idx *cells, uint64_t n,
                               mz_path_verdict *v);

/* ------------------------------------------------------------------ */
/* The registry                                                        */
/* ------------------------------------------------------------------ */

typedef enum mz_kind { MZ_GEN = 0, MZ_POST, MZ_SOLVER } mz_kind;

/* Flags of a registry entry. */
#define MZ_F_PERFECT 1u    /* generator: makes a perfect maze (a spanning tree) */
#define MZ_F_SHORTEST 2u   /* solver: its route is a shortest one */
#define MZ_F_BLOCKS 4u     /* generator: blocks whole cells */
#define MZ_F_FIXED_SIZE 8u /* generator: ignores the requested size */
#define MZ_F_OWN_ENDS 16u  /* generator: sets its own entrance and exit */
/* generator: its square path and its ports path (a square grid RxC and
 * the 3d grid 1xRxC, the same graph) make different mazes by design, as a
 * random walk that visits the ports in another order does;
 * tests/test_twins.c compares the two paths of every other entry */
#define MZ_F_TWINS_DIFFER 32u
/* solver: gives a path. With want_path set, a run that finds the exit
 * from the entrance returns its route's cells in sol->path (entrance
 * first, path_steps + 1 of them). Without it the solver gives figures
 * only (found, path_steps, its columns) and sol->path stays empty even
 * when want_path is set (flood: found and path_steps say the exit was
 * reached and at what distance). tests/test_invariants.c runs every
 * solver and fails on either broken promise; mz_algo_check refuses the
 * flag on an entry that is not a solver; vet checks it on outside and
 * plugin solvers (docs/registry.md lists each solver's). */
#define MZ_F_PATH 64u

typedef enum mz_ptype {
    MZ_P_REAL = 0, /* a real number in [min, max] */
    MZ_P_INT,      /* an integer in [min, max] */
    MZ_P_ENUM,     /* one of choices "a|b|c", stored as its index */
    MZ_P_CELL      /* a cell index, or entrance | exit | centre */
} mz_ptype;

/* Values of an MZ_P_CELL parameter that name a cell by role. */
#define MZ_CELL_ENTRANCE (-1.0)
#define MZ_CELL_EXIT (-2.0)
#define MZ_CELL_CENTRE (-3.0)

typedef struct mz_param_def {
    const char *name;
    mz_ptype type;
    double def;          /* default (an index for MZ_P_ENUM) */
    double min, max;     /* range for MZ_P_REAL and MZ_P_INT */
    const char *choices; /* "a|b|c" for MZ_P_ENUM */
    const char *help;
} mz_param_def;

#define MZ_MAX_PARAMS 8

/* Parsed parameter values, in the order of the entry's params. */
typedef struct mz_args {
    double v[MZ_MAX_PARAMS];
} mz_args;

/* What a generator or post-processor is handed. */
typedef struct mz_run {
    uint64_t seed;   /* the run's seed */
    mz_rng *rng;     /* the spec's source at seed, shared along a generator chain */
    mz_trace *trace; /* NULL when tracing is off */
    mz_extra *extra; /* where the algorithm reports its own columns */
    unsigned threads; /* threads it may use (0 or 1: the caller's only); the maze
                       * is the same at any count, and only an untraced run of
                       * an algorithm that says so (docs/measurement.md) uses
                       * more than one */
    uint64_t draws;  /* draws taken from sources of its own (braid's offset
                      * stream): the stage adds them here */
    const void *ctx; /* the running entry's ctx (mz_algo.ctx), NULL for a built-in */
} mz_run;

/* A generator carves g, which arrives initialised at the requested size
 * with every wall closed (a MZ_F_FIXED_SIZE generator re-initialises it). */
typedef mz_status (*mz_gen_fn)(mz_grid *g, const mz_args *a, mz_run *run);
/* A solver reads g and fills sol. trace as for generators. */
typedef mz_status (*mz_solve_fn)(const mz_grid *g, const mz_args *a, mz_trace *trace,
                                 mz_solution *sol);
/* A solver that needs its entry's own data (an entry made at run time):
 * ctx is the entry's ctx. */
typedef mz_status (*mz_solve_ctx_fn)(const void *ctx, const mz_grid *g, const mz_args *a,
                                     mz_trace *trace, mz_solution *sol);

typedef struct mz_algo {
    const char *name;
    mz_kind kind;
    const char *summary;
    unsigned flags;
    const mz_param_def *params;
    unsigned nparams;
    const char *const *columns; /* extra columns it reports, NULL-terminated, or NULL */
    /* Peak heap bytes a cell its run takes beyond the grid's byte, by
     * shape (indexed by mz_shape; shapes it does not run on are 0). Each
     * value is measured (the pool's peak over the cells: docs/shapes.md,
     * "Memory"), not guessed; mz_estimate_bytes sums them into a recipe's
     * estimate and tests/test_estimate.c checks every entry on every shape
     * it runs on against a fresh measurement. */
    double bytes_per_cell[MZ_SHAPE_COUNT];
    /* Peak heap bytes its run takes on top of those whatever the size (a
     * fixed table, the first block of a list that grows), by shape,
     * measured the same way; 0 for most entries. */
    double bytes_fixed[MZ_SHAPE_COUNT];
    /* Peak heap bytes a column of the grid its run takes on top of those
     * (a state kept for one row, as eller's), by shape, measured on grids
     * of a few rows and many columns; 0 for most entries. */
    double bytes_per_col[MZ_SHAPE_COUNT];
    /* Trace steps a cell its run emits at most, by shape, measured the
     * same way (tests/test_estimate.c runs every entry traced on every
     * shape it runs on and fails on a trace longer than
     * mz_trace_steps_bound); MZ_TRACE_UNBOUNDED for a random walk, whose
     * steps a cell grow with the size; 0 for an entry that emits none.
     * An animation's recorded trace is estimated from it. */
    double trace_steps_per_cell[MZ_SHAPE_COUNT];
    /* Draws a cell its run takes from the random source, by shape, as
     * c[0] + c[1] * L + c[2] * L^2 + c[3] * sqrt(cells) with L =
     * log2(cells): constant for most entries, growing with L for the
     * random walks (wilson, aldous-broder), with the side for mainpath.
     * Measured (docs/random.md, "Draws"), not guessed: tests/test_draws.c
     * runs every entry on every shape it runs on and fails when the count
     * it takes strays from the declaration. mz_draws_estimate sums them;
     * mz_rng_resolve decides a run's source from that sum. */
    double draws_per_cell[MZ_SHAPE_COUNT][4];
    mz_gen_fn gen;              /* MZ_GEN and MZ_POST */
    mz_solve_fn solve;          /* MZ_SOLVER */
    /* The grids the entry refuses, declared: true for a geometry (the
     * requested one for a generator, the maze's for a post-processor or a
     * solver) of a shape it runs on, on which its function returns
     * MZ_EUNSUPPORTED. NULL: it runs on every size of those shapes. An MZ_EUNSUPPORTED it did not declare is a bug:
     * tests/test_invariants.c runs every entry on many sizes and fails,
     * naming the entry, on any status but MZ_OK outside the declared sizes
     * and on anything but MZ_EUNSUPPORTED inside them. */
    bool (*refuses)(const mz_dims *g);
    /* The shapes beyond square cells it runs on, as MZ_SHAPE_BIT bits (0:
     * square cells only). On any other shape its function is never called:
     * mz_generate_on and mz_solve return MZ_EUNSUPPORTED; refuses is asked
     * only about the shapes it runs on. */
    unsigned shapes;
    /* Its step trace, as data (docs/registry.md is generated from it): the
     * ops its steps carry, each with what it means, ended by {NULL, NULL},
     * and what a step's size is. NULL, NULL for an entry that emits no steps. */
    const struct mz_trace_op *trace_ops;
    const char *trace_size;
    /* Entries made at run time (an outside program's, docs/outside.md; a
     * plugin's) carry their own data here: a generator finds it in
     * mz_run.ctx, a solver that sets solve_ctx instead of solve is handed
     * it. NULL and NULL for the built-in entries. */
    const void *ctx;
    mz_solve_ctx_fn solve_ctx;
    /* The grids an entry made at run time refuses, declared as data of its
     * own (an outside program's refuses key): as refuses, handed ctx. Never
     * handed a grid of a shape it does not run on; mz_generate_on and
     * mz_solve return MZ_EUNSUPPORTED on a grid it refuses without calling
     * its function. NULL for the built-in entries. */
    bool (*refuses_ctx)(const void *ctx, const mz_dims *g);
} mz_algo;

/* How a picture's animation draws a trace step (docs/render.md,
 * "Animations"): cell and dir are the step's; dir is a port (a direction
 * on square cells), or -1. "In progress" cells are on a stack, path or
 * active list; "in the maze" cells are done; cells not yet reached are dark.
 * A generator's replay starts from a grid with every wall closed when any
 * of its ops changes walls (ENTER to RESET below), else it replays on the
 * finished maze; a solver's replays on the finished maze. */
typedef enum mz_draw {
    MZ_DRAW_UNSET = 0, /* not declared: drawn as a mark; tests/test_render.c allows none */
    MZ_DRAW_MARK,      /* the cell is marked, nothing else */
    MZ_DRAW_VISIT,     /* the cell is where the algorithm is; nothing changes */
    MZ_DRAW_ENTER,     /* a move into cell through port dir of the cell it left:
                        * that wall is knocked, both cells in progress */
    MZ_DRAW_CARVE,     /* the wall (cell, dir) is knocked; cell in the maze */
    MZ_DRAW_MERGE,     /* as CARVE, and the cell through dir too */
    MZ_DRAW_GROW,      /* as ENTER, the cell in the maze */
    MZ_DRAW_SPLICE,    /* the wall (cell, dir) is knocked; cell marked (a loop) */
    MZ_DRAW_DONE,      /* cell leaves the stack or active list: in the maze */
    MZ_DRAW_PATH,      /* cell joins the path, opened toward every cell reached
                        * that the finished maze opens it to */
    MZ_DRAW_BACKOUT,   /* the path falls back to cell */
    MZ_DRAW_UNPATH,    /* the path's head, cell, leaves it */
    MZ_DRAW_BRANCH,    /* cell joins the maze off the path, opened as PATH */
    MZ_DRAW_RESTART,   /* everything leaves; cell starts a new path */
    MZ_DRAW_RESET,     /* everything leaves */
    MZ_DRAW_WALL,      /* the wall (cell, dir) stays: flashed */
    /* solvers, on the finished maze */
    MZ_DRAW_CLOSE,     /* cell is closed (the closed overlay) */
    MZ_DRAW_FILL,      /* cell is filled in (a dead end): drawn dark */
    MZ_DRAW_WALK,      /* a walker's step: cell and heading dir; a step whose
                        * size grew entered cell (the trail overlay) */
    MZ_DRAW_EXCESS,    /* cell gets the colour of its detour excess (size) */
    MZ_DRAW_RING,      /* the next ring of the first flood is coloured */
    MZ_DRAW_SWEEP,     /* the next ring of the second flood is coloured */
    MZ_DRAW_COUNT
} mz_draw;

/* One op of an entry's trace: its name (mz_step.op), what it means, and
 * how an animation draws it (every op declares a kind: tests/test_render.c
 * checks it). */
typedef struct mz_trace_op {
    const char *op;
    const char *meaning;
    mz_draw draw;
} mz_trace_op;

/* Does entry a run on shape s at all? Cannot fail. */
static inline bool mz_runs_on(const mz_algo *a, mz_shape s)
{
    return s == MZ_SHAPE_ORTHO || (a->shapes & MZ_SHAPE_BIT(s)) != 0;
}

/* Does entry a refuse a grid of dims (its shape, or a size it declares)?
 * Cannot fail. */
static inline bool mz_refuses(const mz_algo *a, const mz_dims *g)
{
    if (!mz_runs_on(a, g->shape))
        return true;
    return (a->refuses != NULL && a->refuses(g)) ||
           (a->refuses_ctx != NULL && a->refuses_ctx(a->ctx, g));
}

/* trace_steps_per_cell of an entry whose steps a cell have no bound. */
#define MZ_TRACE_UNBOUNDED (-1.0)

/* The registry: a NULL-terminated array, generators, then post-processors,
 * then solvers, each group in the order entries were added. */
MZ_API extern const mz_algo *const mz_registry[];

/* mz_find's library side (call mz_find, below, which checks the ABI
 * first): an entry by kind and name, among the built-in entries and then
 * those added (mz_registry_add); NULL when absent. */
MZ_API const mz_algo *mz_lib_find(mz_kind kind, const char *name);



/* Number of entries; cannot fail. */
MZ_API size_t mz_registry_count(void);

/* A 64-bit hash of the registry's shape (names, kinds, flags, parameter
 * names, types, defaults, ranges and choices, extra columns), the same on
 * every machine: files that record it (a sweep's '# registry:' line) tell
 * a different registry apart. Over the shapes given (MZ_SHAPE_BIT bits;
 * MZ_SHAPES_ALL for every one) only: an entry's shapes outside them are
 * left out, so a file of rows on those shapes (a golden file of square
 * grids: MZ_SHAPE_BIT(MZ_SHAPE_ORTHO)) keeps its hash when another shape
 * is added or an entry gains one. Cannot fail. */
MZ_API uint64_t mz_registry_hash(unsigned shapes);

/* ------------------------------------------------------------------ */
/* Specs: "name[:k=v,...][+post[:k=v,...]]"                            */
/* ------------------------------------------------------------------ */

#define MZ_MAX_CHAIN 4

typedef struct mz_stage {
    const mz_algo *algo;
    mz_args args;
} mz_stage;

typedef struct mz_spec {
    unsigned n; /* stages: one generator then up to MZ_MAX_CHAIN-1 posts */
    mz_stage stage[MZ_MAX_CHAIN];
    mz_rng_kind rng; /* the random source its runs draw from; mz_spec_parse
                      * sets mulberry32, mz_rng_resolve chooses */
} mz_spec;

/* The library side of mz_spec_parse and mz_solver_parse (below: call
 * those, which check the ABI first). */
MZ_API mz_status mz_lib_spec_parse(const char *text, mz_spec *spec, char *err, size_t errlen);
MZ_API mz_status mz_lib_solver_parse(const char *text, mz_stage *st, char *err, size_t errlen);

/* Write a stage or spec back in canonical form: only parameters given
 * differently from their defaults are shown, in declaration order.
 * Returns the length that was needed (snprintf semantics). */
MZ_API size_t mz_stage_format(const mz_stage *st, char *buf, size_t len);


/* Choose the random source of a run of spec at geo and seed: want is a
 * kind, or MZ_RNG_AUTO to let the run choose (mulberry32 when the seed is
 * below 2^32 and the estimate within MZ_MULBERRY32_BUDGET, else
 * splitmix64, with *switched set and a one-line note in err). Sets
 * spec->rng. MZ_ETOOBIG, with a one-line reason in err, when mulberry32 is
 * asked for by name with a seed past 32 bits or an estimate past
 * MZ_MULBERRY32_LIMIT. */
MZ_API mz_status mz_rng_resolve(mz_spec *spec, const mz_dims *geo, uint64_t seed, mz_rng_kind want,
                                bool *switched, char *err, size_t errlen);
MZ_API size_t mz_spec_format(const mz_spec *spec, char *buf, size_t len);

/* Parse one parameter's value text into *out. MZ_EPARAM on failure. */
MZ_API mz_status mz_param_parse(const mz_param_def *p, const char *text, double *out);

/* Default args of an entry. */
MZ_API void mz_args_default(const mz_algo *a, mz_args *args);

/* How mz_generate runs (NULL: one thread, no trace, extra columns
 * dropped). threads: the generators that can use several threads use up
 * to that many (0: every online core); the maze, its extra columns and
 * the random source's end state are the same at any count. trace (may be
 * NULL) sees the steps; extra (may be NULL) receives every stage's
 * columns. */
typedef struct mz_gen_opts {
    unsigned threads;
    mz_trace *trace;
    mz_extra *extra;
} mz_gen_opts;

/* Options as a `const mz_gen_opts *` valid to the end of the full
 * expression, for the argument of a call. */
#ifdef __cplusplus
#define MZ_GEN_OPTS(threads, trace, extra) \
    (&static_cast<const mz_gen_opts &>(mz_gen_opts{(unsigned)(threads), (trace), (extra)}))
#else
#define MZ_GEN_OPTS(threads, trace, extra) (&(const mz_gen_opts){(threads), (trace), (extra)})
#endif

/* Run a generator spec at seed on g, (re)initialised here to dims (g
 * initialised by mz_grid_init, or zeroed). MZ_EUNSUPPORTED when a stage
 * does not run on the shape (mz_runs_on). Optional: opts. */
MZ_API mz_status mz_generate(const mz_spec *spec, uint64_t seed, const mz_dims *dims, mz_grid *g,
                             const mz_gen_opts *opts);

/* Eller's algorithm as a stream (docs/catalogue-generators.md): the maze
 * the generator "eller" makes at (seed, rows x cols), produced one row at a
 * time and never held whole, in memory proportional to cols (10 bytes a
 * column). fn (may be NULL) sees each finished row: cells[0..cols) are the
 * row's bytes as a grid would hold them; it returns 0 to go on, non-zero
 * to stop with MZ_EIO. The figures are the maze's: for any size a grid can
 * hold they equal mz_metrics_compute's dead ends and passages and
 * mz_digest() of the in-memory maze; route and longest equal
 * mz_maze_stats_compute's (the maze is a tree: longest is exact). They come
 * from a compressed tree of the rows so far, whose nodes never number more
 * than twice the columns plus two (src/core/rowtree.c; about 1.2 a column,
 * 32 bytes a node and about as much for edges). mem NULL: malloc.
 * MZ_EINVAL for a zero size or st NULL, MZ_ETOOBIG past 2^31 columns or
 * 2^64 cells, MZ_ENOMEM. */
typedef int (*mz_eller_row_fn)(void *user, uint64_t row, const uint8_t *cells, uint64_t cols);

typedef struct mz_stream_stats {
    uint64_t rows, cols, cells;
    uint64_t degree[5]; /* cells by open sides, 0..4 */
    uint64_t dead_ends; /* degree[1] */
    uint64_t passages;  /* open walls, each counted once */
    uint64_t digest;    /* mz_digest() of the whole maze */
    int64_t route;      /* entrance (cell 0) -> exit (the last cell) steps */
    uint64_t longest;   /* the longest path: the tree's diameter, in steps */
    uint64_t tree_nodes; /* most nodes the compressed tree held at once */
    uint64_t draws;     /* draws taken from the random source */
} mz_stream_stats;

/* kind and seed: the random source and its seed (the generator eller draws
 * from MZ_RNG_MULBERRY32; MZ_EINVAL for a mulberry32 seed past 32 bits).
 * Optional: fn, mem. */
MZ_API mz_status mz_eller_stream(uint64_t rows, uint64_t cols, mz_rng_kind kind, uint64_t seed,
                                 mz_eller_row_fn fn, void *user, const mz_allocator *mem,
                                 mz_stream_stats *st);

/* Resolve an MZ_P_CELL value against g; MZ_NONE when out of range. */
MZ_API mz_idx mz_cell_resolve(const mz_grid *g, double v);

/* A cell of g named in text: "entrance", "exit", "centre" (or "center":
 * the shape's own centre, as MZ_CELL_CENTRE), "R,C" (row R, column C) on
 * the shapes of rows and columns at one level (square, hex, tri, weave,
 * torus cells), or an index (0 .. cells - 1). MZ_EPARAM with the reason in
 * err for a text that names no cell of g, an address off the grid or a
 * blocked cell; *cell is set on MZ_OK only. Optional: err (NULL with
 * errlen 0). */
MZ_API mz_status mz_cell_parse(const mz_grid *g, const char *text, mz_idx *cell, char *err,
                               size_t errlen);

/* Does a solver stage fit a maze of dims? MZ_EPARAM when one of its cell
 * parameters names a cell off that grid (reason in err), MZ_EINVAL when
 * st is not a solver, MZ_OK otherwise. Lets a plan be checked before any
 * work starts. Optional: err (NULL with errlen 0). */
MZ_API mz_status mz_solver_fits(const mz_stage *st, const mz_dims *dims, char *err, size_t errlen);

/* Run a solver stage on g: checks the stage against g (as mz_solver_fits),
 * clears sol (keeping want_path and mem) and calls the solver. trace may be
 * NULL. Statuses as the solver's, plus MZ_EPARAM and MZ_EINVAL. */
MZ_API mz_status mz_solve(const mz_stage *st, const mz_grid *g, mz_trace *trace, mz_solution *sol);

/* ------------------------------------------------------------------ */
/* The ABI check                                                       */
/* ------------------------------------------------------------------ */

/* Does the header a program was compiled against match the library it
 * runs with? The program passes what its header says (MZ_ABI_CHECK does:
 * MZ_ABI_VERSION, MZ_SHAPE_COUNT and the sizes of the structs the registry
 * hands out and the specs fill); the library compares them with its own.
 * MZ_OK when they agree; else MZ_EINVAL and one line in err naming both
 * sides ("this program was compiled against mazebench.h 0.2.0 (ABI 2, 8
 * shapes, mz_algo 1568 bytes, ...) but runs with libmazebench 0.2.0 (ABI
 * 2, 7 shapes, ...): rebuild it against the library's own headers").
 * Optional: err. */
MZ_API mz_status mz_abi_check(unsigned abi, unsigned shapes, size_t algo_size, size_t spec_size,
                              size_t solution_size, char *err, size_t errlen);
#define MZ_ABI_CHECK(err, errlen)                                                             \
    mz_abi_check(MZ_ABI_VERSION, MZ_SHAPE_COUNT, sizeof(mz_algo), sizeof(mz_spec),              \
                 sizeof(mz_solution), (err), (errlen))

/* The registry's look-ups, which hand out entries (mz_algo) and fill specs
 * whose layout the header fixes, make the check for the caller on every
 * call: a program built against another header gets MZ_EINVAL and the
 * check's line in err (mz_find: NULL) instead of entries it would
 * misread. A program that uses the registry otherwise (mz_registry[])
 * calls MZ_ABI_CHECK(err, errlen) once at its start. */

/* Look an entry up by kind and name, among the built-in entries and then
 * those added (mz_registry_add); NULL when absent (or when the header does
 * not match the library). */
static inline const mz_algo *mz_find(mz_kind kind, const char *name)
{
    return MZ_ABI_CHECK(NULL, 0) == MZ_OK ? mz_lib_find(kind, name) : NULL;
}

/* Parse a generator spec. On failure returns MZ_ENOTFOUND or MZ_EPARAM
 * (MZ_EINVAL for the ABI check) and writes a one-line reason (no final
 * newline) into err. */
static inline mz_status mz_spec_parse(const char *text, mz_spec *spec, char *err, size_t errlen)
{
    mz_status s = MZ_ABI_CHECK(err, errlen);
    return s != MZ_OK ? s : mz_lib_spec_parse(text, spec, err, errlen);
}

/* Parse a solver spec "name[:k=v,...]" into one stage; statuses as
 * mz_spec_parse. */
static inline mz_status mz_solver_parse(const char *text, mz_stage *st, char *err, size_t errlen)
{
    mz_status s = MZ_ABI_CHECK(err, errlen);
    return s != MZ_OK ? s : mz_lib_solver_parse(text, st, err, errlen);
}

#ifdef __cplusplus
}
#endif

#endif /* MAZEBENCH_H */
