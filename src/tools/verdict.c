/*
 * verdict.c - the checks of `mazebench verdict` (verdict.h, docs/verdict.md).
 */
#include "verdict.h"
#include "../mazebench_bench.h"
#include "../mazebench_stats.h"
#include "stats_table.h"
#include "../outside/outside.h"
#include "../outside/solver.h"
#include "../sweep/stats_ab.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *mzv_status_name(mzv_status s)
{
    return s == MZV_PASS ? "pass" : s == MZV_FAIL ? "FAIL" : "skip";
}

void mzv_opts_default(mzv_opts *o)
{
    static const uint64_t side[] = {2, 3, 5, 8, 15, 31};
    memset(o, 0, sizeof *o);
    o->seeds = 12;
    for (size_t k = 0; k < sizeof side / sizeof side[0]; k++)
        o->rows[k] = o->cols[k] = side[k];
    o->nsizes = sizeof side / sizeof side[0];
    o->shapes = MZ_SHAPE_BIT(MZ_SHAPE_ORTHO);
    o->budget_s = 60;
}

/* ---- records ---- */

static mzv_check *add(mzv_result *r, const char *name, mz_shape shape, mzv_status st,
                      const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

static mzv_check *add(mzv_result *r, const char *name, mz_shape shape, mzv_status st,
                      const char *fmt, ...)
{
    static mzv_check spare;
    mzv_check *c = r->n < MZV_MAX_CHECKS ? &r->check[r->n++] : &spare;
    memset(c, 0, sizeof *c);
    snprintf(c->name, sizeof c->name, "%s", name);
    snprintf(c->shape, sizeof c->shape, "%s", (int)shape >= 0 ? mz_shape_name(shape) : "");
    c->status = st;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->detail, sizeof c->detail, fmt, ap);
    va_end(ap);
    if (st == MZV_FAIL)
        r->failed++;
    return c;
}

void mzv_add_check(mzv_result *r, const char *name, const char *shape, mzv_status st,
                   const char *detail, const char *why)
{
    mzv_check *c = add(r, name, (mz_shape)-1, st, "%s", detail);
    snprintf(c->shape, sizeof c->shape, "%s", shape ? shape : "");
    snprintf(c->why, sizeof c->why, "%s", why ? why : "");
}

