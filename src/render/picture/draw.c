/*
 * draw.c - the one drawing path: a pic_scene onto a cairo context, and
 * the stills (PNG, SVG, PDF) around it.
 *
 * Order: background (and board 09's lawn), cell fills, tiles, walls (as
 * straight runs, at most RUN_BATCH to a cairo path so no SVG path gets
 * long), the route, animation markers, entrance and exit marks, board 09's
 * fog, the legend. Hedge style adds one shadow layer (every run's
 * parallelogram drawn opaque into a group that is then painted at 30%, so
 * overlapping shadows never darken twice, whatever the batching) and
 * lifts the hedges 4 px (at 9 px cells) with a lighter top.
 *
 * Built without cairo, the public calls return MZ_EUNSUPPORTED.
 */
#include "picture.h"
#include "../hedge.h"

#include <math.h>

#ifndef MZ_HAVE_CAIRO

int pic_draw(struct _cairo *cr, const pic_scene *s)
{
    (void)cr;
    (void)s;
    return -1;
}

mz_status mz_pic_render(const mz_grid *g, const mz_pic_opts *o, mz_pic_format f,
                        mz_pic_write_fn write, void *user)
{
    (void)f;
    (void)user;
    if (!g || !o || !write)
        return MZ_EINVAL;
    return MZ_EUNSUPPORTED;
}

#else

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>

#define RUN_BATCH 2000 /* runs (or route points) to one cairo path */
#define PI 3.14159265358979323846

/* Board 09's scene at 9 px cells; everything scales with cell / 9. */
#define HEDGE_LIFT 4.0
#define HEDGE_SHADOW 6.0
#define SUN_PERIOD_MS 5712.0
#define LANTERN_MS 70.0
#define HEDGE_SURROUND 0x24381Cu
#define HEDGE_LAWN 0x9CC26Au
#define HEDGE_DARK 0x0C2A0Eu
#define HEDGE_TOP 0x2F7A2Cu
#define HEDGE_ROUTE 0xFF9900u
#define HEDGE_FOG 0xDFE6EEu

#define HEAD_RGB 0xE41A1Cu

static void rgb(cairo_t *cr, uint32_t c)
{
    cairo_set_source_rgb(cr, ((c >> 16) & 255) / 255.0, ((c >> 8) & 255) / 255.0, (c & 255) / 255.0);
}

typedef struct runs_ctx {
    cairo_t *cr;
    const pic_layout *L;
    double dy;         /* lift (hedges) */
    double sx, sy;     /* shadow offset; 0 for plain strokes */
    bool shadow;
    uint64_t n;
} runs_ctx;

/* Runs are drawn in cell units (the context scaled by the cell size and
 * moved to the maze's corner), so vector files hold small integers. */
static void run_line(void *user, uint64_t x0, uint64_t y0, uint64_t x1, uint64_t y1)
{
    runs_ctx *r = user;
    double ax = (double)x0, ay = (double)y0, bx = (double)x1, by = (double)y1;
    if (r->shadow) {
        /* A parallelogram A, B, B + s, A + s, always wound the same way so
         * the nonzero fill is a plain union. */
        double cross = (bx - ax) * r->sy - (by - ay) * r->sx;
        if (cross < 0) {
            double tx = ax, ty = ay;
            ax = bx, ay = by, bx = tx, by = ty;
        }
        cairo_move_to(r->cr, ax, ay);
        cairo_line_to(r->cr, bx, by);
        cairo_line_to(r->cr, bx + r->sx, by + r->sy);
        cairo_line_to(r->cr, ax + r->sx, ay + r->sy);
        cairo_close_path(r->cr);
        if (++r->n % RUN_BATCH == 0)
            cairo_fill(r->cr);
    } else {
        cairo_move_to(r->cr, ax, ay - r->dy);
        cairo_line_to(r->cr, bx, by - r->dy);
        if (++r->n % RUN_BATCH == 0)
            cairo_stroke(r->cr);
    }
}

