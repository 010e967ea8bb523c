/*
 * charts_pick.c - which charts a sweep summary gets, each answering one
 * question:
 *
 *   gen-time      How does generation time per cell grow with size?
 *   solve-time    How does solving time per cell depend on the solver?
 *                 (on the mazes of one perfect generator, and in
 *                 solve-time-loops of one generator with loops, so no
 *                 point pools mazes of different kinds)
 *   dead-ends     What share of cells are dead ends, by generator?
 *   routes        How does the route from entrance to exit grow with size?
 *   gen-memory    How much memory does generation take per cell?
 *   solve-memory  How much memory does a solver take per cell?
 *
 * Generators and solvers are faceted by family (style.h: the uniform
 * spanning trees, tree growth, ...), a panel a family in the family
 * table's order, a family of more than MZR_MAX_SERIES series over as few
 * panels of even sizes as it needs; every series takes its entry's style
 * (style.h), the same in every chart. Every interval is a group's own
 * (one generator, or one solver on one generator's mazes, at one size):
 * never pooled over other recipes.
 */
#include "chart.h"

#include "mazebench.h"
#include "out/out.h"
#include "tools/summary.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NAME_MAX_LEN 200

/* A list of series names in first-appearance order, each with the panel
 * and series index it got. */
typedef struct slot {
    char name[NAME_MAX_LEN];
    char spec[NAME_MAX_LEN]; /* the entry's spec (its style's key) */
    int kind;                /* MZR_FAM_GEN or MZR_FAM_SOLVE */
    size_t family;           /* index into mzr_families */
    size_t panel, series;
} slot;

typedef struct slots {
    slot *s;
    size_t n, cap;
} slots;

static int slots_find(const slots *l, const char *name)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(l->s[i].name, name) == 0)
            return (int)i;
    return -1;
}

static int slots_add(slots *l, const char *name, const char *spec, int kind,
                     const mzr_styles *st)
{
    if (slots_find(l, name) >= 0)
        return MZO_OK;
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        slot *s = realloc(l->s, cap * sizeof *s);
        if (!s)
            return MZO_FAIL;
        l->s = s;
        l->cap = cap;
    }
    slot *e = &l->s[l->n++];
    memset(e, 0, sizeof *e);
    snprintf(e->name, sizeof e->name, "%s", name);
    snprintf(e->spec, sizeof e->spec, "%s", spec);
    e->kind = kind;
    const mzr_style_entry *se = mzr_styles_find(st, kind, spec);
    e->family = se ? se->family : 0;
    return MZO_OK;
}

/* What a summary holds more than one of (series names then say it), and
 * its outside programs. */
typedef struct variety {
    bool topo, rng;
    const mzr_prog_mark *m;
    size_t nm;
    mzr_styles st; /* every entry's family and style */
} variety;

static const mzr_prog_mark *mark_of(const variety *v, int kind, const char *name)
{
    for (size_t k = 0; k < v->nm; k++)
        if (v->m[k].kind == kind && v->m[k].name && !strcmp(v->m[k].name, name))
            return &v->m[k];
    return NULL;
}

/* A growing note. */
typedef struct note {
    char *s;
    size_t len, cap;
    bool oom;
} note;

static void note_add(note *n, const char *text)
{
    size_t l = strlen(text);
    if (n->oom)
        return;
    if (n->len + l + 1 > n->cap) {
        size_t cap = n->cap ? n->cap : 256;
        while (cap < n->len + l + 1)
            cap *= 2;
        char *a = realloc(n->s, cap);
        if (!a) {
            n->oom = true;
            return;
        }
        n->s = a;
        n->cap = cap;
    }
    memcpy(n->s + n->len, text, l + 1);
    n->len += l;
}

static void series_name(const mzt_sum_group *g, const variety *v, bool solver, char *buf,
                        size_t len)
{
    const char *base = solver ? g->solver : g->gen;
    if (v->topo && v->rng)
        snprintf(buf, len, "%s (%s, %s)", base, g->topo, g->rng);
    else if (v->topo)
        snprintf(buf, len, "%s (%s)", base, g->topo);
    else if (v->rng)
        snprintf(buf, len, "%s (%s)", base, g->rng);
    else
        snprintf(buf, len, "%s", base);
}

