/*
 * scaling.c - the measurements behind 'mazebench scaling' (scaling.h):
 * the route of a generator's mazes over sizes and seeds, the exponent of
 * route ~ n^b fitted on logarithms, the published exponent beside it.
 */
#include "scaling.h"

#include "mazebench_stats.h"
#include "out/out.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The published exponent of a generator spec (canonical text) on the run's
 * shape, or NAN. The loop-erased walk's exponent is the same on every
 * planar lattice (5/4); in three dimensions it is about 1.624 (D. B. Wilson,
 * "The dimension of loop-erased random walk in 3D", 2010: 1.62400 +-
 * 0.00005). Weave grids are not a fixed graph: no exponent. */
double mzt_scaling_theory(const char *canon, mz_shape run_shape, const char **what)
{
    const bool ust = strcmp(canon, "wilson") == 0 || strcmp(canon, "aldous-broder") == 0;
    if (run_shape == MZ_SHAPE_WEAVE || (run_shape == MZ_SHAPE_CUBE && !ust)) {
        *what = "";
        return NAN;
    }
    if (ust && run_shape == MZ_SHAPE_CUBE) {
        *what = "UST: loop-erased random walk in 3D, about 1.624";
        return 1.624;
    }
    if (ust) {
        *what = "UST: loop-erased random walk, 5/4";
        return 1.25;
    }
    if (strcmp(canon, "kruskal") == 0 || strcmp(canon, "prim") == 0) {
        *what = "minimum spanning tree, about 1.22";
        return 1.22;
    }
    *what = "";
    return NAN;
}


static int route_of(mzt_scaling *sc, const char *canon, const mz_spec *spec,
                    mz_rng_kind stream_rng, uint64_t n, uint64_t seed, mz_grid *g, double *route,
                    mzt_err *err)
{
    mz_status s;
    if (!spec) {
        mz_stream_stats st;
        s = mz_eller_stream(n, n, stream_rng, seed, NULL, NULL, NULL, &st);
        if (s == MZ_OK)
            *route = (double)st.route;
    } else {
        mz_extra x;
        memset(&x, 0, sizeof x);
        const mz_dims geo = mz_dims_side(sc->shape, n);
        s = mz_generate(spec, seed, &geo, g, MZ_GEN_OPTS(1, NULL, &x));
        mz_maze_stats ms;
        if (s == MZ_OK && (g->rows != geo.rows || g->cols != geo.cols))
            s = MZ_EUNSUPPORTED; /* a fixed-size generator */
        if (s == MZ_OK)
            s = mz_maze_stats_compute(g, 0, &ms);
        if (s == MZ_OK && ms.route < 1)
            s = MZ_EINVAL; /* no route to measure */
        if (s == MZ_OK)
            *route = (double)ms.route;
    }
    char grid[96];
    const mz_dims geo = mz_dims_side(sc->shape, n);
    mz_dims_format(&geo, grid, sizeof grid);
    if (s != MZ_OK) {
        return mzt_fail(err, MZT_FAIL, NULL, 0, "'%s' at %s seed %llu: %s", canon, grid,
                        (unsigned long long)seed, mz_status_str(s));
    }
    if (sc->progress)
        sc->progress(sc->ctx, canon, grid, seed);
    return MZT_OK;
}

