/*
 * metrics.c - figures of a finished maze: cells, passages, dead ends,
 * loops, components, the entrance -> exit route and the digest.
 *
 * Every pass is linear in the grid and keeps at most one bit a cell plus a
 * BFS queue, so metrics stay affordable on 2^32-cell grids.
 */
#include "internal.h"

static inline uint64_t load_le64(const uint8_t *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    return w;
}

static inline uint64_t digest_step(uint64_t h, uint64_t w)
{
    h = (h ^ w) * UINT64_C(0x9e3779b97f4a7c15);
    return h ^ (h >> 32);
}

uint64_t mz_digest(const mz_grid *g)
{
    const uint64_t keep = UINT64_C(0x1f1f1f1f1f1f1f1f); /* walls + blocked */
    uint64_t h = UINT64_C(0x6a09e667f3bcc908);
    h = digest_step(h, g->rows);
    h = digest_step(h, g->cols);
    uint64_t i = 0;
    for (; i + 8 <= g->cells; i += 8)
        h = digest_step(h, load_le64(g->c + i) & keep);
    if (i < g->cells) {
        uint8_t tail[8] = {0};
        memcpy(tail, g->c + i, (size_t)(g->cells - i));
        h = digest_step(h, load_le64(tail) & keep);
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
    if (g->flags & MZ_GRID_WRAP_EW)
        return false;
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
            mz_idx n = fast ? (mz_idx)((int64_t)i + delta[d]) : mz_neighbour(g, i, d);
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
    if (a >= g->cells || b >= g->cells)
        return -1;
    if (a == b)
        return 0;
    uint64_t *seen = mz_bits_new(g->mem, g->cells);
    mz_queue q;
    if (!seen || mz_queue_init(&q, g->mem, 1024) != MZ_OK) {
        mz_mem_free(g->mem, seen);
        return -2;
    }
    int64_t result = -1;
    if (bfs_fill(g, mz_grid_border_closed(g), seen, &q, a, b, true, &result) != MZ_OK)
        result = -2;
    mz_mem_free(g->mem, seen);
    mz_queue_free(&q);
    return result;
}

mz_status mz_bfs_dist32(const mz_grid *g, mz_idx src, uint32_t *dist)
{
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
    mz_queue_push(&q, src);
    while (q.len) {
        mz_idx i = mz_queue_pop(&q);
        for (unsigned d = 0; d < 4; d++) {
            if (!mz_is_open(g, i, d))
                continue;
            mz_idx n = mz_neighbour(g, i, d);
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
        uint64_t w = load_le64(c + i);
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

mz_status mz_metrics_compute(const mz_grid *g, mz_metrics *m)
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
    uint64_t *seen = mz_bits_new(g->mem, cells);
    mz_queue q;
    if (!seen || mz_queue_init(&q, g->mem, 1024) != MZ_OK) {
        mz_mem_free(g->mem, seen);
        return MZ_ENOMEM;
    }
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
