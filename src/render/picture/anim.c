/*
 * anim.c - trace animations: record an algorithm's steps, replay them on a
 * display grid, and draw every stride-th state through the one drawing
 * path (pic_draw) into an animated GIF (gif.c) or PNG frames.
 *
 * How a step is drawn is the registry's: each op of an entry's trace_ops
 * carries an mz_draw kind (mazebench.h says what each kind does); an op
 * that leaves it unset is drawn as a mark (tests/test_render.c allows none). A
 * step's dir is a port of its cell, so the replay runs on every shape.
 * Generators with no op that changes walls (pacman, recursive division)
 * replay on the finished map, marking each step's cell. Frame 0 is the
 * state before the first step, frame k the state after min(k * stride,
 * steps) steps; the last frame is the finished maze (and the solver's
 * route).
 */
#include "picture.h"
#include "../../mazebench_bench.h"
#include "../../core/lib.h"
#include "../../util/util.h"

#include <math.h>
#include <stdio.h>

/* A recorded step (rstep below): 32 bytes on a 64-bit machine. */
typedef struct rstep_size {
    const char *op;
    mz_idx cell;
    int dir;
    uint64_t size;
} rstep_size;

uint64_t mz_anim_trace_bytes(const mz_spec *spec, const mz_stage *solver, const mz_dims *geo,
                             const mz_anim_opts *a, uint64_t *steps)
{
    if (!spec || !geo) {
        if (steps)
            *steps = 0;
        return UINT64_MAX;
    }
    const mz_algo *algos[MZ_MAX_CHAIN];
    size_t n = 0;
    if (solver)
        algos[n++] = solver->algo;
    else
        for (unsigned k = 0; k < spec->n && k < MZ_MAX_CHAIN; k++)
            algos[n++] = spec->stage[k].algo;
    uint64_t bound = mz_trace_steps_bound(algos, n, geo);
    uint64_t max = a && a->max_steps ? a->max_steps : UINT64_C(1) << 24;
    if (bound > max)
        bound = max;
    if (steps)
        *steps = bound;
    /* rec_emit's buffer: 4096 steps, doubled when full; while it grows
     * the old block and the new one are both held. */
    uint64_t cap = 4096, peak = cap;
    while (cap < bound) {
        peak = cap + 2 * cap;
        cap *= 2;
    }
    if (peak > UINT64_MAX / sizeof(rstep_size))
        return UINT64_MAX;
    return peak * sizeof(rstep_size);
}

#ifndef MZ_HAVE_CAIRO

mz_status mz_anim_render(const mz_spec *spec, uint64_t seed, const mz_dims *geo,
                         const mz_stage *solver, const mz_pic_opts *o,
                         const mz_anim_opts *a, mz_pic_format f, mz_pic_write_fn write,
                         void *user, uint64_t *frames)
{
    (void)seed, (void)solver, (void)a, (void)f, (void)user;
    if (!frames)
        return MZ_EINVAL;
    *frames = 0;
    if (!spec || !geo || !o || !write)
        return MZ_EINVAL;
    return MZ_EUNSUPPORTED;
}

#else

#include <cairo.h>

/* ------------------------------------------------------------------ */
/* Recording                                                           */
/* ------------------------------------------------------------------ */

typedef struct rstep {
    const char *op; /* the algorithm's static string */
    mz_idx cell;
    int dir;
    uint64_t size;
} rstep;
_Static_assert(sizeof(rstep) == sizeof(rstep_size), "mz_anim_trace_bytes counts rstep");

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
/* Replay                                                              */
/* ------------------------------------------------------------------ */

/* Legend labels of the kinds that have one; the rest show the op's name. */
static const char *draw_label(mz_draw d, const char *op)
{
    switch (d) {
    case MZ_DRAW_ENTER: return "carve";
    case MZ_DRAW_DONE:
    case MZ_DRAW_UNPATH: return "backtrack";
    case MZ_DRAW_BACKOUT: return "back out";
    case MZ_DRAW_UNSET:
    case MZ_DRAW_MARK:
    case MZ_DRAW_VISIT:
    case MZ_DRAW_CARVE:
    case MZ_DRAW_MERGE:
    case MZ_DRAW_GROW:
    case MZ_DRAW_SPLICE:
    case MZ_DRAW_PATH:
    case MZ_DRAW_BRANCH:
    case MZ_DRAW_RESTART:
    case MZ_DRAW_RESET:
    case MZ_DRAW_WALL:
    case MZ_DRAW_CLOSE:
    case MZ_DRAW_FILL:
    case MZ_DRAW_WALK:
    case MZ_DRAW_EXCESS:
    case MZ_DRAW_RING:
    case MZ_DRAW_SWEEP:
    case MZ_DRAW_COUNT: break;
    }
    return op;
}

