/*
 * plugin_example.c - a mazebench plugin: a generator and a solver of your
 * own, loaded at run time, timed in process and checked like the built-in
 * entries (docs/plugins.md). Copy this file and change the algorithms.
 *
 *   plugin-dfs  the depth-first carve (recursive backtracker) with an
 *               explicit stack: the same recipe as the built-in `dfs`
 *               (docs/algorithms.md, board 01), written another way, so
 *               its mazes can be compared with the built-in's (they are
 *               the same maze for the same seed, on every shape);
 *   plugin-bfs  breadth-first search with a parent array: the built-in
 *               `bfs`'s route, closed count and path length.
 *
 * Writing a plugin, step by step:
 *   1. Include "mazebench.h" only (the public API): the library's insides
 *      (src/core/internal.h) are not part of the plugin ABI.
 *   2. Write a generator `mz_status gen(mz_grid *g, const mz_args *a,
 *      mz_run *run)` or a solver `mz_status solve(const mz_grid *g, const
 *      mz_args *a, mz_trace *t, mz_solution *sol)`, as the built-in
 *      entries do (docs/extending.md): g arrives with every wall closed;
 *      draw only from run->rng (mz_rng_pick, mz_rng_u32: never rand(),
 *      never a clock or an address), so a seed gives one maze everywhere.
 *   3. Take every block from the grid's allocator, g->mem (NULL: malloc),
 *      through two small helpers as below, and free it before returning,
 *      on every path: `mazebench vet` fails each allocation in turn and
 *      wants MZ_ENOMEM back with nothing leaked.
 *   4. Trace with the built-in idiom: branch on the trace pointer once,
 *      emit with mz_trace_emit(t, "op", cell, dir, size), return MZ_EIO
 *      when it says stop, and declare every op in trace_ops.
 *   5. Fill an mz_algo: name (new: "plugin-..." keeps clear of the
 *      built-ins), kind, summary, flags it keeps (MZ_F_PERFECT,
 *      MZ_F_SHORTEST, MZ_F_PATH for a solver that returns its route's
 *      cells: vet checks them), the shapes it runs on, its memory
 *      a cell and trace steps a cell (mazebench's estimates use them).
 *   6. Export `const mz_plugin *mazebench_plugin(void)` returning
 *      {MZ_PLUGIN_ABI, sizeof(mz_algo), the entries, their count, a
 *      name}. Names (of the entry, its parameters, choices and columns)
 *      are letters, digits, '-', '_' and '.'; texts have no control
 *      character (docs/plugins.md lists what the loader refuses).
 *   7. Build it position-independent, without linking the library (the
 *      mazebench executable provides every mz_ function); against an
 *      installed mazebench (docs/install.md):
 *        cc -std=c11 -O2 -fPIC -shared $(pkg-config --cflags mazebench) \
 *           -o plugin.so plugin_example.c
 *      or a CMake MODULE library linking mazebench::cli; in this tree,
 *      -Isrc instead of pkg-config's flags, or the CMake target
 *      mazebench_plugin_example.
 *   8. Check it, then use it with any command:
 *        mazebench --plugin ./plugin.so vet
 *        mazebench --plugin ./plugin.so gen plugin-dfs --size 31x31
 */
#include <stdlib.h>
#include <string.h>

#include "mazebench_plugin.h"

/* Step 3: blocks from the grid's allocator. */
static void *mem_alloc(const mz_allocator *m, size_t bytes)
{
    return m ? m->alloc(m->opaque, bytes) : malloc(bytes);
}

static void mem_free(const mz_allocator *m, void *p)
{
    if (!p)
        return;
    if (m)
        m->free(m->opaque, p);
    else
        free(p);
}

/* ---- plugin-dfs ----
 *   1. Push cell 0 (visited: a cell is visited once one of its walls is
 *      open, so a fresh cell has every wall of its shape closed).
 *   2. cur = the top of the stack; opts = its ports 0.. in order whose
 *      neighbour exists, is fresh and whose wall may be opened now
 *      (mz_port_can_open: the weave's crossing rules).
 *   3. opts non-empty: p = opts[pick(len)] (one draw); knock p; push the
 *      neighbour (a `push` step: the new cell, the port, the depth).
 *      Otherwise pop (a `pop` step: the cell left, the depth after).
 *   4. Stop when the stack is empty: 2 * cells - 1 steps.
 * Memory: the stack, one index (8 bytes) a cell at most. */
