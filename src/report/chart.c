/*
 * chart.c - the chart model, its axes and layout, and its two renderers:
 * SVG text written here and cairo (SVG and PDF files). One layout drives
 * both through a small painter (lines, rectangles, markers, text), so a
 * chart looks the same in the report and in its exported files. Text
 * widths are estimated from character counts (SVG text has no metrics
 * here); cairo places each text by its anchor with its real extents.
 */
#include "chart.h"

#include "out/out.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef MZ_HAVE_CAIRO
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#endif

/* ------------------------------------------------------------------ */
/* The model                                                           */
/* ------------------------------------------------------------------ */

static char *dup_text(const char *s)
{
    if (!s)
        s = "";
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

int mzr_chart_init(mzr_chart *c, enum mzr_kind kind, const char *name, const char *title,
                   const char *question, const char *xlabel, const char *ylabel, bool xlog,
                   bool ylog)
{
    memset(c, 0, sizeof *c);
    c->kind = kind;
    c->xlog = kind == MZR_LINES && xlog;
    c->ylog = kind == MZR_LINES && ylog;
    c->name = dup_text(name);
    c->title = dup_text(title);
    c->question = dup_text(question);
    c->note = dup_text("");
    c->xlabel = dup_text(xlabel);
    c->ylabel = dup_text(ylabel);
    if (!c->name || !c->title || !c->question || !c->note || !c->xlabel || !c->ylabel) {
        mzr_chart_free(c);
        return MZO_FAIL;
    }
    return MZO_OK;
}

int mzr_chart_set_note(mzr_chart *c, const char *note)
{
    char *d = dup_text(note);
    if (!d)
        return MZO_FAIL;
    free(c->note);
    c->note = d;
    return MZO_OK;
}

int mzr_chart_add_panel(mzr_chart *c, const char *title, size_t *idx)
{
    mzr_panel *p = realloc(c->panel, (c->npanel + 1) * sizeof *p);
    if (!p)
        return MZO_FAIL;
    c->panel = p;
    memset(&p[c->npanel], 0, sizeof *p);
    p[c->npanel].title = dup_text(title);
    if (!p[c->npanel].title)
        return MZO_FAIL;
    if (idx)
        *idx = c->npanel;
    c->npanel++;
    return MZO_OK;
}

int mzr_chart_add_series(mzr_chart *c, size_t p, const char *name, size_t *idx)
{
    if (p >= c->npanel || c->panel[p].nseries >= MZR_MAX_SERIES)
        return MZO_BAD;
    mzr_series *s = &c->panel[p].series[c->panel[p].nseries];
    memset(s, 0, sizeof *s);
    s->name = dup_text(name);
    if (!s->name)
        return MZO_FAIL;
    s->style = mzr_style_of(c->panel[p].nseries, 0);
    if (idx)
        *idx = c->panel[p].nseries;
    c->panel[p].nseries++;
    return MZO_OK;
}

int mzr_chart_add_point(mzr_chart *c, size_t p, size_t si, double x, double y, double lo,
                        double hi)
{
    return mzr_chart_add_point_flag(c, p, si, x, y, lo, hi, false);
}

int mzr_chart_add_point_flag(mzr_chart *c, size_t p, size_t si, double x, double y, double lo,
                             double hi, bool flag)
{
    if (p >= c->npanel || si >= c->panel[p].nseries)
        return MZO_BAD;
    mzr_series *s = &c->panel[p].series[si];
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 8;
        mzr_point *pt = realloc(s->pt, cap * sizeof *pt);
        if (!pt)
            return MZO_FAIL;
        s->pt = pt;
        s->cap = cap;
    }
    size_t at = s->n;
    if (c->kind == MZR_LINES && !isnan(x)) /* keep x order; a NaN x stays last */
        while (at > 0 && (isnan(s->pt[at - 1].x) || s->pt[at - 1].x > x)) {
            s->pt[at] = s->pt[at - 1];
            at--;
        }
    s->pt[at] = (mzr_point){x, y, lo, hi, flag};
    s->n++;
    return MZO_OK;
}

int mzr_chart_series_style(mzr_chart *c, size_t p, size_t s, mzr_style st)
{
    if (p >= c->npanel || s >= c->panel[p].nseries)
        return MZO_BAD;
    c->panel[p].series[s].style = st;
    return MZO_OK;
}

int mzr_chart_cat_style(mzr_chart *c, size_t k, mzr_style st)
{
    if (k >= c->ncat)
        return MZO_BAD;
    if (!c->cat_style) {
        c->cat_style = calloc(c->ncat, sizeof *c->cat_style);
        if (!c->cat_style)
            return MZO_FAIL;
        for (size_t i = 0; i < c->ncat; i++)
            c->cat_style[i] = mzr_style_of(0, 0);
    }
    c->cat_style[k] = st;
    return MZO_OK;
}

int mzr_chart_add_cat(mzr_chart *c, const char *name, size_t *idx)
{
    if (c->cat_style) {
        mzr_style *cs = realloc(c->cat_style, (c->ncat + 1) * sizeof *cs);
        if (!cs)
            return MZO_FAIL;
        c->cat_style = cs;
        cs[c->ncat] = mzr_style_of(0, 0);
    }
    char **cat = realloc(c->cat, (c->ncat + 1) * sizeof *cat);
    if (!cat)
        return MZO_FAIL;
    c->cat = cat;
    cat[c->ncat] = dup_text(name);
    if (!cat[c->ncat])
        return MZO_FAIL;
    if (idx)
        *idx = c->ncat;
    c->ncat++;
    return MZO_OK;
}

void mzr_chart_free(mzr_chart *c)
{
    if (!c)
        return;
    for (size_t p = 0; p < c->npanel; p++) {
        for (size_t s = 0; s < c->panel[p].nseries; s++) {
            free(c->panel[p].series[s].name);
            free(c->panel[p].series[s].pt);
        }
        free(c->panel[p].title);
    }
    free(c->panel);
    for (size_t k = 0; k < c->ncat; k++)
        free(c->cat[k]);
    free(c->cat);
    free(c->cat_style);
    free(c->name);
    free(c->title);
    free(c->question);
    free(c->note);
    free(c->xlabel);
    free(c->ylabel);
    memset(c, 0, sizeof *c);
}

void mzr_charts_free(mzr_chart *c, size_t n)
{
    if (!c)
        return;
    for (size_t i = 0; i < n; i++)
        mzr_chart_free(&c[i]);
    free(c);
}

/* Can v be drawn on an axis (log or not)? */
static bool drawable(double v, bool log)
{
    return isfinite(v) && (!log || v > 0);
}

static bool point_ok(const mzr_chart *c, const mzr_point *p)
{
    if (c->kind == MZR_BARS)
        return isfinite(p->y) && p->y >= 0 && isfinite(p->x) && p->x >= 0 &&
               p->x < (double)c->ncat;
    return drawable(p->x, c->xlog) && drawable(p->y, c->ylog);
}

