/*
 * cmd_scaling.c - the scaling command: how the route of a generator's
 * square mazes grows with the side n over seeds and sizes, the exponent of
 * route ~ n^b fitted per maze on logarithms with a 95% confidence interval
 * (mz_powfit_compute), next to the published exponent when there is one.
 * 'eller-stream' takes its routes from mz_eller_stream, at sizes no grid
 * could hold. docs/scaling.md. The runs and the fit are src/tools/scaling.c.
 */
#include "cli.h"
#include "../mazebench_bench.h"
#include "../mazebench_stats.h"
#include "opts.h"
#include "sweep.h"
#include "tools/scaling.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIZES 32
#define MAX_SEEDS 100000
#define MAX_GENS 64

typedef struct list {
    uint64_t n[MAX_SIZES];
    size_t nsizes;
    uint64_t *seed;
    size_t nseeds;
    uint64_t top_seed; /* the largest seed */
} list;

/* Seeds and sizes in the sweep's list syntax; every size square. */
static int parse_list(const char *seeds_text, const char *sizes_text, list *l)
{
    sw_plan p;
    char err[512];
    sw_plan_init(&p, NULL, NULL);
    int rc = -1;
    memset(l, 0, sizeof *l);
    if (sw_plan_set_seeds(&p, seeds_text, err, sizeof err) != SW_OK ||
        sw_plan_set_sizes(&p, sizes_text, err, sizeof err) != SW_OK) {
        mzc_error("scaling: %s", err);
        goto out;
    }
    uint64_t total = 0;
    for (size_t k = 0; k < p.nrange; k++)
        total += (uint64_t)p.range[k].hi - p.range[k].lo + 1;
    if (total > MAX_SEEDS || p.nsize > MAX_SIZES) {
        mzc_error("scaling: more than %d seeds or %d sizes", MAX_SEEDS, MAX_SIZES);
        goto out;
    }
    for (size_t k = 0; k < p.nsize; k++) {
        if (p.size[k].shape != MZ_SHAPE_ORTHO) {
            mzc_error("scaling: sizes are sides n; give the cells' shape with --shape");
            goto out;
        }
        if (p.size[k].rows != p.size[k].cols || p.size[k].rows < 2) {
            mzc_error("scaling: size %llux%llu is not a square of side 2 or more",
                      (unsigned long long)p.size[k].rows, (unsigned long long)p.size[k].cols);
            goto out;
        }
        l->n[k] = p.size[k].rows;
    }
    l->nsizes = p.nsize;
    l->seed = malloc((size_t)total * sizeof *l->seed);
    if (!l->seed) {
        mzc_error("scaling: out of memory");
        goto out;
    }
    for (size_t k = 0; k < p.nrange; k++)
        for (uint64_t v = p.range[k].lo; v <= p.range[k].hi; v++)
            l->seed[l->nseeds++] = v;
    for (size_t k = 0; k < l->nseeds; k++)
        if (l->seed[k] > l->top_seed)
            l->top_seed = l->seed[k];
    if (l->nsizes < 2) {
        mzc_error("scaling: a fit needs two sizes or more");
        goto out;
    }
    rc = 0;
out:
    sw_plan_free(&p);
    if (rc)
        free(l->seed);
    return rc;
}

/* The shape of the run: every size n is a grid of it of side n. */
static mz_shape run_shape = MZ_SHAPE_ORTHO;

static mz_dims geom_of(uint64_t n) { return mz_dims_side(run_shape, n); }

static uint64_t next_ns;

/* A progress line on stderr every 10 s. */
static void progress(void *ctx, const char *canon, const char *grid, uint64_t seed)
{
    (void)ctx;
    if (mzc_now_ns() >= next_ns) {
        fprintf(stderr, "mazebench: scaling: %s at %s seed %llu\n", canon, grid,
                (unsigned long long)seed);
        next_ns = mzc_now_ns() + UINT64_C(10000000000);
    }
}