static const char *time_suffix(enum mzr_time_src t)
{
    switch (t) {
    case MZR_TIME_OWN: return " (own time)";
    case MZR_TIME_PROCESS: return " (whole process)";
    case MZR_TIME_MIXED: return " (own or whole process)";
    case MZR_TIME_NONE: break;
    }
    return "";
}

/* An entry's series name; in a time chart an outside program's says which
 * time it is. */
static void entry_name(const mzt_sum_group *g, const variety *v, bool solver, bool time,
                       char *buf, size_t len)
{
    series_name(g, v, solver, buf, len);
    const mzr_prog_mark *m =
        mark_of(v, solver ? MZT_SUM_SOLVE : MZT_SUM_GEN, solver ? g->solver : g->gen);
    if (time && m) {
        size_t l = strlen(buf);
        snprintf(buf + l, len - l, "%s", time_suffix(m->time));
    }
}

/* The end of a chart's note: the entries left out (no point), an outside
 * program without a successful run pointed at its section; in a time
 * chart, which entries are outside programs' times. names: the left-out
 * entries' names (n of them), base the note so far. */
static int finish_note(mzr_chart *c, const variety *v, const char *base, char *const *out_names,
                       const int *out_failed, size_t nout, bool time, int kind,
                       const char *const *shown, size_t nshown)
{
    note n = {0};
    note_add(&n, base);
    size_t noisy = 0;
    for (size_t p = 0; p < c->npanel; p++)
        for (size_t s = 0; s < c->panel[p].nseries; s++)
            for (size_t k = 0; k < c->panel[p].series[s].n; k++)
                noisy += c->panel[p].series[s].pt[k].flag;
    if (noisy)
        note_add(&n, " Ringed points are noisy: an interval wider than 25% of the median, or a "
                     "sample past Tukey's far fences (3 IQR) and 25% from the median.");
    if (nout) {
        note_add(&n, " Left out, no value to draw:");
        for (size_t k = 0; k < nout; k++) {
            note_add(&n, k ? ", " : " ");
            note_add(&n, out_names[k]);
            if (out_failed[k] == 1)
                note_add(&n, " (an outside program: no run succeeded; see Outside programs)");
            else if (out_failed[k] == 2)
                note_add(&n, " (an outside program: mazebench does not measure this for it)");
        }
        note_add(&n, ".");
    }
    if (time) {
        bool any = false, proc = false;
        for (size_t k = 0; k < nshown; k++) {
            const mzr_prog_mark *m = mark_of(v, kind, shown[k]);
            if (!m)
                continue;
            if (!any)
                note_add(&n, " Outside programs:");
            note_add(&n, any ? "; " : " ");
            any = true;
            note_add(&n, shown[k]);
            note_add(&n, m->time == MZR_TIME_OWN ? ": the program's own time (own_ns)"
                         : m->time == MZR_TIME_MIXED
                             ? ": the program's own time where a run gave one, else "
                               "whole-process time, start-up included"
                             : ": whole-process time, start-up included (process_ns)");
            proc = proc || m->time != MZR_TIME_OWN;
        }
        if (any)
            note_add(&n, proc ? ". Whole-process times are not comparable with the built-ins' "
                                "in-process times: they include the program's start-up."
                              : ". The built-ins' times are mazebench's in-process clock.");
    }
    int rc = n.oom ? MZO_FAIL : mzr_chart_set_note(c, n.s ? n.s : "");
    free(n.s);
    return rc;
}

/* A generator spec that makes perfect mazes: one stage, flagged so. */
static bool spec_perfect(const char *spec)
{
    mz_spec sp;
    char e[160];
    if (mz_spec_parse(spec, &sp, e, sizeof e) != MZ_OK)
        return false;
    return sp.n == 1 && (sp.stage[0].algo->flags & MZ_F_PERFECT);
}

/* Give every slot a panel: a panel a family (in the family table's order),
 * a family of m series over ceil(m / MZR_MAX_SERIES) panels of even sizes,
 * titled by the family (and "i of k"); every series its entry's style, a
 * later series of the same entry (another shape, another source) the next
 * marker and dash. */