/* Does the kind change walls (a generator's replay then starts closed)? */
static bool draw_structural(mz_draw d)
{
    return d >= MZ_DRAW_ENTER && d <= MZ_DRAW_RESET;
}

/* Cell states on the display. */
enum { ST_PLAIN = 0, ST_UNVISITED, ST_IN, ST_MARK, ST_CLOSED, ST_ONCE, ST_MORE, ST_VALUE };

#define ANIM_UNVISITED 0x4A4A4Au
#define ANIM_IN 0xFDB863u
#define ANIM_MARK 0x80B1D3u

/* The kinds of the ops seen so far (ops are the algorithms' static
 * strings, so a pointer compare finds most). */
#define NKINDS 16

typedef struct replay {
    const mz_grid *G; /* the finished maze */
    mz_grid D;        /* what the frame shows */
    bool solver, structural;
    const mz_algo *algos[MZ_MAX_CHAIN + 1];
    unsigned nalgos;
    const char *kop[NKINDS];
    mz_draw kdraw[NKINDS];
    unsigned nk;
    uint8_t *st;      /* a state a cell */
    uint8_t *val;     /* ST_VALUE: ramp step; high bit: sweep ramp */
    uint8_t *visits;
    mz_idx *path;     /* generators: the path of PATH ops */
    uint64_t plen;
    uint32_t *fill;
    /* flood rings: cells by distance from the first and second source */
    uint32_t *dist[2];
    mz_idx *order[2];
    uint64_t *start[2];
    uint32_t maxd[2];
    uint64_t rings[2];
    uint64_t max_excess;
    uint64_t forward; /* a walker's forward count */
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

static mz_draw kind_of(replay *r, const char *op)
{
    for (unsigned k = 0; k < r->nk; k++)
        if (r->kop[k] == op)
            return r->kdraw[k];
    mz_draw d = MZ_DRAW_UNSET;
    for (unsigned k = 0; k < r->nalgos && d == MZ_DRAW_UNSET; k++) {
        const mz_trace_op *t = r->algos[k]->trace_ops;
        for (; t && t->op && d == MZ_DRAW_UNSET; t++)
            if (strcmp(t->op, op) == 0)
                d = pic_op_draw(r->algos[k], op);
    }
    if (d == MZ_DRAW_UNSET) /* no entry of the chain declares it */
        d = MZ_DRAW_MARK;
    if (r->nk < NKINDS) {
        r->kop[r->nk] = op;
        r->kdraw[r->nk++] = d;
    }
    return d;
}

static void knock_open(replay *r, mz_idx i, unsigned p)
{
    if (i < r->D.cells && mz_port_nbr(&r->D, i, p) != MZ_NONE)
        mz_port_knock(&r->D, i, p);
}

/* The cell a move through port p into i came from: the neighbour n of i
 * whose port p leads to i; MZ_NONE when there is none. */
static mz_idx came_from(const replay *r, mz_idx i, unsigned p)
{
    unsigned ports = mz_shape_ports(r->D.shape);
    for (unsigned q = 0; q < ports; q++) {
        mz_idx n = mz_port_nbr(&r->D, i, q);
        if (n != MZ_NONE && mz_port_nbr(&r->D, n, p) == i)
            return n;
    }
    return MZ_NONE;
}

static void enter(replay *r, mz_idx i, uint8_t state)
{
    if (i < r->G->cells)
        r->st[i] = state;
}

/* Open i toward every reached neighbour the finished maze opens it to. */
static void reveal(replay *r, mz_idx i, uint8_t state)
{
    unsigned ports = mz_shape_ports(r->G->shape);
    r->st[i] = state;
    for (unsigned p = 0; p < ports; p++) {
        mz_idx n = mz_port_nbr(r->G, i, p);
        if (n != MZ_NONE && !(r->G->c[i] & (1u << p)) && r->st[n] != ST_UNVISITED)
            knock_open(r, i, p);
    }
}

static void unreveal(replay *r, mz_idx i)
{
    unsigned ports = mz_shape_ports(r->D.shape);
    r->st[i] = ST_UNVISITED;
    for (unsigned p = 0; p < ports; p++) {
        mz_idx n = mz_port_nbr(&r->D, i, p);
        if (n != MZ_NONE && !(r->D.c[i] & (1u << p)))
            mz_port_close(&r->D, i, p);
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
    uint8_t v = (uint8_t)lround((double)k / r->maxd[which] * (PIC_RAMP_STEPS - 1));
    for (uint64_t j = r->start[which][k]; j < r->start[which][k + 1]; j++) {
        mz_idx i = r->order[which][j];
        r->st[i] = ST_VALUE;
        r->val[i] = (uint8_t)(v | (which ? 0x80 : 0));
    }
}

static void apply(replay *r, const rstep *s)
{
    mz_draw kind = kind_of(r, s->op);
    count_label(r, draw_label(kind, s->op));
    mz_idx i = s->cell;
    r->head = i;
    r->head_dir = -1;
    r->flash = MZ_NONE;
    if (i >= r->G->cells && kind != MZ_DRAW_RESET)
        return;
    int d = s->dir;
    unsigned p = d >= 0 ? (unsigned)d : 0;
    bool port = d >= 0 && p < mz_shape_ports(r->G->shape);
    switch (kind) {
    case MZ_DRAW_ENTER:
    case MZ_DRAW_GROW: {
        mz_idx from = port ? came_from(r, i, p) : MZ_NONE;
        if (from != MZ_NONE) {
            knock_open(r, from, p);
            if (kind == MZ_DRAW_ENTER)
                enter(r, from, ST_IN);
        }
        enter(r, i, kind == MZ_DRAW_ENTER ? ST_IN : ST_PLAIN);
        break;
    }
    case MZ_DRAW_DONE: enter(r, i, ST_PLAIN); break;
    case MZ_DRAW_CARVE:
        if (port)
            knock_open(r, i, p);
        enter(r, i, ST_PLAIN);
        break;
    case MZ_DRAW_MERGE:
        if (port) {
            enter(r, mz_port_nbr(&r->D, i, p), ST_PLAIN);
            knock_open(r, i, p);
        }
        enter(r, i, ST_PLAIN);
        break;
    case MZ_DRAW_WALL:
        r->flash = i;
        r->flash_dir = port ? d : -1;
        r->head = MZ_NONE;
        break;
    case MZ_DRAW_SPLICE:
        if (port)
            knock_open(r, i, p);
        enter(r, i, ST_MARK);
        break;
    case MZ_DRAW_PATH:
        reveal(r, i, ST_IN);
        r->path[r->plen++ % r->G->cells] = i;
        break;
    case MZ_DRAW_BACKOUT:
        while (r->plen > 0 && r->path[(r->plen - 1) % r->G->cells] != i)
            unreveal(r, r->path[--r->plen % r->G->cells]);
        break;
    case MZ_DRAW_UNPATH:
        if (r->plen > 0)
            r->plen--;
        unreveal(r, i);
        break;
    case MZ_DRAW_RESTART:
    case MZ_DRAW_RESET:
        r->plen = 0;
        for (uint64_t k = 0; k < r->G->cells; k++)
            if (r->st[k] != ST_UNVISITED)
                unreveal(r, k);
        if (kind == MZ_DRAW_RESTART && i < r->G->cells) {
            reveal(r, i, ST_IN);
            r->path[r->plen++] = i;
        } else {
            r->head = MZ_NONE;
        }
        break;
    case MZ_DRAW_BRANCH: reveal(r, i, ST_PLAIN); break;
    case MZ_DRAW_VISIT: break;
    case MZ_DRAW_CLOSE: enter(r, i, ST_CLOSED); break;
    case MZ_DRAW_FILL: enter(r, i, ST_UNVISITED); break;
    case MZ_DRAW_WALK:
        r->head_dir = d;
        /* a step that moved (the forward count grew) entered the cell */
        if (s->size > r->forward && r->visits[i] < 255) {
            r->visits[i]++;
            r->st[i] = r->visits[i] > 1 ? ST_MORE : ST_ONCE;
        }
        r->forward = s->size;
        break;
    case MZ_DRAW_EXCESS:
        r->st[i] = ST_VALUE;
        r->val[i] = r->max_excess
                        ? (uint8_t)(0x80 | lround(sqrt((double)s->size / r->max_excess) * (PIC_RAMP_STEPS - 1)))
                        : 0x80;
        break;
    case MZ_DRAW_RING: ring(r, 0); break;
    case MZ_DRAW_SWEEP: ring(r, 1); break;
    case MZ_DRAW_UNSET:
    case MZ_DRAW_MARK:
    case MZ_DRAW_COUNT: enter(r, i, ST_MARK); break;
    }
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
                        (double)(r->val[i] & 0x7F) / (PIC_RAMP_STEPS - 1));
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
/* The animation                                                       */
/* ------------------------------------------------------------------ */

static mz_status record(const mz_spec *spec, uint64_t seed, const mz_dims *geo,
                        const mz_stage *solver, recbuf *rb, mz_grid *G, mz_solution *sol)
{
    mz_trace t = {rec_emit, rb, 0};
    mz_extra gx;
    memset(&gx, 0, sizeof gx);
    mz_status s = mz_generate(spec, seed, geo, G, MZ_GEN_OPTS(1, solver ? NULL : &t, &gx));
    if (s == MZ_OK && solver) {
        sol->want_path = true;
        s = mz_solve(solver, G, &t, sol);
    }
    if (rb->over)
        return MZ_ETOOBIG;
    if (rb->nomem)
        return MZ_ENOMEM;
    return s;
}

static mz_status replay_init(replay *r, const mz_grid *G, const recbuf *rb, const mz_spec *spec,
                             const mz_stage *solver, const mz_solution *sol)
{
    memset(r, 0, sizeof *r);
    r->G = G;
    r->solver = solver != NULL;
    r->head = r->flash = MZ_NONE;
    r->head_dir = r->flash_dir = -1;
    if (solver) {
        r->algos[r->nalgos++] = solver->algo;
    } else {
        for (unsigned k = 0; k < spec->n && k < MZ_MAX_CHAIN; k++)
            r->algos[r->nalgos++] = spec->stage[k].algo;
    }
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
    bool walks = false, rings = false;
    for (uint64_t k = 0; k < rb->n; k++) {
        mz_draw d = kind_of(r, rb->s[k].op);
        r->structural |= !r->solver && draw_structural(d);
        walks |= d == MZ_DRAW_WALK;
        rings |= d == MZ_DRAW_RING || d == MZ_DRAW_SWEEP;
        if (d == MZ_DRAW_EXCESS && rb->s[k].size > r->max_excess)
            r->max_excess = rb->s[k].size;
    }
    if (r->structural) {
        /* Walls closed, nothing reached, no blocked cells or tiles. */
        uint8_t closed = mz_shape_walls(G->shape);
        for (uint64_t i = 0; i < G->cells; i++) {
            r->D.c[i] = closed;
            r->st[i] = ST_UNVISITED;
        }
        free(r->D.tiles);
        r->D.tiles = NULL;
    }
    if (r->solver && rings) {
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
    if (walks && G->entrance < G->cells) { /* the walker starts there */
        r->visits[G->entrance] = 1;
        r->st[G->entrance] = ST_ONCE;
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

/* The colours a frame may hold, for the GIF's palette. */
static size_t frame_colours(const mz_pic_opts *o, uint32_t *c)
{
    const uint32_t fixed[] = {o->bg, o->fg, o->route_rgb, o->entrance_rgb, o->exit_rgb, 0xE41A1Cu,
                              ANIM_UNVISITED, ANIM_IN, ANIM_MARK, PIC_CLOSED, PIC_ONCE, PIC_MORE,
                              PIC_UNREACHED, PIC_BLOCKED, PIC_HOUSE, PIC_TELEPORT_BG, PIC_DOT,
                              PIC_TELEPORT, 0xF0F0F0u, 0x000000u, 0xFFFFFFu};
    memcpy(c, fixed, sizeof fixed);
    return sizeof fixed / sizeof *fixed;
}

mz_status mz_anim_render(const mz_spec *spec, uint64_t seed, const mz_dims *geo,
                         const mz_stage *solver, const mz_pic_opts *o,
                         const mz_anim_opts *a, mz_pic_format f, mz_pic_write_fn write,
                         void *user, uint64_t *frames)
{
    static const mz_anim_opts defaults;
    if (!frames)
        return MZ_EINVAL;
    *frames = 0;
    if (!spec || !geo || !o || !write)
        return MZ_EINVAL;
    if (!a)
        a = &defaults;
    if (f != MZ_PIC_GIF && f != MZ_PIC_PNG)
        return MZ_EINVAL;
    if (f == MZ_PIC_GIF && !mz_pic_supported(MZ_PIC_GIF))
        return MZ_EUNSUPPORTED;
    mz_pic_opts oo = *o;
    oo.antialias = false; /* exact colours: small GIFs, exact palettes */
    oo.overlays = 0;
    pic_layout L;
    unsigned legend_rows = o->legend ? 2 : 0;
    mz_pic_format lf = f == MZ_PIC_GIF ? MZ_PIC_GIF : MZ_PIC_PNG;
    bool fixed = (spec->stage[0].algo->flags & MZ_F_FIXED_SIZE) != 0;
    mz_status s = fixed ? MZ_OK : pic_layout_make(geo, &oo, lf, legend_rows, &L);
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
    pic_gif *gw = NULL;
    s = record(spec, seed, geo, solver, &rb, &G, &sol);
    mz_dims geoG = mz_grid_dims(&G);
    if (s == MZ_OK)
        s = pic_layout_make(&geoG, &oo, lf, legend_rows, &L);
    if (s == MZ_OK)
        s = replay_init(&r, &G, &rb, spec, solver, &sol);
    uint64_t stride = a->stride ? a->stride : (rb.n + 149) / 150;
    if (stride == 0)
        stride = 1;
    uint64_t nframes = 1 + (rb.n + stride - 1) / stride;
    if (s == MZ_OK) {
        /* The whole animation's file, now that its frames are counted:
         * past the format's limit, nothing is drawn. */
        mz_pic_estimate e;
        if (mz_anim_estimate(&geoG, o, f, nframes, &e) == MZ_ETOOBIG) {
            s = MZ_ETOOBIG;
            *frames = nframes; /* the file's limit, not the trace's */
        }
    }
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
    if (s == MZ_OK && f == MZ_PIC_GIF) {
        uint32_t exact[32];
        size_t nexact = frame_colours(&oo, exact);
        s = pic_gif_open(&gw, (int)L.width, (int)L.height, exact, nexact, write, user);
    }
    uint64_t duration = a->duration_ms ? a->duration_ms : 4000, k = 0;
    for (uint64_t fr = 0; s == MZ_OK && fr < nframes; fr++) {
        uint64_t upto = fr * stride < rb.n ? fr * stride : rb.n;
        for (; k < upto; k++)
            apply(&r, &rb.s[k]);
        bool last = fr + 1 == nframes;
        if (last && r.structural) {
            /* The finished maze, exactly. */
            memcpy(r.D.c, G.c, G.cells);
            for (uint64_t i = 0; i < G.cells; i++)
                if (pic_blocked(&G, i))
                    r.st[i] = ST_UNVISITED;
        }
        pic_scene sc;
        frame_scene(&r, &sc, &oo, &L, upto, rb.n, what, last, &sol);
        if (f == MZ_PIC_PNG) {
            s = pic_emit(&sc, MZ_PIC_PNG, write, user, fr);
        } else {
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
            if (cs == CAIRO_STATUS_SUCCESS) {
                cairo_surface_flush(img);
                s = pic_gif_frame(gw, cairo_image_surface_get_data(img),
                                  (size_t)cairo_image_surface_get_stride(img), delay);
            } else {
                s = MZ_ENOMEM;
            }
        }
        if (s == MZ_OK)
            *frames = fr + 1;
    }
    if (gw)
        s = pic_gif_close(gw, s);
    if (img)
        cairo_surface_destroy(img);
    replay_free(&r);
    mz_solution_free(&sol);
    mz_grid_free(&G);
    free(rb.s);
    return s;
}

#endif /* MZ_HAVE_CAIRO */
