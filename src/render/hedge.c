/*
 * hedge.c - the hedge-garden render. Recipe: docs/algorithms.md, board 09.
 *
 *   1. Every closed wall becomes one line segment (a wall shared by two
 *      cells once): 900 inner + 124 border = 1,024 on a 31x31 perfect maze.
 *   2. The answer path: from the exit, step to an open neighbour whose
 *      entrance distance is one less (directions in order), down to the
 *      entrance, then reverse (321 cells at seed 464).
 *   3. The scene: cells of 9 px, the board centred on a 480x300 canvas
 *      (larger boards widen the canvas); hedges lifted 4 px; each segment
 *      casts one parallelogram shadow away from the sun, all shadows one
 *      path; the sun circles once every 5,712 ms; a lantern follows the
 *      answer path at 70 ms a cell; fog density 1 - exp(-0.0042 r) at r px
 *      from the canvas centre.
 * The output is one SVG frame of that scene at a given time, so a frame is
 * a pure function of (maze, time): same input, same bytes.
 */
#include "../core/lib.h"
#include "../util/util.h"
#include "../mazebench_render.h"
#include "hedge.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define CELL_PX 9.0
#define LIFT_PX 4.0
#define SHADOW_PX 6.0
#define SUN_PERIOD_MS 5712.0
#define LANTERN_MS 70.0
#define FOG_K 0.0042
#define PI 3.14159265358979323846

double mz_fog_density(double r_px) { return 1.0 - exp(-FOG_K * r_px); }

typedef struct sbuf {
    char *s;
    size_t len, cap;
    bool failed;
} sbuf;

static void put(sbuf *b, const char *fmt, ...)
{
    if (b->failed)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->failed = true;
            return;
        }
        if ((size_t)n < b->cap - b->len) {
            b->len += (size_t)n;
            return;
        }
        size_t ncap = b->cap * 2 + (size_t)n;
        char *ns = realloc(b->s, ncap);
        if (!ns) {
            b->failed = true;
            return;
        }
        b->s = ns;
        b->cap = ncap;
    }
}

/* Call fn on every closed wall segment, in cell order: the north and west
 * walls of each cell, then its south and east walls on the last row and
 * column. Coordinates in cells. Returns the count. */
static uint64_t segments(const mz_grid *g, void (*fn)(void *, double, double, double, double),
                         void *user)
{
    uint64_t n = 0;
    for (uint64_t r = 0, i = 0; r < g->rows; r++) {
        for (uint64_t c = 0; c < g->cols; c++, i++) {
            double x = (double)c, y = (double)r;
            if (!mz_sq_is_open(g, i, MZ_N)) { n++; if (fn) fn(user, x, y, x + 1, y); }
            if (!mz_sq_is_open(g, i, MZ_W)) { n++; if (fn) fn(user, x, y, x, y + 1); }
            if (r + 1 == g->rows && !mz_sq_is_open(g, i, MZ_S)) { n++; if (fn) fn(user, x, y + 1,
                                                                                  x + 1, y + 1); }
            if (c + 1 == g->cols && !(g->flags & MZ_GRID_WRAP_EW) && !mz_sq_is_open(g, i, MZ_E)) {
                n++;
                if (fn) fn(user, x + 1, y, x + 1, y + 1);
            }
        }
    }
    return n;
}

typedef struct scene {
    sbuf *b;
    double ox, oy;   /* board origin in px */
    double sx, sy;   /* shadow offset in px */
} scene;

static void shadow_seg(void *user, double x1, double y1, double x2, double y2)
{
    scene *s = user;
    double ax = s->ox + x1 * CELL_PX, ay = s->oy + y1 * CELL_PX;
    double bx = s->ox + x2 * CELL_PX, by = s->oy + y2 * CELL_PX;
    put(s->b, "M%.1f %.1fL%.1f %.1fL%.1f %.1fL%.1f %.1fZ", ax, ay, bx, by, bx + s->sx, by + s->sy,
        ax + s->sx, ay + s->sy);
}

static void hedge_seg(void *user, double x1, double y1, double x2, double y2)
{
    scene *s = user;
    put(s->b, "M%.1f %.1fL%.1f %.1f", s->ox + x1 * CELL_PX, s->oy + y1 * CELL_PX - LIFT_PX,
        s->ox + x2 * CELL_PX, s->oy + y2 * CELL_PX - LIFT_PX);
}

