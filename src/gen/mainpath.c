/*
 * mainpath.c - a main path across the grid, then branches until full.
 * Recipe: docs/algorithms.md, mainpath (after "Generating
 * Random Mazes with JavaScript", Cloud Four, 2024), seeded by mulberry32
 * instead of Math.random. Neighbour order everywhere is the document's:
 * up, down, left, right (N, S, W, E).
 *
 *   1. Main path: y = pick(rows); path = [(y, 0)]. While the head is not
 *      in the last column: empties = the head's in-grid unoccupied
 *      neighbours that this try has not backed out of; one or more: push
 *      empties[pick(len)]. None (stuck):
 *        - with a path of more than one cell, back out: pop min(5, len - 1)
 *          cells; they are empty again for the branches but closed to the
 *          main path until it starts over (a back-out; no draw);
 *        - with a one-cell path (really stuck: everything reachable was
 *          backed out of), start over: clear the path and the closed
 *          cells, y = pick(rows) (a restart).
 *      Knock the wall between consecutive path cells. Entrance = the
 *      path's first cell (column 0), exit = its last (column cols - 1).
 *   2. Rounds, while some cell is empty:
 *        a. every occupied cell, in row-major order, draws rnd() and
 *           starts a new branch (its tip = the cell) when it is < 0.1;
 *        b. every branch, in creation order: empties = the tip's empty
 *           neighbours; none: nothing, no draw; else n = empties[pick(len)],
 *           knock tip -> n, n is occupied, the tip moves to n.
 *
 * The document's code has bugs that its text contradicts; we build what
 * the text says:
 *   - findNextPoint's bounds checks `point.y - 1 > 0` and `point.x - 1 > 0`
 *     would never enter row 0 or column 0: they are `>= 0` here;
 *   - getMainPathPoints loops `while (x > gridWidth - 1)`, which never
 *     runs; the text means "until the head is on the right edge";
 *   - isCellEmpty reads undefined x, y and has a stray `||` (a syntax
 *     error): it is "in the grid and unoccupied" here;
 *   - findNextPoint must only offer empty cells (the text says so after
 *     isCellEmpty is introduced; without it the path doubles back and
 *     branches would re-occupy cells, making loops);
 *   - "back out a few steps" and "start over when really stuck" are only
 *     in the CodePen; the rules above are ours. We first let backed-out
 *     cells be re-entered and restarted after 50 back-outs: the walk
 *     re-enters the pocket it trapped itself in, and at 256x256 it took
 *     about three million restarts (a minute) to cross. Keeping backed-out
 *     cells closed makes each try a depth-first search in steps of five,
 *     O(cells) a try at worst. A five-cell back-out can still seal off the
 *     way across: over seeds 0..199 restarts totalled 1 at 31x31 and at
 *     100x100, and 221 on a 7x40 strip (at most 8 for one maze). On a
 *     two-row strip, though, a try crosses only if it never turns back
 *     at a wrong step, so restarts grow exponentially with the width
 *     (seed 464: 282,785 at 2x100, 1,672,483 at 2x122; 2x200 had not
 *     ended after 5 minutes). After 1000 restarts a try backs out one
 *     cell at a time, a depth-first search that always crosses: mazes
 *     needing fewer restarts are unchanged.
 *   - randomItemInArray on an empty list is not called: no draw.
 * The off-grid points (x = -1 and x = cols) of the document are not
 * cells; the entrance and exit mark them.
 *
 * Every cell is occupied once, joined to exactly one occupied cell, so
 * the maze is perfect. Bias: a long wandering main path; branches start
 * everywhere at once and stay short, so the maze has many short dead ends.
 *
 * Two modes make the same mazes (the same draws in the same order; the
 * tests compare digests):
 *   faithful: as written: each round scans every cell for (a) and for the
 *     completeness check, and walks every branch in creation order. A
 *     branch that found no empty neighbour is then dropped, as it can
 *     never draw again (the document keeps it and walks it every round:
 *     the list of all branches ever made grows every round, and the time
 *     grew as cells^3 on thin grids, 38 s at 10000x1). O(cells) a round,
 *     O(rounds * cells) in all; rounds reach about 0.64 * rows on an Nx1
 *     strip, so thin grids are quadratic: use fast for them.
 *   fast (default): an empty-cell counter replaces the completeness scan;
 *     a branch whose tip has no empty neighbour is dropped (cells only
 *     fill, so it can never grow or draw again); and (a) only visits the
 *     frontier, the occupied cells that still have an empty neighbour.
 *     A branch started anywhere else is inert, so its draw's value does
 *     not matter - but its position in the sequence does: both sources
 *     are counters (output k of state a is mix(a + (k+1) * increment)),
 *     so a frontier cell that is the k-th occupied cell in row-major order
 *     (k from a Fenwick tree of occupied cells) reads draw k directly,
 *     and the state then jumps by the number of occupied cells. rnd() is
 *     a unit draw, which never rejects, so no draw ever shifts.
 *     O(frontier * log cells) a round.
 *
 * Columns: main_path (cells), restarts, rounds.
 * Trace: advance (a main-path push; size = path length), backout (cell =
 * the new head; size = path length), restart (cell = the new start; size
 * = restarts), grow (a branch step; cell = the new cell, dir = from the
 * tip; size = empty cells left). Both modes emit the same trace.
 */
