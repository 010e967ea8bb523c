/*
 * anim.c - trace animations: record an algorithm's steps, replay them on a
 * display grid, and draw every stride-th state through the one drawing
 * path (pic_draw) into an animated GIF or PNG frames.
 *
 * What each op does on the display (the ops each algorithm emits are in
 * the README's trace table; an op not listed here is shown as a mark):
 *   generators, walls start closed and cells unvisited (dark):
 *     push     carve: knock (cell, dir); the cell beyond joins the stack
 *     pop      backtrack: the cell leaves the stack (done)
 *     join     knock (cell, dir); the cell is in the maze
 *     merge    knock (cell, dir); both cells are in the maze
 *     check    the wall (cell, dir) stays: flashed
 *     splice   knock (cell, dir); the cell is marked
 *     grow     knock into the cell from its tip (dir points tip -> cell)
 *     advance, open   the cell joins the path and opens toward every
 *              visited neighbour the finished maze opens it to
 *     backout  the path falls back to the cell; the cells after it leave
 *     close    (a generator's) the path's head leaves
 *     restart, reject   everything leaves (restart keeps its new start)
 *     branch   the cell is in the maze (not on the path)
 *   generators with no carving op (pacman) replay on the finished map,
 *   marking each step's cell;
 *   solvers, on the finished maze:
 *     close    the cell is closed (board 06)
 *     move, turn   the walker's cell and heading; cells entered once and
 *              more than once in two colours (board 07)
 *     excess   the cell gets its excess colour (board 08)
 *     ring, sweep  every cell of the ring gets its ring's colour (board 05)
 * Frame 0 is the state before the first step, frame k the state after
 * min(k * stride, steps) steps; the last frame is the finished maze (and
 * the solver's route).
 */
#include "picture.h"

#include <math.h>
#include <stdio.h>

#ifndef MZ_HAVE_CAIRO

mz_status mz_anim_render(const mz_spec *spec, uint32_t seed, uint64_t rows, uint64_t cols,
                         const mz_stage *solver, const mz_pic_opts *o, const mz_anim_opts *a,
                         mz_pic_format f, mz_pic_write_fn write, void *user, uint64_t *frames)
{
    (void)spec, (void)seed, (void)rows, (void)cols, (void)solver, (void)o, (void)a, (void)f;
    (void)write, (void)user;
    *frames = 0;
    return MZ_EUNSUPPORTED;
}

#else

#include <cairo.h>
#ifdef MZ_HAVE_GIF
#include <gif_lib.h>
#endif

/* ------------------------------------------------------------------ */
/* Recording                                                           */
/* ------------------------------------------------------------------ */

typedef struct rstep {
    const char *op; /* the algorithm's static string */
    mz_idx cell;
    int dir;
    uint64_t size;
} rstep;

typedef struct recbuf {
    rstep *s;
    uint64_t n, cap, max;
    bool over, nomem;
} recbuf;

static int rec_emit(void *user, const mz_step *s)
{
    recbuf *r = user;
    if (r->n == r->max) {
        r->over = true;
        return 1;
    }
    if (r->n == r->cap) {
        uint64_t cap = r->cap ? r->cap * 2 : 4096;
        rstep *ns = realloc(r->s, cap * sizeof *ns);
        if (!ns) {
            r->nomem = true;
            return 1;
        }
        r->s = ns;
        r->cap = cap;
    }
    r->s[r->n++] = (rstep){s->op, s->cell, s->dir, s->size};
    return 0;
}

/* ------------------------------------------------------------------ */
/* Ops                                                                 */
/* ------------------------------------------------------------------ */

enum fx {
    FX_MARK = 0, FX_CARVE, FX_POP, FX_JOIN, FX_MERGE, FX_CHECK, FX_SPLICE, FX_GROW, FX_PUSH,
    FX_BACKOUT, FX_POP1, FX_RESTART, FX_RESET, FX_BRANCH,
    FX_CLOSE, FX_WALK, FX_EXCESS, FX_RING, FX_SWEEP
};

typedef struct opdef {
    const char *op, *label;
    enum fx fx;
} opdef;