static int place(mzr_chart *c, slots *l, const variety *v)
{
    for (size_t f = 0; f < mzr_nfamilies; f++) {
        size_t m = 0;
        for (size_t i = 0; i < l->n; i++)
            m += l->s[i].family == f;
        if (!m)
            continue;
        size_t k = (m + MZR_MAX_SERIES - 1) / MZR_MAX_SERIES, per = (m + k - 1) / k;
        size_t first = c->npanel, seen = 0;
        for (size_t j = 0; j < k; j++) {
            char t[160];
            if (k > 1)
                snprintf(t, sizeof t, "%s (%zu of %zu)", mzr_families[f].title, j + 1, k);
            else
                snprintf(t, sizeof t, "%s", mzr_families[f].title);
            if (mzr_chart_add_panel(c, t, NULL) != MZO_OK)
                return MZO_FAIL;
        }
        for (size_t i = 0; i < l->n; i++) {
            if (l->s[i].family != f)
                continue;
            l->s[i].panel = first + seen / per;
            seen++;
            if (mzr_chart_add_series(c, l->s[i].panel, l->s[i].name, &l->s[i].series) != MZO_OK)
                return MZO_FAIL;
            const mzr_style_entry *se = mzr_styles_find(&v->st, l->s[i].kind, l->s[i].spec);
            size_t again = 0;
            for (size_t j = 0; j < i; j++)
                again += l->s[j].kind == l->s[i].kind && !strcmp(l->s[j].spec, l->s[i].spec);
            mzr_style style = se ? mzr_style_of(se->slot, se->variant + again)
                                 : mzr_style_of(l->s[i].series, 0);
            if (se && !again)
                style = se->style;
            mzr_chart_series_style(c, l->s[i].panel, l->s[i].series, style);
        }
    }
    return MZO_OK;
}

/* A single family's panels carry no title when there is one panel. */
static void untitle_single(mzr_chart *c)
{
    if (c->npanel == 1)
        c->panel[0].title[0] = '\0';
}

/* Log y when the points span more than a decade and none is 0 or less (a
 * log axis could not show it); log x over sizes four times apart or more. */
static void choose_scales(mzr_chart *c)
{
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    bool nonpositive = false;
    for (size_t p = 0; p < c->npanel; p++)
        for (size_t s = 0; s < c->panel[p].nseries; s++)
            for (size_t k = 0; k < c->panel[p].series[s].n; k++) {
                const mzr_point *pt = &c->panel[p].series[s].pt[k];
                if (isfinite(pt->x) && pt->x > 0) {
                    x0 = pt->x < x0 ? pt->x : x0;
                    x1 = pt->x > x1 ? pt->x : x1;
                }
                if (isfinite(pt->y) && pt->y > 0) {
                    y0 = pt->y < y0 ? pt->y : y0;
                    y1 = pt->y > y1 ? pt->y : y1;
                }
                nonpositive = nonpositive || (isfinite(pt->x) && isfinite(pt->y) && pt->y <= 0);
            }
    c->xlog = x1 >= 4 * x0;
    c->ylog = y1 > 10 * y0 && !nonpositive;
}

enum what { W_TIME, W_MEMORY, W_ROUTE };

static void group_value(const mzt_sum_group *g, enum what w, double *y, double *lo, double *hi)
{
    switch (w) {
    case W_TIME:
        *y = g->time.n ? g->time.med : NAN;
        *lo = g->time.lo;
        *hi = g->time.hi;
        return;
    case W_MEMORY:
        *y = g->memory.n ? g->memory.med : NAN;
        *lo = g->memory.lo;
        *hi = g->memory.hi;
        return;
    case W_ROUTE:
        *y = g->fig[MZT_FIG_ROUTE].n ? g->fig[MZT_FIG_ROUTE].mean : NAN;
        *lo = g->fig[MZT_FIG_ROUTE].min;
        *hi = g->fig[MZT_FIG_ROUTE].max;
        return;
    }
    *y = *lo = *hi = NAN;
}

/* Keep a chart with points; free one without, or one whose making failed
 * (rc). */
