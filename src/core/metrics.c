/*
 * metrics.c - figures of a finished maze: cells, passages, dead ends,
 * loops, components, the entrance -> exit route and the digest.
 *
 * Every pass is linear in the grid and keeps at most one bit a cell plus a
 * BFS queue (and a few words a column), so metrics stay affordable on
 * 2^32-cell grids.
 *
 * mz_metrics_compute splits the work into tasks that run side by side.
 * First round:
 *   - a breadth-first search from the entrance that keeps no marks (each
 *     cell carries the side it came from) and runs to the end: the route,
 *     and on a tree the size of the entrance's component;
 *   - the digest, one serial chain over the cells;
 *   - the counts, by bands of rows.
 * When the search covered every open cell, the maze is one tree and that
 * is all. Otherwise a second round labels each band's components by a
 * row-by-row union-find whose labels live only for the band's first row,
 * the previous row and the current one; components that end inside the
 * band are counted there, the others leave labels on the band's first and
 * last rows, and a serial merge joins bands across their borders. A search
 * that gave up (loops) is replaced by a marked BFS beside the bands; it is
 * the only task that allocates while others run.
 * Every result is an integer sum or a property of the graph, so it is the
 * same whatever the number of threads or bands.
 */
#include "internal.h"

static inline uint64_t digest_step(uint64_t h, uint64_t w)
{
    h = (h ^ w) * UINT64_C(0x9e3779b97f4a7c15);
    return h ^ (h >> 32);
}

uint64_t mz_digest(const mz_grid *g)
{
    if (!g)
        return 0;
    if (g->shape != MZ_SHAPE_ORTHO)
        return mz_digest_ports(g);
    const uint64_t keep = UINT64_C(0x1f1f1f1f1f1f1f1f); /* walls + blocked */
    uint64_t h = UINT64_C(0x6a09e667f3bcc908);
    h = digest_step(h, g->rows);
    h = digest_step(h, g->cols);
    uint64_t i = 0;
    for (; i + 8 <= g->cells; i += 8)
        h = digest_step(h, mz_load_le64(g->c + i) & keep);
    if (i < g->cells) {
        uint8_t tail[8] = {0};
        memcpy(tail, g->c + i, (size_t)(g->cells - i));
        h = digest_step(h, mz_load_le64(tail) & keep);
    }
    h ^= h >> 29;
    h *= UINT64_C(0xbf58476d1ce4e5b9);
    h ^= h >> 32;
    return h;
}

/* How far ahead in the queue a BFS prefetches: the cells it will take
 * next are known, and on a large maze each lies in its own cache line. */
#define LOOKAHEAD 16

bool mz_grid_border_closed(const mz_grid *g)
{
    if (g->shape != MZ_SHAPE_ORTHO || (g->flags & MZ_GRID_WRAP_EW))
        return false; /* the index steps are the square grid's */
    const uint8_t *c = g->c;
    const uint64_t rows = g->rows, cols = g->cols, last = g->cells - cols;
    unsigned acc = 0;
    for (uint64_t k = 0; k < cols; k++)
        acc |= (~c[k] & MZ_WALL_N) | (~c[last + k] & MZ_WALL_S);
    for (uint64_t r = 0, i = 0; r < rows; r++, i += cols)
        acc |= (~c[i] & MZ_WALL_W) | (~c[i + cols - 1] & MZ_WALL_E);
    return acc == 0;
}

/* Breadth-first fill from src through open walls, marking seen cells.
 * *route gets the ring at which dst is first reached (left alone when it
 * is not); with stop, the search ends there. MZ_ENOMEM when the queue
 * cannot grow. */
