/*
 * prim.c - Prim's algorithm in its three maze forms: true (random edge
 * weights), simplified and modified. All three grow from cell 0.
 *
 * mode=true (default):
 *   1. rnd = mulberry32(seed). Cell 0 joins the maze. Each time a cell x
 *      joins, every neighbour n of x (directions 0..3 in order) that is
 *      not in the maze gets the edge x-n into the queue with weight w =
 *      the next draw: each edge gets one independent uniform weight, drawn
 *      when its first end joins.
 *   2. Take the edge of least (weight, code) from the queue (code below
 *      breaks ties); if its outer cell n is already in the maze drop it,
 *      else knock it and n joins (step 1's pushes follow).
 *   3. Stop when every cell is in: cells - 1 joins.
 *   This is the minimum spanning tree of i.i.d. random edge weights: the
 *   same distribution of trees as randomised Kruskal's (the tree of given
 *   weights is unique; only the order of growth differs).
 * mode=simplified (all weights equal, ties broken at random):
 *   1. rnd = mulberry32(seed). Cell 0 joins; each time a cell x joins, its
 *      edges to fresh neighbours (directions in order) enter the edge list.
 *   2. k = pick(len); take edge k out (the last takes its place); if its
 *      outer cell joined meanwhile, draw again; else knock it, the cell
 *      joins. Every edge between the maze and a fresh cell is equally
 *      likely, so a fresh cell with more maze neighbours joins sooner.
 *   3. Stop when every cell is in.
 *   (The growing tree's random rule, growing-tree:p=0, picks a random maze
 *   cell instead; it is sometimes also called simplified Prim. It gives a
 *   different texture, docs/catalogue-generators.md.)
 * mode=modified:
 *   1. rnd = mulberry32(seed). Cell 0 joins; its neighbours enter the
 *      frontier (directions in order).
 *   2. k = pick(len); c = front[k]; front[k] = the last; drop the last.
 *      links = c's neighbours in the maze, in direction order; knock
 *      toward links[pick(len)] (a draw even when there is one link).
 *   3. c joins; its fresh neighbours enter the frontier, in order.
 *   4. Stop when the frontier is empty.
 *
 * Bias (dead-end shares on large grids): true about 30% (as Kruskal: short
 * wiggly corridors, no texture), simplified about 32%, modified about 36%
 * (radial, many short stubs: a frontier cell with several maze neighbours
 * picks one of them at random). Defaults: mode=true.
 *
 * The queue (true mode): keys are 64-bit, weight in the top bits, code =
 * n * 4 + d (n the outer cell, d the direction from n back into the
 * maze) in the low bits. Below 2^30 cells the weight is the whole 32-bit
 * draw; above, it keeps its top 64 - (2 + bits of cells - 1) bits (at
 * least 22) and the code breaks ties. The queue is 4096 buckets by the
 * top 12 bits of the key plus a binary heap for the lowest bucket in use:
 * a key at or below that bucket goes to the heap, a higher one is
 * appended to its bucket; when the heap empties the next non-empty bucket
 * becomes the heap, and when the heap grows past twice its size at the
 * last trim (4096 at least) the bucket in use drops back to the heap's
 * least key and the keys above go back to their buckets (early on, with
 * few edges to choose from, Prim must take heavy ones, and the bucket in
 * use would otherwise stay at that early high-water mark). The weights
 * Prim takes hover near the percolation threshold (1/2); most queued
 * edges, those above, wait untouched in their buckets.
 * The edges Prim takes lie anywhere on its frontier, so each pop's "is
 * this cell still fresh?" is a read far from the last: that test reads a
 * bitmap (a bit a cell, 8x denser than the grid), and a join only stores
 * the joining cell's byte; the other side of each passage is opened by one
 * sequential pass at the end.
 * Complexity: true O(cells log cells) (heap of a bucket's size); simplified
 * and modified O(cells) (simplified: each edge enters and leaves the list
 * once). Memory: true 8 bytes a queued edge and a bit a cell; simplified
 * 4 bytes a listed edge (8 past 2^30 cells); modified 4 bytes a frontier
 * cell (8 past 2^32 cells); each list's peak is reported as frontier_peak.
 * Trace: one `join` a joining cell (cell = the cell, dir = the wall
 * knocked from it, size = the queue's or list's length).
 * Column frontier_peak: the queue's or list's largest length.
 *
 * Other shapes (shape_common.h): the same three modes through ports, the
 * maze (and modified's frontier) a bit a cell from g->mem. "Every
 * neighbour in direction order" is every port 0..ports-1 in order whose
 * neighbour is fresh and whose wall may be opened now (mz_port_can_open:
 * the weave's crossing rules); an edge's code is n * 8 + p (p the port of
 * n back into the maze), so true mode's weight keeps 64 - (3 + bits of
 * cells - 1) bits at most 32. Every knock asks mz_port_can_open again,
 * and an edge that fails is dropped like one whose outer cell joined;
 * modified drops a frontier cell left with no link that may be opened (a
 * later join pushes it again). Neither happens while the outer cell is
 * fresh (shape_common.h): they are guards. Lists are 64-bit
 * entries. The other side of each passage is knocked at once (no mirror
 * pass). Same trace, dir = the port.
 */