static int keep(mzr_chart *c, int rc, mzr_chart **out, size_t *n)
{
    if (rc != MZO_OK) {
        mzr_chart_free(c);
        return rc;
    }
    if (mzr_chart_drawable(c) == 0) {
        mzr_chart_free(c);
        return MZO_OK;
    }
    mzr_chart *a = realloc(*out, (*n + 1) * sizeof *a);
    if (!a) {
        mzr_chart_free(c);
        return MZO_FAIL;
    }
    *out = a;
    a[(*n)++] = *c;
    return MZO_OK;
}

/* The entries a chart leaves out (no value to draw) and the programs it
 * shows, each once. */
typedef struct left_out {
    char **name;
    int *failed;
    size_t n;
    char **shown;
    size_t nshown;
} left_out;

static int push_name(char ***a, size_t *n, const char *name)
{
    for (size_t k = 0; k < *n; k++)
        if (!strcmp((*a)[k], name))
            return MZO_OK;
    char **b = realloc(*a, (*n + 1) * sizeof *b);
    if (!b)
        return MZO_FAIL;
    *a = b;
    size_t l = strlen(name) + 1;
    if (!(b[*n] = malloc(l)))
        return MZO_FAIL;
    memcpy(b[(*n)++], name, l);
    return MZO_OK;
}

static int left_shown(left_out *o, const char *prog)
{
    return push_name(&o->shown, &o->nshown, prog);
}

static int left_add(left_out *o, const variety *v, int kind, const char *prog, const char *nm)
{
    size_t before = o->n;
    if (push_name(&o->name, &o->n, nm) != MZO_OK)
        return MZO_FAIL;
    if (o->n == before)
        return MZO_OK;
    int *f = realloc(o->failed, o->n * sizeof *f);
    if (!f)
        return MZO_FAIL;
    o->failed = f;
    const mzr_prog_mark *m = mark_of(v, kind, prog);
    f[o->n - 1] = !m ? 0 : m->time == MZR_TIME_NONE ? 1 : 2;
    return MZO_OK;
}

static void left_free(left_out *o)
{
    for (size_t k = 0; k < o->n; k++)
        free(o->name[k]);
    for (size_t k = 0; k < o->nshown; k++)
        free(o->shown[k]);
    free(o->name);
    free(o->failed);
    free(o->shown);
}

typedef struct gen_chart {
    const char *name, *title, *question, *ylabel, *note;
    enum what what;
} gen_chart;

/* A chart of the generator groups vs grid size, faceted by family. */
static int gen_vs_size(const mzt_summary *s, const variety *v, const gen_chart *gc,
                       mzr_chart **out, size_t *n)
{
    mzr_chart c;
    slots l = {0};
    char nm[NAME_MAX_LEN];
    int rc = mzr_chart_init(&c, MZR_LINES, gc->name, gc->title, gc->question, "grid size (cells)",
                            gc->ylabel, true, true);
    if (rc != MZO_OK)
        return rc;
    const bool time = gc->what == W_TIME;
    left_out lo_ = {0};
    /* a series only for an entry with a value to draw */
    for (size_t i = 0; i < s->ngen && rc == MZO_OK; i++) {
        double y, lo, hi;
        group_value(&s->grp[i], gc->what, &y, &lo, &hi);
        entry_name(&s->grp[i], v, false, time, nm, sizeof nm);
        if (isfinite(y))
            rc = slots_add(&l, nm, s->grp[i].gen, MZR_FAM_GEN, &v->st) |
                 left_shown(&lo_, s->grp[i].gen);
    }
    for (size_t i = 0; i < s->ngen && rc == MZO_OK; i++) {
        entry_name(&s->grp[i], v, false, time, nm, sizeof nm);
        if (slots_find(&l, nm) < 0)
            rc = left_add(&lo_, v, MZT_SUM_GEN, s->grp[i].gen, nm);
    }
    if (rc == MZO_OK)
        rc = place(&c, &l, v);
    for (size_t i = 0; i < s->ngen && rc == MZO_OK; i++) {
        const mzt_sum_group *g = &s->grp[i];
        double y, lo, hi;
        group_value(g, gc->what, &y, &lo, &hi);
        entry_name(g, v, false, time, nm, sizeof nm);
        int at = slots_find(&l, nm);
        if (at < 0)
            continue;
        const slot *sl = &l.s[at];
        rc = mzr_chart_add_point_flag(&c, sl->panel, sl->series, (double)g->cells, y, lo, hi,
                                      time && g->time.noisy);
    }
    free(l.s);
    if (rc == MZO_OK)
        rc = finish_note(&c, v, gc->note, lo_.name, lo_.failed, lo_.n, time, MZT_SUM_GEN,
                         (const char *const *)lo_.shown, lo_.nshown);
    left_free(&lo_);
    if (rc == MZO_OK) {
        untitle_single(&c);
        choose_scales(&c);
    }
    return keep(&c, rc, out, n);
}