static mz_status bfs_fill(const mz_grid *g, bool fast, uint64_t *seen, mz_queue *q, mz_idx src,
                          mz_idx dst, bool stop, int64_t *route)
{
    const uint8_t *c = g->c;
    const int64_t delta[4] = {-(int64_t)g->cols, 1, (int64_t)g->cols, -1};
    const int64_t cols = (int64_t)g->cols;
    int64_t depth = 0;
    uint64_t ring_left = 1; /* cells of the current ring still queued */
    mz_bit_set(seen, src);
    if (src == dst) {
        *route = 0;
        if (stop)
            return MZ_OK;
    }
    q->head = q->len = 0;
    mz_queue_push(q, src);
    while (q->len) {
        if (q->len > LOOKAHEAD) {
            mz_idx ahead = q->buf[(q->head + LOOKAHEAD) & (q->cap - 1)];
            MZ_PREFETCH(c + ahead);
            MZ_PREFETCH(seen + (ahead >> 6));
            MZ_PREFETCH(seen + ((ahead >= (uint64_t)cols ? ahead - (uint64_t)cols : 0) >> 6));
            MZ_PREFETCH(seen + ((ahead + (uint64_t)cols) >> 6));
        }
        mz_idx i = mz_queue_pop(q);
        unsigned open = ~c[i] & MZ_WALLS;
        if (ring_left-- == 0) {
            depth++;
            ring_left = q->len; /* i was the first of the next ring */
        }
        while (open) {
            unsigned d = (unsigned)__builtin_ctz(open);
            open &= open - 1;
            mz_idx n = fast ? (mz_idx)((int64_t)i + delta[d]) : mz_sq_neighbour(g, i, d);
            if (n == MZ_NONE || mz_bit_get(seen, n))
                continue;
            mz_bit_set(seen, n);
            if (MZ_UNLIKELY(n == dst)) {
                *route = depth + 1;
                if (stop)
                    return MZ_OK;
            }
            if (mz_queue_push(q, n) != MZ_OK)
                return MZ_ENOMEM;
        }
    }
    return MZ_OK;
}

int64_t mz_route(const mz_grid *g, mz_idx a, mz_idx b)
{
    if (!g)
        return -1;
    if (g->shape != MZ_SHAPE_ORTHO)
        return mz_route_ports(g, a, b);
    if (a >= g->cells || b >= g->cells)
        return -1;
    if (a == b)
        return 0;
    mz_queue q;
    uint64_t *seen = mz_sweep_alloc(g->mem, g->cells, &q);
    if (!seen)
        return -2;
    int64_t result = -1;
    if (bfs_fill(g, mz_grid_border_closed(g), seen, &q, a, b, true, &result) != MZ_OK)
        result = -2;
    mz_mem_free(g->mem, seen);
    mz_queue_free(&q);
    return result;
}

mz_status mz_bfs_dist32(const mz_grid *g, mz_idx src, uint32_t *dist)
{
    if (!g || !dist)
        return MZ_EINVAL;
    if (g->cells > UINT32_MAX)
        return MZ_ETOOBIG;
    for (uint64_t i = 0; i < g->cells; i++)
        dist[i] = UINT32_MAX;
    if (src >= g->cells)
        return MZ_OK;
    mz_queue q;
    if (mz_queue_init(&q, g->mem, 1024) != MZ_OK)
        return MZ_ENOMEM;
    dist[src] = 0;
    mz_queue_push(&q, src); /* cannot fail: the queue has room */
    if (g->shape != MZ_SHAPE_ORTHO)
        return mz_bfs_dist32_ports(g, &q, dist);
    while (q.len) {
        mz_idx i = mz_queue_pop(&q);
        for (unsigned d = 0; d < 4; d++) {
            if (!mz_sq_is_open(g, i, d))
                continue;
            mz_idx n = mz_sq_neighbour(g, i, d);
            if (n == MZ_NONE || dist[n] != UINT32_MAX)
                continue;
            dist[n] = dist[i] + 1;
            if (mz_queue_push(&q, n) != MZ_OK) {
                mz_queue_free(&q);
                return MZ_ENOMEM;
            }
        }
    }
    mz_queue_free(&q);
    return MZ_OK;
}

/* Sums of per-byte 0/1 flags over 8 bytes at a time. */
#define ONES UINT64_C(0x0101010101010101)

/* Count open cells, dead ends, open east walls and (with south) open
 * south walls over cells [from, to), eight at a time. */
