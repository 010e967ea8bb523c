/*
 * cmd_stats.c - the stats command: shape figures of a generator's mazes
 * over seeds (mean, standard deviation, 95% confidence interval), next to
 * the published dead-end shares of data/published-deadends.csv.
 * The figures come from mz_maze_stats_compute; docs/stats.md.
 */
#include "cli.h"
#include "../mazebench_bench.h"
#include "../mazebench_stats.h"
#include "opts.h"
#include "out/out.h"
#include "sweep.h"
#include "tools/stats_table.h"
#include "report/stats_out.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIZES 32
#define MAX_SEEDS 100000
#define MAX_GENS 128

/* Seeds use the sweep's list syntax (ranges A..B, duplicates dropped),
 * parsed by the sweep engine so the two commands agree; grids are
 * comma-separated, each parsed by mz_dims_parse, duplicates dropped. */
static int parse_lists(const char *seeds_text, const char *grids_text, uint64_t **seeds,
                       size_t *nseeds, mz_dims *grids, size_t *ngrids)
{
    sw_plan p;
    char err[512];
    sw_plan_init(&p, NULL, NULL);
    int rc = -1;
    if (sw_plan_set_seeds(&p, seeds_text, err, sizeof err) != SW_OK) {
        mzc_error("%s", err);
        goto out;
    }
    uint64_t total = 0;
    for (size_t k = 0; k < p.nrange; k++)
        total += (uint64_t)p.range[k].hi - p.range[k].lo + 1;
    if (total > MAX_SEEDS) {
        mzc_error("more than %d seeds in '%s'", MAX_SEEDS, seeds_text);
        goto out;
    }
    *ngrids = 0;
    for (const char *piece = grids_text;;) {
        size_t len = strcspn(piece, ",");
        char one[256];
        if (len >= sizeof one) {
            mzc_error("grid '%.40s...' is too long", piece);
            goto out;
        }
        memcpy(one, piece, len);
        one[len] = '\0';
        mz_dims geo;
        if (mzc_parse_grid(one, &geo) != 0)
            goto out;
        mz_dims_cells(&geo);
        bool dup = false;
        for (size_t k = 0; k < *ngrids && !dup; k++)
            dup = grids[k].shape == geo.shape && grids[k].levels == geo.levels &&
                  grids[k].rows == geo.rows && grids[k].cols == geo.cols;
        if (!dup) {
            if (*ngrids == MAX_SIZES) {
                mzc_error("more than %d grids in '%s'", MAX_SIZES, grids_text);
                goto out;
            }
            grids[(*ngrids)++] = geo;
        }
        if (piece[len] == '\0')
            break;
        piece += len + 1;
    }
    *seeds = malloc((size_t)total * sizeof **seeds);
    if (!*seeds) {
        mzc_error("out of memory for the seed list");
        goto out;
    }
    *nseeds = 0;
    for (size_t k = 0; k < p.nrange; k++)
        for (uint64_t v = p.range[k].lo; v <= p.range[k].hi; v++)
            (*seeds)[(*nseeds)++] = v;
    rc = 0;
out:
    sw_plan_free(&p);
    return rc;
}

/* A progress line on stderr every 10 s: 20,000 seeds of a large size take
 * minutes. */
static void progress(void *ctx, const char *gen, const char *grid, size_t done, size_t total)
{
    (void)ctx;
    static uint64_t next_ns;
    if (!next_ns)
        next_ns = mzc_now_ns() + UINT64_C(10000000000);
    if (mzc_now_ns() >= next_ns) {
        fprintf(stderr, "mazebench: stats: %s at %s: seed %zu of %zu\n", gen, grid, done, total);
        next_ns = mzc_now_ns() + UINT64_C(10000000000);
    }
}

/* Run one generator on one grid over the seeds: 0, or -1 with the message
 * printed. Seeds an outside program failed on are said on stderr (they
 * are left out of the figures); every seed failing is an error. */