/* The generator whose mazes the solver charts use: the first of the
 * wanted kind (perfect or not) that solvers ran on; NULL when none. */
static const char *solver_gen(const mzt_summary *s, bool perfect)
{
    for (size_t i = 0; i < s->ngen; i++) {
        const char *gen = s->grp[i].gen;
        if (spec_perfect(gen) != perfect)
            continue;
        for (size_t j = s->ngen; j < s->ngrp; j++)
            if (strcmp(s->grp[j].gen, gen) == 0 && (s->grp[j].time.n || s->grp[j].memory.n))
                return gen;
    }
    return NULL;
}

/* A chart of the solver groups on gen's mazes vs grid size. */
static int solve_vs_size(const mzt_summary *s, const variety *v, const char *gen, bool loops,
                         enum what w, mzr_chart **out, size_t *n)
{
    char name[64], title[NAME_MAX_LEN + 64], question[NAME_MAX_LEN + 96], nm[NAME_MAX_LEN];
    snprintf(name, sizeof name, "%s%s", w == W_TIME ? "solve-time" : "solve-memory",
             loops ? "-loops" : "");
    snprintf(title, sizeof title, "%s per cell on %s mazes",
             w == W_TIME ? "Solving time" : "Solver memory", gen);
    snprintf(question, sizeof question, "%s (mazes of %s, %s)",
             w == W_TIME ? "How does solving time per cell depend on the solver?"
                         : "How much memory does a solver take per cell?",
             gen, loops ? "with loops" : "perfect");
    mzr_chart c;
    slots l = {0};
    int rc = mzr_chart_init(&c, MZR_LINES, name, title, question, "grid size (cells)",
                            w == W_TIME ? "solving time per cell (ns)"
                                        : "peak heap per cell beyond the grid (bytes)",
                            true, true);
    if (rc != MZO_OK)
        return rc;
    const bool time = w == W_TIME;
    left_out lo_ = {0};
    for (size_t i = s->ngen; i < s->ngrp && rc == MZO_OK; i++) {
        if (strcmp(s->grp[i].gen, gen) != 0)
            continue;
        double y, lo, hi;
        group_value(&s->grp[i], w, &y, &lo, &hi);
        entry_name(&s->grp[i], v, true, time, nm, sizeof nm);
        if (isfinite(y))
            rc = slots_add(&l, nm, s->grp[i].solver, MZR_FAM_SOLVE, &v->st) |
                 left_shown(&lo_, s->grp[i].solver);
    }
    for (size_t i = s->ngen; i < s->ngrp && rc == MZO_OK; i++) {
        if (strcmp(s->grp[i].gen, gen) != 0)
            continue;
        entry_name(&s->grp[i], v, true, time, nm, sizeof nm);
        if (slots_find(&l, nm) < 0)
            rc = left_add(&lo_, v, MZT_SUM_SOLVE, s->grp[i].solver, nm);
    }
    if (rc == MZO_OK)
        rc = place(&c, &l, v);
    for (size_t i = s->ngen; i < s->ngrp && rc == MZO_OK; i++) {
        const mzt_sum_group *g = &s->grp[i];
        if (strcmp(g->gen, gen) != 0)
            continue;
        double y, lo, hi;
        group_value(g, w, &y, &lo, &hi);
        entry_name(g, v, true, time, nm, sizeof nm);
        int at = slots_find(&l, nm);
        if (at < 0)
            continue;
        const slot *sl = &l.s[at];
        rc = mzr_chart_add_point_flag(&c, sl->panel, sl->series, (double)g->cells, y, lo, hi,
                                      w == W_TIME && g->time.noisy);
    }
    free(l.s);
    if (rc == MZO_OK)
        rc = finish_note(&c, v,
                         "Points: median over seeds of one solver on this generator's mazes; "
                         "bars: its 95% interval (none under 6 samples).",
                         lo_.name, lo_.failed, lo_.n, time, MZT_SUM_SOLVE,
                         (const char *const *)lo_.shown, lo_.nshown);
    left_free(&lo_);
    if (rc == MZO_OK) {
        untitle_single(&c);
        choose_scales(&c);
    }
    return keep(&c, rc, out, n);
}