#include "classic.h"
#include "shape_common.h"
#include "../core/figures.h"

enum { P_MODE };
enum { MODE_TRUE = 0, MODE_SIMPLIFIED = 1, MODE_MODIFIED = 2 };

#define IN_FRONT 0x40u
#define NBUCKET 4096u
#define TRIM_MIN 4096u

/* ---- the bucketed queue of true mode ---- */

typedef struct vec64 {
    uint64_t *a;
    uint64_t len, cap;
} vec64;

typedef struct pq {
    const mz_allocator *mem;
    vec64 heap;
    vec64 *b;     /* NBUCKET buckets */
    unsigned cur; /* the heap holds every key of bucket <= cur */
    uint64_t size;
    uint64_t limit; /* heap length that triggers a trim */
} pq;

static mz_status vec_grow(const mz_allocator *mem, vec64 *v)
{
    uint64_t cap = v->cap ? v->cap * 2 : 64;
    size_t bytes = mz_mul_size(cap, 8);
    uint64_t *na = bytes ? mz_mem_realloc(mem, v->a, bytes) : NULL;
    if (!na)
        return MZ_ENOMEM;
    v->a = na;
    v->cap = cap;
    return MZ_OK;
}

MZ_INLINE void heap_up(uint64_t *h, uint64_t i)
{
    uint64_t k = h[i];
    while (i > 0) {
        uint64_t p = (i - 1) / 2;
        if (h[p] <= k)
            break;
        h[i] = h[p];
        i = p;
    }
    h[i] = k;
}

MZ_INLINE void heap_down(uint64_t *h, uint64_t n, uint64_t i)
{
    uint64_t k = h[i];
    for (;;) {
        uint64_t l = 2 * i + 1;
        if (l >= n)
            break;
        uint64_t m = l + 1 < n && h[l + 1] < h[l] ? l + 1 : l;
        if (h[m] >= k)
            break;
        h[i] = h[m];
        i = m;
    }
    h[i] = k;
}

/* The heap has grown past its limit: cur drops to the bucket of the
 * heap's least key and every key above it goes back to its bucket. Early
 * on, while the tree is small, Prim must take heavy edges and cur climbs
 * high; without this the heap would keep every queued key below that
 * early high-water mark, millions at 10^8 cells. Buckets below the least
 * key are empty, so the invariant holds. */
static mz_status pq_trim(pq *q)
{
    vec64 *h = &q->heap;
    const unsigned low = (unsigned)(h->a[0] >> 52);
    uint64_t w = 0;
    if (low < q->cur) {
        for (uint64_t r = 0; r < h->len; r++) {
            const uint64_t key = h->a[r];
            const unsigned bk = (unsigned)(key >> 52);
            if (bk <= low) {
                h->a[w++] = key;
                continue;
            }
            vec64 *v = &q->b[bk];
            if (v->len == v->cap && vec_grow(q->mem, v) != MZ_OK)
                return MZ_ENOMEM;
            v->a[v->len++] = key;
        }
        h->len = w;
        q->cur = low;
        for (uint64_t i = h->len / 2; i-- > 0;)
            heap_down(h->a, h->len, i);
    }
    q->limit = 2 * h->len > TRIM_MIN ? 2 * h->len : TRIM_MIN;
    return MZ_OK;
}

