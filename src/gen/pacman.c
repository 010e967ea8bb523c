/*
 * pacman.c - a Pac-Man tile map (31 rows x 28 columns) from Tetris-like
 * wall pieces on a coarse grid, expanded and mirrored.
 * Recipe: docs/algorithms.md, pacman (after the MyMaze class of a
 * three.js Pac-Man), seeded by mulberry32 instead of Math.random.
 *
 * The document's own construction does not add up: a 10 x 5 coarse grid
 * expanded 3x3 and mirrored is 30 columns (its comment says "30x30"),
 * then written into a 28-wide map, and its piece generator is elided
 * ("Fill remaining cells with valid pieces"). We keep its idea - wall
 * blocks on a coarse grid, corridors one tile wide between them, pieces
 * made by walling up the corridor between two blocks, left half mirrored
 * onto the right - and fix the geometry at exactly 31 rows x 28 columns
 * (the document's "28x31" is width x height):
 *
 *   columns  0 | 1 | 2 3 | 4 | 5 6 | 7 | 8 9 | 10 | 11 .. 16 | 17 | ... | 27
 *            border V0 blk  V1 blk  V2 blk   V3   centre    V3'  mirror  border
 *   rows     0 border; corridor rows H0..H9 = 1 4 7 10 13 17 20 23 26 29;
 *            block bands between them, 2 rows high except band 4 (rows
 *            14-16), which holds the ghost house; 30 border.
 *
 * So the left half (columns 1..13) is 3 coarse block columns of 2 tiles
 * plus half of a 6-wide centre block, each with a vertical corridor on its
 * left (V0..V3 at columns 1, 4, 7, 10); column c mirrors to 27 - c, and
 * the centre block spans both halves (no 2-wide corridor at the seam).
 * Corridors are segments between junctions J(k, m) = (H_k, V_m): a
 * horizontal segment h(k, m) between V_m and V_m+1, a crossing c(k) from
 * V3 through the centre to V3', a vertical v(k, m) between H_k and H_k+1,
 * and a teleport t(k) from V0 through the border (wrapping to the right
 * edge). A segment is open (dotted corridor) or walled; walling it merges
 * the two blocks beside it into one piece.
 *
 *   1. Everything open but the top row's crossing c(0): the document's
 *      sample walls its first corridor row at the seam (its columns
 *      13-14); here the centre block is 6 wide, so the whole crossing
 *      (row 1, columns 11-16) is walled and the centre block of band 0
 *      joins the border wall (it takes no part in step 3). Its junction
 *      keeps h(0, 2) and v(0, 3), so it is no dead end.
 *      Teleports: pairs = 1 + pick(2); each on a row
 *      H_k, k = rows[pick(len)] from rows = (2, 3, 4, 5, 6, 7), then k,
 *      k - 2 and k + 2 leave rows (the rest keep their order); its
 *      junction's verticals v(k-1, 0), v(k, 0) are walled, so the tunnel
 *      is entered from the side, as in the arcade maze.
 *   2. The ghost house is the centre block of band 4 (rows 14-16, columns
 *      11-16); the ring around it, c(4), c(5) and v(4, 3), stays open.
 *   3. Pieces: the other blocks in a shuffled order (Fisher-Yates, i from
 *      the last down to 1, j = pick(i + 1)). Each block not yet in a piece
 *      starts one of target size 1 + pick(4) blocks; while it is smaller,
 *      cands = segments between the piece (its blocks in joining order,
 *      sides N, E, S, W) and a block in no piece, not tried for this
 *      piece; none: stop; else wall cands[pick(len)] if that keeps both
 *      invariants below, adding the block beyond it; else mark it tried.
 *      Segments on the border are never walled (the outer ring stays),
 *      apart from step 1's.
 *   4. Paint: walls and blocked cells everywhere, then every open
 *      segment's tiles and every junction on one, mirrored; knock the wall
 *      between every two adjacent walkable tiles, and the wrap wall of
 *      each teleport row (g->flags |= MZ_GRID_WRAP_EW).
 *   5. Dots as the document's dot pass lays them: every walkable tile
 *      gets a dot, except in the centre, where the pass jumps from column
 *      8 to column 22 on rows 8..18 (`if (j == 8 && i >= 8 && i <= 18)
 *      j = 22`): the walkable tiles of rows 8-18, columns 8-21 stay empty
 *      (MZ_TILE_EMPTY). We keep the document's indices although, in a
 *      28-wide map whose mirror is c <-> 27 - c, that rectangle sits one
 *      column east of centre: the walls are symmetric, the dots are not
 *      quite (columns 6-7 keep theirs on those rows, 20-21 do not). The
 *      `dots` figure is then the document's count.
 *
 * Invariants kept at every walling (checked before it is accepted):
 *   - every junction keeps at least two open segments, so no tile is a
 *     dead end (a segment's inner tiles always have two walkable sides);
 *   - the junctions of the half stay connected through open h and v
 *     segments; with c(4) open the mirrored map is then connected too
 *     (each half is connected and the crossing joins them).
 * Corridors are one tile wide by construction (blocks are at least 2x2
 * and corridors never run side by side), the map is symmetric by
 * construction, and the border is wall except at the teleport tiles. So
 * every map meets the guarantees: no retry and no fallback are needed.
 * tests/test_seeds.c checks all of them on the tiles, over 500 seeds.
 *
 * Tiles: MZ_TILE_WALL (blocked), MZ_TILE_EMPTY on the walkable tiles of
 * the centre rectangle (step 5), MZ_TILE_DOT on every other walkable tile
 * but the following, MZ_TILE_PILL at (3, 1), (3, 26), (27, 1), (27, 26) (on
 * V0 and V0', whose border-side segments are never walled), MZ_TILE_
 * TELEPORT at both ends of each tunnel (walkable, not dotted), and
 * MZ_TILE_HOUSE for the 18 ghost-house tiles, which are blocked (the
 * house is where ghosts wait, not part of Pac-Man's maze).
 * Entrance: Pac-Man's start, (17, 13), on the open corridor below the
 * house. Exit: the walkable tile farthest from it by BFS (ties to the
 * lowest index), so route is the start's eccentricity.
 *
 * Columns: dots (dot tiles, pills not counted), pills, teleports
 * (teleport tiles, two a pair). Trace: teleport (cell = its left tile;
 * size = pairs so far), wall (a segment walled for a piece; cell = its first tile in
 * the left half; size = segments walled so far).
 * Complexity: fixed size; at most a few hundred 40-node connectivity
 * checks.
 */