/* Dead-end share by generator: a bar a generator at its largest grid. */
static int dead_ends(const mzt_summary *s, const variety *v, mzr_chart **out, size_t *n)
{
    mzr_chart c;
    char nm[NAME_MAX_LEN];
    int rc = mzr_chart_init(&c, MZR_BARS, "dead-ends", "Dead ends by generator",
                            "What share of cells are dead ends, by generator?",
                            "dead ends (% of the grid's cells)", "generator", false, false);
    if (rc != MZO_OK)
        return rc;
    /* each generator's largest grid, and whether they all share it */
    size_t *best = calloc(s->ngen ? s->ngen : 1, sizeof *best);
    if (!best) {
        mzr_chart_free(&c);
        return MZO_FAIL;
    }
    size_t nbest = 0;
    for (size_t i = 0; i < s->ngen && rc == MZO_OK; i++) {
        const mzt_sum_group *g = &s->grp[i];
        if (!g->fig[MZT_FIG_DEAD_ENDS].n)
            continue;
        series_name(g, v, false, nm, sizeof nm);
        size_t k = 0;
        while (k < nbest) {
            char other[NAME_MAX_LEN];
            series_name(&s->grp[best[k]], v, false, other, sizeof other);
            if (strcmp(other, nm) == 0)
                break;
            k++;
        }
        if (k == nbest) {
            best[nbest++] = i;
            rc = mzr_chart_add_cat(&c, nm, NULL);
            if (rc == MZO_OK)
                rc = mzr_chart_cat_style(&c, nbest - 1,
                                         mzr_styles_get(&v->st, MZR_FAM_GEN, g->gen));
        } else if (g->cells > s->grp[best[k]].cells) {
            best[k] = i;
        }
    }
    bool same = true;
    for (size_t k = 1; k < nbest; k++)
        same = same && strcmp(s->grp[best[k]].rows, s->grp[best[0]].rows) == 0 &&
               strcmp(s->grp[best[k]].cols, s->grp[best[0]].cols) == 0;
    char sname[96];
    if (nbest && same)
        snprintf(sname, sizeof sname, "%s x %s grid", s->grp[best[0]].rows, s->grp[best[0]].cols);
    else
        snprintf(sname, sizeof sname, "each generator's largest grid");
    if (rc == MZO_OK)
        rc = mzr_chart_add_panel(&c, "", NULL);
    if (rc == MZO_OK)
        rc = mzr_chart_add_series(&c, 0, sname, NULL);
    for (size_t k = 0; k < nbest && rc == MZO_OK; k++) {
        const mzt_spread *f = &s->grp[best[k]].fig[MZT_FIG_DEAD_ENDS];
        rc = mzr_chart_add_point(&c, 0, 0, (double)k, 100 * f->mean, 100 * f->min, 100 * f->max);
    }
    free(best);
    left_out lo_ = {0};
    for (size_t i = 0; i < s->ngen && rc == MZO_OK; i++) {
        const mzt_sum_group *g = &s->grp[i];
        series_name(g, v, false, nm, sizeof nm);
        bool any = false;
        for (size_t j = 0; j < s->ngen && !any; j++) {
            char other[NAME_MAX_LEN];
            series_name(&s->grp[j], v, false, other, sizeof other);
            any = s->grp[j].fig[MZT_FIG_DEAD_ENDS].n && !strcmp(other, nm);
        }
        if (!any)
            rc = left_add(&lo_, v, MZT_SUM_GEN, g->gen, nm);
    }
    if (rc == MZO_OK)
        rc = finish_note(&c, v, "Bars: mean over seeds; whiskers: smallest to largest.",
                         lo_.name, lo_.failed, lo_.n, false, MZT_SUM_GEN, NULL, 0);
    left_free(&lo_);
    return keep(&c, rc, out, n);
}