size_t mzr_chart_drawable(const mzr_chart *c)
{
    size_t n = 0;
    for (size_t p = 0; p < c->npanel; p++)
        for (size_t s = 0; s < c->panel[p].nseries; s++)
            for (size_t k = 0; k < c->panel[p].series[s].n; k++)
                n += point_ok(c, &c->panel[p].series[s].pt[k]);
    return n;
}

/* ------------------------------------------------------------------ */
/* Axes                                                                */
/* ------------------------------------------------------------------ */

/* 10^k, exact for |k| <= 22 (products of exact powers; a quotient for k < 0). */
static double p10(int k)
{
    double v = 1;
    for (int i = 0; i < (k < 0 ? -k : k); i++)
        v *= 10;
    return k < 0 ? 1 / v : v;
}

/* The k with 10^k <= v < 10^(k+1), v > 0 (by comparison, not log10). */
static int decade(double v)
{
    int k = 0;
    while (k > -300 && p10(k) > v)
        k--;
    while (k < 300 && p10(k + 1) <= v)
        k++;
    return k;
}

void mzr_tick_label(double v, char *buf, size_t len)
{
    static const char suf[] = {'k', 'M', 'G', 'T'};
    double a = fabs(v);
    if (a < 1e-12)
        v = 0, a = 0;
    for (int i = 3; i >= 0; i--) {
        double u = p10(3 * (i + 1));
        if (a >= u) {
            snprintf(buf, len, "%g%c", v / u, suf[i]);
            return;
        }
    }
    snprintf(buf, len, "%g", v);
}

static void axis_add(mzr_axis *a, double v)
{
    if (a->nticks < MZR_MAX_TICKS) {
        a->tick[a->nticks] = v;
        mzr_tick_label(v, a->label[a->nticks], sizeof a->label[0]);
        a->nticks++;
    }
}

void mzr_axis_make(mzr_axis *a, bool log, double dmin, double dmax, bool from_zero)
{
    memset(a, 0, sizeof *a);
    a->log = log;
    bool empty = isnan(dmin) || isnan(dmax) || dmin > dmax;
    if (log) {
        if (empty || !(dmin > 0))
            dmin = 1, dmax = 10;
        /* the data and 6% of its span (at least 0.05 decades) each side,
         * more round data too narrow for two ticks */
        double l0 = log10(dmin), l1 = log10(dmax), pad = (l1 - l0) * 0.06;
        if (pad < 0.05)
            pad = 0.05;
        for (int tries = 0; tries < 8; tries++, pad *= 1.6) {
            a->lo = pow(10, l0 - pad);
            a->hi = pow(10, l1 + pad);
            /* the decades inside; too few of them: 2 and 5 too, then more */
            static const double sets[3][7] = {{1}, {1, 2, 5}, {1, 1.5, 2, 3, 5, 7}};
            static const size_t setn[3] = {1, 3, 6};
            int k0 = decade(a->lo), k1 = decade(a->hi);
            int step = k1 - k0 <= 8 ? 1 : (k1 - k0 + 7) / 8;
            for (int si = 0; si < 3; si++) {
                a->nticks = 0;
                for (int k = k0; k <= k1; k++) {
                    if (si == 0 && ((k % step) + step) % step != 0)
                        continue;
                    for (size_t j = 0; j < setn[si]; j++) {
                        double v = sets[si][j] * p10(k);
                        if (v >= a->lo && v <= a->hi)
                            axis_add(a, v);
                    }
                }
                if (a->nticks >= 2)
                    return;
            }
        }
        return;
    }
    if (empty)
        dmin = 0, dmax = 1;
    if (from_zero) {
        if (dmin > 0)
            dmin = 0;
        if (dmax < 0)
            dmax = 0;
    }
    double span = dmax - dmin;
    if (!(span > 0)) {
        double m = fabs(dmax) > 0 ? fabs(dmax) / 2 : 1;
        dmin -= m;
        dmax += m;
        if (from_zero && dmin < 0 && dmax > 0 && dmin + m >= 0)
            dmin = 0;
        span = dmax - dmin;
    }
    double mag = p10(decade(span / 5)), step = mag;
    static const double mult[] = {1, 2, 5, 10, 20, 50};
    for (size_t i = 0; i < sizeof mult / sizeof mult[0]; i++) {
        step = mult[i] * mag;
        if (span / step <= 7)
            break;
    }
    double k0 = floor(dmin / step), k1 = ceil(dmax / step);
    a->lo = k0 * step;
    a->hi = k1 * step;
    for (double k = k0; k <= k1 && a->nticks < MZR_MAX_TICKS; k++)
        axis_add(a, k * step);
}

/* Where v falls on the axis, 0..1. */
static double axis_frac(const mzr_axis *a, double v)
{
    if (a->log)
        return (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo));
    return (v - a->lo) / (a->hi - a->lo);
}

uint32_t mzr_palette(size_t i)
{
    /* Okabe & Ito (2008): blue, vermilion, bluish green, reddish purple,
     * orange, sky blue, black, yellow (last: weak on white paper). */
    static const uint32_t pal[MZR_PALETTE_N] = {0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7,
                                                0xE69F00, 0x56B4E9, 0x000000, 0xF0E442};
    return pal[i % MZR_PALETTE_N];
}

/* ------------------------------------------------------------------ */
/* The painter                                                         */
/* ------------------------------------------------------------------ */

enum { ANCHOR_START = 0, ANCHOR_MIDDLE, ANCHOR_END };
enum { MK_CIRCLE = 0, MK_SQUARE, MK_TRIANGLE, MK_DIAMOND, MK_TRIANGLE_DOWN, MK_CROSS };

#define INK 0x222222u
#define GRID 0xE3E3E3u
#define MUTED 0x555555u
#define NOSTROKE 0xFFFFFFFFu

typedef struct painter {
    void *u;
    /* a polyline of n points (xy pairs); dash: index into the patterns */
    void (*line)(void *u, const double *xy, size_t n, uint32_t rgb, double width, int dash);
    void (*rect)(void *u, double x, double y, double w, double h, uint32_t fill, uint32_t stroke);
    void (*marker)(void *u, int shape, double x, double y, double r, uint32_t rgb);
    /* vertical: rotated a quarter turn anticlockwise about (x, y) */
    void (*text)(void *u, double x, double y, const char *s, double size, int anchor, bool bold,
                 bool italic, bool vertical, uint32_t rgb);
    /* cls NULL: close; st: a series' style (its colour, marker, dash), or NULL */
    void (*group)(void *u, const char *cls, const char *label, const mzr_style *st);
} painter;

static const double dash_len[MZR_MARKERS_N][4] = {
    {0, 0, 0, 0}, {6, 3, 0, 0}, {2, 2, 0, 0}, {8, 3, 2, 3}, {4, 4, 0, 0}, {1, 3, 0, 0}};