static void cell_units(cairo_t *cr, const pic_layout *L)
{
    cairo_translate(cr, L->ox, L->oy);
    cairo_scale(cr, L->cell, L->cell);
}

static void stroke_walls(cairo_t *cr, const pic_scene *s, double width, uint32_t colour, double lift)
{
    runs_ctx r = {cr, &s->L, lift / s->L.cell, 0, 0, false, 0};
    cairo_save(cr);
    cell_units(cr, &s->L);
    rgb(cr, colour);
    cairo_set_line_width(cr, width / s->L.cell);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
    cairo_new_path(cr);
    pic_wall_runs(s->g, run_line, &r);
    cairo_stroke(cr);
    cairo_restore(cr);
}

static void cell_xy(const pic_scene *s, mz_idx i, double *x, double *y)
{
    *x = s->L.ox + ((double)(i % s->g->cols) + 0.5) * s->L.cell;
    *y = s->L.oy + ((double)(i / s->g->cols) + 0.5) * s->L.cell;
}

/* Consecutive route cells that are not side by side on the page (a
 * teleport's wrap) break the line. */
static bool adjacent(const mz_grid *g, mz_idx a, mz_idx b)
{
    uint64_t ra = a / g->cols, ca = a % g->cols, rb = b / g->cols, cb = b % g->cols;
    uint64_t dr = ra > rb ? ra - rb : rb - ra, dc = ca > cb ? ca - cb : cb - ca;
    return dr + dc == 1;
}

static void stroke_route(cairo_t *cr, const pic_scene *s, const mz_idx *p, uint64_t n, double width,
                         double lift)
{
    if (n == 0)
        return;
    cairo_set_line_width(cr, width);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_new_path(cr);
    double x, y;
    cell_xy(s, p[0], &x, &y);
    cairo_move_to(cr, x, y - lift);
    if (n == 1)
        cairo_line_to(cr, x, y - lift);
    for (uint64_t k = 1; k < n; k++) {
        cell_xy(s, p[k], &x, &y);
        if (!adjacent(s->g, p[k - 1], p[k]))
            cairo_move_to(cr, x, y - lift);
        else
            cairo_line_to(cr, x, y - lift);
        if (k % RUN_BATCH == 0) {
            cairo_stroke(cr);
            cairo_move_to(cr, x, y - lift);
        }
    }
    cairo_stroke(cr);
}

/* Cell fills. Up to 2^16 cells as rectangles (one per run of equal colour
 * in a row), so vector files stay vector; larger mazes as one image of a
 * pixel a cell, scaled up without smoothing. */
static void draw_fills(cairo_t *cr, const pic_scene *s, uint32_t blocked_rgb)
{
    const mz_grid *g = s->g;
    const pic_layout *L = &s->L;
    bool any_blocked = false;
    for (uint64_t i = 0; i < g->cells && !any_blocked; i++)
        any_blocked = (g->c[i] & MZ_BLOCKED) != 0;
    if (!s->fill && !any_blocked)
        return;
#define FILL_AT(i) (s->fill && s->fill[i] != PIC_NOFILL ? s->fill[i] \
                    : (g->c[i] & MZ_BLOCKED) ? blocked_rgb : PIC_NOFILL)
    if (g->cells <= 65536) {
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE); /* no seams between cells */
        for (uint64_t r = 0; r < g->rows; r++) {
            for (uint64_t c = 0; c < g->cols;) {
                uint32_t col = FILL_AT(r * g->cols + c);
                uint64_t c0 = c;
                while (c < g->cols && FILL_AT(r * g->cols + c) == col)
                    c++;
                if (col == PIC_NOFILL)
                    continue;
                rgb(cr, col);
                cairo_rectangle(cr, L->ox + (double)c0 * L->cell, L->oy + (double)r * L->cell,
                                (double)(c - c0) * L->cell, L->cell);
                cairo_fill(cr);
            }
        }
        cairo_set_antialias(cr, s->o->antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE);
        return;
    }
    cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)g->cols, (int)g->rows);
    if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(img);
        return;
    }
    cairo_surface_flush(img);
    unsigned char *data = cairo_image_surface_get_data(img);
    int stride = cairo_image_surface_get_stride(img);
    for (uint64_t r = 0; r < g->rows; r++) {
        uint32_t *row = (uint32_t *)(void *)(data + (size_t)r * (size_t)stride);
        for (uint64_t c = 0; c < g->cols; c++) {
            uint32_t col = FILL_AT(r * g->cols + c);
            row[c] = col == PIC_NOFILL ? 0 : 0xFF000000u | col;
        }
    }
    cairo_surface_mark_dirty(img);
    cairo_save(cr);
    cairo_translate(cr, L->ox, L->oy);
    cairo_scale(cr, L->cell, L->cell);
    cairo_set_source_surface(cr, img, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST);
    cairo_rectangle(cr, 0, 0, (double)g->cols, (double)g->rows);
    cairo_fill(cr);
    cairo_restore(cr);
    cairo_surface_destroy(img);