#include "../core/internal.h"
#include "../core/figures.h"

#define ROWS 31
#define COLS 28
#define NH 10  /* corridor rows */
#define NV 4   /* corridor columns in the left half */
#define NB 9   /* block bands */
#define HOUSE_BAND 4
/* The document's dot pass skips rows 8..18, columns 8..21 (step 5). */
#define NODOT_R0 8
#define NODOT_R1 18
#define NODOT_C0 8
#define NODOT_C1 21

static const unsigned hrow[NH] = {1, 4, 7, 10, 13, 17, 20, 23, 26, 29};
static const unsigned vcol[NV] = {1, 4, 7, 10};

/* Segment ids. */
enum { SEG_H, SEG_C, SEG_V, SEG_T };
#define H_ID(k, m) ((k) * 3 + (m))                 /* 30 */
#define C_ID(k) (30 + (k))                         /* 10 */
#define V_ID(k, m) (40 + (k) * NV + (m))           /* 36 */
#define T_ID(k) (76 + (k))                         /* 10 */
#define NSEG 86
#define JUNC(k, m) ((k) * NV + (m))
#define NJ (NH * NV)
#define NBLK (NB * NV)
#define BLK(b, m) ((b) * NV + (m))
#define BORDER NBLK

typedef struct map {
    bool open[NSEG];
    unsigned walled;
} map;

/* The two junctions of a segment (the second is NJ for c and t, whose
 * far end is the mirror image). */
static void seg_ends(unsigned s, unsigned *a, unsigned *b)
{
    if (s < 30) {
        *a = JUNC(s / 3, s % 3);
        *b = JUNC(s / 3, s % 3 + 1);
    } else if (s < 40) {
        *a = JUNC(s - 30, 3);
        *b = NJ;
    } else if (s < 76) {
        unsigned k = (s - 40) / NV, m = (s - 40) % NV;
        *a = JUNC(k, m);
        *b = JUNC(k + 1, m);
    } else {
        *a = JUNC(s - 76, 0);
        *b = NJ;
    }
}

static unsigned degree(const map *mp, unsigned j)
{
    unsigned k = j / NV, m = j % NV, d = 0;
    if (m > 0) d += mp->open[H_ID(k, m - 1)];
    if (m < 3) d += mp->open[H_ID(k, m)];
    if (m == 3) d += mp->open[C_ID(k)];
    if (m == 0) d += mp->open[T_ID(k)];
    if (k > 0) d += mp->open[V_ID(k - 1, m)];
    if (k < NH - 1) d += mp->open[V_ID(k, m)];
    return d;
}