static size_t dash_count(int dash)
{
    size_t n = 0;
    while (n < 4 && dash_len[dash][n] > 0)
        n++;
    return n;
}

/* Estimated width of a text: UTF-8 characters x 0.56 em. */
static double text_w(const char *s, double size)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return 0.56 * size * (double)n;
}

/* ------------------------------------------------------------------ */
/* Layout and drawing                                                  */
/* ------------------------------------------------------------------ */

#define F_TITLE 15.0
#define F_QUESTION 11.5
#define F_LABEL 11.0
#define F_TICK 10.0
#define F_LEGEND 10.0
#define F_NOTE 9.0
#define LEG_ROW 15.0
#define CAT_CHARS 30 /* a bar's category label, at most (then an ellipsis) */
#define LEG_CHARS 80 /* a legend entry, at most */

#define NOTE_LINES 12 /* a note's lines, at most (the last one runs on) */
#define NOTE_ROW 12.0

/* The note's lines at width w: the byte offset each starts at into at[]
 * (and the end at at[n]), broken at spaces; the count (0 for no note). */
static size_t note_wrap(const char *note, double w, size_t at[NOTE_LINES + 1])
{
    const size_t len = strlen(note);
    if (!len)
        return 0;
    double per = 0.56 * F_NOTE;
    size_t maxch = w > per * 20 ? (size_t)(w / per) : 20, n = 0, start = 0;
    while (start < len && n < NOTE_LINES) {
        at[n++] = start;
        size_t chars = 0, k = start, brk = 0;
        for (; k < len; k++) {
            if (((unsigned char)note[k] & 0xC0) != 0x80)
                chars++;
            if (chars > maxch)
                break;
            if (note[k] == ' ')
                brk = k;
        }
        if (k >= len || n == NOTE_LINES) {
            start = len;
            break;
        }
        start = brk > at[n - 1] ? brk + 1 : k;
        while (start < len && ((unsigned char)note[start] & 0xC0) == 0x80)
            start++;
    }
    at[n] = len;
    return n;
}

/* Do all panels have the same series names (one legend for the chart)? */
static bool legend_shared(const mzr_chart *c)
{
    for (size_t p = 1; p < c->npanel; p++) {
        if (c->panel[p].nseries != c->panel[0].nseries)
            return false;
        for (size_t s = 0; s < c->panel[p].nseries; s++)
            if (strcmp(c->panel[p].series[s].name, c->panel[0].series[s].name) != 0)
                return false;
    }
    return true;
}

/* The data range of the chart's x and y (value axis x for bars). */
static void data_range(const mzr_chart *c, double *xmin, double *xmax, double *ymin, double *ymax)
{
    *xmin = *xmax = *ymin = *ymax = NAN;
    for (size_t p = 0; p < c->npanel; p++)
        for (size_t s = 0; s < c->panel[p].nseries; s++) {
            const mzr_series *se = &c->panel[p].series[s];
            for (size_t k = 0; k < se->n; k++) {
                const mzr_point *pt = &se->pt[k];
                if (!point_ok(c, pt))
                    continue;
                double vx = c->kind == MZR_BARS ? pt->y : pt->x;
                bool vlog = c->kind == MZR_BARS ? false : c->ylog;
                double v[3] = {pt->y, pt->lo, pt->hi};
                if (!(vx >= *xmin))
                    *xmin = isnan(*xmin) || vx < *xmin ? vx : *xmin;
                if (!(vx <= *xmax))
                    *xmax = isnan(*xmax) || vx > *xmax ? vx : *xmax;
                for (int i = 0; i < 3; i++) {
                    if (!drawable(v[i], vlog))
                        continue;
                    if (c->kind == MZR_BARS) {
                        if (isnan(*xmin) || v[i] < *xmin)
                            *xmin = v[i];
                        if (isnan(*xmax) || v[i] > *xmax)
                            *xmax = v[i];
                    } else {
                        if (isnan(*ymin) || v[i] < *ymin)
                            *ymin = v[i];
                        if (isnan(*ymax) || v[i] > *ymax)
                            *ymax = v[i];
                    }
                }
            }
        }
}

/* s cut to at most maxchars characters (the last an ellipsis) into buf,
 * which holds 4 * maxchars + 4 bytes or more. */
static void cut_label(const char *s, char *buf, size_t len, size_t maxchars)
{
    size_t chars = 0, cut = 0;
    for (size_t i = 0; s[i]; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80) {
            if (chars == maxchars - 1)
                cut = i;
            chars++;
        }
    if (chars <= maxchars || maxchars < 2 || cut + 4 > len) {
        snprintf(buf, len, "%s", s);
        return;
    }
    memcpy(buf, s, cut);
    memcpy(buf + cut, "\xE2\x80\xA6", 4); /* U+2026 and the NUL */
}

static void cat_label(const char *s, char *buf, size_t len)
{
    cut_label(s, buf, len, CAT_CHARS);
}

static void draw_marker_legend(const painter *P, double x, double y, const mzr_style *st,
                               bool bars, const char *name)
{
    uint32_t col = st->rgb;
    if (bars) {
        P->rect(P->u, x, y - 5, 14, 9, col, NOSTROKE);
    } else {
        double xy[4] = {x, y - 1, x + 18, y - 1};
        P->line(P->u, xy, 2, col, 1.6, st->dash);
        P->marker(P->u, st->marker, x + 9, y - 1, 3.6, col);
    }
    P->text(P->u, x + 23, y + 3, name, F_LEGEND, ANCHOR_START, false, false, false, INK);
}

/* A legend of panel p's series in a band at (x, y) of width w: columns of
 * equal width; returns the rows it took. */
static size_t draw_legend(const painter *P, const mzr_chart *c, size_t p, double x, double y,
                          double w, bool draw)
{
    const mzr_panel *pn = &c->panel[p];
    if (pn->nseries == 0)
        return 0;
    /* names cut to the band's width */
    double fit = (w - 27) / (0.56 * F_LEGEND);
    size_t maxchars = fit < 4 ? 4 : fit > LEG_CHARS ? LEG_CHARS : (size_t)fit;
    char names[MZR_MAX_SERIES][LEG_CHARS * 4 + 8];
    double widest = 0;
    for (size_t s = 0; s < pn->nseries; s++) {
        cut_label(pn->series[s].name, names[s], sizeof names[s], maxchars);
        double tw = text_w(names[s], F_LEGEND) + 32;
        widest = tw > widest ? tw : widest;
    }
    size_t cols = (size_t)(w / (widest > 1 ? widest : 1));
    if (cols < 1)
        cols = 1;
    if (cols > pn->nseries)
        cols = pn->nseries;
    size_t rows = (pn->nseries + cols - 1) / cols;
    if (draw) {
        double cw = w / (double)cols;
        for (size_t s = 0; s < pn->nseries; s++) {
            /* bars in their categories' colours: the series' swatch grey */
            mzr_style st = pn->series[s].style;
            if (c->kind == MZR_BARS && c->cat_style && pn->nseries == 1)
                st.rgb = MUTED;
            draw_marker_legend(P, x + cw * (double)(s / rows), y + LEG_ROW * (double)(s % rows) + 8,
                               &st, c->kind == MZR_BARS, names[s]);
        }
    }
    return rows;
}