#undef FILL_AT
}

static void draw_tiles(cairo_t *cr, const pic_scene *s)
{
    const mz_grid *g = s->g;
    double c = s->L.cell, x, y;
    for (uint64_t i = 0; i < g->cells; i++) {
        unsigned t = s->tiles[i];
        if (t != MZ_TILE_DOT && t != MZ_TILE_PILL && t != MZ_TILE_TELEPORT)
            continue;
        cell_xy(s, i, &x, &y);
        cairo_new_path(cr);
        if (t == MZ_TILE_TELEPORT) {
            rgb(cr, PIC_TELEPORT);
            cairo_set_line_width(cr, c * 0.12 > 1 ? c * 0.12 : 1);
            cairo_arc(cr, x, y, c * 0.3, 0, 2 * PI);
            cairo_stroke(cr);
        } else {
            rgb(cr, t == MZ_TILE_DOT ? PIC_DOT : PIC_PILL);
            double r = t == MZ_TILE_DOT ? c * 0.12 : c * 0.32;
            cairo_arc(cr, x, y, r < 1 ? 1 : r, 0, 2 * PI);
            cairo_fill(cr);
        }
    }
}

static void draw_marks(cairo_t *cr, const pic_scene *s)
{
    const mz_grid *g = s->g;
    double r = s->L.cell * 0.32, x, y;
    if (r < 3)
        r = 3;
    if (g->entrance < g->cells) {
        cell_xy(s, g->entrance, &x, &y);
        rgb(cr, s->o->entrance_rgb);
        cairo_new_path(cr);
        cairo_arc(cr, x, y, r, 0, 2 * PI);
        cairo_fill(cr);
    }
    if (g->exit < g->cells) {
        cell_xy(s, g->exit, &x, &y);
        rgb(cr, s->o->exit_rgb);
        cairo_rectangle(cr, x - r, y - r, 2 * r, 2 * r);
        cairo_fill(cr);
    }
}

