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

int64_t mz_route(const mz_grid *g, mz_idx a, mz_idx b)
{
    if (a >= g->cells || b >= g->cells)
        return -1;
    if (a == b)
        return 0;
    uint64_t *seen = mz_bits_new(g->cells);
    mz_queue q;
    if (!seen || mz_queue_init(&q, 1024) != MZ_OK) {
        free(seen);
        return -2;
    }
    int64_t result = -1;
    mz_bit_set(seen, a);
    mz_queue_push(&q, a);
    int64_t depth = 0;
    while (q.len && result < 0) {
        uint64_t level = q.len; /* every cell of the current ring */
        depth++;
        while (level-- && result < 0) {
            mz_idx i = mz_queue_pop(&q);
            for (unsigned d = 0; d < 4; d++) {
                if (!mz_is_open(g, i, d))
                    continue;
                mz_idx n = mz_neighbour(g, i, d);
                if (n == MZ_NONE || mz_bit_get(seen, n))
                    continue;
                if (n == b) {
                    result = depth;
                    break;
                }
                mz_bit_set(seen, n);
                if (mz_queue_push(&q, n) != MZ_OK) {
                    result = -2;
                    break;
                }
            }
        }
    }
    free(seen);
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
    if (mz_queue_init(&q, 1024) != MZ_OK)
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

mz_status mz_metrics_compute(const mz_grid *g, mz_metrics *m)
{
    memset(m, 0, sizeof *m);
    const uint8_t *c = g->c;
    uint64_t cols = g->cols;
    bool wrap = (g->flags & MZ_GRID_WRAP_EW) != 0;

    /* Counting pass: open cells, passages (east and south walls, so each
     * is seen once; the wrap wall is the east wall of the last column). */
    for (uint64_t r = 0, i = 0; r < g->rows; r++) {
        for (uint64_t col = 0; col < cols; col++, i++) {
            uint8_t v = c[i];
            /* Segments: north and west of every cell, plus the south border
             * and the east border (the wrap wall when teleports join). */
            m->walls += (v & MZ_WALL_N) != 0;
            m->walls += (v & MZ_WALL_W) != 0;
            m->walls += r + 1 == g->rows && (v & MZ_WALL_S);
            m->walls += col + 1 == cols && !wrap && (v & MZ_WALL_E);
            if (v & MZ_BLOCKED)
                continue;
            m->cells++;
            if (mz_open_sides(g, i) == 1)
                m->dead_ends++;
            if (!(v & MZ_WALL_E) && (col + 1 < cols || wrap))
                m->passages++;
            if (!(v & MZ_WALL_S) && r + 1 < g->rows)
                m->passages++;
        }
    }

    /* Components: one BFS per unvisited open cell. */
    uint64_t *seen = mz_bits_new(g->cells);
    mz_queue q;
    if (!seen || mz_queue_init(&q, 1024) != MZ_OK) {
        free(seen);
        return MZ_ENOMEM;
    }
    for (uint64_t s = 0; s < g->cells; s++) {
        if ((c[s] & MZ_BLOCKED) || mz_bit_get(seen, s))
            continue;
        m->components++;
        mz_bit_set(seen, s);
        mz_queue_push(&q, s);
        while (q.len) {
            mz_idx i = mz_queue_pop(&q);
            unsigned open = ~c[i] & MZ_WALLS;
            for (unsigned d = 0; d < 4; d++) {
                if (!(open & (1u << d)))
                    continue;
                mz_idx n = mz_neighbour(g, i, d);
                if (n == MZ_NONE || mz_bit_get(seen, n))
                    continue;
                mz_bit_set(seen, n);
                if (mz_queue_push(&q, n) != MZ_OK) {
                    free(seen);
                    mz_queue_free(&q);
                    return MZ_ENOMEM;
                }
            }
        }
    }
    free(seen);
    mz_queue_free(&q);

    m->loops = (int64_t)m->passages - (int64_t)m->cells + (int64_t)m->components;
    m->route = mz_route(g, g->entrance, g->exit);
    if (m->route == -2)
        return MZ_ENOMEM;
    m->digest = mz_digest(g);
    return MZ_OK;
}