typedef struct box {
    double x, y, w, h;
} box;

/* One panel's plot: grid, axes, ticks, series. */
static void draw_plot(const painter *P, const mzr_chart *c, size_t p, box b, const mzr_axis *ax,
                      const mzr_axis *ay)
{
    const mzr_panel *pn = &c->panel[p];
    bool bars = c->kind == MZR_BARS;
    P->group(P->u, "mz-plot", pn->title, NULL);
    /* grid lines at the value ticks, then the frame's two axes */
    for (size_t i = 0; i < ax->nticks; i++) {
        double x = b.x + b.w * axis_frac(ax, ax->tick[i]);
        double xy[4] = {x, b.y, x, b.y + b.h};
        P->line(P->u, xy, 2, GRID, 0.8, 0);
        P->text(P->u, x, b.y + b.h + 13, ax->label[i], F_TICK, ANCHOR_MIDDLE, false, false, false,
                INK);
    }
    if (!bars)
        for (size_t i = 0; i < ay->nticks; i++) {
            double y = b.y + b.h - b.h * axis_frac(ay, ay->tick[i]);
            double xy[4] = {b.x, y, b.x + b.w, y};
            P->line(P->u, xy, 2, GRID, 0.8, 0);
            P->text(P->u, b.x - 5, y + 3.5, ay->label[i], F_TICK, ANCHOR_END, false, false, false,
                    INK);
        }
    double frame[6] = {b.x, b.y, b.x, b.y + b.h, b.x + b.w, b.y + b.h};
    P->line(P->u, frame, 3, INK, 1, 0);
    size_t any = 0;
    if (bars) {
        double rowh = b.h / (double)(c->ncat ? c->ncat : 1);
        size_t ns = pn->nseries ? pn->nseries : 1;
        double bh = rowh * 0.8 / (double)ns;
        for (size_t k = 0; k < c->ncat; k++) {
            char lb[CAT_CHARS * 4 + 8];
            cat_label(c->cat[k], lb, sizeof lb);
            P->text(P->u, b.x - 5, b.y + rowh * ((double)k + 0.5) + 3.5, lb, F_TICK, ANCHOR_END,
                    false, false, false, INK);
        }
        for (size_t s = 0; s < pn->nseries; s++) {
            const mzr_series *se = &pn->series[s];
            P->group(P->u, "mz-series", se->name, &se->style);
            for (size_t k = 0; k < se->n; k++) {
                const mzr_point *pt = &se->pt[k];
                if (!point_ok(c, pt))
                    continue;
                any++;
                /* one series: each bar in its category's colour, if given */
                const size_t ci = (size_t)pt->x;
                const uint32_t col =
                    c->cat_style && pn->nseries == 1 ? c->cat_style[ci].rgb : se->style.rgb;
                double y0 = b.y + rowh * floor(pt->x) + rowh * 0.1 + bh * (double)s;
                double x1 = b.x + b.w * axis_frac(ax, pt->y), x0 = b.x + b.w * axis_frac(ax, 0);
                P->rect(P->u, x0, y0, x1 - x0, bh, col, NOSTROKE);
                if (drawable(pt->lo, false) && drawable(pt->hi, false)) {
                    double ym = y0 + bh / 2, l = b.x + b.w * axis_frac(ax, pt->lo),
                           h = b.x + b.w * axis_frac(ax, pt->hi);
                    double cap = bh * 0.3 < 4 ? bh * 0.3 : 4;
                    double xy[4] = {l, ym, h, ym};
                    P->line(P->u, xy, 2, INK, 1, 0);
                    double c0[4] = {l, ym - cap, l, ym + cap}, c1[4] = {h, ym - cap, h, ym + cap};
                    P->line(P->u, c0, 2, INK, 1, 0);
                    P->line(P->u, c1, 2, INK, 1, 0);
                }
            }
            P->group(P->u, NULL, NULL, NULL);
        }
    } else {
        size_t ns = pn->nseries;
        double *xy = NULL;
        size_t cap = 0;
        for (size_t s = 0; s < ns; s++) {
            const mzr_series *se = &pn->series[s];
            uint32_t col = se->style.rgb;
            /* series side by side: a few points apart round each x */
            double dx = ((double)s - (double)(ns - 1) / 2) * 3.0;
            P->group(P->u, "mz-series", se->name, &se->style);
            if (se->n * 2 > cap) {
                double *nxy = realloc(xy, se->n * 2 * sizeof *xy);
                if (!nxy) {
                    P->group(P->u, NULL, NULL, NULL);
                    continue;
                }
                xy = nxy;
                cap = se->n * 2;
            }
            size_t m = 0;
            for (size_t k = 0; k < se->n; k++) {
                const mzr_point *pt = &se->pt[k];
                if (!point_ok(c, pt))
                    continue;
                xy[2 * m] = b.x + b.w * axis_frac(ax, pt->x) + dx;
                xy[2 * m + 1] = b.y + b.h - b.h * axis_frac(ay, pt->y);
                m++;
            }
            any += m;
            if (m > 1)
                P->line(P->u, xy, m, col, 1.6, se->style.dash);
            for (size_t k = 0; k < se->n; k++) {
                const mzr_point *pt = &se->pt[k];
                if (!point_ok(c, pt) || !drawable(pt->lo, c->ylog) || !drawable(pt->hi, c->ylog))
                    continue;
                double x = b.x + b.w * axis_frac(ax, pt->x) + dx;
                double l = b.y + b.h - b.h * axis_frac(ay, pt->lo),
                       h = b.y + b.h - b.h * axis_frac(ay, pt->hi);
                double bar[4] = {x, l, x, h}, c0[4] = {x - 3, l, x + 3, l}, c1[4] = {x - 3, h, x + 3, h};
                P->line(P->u, bar, 2, col, 1, 0);
                P->line(P->u, c0, 2, col, 1, 0);
                P->line(P->u, c1, 2, col, 1, 0);
            }
            for (size_t k = 0, j = 0; k < se->n && j < m; k++) {
                if (!point_ok(c, &se->pt[k]))
                    continue;
                if (se->pt[k].flag) { /* noisy: a ring round the marker */
                    double ring[26];
                    for (int q = 0; q < 13; q++) {
                        ring[2 * q] = xy[2 * j] + 6.5 * cos(q * 3.14159265358979323846 / 6);
                        ring[2 * q + 1] = xy[2 * j + 1] + 6.5 * sin(q * 3.14159265358979323846 / 6);
                    }
                    P->group(P->u, "mz-noisy", NULL, NULL);
                    P->line(P->u, ring, 13, INK, 1.1, 0);
                    P->group(P->u, NULL, NULL, NULL);
                }
                P->marker(P->u, se->style.marker, xy[2 * j], xy[2 * j + 1], 3.6, col);
                j++;
            }
            P->group(P->u, NULL, NULL, NULL);
        }
        free(xy);
    }
    if (!any)
        P->text(P->u, b.x + b.w / 2, b.y + b.h / 2, "no data", F_LABEL, ANCHOR_MIDDLE, false, true,
                false, MUTED);
    P->group(P->u, NULL, NULL, NULL);
}