static void draw_head(cairo_t *cr, const pic_scene *s)
{
    double c = s->L.cell, x, y;
    if (s->flash != MZ_NONE && s->flash_dir >= 0) {
        cell_xy(s, s->flash, &x, &y);
        static const double dx[4][4] = {{-1, -1, 1, -1}, {1, -1, 1, 1}, {-1, 1, 1, 1}, {-1, -1, -1, 1}};
        const double *d = dx[s->flash_dir & 3];
        rgb(cr, HEAD_RGB);
        cairo_set_line_width(cr, s->L.wall * 2 > 2 ? s->L.wall * 2 : 2);
        cairo_new_path(cr);
        cairo_move_to(cr, x + d[0] * c / 2, y + d[1] * c / 2);
        cairo_line_to(cr, x + d[2] * c / 2, y + d[3] * c / 2);
        cairo_stroke(cr);
    }
    if (s->head == MZ_NONE || s->head >= s->g->cells)
        return;
    cell_xy(s, s->head, &x, &y);
    rgb(cr, HEAD_RGB);
    cairo_new_path(cr);
    if (s->head_dir >= 0) {
        /* A triangle pointing along the heading. */
        static const double hx[4] = {0, 1, 0, -1}, hy[4] = {-1, 0, 1, 0};
        double ux = hx[s->head_dir & 3], uy = hy[s->head_dir & 3], r = c * 0.38;
        cairo_move_to(cr, x + ux * r, y + uy * r);
        cairo_line_to(cr, x - ux * r - uy * r, y - uy * r + ux * r);
        cairo_line_to(cr, x - ux * r + uy * r, y - uy * r - ux * r);
        cairo_close_path(cr);
    } else {
        cairo_arc(cr, x, y, c * 0.34, 0, 2 * PI);
    }
    cairo_fill(cr);
}

void pic_draw_legend(cairo_t *cr, const pic_scene *s)
{
    if (!s->nlegend)
        return;
    double k = s->o->style == MZ_PIC_HEDGE ? s->L.scale : 1;
    double x = s->o->style == MZ_PIC_HEDGE ? 8 * k : s->L.margin, y = s->L.legend_y + 4;
    double row = PIC_LEGEND_ROW * k, sw = 10 * k;
    cairo_font_options_t *fo = cairo_font_options_create();
    cairo_font_options_set_antialias(fo, s->o->antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE);
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    cairo_set_font_options(cr, fo);
    cairo_font_options_destroy(fo);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 11 * k);
    uint32_t text = s->o->style == MZ_PIC_HEDGE ? 0xF0F0F0u : s->o->fg;
    for (unsigned n = 0; n < s->nlegend; n++) {
        const pic_legend_item *it = &s->legend[n];
        double tx = x + sw + 6 * k;
        switch (it->kind) {
        case LEG_SWATCH:
            rgb(cr, it->rgb);
            cairo_rectangle(cr, x, y + 2 * k, sw, sw);
            cairo_fill(cr);
            break;
        case LEG_LINE:
            rgb(cr, it->rgb);
            cairo_set_line_width(cr, 2.5 * k);
            cairo_move_to(cr, x, y + 7 * k);
            cairo_line_to(cr, x + sw, y + 7 * k);
            cairo_stroke(cr);
            break;
        case LEG_RAMP: {
            /* A bar of 64 steps under the text line. */
            double w = 200 * k;
            for (int j = 0; j < 64; j++) {
                rgb(cr, pic_ramp(it->ramp, j / 63.0));
                cairo_rectangle(cr, x + w * j / 64, y + row + 1 * k, w / 64 + 0.5, sw);
                cairo_fill(cr);
            }
            tx = x;
            break;
        }
        default:
            if (it->rgb) {
                rgb(cr, it->rgb);
                cairo_arc(cr, x + sw / 2, y + 7 * k, 2.5 * k, 0, 2 * PI);
                cairo_fill(cr);
            }
            break;
        }
        rgb(cr, text);
        cairo_move_to(cr, tx, y + 11 * k);
        cairo_show_text(cr, it->text);
        y += row * (it->kind == LEG_RAMP ? 2 : 1);
    }
}

static void draw_hedge_base(cairo_t *cr, const pic_scene *s, double *sx, double *sy)
{
    const pic_layout *L = &s->L;
    rgb(cr, HEDGE_SURROUND);
    cairo_paint(cr);
    rgb(cr, HEDGE_LAWN);
    cairo_rectangle(cr, L->ox, L->oy, (double)s->g->cols * L->cell, (double)s->g->rows * L->cell);
    cairo_fill(cr);
    double sun = 2 * PI * fmod(s->o->time_ms, SUN_PERIOD_MS) / SUN_PERIOD_MS;
    *sx = -cos(sun) * HEDGE_SHADOW * L->scale;
    *sy = -sin(sun) * HEDGE_SHADOW * L->scale;
}