MZ_INLINE mz_status pq_push(pq *q, uint64_t key)
{
    unsigned bk = (unsigned)(key >> 52);
    vec64 *v = bk <= q->cur ? &q->heap : &q->b[bk];
    if (MZ_UNLIKELY(v->len == v->cap) && vec_grow(q->mem, v) != MZ_OK)
        return MZ_ENOMEM;
    v->a[v->len++] = key;
    q->size++;
    if (v == &q->heap) {
        heap_up(v->a, v->len - 1);
        if (MZ_UNLIKELY(v->len > q->limit))
            return pq_trim(q);
    }
    return MZ_OK;
}

/* The least key; the queue is not empty. */
MZ_INLINE uint64_t pq_pop(pq *q)
{
    vec64 *h = &q->heap;
    while (h->len == 0) {
        /* The next bucket becomes the heap; the old heap's block goes. */
        q->cur++;
        vec64 *v = &q->b[q->cur];
        vec64 old = *h;
        *h = *v;
        v->a = NULL;
        v->len = v->cap = 0;
        mz_mem_free(q->mem, old.a);
        for (uint64_t i = h->len / 2; i-- > 0;)
            heap_down(h->a, h->len, i);
    }
    uint64_t top = h->a[0];
    h->a[0] = h->a[--h->len];
    if (h->len)
        heap_down(h->a, h->len, 0);
    q->size--;
    return top;
}

static void pq_free(pq *q)
{
    mz_mem_free(q->mem, q->heap.a);
    if (q->b)
        for (unsigned k = 0; k < NBUCKET; k++)
            mz_mem_free(q->mem, q->b[k].a);
    mz_mem_free(q->mem, q->b);
}

MZ_INLINE mz_status prim_true_square_run(mz_grid *g, mz_rng *rng, pq *q, uint64_t *in, mz_trace *t,
                                         const bool tracing, const mz_rng_kind rk,
                                         uint64_t *peak_out)
{
    uint8_t *c = g->c;
    const uint64_t cols = g->cols, cells = g->cells;
    const int64_t step[4] = {-(int64_t)cols, 1, (int64_t)cols, -1};
    unsigned cbits = 2;
    while (cbits < 64 && ((cells - 1) >> (cbits - 2)) != 0)
        cbits++;
    const unsigned wbits = 64 - cbits < 32 ? 64 - cbits : 32;
    const unsigned wshift = 64 - wbits;
    const uint64_t cmask = (UINT64_C(1) << cbits) - 1;
    uint64_t joined = 1, peak = 0;
    mz_idx x = 0;
    unsigned dx = 0;
    mz_bit_set(in, 0);
    for (;;) {
        /* 1. x joined: queue its edges to fresh neighbours. */
        const uint64_t col = x % cols;
        const unsigned inside = cl_inside(x, col, cols, cells);
        for (unsigned d = 0; d < 4; d++) {
            if (!(inside >> d & 1u))
                continue;
            const mz_idx n = (mz_idx)((int64_t)x + step[d]);
            if (mz_bit_get(in, n))
                continue;
            const uint64_t w = (uint64_t)(mz_rngk_u32(rng, rk) >> (32 - wbits));
            if (pq_push(q, w << wshift | (n << 2 | mz_sq_opposite(d))) != MZ_OK)
                return MZ_ENOMEM;
        }
        if (q->size > peak)
            peak = q->size;
        if (tracing && joined > 1 && mz_trace_emit(t, "join", x, (int)dx, q->size))
            return MZ_EIO;
        if (joined == cells)
            break;
        /* 2. The least edge to a fresh cell. */
        mz_idx n;
        unsigned d;
        do {
            const uint64_t key = pq_pop(q);
            n = (key & cmask) >> 2;
            d = (unsigned)(key & 3u);
            /* The next pops are the heap's top and its children: their
             * cells lie anywhere on the grid, so fetch their bits now. */
            const uint64_t *h = q->heap.a;
            for (uint64_t k = 0; k < 7 && k < q->heap.len; k++)
                MZ_PREFETCH(&in[((h[k] & cmask) >> 2) >> 6]);
        } while (mz_bit_get(in, n));
        /* Only n's own wall is knocked now (a store, no read of a far
         * cell); the neighbour's side is opened by the mirror pass. */
        mz_bit_set(in, n);
        c[n] = (uint8_t)(MZ_WALLS & ~(1u << d));
        joined++;
        x = n;
        dx = d;
    }
    *peak_out = peak;
    return MZ_OK;
}