/* Are all junctions of the half joined by open h and v segments? */
static bool connected(const map *mp)
{
    unsigned queue[NJ], head = 0, tail = 0;
    bool seen[NJ] = {false};
    seen[0] = true;
    queue[tail++] = 0;
    while (head < tail) {
        unsigned j = queue[head++], k = j / NV, m = j % NV;
        unsigned nb[4], n = 0;
        if (m > 0 && mp->open[H_ID(k, m - 1)]) nb[n++] = j - 1;
        if (m < 3 && mp->open[H_ID(k, m)]) nb[n++] = j + 1;
        if (k > 0 && mp->open[V_ID(k - 1, m)]) nb[n++] = j - NV;
        if (k < NH - 1 && mp->open[V_ID(k, m)]) nb[n++] = j + NV;
        for (unsigned i = 0; i < n; i++) {
            if (!seen[nb[i]]) {
                seen[nb[i]] = true;
                queue[tail++] = nb[i];
            }
        }
    }
    return tail == NJ;
}

/* Wall segment s if both invariants survive; returns whether it did. */
static bool try_wall(map *mp, unsigned s)
{
    unsigned a, b;
    seg_ends(s, &a, &b);
    if (degree(mp, a) < 3 || (b < NJ && degree(mp, b) < 3))
        return false;
    mp->open[s] = false;
    if (!connected(mp)) {
        mp->open[s] = true;
        return false;
    }
    mp->walled++;
    return true;
}

/* The segment on side d (N, E, S, W) of block (band, m) and the block
 * beyond it (BORDER for the outer wall; the centre block's east side is
 * its own mirror, NBLK + 1: never a candidate). */
MZ_INLINE unsigned block_side(unsigned band, unsigned m, unsigned d, unsigned *beyond)
{
    switch (d) {
    case MZ_N:
        *beyond = band == 0 ? BORDER : BLK(band - 1, m);
        return m == 3 ? C_ID(band) : H_ID(band, m);
    case MZ_S:
        *beyond = band == NB - 1 ? BORDER : BLK(band + 1, m);
        return m == 3 ? C_ID(band + 1) : H_ID(band + 1, m);
    case MZ_E:
        *beyond = m == 3 ? NBLK + 1 : BLK(band, m + 1);
        return m == 3 ? NSEG : V_ID(band, m + 1);
    default:
        *beyond = m == 0 ? BORDER : BLK(band, m - 1);
        return V_ID(band, m);
    }
}

/* The first tile of a segment in the left half, for traces. */
static mz_idx seg_tile(unsigned s)
{
    if (s < 30)
        return (mz_idx)hrow[s / 3] * COLS + vcol[s % 3] + 1;
    if (s < 40)
        return (mz_idx)hrow[s - 30] * COLS + 11;
    if (s < 76)
        return (mz_idx)(hrow[(s - 40) / NV] + 1) * COLS + vcol[(s - 40) % NV];
    return (mz_idx)hrow[s - 76] * COLS;
}