#define MIN_PLOT 120.0 /* a plot's height, at least (bars: MIN_BAR_ROW a category) */
#define MIN_BAR_ROW 13.0

/* Where everything goes on a chart of width w and at least height h. */
typedef struct layout {
    double w, h;           /* h: the height used (h or more) */
    double top, bottom;    /* the panels' band */
    double note_y, xlabel_y, legend_y; /* legend_y: the shared legend's top */
    bool shared;           /* one legend for every panel */
    size_t cols, rows;
    double left, cw, ch;   /* the panels' left edge, a panel's cell */
    double lab;            /* room for the tick (or category) labels */
    double title_h, leg_h; /* a panel's title band and legend band */
    mzr_axis ax, ay;
} layout;

static void layout_make(const painter *P, const mzr_chart *c, double w, double h, layout *L)
{
    bool bars = c->kind == MZR_BARS;
    memset(L, 0, sizeof *L);
    L->w = w;
    L->top = 50;
    L->left = 24;
    double xmin, xmax, ymin, ymax;
    data_range(c, &xmin, &xmax, &ymin, &ymax);
    mzr_axis_make(&L->ax, bars ? false : c->xlog, xmin, xmax, bars);
    if (c->xint && !bars && !c->xlog) { /* whole numbers only */
        size_t m = 0;
        for (size_t i = 0; i < L->ax.nticks; i++)
            if (L->ax.tick[i] == floor(L->ax.tick[i])) {
                L->ax.tick[m] = L->ax.tick[i];
                memmove(L->ax.label[m], L->ax.label[i], sizeof L->ax.label[m]);
                m++;
            }
        L->ax.nticks = m;
    }
    mzr_axis_make(&L->ay, bars ? false : c->ylog, ymin, ymax, false);
    size_t npanel = c->npanel;
    L->shared = npanel > 0 && legend_shared(c);
    double shared_h = 0;
    if (L->shared)
        shared_h = LEG_ROW * (double)draw_legend(P, c, 0, 12, 0, w - 24, false) + 8;
    /* below the panels: the x label, the shared legend, the note */
    size_t nat[NOTE_LINES + 1];
    const double note_h = c->note[0] ? 14 + NOTE_ROW * (double)(note_wrap(c->note, w - 24, nat) - 1)
                                     : 0;
    double below = 8 + note_h + shared_h + 16;
    L->cols = npanel <= 1 ? 1 : npanel <= 4 ? 2 : 3;
    if (bars && L->cols > 2)
        L->cols = 2;
    while (L->cols > 1 && (w - L->left) / (double)L->cols < 220)
        L->cols--;
    L->rows = npanel ? (npanel + L->cols - 1) / L->cols : 1;
    L->cw = (w - L->left) / (double)L->cols;
    /* room left of a plot for the tick labels (or category labels) */
    if (bars) {
        for (size_t k = 0; k < c->ncat; k++) {
            char lb[CAT_CHARS * 4 + 8];
            cat_label(c->cat[k], lb, sizeof lb);
            double tw = text_w(lb, F_TICK);
            L->lab = tw > L->lab ? tw : L->lab;
        }
    } else {
        for (size_t i = 0; i < L->ay.nticks; i++) {
            double tw = text_w(L->ay.label[i], F_TICK);
            L->lab = tw > L->lab ? tw : L->lab;
        }
    }
    if (L->lab > L->cw * 0.45)
        L->lab = L->cw * 0.45;
    /* every panel gets the same title and legend bands, so plots line up */
    for (size_t p = 0; p < npanel; p++) {
        if (c->panel[p].title[0])
            L->title_h = 18;
        if (!L->shared) {
            size_t lr = draw_legend(P, c, p, 0, 0, L->cw - L->lab - 22, false);
            double lh = LEG_ROW * (double)lr + 4;
            L->leg_h = lh > L->leg_h ? lh : L->leg_h;
        }
    }
    double min_plot = bars ? MIN_BAR_ROW * (double)c->ncat : MIN_PLOT;
    if (min_plot < MIN_PLOT)
        min_plot = MIN_PLOT;
    double need = L->top + (double)L->rows * (4 + L->title_h + min_plot + 22 + L->leg_h) + below;
    L->h = h > need ? h : need;
    L->note_y = L->h - 10 - (note_h > 14 ? note_h - 14 : 0);
    L->legend_y = L->h - 8 - note_h - shared_h;
    L->xlabel_y = L->legend_y - 4;
    L->bottom = L->xlabel_y - 14;
    L->ch = (L->bottom - L->top) / (double)L->rows;
}

double mzr_chart_height(const mzr_chart *c, double w, double h)
{
    painter P = {0};
    layout L;
    layout_make(&P, c, w, h, &L);
    return L.h;
}

/* Lay the chart out on w x h (or taller) and draw it. */
static void draw_chart(const painter *P, const mzr_chart *c, double w, double h)
{
    layout L;
    layout_make(P, c, w, h, &L);
    P->rect(P->u, 0, 0, w, L.h, 0xFFFFFF, NOSTROKE);
    P->text(P->u, 12, 20, c->title, F_TITLE, ANCHOR_START, true, false, false, INK);
    P->text(P->u, 12, 37, c->question, F_QUESTION, ANCHOR_START, false, true, false, MUTED);
    size_t at[NOTE_LINES + 1];
    const size_t nl = note_wrap(c->note, w - 24, at);
    for (size_t k = 0; k < nl; k++) {
        size_t e = at[k + 1];
        while (e > at[k] && c->note[e - 1] == ' ')
            e--;
        char *line = malloc(e - at[k] + 1);
        if (!line)
            break;
        memcpy(line, c->note + at[k], e - at[k]);
        line[e - at[k]] = '\0';
        P->text(P->u, 12, L.note_y + NOTE_ROW * (double)k, line, F_NOTE, ANCHOR_START, false,
                false, false, MUTED);
        free(line);
    }
    if (L.shared)
        draw_legend(P, c, 0, 12, L.legend_y, w - 24, true);
    P->text(P->u, w / 2, L.xlabel_y, c->xlabel, F_LABEL, ANCHOR_MIDDLE, false, false, false, INK);
    P->text(P->u, 16, (L.top + L.bottom) / 2, c->ylabel, F_LABEL, ANCHOR_MIDDLE, false, false,
            true, INK);
    if (c->npanel == 0) {
        P->text(P->u, w / 2, (L.top + L.bottom) / 2, "no data", F_LABEL, ANCHOR_MIDDLE, false,
                true, false, MUTED);
        return;
    }
    for (size_t p = 0; p < c->npanel; p++) {
        double px = L.left + L.cw * (double)(p % L.cols), py = L.top + L.ch * (double)(p / L.cols);
        double pw = L.cw - L.lab - 22, x0 = px + L.lab + 8;
        if (c->panel[p].title[0])
            P->text(P->u, x0 + pw / 2, py + 14, c->panel[p].title, F_LABEL, ANCHOR_MIDDLE, true,
                    false, false, INK);
        box b = {x0, py + 4 + L.title_h, pw, L.ch - 4 - L.title_h - 22 - L.leg_h};
        if (b.h < 20)
            b.h = 20;
        if (b.w < 20)
            b.w = 20;
        draw_plot(P, c, p, b, &L.ax, &L.ay);
        if (!L.shared)
            draw_legend(P, c, p, b.x, b.y + b.h + 20, b.w, true);
    }
}