/* Open the other side of every wall knocked from one side only: each
 * passage was knocked from the cell that joined through it. */
static void mirror_walls(mz_grid *g)
{
    uint8_t *c = g->c;
    const uint64_t cols = g->cols, cells = g->cells;
    for (mz_idx i = 0; i < cells; i++) {
        const unsigned v = c[i];
        if (!(v & MZ_WALL_E))
            c[i + 1] &= (uint8_t)~MZ_WALL_W;
        if (!(v & MZ_WALL_S))
            c[i + cols] &= (uint8_t)~MZ_WALL_N;
        if (!(v & MZ_WALL_W))
            c[i - 1] &= (uint8_t)~MZ_WALL_E;
        if (!(v & MZ_WALL_N))
            c[i - cols] &= (uint8_t)~MZ_WALL_S;
    }
}

/* ---- modified mode: a frontier of cells ---- */

typedef struct flist {
    const mz_allocator *mem;
    void *buf;
    uint64_t cap, len;
} flist;

MZ_INLINE mz_idx fl_at(const flist *f, const bool wide, uint64_t k)
{
    return wide ? ((const uint64_t *)f->buf)[k] : ((const uint32_t *)f->buf)[k];
}

MZ_INLINE void fl_put(flist *f, const bool wide, uint64_t k, mz_idx v)
{
    if (wide)
        ((uint64_t *)f->buf)[k] = v;
    else
        ((uint32_t *)f->buf)[k] = (uint32_t)v;
}

MZ_INLINE mz_status fl_push(flist *f, const bool wide, mz_idx v)
{
    if (MZ_UNLIKELY(f->len == f->cap)) {
        size_t bytes = mz_mul_size(f->cap * 2, wide ? 8 : 4);
        void *nb = bytes ? mz_mem_realloc(f->mem, f->buf, bytes) : NULL;
        if (!nb)
            return MZ_ENOMEM;
        f->buf = nb;
        f->cap *= 2;
    }
    fl_put(f, wide, f->len++, v);
    return MZ_OK;
}

MZ_INLINE bool in_maze(uint8_t v) { return (v & (CL_MARK | MZ_WALLS)) != MZ_WALLS; }

MZ_INLINE mz_status prim_modified_square_run(mz_grid *g, mz_rng *rng, flist *f, const bool wide,
                                             mz_trace *t, const bool tracing, const mz_rng_kind rk,
                                             uint64_t *peak_out)
{
    uint8_t *c = g->c;
    const uint64_t cols = g->cols, cells = g->cells;
    const int64_t step[4] = {-(int64_t)cols, 1, (int64_t)cols, -1};
    uint64_t peak = 0;
    mz_idx x = 0;
    c[0] |= CL_MARK;
    for (;;) {
        /* x joined: its fresh neighbours enter the frontier. */
        const unsigned inside = cl_inside(x, x % cols, cols, cells);
        for (unsigned d = 0; d < 4; d++) {
            if (!(inside >> d & 1u))
                continue;
            const mz_idx n = (mz_idx)((int64_t)x + step[d]);
            if (c[n] != MZ_WALLS)
                continue;
            c[n] |= IN_FRONT;
            if (fl_push(f, wide, n) != MZ_OK)
                return MZ_ENOMEM;
        }
        if (f->len > peak)
            peak = f->len;
        if (!f->len)
            break;
        /* A random frontier cell links to a random maze neighbour. */
        const uint64_t k = mz_rngk_pick(rng, f->len, rk);
        x = fl_at(f, wide, k);
        fl_put(f, wide, k, fl_at(f, wide, f->len - 1));
        f->len--;
        const unsigned in2 = cl_inside(x, x % cols, cols, cells);
        unsigned links = 0;
        for (unsigned d = 0; d < 4; d++)
            if ((in2 >> d & 1u) && in_maze(c[(mz_idx)((int64_t)x + step[d])]))
                links |= 1u << d;
        const unsigned d =
            cl_nth_dir(links, (unsigned)mz_rngk_pick(rng, cl_popcount4(links), rk));
        c[x] = (uint8_t)(MZ_WALLS & ~(1u << d));
        c[(mz_idx)((int64_t)x + step[d])] &= (uint8_t)~(1u << mz_sq_opposite(d));
        if (tracing && mz_trace_emit(t, "join", x, (int)d, f->len))
            return MZ_EIO;
    }
    *peak_out = peak;
    return MZ_OK;
}

