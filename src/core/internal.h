/*
 * internal.h - helpers shared inside the library, not part of its API.
 */
#ifndef MZ_INTERNAL_H
#define MZ_INTERNAL_H

#include "../mazebench.h"
#include "../util/util.h" /* allocation, the cell queue, bitsets */
#include "lib.h"             /* square cells, BFS distances */
#include "rng.h"
#include "shape.h"

#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define MZ_INLINE static inline __attribute__((always_inline))
/* A function kept out of its callers: a solver's paths for square cells
 * and for other shapes, so that the square one compiles as it would alone. */
#define MZ_NOINLINE __attribute__((noinline))
#define MZ_LIKELY(x) __builtin_expect(!!(x), 1)
#define MZ_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define MZ_PREFETCH(p) __builtin_prefetch(p)
#define MZ_PREFETCHW(p) __builtin_prefetch((p), 1)
#else
#define MZ_INLINE static inline
#define MZ_NOINLINE
#define MZ_LIKELY(x) (x)
#define MZ_UNLIKELY(x) (x)
#define MZ_PREFETCH(p) ((void)(p))
#define MZ_PREFETCHW(p) ((void)(p))
#endif

/* The root of x in a union-find forest of 64-bit parents, halving the
 * path behind it. Cannot fail. */
MZ_INLINE uint64_t mz_uf_root(uint64_t *p, uint64_t x)
{
    uint64_t r = x;
    while (p[r] != r)
        r = p[r];
    while (p[x] != r) {
        uint64_t n = p[x];
        p[x] = r;
        x = n;
    }
    return r;
}

/* Does every open wall of g lead to a cell of g, with no wrap? Then the
 * neighbour through an open wall d of i is i + {-cols, 1, cols, -1}[d],
 * with no bounds test or division. False on any shape but square cells.
 * Linear in rows + cols. (metrics.c) */
bool mz_grid_border_closed(const mz_grid *g);

/* ---- Solver helpers (solve_common.c; docs/extending.md) ---- */

/* The solver prologue: clear sol (keeping want_path and mem, freeing an
 * old path) and check that g's entrance and exit are cells of g. MZ_EINVAL
 * when one is not. Every solver starts with it. */
mz_status mz_solve_begin(const mz_grid *g, mz_solution *sol);

/* The prologue of a solver that starts from an MZ_P_CELL parameter (flood,
 * pledge): as mz_solve_begin, then resolve the parameter value v against g
 * into *start. MZ_EINVAL when it names no cell of g. */
mz_status mz_solve_begin_from(const mz_grid *g, mz_solution *sol, double v, mz_idx *start);

/* Reverse sol->path in place: a walk back from the exit records the path
 * exit first; the solution's path is entrance first. Cannot fail. */
void mz_path_reverse(mz_solution *sol);

/* The index step of each direction, {-cols, +1, +cols, -1} (N, E, S, W).
 * i + delta[d] is the neighbour through an open wall d only on a grid
 * whose border is closed (mz_grid_border_closed); mz_dir_step picks that
 * shortcut or mz_sq_neighbour. */
MZ_INLINE void mz_dir_deltas(const mz_grid *g, int64_t delta[4])
{
    delta[MZ_N] = -(int64_t)g->cols;
    delta[MZ_E] = 1;
    delta[MZ_S] = (int64_t)g->cols;
    delta[MZ_W] = -1;
}

MZ_INLINE mz_idx mz_dir_step(const mz_grid *g, const bool fast, const int64_t delta[4],
                             mz_idx i, unsigned d)
{
    return fast ? (mz_idx)((int64_t)i + delta[d]) : mz_sq_neighbour(g, i, d);
}

/* One breadth-first sweep ring by ring from src over the cells whose bits
 * in seen are clear (seen is marked as it goes; q is emptied first): the
 * rings, the cells reached, the passages among them, the first cell of the
 * last ring and the ring of the exit (ring.c). flood's two passes and the
 * statistics' double sweep. MZ_ENOMEM when q cannot grow. */
typedef struct mz_ring_out {
    uint64_t rings, reached, passages;
    mz_idx last_first; /* first cell of the last ring */
    int64_t exit_ring; /* -1 when the exit was not reached */
} mz_ring_out;

mz_status mz_ring_sweep(const mz_grid *g, mz_idx src, uint64_t *seen, mz_queue *q,
                        mz_ring_out *o);
/* Its two paths, square cells and the ports of any other shape, with a
 * trace step a ring when t is not NULL (flood's trace): op, cell = the
 * ring's first cell, dir -1, size = its cells; MZ_EIO when t refuses. */
mz_status mz_ring_sweep_square(const mz_grid *g, mz_idx src, uint64_t *seen, mz_queue *q,
                               const char *op, mz_trace *t, mz_ring_out *o);
mz_status mz_ring_sweep_ports(const mz_grid *g, mz_idx src, uint64_t *seen, mz_queue *q,
                              const char *op, mz_trace *t, mz_ring_out *o);

/* Eight cells as one word, cell p[j] in bits 8j..8j+7 on every byte
 * order (the digest, the counts, dead-end filling's scan and the
 * word-wise passes of kruskal and binary-tree read and write cells this
 * way). */
static inline uint64_t mz_load_le64(const uint8_t *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    return w;
}