/* s with every byte that does not start or continue a valid UTF-8
 * sequence replaced by '?' (a name read from a file may be Latin-1; XML
 * and cairo take UTF-8 only); in buf when it differs, else s itself. */
static const char *utf8_clean(const char *s, char *buf, size_t len)
{
    size_t o = 0;
    bool changed = false;
    for (size_t i = 0; s[i] && o + 5 < len;) {
        const unsigned char *u = (const unsigned char *)s + i;
        size_t n = u[0] < 0x80 ? 1 : (u[0] & 0xE0) == 0xC0 && u[0] >= 0xC2 ? 2
                 : (u[0] & 0xF0) == 0xE0 ? 3 : (u[0] & 0xF8) == 0xF0 && u[0] <= 0xF4 ? 4 : 0;
        for (size_t k = 1; k < n; k++)
            if ((u[k] & 0xC0) != 0x80)
                n = 0;
        if (n == 3 && ((u[0] == 0xE0 && u[1] < 0xA0) || (u[0] == 0xED && u[1] >= 0xA0)))
            n = 0; /* overlong, or a surrogate */
        if (n == 4 && ((u[0] == 0xF0 && u[1] < 0x90) || (u[0] == 0xF4 && u[1] >= 0x90)))
            n = 0; /* overlong, or past U+10FFFF */
        if (n == 0) {
            buf[o++] = '?';
            i++;
            changed = true;
            continue;
        }
        memcpy(buf + o, u, n);
        o += n;
        i += n;
    }
    if (!changed && strlen(s) == o)
        return s;
    buf[o] = '\0';
    return buf;
}

/* XML text of s, its bytes made valid UTF-8 first. */
static void xml_text(FILE *f, const char *s)
{
    char buf[1024];
    mzo_xml_text(f, utf8_clean(s, buf, sizeof buf));
}

/* ------------------------------------------------------------------ */
/* SVG text                                                            */
/* ------------------------------------------------------------------ */

typedef struct svg_out {
    FILE *f;
} svg_out;

static void svg_rgb(FILE *f, uint32_t rgb)
{
    fprintf(f, "#%06x", (unsigned)(rgb & 0xFFFFFF));
}

static void svg_line(void *u, const double *xy, size_t n, uint32_t rgb, double width, int dash)
{
    FILE *f = ((svg_out *)u)->f;
    fputs("<path d=\"", f);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s%.1f %.1f", i ? " L" : "M", xy[2 * i], xy[2 * i + 1]);
    fputs("\" fill=\"none\" stroke=\"", f);
    svg_rgb(f, rgb);
    fprintf(f, "\" stroke-width=\"%.1f\"", width);
    size_t nd = dash_count(dash);
    if (nd) {
        fputs(" stroke-dasharray=\"", f);
        for (size_t i = 0; i < nd; i++)
            fprintf(f, "%s%g", i ? " " : "", dash_len[dash][i]);
        fputc('"', f);
    }
    fputs("/>\n", f);
}

static void svg_rect(void *u, double x, double y, double w, double h, uint32_t fill,
                     uint32_t stroke)
{
    FILE *f = ((svg_out *)u)->f;
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"", x, y,
            w < 0 ? 0 : w, h < 0 ? 0 : h);
    svg_rgb(f, fill);
    fputc('"', f);
    if (stroke != NOSTROKE) {
        fputs(" stroke=\"", f);
        svg_rgb(f, stroke);
        fputc('"', f);
    }
    fputs("/>\n", f);
}

/* The outline of a marker as a path of points (count returned). */
static size_t marker_pts(int shape, double x, double y, double r, double *xy)
{
    switch (shape) {
    case MK_SQUARE: {
        double a = r * 0.88;
        double p[8] = {x - a, y - a, x + a, y - a, x + a, y + a, x - a, y + a};
        memcpy(xy, p, sizeof p);
        return 4;
    }
    case MK_TRIANGLE: {
        double p[6] = {x, y - r * 1.15, x + r * 1.05, y + r * 0.7, x - r * 1.05, y + r * 0.7};
        memcpy(xy, p, sizeof p);
        return 3;
    }
    case MK_DIAMOND: {
        double a = r * 1.2;
        double p[8] = {x, y - a, x + a, y, x, y + a, x - a, y};
        memcpy(xy, p, sizeof p);
        return 4;
    }
    case MK_TRIANGLE_DOWN: {
        double p[6] = {x, y + r * 1.15, x + r * 1.05, y - r * 0.7, x - r * 1.05, y - r * 0.7};
        memcpy(xy, p, sizeof p);
        return 3;
    }
    case MK_CROSS: { /* a plus with arms of width r*0.7 */
        double a = r * 1.1, t = r * 0.38;
        double p[24] = {x - t, y - a, x + t, y - a, x + t, y - t, x + a, y - t, x + a, y + t,
                        x + t, y + t, x + t, y + a, x - t, y + a, x - t, y + t, x - a, y + t,
                        x - a, y - t, x - t, y - t};
        memcpy(xy, p, sizeof p);
        return 12;
    }
    default: return 0; /* a circle */
    }
}

static void svg_marker(void *u, int shape, double x, double y, double r, uint32_t rgb)
{
    FILE *f = ((svg_out *)u)->f;
    double xy[24];
    size_t n = marker_pts(shape % MZR_MARKERS_N, x, y, r, xy);
    if (n == 0) {
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"", x, y, r);
    } else {
        fputs("<path d=\"", f);
        for (size_t i = 0; i < n; i++)
            fprintf(f, "%s%.1f %.1f", i ? " L" : "M", xy[2 * i], xy[2 * i + 1]);
        fputs("Z\"", f);
    }
    fputs(" fill=\"", f);
    svg_rgb(f, rgb);
    fputs("\" stroke=\"#ffffff\" stroke-width=\"0.8\"/>\n", f);
}