/* ---- simplified mode: a list of frontier edges ---- */

MZ_INLINE mz_status prim_simplified_square_run(mz_grid *g, mz_rng *rng, flist *f, const bool wide,
                                               mz_trace *t, const bool tracing,
                                               const mz_rng_kind rk, uint64_t *peak_out)
{
    uint8_t *c = g->c;
    const uint64_t cols = g->cols, cells = g->cells;
    const int64_t step[4] = {-(int64_t)cols, 1, (int64_t)cols, -1};
    uint64_t peak = 0, joined = 1;
    mz_idx x = 0;
    c[0] |= CL_MARK;
    for (;;) {
        /* x joined: its edges to fresh neighbours enter the list. */
        const unsigned inside = cl_inside(x, x % cols, cols, cells);
        for (unsigned d = 0; d < 4; d++) {
            if (!(inside >> d & 1u))
                continue;
            const mz_idx n = (mz_idx)((int64_t)x + step[d]);
            if (c[n] != MZ_WALLS)
                continue;
            if (fl_push(f, wide, n << 2 | mz_sq_opposite(d)) != MZ_OK)
                return MZ_ENOMEM;
        }
        if (f->len > peak)
            peak = f->len;
        if (joined == cells)
            break;
        /* A random edge; one whose outer cell joined since is dropped. */
        mz_idx n;
        unsigned d;
        do {
            const uint64_t k = mz_rngk_pick(rng, f->len, rk);
            const mz_idx code = fl_at(f, wide, k);
            fl_put(f, wide, k, fl_at(f, wide, f->len - 1));
            f->len--;
            n = code >> 2;
            d = (unsigned)(code & 3u);
        } while (c[n] != MZ_WALLS);
        c[n] = (uint8_t)(MZ_WALLS & ~(1u << d));
        c[(mz_idx)((int64_t)n + step[d])] &= (uint8_t)~(1u << mz_sq_opposite(d));
        joined++;
        x = n;
        if (tracing && mz_trace_emit(t, "join", x, (int)d, f->len))
            return MZ_EIO;
    }
    *peak_out = peak;
    return MZ_OK;
}

/* ---- Other shapes ---- */

MZ_INLINE mz_status prim_true_ports_run(mz_grid *g, mz_rng *rng, pq *q, uint64_t *in, mz_trace *t,
                                        const bool tracing, const mz_rng_kind rk,
                                        uint64_t *peak_out)
{
    const unsigned ports = mz_shape_ports(g->shape);
    const uint64_t cells = g->cells;
    unsigned cbits = 3;
    while (cbits < 64 && ((cells - 1) >> (cbits - 3)) != 0)
        cbits++;
    const unsigned wbits = 64 - cbits < 32 ? 64 - cbits : 32;
    const unsigned wshift = 64 - wbits;
    const uint64_t cmask = (UINT64_C(1) << cbits) - 1;
    uint64_t joined = 1, peak = 0;
    mz_idx x = 0;
    unsigned dx = 0;
    mz_bit_set(in, 0);
    for (;;) {
        for (unsigned p = 0; p < ports; p++) {
            const mz_idx n = mz_port_nbr(g, x, p);
            if (n == MZ_NONE || mz_bit_get(in, n) || !mz_port_can_open(g, x, p))
                continue;
            const uint64_t w = (uint64_t)(mz_rngk_u32(rng, rk) >> (32 - wbits));
            if (pq_push(q, w << wshift | (n << 3 | mz_port_back(g, x, p))) != MZ_OK)
                return MZ_ENOMEM;
        }
        if (q->size > peak)
            peak = q->size;
        if (tracing && joined > 1 && mz_trace_emit(t, "join", x, (int)dx, q->size))
            return MZ_EIO;
        if (joined == cells)
            break;
        mz_idx n;
        unsigned d;
        do {
            if (q->size == 0)
                return MZ_EINVAL; /* not reached: a fresh cell beside the maze has a plain edge */
            const uint64_t key = pq_pop(q);
            n = (key & cmask) >> 3;
            d = (unsigned)(key & 7u);
        } while (mz_bit_get(in, n) || !mz_port_can_open(g, n, d));
        mz_port_knock(g, n, d);
        mz_bit_set(in, n);
        joined++;
        x = n;
        dx = d;
    }
    *peak_out = peak;
    return MZ_OK;
}