static inline void mz_store_le64(uint8_t *p, uint64_t w)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    memcpy(p, &w, 8);
}

/* ---- The route of a perfect maze by bands (route_bands.c) ----
 * rt_init allocates each band's workspace (r0, r1 set by the caller);
 * rt_band_run walks one band and allocates nothing (a task each, in
 * parallel); rt_merge joins them: 1 when the maze is one tree, with *route
 * its entrance-exit steps; 0 when it is not (or a workspace was full: take
 * the general path); -1 when memory runs out. open_cells: the grid's
 * non-blocked cells. rt_free frees the workspaces. */
enum { RT_TREE = 0, RT_NOT = 1, RT_FULL = 2 };
typedef struct rt_band {
    uint64_t r0, r1;
    int status;
    uint64_t visited;
    uint32_t nnodes, nedges, ncomps, max_nodes, max_edges;
    uint32_t ent_node, exit_node;
    uint32_t *node_comp, *top, *bot; /* node_comp's block holds all three */
    void *stack, *edges;
    uint64_t cap;
} rt_band;
mz_status rt_init(const mz_grid *g, rt_band *bands, unsigned nbands);
void rt_band_run(const mz_grid *g, rt_band *b);
int rt_merge(const mz_grid *g, rt_band *bands, unsigned nbands, uint64_t open_cells,
             int64_t *route);
void rt_free(const mz_grid *g, rt_band *bands, unsigned nbands);

/* ---- Figures of the shapes beyond square cells (metrics_ports.c) ----
 * The public figure functions (mz_digest, mz_metrics_compute, mz_route,
 * mz_bfs_dist32, mz_maze_stats_compute) hand a grid of any other shape to
 * these. */
uint64_t mz_digest_ports(const mz_grid *g);
mz_status mz_metrics_ports(const mz_grid *g, mz_metrics *m);
int64_t mz_route_ports(const mz_grid *g, mz_idx a, mz_idx b);
/* mz_bfs_dist32's sweep on any shape: dist set up and q holding the
 * source (metrics.c); frees q. */
mz_status mz_bfs_dist32_ports(const mz_grid *g, mz_queue *q, uint32_t *dist);
/* The per-cell counts of mz_maze_stats_compute on any shape (its sweeps
 * are stats.c's): s zeroed, then cells, degrees, straights, turns and the
 * inner cells filled. Cannot fail. */
void mz_maze_cells_ports(const mz_grid *g, uint64_t band, mz_maze_stats *s);

/* Ring codes: a breadth-first search that keeps each cell's distance mod 3
 * in two bits marks the cells of ring r with MZ_RING_CODE[r % 3] (1, 2, 3;
 * 0 is unreached); MZ_RING_NEXT / MZ_RING_PREV map a cell's code to the
 * code of the ring after / before it. */
#define MZ_RING_NEXT {0, 2, 3, 1}
#define MZ_RING_PREV {0, 3, 1, 2}

/* A cell's mark as a solver keeps it: the ring code in the low two bits,
 * other bits (a side, a kept flag) above them. */
typedef unsigned (*mz_mark_fn)(const void *marks, mz_idx i);

/* Walk from cell `from` to cell `to` one ring nearer each step: from a cell
 * whose mark is v, to the first open neighbour (N, E, S, W, the walls read
 * from `walls`, g->c or a solver's copy) whose mark is the previous ring's
 * code with v's other bits. Appends each cell after `from` to sol->path
 * when push (a failure is left in *s and stops the walk). Returns the steps,
 * or -1 when no neighbour fits: the two sides of a wall disagree. The walk
 * of bfs, dead-end filling, collision and bibfs. (solve_common.c) */
int64_t mz_walk_rings(const mz_grid *g, const uint8_t *walls, bool fast, mz_idx from, mz_idx to,
                      mz_mark_fn mark, const void *marks, bool push, mz_solution *sol,
                      mz_status *s);

/* The route from the walk above, exit to entrance: path_steps, and the path
 * entrance first when sol->want_path. MZ_EINVAL when a wall disagrees,
 * MZ_ENOMEM when the path cannot grow. */
mz_status mz_route_back(const mz_grid *g, const uint8_t *walls, bool fast, mz_mark_fn mark,
                        const void *marks, mz_solution *sol);

/* ---- Threads (src/core/par.c) ---- */

/* One task of a list: ctx is the list's, task its number. */
typedef void (*mz_task_fn)(void *ctx, unsigned task);

/* Run tasks 0..ntasks-1, each once, on up to `threads` threads (0: every
 * online core) the caller's included, and return when all are done. A
 * thread that cannot be started leaves its share to the others, so this
 * cannot fail. Tasks that allocate from a pool must not run side by side
 * with other allocating tasks (a pool is one thread's at a time). */
void mz_par_tasks(unsigned threads, unsigned ntasks, mz_task_fn fn, void *ctx);

/* threads as the caller gave it: 0 becomes mz_cpu_count(), anything above
 * MZ_MAX_THREADS becomes MZ_MAX_THREADS. */
unsigned mz_threads_resolve(unsigned threads);

/* Run a generator spec on g as it is (already sized and reset). */
mz_status mz_generate_on(const mz_spec *spec, uint64_t seed, mz_grid *g, mz_trace *trace,
                         mz_extra *extra);

#endif /* MZ_INTERNAL_H */