static void count_range(const uint8_t *c, uint64_t from, uint64_t to, bool south, uint64_t *cells,
                        uint64_t *dead, uint64_t *east, uint64_t *souths, uint64_t *walls)
{
    uint64_t nc = 0, nd = 0, ne = 0, ns = 0, nw = 0;
    uint64_t i = from;
    for (; i + 8 <= to; i += 8) {
        uint64_t w = mz_load_le64(c + i);
        uint64_t open_cell = ~(w >> 4) & ONES;  /* 1 in each non-blocked byte */
        uint64_t x = w & (ONES * 15);            /* wall bits */
        x = x - ((x >> 1) & (ONES * 5));
        x = (x & (ONES * 3)) + ((x >> 2) & (ONES * 3)); /* walls a byte, 0..4 */
        uint64_t y = x ^ (ONES * 3);                    /* zero where 3 walls */
        uint64_t t = (y & (ONES * 0x7f)) + ONES * 0x7f;
        uint64_t is3 = (~(t | y | (ONES * 0x7f)) >> 7) & open_cell;
        nc += (open_cell * ONES) >> 56;
        nd += (is3 * ONES) >> 56;
        ne += (((~w >> 1) & open_cell) * ONES) >> 56;
        if (south)
            ns += (((~w >> 2) & open_cell) * ONES) >> 56;
        else
            nw += (((w >> 2) & ONES) * ONES) >> 56; /* the south border */
        nw += ((w & ONES) * ONES) >> 56;            /* north walls */
        nw += (((w >> 3) & ONES) * ONES) >> 56;     /* west walls */
    }
    for (; i < to; i++) {
        unsigned v = c[i];
        nw += (v & MZ_WALL_N) != 0;
        nw += (v & MZ_WALL_W) != 0;
        nw += !south && (v & MZ_WALL_S);
        if (v & MZ_BLOCKED)
            continue;
        static const uint8_t open_count[16] = {4, 3, 3, 2, 3, 2, 2, 1, 3, 2, 2, 1, 2, 1, 1, 0};
        nc++;
        nd += open_count[v & MZ_WALLS] == 1;
        ne += !(v & MZ_WALL_E);
        if (south)
            ns += !(v & MZ_WALL_S);
    }
    *cells += nc;
    *dead += nd;
    *east += ne;
    *souths += ns;
    *walls += nw;
}

/* ---- Components by bands of rows ------------------------------------ */

#define NOLAB UINT32_MAX

/* Fewest rows a band may have, so its labels (about 28 bytes a column)
 * stay under the bit a cell the route's search takes. */
#define BAND_MIN_ROWS 256

/* What one band leaves for the merge. Labels: < cols a class of the band's
 * first row (its smallest node), cols + k the k-th class of the last row
 * that does not reach the first; NOLAB for a blocked cell. */
typedef struct band {
    uint64_t r0, r1;      /* rows [r0, r1) */
    uint64_t cells, dead, east, south, walls;
    uint64_t closed;      /* components wholly inside, off the first and last rows */
    uint32_t *top, *bot;  /* cols labels each */
    /* Workspace, a few words a column: union-find parents (3 cols: the
     * first row's runs, the previous row's classes, the current row's
     * runs), the run of each cell in the previous and current rows, each
     * run's label and blocked flag, and the renaming map with its tags. */
    uint32_t *parent, *run_prev, *run_cur, *lab_prev, *lab_cur, *map, *stamp, *alive;
    uint8_t *blocked;
} band;

/* Words a column a band takes (uint32), and bytes. */
#define BAND_WORDS 15
#define BAND_BYTES (BAND_WORDS * 4 + 1)

MZ_INLINE uint32_t uf_find(uint32_t *p, uint32_t x)
{
    uint32_t r = x;
    while (p[r] != r)
        r = p[r];
    while (p[x] != r) { /* path compression */
        uint32_t nx = p[x];
        p[x] = r;
        x = nx;
    }
    return r;
}

/* Label the runs of one row: cells joined by open east walls (a blocked
 * cell is a run of its own). run[k] gets the run of cell k, blocked[r]
 * whether run r is a blocked cell; returns the number of runs. No branch
 * on the maze's walls: they are as good as random to a predictor. */
static uint32_t row_runs(const uint8_t *row, uint32_t cols, uint32_t *run, uint8_t *blocked)
{
    uint32_t r = 0;
    run[0] = 0;
    blocked[0] = (row[0] & MZ_BLOCKED) != 0;
    for (uint32_t k = 1; k < cols; k++) {
        unsigned v = row[k], u = row[k - 1];
        r += ((u & (MZ_WALL_E | MZ_BLOCKED)) | (v & MZ_BLOCKED)) != 0;
        run[k] = r;
        blocked[r] = (v & MZ_BLOCKED) != 0;
    }
    return r + 1;
}