MZ_INLINE mz_status prim_simplified_ports_run(mz_grid *g, mz_rng *rng, mzu_vec *f, uint64_t *in,
                                              mz_trace *t, const bool tracing, const mz_rng_kind rk,
                                              uint64_t *peak_out)
{
    const unsigned ports = mz_shape_ports(g->shape);
    uint64_t peak = 0, joined = 1;
    mz_idx x = 0;
    mz_bit_set(in, 0);
    for (;;) {
        for (unsigned p = 0; p < ports; p++) {
            const mz_idx n = mz_port_nbr(g, x, p);
            if (n == MZ_NONE || mz_bit_get(in, n) || !mz_port_can_open(g, x, p))
                continue;
            if (mzu_vec_push_u64(f, n << 3 | mz_port_back(g, x, p)) != MZ_OK)
                return MZ_ENOMEM;
        }
        if (f->len > peak)
            peak = f->len;
        if (joined == g->cells)
            break;
        mz_idx n;
        unsigned d;
        do {
            if (f->len == 0)
                return MZ_EINVAL; /* not reached, as in true mode */
            const uint64_t k = mz_rngk_pick(rng, f->len, rk);
            const uint64_t code = MZU_AT(f, uint64_t, k);
            MZU_AT(f, uint64_t, k) = MZU_AT(f, uint64_t, --f->len);
            n = code >> 3;
            d = (unsigned)(code & 7u);
        } while (mz_bit_get(in, n) || !mz_port_can_open(g, n, d));
        mz_port_knock(g, n, d);
        mz_bit_set(in, n);
        joined++;
        x = n;
        if (tracing && mz_trace_emit(t, "join", x, (int)d, f->len))
            return MZ_EIO;
    }
    *peak_out = peak;
    return MZ_OK;
}

MZ_INLINE mz_status prim_modified_ports_run(mz_grid *g, mz_rng *rng, mzu_vec *f, uint64_t *in,
                                            uint64_t *front, mz_trace *t, const bool tracing,
                                            const mz_rng_kind rk, uint64_t *peak_out)
{
    const unsigned ports = mz_shape_ports(g->shape);
    uint64_t peak = 0;
    mz_idx x = 0; /* the cell that joined last, MZ_NONE after a drop */
    mz_bit_set(in, 0);
    for (;;) {
        if (x != MZ_NONE) {
            for (unsigned p = 0; p < ports; p++) {
                const mz_idx n = mz_port_nbr(g, x, p);
                if (n == MZ_NONE || mz_bit_get(in, n) || mz_bit_get(front, n) ||
                    !mz_port_can_open(g, x, p))
                    continue;
                mz_bit_set(front, n);
                if (mzu_vec_push_u64(f, n) != MZ_OK)
                    return MZ_ENOMEM;
            }
            if (f->len > peak)
                peak = f->len;
        }
        if (!f->len)
            break;
        const uint64_t k = mz_rngk_pick(rng, f->len, rk);
        x = MZU_AT(f, uint64_t, k);
        MZU_AT(f, uint64_t, k) = MZU_AT(f, uint64_t, --f->len);
        front[x >> 6] &= ~(UINT64_C(1) << (x & 63));
        unsigned links[SH_MAX_PORTS];
        const unsigned nl = sh_ports_where(g, in, x, true, links);
        if (nl == 0) {
            x = MZ_NONE; /* weave only: its one link passed under a cell that changed */
            continue;
        }
        const unsigned d = links[mz_rngk_pick(rng, nl, rk)];
        mz_port_knock(g, x, d);
        mz_bit_set(in, x);
        if (tracing && mz_trace_emit(t, "join", x, (int)d, f->len))
            return MZ_EIO;
    }
    *peak_out = peak;
    return MZ_OK;
}

