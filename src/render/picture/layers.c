/*
 * layers.c - what a picture shows, before any drawing: options, limits,
 * layout, the straight runs of walls, colour ramps, and the overlays
 * (route, heat, valley, closed, trail, tiles) turned into a pic_scene.
 * No cairo here: this file builds everywhere.
 *
 * Overlays that need a search run it here: the route, closed and trail
 * overlays run the chosen solver once with a trace sink that keeps, a
 * byte a cell, the cells its "close" steps closed and the cells its
 * forward moves entered; when that solver emits no such steps the
 * overlay runs its own default (astar for closed, wall for trail).
 */
#include "picture.h"
#include "../../core/lib.h"
#include "../../util/util.h"
#include "../hedge.h"

#include <math.h>
#include <stdio.h>

/* ------------------------------------------------------------------ */
/* Options                                                             */
/* ------------------------------------------------------------------ */

void mz_pic_defaults(mz_pic_opts *o)
{
    if (!o)
        return;
    memset(o, 0, sizeof *o);
    o->style = MZ_PIC_PLAIN;
    o->margin_px = -1;
    o->bg = PIC_BG;
    o->fg = PIC_FG;
    o->route_rgb = PIC_ROUTE;
    o->entrance_rgb = PIC_ENTRANCE;
    o->exit_rgb = PIC_EXIT;
    o->antialias = true;
    o->legend = true;
    o->marks = true;
    o->heat_from = MZ_NONE;
}

bool mz_pic_supported(mz_pic_format f)
{
#ifdef MZ_HAVE_CAIRO
    if (f != MZ_PIC_GIF)
        return true;
#ifdef MZ_HAVE_GIF
    return true;
#endif
#endif
    (void)f;
    return false;
}

const char *mz_pic_package(mz_pic_format f)
{
#ifdef MZ_HAVE_CAIRO
    if (f == MZ_PIC_GIF)
        return "libgif-dev";
#endif
    (void)f;
    return "libcairo2-dev";
}

static const char *const overlay_names[] = {"route", "heat", "valley", "closed", "trail", "tiles"};
#define NOVERLAYS (sizeof overlay_names / sizeof overlay_names[0])

const char *mz_pic_overlay_name(unsigned bit)
{
    for (unsigned k = 0; k < NOVERLAYS; k++)
        if (bit == 1u << k)
            return overlay_names[k];
    return NULL;
}

mz_status mz_pic_overlays_parse(const char *list, unsigned *bits, char *err, size_t errlen)
{
    if (!list || !bits) {
        if (err && errlen)
            snprintf(err, errlen, "no overlay list given");
        return MZ_EINVAL;
    }
    *bits = 0;
    const char *p = list;
    while (*p) {
        const char *e = strchr(p, ',');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        unsigned k;
        if (n == 3 && strncmp(p, "all", 3) == 0) {
            *bits |= MZ_OV_ALL;
        } else if (n == 4 && strncmp(p, "none", 4) == 0) {
            /* nothing */
        } else {
            for (k = 0; k < NOVERLAYS; k++)
                if (strlen(overlay_names[k]) == n && strncmp(p, overlay_names[k], n) == 0)
                    break;
            if (k == NOVERLAYS) {
                snprintf(err, errlen,
                         "unknown overlay '%.*s' (valid: route, heat, valley, closed, trail, "
                         "tiles, all, none)",
                         (int)(n > 40 ? 40 : n), p);
                return MZ_EPARAM;
            }
            *bits |= 1u << k;
        }
        p += n;
        if (*p == ',')
            p++;
    }
    return MZ_OK;
}

bool mz_pic_overlay_applies(unsigned bit, const mz_algo *gen)
{
    if (bit == MZ_OV_TILES)
        return gen && (gen->flags & MZ_F_BLOCKS);
    return mz_pic_overlay_name(bit) != NULL;
}

/* ------------------------------------------------------------------ */
/* Layout and limits                                                   */
/* ------------------------------------------------------------------ */

/* Limits, in canvas px (points for PDF) and cells. PNG: cairo's image
 * side limit and a 512 MiB pixel buffer. SVG and PDF: vector files grow
 * with the walls (about 20 bytes a run, a 3001 x 3001 perfect maze is
 * about 100 MB of SVG, which rsvg-convert still converts); 3072 x 3072
 * cells at most (docs/render.md). PDF pages stop at 14,400 pt a side (the
 * PDF 1.x limit). GIF frames: 4,096 px a side, the animation's cells 2^16. */