static const opdef gen_ops[] = {
    {"push", "carve", FX_CARVE},     {"pop", "backtrack", FX_POP},   {"join", "join", FX_JOIN},
    {"merge", "merge", FX_MERGE},    {"check", "check", FX_CHECK},   {"splice", "splice", FX_SPLICE},
    {"grow", "grow", FX_GROW},       {"advance", "advance", FX_PUSH}, {"open", "open", FX_PUSH},
    {"backout", "back out", FX_BACKOUT}, {"close", "backtrack", FX_POP1},
    {"restart", "restart", FX_RESTART}, {"reject", "reject", FX_RESET},
    {"branch", "branch", FX_BRANCH},
};
static const opdef solve_ops[] = {
    {"close", "close", FX_CLOSE}, {"move", "move", FX_WALK},    {"turn", "turn", FX_WALK},
    {"excess", "excess", FX_EXCESS}, {"ring", "ring", FX_RING}, {"sweep", "sweep", FX_SWEEP},
};

static const opdef *op_find(const char *op, bool solver)
{
    const opdef *t = solver ? solve_ops : gen_ops;
    size_t n = solver ? sizeof solve_ops / sizeof *t : sizeof gen_ops / sizeof *t;
    for (size_t k = 0; k < n; k++)
        if (strcmp(t[k].op, op) == 0)
            return &t[k];
    return NULL;
}

/* Cell states on the display. */
enum { ST_PLAIN = 0, ST_UNVISITED, ST_IN, ST_MARK, ST_CLOSED, ST_ONCE, ST_MORE, ST_VALUE };

#define ANIM_UNVISITED 0x4A4A4Au
#define ANIM_IN 0xFDB863u
#define ANIM_MARK 0x80B1D3u
#define RAMP_STEPS 16

typedef struct replay {
    const mz_grid *G; /* the finished maze */
    mz_grid D;        /* what the frame shows */
    bool solver, structural;
    uint8_t *st;      /* a state a cell */
    uint8_t *val;     /* ST_VALUE: ramp step; high bit: sweep ramp */
    uint8_t *visits;
    mz_idx *path;     /* generators: the path or stack of PUSH ops */
    uint64_t plen;
    uint32_t *fill;
    /* flood rings: cells by distance from the first and second source */
    uint32_t *dist[2];
    mz_idx *order[2];
    uint64_t *start[2];
    uint32_t maxd[2];
    uint64_t rings[2];
    uint64_t max_excess;
    /* what the last step touched */
    mz_idx head;
    int head_dir;
    mz_idx flash;
    int flash_dir;
    /* op counts for the legend */
    const char *label[8];
    uint64_t count[8];
    unsigned nlabels;
} replay;

static void knock_open(replay *r, mz_idx i, unsigned d)
{
    mz_idx n = mz_neighbour(&r->D, i, d);
    if (n != MZ_NONE)
        mz_knock(&r->D, i, d);
}

static void enter(replay *r, mz_idx i, uint8_t state)
{
    if (i < r->G->cells)
        r->st[i] = state;
}

/* Open i toward every visited neighbour the finished maze opens it to. */
static void reveal(replay *r, mz_idx i, uint8_t state)
{
    r->st[i] = state;
    for (unsigned d = 0; d < 4; d++) {
        mz_idx n = mz_neighbour(r->G, i, d);
        if (n != MZ_NONE && mz_is_open(r->G, i, d) && r->st[n] != ST_UNVISITED)
            knock_open(r, i, d);
    }
}

static void unreveal(replay *r, mz_idx i)
{
    r->st[i] = ST_UNVISITED;
    for (unsigned d = 0; d < 4; d++) {
        mz_idx n = mz_neighbour(&r->D, i, d);
        if (n != MZ_NONE && mz_is_open(&r->D, i, d)) {
            r->D.c[i] |= (uint8_t)(1u << d);
            r->D.c[n] |= (uint8_t)(1u << mz_opposite(d));
        }
    }
}

static void count_label(replay *r, const char *label)
{
    for (unsigned k = 0; k < r->nlabels; k++)
        if (r->label[k] == label || strcmp(r->label[k], label) == 0) {
            r->count[k]++;
            return;
        }
    if (r->nlabels < 8) {
        r->label[r->nlabels] = label;
        r->count[r->nlabels++] = 1;
    }
}