#include "../core/internal.h"
#include "../core/figures.h"

enum { P_MODE };
enum { MODE_FAITHFUL = 0, MODE_FAST = 1 };

#define OCC 0x20u
#define TABU 0x40u
#define BACK_OUT 5
#define RESTART_LIMIT 1000

static const unsigned doc_order[4] = {MZ_N, MZ_S, MZ_W, MZ_E};

/* A growable array of cells. */
typedef struct cellvec {
    const mz_allocator *mem;
    mz_idx *v;
    uint64_t n, cap;
} cellvec;

static mz_status vec_push(cellvec *a, mz_idx x)
{
    if (a->n == a->cap) {
        uint64_t ncap = a->cap ? a->cap * 2 : 256;
        size_t bytes = mz_mul_size(ncap, sizeof *a->v);
        mz_idx *nv = bytes ? mz_mem_realloc(a->mem, a->v, bytes) : NULL;
        if (!nv)
            return MZ_ENOMEM;
        a->v = nv;
        a->cap = ncap;
    }
    a->v[a->n++] = x;
    return MZ_OK;
}

MZ_INLINE bool occupied(const mz_grid *g, mz_idx i) { return (g->c[i] & OCC) != 0; }

/* Empty in-grid neighbours of i in document order; returns their count. */
MZ_INLINE unsigned empties(const mz_grid *g, mz_idx i, unsigned *dirs, mz_idx *cells)
{
    unsigned n = 0;
    for (unsigned k = 0; k < 4; k++) {
        mz_idx m = mz_sq_neighbour(g, i, doc_order[k]);
        if (m != MZ_NONE && !occupied(g, m)) {
            dirs[n] = doc_order[k];
            cells[n++] = m;
        }
    }
    return n;
}

MZ_INLINE bool has_empty(const mz_grid *g, mz_idx i)
{
    for (unsigned d = 0; d < 4; d++) {
        mz_idx m = mz_sq_neighbour(g, i, d);
        if (m != MZ_NONE && !occupied(g, m))
            return true;
    }
    return false;
}

MZ_INLINE unsigned dir_between(const mz_grid *g, mz_idx a, mz_idx b)
{
    return b + g->cols == a ? MZ_N : b == a + g->cols ? MZ_S : b + 1 == a ? MZ_W : MZ_E;
}

/* Empty neighbours the main path may enter (not backed out of). */
MZ_INLINE unsigned path_empties(const mz_grid *g, mz_idx i, unsigned *dirs, mz_idx *cells)
{
    unsigned n = 0;
    for (unsigned k = 0; k < 4; k++) {
        mz_idx m = mz_sq_neighbour(g, i, doc_order[k]);
        if (m != MZ_NONE && !(g->c[m] & (OCC | TABU))) {
            dirs[n] = doc_order[k];
            cells[n++] = m;
        }
    }
    return n;
}