static int run_one(const mz_spec *spec, const char *canon, const mz_dims *geo,
                   const uint64_t *seeds, size_t nseeds, uint64_t band, mzt_stats_table *t)
{
    mzt_err err;
    if (mzt_stats_collect(spec, canon, geo, seeds, nseeds, band, progress, NULL, t, &err) !=
        MZT_OK) {
        mzc_error("%s", err.msg);
        return -1;
    }
    char why[512];
    if (t->failed && t->failed == nseeds) {
        mzc_error("stats: '%s' at %s: no seed made a maze: %zu of %zu seeds failed: %s (first: "
                  "seed %llu)",
                  canon, t->grid, t->failed, nseeds, mzt_stats_failures(t, why, sizeof why),
                  (unsigned long long)t->fail_seed);
        return -1;
    }
    if (t->failed)
        fprintf(stderr,
                "mazebench: stats: '%s' at %s: %zu of %zu seeds failed: %s (first: seed "
                "%llu); left out of the figures\n",
                canon, t->grid, t->failed, nseeds, mzt_stats_failures(t, why, sizeof why),
                (unsigned long long)t->fail_seed);
    return 0;
}

/* Run specs[k] on grid z: the memory check, the random source (its note
 * printed first when note), the run. MZC_OK, MZC_FAIL or MZC_USAGE. */
static int run_spec(const mz_spec *spec, const char *canon, const mz_dims *geo, bool note,
                    mz_rng_kind rng, mz_rng_kind want_rng, uint64_t top_seed,
                    const uint64_t *seeds, size_t nseeds, uint64_t band, mzt_stats_table *t)
{
    memset(t, 0, sizeof *t);
    const mz_algo *algos[MZ_MAX_CHAIN];
    for (unsigned a = 0; a < spec->n; a++)
        algos[a] = spec->stage[a].algo;
    /* The grid, the chain and the statistics (mz_estimate_bytes), checked
     * before any of it is allocated. */
    char what[512];
    char grid[96];
    mz_dims_format(geo, grid, sizeof grid);
    snprintf(what, sizeof what, "'%s' at %s", canon, grid);
    uint64_t need = mz_estimate_bytes(algos, spec->n, geo, MZ_EST_STATS);
    if (mzc_check_bytes(what, (double)need) != 0)
        return MZC_FAIL;
    mz_spec sp = *spec;
    if (note && mzc_resolve_rng("stats", want_rng, &sp, geo, top_seed) != 0)
        return MZC_USAGE;
    sp.rng = rng;
    if (run_one(&sp, canon, geo, seeds, nseeds, band, t) != 0) {
        mzt_stats_table_free(t);
        return MZC_FAIL;
    }
    return MZC_OK;
}

/* Does some stage of spec not run on the grid's shape? */
static bool skipped(const mz_spec *spec, const mz_dims *geo)
{
    for (unsigned a = 0; a < spec->n; a++)
        if (!mz_runs_on(spec->stage[a].algo, geo->shape))
            return true;
    return false;
}