static void ring(replay *r, int which)
{
    uint64_t k = ++r->rings[which];
    if (!r->order[which] || k > r->maxd[which])
        return;
    uint8_t v = (uint8_t)lround((double)k / r->maxd[which] * (RAMP_STEPS - 1));
    for (uint64_t j = r->start[which][k]; j < r->start[which][k + 1]; j++) {
        mz_idx i = r->order[which][j];
        r->st[i] = ST_VALUE;
        r->val[i] = (uint8_t)(v | (which ? 0x80 : 0));
    }
}

static void apply(replay *r, const rstep *s)
{
    const opdef *od = op_find(s->op, r->solver);
    enum fx fx = od ? od->fx : FX_MARK;
    count_label(r, od ? od->label : s->op);
    mz_idx i = s->cell;
    r->head = i;
    r->head_dir = -1;
    r->flash = MZ_NONE;
    if (i >= r->G->cells && fx != FX_RESET)
        return;
    int d = s->dir;
    switch (fx) {
    case FX_CARVE:
        if (d >= 0) {
            mz_idx n = mz_neighbour(&r->D, i, (unsigned)d);
            knock_open(r, i, (unsigned)d);
            enter(r, i, ST_IN);
            enter(r, n, ST_IN);
            r->head = n;
        }
        break;
    case FX_POP: enter(r, i, ST_PLAIN); break;
    case FX_JOIN:
        if (d >= 0)
            knock_open(r, i, (unsigned)d);
        enter(r, i, ST_PLAIN);
        break;
    case FX_MERGE:
        if (d >= 0) {
            enter(r, mz_neighbour(&r->D, i, (unsigned)d), ST_PLAIN);
            knock_open(r, i, (unsigned)d);
        }
        enter(r, i, ST_PLAIN);
        break;
    case FX_CHECK:
        r->flash = i;
        r->flash_dir = d;
        r->head = MZ_NONE;
        break;
    case FX_SPLICE:
        if (d >= 0)
            knock_open(r, i, (unsigned)d);
        enter(r, i, ST_MARK);
        break;
    case FX_GROW:
        if (d >= 0)
            knock_open(r, i, mz_opposite((unsigned)d));
        enter(r, i, ST_PLAIN);
        break;
    case FX_PUSH:
        reveal(r, i, ST_IN);
        r->path[r->plen++ % r->G->cells] = i;
        break;
    case FX_BACKOUT:
        while (r->plen > 0 && r->path[(r->plen - 1) % r->G->cells] != i)
            unreveal(r, r->path[--r->plen % r->G->cells]);
        break;
    case FX_POP1:
        if (r->plen > 0)
            r->plen--;
        unreveal(r, i);
        break;
    case FX_RESTART:
    case FX_RESET:
        while (r->plen > 0)
            unreveal(r, r->path[--r->plen % r->G->cells]);
        for (uint64_t k = 0; k < r->G->cells; k++)
            if (r->st[k] != ST_UNVISITED)
                unreveal(r, k);
        if (fx == FX_RESTART) {
            reveal(r, i, ST_IN);
            r->path[r->plen++] = i;
        } else {
            r->head = MZ_NONE;
        }
        break;
    case FX_BRANCH: reveal(r, i, ST_PLAIN); break;
    case FX_CLOSE: enter(r, i, ST_CLOSED); break;
    case FX_WALK:
        r->head_dir = d; /* the cells entered: walk_visits() */
        break;
    case FX_EXCESS:
        r->st[i] = ST_VALUE;
        r->val[i] = r->max_excess
                        ? (uint8_t)(0x80 | lround(sqrt((double)s->size / r->max_excess) * (RAMP_STEPS - 1)))
                        : 0x80;
        break;
    case FX_RING: ring(r, 0); break;
    case FX_SWEEP: ring(r, 1); break;
    default: enter(r, i, ST_MARK); break;
    }
}

/* The walker's entries need the previous forward count, so they are
 * counted here rather than in apply(). */
static void walk_visits(replay *r, const rstep *s, uint64_t *forward)
{
    if (strcmp(s->op, "move") != 0 && strcmp(s->op, "turn") != 0)
        return;
    if (s->size > *forward && s->cell < r->G->cells && r->visits[s->cell] < 255) {
        r->visits[s->cell]++;
        r->st[s->cell] = r->visits[s->cell] > 1 ? ST_MORE : ST_ONCE;
    }
    *forward = s->size;
}