/* The counts of a band's rows. */
static void band_count(const mz_grid *g, band *b)
{
    const uint8_t *c = g->c;
    const uint64_t cols = g->cols, last = g->rows - 1;
    const bool wrap = (g->flags & MZ_GRID_WRAP_EW) != 0;
    const uint64_t south_end = b->r1 > last ? last : b->r1; /* rows with a row below */
    if (south_end > b->r0)
        count_range(c, b->r0 * cols, south_end * cols, true, &b->cells, &b->dead, &b->east,
                    &b->south, &b->walls);
    if (b->r1 > last)
        count_range(c, last * cols, b->r1 * cols, false, &b->cells, &b->dead, &b->east, &b->south,
                    &b->walls);
    if (!wrap) {
        for (uint64_t i = b->r0 * cols + cols - 1; i < b->r1 * cols; i += cols) {
            b->east -= !(c[i] & (MZ_WALL_E | MZ_BLOCKED));
            b->walls += (c[i] & MZ_WALL_E) != 0; /* the east border */
        }
    }
}

static void band_run(const mz_grid *g, band *b)
{
    const uint8_t *c = g->c;
    const uint32_t cols = (uint32_t)g->cols;
    const bool wrap = (g->flags & MZ_GRID_WRAP_EW) != 0;
    uint32_t *p = b->parent, *map = b->map, *stamp = b->stamp, *alive = b->alive;
    uint32_t *run_prev = b->run_prev, *run_cur = b->run_cur;
    uint32_t *lab_prev = b->lab_prev, *lab_cur = b->lab_cur;
    uint32_t nprev = 0; /* classes cols .. cols + nprev - 1 of the previous row */
    for (uint64_t r = b->r0; r < b->r1; r++) {
        const uint8_t *row = c + r * g->cols;
        const bool first = r == b->r0;
        /* Each run is a node: the first row's are 0..cols-1, later rows'
         * 2cols..3cols-1. */
        const uint32_t nruns = row_runs(row, cols, run_cur, b->blocked);
        const uint32_t base = first ? 0 : 2 * cols;
        for (uint32_t k = 0; k < nruns; k++)
            p[base + k] = base + k;
        if (wrap && cols > 1 && !(row[cols - 1] & (MZ_WALL_E | MZ_BLOCKED)) &&
            !(row[0] & MZ_BLOCKED) && run_cur[cols - 1] != 0)
            p[base + run_cur[cols - 1]] = base; /* the last run joins the first */
        if (first) {
            memcpy(b->top, run_cur, (size_t)cols * sizeof *run_cur);
        } else {
            /* Join the previous row's classes through open south walls, 8
             * cells at a time; a class of it that nothing continues has
             * ended inside the band. */
            const uint8_t *up = row - g->cols;
            for (uint32_t k = 0; k <= nprev; k++)
                alive[k] = 0;
            uint32_t k0 = 0;
            for (; k0 < cols; k0 += 8) {
                uint64_t open;
                if (k0 + 8 <= cols) {
                    open = ~mz_load_le64(up + k0) & (ONES * MZ_WALL_S);
                } else {
                    uint8_t tail[8];
                    memset(tail, MZ_WALL_S, sizeof tail);
                    memcpy(tail, up + k0, cols - k0);
                    open = ~mz_load_le64(tail) & (ONES * MZ_WALL_S);
                }
                while (open) {
                    uint32_t k = k0 + ((uint32_t)__builtin_ctzll(open) >> 3);
                    open &= open - 1;
                    const uint32_t lz = lab_prev[run_prev[k]];
                    if (MZ_UNLIKELY(lz == NOLAB || b->blocked[run_cur[k]]))
                        continue; /* a wall open toward a blocked cell */
                    uint32_t a = uf_find(p, base + run_cur[k]);
                    uint32_t z = uf_find(p, lz);
                    alive[lz >= cols ? lz - cols : nprev] = 1;
                    if (a < z)
                        p[z] = a;
                    else if (z < a)
                        p[a] = z;
                }
            }
            uint32_t linked = 0;
            for (uint32_t k = 0; k < nprev; k++)
                linked += alive[k];
            b->closed += nprev - linked;
        }
        /* Rename the row's classes: a first-row class keeps its node, the
         * others become cols + k in order of appearance (map and stamp are
         * indexed by node - cols over the two row ranges). */
        uint32_t n = 0;
        const uint32_t tag = (uint32_t)(r - b->r0) + 1;
        for (uint32_t k = 0; k < nruns; k++) {
            if (b->blocked[k]) {
                lab_cur[k] = NOLAB;
                continue;
            }
            uint32_t root = uf_find(p, base + k);
            if (root < cols) {
                lab_cur[k] = root;
            } else {
                uint32_t slot = root - cols;
                if (stamp[slot] != tag) {
                    stamp[slot] = tag;
                    map[slot] = cols + n++;
                }
                lab_cur[k] = map[slot];
            }
        }
        for (uint32_t k = 0; k < n; k++)
            p[cols + k] = cols + k;
        nprev = n;
        uint32_t *t = run_prev;
        run_prev = run_cur;
        run_cur = t;
        t = lab_prev;
        lab_prev = lab_cur;
        lab_cur = t;
    }
    /* The last row's labels are the band's bottom; the first row's runs
     * become their final class. */
    for (uint32_t k = 0; k < cols; k++)
        b->bot[k] = lab_prev[run_prev[k]];
    const uint8_t *row0 = c + b->r0 * g->cols;
    for (uint32_t k = 0; k < cols; k++)
        b->top[k] = (row0[k] & MZ_BLOCKED) ? NOLAB : uf_find(p, b->top[k]);
}