static void svg_text(void *u, double x, double y, const char *s, double size, int anchor, bool bold,
                     bool italic, bool vertical, uint32_t rgb)
{
    FILE *f = ((svg_out *)u)->f;
    static const char *const anchors[] = {"start", "middle", "end"};
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%g\"", x, y, size);
    if (anchor != ANCHOR_START)
        fprintf(f, " text-anchor=\"%s\"", anchors[anchor]);
    if (bold)
        fputs(" font-weight=\"bold\"", f);
    if (italic)
        fputs(" font-style=\"italic\"", f);
    if (vertical)
        fprintf(f, " transform=\"rotate(-90 %.1f %.1f)\"", x, y);
    if ((rgb & 0xFFFFFF) != INK) {
        fputs(" fill=\"", f);
        svg_rgb(f, rgb);
        fputc('"', f);
    }
    fputc('>', f);
    xml_text(f, s);
    fputs("</text>\n", f);
}

static void svg_group(void *u, const char *cls, const char *label, const mzr_style *st)
{
    FILE *f = ((svg_out *)u)->f;
    if (!cls) {
        fputs("</g>\n", f);
        return;
    }
    fprintf(f, "<g class=\"%s\"", cls);
    if (label && label[0]) {
        fputs(" data-name=\"", f);
        xml_text(f, label);
        fputc('"', f);
    }
    if (st)
        fprintf(f, " data-colour=\"#%06x\" data-marker=\"%d\" data-dash=\"%d\"",
                (unsigned)(st->rgb & 0xFFFFFF), st->marker, st->dash);
    fputs(">\n", f);
}

void mzr_chart_svg(FILE *f, const mzr_chart *c, double w, double h)
{
    svg_out so = {f};
    painter P = {&so, svg_line, svg_rect, svg_marker, svg_text, svg_group};
    h = mzr_chart_height(c, w, h);
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"mz-chart\" data-chart=\"%s\" "
            "viewBox=\"0 0 %g %g\" width=\"%g\" height=\"%g\" role=\"img\" "
            "aria-labelledby=\"chart-%s-title chart-%s-desc\" "
            "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" fill=\"#222222\" "
            "style=\"max-width:100%%;height:auto\">\n",
            c->name, w, h, w, h, c->name, c->name);
    fprintf(f, "<title id=\"chart-%s-title\">", c->name);
    xml_text(f, c->title);
    fprintf(f, "</title>\n<desc id=\"chart-%s-desc\">", c->name);
    xml_text(f, c->question);
    if (c->note[0]) {
        fputc(' ', f);
        xml_text(f, c->note);
    }
    fputs("</desc>\n", f);
    draw_chart(&P, c, w, h);
    fputs("</svg>\n", f);
}

/* ------------------------------------------------------------------ */
/* cairo                                                               */
/* ------------------------------------------------------------------ */

#ifdef MZ_HAVE_CAIRO

bool mzr_have_cairo(void)
{
    return true;
}

static void cr_rgb(cairo_t *cr, uint32_t rgb)
{
    cairo_set_source_rgb(cr, ((rgb >> 16) & 0xFF) / 255.0, ((rgb >> 8) & 0xFF) / 255.0,
                         (rgb & 0xFF) / 255.0);
}

static void cr_line(void *u, const double *xy, size_t n, uint32_t rgb, double width, int dash)
{
    cairo_t *cr = u;
    if (n < 2)
        return;
    cairo_move_to(cr, xy[0], xy[1]);
    for (size_t i = 1; i < n; i++)
        cairo_line_to(cr, xy[2 * i], xy[2 * i + 1]);
    cr_rgb(cr, rgb);
    cairo_set_line_width(cr, width);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_dash(cr, dash_len[dash], (int)dash_count(dash), 0);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
}

static void cr_rect(void *u, double x, double y, double w, double h, uint32_t fill,
                    uint32_t stroke)
{
    cairo_t *cr = u;
    cairo_rectangle(cr, x, y, w < 0 ? 0 : w, h < 0 ? 0 : h);
    cr_rgb(cr, fill);
    if (stroke == NOSTROKE) {
        cairo_fill(cr);
        return;
    }
    cairo_fill_preserve(cr);
    cr_rgb(cr, stroke);
    cairo_set_line_width(cr, 1);
    cairo_stroke(cr);
}

static void cr_marker(void *u, int shape, double x, double y, double r, uint32_t rgb)
{
    cairo_t *cr = u;
    double xy[24];
    size_t n = marker_pts(shape % MZR_MARKERS_N, x, y, r, xy);
    if (n == 0) {
        cairo_new_sub_path(cr);
        cairo_arc(cr, x, y, r, 0, 2 * 3.14159265358979323846);
    } else {
        cairo_move_to(cr, xy[0], xy[1]);
        for (size_t i = 1; i < n; i++)
            cairo_line_to(cr, xy[2 * i], xy[2 * i + 1]);
        cairo_close_path(cr);
    }
    cr_rgb(cr, rgb);
    cairo_fill_preserve(cr);
    cr_rgb(cr, 0xFFFFFF);
    cairo_set_line_width(cr, 0.8);
    cairo_stroke(cr);
}