static uint32_t state_rgb(const replay *r, mz_idx i)
{
    switch (r->st[i]) {
    case ST_UNVISITED: return ANIM_UNVISITED;
    case ST_IN: return ANIM_IN;
    case ST_MARK: return ANIM_MARK;
    case ST_CLOSED: return PIC_CLOSED;
    case ST_ONCE: return PIC_ONCE;
    case ST_MORE: return PIC_MORE;
    case ST_VALUE:
        return pic_ramp(r->val[i] & 0x80 ? RAMP_VALLEY : RAMP_HEAT,
                        (double)(r->val[i] & 0x7F) / (RAMP_STEPS - 1));
    default: return PIC_NOFILL;
    }
}

/* Cells bucketed by BFS distance from src, for whole-ring colouring. */
static mz_status rings_prepare(replay *r, int which, mz_idx src)
{
    const mz_grid *G = r->G;
    if (src >= G->cells)
        return MZ_OK;
    uint32_t *d = r->dist[which] = malloc(G->cells * sizeof *d);
    if (!d)
        return MZ_ENOMEM;
    mz_status s = mz_bfs_dist32(G, src, d);
    if (s != MZ_OK)
        return s;
    uint32_t max = 0;
    for (uint64_t i = 0; i < G->cells; i++)
        if (d[i] != UINT32_MAX && d[i] > max)
            max = d[i];
    r->maxd[which] = max;
    r->start[which] = calloc((size_t)max + 2, sizeof(uint64_t));
    r->order[which] = malloc(G->cells * sizeof(mz_idx));
    if (!r->start[which] || !r->order[which])
        return MZ_ENOMEM;
    for (uint64_t i = 0; i < G->cells; i++)
        if (d[i] != UINT32_MAX)
            r->start[which][d[i] + 1]++;
    for (uint32_t k = 0; k <= max; k++)
        r->start[which][k + 1] += r->start[which][k];
    uint64_t *at = malloc(((size_t)max + 1) * sizeof *at);
    if (!at)
        return MZ_ENOMEM;
    memcpy(at, r->start[which], ((size_t)max + 1) * sizeof *at);
    for (uint64_t i = 0; i < G->cells; i++)
        if (d[i] != UINT32_MAX)
            r->order[which][at[d[i]]++] = i;
    free(at);
    return MZ_OK;
}

static void replay_free(replay *r)
{
    mz_grid_free(&r->D);
    free(r->st);
    free(r->val);
    free(r->visits);
    free(r->path);
    free(r->fill);
    for (int k = 0; k < 2; k++) {
        free(r->dist[k]);
        free(r->order[k]);
        free(r->start[k]);
    }
}

/* ------------------------------------------------------------------ */
/* GIF                                                                 */
/* ------------------------------------------------------------------ */

#ifdef MZ_HAVE_GIF

#define TRANSPARENT 255
#define NCACHE 4096

typedef struct gifw {
    GifFileType *gif;
    mz_pic_write_fn write;
    void *user;
    bool failed;
    GifColorType pal[256];
    int npal;
    uint32_t ckey[NCACHE];
    uint8_t cval[NCACHE];
    bool cused[NCACHE];
    uint8_t *prev, *cur;
    int w, h;
    bool first;
} gifw;

static int gif_out(GifFileType *gif, const GifByteType *data, int len)
{
    gifw *g = gif->UserData;
    if (g->failed || g->write(g->user, 0, data, (size_t)len)) {
        g->failed = true;
        return 0;
    }
    return len;
}

static void pal_add(gifw *g, uint32_t c)
{
    for (int k = 0; k < g->npal; k++)
        if (((uint32_t)g->pal[k].Red << 16 | (uint32_t)g->pal[k].Green << 8 | g->pal[k].Blue) == c)
            return;
    if (g->npal >= TRANSPARENT)
        return;
    g->pal[g->npal].Red = (GifByteType)(c >> 16);
    g->pal[g->npal].Green = (GifByteType)(c >> 8);
    g->pal[g->npal].Blue = (GifByteType)c;
    g->npal++;
}

/* The palette: every colour the scenes use exactly, then a 5x5x5 cube for
 * anything else (the hedge style's fog, say), matched to the nearest. */