/* The figures in one serial sweep: counts, then one BFS per component (the
 * first from the entrance, which also measures the route). For grids too
 * thin for bands (fewer than BAND_MIN_ROWS rows, or more than 2^30
 * columns), where it walks the cells nearly in order anyway. */
static mz_status metrics_serial(const mz_grid *g, mz_metrics *m)
{
    memset(m, 0, sizeof *m);
    const uint8_t *c = g->c;
    const uint64_t cols = g->cols, cells = g->cells;
    const bool wrap = (g->flags & MZ_GRID_WRAP_EW) != 0;

    /* Counting: passages are open east and south walls, so each is seen
     * once; the last row's south walls and (without wrap) the last
     * column's east walls lead off the grid and are not passages. Wall
     * segments: north and west of every cell, blocked or not, plus the
     * south border and the east border (the wrap wall when teleports
     * join). */
    uint64_t east = 0, south = 0;
    count_range(c, 0, cells - cols, true, &m->cells, &m->dead_ends, &east, &south, &m->walls);
    count_range(c, cells - cols, cells, false, &m->cells, &m->dead_ends, &east, &south, &m->walls);
    if (!wrap) {
        for (uint64_t i = cols - 1; i < cells; i += cols) {
            east -= !(c[i] & (MZ_WALL_E | MZ_BLOCKED));
            m->walls += (c[i] & MZ_WALL_E) != 0; /* the east border */
        }
    }
    m->passages = east + south;

    /* Components, one BFS per unvisited open cell; the first starts at the
     * entrance and also measures the route, so the grid is walked once. */
    const bool fast = mz_grid_border_closed(g);
    mz_queue q;
    uint64_t *seen = mz_sweep_alloc(g->mem, cells, &q);
    if (!seen)
        return MZ_ENOMEM;
    mz_status s = MZ_OK;
    m->route = -1;
    if (g->entrance < cells && g->exit < cells) {
        s = bfs_fill(g, fast, seen, &q, g->entrance, g->exit, false, &m->route);
        if (!(c[g->entrance] & MZ_BLOCKED))
            m->components++;
    }
    for (uint64_t w = 0; w < (cells + 63) / 64 && s == MZ_OK; w++) {
        if (seen[w] == UINT64_MAX)
            continue;
        uint64_t end = w * 64 + 64 < cells ? w * 64 + 64 : cells;
        for (uint64_t i = w * 64; i < end && s == MZ_OK; i++) {
            if ((c[i] & MZ_BLOCKED) || mz_bit_get(seen, i))
                continue;
            m->components++;
            int64_t unused = -1;
            s = bfs_fill(g, fast, seen, &q, i, MZ_NONE, false, &unused);
        }
    }
    mz_mem_free(g->mem, seen);
    mz_queue_free(&q);
    if (s != MZ_OK)
        return s;

    m->loops = (int64_t)m->passages - (int64_t)m->cells + (int64_t)m->components;
    m->digest = mz_digest(g);
    return MZ_OK;
}