/* The program's account of its last failure, as one line. */
static void why_of(const mz_algo *a, char *buf, size_t cap)
{
    buf[0] = '\0';
    if (a->kind == MZ_SOLVER) {
        if (!mzx_solver_failure(a, buf, cap, NULL))
            buf[0] = '\0';
    } else if (mzx_is_outside(a)) {
        snprintf(buf, cap, "%s", mzx_last_error());
    }
    for (char *c = buf; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            *c = ' ';
}

static double now_s(void)
{
    return (double)mz_clock_ns() / 1e9;
}

/* The dims of rows x cols on shape (cube: 2 levels; polar: rows rings). */
static bool dims_of(mz_shape shape, uint64_t rows, uint64_t cols, mz_dims *d)
{
    d->shape = shape;
    d->levels = shape == MZ_SHAPE_CUBE ? 2 : 1;
    d->rows = rows;
    d->cols = cols;
    return mz_dims_cells(d) != 0;
}

/* ---- one run of a generator ---- */

typedef enum run_kind { RUN_OK, RUN_REFUSED, RUN_NOT_PERFECT, RUN_OTHER } run_kind;

typedef struct gen_run {
    run_kind kind;
    mz_status status;
    char outside[32];  /* the outside_status, or "" */
    uint64_t digest;
    int64_t own_ns, process_ns, maxrss_kb; /* -1: not reported */
    uint64_t wall_ns;
    char what[400];    /* the first bad cell or loop; the failure */
} gen_run;

static int64_t extra_int(const mz_extra *x, const char *name)
{
    const mz_value *v = mz_extra_get(x, name);
    return v && v->type == MZ_V_INT ? v->i : -1;
}

static int gen_once(const mz_spec *spec, uint64_t seed, const mz_dims *d, bool check_perfect,
                    gen_run *out)
{
    memset(out, 0, sizeof *out);
    out->own_ns = out->process_ns = out->maxrss_kb = -1;
    const mz_algo *a = spec->stage[0].algo;
    if (mz_refuses(a, d)) {
        out->kind = RUN_REFUSED;
        return 0;
    }
    mz_grid g;
    memset(&g, 0, sizeof g);
    mz_extra x;
    memset(&x, 0, sizeof x);
    mz_spec sp = *spec;
    char note[256];
    bool switched = false;
    (void)mz_rng_resolve(&sp, d, seed, MZ_RNG_AUTO, &switched, note, sizeof note);
    uint64_t t0 = mz_clock_ns();
    mz_status s = mz_generate(&sp, seed, d, &g, MZ_GEN_OPTS(1, NULL, &x));
    out->wall_ns = mz_clock_ns() - t0;
    out->status = s;
    const mz_value *o = mz_extra_get(&x, "outside_status");
    if (o && o->type == MZ_V_TEXT && o->text)
        snprintf(out->outside, sizeof out->outside, "%s", o->text);
    out->own_ns = extra_int(&x, "own_ns");
    out->process_ns = extra_int(&x, "process_ns");
    out->maxrss_kb = extra_int(&x, "child_maxrss_kb");
    if (s == MZ_ENOMEM) {
        mz_grid_free(&g);
        return -1;
    }
    if (s == MZ_EUNSUPPORTED) {
        out->kind = RUN_REFUSED;
    } else if (s != MZ_OK) {
        out->kind = strcmp(out->outside, "not-perfect") == 0 ? RUN_NOT_PERFECT : RUN_OTHER;
        snprintf(out->what, sizeof out->what, "%s", out->outside[0] ? out->outside
                                                                    : mz_status_str(s));
    } else {
        out->digest = mz_digest(&g);
        out->kind = RUN_OK;
        if (check_perfect) {
            mz_metrics m;
            if (mz_metrics_compute(&g, 1, &m) != MZ_OK) {
                mz_grid_free(&g);
                return -1;
            }
            if (m.loops != 0 || m.components != 1) {
                out->kind = RUN_NOT_PERFECT;
                mzx_maze_fault(&g, &m, out->what, sizeof out->what);
            }
        }
    }
    mz_grid_free(&g);
    return 0;
}

/* ---- (a) perfect, with shrinking, and deterministic ---- */

typedef struct shrinker {
    const mz_spec *spec;
    mz_shape shape;
    unsigned seeds;
    double deadline;
    uint64_t runs;
    bool out_of_time;
} shrinker;

/* Does rows x cols fail (not perfect) under one of the seeds 1..seeds,
 * tried smallest first? *seed and *run get the first failing one. */
static int fails_at(shrinker *sh, uint64_t rows, uint64_t cols, uint64_t *seed, gen_run *run)
{
    mz_dims d;
    if (!dims_of(sh->shape, rows, cols, &d))
        return 0;
    for (uint64_t s = 1; s <= sh->seeds; s++) {
        if (now_s() > sh->deadline) {
            sh->out_of_time = true;
            return 0;
        }
        gen_run r;
        sh->runs++;
        if (gen_once(sh->spec, s, &d, true, &r) != 0)
            return -1;
        if (r.kind == RUN_REFUSED)
            return 0;
        if (r.kind == RUN_NOT_PERFECT) {
            *seed = s;
            *run = r;
            return 1;
        }
    }
    return 0;
}

/* Shrink the failing case (rows, cols, seed): the rows, then the columns,
 * each the smallest that still fails (tried upwards from 1), over again
 * while either moves; then the smallest failing seed at that grid. */
static int shrink(shrinker *sh, uint64_t *rows, uint64_t *cols, uint64_t *seed, gen_run *run)
{
    for (int pass = 0; pass < 3; pass++) {
        bool moved = false;
        for (int dim = 0; dim < 2; dim++) {
            uint64_t *v = dim == 0 ? rows : cols;
            for (uint64_t t = 1; t < *v; t++) {
                uint64_t s;
                gen_run r;
                int f = dim == 0 ? fails_at(sh, t, *cols, &s, &r) : fails_at(sh, *rows, t, &s, &r);
                if (f < 0)
                    return -1;
                if (sh->out_of_time)
                    return 0;
                if (f) {
                    *v = t;
                    *seed = s;
                    *run = r;
                    moved = true;
                    break;
                }
            }
        }
        if (!moved)
            break;
    }
    /* The seed: fails_at tries seeds smallest first, so *seed is the
     * smallest of 1..seeds failing at the last grid tried; check the one
     * found first (maybe larger, from the ladder) is not smaller still. */
    uint64_t s;
    gen_run r;
    int f = fails_at(sh, *rows, *cols, &s, &r);
    if (f < 0)
        return -1;
    if (f && s < *seed) {
        *seed = s;
        *run = r;
    }
    return 0;
}

static int check_generator_shape(const mz_algo *a, const mz_spec *spec, mz_shape shape,
                                 const mzv_opts *o, mzv_result *r, double deadline)
{
    const unsigned nseeds = o->seeds < 4 ? o->seeds : 4;
    const bool claimed = (a->flags & MZ_F_PERFECT) != 0;
    uint64_t runs = 0, refused = 0, other = 0;
    bool found = false;
    uint64_t fr = 0, fc = 0, fs = 0;
    gen_run fail, first_other;
    memset(&first_other, 0, sizeof first_other);
    char sizes[256] = "";
    char other_why[640] = "";
    /* perfect over the ladder */
    for (size_t k = 0; k < o->nsizes && !found; k++) {
        mz_dims d;
        if (!dims_of(shape, o->rows[k], o->cols[k], &d))
            continue;
        size_t l = strlen(sizes);
        snprintf(sizes + l, sizeof sizes - l, "%s%" PRIu64 "x%" PRIu64, l ? " " : "", o->rows[k],
                 o->cols[k]);
        for (uint64_t s = 1; s <= nseeds; s++) {
            gen_run g;
            runs++;
            if (gen_once(spec, s, &d, true, &g) != 0)
                return -1;
            if (g.kind == RUN_REFUSED) {
                refused++;
                break;
            }
            if (g.kind == RUN_OTHER) {
                if (other++ == 0) {
                    first_other = g;
                    snprintf(first_other.what, sizeof first_other.what, "%s at %" PRIu64 "x%"
                             PRIu64 " seed %" PRIu64, g.outside[0] ? g.outside
                                                                   : mz_status_str(g.status),
                             o->rows[k], o->cols[k], s);
                    why_of(a, other_why, sizeof other_why);
                }
                continue;
            }
            if (g.kind == RUN_NOT_PERFECT) {
                found = true;
                fr = o->rows[k];
                fc = o->cols[k];
                fs = s;
                fail = g;
                break;
            }
        }
    }
    mzv_check *c = NULL;
    if (other) {
        c = add(r, "runs", shape, MZV_FAIL, "%" PRIu64 " of %" PRIu64 " runs failed; first: %s",
                other, runs, first_other.what);
        snprintf(c->why, sizeof c->why, "%s", other_why);
    } else {
        add(r, "runs", shape, MZV_PASS, "%" PRIu64 " runs on %s, %u seeds each%s", runs, sizes,
            nseeds, refused ? " (some sizes refused, as declared)" : "");
    }
    if (!found) {
        add(r, "perfect", shape, MZV_PASS, "one component, no loop on %s, seeds 1-%u%s", sizes,
            nseeds, claimed ? " (declared perfect)" : " (not declared perfect)");
    } else {
        char why[640] = "";
        why_of(a, why, sizeof why);
        shrinker sh = {spec, shape, nseeds, deadline, 0, false};
        double t0 = now_s();
        uint64_t rows = fr, cols = fc, seed = fs;
        if (shrink(&sh, &rows, &cols, &seed, &fail) != 0)
            return -1;
        if (!r->shrunk_grid[0]) {
            snprintf(r->fail_grid, sizeof r->fail_grid, "%" PRIu64 "x%" PRIu64, fr, fc);
            snprintf(r->shrunk_grid, sizeof r->shrunk_grid, "%" PRIu64 "x%" PRIu64, rows, cols);
            snprintf(r->shrunk_shape, sizeof r->shrunk_shape, "%s", mz_shape_name(shape));
            r->fail_seed = fs;
            r->shrunk_seed = seed;
            r->shrink_stopped = sh.out_of_time;
        }
        r->shrink_runs += sh.runs;
        r->shrink_s += now_s() - t0;
        const char *bad = fail.kind == RUN_NOT_PERFECT && strcmp(fail.what, "not-perfect") == 0
                              ? "its maze, checked as it was read, is not a tree (the program line)"
                              : fail.what;
        c = add(r, "perfect", shape, claimed ? MZV_FAIL : MZV_SKIP,
                "%snot perfect: first at %" PRIu64 "x%" PRIu64 " seed %" PRIu64
                "; shrunk to %" PRIu64 "x%" PRIu64 " seed %" PRIu64 " in %" PRIu64 " runs%s: %s",
                claimed ? "" : "not declared perfect, and ", fr, fc, fs, rows, cols, seed, sh.runs,
                sh.out_of_time ? " (stopped by the time budget)" : "", bad);
        if (strcmp(fail.what, "not-perfect") == 0) {
            why_of(a, why, sizeof why);
            snprintf(c->why, sizeof c->why, "%s", why);
        }
    }
    /* deterministic: each seed twice, on the first sizes of the ladder */
    uint64_t pairs = 0, differ = 0;
    char first_diff[200] = "", dwhy[640] = "";
    for (size_t k = 0; k < o->nsizes && k < 4; k++) {
        mz_dims d;
        if (!dims_of(shape, o->rows[k], o->cols[k], &d))
            continue;
        for (uint64_t s = 1; s <= nseeds; s++) {
            gen_run g1, g2;
            if (gen_once(spec, s, &d, false, &g1) != 0 || gen_once(spec, s, &d, false, &g2) != 0)
                return -1;
            if (g1.kind == RUN_REFUSED)
                break;
            bool bad = strcmp(g1.outside, "not-reproducible") == 0 ||
                       strcmp(g2.outside, "not-reproducible") == 0 ||
                       (g1.kind != RUN_OTHER && g2.kind != RUN_OTHER && g1.status == MZ_OK &&
                        g2.status == MZ_OK && g1.digest != g2.digest);
            if (g1.status != MZ_OK && !bad)
                continue;
            pairs++;
            if (bad && differ++ == 0) {
                snprintf(first_diff, sizeof first_diff, "%" PRIu64 "x%" PRIu64 " seed %" PRIu64
                         " gave two mazes", o->rows[k], o->cols[k], s);
                why_of(a, dwhy, sizeof dwhy);
            }
        }
    }
    if (!pairs)
        add(r, "deterministic", shape, MZV_SKIP, "no run made a maze");
    else if (!differ)
        add(r, "deterministic", shape, MZV_PASS, "%" PRIu64 " seeds run twice: the same digest "
            "each time", pairs);
    else {
        c = add(r, "deterministic", shape, MZV_FAIL, "%" PRIu64 " of %" PRIu64 " seeds run twice "
                "gave another maze; first: %s", differ, pairs, first_diff);
        snprintf(c->why, sizeof c->why, "%s", dwhy);
    }
    return 0;
}

/* ---- (b) statistics against every built-in generator ---- */

typedef struct ref_gen {
    const mz_algo *a;
    mzt_claim claim;
    bool ok;
    double max_p;    /* the smallest Holm-adjusted p of its figures (the
                      * closeness: larger is closer) */
    bool differ;
} ref_gen;

/* The border band of inner_dead_ends at the 15x15 grid of the statistics. */
#define BAND 2

static bool reference_ok(const mz_algo *b, const mz_dims *d)
{
    return b->kind == MZ_GEN && mz_runs_on(b, d->shape) && !mz_refuses(b, d) &&
           !(b->flags & (MZ_F_FIXED_SIZE | MZ_F_BLOCKS));
}

/* The statistics check on shape at one size; *closest gets the built-in
 * whose figures are closest (NULL: none). */
static int check_stats(const mz_algo *a, const mz_spec *spec, mz_shape shape, const mzv_opts *o,
                       mzv_result *r, const mz_algo **closest, mzt_err *err)
{
    *closest = NULL;
    mz_dims d;
    uint64_t side = 15;
    if (!dims_of(shape, side, side, &d))
        return 0;
    size_t nseeds = o->seeds < 2 ? 2 : o->seeds;
    uint64_t *seeds = malloc(nseeds * sizeof *seeds);
    size_t nref = 0;
    for (const mz_algo *const *p = mz_registry; *p; p++)
        nref++;
    ref_gen *ref = calloc(nref ? nref : 1, sizeof *ref);
    double *p = calloc(nref * MZT_CLAIM_FIGURES + 1, sizeof *p);
    if (!seeds || !ref || !p) {
        free(seeds);
        free(ref);
        free(p);
        return mzt_fail(err, MZT_FAIL, NULL, 0, "verdict: out of memory");
    }
    for (size_t k = 0; k < nseeds; k++)
        seeds[k] = 1000 + k; /* seeds apart from the other checks' */
    char canon[256];
    mz_spec_format(spec, canon, sizeof canon);
    mzt_stats_table ta;
    memset(&ta, 0, sizeof ta);
    int rc = mzt_stats_collect(spec, canon, &d, seeds, nseeds, BAND, NULL, NULL, &ta, err);
    if (rc != MZT_OK || ta.failed == nseeds) {
        if (rc == MZT_OK && ta.nfail_kinds == 1 && strcmp(ta.fail_kind[0].why, "not-perfect") == 0)
            add(r, "statistics", shape, MZV_SKIP, "every maze at %s was refused as not perfect "
                "(the perfect line)", ta.grid);
        else if (rc == MZT_OK) {
            mzv_check *c = add(r, "statistics", shape, MZV_FAIL, "no seed made a maze at %s",
                               ta.grid);
            why_of(a, c->why, sizeof c->why);
        }
        mzt_stats_table_free(&ta);
        free(seeds);
        free(ref);
        free(p);
        return rc == MZT_OK ? 0 : rc == MZT_FAIL ? -1 : 0;
    }
    size_t n = 0, np = 0;
    for (const mz_algo *const *q = mz_registry; *q; q++) {
        if (!reference_ok(*q, &d))
            continue;
        mz_spec bs;
        char e[256];
        if (mz_spec_parse((*q)->name, &bs, e, sizeof e) != MZ_OK)
            continue;
        mzt_stats_table tb;
        memset(&tb, 0, sizeof tb);
        if (mzt_stats_collect(&bs, (*q)->name, &d, seeds, nseeds, BAND, NULL, NULL, &tb, err) !=
                MZT_OK ||
            mzt_stats_claim(&ta, &tb, 0.05, MZT_HOLM, &ref[n].claim, err) != MZT_OK) {
            mzt_stats_table_free(&tb);
            continue;
        }
        mzt_stats_table_free(&tb);
        ref[n].a = *q;
        ref[n].ok = true;
        for (unsigned f = 0; f < MZT_CLAIM_FIGURES; f++)
            if (ref[n].claim.row[f].tested)
                p[np++] = ref[n].claim.row[f].welch.p;
        n++;
    }
    /* Holm over the whole family: every figure of every built-in. */
    if (np && sw_ab_holm(p, np, p) != 0) {
        np = 0;
    }
    size_t ip = 0;
    char match[1024] = "", nomatch[1024] = "";
    double best = -1;
    for (size_t k = 0; k < n; k++) {
        ref[k].max_p = 1;
        ref[k].differ = false;
        double worst_rel = 0;
        const char *worst_fig = "";
        for (unsigned f = 0; f < MZT_CLAIM_FIGURES; f++) {
            mzt_claim_row *row = &ref[k].claim.row[f];
            if (!row->tested)
                continue;
            double padj = ip < np ? p[ip] : 1;
            ip++;
            if (padj < ref[k].max_p)
                ref[k].max_p = padj;
            if (padj < 0.05) {
                ref[k].differ = true;
                double rel = row->b.mean != 0 ? row->welch.diff / row->b.mean : 0;
                if (fabs(rel) >= fabs(worst_rel)) {
                    worst_rel = rel;
                    worst_fig = mzt_stat_name[row->stat];
                }
            }
        }
        char *dst = ref[k].differ ? nomatch : match;
        size_t l = strlen(dst);
        if (ref[k].differ)
            snprintf(dst + l, 1024 - l, "%s%s (%s %+.0f%%)", l ? ", " : "", ref[k].a->name,
                     worst_fig, 100 * worst_rel);
        else
            snprintf(dst + l, 1024 - l, "%s%s", l ? ", " : "", ref[k].a->name);
        if (ref[k].max_p > best) {
            best = ref[k].max_p;
            *closest = ref[k].a;
        }
    }
    /* The detectable difference: of the dead ends, over the family. */
    double detect = 0, dead_mean = 0;
    for (size_t k = 0; k < n; k++) {
        const mzt_claim_row *row = &ref[k].claim.row[0];
        if (row->tested) {
            double dd = mzt_detectable(row->welch.se, 0.05 / (np ? (double)np : 1), 0.8);
            if (dd > detect) {
                detect = dd;
                dead_mean = row->a.mean;
            }
        }
    }
    add(r, "statistics", shape, MZV_PASS,
        "at %s over %zu seeds, against %zu built-in generators (dead_ends, inner_dead_ends, "
        "route, longest; Welch, Holm over %zu tests, alpha 0.05; a dead-end share difference "
        "of %.2f points (its own: %.1f%%) is found 80%% of the time): matches %s; differs from %s",
        ta.grid, nseeds - ta.failed, n, np, 100 * detect, 100 * dead_mean,
        match[0] ? match : "none", nomatch[0] ? nomatch : "none");
    if (ta.failed) {
        char fw[256];
        mzv_check *c = &r->check[r->n - 1];
        size_t l = strlen(c->detail);
        snprintf(c->detail + l, sizeof c->detail - l, "; %zu seeds left out, failed: %s",
                 ta.failed, mzt_stats_failures(&ta, fw, sizeof fw));
    }
    const char *claims = o->claims;
    if (!claims && mzx_is_outside(a))
        claims = mzx_gen_claims(a);
    if (claims) {
        size_t k = 0;
        while (k < n && strcmp(ref[k].a->name, claims) != 0)
            k++;
        if (k == n) {
            add(r, "claims", shape, MZV_SKIP, "claims %s: not a built-in generator of the shape "
                "at %s", claims, ta.grid);
        } else {
            char figs[600] = "";
            for (unsigned f = 0; f < MZT_CLAIM_FIGURES; f++) {
                const mzt_claim_row *row = &ref[k].claim.row[f];
                if (!row->tested)
                    continue;
                size_t l = strlen(figs);
                snprintf(figs + l, sizeof figs - l, "%s%s %.4g vs %.4g", l ? ", " : "",
                         mzt_stat_name[row->stat], row->a.mean, row->b.mean);
            }
            add(r, "claims", shape, ref[k].differ ? MZV_FAIL : MZV_PASS,
                "claims %s: %s (smallest Holm-adjusted p %.3g; %s)", claims,
                ref[k].differ ? "its statistics differ" : "its statistics match", ref[k].max_p,
                figs);
            *closest = ref[k].a;
            snprintf(r->headline, sizeof r->headline, "%s claims %s: its statistics %s", a->name,
                     claims, ref[k].differ ? "DIFFER" : "match");
        }
    }
    if (!r->headline[0] && *closest)
        snprintf(r->headline, sizeof r->headline, "%s: statistics closest to %s (%s)", a->name,
                 (*closest)->name, best >= 0.05 ? "a match" : "none matches");
    else if (!r->headline[0])
        snprintf(r->headline, sizeof r->headline, "%s: no built-in generator to compare with",
                 a->name);
    mzt_stats_table_free(&ta);
    free(seeds);
    free(ref);
    free(p);
    return 0;
}

/* ---- (c) speed and memory ---- */

static int cmp_d(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* Seeds a size, and runs a seed of an entry in process (the least time
 * kept: the cold runs left out). */
#define SPEED_SEEDS 5
#define SPEED_REPS 5

static int time_once(const mz_spec *spec, uint64_t seed, const mz_dims *d, unsigned reps,
                     gen_run *out)
{
    uint64_t best = UINT64_MAX;
    for (unsigned k = 0; k < reps; k++) {
        if (gen_once(spec, seed, d, false, out) != 0)
            return -1;
        if (out->wall_ns < best)
            best = out->wall_ns;
    }
    out->wall_ns = best;
    return 0;
}

static int check_speed(const mz_algo *a, const mz_spec *spec, mz_shape shape,
                       const mz_algo *closest, const mzv_opts *o, mzv_result *r, double deadline)
{
    if (!closest)
        closest = mz_find(MZ_GEN, "dfs");
    mz_spec bs;
    char e[256];
    if (!closest || mz_spec_parse(closest->name, &bs, e, sizeof e) != MZ_OK) {
        add(r, "speed", shape, MZV_SKIP, "no built-in to time against");
        return 0;
    }
    const bool outside = mzx_is_outside(a);
    double lr[MZV_MAX_SIZES];
    size_t nl = 0;
    bool own_all = outside;
    int64_t rss_kb = -1;
    uint64_t rss_cells = 0;
    for (size_t k = 0; k < o->nsizes; k++) {
        mz_dims d;
        if (!dims_of(shape, o->rows[k], o->cols[k], &d) || mz_dims_cells(&d) < 16)
            continue;
        if (now_s() > deadline)
            break;
        double ta[SPEED_SEEDS], tb[SPEED_SEEDS];
        unsigned na = 0, nb = 0;
        for (uint64_t s = 1; s <= SPEED_SEEDS; s++) {
            gen_run g, gb;
            /* the two in turn, which first changing from seed to seed */
            if ((s & 1) == 0 && time_once(&bs, s, &d, SPEED_REPS, &gb) != 0)
                return -1;
            if (time_once(spec, s, &d, outside ? 1 : SPEED_REPS, &g) != 0)
                return -1;
            if ((s & 1) == 1 && time_once(&bs, s, &d, SPEED_REPS, &gb) != 0)
                return -1;
            if (gb.kind == RUN_OK)
                tb[nb++] = (double)gb.wall_ns;
            if (g.kind != RUN_OK)
                continue;
            double t = (double)g.wall_ns;
            if (outside) {
                if (g.own_ns >= 0)
                    t = (double)g.own_ns;
                else {
                    own_all = false;
                    t = (double)(g.process_ns >= 0 ? g.process_ns : (int64_t)g.wall_ns);
                }
                if (g.maxrss_kb > rss_kb) {
                    rss_kb = g.maxrss_kb;
                    rss_cells = mz_dims_cells(&d);
                }
            }
            ta[na++] = t;
        }
        if (!na || !nb)
            continue;
        qsort(ta, na, sizeof ta[0], cmp_d);
        qsort(tb, nb, sizeof tb[0], cmp_d);
        double ma = ta[na / 2], mb = tb[nb / 2];
        if (ma > 0 && mb > 0)
            lr[nl++] = log(ma / mb);
    }
    if (!nl) {
        add(r, "speed", shape, MZV_SKIP, "no size was timed");
        return 0;
    }
    mz_summary s;
    mz_summarise(lr, nl, &s);
    const char *label = !outside ? "in-process time of both"
                        : own_all ? "its own time (mazebench-own-ns) against in-process time"
                                  : "its process time (process_ns, start-up included) against "
                                    "in-process time";
    char iv[96];
    if (nl > 1)
        snprintf(iv, sizeof iv, "95%% interval %.3g-%.3gx", exp(s.ci_lo), exp(s.ci_hi));
    else
        snprintf(iv, sizeof iv, "no interval from one size");
    add(r, "speed", shape, MZV_PASS,
        "%.3gx the time of %s (geometric mean over %zu sizes, %s, the median of %d seeds a "
        "size, each the least of %d runs in process; %s)",
        exp(s.mean), closest->name, nl, iv, SPEED_SEEDS, SPEED_REPS, label);
    if (outside) {
        if (rss_kb >= 0 && rss_cells)
            add(r, "memory", shape, MZV_PASS, "peak resident %" PRId64 " KiB on %" PRIu64
                " cells: %.3g KiB a cell (child_maxrss_kb, the whole process)", rss_kb, rss_cells,
                (double)rss_kb / (double)rss_cells);
        else
            add(r, "memory", shape, MZV_SKIP, "no peak resident memory reported");
    } else {
        add(r, "memory", shape, MZV_PASS, "%.3g heap bytes a cell beyond the grid's byte "
            "(declared and measured: bytes_per_cell); %s %.3g",
            mz_algo_bytes_per_cell(a, shape), closest->name,
            mz_algo_bytes_per_cell(closest, shape));
    }
    return 0;
}

/* ---- (d) solvers ---- */

static int check_solver(const mz_algo *a, const mzv_opts *o, mzv_result *r)
{
    mz_stage st;
    char e[256];
    if (mz_solver_parse(a->name, &st, e, sizeof e) != MZ_OK)
        return 0;
    if (!(a->flags & MZ_F_PATH)) { /* flood: found and path_steps, never a path */
        add(r, "path", MZ_SHAPE_ORTHO, MZV_SKIP,
            "declares figures only (no MZ_F_PATH flag): no path to check");
        snprintf(r->headline, sizeof r->headline, "%s: figures only, no path", a->name);
        return 0;
    }
    const bool claimed = (a->flags & MZ_F_SHORTEST) != 0;
    const unsigned nseeds = o->seeds < 4 ? o->seeds : 4;
    bool all_valid = true, all_shortest = true;
    int64_t worst = 0;
    for (int braided = 0; braided < 2; braided++) {
        mz_spec spec;
        if (mz_spec_parse(braided ? "dfs+braid" : "dfs", &spec, e, sizeof e) != MZ_OK)
            return 0;
        uint64_t runs = 0, found = 0, invalid = 0, longer = 0, failed = 0;
        int64_t max_excess = 0;
        char first_bad[300] = "", first_long[200] = "", why[640] = "";
        for (size_t k = 0; k < o->nsizes; k++) {
            mz_dims d;
            if (!dims_of(MZ_SHAPE_ORTHO, o->rows[k], o->cols[k], &d) || mz_dims_cells(&d) < 4)
                continue;
            for (uint64_t s = 1; s <= nseeds; s++) {
                mz_grid g;
                memset(&g, 0, sizeof g);
                if (mz_generate(&spec, s, &d, &g, NULL) != MZ_OK) {
                    mz_grid_free(&g);
                    continue;
                }
                mz_solution sol;
                mz_solution_init(&sol, true, NULL);
                runs++;
                mz_status ss = mz_solve(&st, &g, NULL, &sol);
                if (ss == MZ_ENOMEM) {
                    mz_solution_free(&sol);
                    mz_grid_free(&g);
                    return -1;
                }
                if (ss != MZ_OK) {
                    if (failed++ == 0 && !first_bad[0]) {
                        snprintf(first_bad, sizeof first_bad, "%s at %" PRIu64 "x%" PRIu64
                                 " seed %" PRIu64, mz_status_str(ss), o->rows[k], o->cols[k], s);
                        why_of(a, why, sizeof why);
                    }
                } else if (sol.found) {
                    found++;
                    mz_path_verdict v;
                    if (mz_path_check(&g, sol.path, sol.path_len, &v) != MZ_OK) {
                        mz_solution_free(&sol);
                        mz_grid_free(&g);
                        return -1;
                    }
                    if (!v.valid) {
                        if (invalid++ == 0 && !first_bad[0])
                            snprintf(first_bad, sizeof first_bad, "%s at step %" PRIu64 " on %"
                                     PRIu64 "x%" PRIu64 " seed %" PRIu64,
                                     mz_path_fault_name(v.fault), v.at, o->rows[k], o->cols[k], s);
                    } else if (v.excess > 0) {
                        if (longer++ == 0)
                            snprintf(first_long, sizeof first_long, "%" PRIu64 "x%" PRIu64
                                     " seed %" PRIu64 ": %" PRIu64 " steps, shortest %" PRId64,
                                     o->rows[k], o->cols[k], s, v.steps, v.shortest);
                        if (v.excess > max_excess)
                            max_excess = v.excess;
                    }
                }
                mz_solution_free(&sol);
                mz_grid_free(&g);
            }
        }
        const char *on = braided ? "on braided mazes (dfs+braid)" : "on perfect mazes (dfs)";
        all_valid = all_valid && !invalid && !failed;
        all_shortest = all_shortest && !longer;
        if (max_excess > worst)
            worst = max_excess;
        mzv_check *c;
        if (!runs)
            add(r, braided ? "path-braided" : "path", MZ_SHAPE_ORTHO, MZV_SKIP, "%s: no maze", on);
        else if (invalid || failed || (found < runs && (!braided || claimed))) {
            c = add(r, braided ? "path-braided" : "path", MZ_SHAPE_ORTHO, MZV_FAIL,
                    "%s: %" PRIu64 " runs, found %" PRIu64 " (%.0f%%), %" PRIu64 " invalid paths, %"
                    PRIu64 " failed runs; first: %s", on, runs, found,
                    100.0 * (double)found / (double)runs, invalid, failed,
                    first_bad[0] ? first_bad : "the exit not found");
            snprintf(c->why, sizeof c->why, "%s", why);
        } else
            add(r, braided ? "path-braided" : "path", MZ_SHAPE_ORTHO, MZV_PASS,
                "%s: %" PRIu64 " runs, found %" PRIu64 " (%.0f%%), every path a valid walk", on,
                runs, found, 100.0 * (double)found / (double)runs);
        if (!found)
            continue;
        if (!longer)
            add(r, braided ? "shortest-braided" : "shortest", MZ_SHAPE_ORTHO, MZV_PASS,
                "%s: path_excess 0 on all %" PRIu64 " paths found", on, found);
        else
            add(r, braided ? "shortest-braided" : "shortest", MZ_SHAPE_ORTHO,
                claimed ? MZV_FAIL : MZV_SKIP,
                "%s%s: %" PRIu64 " of %" PRIu64 " paths longer than the shortest (largest "
                "path_excess %" PRId64 "); first: %s", claimed ? "" : "not declared shortest, ",
                on, longer, found, max_excess, first_long);
    }
    if (all_shortest)
        snprintf(r->headline, sizeof r->headline, "%s: %s paths, shortest", a->name,
                 all_valid ? "valid" : "INVALID");
    else
        snprintf(r->headline, sizeof r->headline, "%s: %s paths, not shortest (largest "
                 "path_excess %" PRId64 ")", a->name, all_valid ? "valid" : "INVALID", worst);
    return 0;
}

/* ---- the whole verdict ---- */

int mzv_run(const mz_algo *a, const mzv_opts *o, mzv_result *r, mzt_err *err)
{
    memset(r, 0, sizeof *r);
    snprintf(r->entry, sizeof r->entry, "%s", a->name);
    if (a->kind == MZ_SOLVER) {
        r->kind = "solver";
        return check_solver(a, o, r) == 0 ? MZT_OK
                                          : mzt_fail(err, MZT_FAIL, NULL, 0, "verdict: out of memory");
    }
    if (a->kind != MZ_GEN)
        return mzt_fail(err, MZT_BAD, NULL, 0, "verdict: '%s' is a post-processor: give a "
                        "generator or a solver", a->name);
    r->kind = "generator";
    if (o->claims) {
        const mz_algo *b = mz_find(MZ_GEN, o->claims);
        if (!b || b->ctx)
            return mzt_fail(err, MZT_BAD, NULL, 0, "verdict: --claims '%s' is not a built-in "
                            "generator (mazebench list)", o->claims);
    }
    mz_spec spec;
    char e[256];
    if (mz_spec_parse(a->name, &spec, e, sizeof e) != MZ_OK)
        return mzt_fail(err, MZT_BAD, NULL, 0, "verdict: %s", e);
    const double deadline = now_s() + o->budget_s;
    bool any = false;
    for (unsigned sh = 0; sh < MZ_SHAPE_COUNT; sh++) {
        if (!(o->shapes & MZ_SHAPE_BIT(sh)))
            continue;
        if (!mz_runs_on(a, (mz_shape)sh)) {
            add(r, "runs", (mz_shape)sh, MZV_SKIP, "does not run on %s (not declared)",
                mz_shape_name((mz_shape)sh));
            continue;
        }
        any = true;
        if (check_generator_shape(a, &spec, (mz_shape)sh, o, r, deadline) != 0)
            return mzt_fail(err, MZT_FAIL, NULL, 0, "verdict: out of memory");
        const mz_algo *closest = NULL;
        if (check_stats(a, &spec, (mz_shape)sh, o, r, &closest, err) != 0)
            return MZT_FAIL;
        if (check_speed(a, &spec, (mz_shape)sh, closest, o, r, deadline) != 0)
            return mzt_fail(err, MZT_FAIL, NULL, 0, "verdict: out of memory");
    }
    if (!any)
        snprintf(r->headline, sizeof r->headline, "%s: runs on none of the shapes asked for",
                 a->name);
    return MZT_OK;
}