/* Step 1. Cells backed out of carry TABU until the next restart. */
MZ_INLINE mz_status main_path(mz_grid *g, cellvec *path, mz_rng *rng, mz_trace *t,
                              const bool tracing, uint64_t *restarts_out, const mz_rng_kind rk)
{
    uint64_t restarts = 0;
    cellvec tabu = {g->mem, NULL, 0, 0};
    mz_status s = MZ_OK;
    mz_idx start = mz_rngk_pick(rng, g->rows, rk) * g->cols;
    g->c[start] |= OCC;
    path->n = 0;
    if ((s = vec_push(path, start)) != MZ_OK)
        goto out;
    while (path->v[path->n - 1] % g->cols != g->cols - 1) {
        mz_idx head = path->v[path->n - 1];
        unsigned dirs[4];
        mz_idx cand[4];
        unsigned n = path_empties(g, head, dirs, cand);
        if (n) {
            mz_idx next = cand[mz_rngk_pick(rng, n, rk)];
            g->c[next] |= OCC;
            if ((s = vec_push(path, next)) != MZ_OK)
                goto out;
            if (tracing && mz_trace_emit(t, "advance", next, -1, path->n)) {
                s = MZ_EIO;
                goto out;
            }
        } else if (path->n == 1) {
            for (uint64_t k = 0; k < path->n; k++)
                g->c[path->v[k]] &= (uint8_t)~OCC;
            for (uint64_t k = 0; k < tabu.n; k++)
                g->c[tabu.v[k]] &= (uint8_t)~TABU;
            tabu.n = 0;
            restarts++;
            start = mz_rngk_pick(rng, g->rows, rk) * g->cols;
            g->c[start] |= OCC;
            path->n = 1;
            path->v[0] = start;
            if (tracing && mz_trace_emit(t, "restart", start, -1, restarts)) {
                s = MZ_EIO;
                goto out;
            }
        } else {
            /* After RESTART_LIMIT restarts, back out one cell at a time:
             * the try is then a plain depth-first search, which reaches
             * the last column (the grid is connected), so it ends. */
            const uint64_t back = restarts < RESTART_LIMIT ? BACK_OUT : 1;
            uint64_t pop = path->n - 1 < back ? path->n - 1 : back;
            for (uint64_t k = 0; k < pop; k++) {
                mz_idx c = path->v[--path->n];
                g->c[c] = (uint8_t)((g->c[c] & ~OCC) | TABU);
                if ((s = vec_push(&tabu, c)) != MZ_OK)
                    goto out;
            }
            if (tracing && mz_trace_emit(t, "backout", path->v[path->n - 1], -1, path->n)) {
                s = MZ_EIO;
                goto out;
            }
        }
    }
    for (uint64_t k = 0; k < tabu.n; k++)
        g->c[tabu.v[k]] &= (uint8_t)~TABU;
    for (uint64_t k = 0; k + 1 < path->n; k++)
        mz_sq_knock(g, path->v[k], dir_between(g, path->v[k], path->v[k + 1]));
out:
    mz_mem_free(g->mem, tabu.v);
    *restarts_out = restarts;
    return s;
}

/* Step 2b for one branch: grow its tip. Returns false when it has no
 * empty neighbour (no draw was made). */
MZ_INLINE mz_status grow(mz_grid *g, mz_idx *tip, mz_rng *rng, uint64_t *empty, mz_trace *t,
                         const bool tracing, bool *grew, const mz_rng_kind rk)
{
    unsigned dirs[4];
    mz_idx cand[4];
    unsigned n = empties(g, *tip, dirs, cand);
    *grew = n > 0;
    if (!n)
        return MZ_OK;
    unsigned k = (unsigned)mz_rngk_pick(rng, n, rk);
    mz_sq_knock(g, *tip, dirs[k]);
    g->c[cand[k]] |= OCC;
    (*empty)--;
    if (tracing && mz_trace_emit(t, "grow", cand[k], (int)dirs[k], *empty))
        return MZ_EIO;
    *tip = cand[k];
    return MZ_OK;
}

