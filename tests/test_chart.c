/*
 * test_chart.c - the report's charts (src/report/chart.c, charts_pick.c):
 *
 *   - axes: a log axis has its ticks at powers of ten (2 and 5 between
 *     them under two decades, every other decade past eight) and ends on
 *     decades; a linear one at 1, 2 or 5 times a power of ten, 3 to 8 of
 *     them, covering the data; empty and constant data get an axis too;
 *   - the palette's colours are distinct; a panel takes at most six series;
 *   - the charts of a made-up sweep summary: the expected ones, every
 *     panel at most six series, every generator and solver in exactly one
 *     panel, axis labels with their units, each point's interval the
 *     group's own;
 *   - NaN, infinite and empty data: never drawn as numbers, "no data"
 *     where nothing is left; the SVG text is the same bytes every time;
 *   - the export: NAME.svg and NAME.pdf (%PDF) in a folder, an existing
 *     file refused without force, a size out of range refused.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "out/out.h"
#include "report/chart.h"
#include "tools/summary.h"

/* What mzr_chart_svg writes for c, as a string to free. */
static char *svg_of(const mzr_chart *c, double w, double h)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    mzr_chart_svg(f, c, w, h);
    long n = ftell(f);
    assert_true(n > 0);
    char *s = malloc((size_t)n + 1);
    assert_non_null(s);
    rewind(f);
    assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
    s[n] = '\0';
    fclose(f);
    return s;
}