static mz_status prim_ports(mz_grid *g, unsigned mode, mz_run *run, uint64_t *peak)
{
    /* Untraced runs are specialised on the source's kind; a traced run
     * reads it as it goes. */
    mz_trace *t = run->trace;
    mz_rng *rng = run->rng;
    const mz_rng_kind kind = (mz_rng_kind)rng->kind;
    mz_status s = MZ_ENOMEM;
    uint64_t *in = mz_bits_new(g->mem, g->cells);
    if (!in)
        return MZ_ENOMEM;
    if (mode == MODE_TRUE) {
        pq q;
        memset(&q, 0, sizeof q);
        q.mem = g->mem;
        q.limit = TRIM_MIN;
        q.b = mz_mem_calloc(g->mem, NBUCKET, sizeof *q.b);
        if (q.b && t)
            s = prim_true_ports_run(g, rng, &q, in, t, true, kind, peak);
        else if (q.b && kind == MZ_RNG_MULBERRY32)
            s = prim_true_ports_run(g, rng, &q, in, NULL, false, MZ_RNG_MULBERRY32, peak);
        else if (q.b)
            s = prim_true_ports_run(g, rng, &q, in, NULL, false, MZ_RNG_SPLITMIX64, peak);
        pq_free(&q);
    } else {
        uint64_t *front = mode == MODE_MODIFIED ? mz_bits_new(g->mem, g->cells) : NULL;
        mzu_vec f = MZU_VEC_INIT(uint64_t, g->mem);
        if ((mode != MODE_MODIFIED || front) && mzu_vec_reserve(&f, 256) == MZ_OK) {
            if (mode == MODE_SIMPLIFIED && t)
                s = prim_simplified_ports_run(g, rng, &f, in, t, true, kind, peak);
            else if (mode == MODE_SIMPLIFIED && kind == MZ_RNG_MULBERRY32)
                s = prim_simplified_ports_run(g, rng, &f, in, NULL, false, MZ_RNG_MULBERRY32, peak);
            else if (mode == MODE_SIMPLIFIED)
                s = prim_simplified_ports_run(g, rng, &f, in, NULL, false, MZ_RNG_SPLITMIX64, peak);
            else if (t)
                s = prim_modified_ports_run(g, rng, &f, in, front, t, true, kind, peak);
            else if (kind == MZ_RNG_MULBERRY32)
                s = prim_modified_ports_run(g, rng, &f, in, front, NULL, false, MZ_RNG_MULBERRY32,
                                            peak);
            else
                s = prim_modified_ports_run(g, rng, &f, in, front, NULL, false, MZ_RNG_SPLITMIX64,
                                            peak);
        }
        mzu_vec_free(&f);
        mz_mem_free(g->mem, front);
    }
    mz_mem_free(g->mem, in);
    return s;
}