int mzr_charts_from_summary(const mzt_summary *s, mzr_chart **out, size_t *n, char *err,
                            size_t errlen)
{
    return mzr_charts_pick(s, NULL, 0, out, n, err, errlen);
}

int mzr_charts_pick(const mzt_summary *s, const mzr_prog_mark *m, size_t nm, mzr_chart **out,
                    size_t *n, char *err, size_t errlen)
{
    *out = NULL;
    *n = 0;
    /* names carry the topology when the sweep has several, and the random
     * source only when one recipe ran at one size under two of them (a
     * source chosen by size, as mainpath's at large sizes, is the same
     * recipe's) */
    variety v = {false, false, m, nm, {0}};
    mzr_styles_init(&v.st);
    if (mzr_styles_from_summary(&v.st, s, m, nm) != MZO_OK) {
        mzr_styles_free(&v.st);
        snprintf(err, errlen, "charts: out of memory");
        return MZO_FAIL;
    }
    for (size_t i = 1; i < s->ngrp; i++)
        v.topo = v.topo || strcmp(s->grp[i].topo, s->grp[0].topo) != 0;
    for (size_t i = 0; i < s->ngrp && !v.rng; i++)
        for (size_t j = i + 1; j < s->ngrp && !v.rng; j++) {
            const mzt_sum_group *a = &s->grp[i], *b = &s->grp[j];
            v.rng = a->kind == b->kind && a->cells == b->cells && !strcmp(a->gen, b->gen) &&
                    !strcmp(a->solver, b->solver) && !strcmp(a->topo, b->topo) &&
                    !strcmp(a->rows, b->rows) && strcmp(a->rng, b->rng) != 0;
        }
    static const gen_chart time = {
        "gen-time", "Generation time per cell",
        "How does generation time per cell grow with size?", "generation time per cell (ns)",
        "Points: median over seeds of each generator alone; bars: its 95% interval (none under "
        "6 samples).",
        W_TIME};
    static const gen_chart route = {
        "routes", "Route length",
        "How does the route from entrance to exit grow with size?", "route (cells)",
        "Points: mean over seeds; bars: smallest to largest.", W_ROUTE};
    static const gen_chart mem = {
        "gen-memory", "Generation memory per cell",
        "How much memory does generation take per cell?",
        "peak heap per cell, the grid included (bytes)",
        "Points: median over seeds of each generator alone; bars: its 95% interval.", W_MEMORY};
    int rc = gen_vs_size(s, &v, &time, out, n);
    const char *perfect = solver_gen(s, true), *looped = solver_gen(s, false);
    if (rc == MZO_OK && (perfect || looped))
        rc = solve_vs_size(s, &v, perfect ? perfect : looped, !perfect, W_TIME, out, n);
    if (rc == MZO_OK && perfect && looped)
        rc = solve_vs_size(s, &v, looped, true, W_TIME, out, n);
    if (rc == MZO_OK)
        rc = dead_ends(s, &v, out, n);
    if (rc == MZO_OK)
        rc = gen_vs_size(s, &v, &route, out, n);
    if (rc == MZO_OK)
        rc = gen_vs_size(s, &v, &mem, out, n);
    if (rc == MZO_OK && (perfect || looped))
        rc = solve_vs_size(s, &v, perfect ? perfect : looped, !perfect, W_MEMORY, out, n);
    mzr_styles_free(&v.st);
    if (rc != MZO_OK) {
        mzr_charts_free(*out, *n);
        *out = NULL;
        *n = 0;
        snprintf(err, errlen, "charts: out of memory");
    }
    return rc;
}