static void pal_build(gifw *g, const mz_pic_opts *o)
{
    const uint32_t fixed[] = {o->bg, o->fg, o->route_rgb, o->entrance_rgb, o->exit_rgb, 0xE41A1Cu,
                              ANIM_UNVISITED, ANIM_IN, ANIM_MARK, PIC_CLOSED, PIC_ONCE, PIC_MORE,
                              PIC_UNREACHED, PIC_BLOCKED, PIC_HOUSE, PIC_TELEPORT_BG, PIC_DOT,
                              PIC_TELEPORT, 0xF0F0F0u, 0x000000u, 0xFFFFFFu};
    for (size_t k = 0; k < sizeof fixed / sizeof *fixed; k++)
        pal_add(g, fixed[k]);
    for (int r = 0; r < RAMP_COUNT; r++)
        for (int k = 0; k < RAMP_STEPS; k++)
            pal_add(g, pic_ramp(r, (double)k / (RAMP_STEPS - 1)));
    for (int k = 0; k < 64; k++) /* the legend's ramp bars */
        for (int r = 0; r < RAMP_COUNT; r++)
            pal_add(g, pic_ramp(r, k / 63.0));
    for (int r = 0; r < 5; r++)
        for (int gg = 0; gg < 5; gg++)
            for (int b = 0; b < 5; b++)
                pal_add(g, (uint32_t)(r * 255 / 4) << 16 | (uint32_t)(gg * 255 / 4) << 8 |
                               (uint32_t)(b * 255 / 4));
    while (g->npal < 256) { /* pad (the transparent slot included) */
        g->pal[g->npal].Red = g->pal[g->npal].Green = g->pal[g->npal].Blue = 0;
        g->npal++;
    }
}

static uint8_t pal_index(gifw *g, uint32_t c)
{
    uint32_t h = (c * 2654435761u) >> 20;
    for (uint32_t k = 0; k < NCACHE; k++) {
        uint32_t j = (h + k) & (NCACHE - 1);
        if (!g->cused[j])
            break;
        if (g->ckey[j] == c)
            return g->cval[j];
    }
    int best = 0;
    long bd = -1;
    for (int k = 0; k < TRANSPARENT; k++) {
        long dr = (long)((c >> 16) & 255) - g->pal[k].Red, dg = (long)((c >> 8) & 255) - g->pal[k].Green,
             db = (long)(c & 255) - g->pal[k].Blue, dd = dr * dr + dg * dg + db * db;
        if (bd < 0 || dd < bd) {
            bd = dd;
            best = k;
        }
    }
    for (uint32_t k = 0; k < NCACHE; k++) {
        uint32_t j = (h + k) & (NCACHE - 1);
        if (!g->cused[j]) {
            g->cused[j] = true;
            g->ckey[j] = c;
            g->cval[j] = (uint8_t)best;
            break;
        }
    }
    return (uint8_t)best;
}

static mz_status gif_open(gifw *g, int w, int h, const mz_pic_opts *o)
{
    int err = 0;
    g->w = w;
    g->h = h;
    g->first = true;
    g->prev = malloc((size_t)w * (size_t)h);
    g->cur = malloc((size_t)w * (size_t)h);
    if (!g->prev || !g->cur)
        return MZ_ENOMEM;
    pal_build(g, o);
    g->gif = EGifOpen(g, gif_out, &err);
    if (!g->gif)
        return MZ_ENOMEM;
    ColorMapObject *cm = GifMakeMapObject(256, g->pal);
    if (!cm)
        return MZ_ENOMEM;
    EGifSetGifVersion(g->gif, true);
    int rc = EGifPutScreenDesc(g->gif, w, h, 8, 0, cm);
    GifFreeMapObject(cm);
    if (rc != GIF_OK)
        return g->failed ? MZ_EIO : MZ_ENOMEM;
    /* Loop for ever (the NETSCAPE2.0 application block). */
    static const GifByteType loop[3] = {1, 0, 0};
    if (EGifPutExtensionLeader(g->gif, APPLICATION_EXT_FUNC_CODE) != GIF_OK ||
        EGifPutExtensionBlock(g->gif, 11, "NETSCAPE2.0") != GIF_OK ||
        EGifPutExtensionBlock(g->gif, 3, loop) != GIF_OK || EGifPutExtensionTrailer(g->gif) != GIF_OK)
        return MZ_EIO;
    return MZ_OK;
}

/* One frame: only the rectangle that changed, unchanged pixels inside it
 * transparent, drawn over the previous frame. */