static mz_status prim_gen(mz_grid *g, const mz_args *args, mz_run *run)
{
    const unsigned mode = (unsigned)args->v[P_MODE];
    uint64_t peak = 0;
    mz_status s;
    if (g->shape != MZ_SHAPE_ORTHO) {
        s = prim_ports(g, mode, run, &peak);
        if (s == MZ_OK)
            mz_extra_int(run->extra, "frontier_peak", (int64_t)peak);
        return s;
    }
    /* As in prim_ports: specialised on the kind when untraced. */
    mz_trace *t = run->trace;
    mz_rng *rng = run->rng;
    const mz_rng_kind kind = (mz_rng_kind)rng->kind;
    const bool m32 = kind == MZ_RNG_MULBERRY32;
    if (mode == MODE_TRUE) {
        pq q;
        memset(&q, 0, sizeof q);
        q.mem = g->mem;
        q.limit = TRIM_MIN;
        q.b = mz_mem_calloc(g->mem, NBUCKET, sizeof *q.b);
        uint64_t *in = q.b ? mz_bits_new(g->mem, g->cells) : NULL;
        if (!in) {
            mz_mem_free(g->mem, q.b);
            return MZ_ENOMEM;
        }
        /* The weights come from a local copy of the source, which the
         * grid's byte stores cannot alias; it goes back at the end. */
        mz_rng r = *rng;
        if (t)
            s = prim_true_square_run(g, &r, &q, in, t, true, kind, &peak);
        else
            s = m32 ? prim_true_square_run(g, &r, &q, in, NULL, false, MZ_RNG_MULBERRY32, &peak)
                    : prim_true_square_run(g, &r, &q, in, NULL, false, MZ_RNG_SPLITMIX64, &peak);
        *rng = r;
        pq_free(&q);
        mz_mem_free(g->mem, in);
        if (s == MZ_OK)
            mirror_walls(g);
    } else if (mode == MODE_SIMPLIFIED) {
        /* Entries are edge codes, n * 4 + d. */
        const bool wide = g->cells > (UINT32_MAX >> 2);
        flist f = {g->mem, NULL, 256, 0};
        f.buf = mz_alloc_array(g->mem, f.cap, wide ? 8 : 4);
        if (!f.buf)
            return MZ_ENOMEM;
        if (t)
            s = wide ? prim_simplified_square_run(g, rng, &f, true, t, true, kind, &peak)
                     : prim_simplified_square_run(g, rng, &f, false, t, true, kind, &peak);
        else if (m32)
            s = wide ? prim_simplified_square_run(g, rng, &f, true, NULL, false, MZ_RNG_MULBERRY32,
                                                  &peak)
                     : prim_simplified_square_run(g, rng, &f, false, NULL, false, MZ_RNG_MULBERRY32,
                                                  &peak);
        else
            s = wide ? prim_simplified_square_run(g, rng, &f, true, NULL, false, MZ_RNG_SPLITMIX64,
                                                  &peak)
                     : prim_simplified_square_run(g, rng, &f, false, NULL, false, MZ_RNG_SPLITMIX64,
                                                  &peak);
        mz_mem_free(g->mem, f.buf);
    } else {
        const bool wide = g->cells > UINT32_MAX;
        flist f = {g->mem, NULL, 256, 0};
        f.buf = mz_alloc_array(g->mem, f.cap, wide ? 8 : 4);
        if (!f.buf)
            return MZ_ENOMEM;
        if (t)
            s = wide ? prim_modified_square_run(g, rng, &f, true, t, true, kind, &peak)
                     : prim_modified_square_run(g, rng, &f, false, t, true, kind, &peak);
        else if (m32)
            s = wide ? prim_modified_square_run(g, rng, &f, true, NULL, false, MZ_RNG_MULBERRY32,
                                                &peak)
                     : prim_modified_square_run(g, rng, &f, false, NULL, false, MZ_RNG_MULBERRY32,
                                                &peak);
        else
            s = wide ? prim_modified_square_run(g, rng, &f, true, NULL, false, MZ_RNG_SPLITMIX64,
                                                &peak)
                     : prim_modified_square_run(g, rng, &f, false, NULL, false, MZ_RNG_SPLITMIX64,
                                                &peak);
        mz_mem_free(g->mem, f.buf);
    }
    if (s == MZ_OK)
        g->c[0] &= (uint8_t)~CL_MARK;
    else
        cl_clear_scratch(g);
    if (s == MZ_OK)
        mz_extra_int(run->extra, "frontier_peak", (int64_t)peak);
    return s;
}

static const mz_param_def prim_params[] = {
    {"mode", MZ_P_ENUM, 0.0, 0, 0, "true|simplified|modified",
     "true: random edge weights; simplified: a random frontier edge; modified: a random "
     "frontier cell"},
};

static const char *const prim_columns[] = {"frontier_peak", NULL};

static const mz_trace_op prim_trace_ops[] = {
    {"join", "a cell joins the maze through the wall dir of cell", MZ_DRAW_CARVE},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_prim = {
    .name = "prim",
    .kind = MZ_GEN,
    .summary = "Prim's algorithm from the entrance, mode=true|simplified|modified",
    .flags = MZ_F_PERFECT,
    .params = prim_params,
    .nparams = 1,
    .columns = prim_columns,
    MZ_FIGURES_prim, /* data/shape-figures.csv */
    .gen = prim_gen,
    .refuses = NULL,
    .shapes = SH_ALL_BUT_SQUARE,
    .trace_ops = prim_trace_ops,
    .trace_size = "the queue's (true) or list's (simplified, modified) length after the step",
};