int cmd_stats(int argc, char **argv)
{
    const char *grids_text = NULL, *seeds_text = "1..10", *format = "text";
    const char *pub_path = "data/published-deadends.csv", *rng_text = NULL;
    mz_rng_kind want_rng = MZ_RNG_AUTO;
    bool pub_required = false;
    uint64_t band = 10;
    const char *gens[MAX_GENS];
    size_t ngens = 0;
    const char *against = NULL, *against_seeds_text = NULL, *alpha_text = NULL;
    const char *corr_text = NULL;
    mzc_args a;
    mzc_args_init(&a, &mzc_cmd_stats, argc, argv);
    for (int id; (id = mzc_args_next(&a)) != MZC_ARGS_END;) {
        const char *v = a.value;
        if (id == MZC_ARGS_HELP)
            return mzc_flush_stdout("stats");
        if (id == MZC_ARGS_ERROR)
            return MZC_USAGE;
        if (id == MZC_ARGS_UNKNOWN || (id == MZC_ARGS_OPERAND && v[0] == '-')) {
            mzc_error("unknown option '%s' for 'stats' (see 'mazebench stats --help')", v);
            return MZC_USAGE;
        }
        if (id == MZC_ARGS_OPERAND) {
            if (ngens == MAX_GENS) {
                mzc_error("more than %d generators", MAX_GENS);
                return MZC_USAGE;
            }
            gens[ngens++] = v;
            continue;
        }
        const char *name = a.cmd->opts[id].name;
        if (strcmp(name, "--grid") == 0) { /* its older names --sizes and --size too */
            grids_text = v;
        } else if (strcmp(name, "--seeds") == 0) {
            seeds_text = v;
        } else if (strcmp(name, "--rng") == 0) {
            rng_text = v;
            if (mzc_parse_rng("stats", rng_text, &want_rng) != 0)
                return MZC_USAGE;
        } else if (strcmp(name, "--format") == 0) {
            format = v;
        } else if (strcmp(name, "--published") == 0) {
            pub_path = v;
            pub_required = true;
        } else if (strcmp(name, "--band") == 0) {
            if (mzc_parse_u64("band", v, 0, UINT32_MAX, &band) != 0)
                return MZC_USAGE;
        } else if (strcmp(name, "--against") == 0) {
            against = v;
        } else if (strcmp(name, "--against-seeds") == 0) {
            against_seeds_text = v;
        } else if (strcmp(name, "--alpha") == 0) {
            alpha_text = v;
        } else if (strcmp(name, "--correction") == 0) {
            corr_text = v;
        } else {
            mzc_error("stats: option '%s' is not handled", name);
            return MZC_USAGE;
        }
    }
    if (ngens == 0) {
        mzc_error("stats needs a generator spec or 'all' (see 'mazebench stats --help')");
        return MZC_USAGE;
    }
    mzr_stats_format fmt;
    if (mzr_stats_format_parse(format, &fmt) != 0) {
        mzc_error("format '%s' is not text, csv, json or markdown", format);
        return MZC_USAGE;
    }
    /* A claim: --against B, with its own seeds, level and correction. */
    double alpha = 0.01;
    mzt_correction correction = MZT_HOLM;
    if (!against && (against_seeds_text || alpha_text || corr_text)) {
        mzc_error("stats: --against-seeds, --alpha and --correction go with --against B (see "
                  "'mazebench stats --help')");
        return MZC_USAGE;
    }
    if (alpha_text) {
        char *end;
        errno = 0;
        alpha = strtod(alpha_text, &end);
        if (end == alpha_text || *end || errno || !(alpha >= 1e-12 && alpha <= 0.5)) {
            mzc_error("stats: --alpha '%s' is not a level between 1e-12 and 0.5", alpha_text);
            return MZC_USAGE;
        }
    }
    if (corr_text && !strcmp(corr_text, "bonferroni"))
        correction = MZT_BONFERRONI;
    else if (corr_text && strcmp(corr_text, "holm")) {
        mzc_error("stats: --correction '%s' is not holm or bonferroni", corr_text);
        return MZC_USAGE;
    }
    if (against && !strcmp(against, "all")) {
        mzc_error("stats: --against takes one generator spec, not 'all'");
        return MZC_USAGE;
    }
    mz_dims grids[MAX_SIZES];
    size_t ngrids;
    uint64_t *seeds = NULL;
    size_t nseeds;
    if (parse_lists(seeds_text, grids_text ? grids_text : "101", &seeds, &nseeds, grids,
                    &ngrids) != 0)
        return MZC_USAGE;
    uint64_t *bseeds = seeds;
    size_t nbseeds = nseeds;
    if (against_seeds_text) {
        mz_dims bgrids[MAX_SIZES];
        size_t nbgrids;
        if (parse_lists(against_seeds_text, grids_text ? grids_text : "101", &bseeds, &nbseeds,
                        bgrids, &nbgrids) != 0) {
            free(seeds);
            return MZC_USAGE;
        }
    }
    mzt_pub_table pubs;
    mzt_err perr;
    if (mzt_published_read(pub_path, pub_required, &pubs, &perr) != MZT_OK) {
        mzc_error("%s", perr.msg);
        if (bseeds != seeds)
            free(bseeds);
        free(seeds);
        return MZC_USAGE;
    }

    /* The plan: each spec parsed and canonical, 'all' expanded. */
    static mz_spec specs[MAX_GENS * 2];
    static char canon[MAX_GENS * 2][256];
    static bool named[MAX_GENS * 2]; /* given by name, not only by 'all' */
    size_t nspecs = 0;
    int rc = MZC_OK;
    mzt_err serr;
    if (mzt_stats_specs(gens, ngens, &pubs, specs, canon, named, MAX_GENS * 2, &nspecs, &serr) !=
        MZT_OK) {
        mzc_error("%s", serr.msg);
        rc = MZC_USAGE;
    }
    /* The claim's other side: one more spec, after the others. */
    const size_t bi = nspecs;
    if (against && rc == MZC_OK) {
        char err[1024];
        if (mz_spec_parse(against, &specs[bi], err, sizeof err) != MZ_OK) {
            mzc_error("%s", err);
            rc = MZC_USAGE;
        } else {
            mz_spec_format(&specs[bi], canon[bi], sizeof canon[bi]);
            named[bi] = true;
        }
    }
    const size_t nall = nspecs + (against ? 1 : 0);

    /* A generator that does not run on a grid's shape is skipped there
     * (said on stderr when it was named); some pair must be left. */
    size_t runs = 0;
    for (size_t k = 0; k < nspecs && rc == MZC_OK; k++)
        for (size_t z = 0; z < ngrids; z++)
            runs += !skipped(&specs[k], &grids[z]) && !(against && skipped(&specs[bi], &grids[z]));
    if (rc == MZC_OK && runs == 0) {
        char g0[96];
        mz_dims_format(&grids[0], g0, sizeof g0);
        mzc_error("stats: no generator given runs on the grids given (%s%s): see 'mazebench "
                  "list' for the shapes each runs on",
                  g0, ngrids > 1 ? ", ..." : "");
        rc = MZC_USAGE;
    }

    /* The source of each generator and grid, chosen before any maze is
     * made: one source a row, decided by its largest seed (under 'auto' a
     * seed past 32 bits moves the whole row to splitmix64). mulberry32
     * asked for where it cannot serve is refused here (exit 2); a switch is
     * noted once for each reason. */
    static unsigned char rngk[MAX_GENS * 2][MAX_SIZES];
    /* A switch's note is printed just before its maze runs, once its
     * memory check passed: one line on stderr for a refusal. */
    static bool note_at[MAX_GENS * 2][MAX_SIZES];
    uint64_t top_seed = 0, btop_seed = 0;
    for (size_t k = 0; k < nseeds; k++)
        if (seeds[k] > top_seed)
            top_seed = seeds[k];
    for (size_t k = 0; k < nbseeds; k++)
        if (bseeds[k] > btop_seed)
            btop_seed = bseeds[k];
    char last_note[512] = "";
    for (size_t k = 0; k < nall && rc == MZC_OK; k++)
        for (size_t z = 0; z < ngrids && rc == MZC_OK; z++) {
            if (skipped(&specs[k], &grids[z]))
                continue;
            mz_spec sp = specs[k];
            char note[512];
            note_at[k][z] = false;
            if (mzc_resolve_rng_note("stats", want_rng, &sp, &grids[z],
                                     k == bi && against ? btop_seed : top_seed, note,
                                     sizeof note) != 0) {
                rc = MZC_USAGE;
            } else if (note[0] && strcmp(note, last_note) != 0) {
                snprintf(last_note, sizeof last_note, "%s", note);
                note_at[k][z] = true;
            }
            rngk[k][z] = (unsigned char)sp.rng;
        }

    mzr_stats_out out = {0};
    if (rc == MZC_OK && mzr_stats_begin(&out, stdout, fmt, against != NULL, band) != MZO_OK) {
        mzc_error("stats: out of memory");
        rc = MZC_FAIL;
    }
    if (rc == MZC_OK && against && !against_seeds_text)
        for (size_t k = 0; k < nspecs; k++)
            if (!strcmp(canon[k], canon[bi]))
                fprintf(stderr, "mazebench: stats: note: '%s' against itself on the same seeds "
                                "compares the same mazes: give --against-seeds\n",
                        canon[k]);
    for (size_t z = 0; z < ngrids && rc == MZC_OK && against; z++) {
        /* A claim: the other side once a grid, then each generator. */
        if (skipped(&specs[bi], &grids[z])) {
            fprintf(stderr, "mazebench: stats: '%s' does not run on %s cells: skipped\n",
                    canon[bi], mz_shape_name(grids[z].shape));
            continue;
        }
        mzt_stats_table tb;
        rc = run_spec(&specs[bi], canon[bi], &grids[z], note_at[bi][z],
                      (mz_rng_kind)rngk[bi][z], want_rng, btop_seed, bseeds, nbseeds, band, &tb);
        if (rc != MZC_OK)
            break;
        for (size_t k = 0; k < nspecs && rc == MZC_OK; k++) {
            if (skipped(&specs[k], &grids[z])) {
                if (named[k])
                    fprintf(stderr, "mazebench: stats: '%s' does not run on %s cells: skipped\n",
                            canon[k], mz_shape_name(grids[z].shape));
                continue;
            }
            mzt_stats_table ta;
            rc = run_spec(&specs[k], canon[k], &grids[z], note_at[k][z], (mz_rng_kind)rngk[k][z],
                          want_rng, top_seed, seeds, nseeds, band, &ta);
            if (rc != MZC_OK)
                break;
            mzt_claim c;
            mzt_err err;
            if (mzt_stats_claim(&ta, &tb, alpha, correction, &c, &err) != MZT_OK) {
                mzc_error("%s", err.msg);
                rc = MZC_FAIL;
            } else if (mzr_stats_claim(&out, &ta, &tb, &c) != MZO_OK) {
                mzc_error("stats: out of memory");
                rc = MZC_FAIL;
            }
            fflush(stdout);
            mzt_stats_table_free(&ta);
        }
        mzt_stats_table_free(&tb);
    }
    for (size_t k = 0; k < nspecs && rc == MZC_OK && !against; k++) {
        for (size_t z = 0; z < ngrids && rc == MZC_OK; z++) {
            mzt_stats_table t;
            if (skipped(&specs[k], &grids[z])) {
                if (named[k])
                    fprintf(stderr, "mazebench: stats: '%s' does not run on %s cells: skipped\n",
                            canon[k], mz_shape_name(grids[z].shape));
                continue;
            }
            rc = run_spec(&specs[k], canon[k], &grids[z], note_at[k][z], (mz_rng_kind)rngk[k][z],
                          want_rng, top_seed, seeds, nseeds, band, &t);
            if (rc != MZC_OK)
                break;
            /* the published figures are of square grids */
            const mzt_published *pub =
                t.geo.shape == MZ_SHAPE_ORTHO ? mzt_published_find(&pubs, canon[k]) : NULL;
            mzt_pub_check chk;
            if (pub)
                mzt_published_check(&t.s[MZT_S_DEAD], pub, &chk);
            if (mzr_stats_result(&out, &t, pub, pub ? &chk : NULL) != MZO_OK) {
                mzc_error("stats: out of memory");
                rc = MZC_FAIL;
            }
            fflush(stdout);
            mzt_stats_table_free(&t);
        }
    }
    if (rc == MZC_OK)
        mzr_stats_end(&out);
    if (bseeds != seeds)
        free(bseeds);
    free(seeds);
    mzt_published_free(&pubs);
    if (rc == MZC_OK)
        rc = mzc_flush_stdout("stats");
    if (rc == MZC_OK && out.undefined)
        fprintf(stderr, "mazebench: stats: note: a statistic over one maze (one seed) has no "
                        "standard deviation or 95%% interval: shown as n/a (empty in CSV, null "
                        "in JSON)\n");
    return rc;
}