mz_status mz_hedge_path(const mz_grid *g, mz_idx **path, uint64_t *len)
{
    if (path)
        *path = NULL;
    if (len)
        *len = 0;
    if (!g || !path || !len)
        return MZ_EINVAL;
    uint32_t *dist = mz_alloc_array(NULL, g->cells, sizeof *dist);
    if (!dist)
        return MZ_ENOMEM;
    mz_status s = mz_bfs_dist32(g, g->entrance, dist);
    if (s != MZ_OK || dist[g->exit] == UINT32_MAX) {
        mz_mem_free(NULL, dist);
        return s;
    }
    uint64_t n = (uint64_t)dist[g->exit] + 1;
    mz_idx *p = n && n <= SIZE_MAX / sizeof *p ? malloc((size_t)n * sizeof *p) : NULL; /* the caller frees it */
    if (!p) {
        mz_mem_free(NULL, dist);
        return MZ_ENOMEM;
    }
    mz_idx i = g->exit;
    for (uint64_t k = n; k-- > 0;) {
        p[k] = i;
        for (unsigned d = 0; d < 4 && k > 0; d++) {
            mz_idx nb = mz_sq_neighbour(g, i, d);
            if (mz_sq_is_open(g, i, d) && nb != MZ_NONE && dist[nb] + 1 == dist[i]) {
                i = nb;
                break;
            }
        }
    }
    mz_mem_free(NULL, dist);
    *path = p;
    *len = n;
    return MZ_OK;
}

char *mz_render_hedge_svg(const mz_grid *g, double time_ms, uint64_t max_cells)
{
    if (!g || g->cells > max_cells
 || !(time_ms >= 0))
        return NULL;
    mz_idx *path;
    uint64_t plen;
    if (mz_hedge_path(g, &path, &plen) != MZ_OK)
        return NULL;
    sbuf b = {malloc(1 << 16), 0, 1 << 16, false};
    if (!b.s) {
        free(path);
        return NULL;
    }
    double bw = (double)g->cols * CELL_PX, bh = (double)g->rows * CELL_PX;
    double w = bw + 2 * CELL_PX > 480 ? bw + 2 * CELL_PX : 480;
    double h = bh + 2 * CELL_PX > 300 ? bh + 2 * CELL_PX : 300;
    double sun = 2 * PI * fmod(time_ms, SUN_PERIOD_MS) / SUN_PERIOD_MS;
    scene sc = {&b, (w - bw) / 2, (h - bh) / 2, -cos(sun) * SHADOW_PX, -sin(sun) * SHADOW_PX};

    put(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\">\n", w, h, w, h);
    /* Fog: the density formula sampled at eight radii out to the corner. */
    double corner = sqrt(w * w + h * h) / 2;
    put(&b, "<defs><radialGradient id=\"fog\" gradientUnits=\"userSpaceOnUse\" cx=\"%.1f\" "
            "cy=\"%.1f\" r=\"%.1f\">", w / 2, h / 2, corner);
    for (int k = 0; k <= 8; k++)
        put(&b, "<stop offset=\"%.3f\" stop-color=\"#dfe6ee\" stop-opacity=\"%.3f\"/>", k / 8.0,
            mz_fog_density(corner * k / 8.0));
    put(&b, "</radialGradient></defs>\n");
    put(&b, "<rect width=\"100%%\" height=\"100%%\" fill=\"#2f4a25\"/>\n");
    put(&b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#5b7f3a\"/>\n", sc.ox,
        sc.oy, bw, bh);
    put(&b, "<path fill=\"#000\" fill-opacity=\"0.28\" d=\"");
    uint64_t nseg = segments(g, shadow_seg, &sc);
    put(&b, "\"/>\n<path fill=\"none\" stroke=\"#1f5a24\" stroke-width=\"3\" "
            "stroke-linecap=\"square\" d=\"");
    segments(g, hedge_seg, &sc);
    put(&b, "\"/>\n");
    if (plen) {
        put(&b, "<polyline fill=\"none\" stroke=\"#f2c14e\" stroke-width=\"2\" "
                "stroke-opacity=\"0.8\" points=\"");
        for (uint64_t k = 0; k < plen; k++)
            put(&b, "%s%.1f,%.1f", k ? " " : "",
                sc.ox + ((double)(path[k] % g->cols) + 0.5) * CELL_PX,
                sc.oy + ((double)(path[k] / g->cols) + 0.5) * CELL_PX);
        put(&b, "\"/>\n");
        uint64_t at = (uint64_t)(time_ms / LANTERN_MS) % plen;
        put(&b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"#fff3b0\"/>\n",
            sc.ox + ((double)(path[at] % g->cols) + 0.5) * CELL_PX,
            sc.oy + ((double)(path[at] / g->cols) + 0.5) * CELL_PX);
    }
    put(&b, "<rect width=\"100%%\" height=\"100%%\" fill=\"url(#fog)\"/>\n");
    put(&b, "<!-- segments %llu, answer path %llu cells, t %.0f ms -->\n</svg>\n",
        (unsigned long long)nseg, (unsigned long long)plen, time_ms);
    free(path);
    if (b.failed) {
        free(b.s);
        return NULL;
    }
    return b.s;
}