static void draw_hedge_top(cairo_t *cr, const pic_scene *s, double sx, double sy)
{
    const pic_layout *L = &s->L;
    double lift = HEDGE_LIFT * L->scale;
    /* Shadows: one layer, so overlaps never darken twice. */
    runs_ctx r = {cr, L, 0, sx / L->cell, sy / L->cell, true, 0};
    cairo_push_group(cr);
    cairo_save(cr);
    cell_units(cr, L);
    rgb(cr, 0);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
    cairo_new_path(cr);
    pic_wall_runs(s->g, run_line, &r);
    cairo_fill(cr);
    cairo_restore(cr);
    cairo_pop_group_to_source(cr);
    cairo_paint_with_alpha(cr, 0.30);
    /* Hedges: a dark body and a lighter top, lifted. */
    stroke_walls(cr, s, L->wall + 1.5 * L->scale, HEDGE_DARK, lift);
    stroke_walls(cr, s, L->wall * 0.4, HEDGE_TOP, lift + 0.6 * L->scale);
}

static void draw_hedge_answer(cairo_t *cr, const pic_scene *s)
{
    const pic_layout *L = &s->L;
    if (!s->answer_len)
        return;
    rgb(cr, 0x5A3D00u);
    stroke_route(cr, s, s->answer, s->answer_len, 3.2 * L->scale, 0);
    rgb(cr, HEDGE_ROUTE);
    stroke_route(cr, s, s->answer, s->answer_len, 1.8 * L->scale, 0);
    uint64_t at = (uint64_t)(s->o->time_ms / LANTERN_MS) % s->answer_len;
    double x, y;
    cell_xy(s, s->answer[at], &x, &y);
    cairo_new_path(cr);
    cairo_arc(cr, x, y, 3.5 * L->scale, 0, 2 * PI);
    rgb(cr, 0xFFF3B0u);
    cairo_fill_preserve(cr);
    rgb(cr, 0x7A4E00u);
    cairo_set_line_width(cr, 1.0 * L->scale);
    cairo_stroke(cr);
}

static void draw_fog(cairo_t *cr, const pic_scene *s)
{
    /* Board 09's density 1 - exp(-0.0042 r), r in the board's px (at 9 px
     * cells), sampled at eight radii out to the canvas corner. */
    const pic_layout *L = &s->L;
    double w = L->width, h = L->legend_y, corner = sqrt(w * w + h * h) / 2;
    cairo_pattern_t *p = cairo_pattern_create_radial(w / 2, h / 2, 0, w / 2, h / 2, corner);
    for (int k = 0; k <= 8; k++)
        cairo_pattern_add_color_stop_rgba(p, k / 8.0, ((HEDGE_FOG >> 16) & 255) / 255.0,
                                          ((HEDGE_FOG >> 8) & 255) / 255.0, (HEDGE_FOG & 255) / 255.0,
                                          mz_fog_density(corner * k / 8.0 / L->scale));
    cairo_set_source(cr, p);
    cairo_rectangle(cr, 0, 0, w, h);
    cairo_fill(cr);
    cairo_pattern_destroy(p);
}