/* A breadth-first search from src that keeps no marks: each queued cell
 * carries the side it was entered from and never steps back through it.
 * On a tree (every perfect maze) that is an ordinary BFS; on any graph the
 * first such walk to reach dst is a shortest path (every shortest path is
 * one, and none is shorter), so the ring it arrives in is the route. It
 * reads one byte a cell, where a marked search also reads and writes a bit
 * of each neighbour. It runs until the queue is empty, so on a tree it
 * also counts src's component (*reached). Loops multiply the walks: past
 * `cap` queued cells or more cells taken than the grid has, it gives up.
 * Returns 1 when it went through (src's component is a tree of *reached
 * cells; *route is -1 when dst is not in it), 0 when it gave up, -1 when
 * the queue could not grow. */
static int search_unmarked(const mz_grid *g, mz_idx src, mz_idx dst, int64_t *route,
                           uint64_t *reached)
{
    const uint8_t *c = g->c;
    const bool fast = mz_grid_border_closed(g);
    int64_t delta[4];
    mz_dir_deltas(g, delta);
    const uint64_t cap = g->cells / 64 + 4096, limit = g->cells;
    *route = src == dst ? 0 : -1;
    *reached = 0;
    mz_queue q;
    if (mz_queue_init(&q, g->mem, 1024) != MZ_OK)
        return -1;
    int rc = 1;
    int64_t depth = 0;
    uint64_t ring_left = 1, taken = 0;
    mz_queue_push(&q, src << 3 | 4); /* 4: entered from nowhere */
    while (q.len) {
        if (q.len > LOOKAHEAD)
            MZ_PREFETCH(c + (q.buf[(q.head + LOOKAHEAD) & (q.cap - 1)] >> 3));
        uint64_t e = mz_queue_pop(&q);
        mz_idx i = e >> 3;
        if (ring_left-- == 0) {
            depth++;
            ring_left = q.len; /* i was the first of the next ring */
        }
        if (MZ_UNLIKELY(++taken > limit || q.len > cap)) {
            rc = 0;
            break;
        }
        unsigned open = ~c[i] & MZ_WALLS & ~(1u << (e & 7)); /* 1 << 4 clears nothing */
        while (open) {
            unsigned d = (unsigned)__builtin_ctz(open);
            open &= open - 1;
            mz_idx n = mz_dir_step(g, fast, delta, i, d);
            if (n == MZ_NONE)
                continue;
            if (MZ_UNLIKELY(n == dst) && *route < 0)
                *route = depth + 1;
            if (mz_queue_push(&q, n << 3 | mz_sq_opposite(d)) != MZ_OK) {
                rc = -1;
                goto done;
            }
        }
    }
done:
    mz_queue_free(&q);
    *reached = taken;
    return rc;
}

typedef struct mt_job {
    const mz_grid *g;
    mz_metrics *m;
    band *bands;
    unsigned nbands;
    bool label;         /* second round: components by bands */
    int search;         /* search_unmarked's result */
    uint64_t reached;
    mz_status route_status;
    rt_band *trees;     /* the route by bands (route_bands.c), or NULL */
} mt_job;

/* The bands' tree walks (route_bands.c), one task a band. */
static void tree_task(void *ctx, unsigned k)
{
    mt_job *j = ctx;
    rt_band_run(j->g, &j->trees[k]);
}

/* First round of a maze that may be a tree: task 0 the digest, the others
 * the bands' counts. */
static void count_task(void *ctx, unsigned k)
{
    mt_job *j = ctx;
    if (k == 0)
        j->m->digest = mz_digest(j->g);
    else
        band_count(j->g, &j->bands[k - 1]);
}

/* Try the route by bands: counts and digest, then (when the counts allow a
 * tree) the bands' walks and their merge. Returns 1 when the maze is one
 * tree (route, digest and counts set), 0 when the general path must run
 * (the counts and the digest are kept), -1 on MZ_ENOMEM. */
static int tree_route(mt_job *j, unsigned threads)
{
    const mz_grid *g = j->g;
    mz_par_tasks(threads, 1 + j->nbands, count_task, j);
    uint64_t cells = 0, passages = 0;
    for (unsigned k = 0; k < j->nbands; k++) {
        cells += j->bands[k].cells;
        passages += j->bands[k].east + j->bands[k].south;
    }
    if (cells == 0 || passages + 1 != cells)
        return 0;
    rt_band *trees = mz_mem_calloc(g->mem, j->nbands, sizeof *trees);
    if (!trees)
        return -1;
    for (unsigned k = 0; k < j->nbands; k++) {
        trees[k].r0 = j->bands[k].r0;
        trees[k].r1 = j->bands[k].r1;
    }
    int rc = -1;
    if (rt_init(g, trees, j->nbands) == MZ_OK) {
        j->trees = trees;
        mz_par_tasks(threads, j->nbands, tree_task, j);
        rc = rt_merge(g, trees, j->nbands, cells, &j->m->route);
        j->trees = NULL;
    }
    rt_free(g, trees, j->nbands);
    mz_mem_free(g->mem, trees);
    return rc;
}