MZ_INLINE mz_status build(map *mp, mz_rng *rng, mz_trace *t, const bool tracing,
                          const mz_rng_kind rk, unsigned *pairs)
{
    bool used[NBLK + 2] = {false};
    for (unsigned s = 0; s < NSEG; s++)
        mp->open[s] = s < T_ID(0);
    mp->walled = 0;
    /* The top row's wall at the seam (step 1). */
    mp->open[C_ID(0)] = false;
    used[BLK(0, 3)] = true;

    /* 1. Teleports. */
    unsigned rows[6] = {2, 3, 4, 5, 6, 7}, nrows = 6;
    *pairs = 1 + (unsigned)mz_rngk_pick(rng, 2, rk);
    for (unsigned p = 0; p < *pairs; p++) {
        unsigned k = rows[mz_rngk_pick(rng, nrows, rk)], left = 0;
        /* Drop k and k +- 2 (in order): two tunnels two rows apart would
         * leave the junction between them one open segment. */
        for (unsigned i = 0; i < nrows; i++)
            if (rows[i] != k && rows[i] != k + 2 && rows[i] + 2 != k)
                rows[left++] = rows[i];
        nrows = left;
        mp->open[T_ID(k)] = true;
        /* Always allowed: every junction starts with three or four open
         * segments, a junction between two tunnels one row apart keeps
         * its own tunnel and h(k, 0), and the outer ring keeps the half
         * connected. */
        mp->open[V_ID(k - 1, 0)] = false;
        mp->open[V_ID(k, 0)] = false;
        used[BLK(k - 1, 0)] = used[BLK(k, 0)] = true;
        if (tracing && mz_trace_emit(t, "teleport", seg_tile(T_ID(k)), -1, p + 1))
            return MZ_EIO;
    }
    used[BLK(HOUSE_BAND, 3)] = true;

    /* 3. Pieces. */
    unsigned order[NBLK], n = 0;
    for (unsigned b = 0; b < NBLK; b++)
        if (b != BLK(HOUSE_BAND, 3))
            order[n++] = b;
    for (unsigned i = n - 1; i > 0; i--) {
        unsigned j = (unsigned)mz_rngk_pick(rng, i + 1, rk);
        unsigned tmp = order[i];
        order[i] = order[j];
        order[j] = tmp;
    }
    for (unsigned o = 0; o < n; o++) {
        if (used[order[o]])
            continue;
        unsigned piece[4], size = 0, want = 1 + (unsigned)mz_rngk_pick(rng, 4, rk);
        bool tried[NSEG] = {false};
        piece[size++] = order[o];
        used[order[o]] = true;
        while (size < want) {
            unsigned cand[16], beyond[16], nc = 0;
            for (unsigned q = 0; q < size; q++) {
                for (unsigned d = 0; d < 4; d++) {
                    unsigned other;
                    unsigned s = block_side(piece[q] / NV, piece[q] % NV, d, &other);
                    if (other >= NBLK || used[other] || tried[s] || !mp->open[s])
                        continue;
                    cand[nc] = s;
                    beyond[nc++] = other;
                }
            }
            if (nc == 0)
                break;
            unsigned c = (unsigned)mz_rngk_pick(rng, nc, rk);
            if (!try_wall(mp, cand[c])) {
                tried[cand[c]] = true;
                continue;
            }
            used[beyond[c]] = true;
            piece[size++] = beyond[c];
            if (tracing && mz_trace_emit(t, "wall", seg_tile(cand[c]), -1, mp->walled))
                return MZ_EIO;
        }
    }
    return MZ_OK;
}

static void walk(mz_grid *g, unsigned r, unsigned c, uint8_t tile)
{
    g->tiles[r * COLS + c] = tile;
    g->tiles[r * COLS + (COLS - 1 - c)] = tile;
}

static void paint(mz_grid *g, const map *mp)
{
    memset(g->c, MZ_WALLS | MZ_BLOCKED, ROWS * COLS);
    memset(g->tiles, MZ_TILE_WALL, ROWS * COLS);
    for (unsigned k = 0; k < NH; k++) {
        for (unsigned m = 0; m < NV; m++) {
            if (degree(mp, JUNC(k, m)))
                walk(g, hrow[k], vcol[m], MZ_TILE_DOT);
            if (m < 3 && mp->open[H_ID(k, m)])
                for (unsigned c = vcol[m] + 1; c < vcol[m + 1]; c++)
                    walk(g, hrow[k], c, MZ_TILE_DOT);
            if (k < NH - 1 && mp->open[V_ID(k, m)])
                for (unsigned r = hrow[k] + 1; r < hrow[k + 1]; r++)
                    walk(g, r, vcol[m], MZ_TILE_DOT);
        }
        if (mp->open[C_ID(k)])
            for (unsigned c = vcol[3] + 1; c < COLS / 2; c++)
                walk(g, hrow[k], c, MZ_TILE_DOT);
        if (mp->open[T_ID(k)])
            walk(g, hrow[k], 0, MZ_TILE_TELEPORT);
    }
    for (unsigned r = hrow[HOUSE_BAND] + 1; r < hrow[HOUSE_BAND + 1]; r++)
        for (unsigned c = vcol[3] + 1; c < COLS / 2; c++)
            walk(g, r, c, MZ_TILE_HOUSE);
    for (unsigned r = NODOT_R0; r <= NODOT_R1; r++)
        for (unsigned c = NODOT_C0; c <= NODOT_C1; c++)
            if (g->tiles[r * COLS + c] == MZ_TILE_DOT)
                g->tiles[r * COLS + c] = MZ_TILE_EMPTY;
    walk(g, 3, 1, MZ_TILE_PILL);
    walk(g, 27, 1, MZ_TILE_PILL);

    g->flags |= MZ_GRID_WRAP_EW;
    for (mz_idx i = 0; i < ROWS * COLS; i++) {
        unsigned tk = g->tiles[i];
        if (tk != MZ_TILE_WALL && tk != MZ_TILE_HOUSE)
            g->c[i] = MZ_WALLS;
    }
    for (mz_idx i = 0; i < ROWS * COLS; i++) {
        if (g->c[i] & MZ_BLOCKED)
            continue;
        /* East (wrapping on teleport rows) and south. */
        mz_idx e = mz_sq_neighbour(g, i, MZ_E);
        if (!(g->c[e] & MZ_BLOCKED))
            mz_sq_knock(g, i, MZ_E);
        mz_idx s = mz_sq_neighbour(g, i, MZ_S);
        if (s != MZ_NONE && !(g->c[s] & MZ_BLOCKED))
            mz_sq_knock(g, i, MZ_S);
    }
}