int pic_draw(cairo_t *cr, const pic_scene *s)
{
    if (s->g->shape != MZ_SHAPE_ORTHO)
        return pic_draw_shape(cr, s);
    const mz_pic_opts *o = s->o;
    const pic_layout *L = &s->L;
    bool hedge = o->style == MZ_PIC_HEDGE;
    double sx = 0, sy = 0;
    cairo_set_antialias(cr, o->antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE);
    if (hedge) {
        draw_hedge_base(cr, s, &sx, &sy);
    } else {
        rgb(cr, o->bg);
        cairo_paint(cr);
    }
    draw_fills(cr, s, hedge ? HEDGE_DARK : o->fg);
    if (s->tiles)
        draw_tiles(cr, s);
    if (hedge)
        draw_hedge_top(cr, s, sx, sy);
    else
        stroke_walls(cr, s, L->wall, o->fg, 0);
    if (s->route_len) {
        double w = hedge ? 1.6 * L->scale : L->cell * 0.3 < 1 ? 1 : L->cell * 0.3;
        rgb(cr, s->route_rgb);
        stroke_route(cr, s, s->route, s->route_len, w, 0);
    }
    if (hedge)
        draw_hedge_answer(cr, s);
    draw_head(cr, s);
    if (o->marks && !hedge)
        draw_marks(cr, s);
    if (hedge)
        draw_fog(cr, s);
    pic_draw_legend(cr, s);
    return (int)cairo_status(cr);
}

/* ------------------------------------------------------------------ */
/* Stills                                                              */
/* ------------------------------------------------------------------ */

typedef struct out_ctx {
    mz_pic_write_fn write;
    void *user;
    uint64_t part;
} out_ctx;

static cairo_status_t out_write(void *closure, const unsigned char *data, unsigned int len)
{
    out_ctx *c = closure;
    return c->write(c->user, c->part, data, len) ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
}

/* (Not a switch: cairo's status enum grows from one cairo to the next.) */
static mz_status from_cairo(cairo_status_t st)
{
    if (st == CAIRO_STATUS_SUCCESS)
        return MZ_OK;
    if (st == CAIRO_STATUS_NO_MEMORY)
        return MZ_ENOMEM;
    if (st == CAIRO_STATUS_WRITE_ERROR)
        return MZ_EIO;
    if (st == CAIRO_STATUS_INVALID_SIZE)
        return MZ_ETOOBIG;
    return MZ_EINVAL;
}

/* Draw a scene as one PNG (part) or one SVG/PDF. */
mz_status pic_emit(const pic_scene *s, mz_pic_format f, mz_pic_write_fn write, void *user,
                   uint64_t part)
{
    out_ctx oc = {write, user, part};
    cairo_surface_t *sf = NULL;
    int w = (int)s->L.width, h = (int)s->L.height;
    switch (f) {
    case MZ_PIC_PNG: sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h); break;
    case MZ_PIC_SVG:
        sf = cairo_svg_surface_create_for_stream(out_write, &oc, s->L.width, s->L.height);
        break;
    case MZ_PIC_PDF:
        sf = cairo_pdf_surface_create_for_stream(out_write, &oc, s->L.width, s->L.height);
        break;
    case MZ_PIC_GIF: break;
    }
    if (!sf) /* GIF, or no format */
        return MZ_EINVAL;
    cairo_status_t cs = cairo_surface_status(sf);
    if (cs == CAIRO_STATUS_SUCCESS) {
        cairo_t *cr = cairo_create(sf);
        pic_draw(cr, s);
        cs = cairo_status(cr);
        cairo_destroy(cr);
    }
    if (cs == CAIRO_STATUS_SUCCESS) {
        mz_status ps = f == MZ_PIC_PNG ? pic_png_write(sf, write, user, part) : MZ_OK;
        cairo_surface_finish(sf);
        cs = cairo_surface_status(sf);
        if (ps != MZ_OK) {
            cairo_surface_destroy(sf);
            return ps;
        }
    }
    cairo_surface_destroy(sf);
    return from_cairo(cs);
}

mz_status mz_pic_render(const mz_grid *g, const mz_pic_opts *o, mz_pic_format f,
                        mz_pic_write_fn write, void *user)
{
    if (!g || !o || !write || f == MZ_PIC_GIF)
        return MZ_EINVAL;
    pic_scene s;
    pic_store store;
    mz_status st = pic_scene_build(g, o, f, &s, &store);
    if (st == MZ_OK)
        st = pic_emit(&s, f, write, user, 0);
    pic_store_free(&store);
    return st;
}

#endif /* MZ_HAVE_CAIRO */