/* Step 2 as the document writes it. */
MZ_INLINE mz_status rounds_faithful(mz_grid *g, mz_rng *rng, mz_trace *t, const bool tracing,
                                    uint64_t *rounds_out, const mz_rng_kind rk)
{
    cellvec br = {g->mem, NULL, 0, 0};
    mz_status s = MZ_OK;
    uint64_t rounds = 0, empty = 0;
    for (;;) {
        /* mazeComplete(): a full scan. */
        bool full = true;
        for (mz_idx i = 0; i < g->cells && full; i++)
            full = occupied(g, i);
        if (full)
            break;
        rounds++;
        empty = 0;
        for (mz_idx i = 0; i < g->cells; i++) {
            if (!occupied(g, i)) {
                empty++;
                continue;
            }
            if (mz_rngk_unit(rng, rk) < 0.1 && (s = vec_push(&br, i)) != MZ_OK)
                goto out;
        }
        /* Walk every branch. One whose tip found no empty neighbour made
         * no draw and never will (cells only fill): it leaves the list, so
         * the list holds live branches only and a round costs O(cells). */
        uint64_t live = 0;
        for (uint64_t k = 0; k < br.n; k++) {
            bool grew;
            if ((s = grow(g, &br.v[k], rng, &empty, t, tracing, &grew, rk)) != MZ_OK)
                goto out;
            if (grew)
                br.v[live++] = br.v[k];
        }
        br.n = live;
    }
out:
    mz_mem_free(g->mem, br.v);
    *rounds_out = rounds;
    return s;
}

/* Fenwick tree of occupied cells: prefix counts in O(log cells). */
MZ_INLINE void fen_add(uint64_t *f, uint64_t n, mz_idx i)
{
    for (uint64_t k = i + 1; k <= n; k += k & (~k + 1))
        f[k - 1]++;
}

MZ_INLINE uint64_t fen_before(const uint64_t *f, mz_idx i)
{
    uint64_t s = 0;
    for (uint64_t k = i; k > 0; k -= k & (~k + 1))
        s += f[k - 1];
    return s;
}

static int cmp_idx(const void *a, const void *b)
{
    mz_idx x = *(const mz_idx *)a, y = *(const mz_idx *)b;
    return x < y ? -1 : x > y;
}

/* Step 2, fast. */
/* rnd() < 0.1 for draw k after the state of r, without advancing: the
 * unit draw of mz_rngk_unit. */
MZ_INLINE bool unit_below_tenth(const mz_rng *r, uint64_t k, const mz_rng_kind rk)
{
    if (rk == MZ_RNG_MULBERRY32)
        return (double)mz_rngk_u32_at(r, k, rk) * (1.0 / 4294967296.0) < 0.1;
    return (double)(mz_rng_u64_sm_at(r, k) >> 11) * (1.0 / 9007199254740992.0) < 0.1;
}

MZ_INLINE mz_status rounds_fast(mz_grid *g, const cellvec *path, mz_rng *rng, mz_trace *t,
                                const bool tracing, uint64_t *rounds_out, const mz_rng_kind rk)
{
    cellvec br = {g->mem, NULL, 0, 0}, front = br, next = br, fresh = br;
    mz_status s = MZ_OK;
    uint64_t rounds = 0, occ = path->n, empty = g->cells - path->n;
    uint64_t *fen = mz_mem_calloc(g->mem, g->cells, sizeof *fen);
    if (!fen) {
        s = MZ_ENOMEM;
        goto out;
    }
    for (uint64_t k = 0; k < path->n; k++) {
        fen_add(fen, g->cells, path->v[k]);
        if ((s = vec_push(&fresh, path->v[k])) != MZ_OK)
            goto out;
    }
    for (;;) {
        /* The frontier: last round's, less cells that filled up, merged
         * with the new cells (sorted) that have an empty neighbour. */
        qsort(fresh.v, (size_t)fresh.n, sizeof *fresh.v, cmp_idx);
        next.n = 0;
        uint64_t a = 0, b = 0;
        while (a < front.n || b < fresh.n) {
            mz_idx c = b == fresh.n || (a < front.n && front.v[a] < fresh.v[b]) ? front.v[a++]
                                                                               : fresh.v[b++];
            if (has_empty(g, c) && (s = vec_push(&next, c)) != MZ_OK)
                goto out;
        }
        cellvec tmp = front;
        front = next;
        next = tmp;
        fresh.n = 0;
        if (empty == 0)
            break;
        rounds++;
        /* (a): draw k of this round belongs to the k-th occupied cell. */
        const mz_rng r0 = *rng;
        for (uint64_t k = 0; k < front.n; k++) {
            mz_idx c = front.v[k];
            uint64_t rank = fen_before(fen, c);
            if (unit_below_tenth(&r0, rank, rk) && (s = vec_push(&br, c)) != MZ_OK)
                goto out;
        }
        mz_rngk_skip(rng, occ, rk);
        /* (b), dropping branches that cannot grow again. */
        uint64_t keep = 0;
        for (uint64_t k = 0; k < br.n; k++) {
            bool grew;
            mz_idx tip = br.v[k];
            if ((s = grow(g, &tip, rng, &empty, t, tracing, &grew, rk)) != MZ_OK)
                goto out;
            if (!grew)
                continue;
            br.v[keep++] = tip;
            occ++;
            fen_add(fen, g->cells, tip);
            if ((s = vec_push(&fresh, tip)) != MZ_OK)
                goto out;
        }
        br.n = keep;
    }
out:
    mz_mem_free(g->mem, fen);
    mz_mem_free(g->mem, br.v);
    mz_mem_free(g->mem, front.v);
    mz_mem_free(g->mem, next.v);
    mz_mem_free(g->mem, fresh.v);
    *rounds_out = rounds;
    return s;
}