#define PNG_MAX_SIDE 32767.0
#define PNG_MAX_PIXELS 134217728.0 /* 2^27 */
#define VEC_MAX_CELLS 9437184.0    /* 3072 x 3072 */
#define PDF_MAX_SIDE 14400.0
#define GIF_MAX_SIDE 4096.0
#define GIF_MAX_CELLS 65536.0

static double auto_cell(const mz_dims *geo, const mz_pic_opts *o)
{
    if (o->style == MZ_PIC_HEDGE)
        return 9.0; /* the board's */
    uint64_t n = pic_shape_span(geo);
    double c = floor(1000.0 / (double)n);
    return c < 2 ? 2 : c > 16 ? 16 : c;
}

mz_status pic_layout_make(const mz_dims *geo_in, const mz_pic_opts *o, mz_pic_format f,
                          unsigned legend_rows, pic_layout *L)
{
    mz_dims geo = *geo_in;
    if (!(o->cell_px >= 0) || !(o->wall_px >= 0) || o->cell_px > 1000 || o->wall_px > 1000 ||
        o->margin_px > 10000 || geo.shape >= MZ_SHAPE_COUNT || geo.rows == 0 ||
        (geo.shape != MZ_SHAPE_POLAR && geo.cols == 0) || (geo.shape == MZ_SHAPE_CUBE && geo.levels == 0))
        return MZ_EINVAL;
    if (mz_dims_cells(&geo) == 0)
        return MZ_ETOOBIG;
    if (geo.shape != MZ_SHAPE_ORTHO && o->style == MZ_PIC_HEDGE)
        return MZ_EUNSUPPORTED; /* board 09's garden is square */
    double cells = (double)mz_dims_cells(&geo);
    if ((f == MZ_PIC_SVG || f == MZ_PIC_PDF) && cells > VEC_MAX_CELLS)
        return MZ_ETOOBIG;
    if (f == MZ_PIC_GIF && cells > GIF_MAX_CELLS)
        return MZ_ETOOBIG;
    memset(L, 0, sizeof *L);
    L->cell = o->cell_px > 0 ? o->cell_px : auto_cell(&geo, o);
    L->scale = L->cell / 9.0;
    double bw, bh;
    pic_shape_box(&geo, L->cell, &bw, &bh);
    double legend_h = legend_rows ? legend_rows * PIC_LEGEND_ROW * (o->style == MZ_PIC_HEDGE ? L->scale : 1) + 8 : 0;
    if (o->style == MZ_PIC_HEDGE) {
        /* Board 09: the board centred on a 480 x 300 canvas (at 9 px cells),
         * wider or taller boards get one cell of border. */
        L->wall = o->wall_px > 0 ? o->wall_px : 3.0 * L->scale;
        L->width = bw + 2 * L->cell > 480 * L->scale ? bw + 2 * L->cell : 480 * L->scale;
        L->height = bh + 2 * L->cell > 300 * L->scale ? bh + 2 * L->cell : 300 * L->scale;
        L->ox = (L->width - bw) / 2;
        L->oy = (L->height - bh) / 2;
        L->margin = L->ox;
        L->legend_y = L->height;
        L->height += legend_h;
        if (legend_rows && L->width < 260 * L->scale)
            L->width = 260 * L->scale;
    } else {
        L->wall = o->wall_px > 0 ? o->wall_px : (L->cell >= 12 ? round(L->cell / 8) : 1);
        L->margin = o->margin_px >= 0 ? o->margin_px : ceil(L->cell / 2 + L->wall) < 4 ? 4 : ceil(L->cell / 2 + L->wall);
        /* Odd wall widths sit on half pixels, so lines are crisp. */
        double half = fmod(L->wall, 2.0) == 1.0 ? 0.5 : 0.0;
        L->ox = L->margin + half;
        L->oy = L->margin + half;
        L->width = ceil(2 * L->margin + bw);
        L->height = ceil(2 * L->margin + bh);
        L->legend_y = L->height - L->margin / 2;
        L->height += legend_h;
        if (legend_rows && L->width < 240)
            L->width = 240;
    }
    L->width = ceil(L->width);
    L->height = ceil(L->height);
    switch (f) {
    case MZ_PIC_PNG:
        if (L->width > PNG_MAX_SIDE || L->height > PNG_MAX_SIDE ||
            L->width * L->height > PNG_MAX_PIXELS)
            return MZ_ETOOBIG;
        break;
    case MZ_PIC_PDF:
        if (L->width > PDF_MAX_SIDE || L->height > PDF_MAX_SIDE)
            return MZ_ETOOBIG;
        break;
    case MZ_PIC_GIF:
        if (L->width > GIF_MAX_SIDE || L->height > GIF_MAX_SIDE)
            return MZ_ETOOBIG;
        break;
    case MZ_PIC_SVG:
        break;
    }
    return MZ_OK;
}