int mzt_scaling_run(mzt_scaling *sc, const char *canon, const mz_spec *spec,
                    const unsigned char *rngk, mzt_scaling_result *r, mzt_err *err)
{
    FILE *points = sc->points;
    mz_spec sp;
    if (spec)
        sp = *spec;
    const size_t total = sc->nsizes * sc->nseeds;
    double *x = malloc(total * sizeof *x), *y = malloc(total * sizeof *y);
    mz_grid g;
    memset(&g, 0, sizeof g);
    int rc = MZT_FAIL;
    if (!x || !y) {
        mzt_fail(err, MZT_FAIL, NULL, 0, "out of memory");
        goto out;
    }
    memset(r, 0, sizeof *r);
    r->canon = canon;
    size_t m = 0;
    for (size_t i = 0; i < sc->nsizes; i++)
        for (size_t k = 0; k < sc->nseeds; k++) {
            x[m] = (double)sc->n[i];
            if (spec)
                sp.rng = (mz_rng_kind)rngk[i];
            if (route_of(sc, canon, spec ? &sp : NULL, (mz_rng_kind)rngk[i], sc->n[i],
                         sc->seed[k], &g, &y[m], err) != MZT_OK)
                goto out;
            m++;
        }
    if (mz_powfit_compute(x, y, m, &r->fit) != MZ_OK) {
        mzt_fail(err, MZT_FAIL, NULL, 0, "'%s': too few points to fit (sizes x seeds under 2)",
                 canon);
        goto out;
    }
    r->theory = mzt_scaling_theory(canon, sc->shape, &r->theory_what);
    r->shape = sc->shape;
    r->sizes = sc->nsizes;
    r->seeds = sc->nseeds;
    bool used[MZ_RNG_KIND_COUNT] = {false};
    for (size_t i = 0; i < sc->nsizes; i++)
        used[rngk[i]] = true;
    r->rng = used[MZ_RNG_MULBERRY32] && used[MZ_RNG_SPLITMIX64] ? "mulberry32+splitmix64"
             : used[MZ_RNG_SPLITMIX64]                          ? "splitmix64"
                                                                : "mulberry32";
    r->nmin = r->nmax = sc->n[0];
    for (size_t i = 0; i < sc->nsizes; i++) {
        if (sc->n[i] < r->nmin)
            r->nmin = sc->n[i];
        if (sc->n[i] > r->nmax)
            r->nmax = sc->n[i];
    }
    /* The theory's line: its slope through the fitted line's value at the
     * geometric middle of the sizes. */
    const double nmid = sqrt((double)r->nmin * (double)r->nmax);
    const double fmid = r->fit.coef * pow(nmid, r->fit.exponent);
    /* Per size: mean, sd, geometric mean; the local slope of mean ln route
     * from the size before (sizes in the order given). */
    double prev_lm = 0, prev_ln = 0;
    for (size_t i = 0; i < sc->nsizes; i++) {
        const double *yi = y + i * sc->nseeds;
        const double n = (double)sc->n[i];
        mz_summary s;
        mz_summarise(yi, sc->nseeds, &s);
        double lm = 0;
        for (size_t k = 0; k < sc->nseeds; k++)
            lm += log(yi[k]);
        lm /= (double)sc->nseeds;
        const double local = i ? (lm - prev_lm) / (log(n) - prev_ln) : NAN;
        if (i)
            r->local = local;
        if (points) {
            mzo_csv_string(points, canon);
            fprintf(points, ",%s", mz_shape_name(sc->shape));
            /* one seed: no standard deviation (empty) */
            fprintf(points, ",%" PRIu64 ",%zu,%.6g,", sc->n[i], sc->nseeds, s.mean);
            if (sc->nseeds > 1)
                fprintf(points, "%.6g", s.sd);
            else
                sc->undefined_sd = true;
            fprintf(points, ",%.6g,%.6g,", exp(lm), r->fit.coef * pow(n, r->fit.exponent));
            if (!isnan(r->theory))
                fprintf(points, "%.6g", fmid * pow(n / nmid, r->theory));
            fputc(',', points);
            if (i)
                fprintf(points, "%.4f", local);
            fprintf(points, ",%s\n",
                    mz_rng_name((mz_rng_kind)rngk[i]));
        }
        prev_lm = lm;
        prev_ln = log(n);
    }
    rc = MZT_OK;
out:
    mz_grid_free(&g);
    free(x);
    free(y);
    return rc;
}

void mzt_scaling_write(FILE *f, const mzt_scaling_result *r, bool csv)
{
    const bool spread = !isnan(r->fit.se);
    if (csv) {
        mzo_csv_string(f, r->canon);
        fprintf(f, ",%s", mz_shape_name(r->shape));
        fprintf(f, ",%zu,%zu,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%.4f,", r->sizes, r->seeds,
                r->fit.n, r->nmin, r->nmax, r->fit.exponent);
        if (spread)
            fprintf(f, "%.4f,%.4f,%.4f,", r->fit.se, r->fit.ci_lo, r->fit.ci_hi);
        else
            fputs(",,,", f);
        fprintf(f, "%.4f,%.4f,", r->fit.r2, r->local);
        if (!isnan(r->theory) && spread)
            fprintf(f, "%.2f,%s", r->theory,
                    r->theory >= r->fit.ci_lo && r->theory <= r->fit.ci_hi ? "yes" : "no");
        else if (!isnan(r->theory))
            fprintf(f, "%.2f,", r->theory);
        else
            fputc(',', f);
        fprintf(f, ",%s\n", r->rng);
        return;
    }
    char label[320];
    if (r->shape != MZ_SHAPE_ORTHO)
        snprintf(label, sizeof label, "%s on %s cells", r->canon, mz_shape_name(r->shape));
    else
        snprintf(label, sizeof label, "%s", r->canon);
    char err_text[96] = "se n/a, 95% ci n/a";
    if (spread)
        snprintf(err_text, sizeof err_text, "se %.4f, 95%% ci %.4f..%.4f", r->fit.se,
                 r->fit.ci_lo, r->fit.ci_hi);
    fprintf(f, "%-24s n %" PRIu64 "..%" PRIu64 ", %zu sizes x %zu seeds: exponent %.4f "
               "(%s), R^2 %.4f, local slope %.4f, rng %s",
            label, r->nmin, r->nmax, r->sizes, r->seeds, r->fit.exponent, err_text, r->fit.r2,
            r->local, r->rng);
    if (!isnan(r->theory) && spread)
        fprintf(f, "; published %.2f (%s) %s the interval", r->theory, r->theory_what,
                r->theory >= r->fit.ci_lo && r->theory <= r->fit.ci_hi ? "inside" : "outside");
    else if (!isnan(r->theory))
        fprintf(f, "; published %.2f (%s)", r->theory, r->theory_what);
    fputc('\n', f);
}