static mz_status gif_frame(gifw *g, cairo_surface_t *img, unsigned delay_cs)
{
    cairo_surface_flush(img);
    const unsigned char *data = cairo_image_surface_get_data(img);
    int stride = cairo_image_surface_get_stride(img);
    int x0 = g->w, y0 = g->h, x1 = -1, y1 = -1;
    for (int y = 0; y < g->h; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        uint8_t *out = g->cur + (size_t)y * (size_t)g->w;
        for (int x = 0; x < g->w; x++) {
            out[x] = pal_index(g, row[x] & 0xFFFFFFu);
            if (g->first || out[x] != g->prev[(size_t)y * (size_t)g->w + (size_t)x]) {
                if (x < x0) x0 = x;
                if (x > x1) x1 = x;
                if (y < y0) y0 = y;
                if (y > y1) y1 = y;
            }
        }
    }
    if (x1 < 0) /* nothing changed: one transparent pixel keeps the timing */
        x0 = x1 = y0 = y1 = 0;
    GraphicsControlBlock gcb = {DISPOSE_DO_NOT, false, (int)delay_cs, g->first ? NO_TRANSPARENT_COLOR : TRANSPARENT};
    GifByteType ext[4];
    EGifGCBToExtension(&gcb, ext);
    if (EGifPutExtension(g->gif, GRAPHICS_EXT_FUNC_CODE, 4, ext) != GIF_OK ||
        EGifPutImageDesc(g->gif, x0, y0, x1 - x0 + 1, y1 - y0 + 1, false, NULL) != GIF_OK)
        return MZ_EIO;
    GifPixelType *line = malloc((size_t)(x1 - x0 + 1));
    if (!line)
        return MZ_ENOMEM;
    mz_status s = MZ_OK;
    for (int y = y0; y <= y1 && s == MZ_OK; y++) {
        for (int x = x0; x <= x1; x++) {
            size_t at = (size_t)y * (size_t)g->w + (size_t)x;
            line[x - x0] = !g->first && g->cur[at] == g->prev[at] ? TRANSPARENT : g->cur[at];
        }
        if (EGifPutLine(g->gif, line, x1 - x0 + 1) != GIF_OK)
            s = MZ_EIO;
    }
    free(line);
    uint8_t *t = g->prev;
    g->prev = g->cur;
    g->cur = t;
    g->first = false;
    return s;
}

static mz_status gif_close(gifw *g, mz_status s)
{
    int err = 0;
    if (g->gif && EGifCloseFile(g->gif, &err) != GIF_OK && s == MZ_OK)
        s = MZ_EIO;
    if (g->failed && s == MZ_OK)
        s = MZ_EIO;
    free(g->prev);
    free(g->cur);
    return s;
}

#endif /* MZ_HAVE_GIF */

/* ------------------------------------------------------------------ */
/* The animation                                                       */
/* ------------------------------------------------------------------ */

static mz_status record(const mz_spec *spec, uint32_t seed, uint64_t rows, uint64_t cols,
                        const mz_stage *solver, recbuf *rb, mz_grid *G, mz_solution *sol)
{
    mz_trace t = {rec_emit, rb, 0};
    mz_extra gx;
    memset(&gx, 0, sizeof gx);
    mz_status s = mz_generate(spec, seed, rows, cols, G, solver ? NULL : &t, &gx);
    if (s == MZ_OK && solver) {
        sol->want_path = true;
        s = solver->algo->solve(G, &solver->args, &t, sol);
    }
    if (rb->over)
        return MZ_ETOOBIG;
    if (rb->nomem)
        return MZ_ENOMEM;
    return s;
}