/* Legend lines an overlay set needs (ramps take two). */
static unsigned legend_rows_for(unsigned ov, const mz_pic_opts *o)
{
    if (!o->legend)
        return 0;
    unsigned n = 0;
    if (ov & MZ_OV_ROUTE) n += 1;
    if (ov & MZ_OV_HEAT) n += 2;
    if (ov & MZ_OV_VALLEY) n += 2;
    if (ov & MZ_OV_CLOSED) n += 1;
    if (ov & MZ_OV_TRAIL) n += 2;
    if (ov & MZ_OV_TILES) n += 3;
    return n;
}

static mz_status estimate(const mz_dims *geo_in, const mz_pic_opts *o, mz_pic_format f,
                          unsigned legend_rows, uint64_t frames, bool anim, mz_pic_estimate *e);

mz_status mz_pic_size(const mz_dims *geo, const mz_pic_opts *o, mz_pic_format f,
                      uint64_t *width, uint64_t *height)
{
    if (!geo || !o || !width || !height)
        return MZ_EINVAL;
    /* The size, and a file within the format's limit. */
    mz_pic_estimate e;
    mz_status s = estimate(geo, o, f, legend_rows_for(o->overlays, o), 0, false, &e);
    if (s != MZ_OK)
        return s;
    *width = e.width;
    *height = e.height;
    return MZ_OK;
}

/* ------------------------------------------------------------------ */
/* Estimates: how large the file and the memory, before any drawing    */
/* ------------------------------------------------------------------ */

/* File bytes a cell, per shape, at or above what was measured on dfs and
 * kruskal mazes at two sizes (docs/render.md, "How large a picture is"):
 * plain (walls, marks, legend) and what overlays add on top (fills, the
 * route). Polar arcs are chords, so polar files grow with the angle steps
 * of every ring (rings x pic_shape_steps) rather than with its cells. */

/* File limits (docs/render.md): what rsvg-convert, PDF viewers and GIF
 * players still open in reasonable time and memory. */
#define MZ_PIC_SVG_MAX_BYTES (UINT64_C(128) << 20)
#define MZ_PIC_PDF_MAX_BYTES (UINT64_C(128) << 20)
#define MZ_PIC_GIF_MAX_BYTES (UINT64_C(64) << 20)

#define EST_SVG_BASE 65536.0
#define EST_PDF_BASE 65536.0
#define EST_SVG_LEGEND 131072.0 /* the overlays' legend lines, glyphs as paths */
#define EST_PDF_LEGEND 32768.0
#define EST_PNG_BASE 4096.0
#define EST_GIF_BASE 4096.0
#define EST_GIF_FRAME 64.0 /* a frame's own blocks */
#define EST_GIF_FIRST 0.5  /* bytes a pixel of the first frame, drawn whole */
#define EST_SVG_ORTHO_RECTS 200.0
#define EST_PDF_ORTHO_RECTS 40.0
#define EST_MEM_BASE (32.0 * 1048576.0)
#define EST_MEM_OVERLAYS 48.0
#define EST_MEM_REPLAY 64.0
#define EST_MEM_SVG 2.5
#define EST_MEM_PDF 5.0

int pic_estimate_missing(void)
{
    for (unsigned k = 0; k < MZ_SHAPE_COUNT; k++)
    {
        const pic_est *e = pic_shape_est((mz_shape)k);
        if (!e || !(e->svg.plain > 0) || !(e->svg.overlays > 0) || !(e->pdf.plain > 0) ||
            !(e->pdf.overlays > 0) || !(e->png[0] > 0) || !(e->png[1] > 0) || !(e->gif > 0))
            return (int)k;
    }
    return -1;
}

/* Square cells fill up to 2^16 cells as rectangles (draw.c), more as one
 * image of a pixel a cell. */
#define EST_FILL_RECTS 65536.0