static mz_status pdfs_gen(mz_grid *g, const mz_args *a, mz_run *run)
{
    (void)a;
    const unsigned ports = mz_shape_ports(g->shape);
    const uint8_t fresh = mz_shape_walls(g->shape);
    mz_trace *t = run->trace;
    mz_idx *stack = mem_alloc(g->mem, (size_t)g->cells * sizeof *stack);
    if (!stack)
        return MZ_ENOMEM;
    uint64_t depth = 1;
    stack[0] = 0;
    mz_status s = MZ_OK;
    while (depth) {
        const mz_idx cur = stack[depth - 1];
        unsigned opts[8], n = 0;
        for (unsigned p = 0; p < ports; p++) {
            const mz_idx y = mz_port_nbr(g, cur, p);
            if (y != MZ_NONE && g->c[y] == fresh && mz_port_can_open(g, cur, p))
                opts[n++] = p;
        }
        if (n) {
            const unsigned p = opts[mz_rng_pick(run->rng, n)];
            const mz_idx y = mz_port_nbr(g, cur, p);
            mz_port_knock(g, cur, p);
            stack[depth++] = y;
            if (t && mz_trace_emit(t, "push", y, (int)p, depth)) {
                s = MZ_EIO;
                break;
            }
        } else {
            depth--;
            if (t && mz_trace_emit(t, "pop", cur, -1, depth)) {
                s = MZ_EIO;
                break;
            }
        }
    }
    mem_free(g->mem, stack);
    return s;
}

static const mz_trace_op pdfs_trace_ops[] = {
    {"push", "carve into a new cell; cell = the new cell, dir = the port knocked", MZ_DRAW_ENTER},
    {"pop", "backtrack out of cell", MZ_DRAW_DONE},
    {NULL, NULL, MZ_DRAW_UNSET},
};

/* ---- plugin-bfs ----
 *   1. Queue the entrance; its parent is itself.
 *   2. Take cells in queue order (each one closed); queue each neighbour
 *      behind an open wall (ports 0.. in order) that has no parent yet,
 *      with the cell as its parent; stop when the exit gets one (closed
 *      too).
 *   3. Follow the parents from the exit to the entrance; the path is that
 *      walk reversed.
 * Memory: a parent and a queue slot, 16 bytes a cell. */
static mz_status pbfs_solve(const mz_grid *g, const mz_args *a, mz_trace *t, mz_solution *sol)
{
    (void)a;
    mz_solution_clear(sol); /* found false, the figures -1, no path */
    const mz_idx src = g->entrance, dst = g->exit;
    if (src >= g->cells || dst >= g->cells)
        return MZ_EINVAL;
    const unsigned ports = mz_shape_ports(g->shape);
    mz_idx *parent = mem_alloc(g->mem, (size_t)g->cells * sizeof *parent);
    mz_idx *queue = mem_alloc(g->mem, (size_t)g->cells * sizeof *queue);
    if (!parent || !queue) {
        mem_free(g->mem, parent);
        mem_free(g->mem, queue);
        return MZ_ENOMEM;
    }
    for (mz_idx i = 0; i < g->cells; i++)
        parent[i] = MZ_NONE;
    parent[src] = src;
    uint64_t head = 0, tail = 0;
    int64_t closed = 0;
    bool found = src == dst;
    if (found)
        closed = 1;
    else
        queue[tail++] = src;
    mz_status s = MZ_OK;
    while (head < tail && !found) {
        const mz_idx i = queue[head++];
        closed++;
        if (t && mz_trace_emit(t, "close", i, -1, tail - head)) {
            s = MZ_EIO;
            break;
        }
        for (unsigned p = 0; p < ports && !found; p++) {
            if (g->c[i] & (1u << p))
                continue; /* a closed wall */
            const mz_idx n = mz_port_nbr(g, i, p);
            if (n == MZ_NONE || parent[n] != MZ_NONE)
                continue;
            parent[n] = i;
            if (n == dst) {
                found = true;
                closed++; /* the exit counts as closed, as in the built-in bfs */
            } else {
                queue[tail++] = n;
            }
        }
    }
    if (s == MZ_OK) {
        sol->found = found;
        sol->closed = closed;
        if (found) {
            int64_t steps = 0;
            for (mz_idx i = dst; i != src; i = parent[i])
                steps++;
            sol->path_steps = steps;
            if (sol->want_path) {
                /* push the cells from the exit back, then reverse them */
                for (mz_idx i = dst;; i = parent[i]) {
                    s = mz_solution_push(sol, i);
                    if (s != MZ_OK || i == src)
                        break;
                }
                for (uint64_t x = 0, y = sol->path_len ? sol->path_len - 1 : 0; x < y; x++, y--) {
                    mz_idx tmp = sol->path[x];
                    sol->path[x] = sol->path[y];
                    sol->path[y] = tmp;
                }
            }
        }
    }
    mem_free(g->mem, parent);
    mem_free(g->mem, queue);
    return s;
}