/* First round: task 0 the unmarked search, task 1 the digest, tasks 2..
 * the bands' counts. Second round, when the search did not show a single
 * tree: task 0 the marked route search (when the unmarked one gave up),
 * tasks 1.. the bands' components. */
static void mt_task(void *ctx, unsigned k)
{
    mt_job *j = ctx;
    const mz_grid *g = j->g;
    if (!j->label) {
        if (k == 0 && g->entrance < g->cells && g->exit < g->cells) {
            j->search = search_unmarked(g, g->entrance, g->exit, &j->m->route, &j->reached);
            if (j->search < 0)
                j->route_status = MZ_ENOMEM;
        } else if (k == 1) {
            j->m->digest = mz_digest(g);
        } else {
            band_count(g, &j->bands[k - 2]);
        }
    } else if (k == 0) {
        if (j->search == 0) {
            j->m->route = mz_route(g, g->entrance, g->exit);
            if (j->m->route == -2) {
                j->m->route = -1;
                j->route_status = MZ_ENOMEM;
            }
        }
    } else {
        band_run(g, &j->bands[k - 1]);
    }
}

static mz_status metrics_compute(const mz_grid *g, unsigned threads, mz_metrics *m);

mz_status mz_metrics_compute(const mz_grid *g, unsigned threads, mz_metrics *m)
{
    if (!g || !m)
        return MZ_EINVAL;
    mz_status s = metrics_compute(g, threads, m);
    m->draws = g->draws;
    return s;
}