static mz_status replay_init(replay *r, const mz_grid *G, const recbuf *rb, const mz_stage *solver,
                             const mz_solution *sol)
{
    memset(r, 0, sizeof *r);
    r->G = G;
    r->solver = solver != NULL;
    r->head = r->flash = MZ_NONE;
    r->head_dir = r->flash_dir = -1;
    mz_status s = mz_grid_copy(&r->D, G);
    if (s != MZ_OK)
        return s;
    r->st = calloc(G->cells, 1);
    r->val = calloc(G->cells, 1);
    r->visits = calloc(G->cells, 1);
    r->path = malloc(G->cells * sizeof *r->path);
    r->fill = malloc(G->cells * sizeof *r->fill);
    if (!r->st || !r->val || !r->visits || !r->path || !r->fill)
        return MZ_ENOMEM;
    if (!r->solver) {
        for (uint64_t k = 0; k < rb->n && !r->structural; k++) {
            const opdef *od = op_find(rb->s[k].op, false);
            r->structural = od && od->fx != FX_MARK && od->fx != FX_CHECK;
        }
        if (r->structural) {
            /* Walls closed, nothing visited, no blocked cells or tiles. */
            for (uint64_t i = 0; i < G->cells; i++) {
                r->D.c[i] = MZ_WALLS;
                r->st[i] = ST_UNVISITED;
            }
            free(r->D.tiles);
            r->D.tiles = NULL;
        }
    } else {
        for (uint64_t k = 0; k < rb->n; k++)
            if (strcmp(rb->s[k].op, "excess") == 0 && rb->s[k].size > r->max_excess)
                r->max_excess = rb->s[k].size;
        if (strcmp(solver->algo->name, "flood") == 0) {
            mz_idx from = G->entrance;
            for (unsigned k = 0; k < solver->algo->nparams; k++)
                if (strcmp(solver->algo->params[k].name, "from") == 0)
                    from = mz_cell_resolve(G, solver->args.v[k]);
            const mz_value *far = mz_extra_get(&sol->extra, "farthest_cell");
            if ((s = rings_prepare(r, 0, from)) != MZ_OK)
                return s;
            if (far && far->i >= 0 && (s = rings_prepare(r, 1, (mz_idx)far->i)) != MZ_OK)
                return s;
        }
        bool walks = false;
        for (uint64_t k = 0; k < rb->n && !walks; k++)
            walks = strcmp(rb->s[k].op, "move") == 0 || strcmp(rb->s[k].op, "turn") == 0;
        if (walks && G->entrance < G->cells) { /* the walker starts there */
            r->visits[G->entrance] = 1;
            r->st[G->entrance] = ST_ONCE;
        }
    }
    return MZ_OK;
}

static void frame_scene(replay *r, pic_scene *sc, const mz_pic_opts *o, const pic_layout *L,
                        uint64_t done, uint64_t total, const char *what, bool last,
                        const mz_solution *sol)
{
    memset(sc, 0, sizeof *sc);
    sc->g = &r->D;
    sc->o = o;
    sc->L = *L;
    for (uint64_t i = 0; i < r->G->cells; i++)
        r->fill[i] = state_rgb(r, i);
    sc->fill = r->fill;
    sc->head = last ? MZ_NONE : r->head;
    sc->head_dir = r->head_dir;
    sc->flash = last ? MZ_NONE : r->flash;
    sc->flash_dir = r->flash_dir;
    sc->route_rgb = o->route_rgb;
    if (last && sol && sol->path_len) {
        sc->route = sol->path;
        sc->route_len = sol->path_len;
    }
    if (!o->legend)
        return;
    sc->nlegend = 2;
    sc->legend[0].kind = sc->legend[1].kind = LEG_TEXT;
    snprintf(sc->legend[0].text, sizeof sc->legend[0].text, "%s: step %llu of %llu", what,
             (unsigned long long)done, (unsigned long long)total);
    char *p = sc->legend[1].text;
    size_t left = sizeof sc->legend[1].text;
    for (unsigned k = 0; k < r->nlabels && left > 1; k++) {
        int n = snprintf(p, left, "%s%s %llu", k ? ", " : "", r->label[k],
                         (unsigned long long)r->count[k]);
        if (n < 0 || (size_t)n >= left)
            break;
        p += n;
        left -= (size_t)n;
    }
}