static const mz_trace_op pbfs_trace_ops[] = {
    {"close", "a cell leaves the queue (size = the queue's length)", MZ_DRAW_CLOSE},
    {NULL, NULL, MZ_DRAW_UNSET},
};

/* ---- Step 5: the entries ---- */

static const mz_algo plugin_dfs = {
    .name = "plugin-dfs",
    .kind = MZ_GEN,
    .summary = "plugin example: depth-first carve with an explicit stack (the built-in dfs's mazes)",
    .flags = MZ_F_PERFECT,
    .shapes = MZ_SHAPES_ALL,
    /* the stack: 8 bytes a cell, and the allocator's 16-byte header */
    .bytes_per_cell = {[MZ_SHAPE_ORTHO] = 8, [MZ_SHAPE_HEX] = 8, [MZ_SHAPE_TRI] = 8,
                       [MZ_SHAPE_POLAR] = 8, [MZ_SHAPE_CUBE] = 8, [MZ_SHAPE_WEAVE] = 8,
                       [MZ_SHAPE_TORUS] = 8},
    .bytes_fixed = {[MZ_SHAPE_ORTHO] = 64, [MZ_SHAPE_HEX] = 64, [MZ_SHAPE_TRI] = 64,
                    [MZ_SHAPE_POLAR] = 64, [MZ_SHAPE_CUBE] = 64, [MZ_SHAPE_WEAVE] = 64,
                    [MZ_SHAPE_TORUS] = 64},
    /* a push and a pop a cell */
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 2, [MZ_SHAPE_HEX] = 2, [MZ_SHAPE_TRI] = 2,
                             [MZ_SHAPE_POLAR] = 2, [MZ_SHAPE_CUBE] = 2, [MZ_SHAPE_WEAVE] = 2,
                             [MZ_SHAPE_TORUS] = 2},
    /* one draw a carve: cells - 1 */
    .draws_per_cell = {[MZ_SHAPE_ORTHO] = {1}, [MZ_SHAPE_HEX] = {1}, [MZ_SHAPE_TRI] = {1},
                       [MZ_SHAPE_POLAR] = {1}, [MZ_SHAPE_CUBE] = {1}, [MZ_SHAPE_WEAVE] = {1},
                       [MZ_SHAPE_TORUS] = {1}},
    .gen = pdfs_gen,
    .trace_ops = pdfs_trace_ops,
    .trace_size = "stack depth",
};

static const mz_algo plugin_bfs = {
    .name = "plugin-bfs",
    .kind = MZ_SOLVER,
    .summary = "plugin example: breadth-first search with a parent array (the built-in bfs's route)",
    .flags = MZ_F_SHORTEST | MZ_F_PATH,
    .shapes = MZ_SHAPES_ALL,
    .bytes_per_cell = {[MZ_SHAPE_ORTHO] = 16, [MZ_SHAPE_HEX] = 16, [MZ_SHAPE_TRI] = 16,
                       [MZ_SHAPE_POLAR] = 16, [MZ_SHAPE_CUBE] = 16, [MZ_SHAPE_WEAVE] = 16,
                       [MZ_SHAPE_TORUS] = 16},
    .bytes_fixed = {[MZ_SHAPE_ORTHO] = 64, [MZ_SHAPE_HEX] = 64, [MZ_SHAPE_TRI] = 64,
                    [MZ_SHAPE_POLAR] = 64, [MZ_SHAPE_CUBE] = 64, [MZ_SHAPE_WEAVE] = 64,
                    [MZ_SHAPE_TORUS] = 64},
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 1, [MZ_SHAPE_HEX] = 1, [MZ_SHAPE_TRI] = 1,
                             [MZ_SHAPE_POLAR] = 1, [MZ_SHAPE_CUBE] = 1, [MZ_SHAPE_WEAVE] = 1,
                             [MZ_SHAPE_TORUS] = 1},
    .solve = pbfs_solve,
    .trace_ops = pbfs_trace_ops,
    .trace_size = "queue length",
};

/* ---- Step 6: the one exported symbol ---- */

static const mz_algo *const entries[] = {&plugin_dfs, &plugin_bfs};

static const mz_plugin description = {
    .abi = MZ_PLUGIN_ABI,
    .algo_size = sizeof(mz_algo),
    .algos = entries,
    .nalgos = sizeof entries / sizeof entries[0], /* the loader reads this many, no more */
    .name = "example (plugin-dfs, plugin-bfs)",
};

#if defined(__GNUC__)
__attribute__((visibility("default")))
#endif
const mz_plugin *mazebench_plugin(void);

const mz_plugin *mazebench_plugin(void) { return &description; }