static size_t count(const char *s, const char *needle)
{
    size_t n = 0;
    for (const char *p = strstr(s, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

static bool is_power_of_ten(double v)
{
    double p = 1;
    if (v >= 1) {
        while (p < v)
            p *= 10;
        return p == v;
    }
    for (int k = 0; k < 30; k++, p /= 10)
        if (fabs(v - p) <= 1e-12 * p)
            return true;
    return false;
}

/* 1, 2 or 5 times a power of ten */
static bool is_round_step(double s)
{
    return is_power_of_ten(s) || is_power_of_ten(s / 2) || is_power_of_ten(s / 5);
}

/* Every tick inside the axis, increasing, and the data inside too. */
static void check_axis(const mzr_axis *a, double dmin, double dmax)
{
    assert_true(a->nticks >= 2);
    assert_true(a->lo <= dmin && a->hi >= dmax);
    for (size_t i = 0; i < a->nticks; i++) {
        assert_true(a->tick[i] >= a->lo && a->tick[i] <= a->hi);
        assert_true(i == 0 || a->tick[i] > a->tick[i - 1]);
        assert_true(a->label[i][0] != '\0');
    }
}

static void test_axis_log(void **state)
{
    (void)state;
    mzr_axis a;
    mzr_axis_make(&a, true, 3.2, 4500, false);
    check_axis(&a, 3.2, 4500);
    assert_int_equal(a.nticks, 3); /* 10, 100, 1k: decades only */
    for (size_t i = 0; i < a.nticks; i++)
        assert_true(is_power_of_ten(a.tick[i]));
    assert_string_equal(a.label[0], "10");
    assert_string_equal(a.label[2], "1k");
    /* a little past the data, not to the next decades */
    assert_true(a.lo > 2 && a.hi < 7000);
    mzr_axis_make(&a, true, 961, 100489, false);
    check_axis(&a, 961, 100489);
    assert_string_equal(a.label[0], "1k");
    assert_string_equal(a.label[2], "100k");
    /* under a decade: 2 and 5 times them (here 20 and 50), in order */
    mzr_axis_make(&a, true, 12, 80, false);
    check_axis(&a, 12, 80);
    assert_int_equal(a.nticks, 2);
    assert_string_equal(a.label[0], "20");
    assert_string_equal(a.label[1], "50");
    /* narrower still: 1.5, 2, 3 (at least three ticks) */
    mzr_axis_make(&a, true, 14, 31, false);
    check_axis(&a, 14, 31);
    assert_true(a.nticks >= 3);
    /* many decades: every other one, still powers of ten */
    mzr_axis_make(&a, true, 0.001, 1e12, false);
    check_axis(&a, 0.001, 1e12);
    assert_true(a.nticks <= 9);
    for (size_t i = 0; i < a.nticks; i++)
        assert_true(is_power_of_ten(a.tick[i]));
    assert_string_equal(a.label[0], "0.01"); /* even powers: 10^-2, 1, 100 ... */
    /* one value, empty or not positive data: still an axis with ticks */
    mzr_axis_make(&a, true, 50, 50, false);
    check_axis(&a, 50, 50);
    mzr_axis_make(&a, true, NAN, NAN, false);
    check_axis(&a, 1, 10);
    mzr_axis_make(&a, true, -5, 0, false);
    check_axis(&a, 1, 10);
}

static void test_axis_linear(void **state)
{
    (void)state;
    static const double cases[][2] = {{0.13, 0.87}, {12, 4000}, {-3, 17}, {5, 5}, {0, 0},
                                      {1e6, 3.2e6}, {99.5, 100.5}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mzr_axis a;
        mzr_axis_make(&a, false, cases[i][0], cases[i][1], false);
        assert_true(a.nticks >= 3 && a.nticks <= 9);
        double step = a.tick[1] - a.tick[0];
        assert_true(is_round_step(step) || fabs(step - 0.1) < 1e-9 || fabs(step - 0.2) < 1e-9);
        assert_true(a.lo <= cases[i][0] && a.hi >= cases[i][1]);
        assert_true(a.tick[0] == a.lo);
        assert_true(fabs(a.tick[a.nticks - 1] - a.hi) < 1e-9 * (fabs(a.hi) + 1));
        for (size_t k = 0; k < a.nticks; k++) {
            assert_true(a.label[k][0] != '\0');
            assert_null(strstr(a.label[k], "e-"));
        }
    }
    mzr_axis a;
    mzr_axis_make(&a, false, 31, 46, true); /* bars start at 0 */
    assert_true(a.lo == 0 && a.hi >= 46);
    mzr_axis_make(&a, false, NAN, 3, false);
    assert_true(a.lo == 0 && a.hi == 1);
    mzr_axis_make(&a, false, 0, 3.2e6, false);
    assert_string_equal(a.label[a.nticks - 1], "3.5M");
}

static void test_palette(void **state)
{
    (void)state;
    for (size_t i = 0; i < MZR_PALETTE_N; i++) {
        assert_true(mzr_palette(i) != 0xFFFFFF);
        for (size_t j = 0; j < i; j++)
            assert_true(mzr_palette(i) != mzr_palette(j));
    }
    /* the first six (a panel's series) are not the weak yellow */
    for (size_t i = 0; i < MZR_MAX_SERIES; i++)
        assert_true(mzr_palette(i) != 0xF0E442);
}

static void test_series_limit(void **state)
{
    (void)state;
    mzr_chart c;
    assert_int_equal(mzr_chart_init(&c, MZR_LINES, "x", "X", "Q?", "a (s)", "b (ns)", 1, 1),
                     MZO_OK);
    size_t p;
    assert_int_equal(mzr_chart_add_panel(&c, "", &p), MZO_OK);
    for (int i = 0; i < MZR_MAX_SERIES; i++)
        assert_int_equal(mzr_chart_add_series(&c, p, "s", NULL), MZO_OK);
    assert_int_equal(mzr_chart_add_series(&c, p, "one too many", NULL), MZO_BAD);
    assert_int_equal(mzr_chart_add_series(&c, p + 1, "no panel", NULL), MZO_BAD);
    /* points keep x order */
    assert_int_equal(mzr_chart_add_point(&c, p, 0, 30, 1, NAN, NAN), MZO_OK);
    assert_int_equal(mzr_chart_add_point(&c, p, 0, 10, 2, NAN, NAN), MZO_OK);
    assert_int_equal(mzr_chart_add_point(&c, p, 0, 20, 3, NAN, NAN), MZO_OK);
    assert_true(c.panel[0].series[0].pt[0].x == 10 && c.panel[0].series[0].pt[2].x == 30);
    /* a NaN x stays after every number */
    assert_int_equal(mzr_chart_add_point(&c, p, 1, 30, 1, NAN, NAN), MZO_OK);
    assert_int_equal(mzr_chart_add_point(&c, p, 1, NAN, 1, NAN, NAN), MZO_OK);
    assert_int_equal(mzr_chart_add_point(&c, p, 1, 10, 1, NAN, NAN), MZO_OK);
    const mzr_point *q = c.panel[0].series[1].pt;
    assert_true(q[0].x == 10 && q[1].x == 30 && isnan(q[2].x));
    mzr_chart_free(&c);
}

/* ---- a made-up summary ---- */

static const char *const gens[] = {"dfs",      "kruskal",      "prim",         "wilson",
                                   "eller",    "sidewinder",   "binary-tree",  "hunt-and-kill",
                                   "dfs+braid", "treasure"};
#define NGEN (sizeof gens / sizeof gens[0])
static const char *const solvers[] = {"bfs",   "astar", "astar:k=0", "astar:k=1.5",
                                      "bibfs", "flood", "wall",      "pledge"};
#define NSOLVE (sizeof solvers / sizeof solvers[0])
static const unsigned sides[] = {31, 101, 317};
#define NSIZE 3

static void median_of(mzt_median *m, double med)
{
    m->n = 10;
    m->med = med;
    m->lo = med * 0.9;
    m->hi = med * 1.2;
    m->min = med * 0.8;
    m->max = med * 1.5;
}

static void group(mzt_sum_group *g, int kind, const char *gen, const char *solver, unsigned side,
                  double t)
{
    memset(g, 0, sizeof *g);
    char buf[16];
    snprintf(buf, sizeof buf, "%u", side);
    g->kind = kind;
    g->gen = strdup(gen);
    g->solver = strdup(solver);
    g->topo = strdup("ortho");
    g->rows = strdup(buf);
    g->cols = strdup(buf);
    g->rng = strdup("mulberry32");
    g->cells = (uint64_t)side * side;
    g->n = 10;
    g->seeds = 10;
    median_of(&g->time, t);
    median_of(&g->memory, 4 + t / 100);
    if (kind == MZT_SUM_GEN) {
        g->fig[MZT_FIG_DEAD_ENDS] = (mzt_spread){10, 0.1 + t / 1000, 0.01, 0.09, 0.15};
        g->fig[MZT_FIG_ROUTE] = (mzt_spread){10, side * 3.0, side * 0.5, side * 2.0, side * 5.0};
    }
}

static void fake_summary(mzt_summary *s)
{
    memset(s, 0, sizeof *s);
    s->ngen = NGEN * NSIZE;
    s->nsolve = 2 * NSOLVE * NSIZE;
    s->ngrp = s->ngen + s->nsolve;
    s->grp = calloc(s->ngrp, sizeof *s->grp);
    assert_non_null(s->grp);
    size_t k = 0;
    for (size_t i = 0; i < NGEN; i++)
        for (size_t z = 0; z < NSIZE; z++)
            group(&s->grp[k++], MZT_SUM_GEN, gens[i], "", sides[z], 10.0 + 7.0 * (double)i + z);
    /* one generator without timings at one size: NaN, not drawn */
    s->grp[1].time.n = 0;
    s->grp[1].time.med = s->grp[1].time.lo = s->grp[1].time.hi = NAN;
    for (size_t gi = 0; gi < 2; gi++) /* dfs and dfs+braid */
        for (size_t i = 0; i < NSOLVE; i++)
            for (size_t z = 0; z < NSIZE; z++)
                group(&s->grp[k++], MZT_SUM_SOLVE, gi ? "dfs+braid" : "dfs", solvers[i], sides[z],
                      20.0 + 30.0 * (double)i);
    /* solver memory from 0 (the first solver at the first size) to 188
     * bytes a cell */
    for (size_t i = NGEN * NSIZE; i < s->ngrp; i++)
        median_of(&s->grp[i].memory, 4.0 * (double)(i - NGEN * NSIZE));
}

static void free_summary(mzt_summary *s)
{
    for (size_t i = 0; i < s->ngrp; i++) {
        mzt_sum_group *g = &s->grp[i];
        free(g->gen);
        free(g->solver);
        free(g->topo);
        free(g->rows);
        free(g->cols);
        free(g->rng);
    }
    free(s->grp);
}

static const mzr_chart *find_chart(const mzr_chart *c, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(c[i].name, name) == 0)
            return &c[i];
    return NULL;
}

/* How many panels of c hold a series named name. */
static size_t panels_with(const mzr_chart *c, const char *name)
{
    size_t n = 0;
    for (size_t p = 0; p < c->npanel; p++)
        for (size_t s = 0; s < c->panel[p].nseries; s++)
            n += strcmp(c->panel[p].series[s].name, name) == 0;
    return n;
}

static void test_from_summary(void **state)
{
    (void)state;
    mzt_summary s;
    fake_summary(&s);
    mzr_chart *c;
    size_t n;
    char err[256];
    assert_int_equal(mzr_charts_from_summary(&s, &c, &n, err, sizeof err), MZO_OK);
    static const char *const want[] = {"gen-time",  "solve-time", "solve-time-loops", "dead-ends",
                                       "routes",    "gen-memory", "solve-memory"};
    assert_int_equal(n, sizeof want / sizeof want[0]);
    for (size_t i = 0; i < n; i++) {
        assert_string_equal(c[i].name, want[i]);
        /* labels carry their units, the question is one */
        assert_true(c[i].xlabel[0] && c[i].ylabel[0] && c[i].title[0]);
        assert_non_null(strchr(c[i].question, '?'));
        if (c[i].kind == MZR_LINES) {
            assert_non_null(strchr(c[i].xlabel, '('));
            assert_non_null(strchr(c[i].ylabel, '('));
        } else {
            assert_non_null(strchr(c[i].xlabel, '('));
        }
        assert_true(c[i].npanel >= 1);
        for (size_t p = 0; p < c[i].npanel; p++)
            assert_true(c[i].panel[p].nseries >= 1 && c[i].panel[p].nseries <= MZR_MAX_SERIES);
        /* the smallest and an odd size draw too, nothing negative or NaN */
        static const double sizes[][2] = {{200, 200}, {5000, 200}, {300, 5000}};
        for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
            double hz = mzr_chart_height(&c[i], sizes[z][0], sizes[z][1]);
            assert_true(hz >= sizes[z][1] && hz < 20000);
            char *o = svg_of(&c[i], sizes[z][0], sizes[z][1]);
            assert_null(strstr(o, "nan"));
            assert_null(strstr(o, "=\"-"));
            free(o);
        }
        char *svg = svg_of(&c[i], 720, 460);
        assert_null(strstr(svg, "nan"));
        assert_null(strstr(svg, "inf"));
        assert_int_equal(count(svg, "<svg"), 1);
        assert_int_equal(count(svg, "</svg>"), 1);
        assert_int_equal(count(svg, "<g class=\"mz-plot\""), c[i].npanel);
        assert_int_equal(count(svg, "<g"), count(svg, "</g>"));
        assert_int_equal(count(svg, "<text"), count(svg, "</text>"));
        free(svg);
    }
    /* generation: a panel a family in the family table's order (uniform:
     * wilson; growth: dfs, prim, hunt-and-kill; sets: kruskal, eller,
     * sidewinder, binary-tree; boards: treasure; loops: dfs+braid); every
     * generator in exactly one panel */
    const mzr_chart *gt = find_chart(c, n, "gen-time");
    assert_int_equal(gt->npanel, 5);
    static const char *const fam[5] = {"uniform spanning trees", "tree growth from a cell",
                                       "sets and rows", "division and designed boards",
                                       "mazes with loops (post stages)"};
    static const size_t fam_n[5] = {1, 3, 4, 1, 1};
    for (size_t p = 0; p < 5; p++) {
        assert_string_equal(gt->panel[p].title, fam[p]);
        assert_int_equal(gt->panel[p].nseries, fam_n[p]);
    }
    assert_string_equal(gt->panel[1].series[0].name, "dfs");
    assert_string_equal(gt->panel[4].series[0].name, "dfs+braid");
    for (size_t i = 0; i < NGEN; i++)
        assert_int_equal(panels_with(gt, gens[i]), 1);
    /* styles: the entry's index in its family (dfs 0, prim 4 of growth;
     * sidewinder 2 of sets), whatever else the run holds */
    assert_int_equal(gt->panel[1].series[0].style.rgb, mzr_palette(0));
    assert_string_equal(gt->panel[1].series[1].name, "prim");
    assert_int_equal(gt->panel[1].series[1].style.rgb, mzr_palette(4));
    assert_int_equal(gt->panel[1].series[1].style.marker, 4);
    assert_string_equal(gt->panel[2].series[2].name, "sidewinder");
    assert_int_equal(gt->panel[2].series[2].style.rgb, mzr_palette(2));
    assert_true(gt->xlog);
    /* the NaN time is kept as a point but not drawable */
    assert_int_equal(mzr_chart_drawable(gt), NGEN * NSIZE - 1);
    /* intervals are each group's own */
    const mzr_point *pt = &gt->panel[1].series[0].pt[0]; /* dfs at 31 x 31 */
    assert_true(pt->x == 961 && pt->y == 10 && pt->lo == 9 && pt->hi == 12);
    /* solvers: on one generator's mazes, two panels of four */
    const mzr_chart *st = find_chart(c, n, "solve-time");
    assert_non_null(strstr(st->question, "dfs"));
    assert_int_equal(st->npanel, 2);
    assert_string_equal(st->panel[0].title, "shortest-route solvers");
    assert_int_equal(st->panel[0].nseries, 5);
    assert_string_equal(st->panel[1].title, "walkers and floods");
    for (size_t i = 0; i < NSOLVE; i++)
        assert_int_equal(panels_with(st, solvers[i]), 1);
    /* astar's three specs: astar's colour, each its own marker and dash */
    assert_string_equal(st->panel[0].series[1].name, "astar");
    for (size_t k = 2; k <= 3; k++) {
        assert_int_equal(st->panel[0].series[k].style.rgb, st->panel[0].series[1].style.rgb);
        assert_int_not_equal(st->panel[0].series[k].style.marker,
                             st->panel[0].series[1].style.marker);
    }
    assert_int_not_equal(st->panel[0].series[2].style.dash, st->panel[0].series[3].style.dash);
    assert_true(st->ylog); /* 20 .. 240 ns: more than a decade */
    /* solver memory spans more than a decade, but a solver that takes
     * none must show: a linear axis */
    const mzr_chart *sm = find_chart(c, n, "solve-memory");
    assert_false(sm->ylog);
    assert_int_equal(mzr_chart_drawable(sm), NSOLVE * NSIZE);
    const mzr_chart *sl = find_chart(c, n, "solve-time-loops");
    assert_non_null(strstr(sl->question, "dfs+braid"));
    /* dead ends: a bar a generator at 317 x 317, in percent */
    const mzr_chart *de = find_chart(c, n, "dead-ends");
    assert_int_equal(de->ncat, NGEN);
    assert_string_equal(de->panel[0].series[0].name, "317 x 317 grid");
    assert_true(fabs(de->panel[0].series[0].pt[0].y - 100 * (0.1 + 12.0 / 1000)) < 1e-9);
    mzr_charts_free(c, n);

    /* a summary without solvers or timings still gets its figures */
    for (size_t i = 0; i < s.ngrp; i++) {
        s.grp[i].time.n = 0;
        s.grp[i].time.med = NAN;
        s.grp[i].memory.n = 0;
        s.grp[i].memory.med = NAN;
    }
    size_t ngrp = s.ngrp, nsolve = s.nsolve;
    s.ngrp = s.ngen;
    s.nsolve = 0;
    assert_int_equal(mzr_charts_from_summary(&s, &c, &n, err, sizeof err), MZO_OK);
    assert_int_equal(n, 2);
    assert_string_equal(c[0].name, "dead-ends");
    assert_string_equal(c[1].name, "routes");
    mzr_charts_free(c, n);
    s.ngrp = ngrp;
    s.nsolve = nsolve;
    free_summary(&s);
    /* an empty summary: no chart */
    mzt_summary e;
    memset(&e, 0, sizeof e);
    assert_int_equal(mzr_charts_from_summary(&e, &c, &n, err, sizeof err), MZO_OK);
    assert_int_equal(n, 0);
    mzr_charts_free(c, n);
}

static void test_nan_and_empty(void **state)
{
    (void)state;
    mzr_chart c;
    assert_int_equal(mzr_chart_init(&c, MZR_LINES, "odd", "Odd <data> & \"quotes\"", "Why?",
                                     "size (cells)", "time (ns)", true, true),
                     MZO_OK);
    size_t p0, p1;
    assert_int_equal(mzr_chart_add_panel(&c, "nothing drawable", &p0), MZO_OK);
    assert_int_equal(mzr_chart_add_series(&c, p0, "not a number", NULL), MZO_OK);
    assert_int_equal(mzr_chart_add_series(&c, p0, "empty", NULL), MZO_OK);
    assert_int_equal(mzr_chart_add_point(&c, p0, 0, NAN, 1, NAN, NAN), MZO_OK);
    assert_int_equal(mzr_chart_add_point(&c, p0, 0, 10, INFINITY, NAN, NAN), MZO_OK);
    assert_int_equal(mzr_chart_add_point(&c, p0, 0, 10, -1, NAN, NAN), MZO_OK); /* log axis */
    assert_int_equal(mzr_chart_add_panel(&c, "one point", &p1), MZO_OK);
    assert_int_equal(mzr_chart_add_series(&c, p1, "caf\xe9 \xff\xc3\xa9", NULL), MZO_OK);
    assert_int_equal(mzr_chart_add_point(&c, p1, 0, 100, 5, -1, NAN), MZO_OK);
    assert_int_equal(mzr_chart_drawable(&c), 1);
    char *a = svg_of(&c, 600, 400), *b = svg_of(&c, 600, 400);
    assert_string_equal(a, b); /* the same bytes every time */
    assert_int_equal(count(a, "no data"), 1);
    assert_null(strstr(a, "nan\""));
    assert_null(strstr(a, "inf"));
    assert_null(strstr(a, "NaN"));
    assert_non_null(strstr(a, "Odd &lt;data&gt; &amp; &quot;quotes&quot;"));
    /* bytes that are not UTF-8 become '?', valid sequences stay */
    assert_non_null(strstr(a, ">caf? ?\xc3\xa9</text>"));
    if (mzr_have_cairo()) { /* cairo takes the same text */
        char err[256];
        FILE *f = tmpfile();
        assert_non_null(f);
        assert_int_equal(mzr_chart_write(f, &c, MZR_PDF, 600, 400, err, sizeof err), MZO_OK);
        fclose(f);
    }
    free(a);
    free(b);
    mzr_chart_free(&c);

    /* a chart of no panel at all */
    assert_int_equal(mzr_chart_init(&c, MZR_BARS, "none", "None", "Q?", "x (%)", "y", false,
                                     false),
                     MZO_OK);
    a = svg_of(&c, 600, 400);
    assert_non_null(strstr(a, "no data"));
    free(a);
    mzr_chart_free(&c);
}

static void test_export(void **state)
{
    (void)state;
    char dir[] = "/tmp/mz-test-chart-XXXXXX";
    assert_non_null(mkdtemp(dir));
    mzt_summary s;
    fake_summary(&s);
    mzr_chart *c;
    size_t n;
    char err[512], path[600];
    assert_int_equal(mzr_charts_from_summary(&s, &c, &n, err, sizeof err), MZO_OK);
    int rc = mzr_charts_export(c, n, dir, 640, 420, false, err, sizeof err);
    if (!mzr_have_cairo()) {
        assert_int_equal(rc, MZO_BAD);
        assert_non_null(strstr(err, "cairo"));
    } else {
        assert_int_equal(rc, MZO_OK);
        for (size_t i = 0; i < n; i++) {
            char head[8] = {0};
            snprintf(path, sizeof path, "%s/%s.pdf", dir, c[i].name);
            FILE *f = fopen(path, "rb");
            assert_non_null(f);
            assert_true(fread(head, 1, 5, f) == 5);
            fclose(f);
            assert_memory_equal(head, "%PDF-", 5);
            unlink(path);
            snprintf(path, sizeof path, "%s/%s.svg", dir, c[i].name);
            f = fopen(path, "rb");
            assert_non_null(f);
            assert_true(fread(head, 1, 5, f) == 5);
            fclose(f);
            assert_memory_equal(head, "<?xml", 5);
        }
        /* an existing file (the SVGs are left) is refused, nothing written */
        assert_int_equal(mzr_charts_export(c, n, dir, 640, 420, false, err, sizeof err), MZO_BAD);
        snprintf(path, sizeof path, "%s/%s.pdf", dir, c[0].name);
        assert_int_equal(access(path, F_OK), -1);
        assert_int_equal(mzr_charts_export(c, n, dir, 640, 420, true, err, sizeof err), MZO_OK);
        for (size_t i = 0; i < n; i++)
            for (int k = 0; k < 2; k++) {
                snprintf(path, sizeof path, "%s/%s.%s", dir, c[i].name, k ? "pdf" : "svg");
                assert_int_equal(unlink(path), 0);
            }
    }
    assert_int_equal(mzr_charts_export(c, n, dir, 100, 420, true, err, sizeof err), MZO_BAD);
    assert_non_null(strstr(err, "200"));
    mzr_charts_free(c, n);
    free_summary(&s);
    assert_int_equal(rmdir(dir), 0);
}

static void test_long_names(void **state)
{
    (void)state;
    char name[201];
    memset(name, 'a', 200);
    name[200] = '\0';
    mzr_chart c;
    size_t p;
    assert_int_equal(mzr_chart_init(&c, MZR_BARS, "long", "Long", "Q?", "x (%)", "y", false,
                                     false),
                     MZO_OK);
    assert_int_equal(mzr_chart_add_cat(&c, name, NULL), MZO_OK);
    assert_int_equal(mzr_chart_add_panel(&c, "", &p), MZO_OK);
    assert_int_equal(mzr_chart_add_series(&c, p, name, NULL), MZO_OK);
    assert_int_equal(mzr_chart_add_point(&c, p, 0, 0, 5, 4, 6), MZO_OK);
    char *svg = svg_of(&c, 300, 300);
    /* the category and the legend entry are cut with an ellipsis */
    char whole[220];
    snprintf(whole, sizeof whole, ">%s</text>", name);
    assert_null(strstr(svg, whole));
    assert_int_equal(count(svg, "\xE2\x80\xA6</text>"), 2);
    free(svg);
    mzr_chart_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_axis_log),     cmocka_unit_test(test_axis_linear),
        cmocka_unit_test(test_palette),      cmocka_unit_test(test_series_limit),
        cmocka_unit_test(test_from_summary), cmocka_unit_test(test_nan_and_empty),
        cmocka_unit_test(test_export),       cmocka_unit_test(test_long_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