static mz_status metrics_compute(const mz_grid *g, unsigned threads, mz_metrics *m)
{
    if (g->shape != MZ_SHAPE_ORTHO)
        return mz_metrics_ports(g, m);
    threads = mz_threads_resolve(threads);
    const uint64_t rows = g->rows, cols = g->cols;
    if (rows < BAND_MIN_ROWS || cols > (UINT64_C(1) << 30))
        return metrics_serial(g, m);
    memset(m, 0, sizeof *m);
    m->route = -1;

    /* Bands: a few a thread, so a slow one is not left to finish alone;
     * never under BAND_MIN_ROWS rows. The figures do not depend on it. */
    uint64_t nb = threads == 1 ? 1 : (uint64_t)threads * 4;
    if (nb > rows / BAND_MIN_ROWS)
        nb = rows / BAND_MIN_ROWS;
    if (nb < (rows >> 31) + 1)
        nb = (rows >> 31) + 1; /* a band's row tags stay under 2^31 */
    const unsigned nbands = (unsigned)nb;
    band *bands = mz_mem_calloc(g->mem, nbands, sizeof *bands);
    if (!bands)
        return MZ_ENOMEM;
    for (unsigned k = 0; k < nbands; k++) {
        bands[k].r0 = rows * k / nbands;
        bands[k].r1 = rows * (k + 1) / nbands;
    }

    /* First round: the counts, the digest and the unmarked search from the
     * entrance. When that search went through every open cell, the maze is
     * one tree: one component, and no labelling is needed. */
    mt_job j = {g, m, bands, nbands, false, 0, 0, MZ_OK, NULL};
    const bool ends = g->entrance < g->cells && g->exit < g->cells;
    mz_status s = MZ_OK;
    bool one_tree = false;
    if (threads > 1 && ends && !(g->flags & MZ_GRID_WRAP_EW) && !(g->c[g->entrance] & MZ_BLOCKED) &&
        !(g->c[g->exit] & MZ_BLOCKED) && mz_grid_border_closed(g)) {
        /* The route by bands, in parallel; a maze it cannot show to be one
         * tree takes the general path below with its counts kept. */
        int rc = tree_route(&j, threads);
        if (rc < 0)
            s = MZ_ENOMEM;
        one_tree = rc == 1;
        if (!one_tree)
            m->route = -1;
        j.search = 0; /* the general path: the marked search */
    } else {
        if (!ends)
            j.search = 1; /* no route; the bands count the components */
        mz_par_tasks(threads, 2 + nbands, mt_task, &j);
        s = j.route_status;
        uint64_t cells = 0;
        for (unsigned k = 0; k < nbands; k++)
            cells += bands[k].cells;
        one_tree = ends && j.search == 1 && !(g->c[g->entrance] & MZ_BLOCKED) &&
                   j.reached == cells;
    }
    if (s == MZ_OK && one_tree) {
        m->components = 1;
        for (unsigned k = 0; k < nbands; k++)
            bands[k].top = NULL;
    }
    for (unsigned k = 0; k < nbands && s == MZ_OK && !one_tree; k++) {
        band *b = &bands[k];
        /* One block a band: its labels and its workspace. */
        b->top = mz_mem_calloc(g->mem, cols, BAND_BYTES);
        if (!b->top) {
            s = MZ_ENOMEM;
            break;
        }
        b->bot = b->top + cols;
        b->parent = b->bot + cols;
        b->run_prev = b->parent + 3 * cols;
        b->run_cur = b->run_prev + cols;
        b->lab_prev = b->run_cur + cols;
        b->lab_cur = b->lab_prev + cols;
        b->map = b->lab_cur + cols;
        b->stamp = b->map + 2 * cols;
        b->alive = b->stamp + 2 * cols; /* cols + 1 words */
        b->blocked = (uint8_t *)(b->alive + cols + 1);
    }
    if (s == MZ_OK && !one_tree) {
        j.label = true;
        mz_par_tasks(threads, 1 + nbands, mt_task, &j);
        s = j.route_status;
    }

    /* The merge: every band's first- and last-row classes as nodes, joined
     * through the open south walls between bands; each distinct class
     * left is one more component. */
    uint64_t *p = NULL, *off = NULL;
    if (s == MZ_OK && !one_tree) {
        off = mz_mem_calloc(g->mem, (uint64_t)nbands + 1, sizeof *off);
        if (off) {
            for (unsigned k = 0; k < nbands; k++)
                off[k + 1] = off[k] + 2 * cols;
            p = mz_alloc_array(g->mem, off[nbands], sizeof *p);
        }
        if (!off || !p)
            s = MZ_ENOMEM;
    }
    if (s == MZ_OK && !one_tree) {
        const uint64_t unused = UINT64_MAX;
        for (uint64_t x = 0; x < off[nbands]; x++)
            p[x] = unused;
        for (unsigned k = 0; k < nbands; k++) {
            const band *b = &bands[k];
            for (uint64_t i = 0; i < cols; i++) {
                if (b->top[i] != NOLAB)
                    p[off[k] + b->top[i]] = off[k] + b->top[i];
                if (b->bot[i] != NOLAB)
                    p[off[k] + b->bot[i]] = off[k] + b->bot[i];
            }
        }
        for (unsigned k = 0; k + 1 < nbands; k++) {
            const band *b = &bands[k], *n = &bands[k + 1];
            const uint8_t *up = g->c + (b->r1 - 1) * cols;
            for (uint64_t i = 0; i < cols; i++) {
                if (b->bot[i] == NOLAB || n->top[i] == NOLAB || (up[i] & MZ_WALL_S))
                    continue;
                uint64_t a = mz_uf_root(p, off[k] + b->bot[i]);
                uint64_t z = mz_uf_root(p, off[k + 1] + n->top[i]);
                if (a < z)
                    p[z] = a;
                else if (z < a)
                    p[a] = z;
            }
        }
        for (unsigned k = 0; k < nbands; k++)
            m->components += bands[k].closed;
        for (uint64_t x = 0; x < off[nbands]; x++)
            m->components += p[x] == x;
    }
    if (s == MZ_OK) {
        uint64_t east = 0, south = 0;
        for (unsigned k = 0; k < nbands; k++) {
            const band *b = &bands[k];
            m->cells += b->cells;
            m->dead_ends += b->dead;
            m->walls += b->walls;
            east += b->east;
            south += b->south;
        }
        m->passages = east + south;
        m->loops = (int64_t)m->passages - (int64_t)m->cells + (int64_t)m->components;
    }
    mz_mem_free(g->mem, p);
    mz_mem_free(g->mem, off);
    for (unsigned k = 0; k < nbands; k++)
        mz_mem_free(g->mem, bands[k].top);
    mz_mem_free(g->mem, bands);
    return s;
}