int cmd_scaling(int argc, char **argv)
{
    const char *sizes_text = "16,32,64,128,256", *seeds_text = "1..10", *format = "text";
    const char *ssizes_text = NULL, *sseeds_text = NULL, *points_path = NULL, *shape_text = NULL;
    const char *rng_text = NULL;
    mz_rng_kind want_rng = MZ_RNG_AUTO;
    bool force = false;
    const char *gens[MAX_GENS];
    size_t ngens = 0;
    mzc_args a;
    mzc_args_init(&a, &mzc_cmd_scaling, argc, argv);
    for (int id; (id = mzc_args_next(&a)) != MZC_ARGS_END;) {
        const char *v = a.value;
        if (id == MZC_ARGS_HELP)
            return mzc_flush_stdout("scaling");
        if (id == MZC_ARGS_ERROR)
            return MZC_USAGE;
        if (id == MZC_ARGS_UNKNOWN || (id == MZC_ARGS_OPERAND && v[0] == '-')) {
            mzc_error("unknown option '%s' for 'scaling' (see 'mazebench scaling --help')", v);
            return MZC_USAGE;
        }
        if (id == MZC_ARGS_OPERAND) {
            if (ngens == MAX_GENS) {
                mzc_error("scaling: more than %d generators", MAX_GENS);
                return MZC_USAGE;
            }
            gens[ngens++] = v;
            continue;
        }
        const char *name = a.cmd->opts[id].name;
        if (strcmp(name, "--sizes") == 0) {
            sizes_text = v;
        } else if (strcmp(name, "--seeds") == 0) {
            seeds_text = v;
        } else if (strcmp(name, "--stream-sizes") == 0) {
            ssizes_text = v;
        } else if (strcmp(name, "--stream-seeds") == 0) {
            sseeds_text = v;
        } else if (strcmp(name, "--shape") == 0) {
            shape_text = v;
        } else if (strcmp(name, "--rng") == 0) {
            rng_text = v;
            if (mzc_parse_rng("scaling", rng_text, &want_rng) != 0)
                return MZC_USAGE;
        } else if (strcmp(name, "--points") == 0) {
            points_path = v;
        } else if (strcmp(name, "--format") == 0) {
            format = v;
        } else if (strcmp(name, "--force") == 0) {
            force = true;
        } else {
            mzc_error("scaling: option '%s' is not handled", name);
            return MZC_USAGE;
        }
    }
    if (ngens == 0) {
        mzc_error("scaling needs a generator spec or 'eller-stream' (see 'mazebench scaling "
                  "--help')");
        return MZC_USAGE;
    }
    const bool csv = strcmp(format, "csv") == 0;
    if (!csv && strcmp(format, "text") != 0) {
        mzc_error("scaling: format '%s' is not text or csv", format);
        return MZC_USAGE;
    }
    run_shape = MZ_SHAPE_ORTHO;
    if (shape_text && mz_shape_parse(shape_text, &run_shape) != MZ_OK) {
        char names[128];
        mzc_error("scaling: unknown shape '%s' (known: %s)", shape_text,
                  mz_shape_names(names, sizeof names));
        return MZC_USAGE;
    }
    static mz_spec specs[MAX_GENS];
    static char canon[MAX_GENS][256];
    for (size_t k = 0; k < ngens; k++) {
        if (strcmp(gens[k], "eller-stream") == 0) {
            if (run_shape != MZ_SHAPE_ORTHO) {
                mzc_error("scaling: eller-stream makes square cells only, not %s",
                          mz_shape_name(run_shape));
                return MZC_USAGE;
            }
            snprintf(canon[k], sizeof canon[k], "eller-stream");
            continue;
        }
        char err[1024];
        if (mz_spec_parse(gens[k], &specs[k], err, sizeof err) != MZ_OK) {
            mzc_error("scaling: %s", err);
            return MZC_USAGE;
        }
        if (specs[k].stage[0].algo->kind != MZ_GEN) {
            mzc_error("scaling: '%s' is not a generator", gens[k]);
            return MZC_USAGE;
        }
        if (specs[k].stage[0].algo->flags & MZ_F_FIXED_SIZE) {
            mzc_error("scaling: '%s' makes a maze of one fixed size: its route has no growth "
                      "with the side to fit",
                      specs[k].stage[0].algo->name);
            return MZC_USAGE;
        }
        for (unsigned a = 0; a < specs[k].n; a++)
            if (!mz_runs_on(specs[k].stage[a].algo, run_shape)) {
                mzc_error("scaling: '%s' does not run on %s cells", specs[k].stage[a].algo->name,
                          mz_shape_name(run_shape));
                return MZC_USAGE;
            }
        mz_spec_format(&specs[k], canon[k], sizeof canon[k]);
    }
    list grid, stream;
    if (parse_list(seeds_text, sizes_text, &grid) != 0)
        return MZC_USAGE;
    if (parse_list(sseeds_text ? sseeds_text : seeds_text, ssizes_text ? ssizes_text : sizes_text,
                   &stream) != 0) {
        free(grid.seed);
        return MZC_USAGE;
    }
    int rc = MZC_OK;
    /* Every size a grid of the run's shape can have, as 'gen' checks it
     * (bad input: exit 2), before anything runs. */
    for (size_t i = 0; i < grid.nsizes && rc == MZC_OK; i++) {
        bool stored = false;
        for (size_t k = 0; k < ngens; k++)
            stored |= strcmp(canon[k], "eller-stream") != 0;
        mz_dims geo = geom_of(grid.n[i]);
        if (stored && mz_dims_cells(&geo) == 0) {
            char text[96];
            mz_dims_format(&geo, text, sizeof text);
            mzc_error("scaling: size '%s' is too large (at most 2^40 cells, 2^20 polar rings)",
                      text);
            rc = MZC_USAGE;
        }
    }
    /* Memory: the largest stored grid, its chain and the statistics
     * (mz_estimate_bytes) are checked before anything runs. */
    for (size_t k = 0; k < ngens && rc == MZC_OK; k++) {
        if (strcmp(canon[k], "eller-stream") == 0)
            continue;
        uint64_t nmax = 0;
        for (size_t i = 0; i < grid.nsizes; i++)
            if (grid.n[i] > nmax)
                nmax = grid.n[i];
        const mz_algo *a[MZ_MAX_CHAIN];
        for (unsigned st = 0; st < specs[k].n; st++)
            a[st] = specs[k].stage[st].algo;
        const mz_dims geo = run_shape == MZ_SHAPE_ORTHO ? *MZ_SQUARE(nmax,
                                                                         nmax) : geom_of(nmax);
        if (mzc_check_estimate(&geo, a, specs[k].n, MZ_EST_STATS) != 0)
            rc = MZC_FAIL;
    }
    /* The source of each generator and size, chosen before anything runs:
     * one source a maze size, decided by the largest seed (under 'auto' a
     * seed past 32 bits moves every size to splitmix64). mulberry32 asked
     * for where it cannot serve is refused (exit 2); a switch is noted once
     * a reason. eller-stream chooses as 'eller' would at its sizes. */
    static unsigned char rngk[MAX_GENS][MAX_SIZES];
    char last_note[512] = "";
    for (size_t k = 0; k < ngens && rc == MZC_OK; k++) {
        const bool is_stream = strcmp(canon[k], "eller-stream") == 0;
        const list *l = is_stream ? &stream : &grid;
        for (size_t i = 0; i < l->nsizes && rc == MZC_OK; i++) {
            mz_spec sp = specs[k];
            char perr[128];
            if (is_stream && mz_spec_parse("eller", &sp, perr, sizeof perr) != MZ_OK) {
                mzc_error("scaling: %s", perr);
                rc = MZC_FAIL;
                break;
            }
            const mz_dims geo = is_stream ? *MZ_SQUARE(l->n[i], l->n[i]) : geom_of(l->n[i]);
            char note[512];
            if (mzc_resolve_rng_note("scaling", want_rng, &sp, &geo, l->top_seed, note,
                                     sizeof note) != 0) {
                rc = MZC_USAGE;
            } else if (note[0] && strcmp(note, last_note) != 0) { /* once a reason */
                snprintf(last_note, sizeof last_note, "%s", note);
                fputs(note, stderr);
            }
            rngk[k][i] = (unsigned char)sp.rng;
        }
    }
    /* The points file is committed with the result: only after the
     * result reached stdout (mzc_outs). */
    mzc_outs outs;
    mzc_outs_init(&outs, "scaling");
    FILE *pf = NULL;
    if (rc == MZC_OK && points_path &&
        (pf = mzc_outs_open(&outs, "--points", points_path, force, &rc)) != NULL)
        fprintf(pf, "gen,%sn,seeds,route_mean,route_sd,route_geomean,fit_route,"
                    "theory_route,local_slope,rng\n",
                "topology,");
    if (rc == MZC_OK && csv)
        printf("gen,%ssizes,seeds,mazes,n_min,n_max,exponent,se,ci95_lo,ci95_hi,r2,local_slope,"
               "published,published_inside,rng\n",
               "topology,");
    next_ns = mzc_now_ns() + UINT64_C(10000000000);
    /* A statistic undefined for its sample was printed (a standard
     * deviation over one seed, the interval of a fit through two mazes):
     * one note on stderr at the end. */
    bool undefined_seen = false, undefined_fit = false;
    for (size_t k = 0; k < ngens && rc == MZC_OK; k++) {
        const bool st = strcmp(canon[k], "eller-stream") == 0;
        const list *l = st ? &stream : &grid;
        mzt_scaling sc = {run_shape, l->n, l->nsizes, l->seed, l->nseeds, pf, progress, NULL,
                          false};
        mzt_scaling_result r;
        mzt_err err;
        if (mzt_scaling_run(&sc, canon[k], st ? NULL : &specs[k], rngk[k], &r, &err) != MZT_OK) {
            mzc_error("scaling: %s", err.msg);
            rc = MZC_FAIL;
            break;
        }
        undefined_seen |= sc.undefined_sd;
        /* Two mazes fix the line: no standard error, no interval (n/a in
         * text, empty in CSV, and said once on stderr). */
        undefined_fit |= isnan(r.fit.se);
        mzt_scaling_write(stdout, &r, csv);
    }
    free(grid.seed);
    free(stream.seed);
    rc = mzc_outs_finish(&outs, rc);
    if (rc == MZC_OK && (undefined_seen || undefined_fit))
        fprintf(stderr, "mazebench: scaling: note: %s%s%s: n/a in text, empty in CSV\n",
                undefined_fit ? "a fit through two mazes has no standard error or interval" : "",
                undefined_fit && undefined_seen ? ", and " : "",
                undefined_seen ? "a size of one seed no route_sd" : "");
    return rc;
}