static double est_file(const mz_dims *geo, const mz_pic_opts *o, mz_pic_format f,
                       const pic_layout *L, double cells)
{
    bool ov = o->overlays != 0 || o->style == MZ_PIC_HEDGE;
    double px = L->width * L->height;
    unsigned sh = geo->shape < MZ_SHAPE_COUNT ? geo->shape : 0;
    switch (f) {
    case MZ_PIC_PNG:
        return EST_PNG_BASE + px * pic_shape_est((mz_shape)sh)->png[ov];
    case MZ_PIC_GIF: /* the first frame, whole */
        return EST_GIF_BASE + px * EST_GIF_FIRST;
    case MZ_PIC_SVG:
    case MZ_PIC_PDF: {
        const pic_est *e = pic_shape_est((mz_shape)sh);
        const pic_est_rate *r = f == MZ_PIC_SVG ? &e->svg : &e->pdf;
        double b = (f == MZ_PIC_SVG ? EST_SVG_BASE : EST_PDF_BASE) + cells * r->plain;
        if (ov) {
            b += f == MZ_PIC_SVG ? EST_SVG_LEGEND : EST_PDF_LEGEND;
            double fill = r->overlays;
            if (sh == MZ_SHAPE_ORTHO && cells <= EST_FILL_RECTS)
                fill = f == MZ_PIC_SVG ? EST_SVG_ORTHO_RECTS : EST_PDF_ORTHO_RECTS;
            b += cells * fill;
        }
        if (sh == MZ_SHAPE_POLAR) {
            double steps = (double)geo->rows * (double)pic_shape_steps(geo, L->cell);
            b += steps * (r->step_plain + (ov ? r->step_overlays : 0));
        }
        return b;
    }
    }
    return 0;
}

/* Memory beyond the maze: the overlays' arrays (a fill colour, a route,
 * the solvers' distances and marks), and the canvas: 4 bytes a pixel for
 * PNG and GIF, the document for SVG and PDF (cairo keeps it until the end:
 * measured peaks of about twice the SVG and four times the PDF), and the
 * libraries themselves. */
static double est_memory(const mz_pic_opts *o, mz_pic_format f, const pic_layout *L, double cells,
                         double file)
{
    double m = EST_MEM_BASE;
    if (o->overlays || o->style == MZ_PIC_HEDGE)
        m += cells * EST_MEM_OVERLAYS;
    double px = L->width * L->height;
    switch (f) {
    case MZ_PIC_PNG: m += px * 4 + L->width * 3; break;
    case MZ_PIC_GIF: m += px * 4 + px * 2; break;
    case MZ_PIC_SVG: m += file * EST_MEM_SVG; break;
    case MZ_PIC_PDF: m += file * EST_MEM_PDF; break;
    }
    return m;
}

static uint64_t est_u64(double v)
{
    return v >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)ceil(v);
}

static uint64_t est_limit(mz_pic_format f)
{
    switch (f) {
    case MZ_PIC_SVG: return MZ_PIC_SVG_MAX_BYTES;
    case MZ_PIC_PDF: return MZ_PIC_PDF_MAX_BYTES;
    case MZ_PIC_GIF: return MZ_PIC_GIF_MAX_BYTES;
    case MZ_PIC_PNG: return 0;
    }
    return 0;
}

static mz_status estimate(const mz_dims *geo_in, const mz_pic_opts *o, mz_pic_format f,
                          unsigned legend_rows, uint64_t frames, bool anim, mz_pic_estimate *e)
{
    memset(e, 0, sizeof *e);
    mz_dims geo = *geo_in;
    pic_layout L;
    memset(&L, 0, sizeof L);
    mz_status s = pic_layout_make(&geo, o, f, legend_rows, &L);
    if (s != MZ_OK && s != MZ_ETOOBIG)
        return s;
    double cells = (double)mz_dims_cells(&geo);
    e->limit_bytes = est_limit(f);
    if (s == MZ_ETOOBIG && L.width == 0)
        return s; /* refused before its size was known */
    e->width = (uint64_t)L.width;
    e->height = (uint64_t)L.height;
    double one = est_file(&geo, o, f, &L, cells);
    double file = one;
    if (anim) {
        /* Frames after the first store what changed (GIF), or are whole
         * PNGs; an unknown count (a stride given) counts one. */
        double n = frames ? (double)frames : 1;
        unsigned sh = geo.shape < MZ_SHAPE_COUNT ? geo.shape : 0;
        file = f == MZ_PIC_GIF ? one + n * (EST_GIF_FRAME + L.width * L.height * pic_shape_est((mz_shape)sh)->gif)
                               : n * one;
        e->frames = frames;
    }
    e->file_bytes = est_u64(file);
    double mem = est_memory(o, f, &L, cells, one);
    if (anim)
        mem += cells * EST_MEM_REPLAY;
    e->memory_bytes = est_u64(mem);
    if (s == MZ_OK && e->limit_bytes && e->file_bytes > e->limit_bytes)
        s = MZ_ETOOBIG;
    return s;
}

mz_status mz_pic_still_estimate(const mz_dims *geo, const mz_pic_opts *o, mz_pic_format f,
                                mz_pic_estimate *e)
{
    if (!geo || !o || !e || f == MZ_PIC_GIF)
        return MZ_EINVAL;
    return estimate(geo, o, f, legend_rows_for(o->overlays, o), 0, false, e);
}