static void cr_text(void *u, double x, double y, const char *s, double size, int anchor, bool bold,
                    bool italic, bool vertical, uint32_t rgb)
{
    cairo_t *cr = u;
    cairo_select_font_face(cr, "sans-serif",
                           italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
    char buf[1024];
    s = utf8_clean(s, buf, sizeof buf);
    cairo_text_extents_t e;
    cairo_text_extents(cr, s, &e);
    double dx = anchor == ANCHOR_MIDDLE ? -e.x_advance / 2 : anchor == ANCHOR_END ? -e.x_advance : 0;
    cairo_save(cr);
    cairo_translate(cr, x, y);
    if (vertical)
        cairo_rotate(cr, -3.14159265358979323846 / 2);
    cairo_move_to(cr, dx, 0);
    cr_rgb(cr, rgb);
    cairo_show_text(cr, s);
    cairo_restore(cr);
}

static void cr_group(void *u, const char *cls, const char *label, const mzr_style *st)
{
    (void)u;
    (void)cls;
    (void)label;
    (void)st;
}

static cairo_status_t cr_write(void *closure, const unsigned char *data, unsigned int len)
{
    return fwrite(data, 1, len, closure) == len ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

static int cairo_write(FILE *f, const mzr_chart *c, bool pdf, double w, double h, char *err,
                       size_t errlen)
{
    h = mzr_chart_height(c, w, h);
    cairo_surface_t *sf = pdf ? cairo_pdf_surface_create_for_stream(cr_write, f, w, h)
                              : cairo_svg_surface_create_for_stream(cr_write, f, w, h);
    cairo_status_t cs = cairo_surface_status(sf);
    if (cs == CAIRO_STATUS_SUCCESS) {
        cairo_t *cr = cairo_create(sf);
        painter P = {cr, cr_line, cr_rect, cr_marker, cr_text, cr_group};
        draw_chart(&P, c, w, h);
        cs = cairo_status(cr);
        cairo_destroy(cr);
    }
    cairo_surface_finish(sf);
    if (cs == CAIRO_STATUS_SUCCESS)
        cs = cairo_surface_status(sf);
    cairo_surface_destroy(sf);
    if (cs != CAIRO_STATUS_SUCCESS) {
        snprintf(err, errlen, "chart %s: cairo: %s", c->name, cairo_status_to_string(cs));
        return MZO_FAIL;
    }
    return MZO_OK;
}

#else

bool mzr_have_cairo(void)
{
    return false;
}

static int cairo_write(FILE *f, const mzr_chart *c, bool pdf, double w, double h, char *err,
                       size_t errlen)
{
    (void)f;
    (void)w;
    (void)h;
    snprintf(err, errlen,
             "%s charts need cairo: this mazebench was built without it (Debian package "
             "libcairo2-dev, then rebuild)",
             pdf ? "PDF" : "cairo SVG");
    (void)c;
    return MZO_BAD;
}

#endif /* MZ_HAVE_CAIRO */

int mzr_chart_write(FILE *f, const mzr_chart *c, enum mzr_format fmt, double w, double h,
                    char *err, size_t errlen)
{
    switch (fmt) {
    case MZR_SVG_TEXT:
        fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
        mzr_chart_svg(f, c, w, h);
        if (ferror(f)) {
            snprintf(err, errlen, "chart %s: write error", c->name);
            return MZO_FAIL;
        }
        return MZO_OK;
    case MZR_SVG_CAIRO: return cairo_write(f, c, false, w, h, err, errlen);
    case MZR_PDF: return cairo_write(f, c, true, w, h, err, errlen);
    }
    snprintf(err, errlen, "chart %s: unknown format", c->name);
    return MZO_BAD;
}

int mzr_charts_export(const mzr_chart *c, size_t n, const char *dir, double w, double h,
                      bool force, char *err, size_t errlen)
{
    if (!(w >= 200 && w <= 5000 && h >= 200 && h <= 5000)) {
        snprintf(err, errlen, "chart size %gx%g: each side from 200 to 5000 points", w, h);
        return MZO_BAD;
    }
    if (!mzr_have_cairo()) {
        int rc = cairo_write(NULL, n ? &c[0] : NULL, true, w, h, err, errlen);
        return rc;
    }
    mzo_out *outs = calloc(2 * (n ? n : 1), sizeof *outs);
    mzo_out **ptrs = calloc(2 * (n ? n : 1), sizeof *ptrs);
    if (!outs || !ptrs) {
        free(outs);
        free(ptrs);
        snprintf(err, errlen, "charts: out of memory");
        return MZO_FAIL;
    }
    int rc = MZO_OK;
    size_t opened = 0;
    /* open every file first: an existing one refuses the whole export */
    for (size_t i = 0; i < 2 * n && rc == MZO_OK; i++) {
        const char *ext = i % 2 ? "pdf" : "svg";
        size_t len = strlen(dir) + strlen(c[i / 2].name) + 8;
        char *path = malloc(len);
        if (!path) {
            snprintf(err, errlen, "charts: out of memory");
            rc = MZO_FAIL;
            break;
        }
        snprintf(path, len, "%s/%s.%s", dir, c[i / 2].name, ext);
        rc = mzo_out_open(&outs[i], path, force ? MZO_OUT_FORCE : 0, err, errlen);
        free(path);
        if (rc == MZO_OK)
            ptrs[opened++] = &outs[i];
    }
    for (size_t i = 0; i < 2 * n && rc == MZO_OK; i++)
        rc = mzr_chart_write(outs[i].f, &c[i / 2], i % 2 ? MZR_PDF : MZR_SVG_CAIRO, w, h, err,
                             errlen);
    if (rc == MZO_OK)
        rc = mzo_outs_commit(ptrs, opened, err, errlen);
    if (rc != MZO_OK)
        for (size_t i = 0; i < opened; i++)
            mzo_out_abort(ptrs[i]);
    free(outs);
    free(ptrs);
    return rc;
}

/* ------------------------------------------------------------------ */
/* The points as CSV                                                   */
/* ------------------------------------------------------------------ */

static void csv_num(FILE *f, double v)
{
    fputc(',', f);
    if (isfinite(v))
        fprintf(f, "%.17g", v);
}

void mzr_chart_csv(FILE *f, const mzr_chart *c, bool header)
{
    if (header) {
        /* the chart's texts and axes as '#' lines (one line each) */
        const char *const key[5] = {"title", "question", "note", "xlabel", "ylabel"};
        const char *const val[5] = {c->title, c->question, c->note, c->xlabel, c->ylabel};
        for (int k = 0; k < 5; k++) {
            fprintf(f, "# %s: ", key[k]);
            for (const char *p = val[k]; *p; p++)
                fputc(*p == '\n' || *p == '\r' ? ' ' : *p, f);
            fputc('\n', f);
        }
        fprintf(f, "# kind: %s\n# xlog: %d\n# ylog: %d\n", c->kind == MZR_BARS ? "bars" : "lines",
                c->xlog ? 1 : 0, c->ylog ? 1 : 0);
        fputs("chart,panel,series,category,x,y,lo,hi,colour,marker,dash,noisy\n", f);
    }
    for (size_t p = 0; p < c->npanel; p++)
        for (size_t s = 0; s < c->panel[p].nseries; s++) {
            const mzr_series *se = &c->panel[p].series[s];
            for (size_t k = 0; k < se->n; k++) {
                const mzr_point *pt = &se->pt[k];
                const bool bar = c->kind == MZR_BARS && isfinite(pt->x) && pt->x >= 0 &&
                                 pt->x < (double)c->ncat;
                const size_t ci = bar ? (size_t)pt->x : 0;
                const mzr_style *st =
                    bar && c->cat_style && c->panel[p].nseries == 1 ? &c->cat_style[ci] : &se->style;
                mzo_csv_string(f, c->name);
                fputc(',', f);
                mzo_csv_string(f, c->panel[p].title);
                fputc(',', f);
                mzo_csv_string(f, se->name);
                fputc(',', f);
                mzo_csv_string(f, bar ? c->cat[ci] : "");
                csv_num(f, pt->x);
                csv_num(f, pt->y);
                csv_num(f, pt->lo);
                csv_num(f, pt->hi);
                fprintf(f, ",#%06x,%d,%d,%d\n", (unsigned)(st->rgb & 0xFFFFFF), st->marker,
                        st->dash, pt->flag ? 1 : 0);
            }
        }
}