mz_status mz_anim_render(const mz_spec *spec, uint32_t seed, uint64_t rows, uint64_t cols,
                         const mz_stage *solver, const mz_pic_opts *o, const mz_anim_opts *a,
                         mz_pic_format f, mz_pic_write_fn write, void *user, uint64_t *frames)
{
    *frames = 0;
    if (f != MZ_PIC_GIF && f != MZ_PIC_PNG)
        return MZ_EINVAL;
#ifndef MZ_HAVE_GIF
    if (f == MZ_PIC_GIF)
        return MZ_EUNSUPPORTED;
#endif
    mz_pic_opts oo = *o;
    oo.antialias = false; /* exact colours: small GIFs, exact palettes */
    oo.overlays = 0;
    pic_layout L;
    unsigned legend_rows = o->legend ? 2 : 0;
    bool fixed = (spec->stage[0].algo->flags & MZ_F_FIXED_SIZE) != 0;
    mz_geom geo0 = mz_geom_ortho(rows, cols);
    mz_status s = fixed ? MZ_OK : pic_layout_make(&geo0, &oo, f == MZ_PIC_GIF ? MZ_PIC_GIF : MZ_PIC_PNG, legend_rows, &L);
    if (s != MZ_OK)
        return s;
    recbuf rb = {0};
    rb.max = a->max_steps ? a->max_steps : UINT64_C(1) << 24;
    mz_grid G;
    memset(&G, 0, sizeof G);
    mz_solution sol;
    memset(&sol, 0, sizeof sol);
    replay r;
    memset(&r, 0, sizeof r);
    cairo_surface_t *img = NULL;
#ifdef MZ_HAVE_GIF
    gifw gw;
    memset(&gw, 0, sizeof gw);
    gw.write = write;
    gw.user = user;
#endif
    s = record(spec, seed, rows, cols, solver, &rb, &G, &sol);
    mz_geom geoG = mz_grid_geom(&G);
    if (s == MZ_OK)
        s = pic_layout_make(&geoG, &oo, f == MZ_PIC_GIF ? MZ_PIC_GIF : MZ_PIC_PNG,
                            legend_rows, &L);
    if (s == MZ_OK)
        s = replay_init(&r, &G, &rb, solver, &sol);
    uint64_t stride = a->stride ? a->stride : (rb.n + 149) / 150;
    if (stride == 0)
        stride = 1;
    uint64_t nframes = 1 + (rb.n + stride - 1) / stride;
    char what[64];
    if (solver)
        snprintf(what, sizeof what, "%s", solver->algo->name);
    else
        mz_spec_format(spec, what, sizeof what);
    if (s == MZ_OK) {
        img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)L.width, (int)L.height);
        if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS)
            s = MZ_ENOMEM;
    }
#ifdef MZ_HAVE_GIF
    if (s == MZ_OK && f == MZ_PIC_GIF)
        s = gif_open(&gw, (int)L.width, (int)L.height, &oo);
#endif
    uint64_t duration = a->duration_ms ? a->duration_ms : 4000, forward = 0, k = 0;
    for (uint64_t fr = 0; s == MZ_OK && fr < nframes; fr++) {
        uint64_t upto = fr * stride < rb.n ? fr * stride : rb.n;
        for (; k < upto; k++) {
            apply(&r, &rb.s[k]);
            if (r.solver)
                walk_visits(&r, &rb.s[k], &forward);
        }
        bool last = fr + 1 == nframes;
        if (last && r.structural) {
            /* The finished maze, exactly. */
            memcpy(r.D.c, G.c, G.cells);
            for (uint64_t i = 0; i < G.cells; i++)
                if (G.c[i] & MZ_BLOCKED)
                    r.st[i] = ST_UNVISITED;
        }
        pic_scene sc;
        frame_scene(&r, &sc, &oo, &L, upto, rb.n, what, last, &sol);
        if (f == MZ_PIC_PNG) {
            s = pic_emit(&sc, MZ_PIC_PNG, write, user, fr);
        } else {
#ifdef MZ_HAVE_GIF
            cairo_t *cr = cairo_create(img);
            pic_draw(cr, &sc);
            cairo_status_t cs = cairo_status(cr);
            cairo_destroy(cr);
            /* Delays in 1/100 s, spread so they add up to the duration;
             * at least 2 (browsers slow shorter ones down). */
            unsigned delay;
            if (last) {
                delay = (unsigned)(a->hold_ms / 10);
            } else {
                uint64_t n = nframes - 1;
                delay = (unsigned)((fr + 1) * duration / 10 / n - fr * duration / 10 / n);
            }
            if (delay < 2)
                delay = 2;
            s = cs == CAIRO_STATUS_SUCCESS ? gif_frame(&gw, img, delay) : MZ_ENOMEM;
#endif
        }
        if (s == MZ_OK)
            *frames = fr + 1;
    }
#ifdef MZ_HAVE_GIF
    if (f == MZ_PIC_GIF)
        s = gif_close(&gw, s);
#endif
    if (img)
        cairo_surface_destroy(img);
    replay_free(&r);
    mz_solution_free(&sol);
    mz_grid_free(&G);
    free(rb.s);
    return s;
}

#endif /* MZ_HAVE_CAIRO */