mz_status mz_anim_estimate(const mz_dims *geo, const mz_pic_opts *o, mz_pic_format f,
                           uint64_t frames, mz_pic_estimate *e)
{
    if (!geo || !o || !e || (f != MZ_PIC_GIF && f != MZ_PIC_PNG))
        return MZ_EINVAL;
    mz_pic_opts oo = *o;
    oo.antialias = false;
    oo.overlays = 0;
    return estimate(geo, &oo, f, o->legend ? 2 : 0, frames, true, e);
}

unsigned mz_pic_overlays_for(mz_shape shape)
{
    return shape == MZ_SHAPE_ORTHO ? MZ_OV_ALL
                                   : MZ_OV_ROUTE | MZ_OV_HEAT | MZ_OV_VALLEY | MZ_OV_CLOSED;
}

uint64_t mz_pic_max_side(const mz_pic_opts *o, mz_pic_format f)
{
    if (!o)
        return 0;
    uint64_t lo = 0, hi = UINT64_C(1) << 20, w, h;
    while (lo < hi) {
        uint64_t mid = (lo + hi + 1) / 2;
        if (mz_pic_size(MZ_SQUARE(mid, mid), o, f, &w, &h) == MZ_OK)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* ------------------------------------------------------------------ */
/* Walls as straight runs                                              */
/* ------------------------------------------------------------------ */

static inline bool blocked(const mz_grid *g, uint64_t r, uint64_t c)
{
    return (g->c[r * g->cols + c] & MZ_BLOCKED) != 0;
}

/* The horizontal wall on row line y (0..rows) above column x. */
static inline bool h_wall(const mz_grid *g, uint64_t y, uint64_t x)
{
    bool above = y > 0 && !blocked(g, y - 1, x), below = y < g->rows && !blocked(g, y, x);
    if (!above && !below)
        return false;
    return y < g->rows ? !mz_sq_is_open(g, y * g->cols + x, MZ_N)
                       : !mz_sq_is_open(g, (y - 1) * g->cols + x, MZ_S);
}

/* The vertical wall on column line x (0..cols) beside row y. */
static inline bool v_wall(const mz_grid *g, uint64_t x, uint64_t y)
{
    bool left = x > 0 && !blocked(g, y, x - 1), right = x < g->cols && !blocked(g, y, x);
    if (!left && !right)
        return false;
    return x < g->cols ? !mz_sq_is_open(g, y * g->cols + x, MZ_W)
                       : !mz_sq_is_open(g, y * g->cols + x - 1, MZ_E);
}

uint64_t pic_wall_runs(const mz_grid *g, void (*fn)(void *, uint64_t, uint64_t, uint64_t, uint64_t),
                       void *user)
{
    uint64_t n = 0;
    for (uint64_t y = 0; y <= g->rows; y++) {
        for (uint64_t x = 0; x < g->cols;) {
            if (!h_wall(g, y, x)) {
                x++;
                continue;
            }
            uint64_t x0 = x;
            while (x < g->cols && h_wall(g, y, x))
                x++;
            n++;
            if (fn)
                fn(user, x0, y, x, y);
        }
    }
    for (uint64_t x = 0; x <= g->cols; x++) {
        for (uint64_t y = 0; y < g->rows;) {
            if (!v_wall(g, x, y)) {
                y++;
                continue;
            }
            uint64_t y0 = y;
            while (y < g->rows && v_wall(g, x, y))
                y++;
            n++;
            if (fn)
                fn(user, x, y0, x, y);
        }
    }
    return n;
}

/* ------------------------------------------------------------------ */
/* Colour ramps                                                        */
/* ------------------------------------------------------------------ */

/* heat: viridis (dark purple near the source, yellow far away);
 * valley: dark blue (excess 0, the valley floor) to nearly white. */
static const uint32_t ramps[RAMP_COUNT][9] = {
    {0x440154, 0x472D7B, 0x3B528B, 0x2C728E, 0x21918C, 0x28AE80, 0x5EC962, 0xADDC30, 0xFDE725},
    {0x08306B, 0x08519C, 0x2171B5, 0x4292C6, 0x6BAED6, 0x9ECAE1, 0xC6DBEF, 0xDEEBF7, 0xF7FBFF},
};

uint32_t pic_ramp(int ramp, double t)
{
    if (!(t > 0))
        t = 0;
    if (t > 1)
        t = 1;
    double x = t * 8;
    int k = (int)x;
    if (k >= 8)
        return ramps[ramp][8];
    double u = x - k;
    uint32_t a = ramps[ramp][k], b = ramps[ramp][k + 1], out = 0;
    for (int sh = 16; sh >= 0; sh -= 8) {
        double ca = (a >> sh) & 255, cb = (b >> sh) & 255;
        out |= (uint32_t)lround(ca + (cb - ca) * u) << sh;
    }
    return out;
}

/* ------------------------------------------------------------------ */
/* Overlays into a scene                                               */
/* ------------------------------------------------------------------ */

/* ------------------------------------------------------------------ */
/* How trace ops are drawn                                             */
/* ------------------------------------------------------------------ */

/* The draw kind an entry declares for op (mz_trace_op.draw; every op
 * declares one, tests/test_render.c checks it); MZ_DRAW_MARK for an op the
 * entry does not declare at all (an emitted op is always declared:
 * tests/test_registry_data.c). */
mz_draw pic_op_draw(const mz_algo *a, const char *op)
{
    if (a && a->trace_ops)
        for (const mz_trace_op *t = a->trace_ops; t->op; t++)
            if ((t->op == op || strcmp(t->op, op) == 0) && t->draw != MZ_DRAW_UNSET)
                return t->draw;
    return MZ_DRAW_MARK;
}

/* What a solver's trace says, a byte a cell. */
typedef struct sink {
    const mz_algo *algo;
    uint8_t *closed, *visits;
    uint64_t nclosed, forward;
    bool closes, moves;
} sink;

static int sink_emit(void *user, const mz_step *s)
{
    sink *k = user;
    mz_draw d = pic_op_draw(k->algo, s->op);
    if (d == MZ_DRAW_CLOSE) {
        k->closes = true;
        if (k->closed && !k->closed[s->cell]) {
            k->closed[s->cell] = 1;
            k->nclosed++;
        }
    } else if (d == MZ_DRAW_WALK) {
        k->moves = true;
        /* A step that moved (the forward count grew) entered s->cell. */
        if (k->visits && s->size > k->forward && k->visits[s->cell] < 255)
            k->visits[s->cell]++;
        k->forward = s->size;
    }
    return 0;
}

static mz_status run_solver(const mz_grid *g, const mz_stage *st, sink *k, mz_solution *sol)
{
    mz_trace t = {sink_emit, k, 0};
    if (!mz_runs_on(st->algo, g->shape))
        return MZ_EUNSUPPORTED;
    k->algo = st->algo;
    k->forward = 0;
    if (k->visits && g->entrance < g->cells)
        k->visits[g->entrance] = 1;
    return mz_solve(st, g, &t, sol);
}

static mz_status default_stage(const char *name, mz_stage *st)
{
    st->algo = mz_find(MZ_SOLVER, name);
    if (!st->algo)
        return MZ_ENOTFOUND;
    mz_args_default(st->algo, &st->args);
    return MZ_OK;
}

void pic_store_free(pic_store *st)
{
    free(st->fill);
    free(st->route);
    free(st->answer);
    memset(st, 0, sizeof *st);
}

static void legend_add(pic_scene *s, int kind, uint32_t rgb, int ramp, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

#include <stdarg.h>
static void legend_add(pic_scene *s, int kind, uint32_t rgb, int ramp, const char *fmt, ...)
{
    if (!s->o->legend || s->nlegend == PIC_MAX_LEGEND)
        return;
    pic_legend_item *it = &s->legend[s->nlegend++];
    it->kind = kind;
    it->rgb = rgb;
    it->ramp = ramp;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(it->text, sizeof it->text, fmt, ap);
    va_end(ap);
}

/* Two BFS distance fields' worth of work for heat and valley. */
static mz_status fill_heat(const mz_grid *g, mz_idx from, uint32_t *fill, pic_scene *s)
{
    uint32_t *d = malloc(g->cells * sizeof *d);
    if (!d)
        return MZ_ENOMEM;
    mz_status st = mz_bfs_dist32(g, from, d);
    if (st != MZ_OK) {
        free(d);
        return st;
    }
    uint32_t max = 0;
    for (uint64_t i = 0; i < g->cells; i++)
        if (d[i] != UINT32_MAX && d[i] > max)
            max = d[i];
    for (uint64_t i = 0; i < g->cells; i++)
        if (!pic_blocked(g, i))
            fill[i] = d[i] == UINT32_MAX ? PIC_UNREACHED : pic_ramp(RAMP_HEAT, max ? (double)d[i] / max : 0);
    free(d);
    legend_add(s, LEG_RAMP, 0, RAMP_HEAT, "steps from cell %llu: 0 .. %lu", (unsigned long long)from,
               (unsigned long)max);
    return MZ_OK;
}

static mz_status fill_valley(const mz_grid *g, uint32_t *fill, pic_scene *s)
{
    uint32_t *ds = malloc(g->cells * sizeof *ds), *dg = malloc(g->cells * sizeof *dg);
    mz_status st = ds && dg ? MZ_OK : MZ_ENOMEM;
    if (st == MZ_OK)
        st = mz_bfs_dist32(g, g->entrance, ds);
    if (st == MZ_OK)
        st = mz_bfs_dist32(g, g->exit, dg);
    if (st == MZ_OK) {
        uint32_t shortest = ds[g->exit], max = 0;
        uint64_t floor_cells = 0;
        for (uint64_t i = 0; i < g->cells && shortest != UINT32_MAX; i++) {
            if (ds[i] == UINT32_MAX)
                continue;
            uint32_t ex = ds[i] + dg[i] - shortest;
            dg[i] = ex;
            if (ex > max)
                max = ex;
            floor_cells += ex == 0;
        }
        for (uint64_t i = 0; i < g->cells; i++) {
            if (pic_blocked(g, i))
                continue;
            fill[i] = shortest == UINT32_MAX || ds[i] == UINT32_MAX
                          ? PIC_UNREACHED
                          : pic_ramp(RAMP_VALLEY, max ? sqrt((double)dg[i] / max) : 0);
        }
        legend_add(s, LEG_RAMP, 0, RAMP_VALLEY, "detour excess 0 (%llu cells, the floor) .. %lu",
                   (unsigned long long)floor_cells, (unsigned long)max);
    }
    free(ds);
    free(dg);
    return st;
}

static const char tile_names[][10] = {"wall", "empty", "dot", "pill", "teleport", "house"};

mz_status pic_scene_build(const mz_grid *g, const mz_pic_opts *o, mz_pic_format f, pic_scene *s,
                          pic_store *store)
{
    memset(s, 0, sizeof *s);
    memset(store, 0, sizeof *store);
    s->g = g;
    s->o = o;
    s->head = MZ_NONE;
    s->head_dir = -1;
    s->flash = MZ_NONE;
    s->flash_dir = -1;
    s->route_rgb = o->route_rgb;
    unsigned ov = o->overlays;
    mz_dims geo = mz_grid_dims(g);
    mz_status st = pic_layout_make(&geo, o, f, legend_rows_for(ov, o), &s->L);
    if (st != MZ_OK)
        return st;
    if (o->style == MZ_PIC_HEDGE) {
        st = mz_hedge_path(g, &store->answer, &store->answer_len);
        if (st != MZ_OK)
            return st;
        s->answer = store->answer;
        s->answer_len = store->answer_len;
    }
    bool need_fill = ov & (MZ_OV_HEAT | MZ_OV_VALLEY | MZ_OV_CLOSED | MZ_OV_TRAIL | MZ_OV_TILES);
    if (need_fill) {
        store->fill = malloc(g->cells * sizeof *store->fill);
        if (!store->fill)
            return MZ_ENOMEM;
        for (uint64_t i = 0; i < g->cells; i++)
            store->fill[i] = PIC_NOFILL;
        s->fill = store->fill;
    }
    /* Fills go in this order; where two overlap, the later one shows. */
    if (ov & MZ_OV_HEAT) {
        mz_idx from = o->heat_from == MZ_NONE ? g->entrance : o->heat_from;
        if (from >= g->cells)
            return MZ_EINVAL;
        if ((st = fill_heat(g, from, store->fill, s)) != MZ_OK)
            return st;
    }
    if ((ov & MZ_OV_VALLEY) && (st = fill_valley(g, store->fill, s)) != MZ_OK)
        return st;

    if (ov & (MZ_OV_ROUTE | MZ_OV_CLOSED | MZ_OV_TRAIL)) {
        sink k = {0};
        if (ov & MZ_OV_CLOSED)
            k.closed = calloc(g->cells, 1);
        if (ov & MZ_OV_TRAIL)
            k.visits = calloc(g->cells, 1);
        if (((ov & MZ_OV_CLOSED) && !k.closed) || ((ov & MZ_OV_TRAIL) && !k.visits)) {
            free(k.closed);
            free(k.visits);
            return MZ_ENOMEM;
        }
        mz_stage main_st, def;
        if (o->solver)
            main_st = *o->solver;
        else
            st = default_stage("bfs", &main_st);
        mz_solution sol;
        memset(&sol, 0, sizeof sol);
        sol.want_path = (ov & MZ_OV_ROUTE) != 0;
        if (st == MZ_OK)
            st = run_solver(g, &main_st, &k, &sol);
        if (st == MZ_OK && (ov & MZ_OV_ROUTE)) {
            if (!(main_st.algo->flags & MZ_F_PATH) || (sol.path_len == 0 && sol.found)) {
                /* a solver that gives figures only (flood: no MZ_F_PATH),
                 * or none from its start (pledge from another cell) */
                st = MZ_EUNSUPPORTED;
            } else {
                /* A copy: the solution's memory is the library's to free. */
                if (sol.path_len) {
                    store->route = malloc(sol.path_len * sizeof *store->route);
                    if (!store->route)
                        st = MZ_ENOMEM;
                    else
                        memcpy(store->route, sol.path, sol.path_len * sizeof *store->route);
                }
                store->route_len = store->route ? sol.path_len : 0;
                s->route = store->route;
                s->route_len = store->route_len;
                if (sol.found)
                    legend_add(s, LEG_LINE, o->route_rgb, 0, "route (%s): %lld steps",
                               main_st.algo->name, (long long)sol.path_steps);
                else
                    legend_add(s, LEG_LINE, o->route_rgb, 0, "%s: no route", main_st.algo->name);
            }
        }
        mz_solution_free(&sol);
        if (st == MZ_OK && (ov & MZ_OV_CLOSED)) {
            const char *who = main_st.algo->name;
            if (!k.closes) {
                if ((st = default_stage("astar", &def)) == MZ_OK) {
                    memset(&sol, 0, sizeof sol);
                    st = run_solver(g, &def, &k, &sol);
                    mz_solution_free(&sol);
                    who = "astar";
                }
            }
            for (uint64_t i = 0; st == MZ_OK && i < g->cells; i++)
                if (k.closed[i])
                    store->fill[i] = PIC_CLOSED;
            legend_add(s, LEG_SWATCH, PIC_CLOSED, 0, "closed by %s: %llu cells", who,
                       (unsigned long long)k.nclosed);
        }
        if (st == MZ_OK && (ov & MZ_OV_TRAIL)) {
            if (!k.moves) {
                memset(k.visits, 0, g->cells);
                if ((st = default_stage("wall", &def)) == MZ_OK) {
                    memset(&sol, 0, sizeof sol);
                    st = run_solver(g, &def, &k, &sol);
                    mz_solution_free(&sol);
                }
            }
            uint64_t once = 0, more = 0;
            for (uint64_t i = 0; st == MZ_OK && i < g->cells; i++) {
                if (k.visits[i] == 1) {
                    store->fill[i] = PIC_ONCE;
                    once++;
                } else if (k.visits[i] > 1) {
                    store->fill[i] = PIC_MORE;
                    more++;
                }
            }
            legend_add(s, LEG_SWATCH, PIC_ONCE, 0, "wall follower entered once: %llu cells",
                       (unsigned long long)once);
            legend_add(s, LEG_SWATCH, PIC_MORE, 0, "entered more than once: %llu cells",
                       (unsigned long long)more);
        }
        free(k.closed);
        free(k.visits);
        if (st != MZ_OK)
            return st;
    }
    if (ov & MZ_OV_TILES) {
        uint64_t count[6] = {0}, nblocked = 0;
        for (uint64_t i = 0; i < g->cells; i++) {
            if (pic_blocked(g, i)) {
                store->fill[i] = PIC_BLOCKED;
                nblocked++;
            }
            if (g->tiles && g->tiles[i] < 6) {
                count[g->tiles[i]]++;
                if (g->tiles[i] == MZ_TILE_HOUSE)
                    store->fill[i] = PIC_HOUSE;
                else if (g->tiles[i] == MZ_TILE_TELEPORT)
                    store->fill[i] = PIC_TELEPORT_BG;
            }
        }
        s->tiles = g->tiles;
        legend_add(s, LEG_SWATCH, PIC_BLOCKED, 0, "blocked: %llu cells", (unsigned long long)nblocked);
        if (g->tiles) {
            legend_add(s, LEG_TEXT, PIC_DOT, 0, "%s %llu, %s %llu", tile_names[MZ_TILE_DOT],
                       (unsigned long long)count[MZ_TILE_DOT], tile_names[MZ_TILE_PILL],
                       (unsigned long long)count[MZ_TILE_PILL]);
            legend_add(s, LEG_SWATCH, PIC_TELEPORT_BG, 0, "teleport %llu, house %llu (pink)",
                       (unsigned long long)count[MZ_TILE_TELEPORT],
                       (unsigned long long)count[MZ_TILE_HOUSE]);
        } else {
            legend_add(s, LEG_TEXT, 0, 0, "no tile map: open and blocked cells only");
            legend_add(s, LEG_TEXT, 0, 0, "entrance %llu, exit %llu", (unsigned long long)g->entrance,
                       (unsigned long long)g->exit);
        }
    }
    return MZ_OK;
}