/* The exit: the walkable tile farthest from the entrance. */
static mz_status far_tile(mz_grid *g)
{
    uint32_t dist[ROWS * COLS];
    if (mz_bfs_dist32(g, g->entrance, dist) != MZ_OK)
        return MZ_ENOMEM;
    mz_idx best = g->entrance;
    for (mz_idx i = 0; i < ROWS * COLS; i++)
        if (dist[i] != UINT32_MAX && dist[i] > dist[best])
            best = i;
    g->exit = best;
    return MZ_OK;
}

MZ_INLINE mz_status pacman_run(mz_grid *g, mz_rng *rng, mz_trace *t, const bool tracing,
                               const mz_rng_kind rk, mz_extra *x)
{
    map mp;
    unsigned pairs;
    mz_status s = build(&mp, rng, t, tracing, rk, &pairs);
    if (s != MZ_OK)
        return s;
    paint(g, &mp);
    g->entrance = (mz_idx)hrow[HOUSE_BAND + 1] * COLS + 13;
    if ((s = far_tile(g)) != MZ_OK)
        return s;
    int64_t dots = 0, pills = 0, tele = 0;
    for (mz_idx i = 0; i < ROWS * COLS; i++) {
        dots += g->tiles[i] == MZ_TILE_DOT;
        pills += g->tiles[i] == MZ_TILE_PILL;
        tele += g->tiles[i] == MZ_TILE_TELEPORT;
    }
    mz_extra_int(x, "dots", dots);
    mz_extra_int(x, "pills", pills);
    mz_extra_int(x, "teleports", tele);
    return MZ_OK;
}

static mz_status pacman_gen(mz_grid *g, const mz_args *args, mz_run *run)
{
    (void)args;
    mz_status s = mz_grid_resize(g, MZ_SQUARE(ROWS, COLS));
    if (s == MZ_OK)
        s = mz_grid_alloc_tiles(g);
    if (s != MZ_OK)
        return s;
    /* Untraced runs are specialised on the source's kind; a traced run
     * reads it as it goes. */
    if (run->trace)
        return pacman_run(g, run->rng, run->trace, true, (mz_rng_kind)run->rng->kind, run->extra);
    return run->rng->kind == MZ_RNG_MULBERRY32
               ? pacman_run(g, run->rng, NULL, false, MZ_RNG_MULBERRY32, run->extra)
               : pacman_run(g, run->rng, NULL, false, MZ_RNG_SPLITMIX64, run->extra);
}

static const char *const pacman_columns[] = {"dots", "pills", "teleports", NULL};

static const mz_trace_op pacman_trace_ops[] = {
    {"teleport", "a teleport tile pair is placed", MZ_DRAW_MARK},
    {"wall", "a wall piece grows by one tile", MZ_DRAW_MARK},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_pacman = {
    .name = "pacman",
    .kind = MZ_GEN,
    .summary = "a Pac-Man tile map, 31 rows x 28 columns, of mirrored Tetris-like wall pieces (seeds doc)",
    .flags = MZ_F_FIXED_SIZE | MZ_F_BLOCKS | MZ_F_OWN_ENDS,
    .params = NULL,
    .nparams = 0,
    .columns = pacman_columns,
    MZ_FIGURES_pacman, /* data/shape-figures.csv */
    .gen = pacman_gen,
    .trace_ops = pacman_trace_ops,
    .trace_size = "teleports placed (teleport), tiles walled (wall)",
};