MZ_INLINE mz_status mainpath_run(mz_grid *g, unsigned mode, mz_rng *rng, mz_trace *t,
                                 const bool tracing, mz_extra *x, const mz_rng_kind rk)
{
    cellvec path = {g->mem, NULL, 0, 0};
    uint64_t restarts = 0, rounds = 0;
    mz_status s = main_path(g, &path, rng, t, tracing, &restarts, rk);
    if (s == MZ_OK) {
        g->entrance = path.v[0];
        g->exit = path.v[path.n - 1];
        s = mode == MODE_FAST ? rounds_fast(g, &path, rng, t, tracing, &rounds, rk)
                              : rounds_faithful(g, rng, t, tracing, &rounds, rk);
    }
    for (mz_idx i = 0; i < g->cells; i++)
        g->c[i] &= (uint8_t)~MZ_SCRATCH;
    if (s == MZ_OK) {
        mz_extra_int(x, "main_path", (int64_t)path.n);
        mz_extra_int(x, "restarts", (int64_t)restarts);
        mz_extra_int(x, "rounds", (int64_t)rounds);
    }
    mz_mem_free(g->mem, path.v);
    return s;
}

static mz_status mainpath_gen(mz_grid *g, const mz_args *args, mz_run *run)
{
    unsigned mode = (unsigned)args->v[P_MODE];
    if (run->rng->kind == MZ_RNG_MULBERRY32)
        return run->trace ? mainpath_run(g, mode, run->rng, run->trace, true, run->extra,
                                         MZ_RNG_MULBERRY32)
                          : mainpath_run(g, mode, run->rng, NULL, false, run->extra,
                                         MZ_RNG_MULBERRY32);
    return run->trace ? mainpath_run(g, mode, run->rng, run->trace, true, run->extra,
                                     MZ_RNG_SPLITMIX64)
                      : mainpath_run(g, mode, run->rng, NULL, false, run->extra,
                                     MZ_RNG_SPLITMIX64);
}

static const mz_param_def mainpath_params[] = {
    {"mode", MZ_P_ENUM, MODE_FAST, 0, 0, "faithful|fast",
     "faithful: the document's full scans; fast: the same mazes without them"},
};

static const char *const mainpath_columns[] = {"main_path", "restarts", "rounds", NULL};

static const mz_trace_op mainpath_trace_ops[] = {
    {"advance", "the main path steps into a cell", MZ_DRAW_PATH},
    {"restart", "the main path starts again from its start cell", MZ_DRAW_RESTART},
    {"backout", "the main path backs out of a dead end", MZ_DRAW_BACKOUT},
    {"grow", "a branch grows into a cell; dir = the wall knocked", MZ_DRAW_GROW},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_mainpath = {
    .name = "mainpath",
    .kind = MZ_GEN,
    .summary = "a left-to-right main path, then random branches until full (seeds doc); perfect",
    .flags = MZ_F_PERFECT | MZ_F_OWN_ENDS,
    .params = mainpath_params,
    .nparams = 1,
    .columns = mainpath_columns,
    MZ_FIGURES_mainpath, /* data/shape-figures.csv */
    .gen = mainpath_gen,
    .trace_ops = mainpath_trace_ops,
    .trace_size = "path length (advance, backout), restarts (restart), empty cells left (grow)",
};
