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

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIZES 32
#define MAX_SEEDS 100000
#define MAX_GENS 128

/* The statistics in output order (stats_table.h); degree_d is printed for
 * d up to the result's max_degree (4 on square cells). */
#define S_DEAD MZT_S_DEAD
#define S_INNER MZT_S_INNER
#define S_DEG1 MZT_S_DEG1
#define S_DEG8 MZT_S_DEG8
#define S_STRAIGHT MZT_S_STRAIGHT
#define S_TURN MZT_S_TURN
#define S_ROUTE MZT_S_ROUTE
#define S_LONGEST MZT_S_LONGEST
#define NSTATS MZT_NSTATS
#define stat_name mzt_stat_name

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

/* One generator on one grid: its table and its published figure. */
typedef struct result {
    mzt_stats_table t;
    const mzt_published *pub;
    mzt_pub_check chk; /* the measured dead-end share against pub */
} result;

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

#define is_share mzt_stat_is_share

/* A standard deviation and an interval need two values or more: over one
 * maze (one seed, or one reachable exit) they are undefined, printed as
 * n/a in text and markdown, empty in CSV and null in JSON, and said once on
 * stderr at the end. */
static bool undefined_seen;

static bool has_spread(const mz_summary *s)
{
    if (s->n == 1)
        undefined_seen = true;
    return s->n >= 2;
}

/* Is statistic st printed for r? degree_d up to its shape's degree. */
static bool shown(const result *r, unsigned st)
{
    return st < S_DEG1 || st > S_DEG8 || st - S_DEG1 + 1 <= r->t.max_degree;
}

/* The text names a grid of another shape than square cells by its
 * topology and cells; the other formats name every grid's. */
static void print_text(FILE *f, const result *r, uint64_t band)
{
    if (r->t.geo.shape == MZ_SHAPE_ORTHO)
        fprintf(f, "%s  %llux%llu  %zu seeds  rng %s\n", r->t.gen, (unsigned long long)r->t.rows,
                (unsigned long long)r->t.cols, r->t.seeds, r->t.rng);
    else
        fprintf(f, "%s  %s  %zu seeds  (topology %s, %llu cells)  rng %s\n", r->t.gen, r->t.grid,
                r->t.seeds, r->t.topo, (unsigned long long)r->t.cells, r->t.rng);
    if (r->t.failed) {
        char why[512];
        fprintf(f, "  %zu of %zu seeds failed (%s): left out\n", r->t.failed, r->t.seeds,
                mzt_stats_failures(&r->t, why, sizeof why));
    }
    fprintf(f, "  %-16s %12s %12s  %-27s %s\n", "statistic", "mean", "sd", "95% ci", "published");
    for (unsigned st = 0; st < NSTATS; st++) {
        const mz_summary *s = &r->t.s[st];
        if (!shown(r, st))
            continue;
        if (s->n == 0) {
            fprintf(f, "  %-16s %12s\n", stat_name[st], "-");
            continue;
        }
        char ci[64], sd[32], pub[400] = "";
        const bool spread = has_spread(s);
        if (is_share(st)) {
            snprintf(ci, sizeof ci, spread ? "[%.4f, %.4f]" : "n/a", s->ci_lo, s->ci_hi);
            snprintf(sd, sizeof sd, spread ? "%.4f" : "n/a", s->sd);
            fprintf(f, "  %-16s %12.4f %12s  %-27s", stat_name[st], s->mean, sd, ci);
        } else {
            snprintf(ci, sizeof ci, spread ? "[%.1f, %.1f]" : "n/a", s->ci_lo, s->ci_hi);
            snprintf(sd, sizeof sd, spread ? "%.1f" : "n/a", s->sd);
            fprintf(f, "  %-16s %12.1f %12s  %-27s", stat_name[st], s->mean, sd, ci);
        }
        if (st == S_DEAD && r->pub) {
            if (r->pub->lo == r->pub->hi)
                snprintf(pub, sizeof pub, "%.0f%% (%s, %s)", r->pub->lo, r->pub->name,
                         r->pub->source);
            else
                snprintf(pub, sizeof pub, "%.0f-%.0f%% (%s, %s)", r->pub->lo, r->pub->hi,
                         r->pub->name, r->pub->source);
            if (r->chk.verdict != MZT_UNTESTED) {
                size_t len = strlen(pub);
                snprintf(pub + len, sizeof pub - len, ": %s, p %.2g",
                         mzt_verdict_name(r->chk.verdict), r->chk.p);
            }
        } else if (st == S_INNER) {
            snprintf(pub, sizeof pub, "(border band of %llu cells left out)",
                     (unsigned long long)band);
        } else if (st == S_LONGEST && !r->t.longest_exact) {
            snprintf(pub, sizeof pub, "(lower bound: a maze has loops)");
        } else if (st == S_ROUTE && !r->t.route_all) {
            snprintf(pub, sizeof pub, "(over the %llu mazes whose exit is reachable)",
                     (unsigned long long)s->n);
        }
        fprintf(f, " %s\n", pub);
    }
}

/* The topology before rows, as in result CSVs (docs/shapes.md), and the
 * cells after cols; the rng column last (added after the others). */
static void csv_header(FILE *f, bool topo)
{
    fputs(topo ? "gen,topology,rows,cols,cells," : "gen,rows,cols,", f);
    fputs("seeds,stat,n,mean,sd,se,ci95_lo,ci95_hi,exact,published_lo,published_hi,"
          "published_source,rng,published_p,published_verdict\n",
          f);
}

static void print_csv(FILE *f, const result *r, bool topo)
{
    for (unsigned st = 0; st < NSTATS; st++) {
        const mz_summary *s = &r->t.s[st];
        if (!shown(r, st))
            continue;
        mzo_csv_string(f, r->t.gen);
        if (topo)
            fprintf(f, ",%s", r->t.topo);
        fprintf(f, ",%llu,%llu,", (unsigned long long)r->t.rows, (unsigned long long)r->t.cols);
        if (topo)
            fprintf(f, "%llu,", (unsigned long long)r->t.cells);
        fprintf(f, "%zu,%s,%llu,", r->t.seeds, stat_name[st], (unsigned long long)s->n);
        if (s->n && has_spread(s))
            fprintf(f, "%.6f,%.6f,%.6f,%.6f,%.6f", s->mean, s->sd, s->se, s->ci_lo, s->ci_hi);
        else if (s->n)
            fprintf(f, "%.6f,,,,", s->mean);
        else
            fputs(",,,,", f);
        fprintf(f, ",%d,", st == S_LONGEST ? r->t.longest_exact : 1);
        if (st == S_DEAD && r->pub) {
            fprintf(f, "%.4f,%.4f,", r->pub->lo / 100, r->pub->hi / 100);
            mzo_csv_string(f, r->pub->source);
        } else {
            fputs(",,", f);
        }
        fprintf(f, ",%s,", r->t.rng);
        if (st == S_DEAD && r->pub && r->chk.verdict != MZT_UNTESTED)
            fprintf(f, "%.6g,%s\n", r->chk.p, mzt_verdict_name(r->chk.verdict));
        else
            fputs(",\n", f);
    }
}

static void print_json(FILE *f, const result *r, bool first, bool topo)
{
    fprintf(f, "%s  {\"gen\": ", first ? "" : ",\n");
    mzo_json_string(f, r->t.gen);
    if (topo) {
        fprintf(f, ", \"topology\": \"%s\", \"grid\": ", r->t.topo);
        mzo_json_string(f, r->t.grid);
        fprintf(f, ", \"cells\": %llu", (unsigned long long)r->t.cells);
    }
    fprintf(f, ", \"rows\": %llu, \"cols\": %llu, \"seeds\": %zu, \"rng\": \"%s\", "
            "\"longest_exact\": %s",
            (unsigned long long)r->t.rows, (unsigned long long)r->t.cols, r->t.seeds, r->t.rng,
            r->t.longest_exact ? "true" : "false");
    if (r->t.failed) {
        char why[512];
        fprintf(f, ", \"failed\": %zu, \"failed_why\": ", r->t.failed);
        mzo_json_string(f, mzt_stats_failures(&r->t, why, sizeof why));
    }
    if (r->pub) {
        fprintf(f, ", \"published\": {\"name\": ");
        mzo_json_string(f, r->pub->name);
        fprintf(f, ", \"dead_ends_lo\": %.4f, \"dead_ends_hi\": %.4f, \"source\": ",
                r->pub->lo / 100, r->pub->hi / 100);
        mzo_json_string(f, r->pub->source);
        if (r->chk.verdict != MZT_UNTESTED)
            fprintf(f, ", \"p\": %.6g, \"verdict\": \"%s\"", r->chk.p,
                    mzt_verdict_name(r->chk.verdict));
        fputc('}', f);
    }
    fputs(", \"stats\": {", f);
    bool any = false;
    for (unsigned st = 0; st < NSTATS; st++) {
        const mz_summary *s = &r->t.s[st];
        if (!shown(r, st))
            continue;
        fprintf(f, "%s\"%s\": ", any ? ", " : "", stat_name[st]);
        any = true;
        if (s->n && has_spread(s))
            fprintf(f, "{\"n\": %llu, \"mean\": %.6f, \"sd\": %.6f, \"ci95\": [%.6f, %.6f]}",
                    (unsigned long long)s->n, s->mean, s->sd, s->ci_lo, s->ci_hi);
        else if (s->n)
            fprintf(f, "{\"n\": %llu, \"mean\": %.6f, \"sd\": null, \"ci95\": null}",
                    (unsigned long long)s->n, s->mean);
        else
            fputs("null", f);
    }
    fputs("}}", f);
}

static void markdown_header(FILE *f, bool topo)
{
    if (topo) {
        fputs("| generator | topology | grid | cells | seeds | dead ends % (95% CI) | "
              "published % | inner dead ends % | degree 1/2/3/... % | straight % | turn % | "
              "route (95% CI) | longest (95% CI) | rng |\n"
              "|---|---|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---|\n",
              f);
        return;
    }
    fputs("| generator | size | seeds | dead ends % (95% CI) | published % | inner dead ends % "
          "| straight % | turn % | route | longest | rng |\n"
          "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n",
          f);
}

static void print_markdown(FILE *f, const result *r, bool topo)
{
    const mz_summary *d = &r->t.s[S_DEAD], *in = &r->t.s[S_INNER];
    char pub[64] = "-";
    if (r->pub && r->pub->lo == r->pub->hi)
        snprintf(pub, sizeof pub, "%.0f", r->pub->lo);
    else if (r->pub)
        snprintf(pub, sizeof pub, "%.0f-%.0f", r->pub->lo, r->pub->hi);
    if (r->pub && r->chk.verdict != MZT_UNTESTED) {
        size_t len = strlen(pub);
        snprintf(pub + len, sizeof pub - len, " (%s)", mzt_verdict_name(r->chk.verdict));
    }
    char dead[96];
    if (has_spread(d))
        snprintf(dead, sizeof dead, "%.2f [%.2f, %.2f]", 100 * d->mean, 100 * d->ci_lo,
                 100 * d->ci_hi);
    else
        snprintf(dead, sizeof dead, "%.2f (n/a)", 100 * d->mean);
    if (topo)
        fprintf(f, "| `%s` | %s | %s | %llu | %zu | %s | %s | ", r->t.gen, r->t.topo, r->t.grid,
                (unsigned long long)r->t.cells, r->t.seeds, dead, pub);
    else
        fprintf(f, "| `%s` | %llux%llu | %zu | %s | %s | ", r->t.gen, (unsigned long long)r->t.rows,
                (unsigned long long)r->t.cols, r->t.seeds, dead, pub);
    if (in->n)
        fprintf(f, "%.2f", 100 * in->mean);
    else
        fputs("-", f);
    if (topo) {
        fputs(" | ", f);
        for (unsigned k = 1; k <= r->t.max_degree; k++)
            fprintf(f, "%s%.1f", k > 1 ? " / " : "", 100 * r->t.s[S_DEG1 + k - 1].mean);
    }
    fprintf(f, " | %.2f | %.2f | ", 100 * r->t.s[S_STRAIGHT].mean, 100 * r->t.s[S_TURN].mean);
    const mz_summary *ro = &r->t.s[S_ROUTE], *lo = &r->t.s[S_LONGEST];
    if (ro->n && topo && has_spread(ro))
        fprintf(f, "%.0f [%.0f, %.0f]", ro->mean, ro->ci_lo, ro->ci_hi);
    else if (ro->n && topo)
        fprintf(f, "%.0f (n/a)", ro->mean);
    else if (ro->n)
        fprintf(f, "%.0f", ro->mean);
    else
        fputs("-", f);
    if (topo && has_spread(lo))
        fprintf(f, " | %s%.0f [%.0f, %.0f]", r->t.longest_exact ? "" : ">= ", lo->mean,
                lo->ci_lo, lo->ci_hi);
    else if (topo)
        fprintf(f, " | %s%.0f (n/a)", r->t.longest_exact ? "" : ">= ", lo->mean);
    else
        fprintf(f, " | %s%.0f", r->t.longest_exact ? "" : ">= ", lo->mean);
    fprintf(f, " | %s |\n", r->t.rng);
}

/* ---- claims: one generator against another ---- */

/* A number for CSV: empty when not finite. */
static void csv_num(FILE *f, const char *fmt, double v)
{
    fputc(',', f);
    if (isfinite(v))
        fprintf(f, fmt, v);
}

/* A number for JSON: null when not finite. */
static void json_num(FILE *f, const char *key, const char *fmt, double v)
{
    fprintf(f, ", \"%s\": ", key);
    if (isfinite(v))
        fprintf(f, fmt, v);
    else
        fputs("null", f);
}

/* mean [lo, hi] of a summary, as a share (4 places, or percent with 2 when
 * pct) or a length (1 place); n/a for the interval of one value, "-" for
 * none. */
static void fmt_mean_ci(char *buf, size_t len, const mz_summary *s, unsigned st, bool pct)
{
    const bool share = is_share(st);
    const double k = share && pct ? 100 : 1;
    const int dec = share ? (pct ? 2 : 4) : 1;
    if (s->n == 0)
        snprintf(buf, len, "-");
    else if (s->n == 1) {
        undefined_seen = true;
        snprintf(buf, len, "%.*f (n/a)", dec, k * s->mean);
    } else {
        snprintf(buf, len, "%.*f [%.*f, %.*f]", dec, k * s->mean, dec, k * s->ci_lo, dec,
                 k * s->ci_hi);
    }
}

static void fmt_diff(char *buf, size_t len, const mzt_claim_row *c, bool pct)
{
    const bool share = is_share(c->stat);
    const double k = share && pct ? 100 : 1;
    const int dec = share ? (pct ? 2 : 4) : 1;
    if (!c->tested)
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, "%+.*f [%+.*f, %+.*f]", dec, k * c->welch.diff, dec,
                 k * c->welch.ci_lo, dec, k * c->welch.ci_hi);
}

static void print_claim_text(FILE *f, const mzt_stats_table *a, const mzt_stats_table *b,
                             const mzt_claim *c)
{
    fprintf(f, "%s against %s  %s", a->gen, b->gen, a->grid);
    if (a->geo.shape != MZ_SHAPE_ORTHO)
        fprintf(f, " (topology %s, %llu cells)", a->topo, (unsigned long long)a->cells);
    fprintf(f, "  seeds %zu and %zu  rng %s and %s\n", a->seeds, b->seeds, a->rng, b->rng);
    for (unsigned side = 0; side < 2; side++) {
        const mzt_stats_table *t = side ? b : a;
        char why[512];
        if (t->failed)
            fprintf(f, "  %s: %zu of %zu seeds failed (%s): left out\n", t->gen, t->failed,
                    t->seeds, mzt_stats_failures(t, why, sizeof why));
    }
    fprintf(f, "  level %g over %zu figures (%s); verdict by Welch's t-test\n", c->alpha,
            c->ntested, c->correction == MZT_HOLM ? "Holm" : "Bonferroni");
    fprintf(f, "  %-16s %-28s %-28s %-30s %8s %8s %8s %8s %10s  %s\n", "figure", "A (95% ci)",
            "B (95% ci)", "A - B (95% ci)", "p welch", "adj", "p rank", "adj", "detectable",
            "verdict");
    for (unsigned k = 0; k < MZT_CLAIM_FIGURES; k++) {
        const mzt_claim_row *r = &c->row[k];
        char ma[96], mb[96], d[128];
        fmt_mean_ci(ma, sizeof ma, &r->a, r->stat, false);
        fmt_mean_ci(mb, sizeof mb, &r->b, r->stat, false);
        fmt_diff(d, sizeof d, r, false);
        fprintf(f, "  %-16s %-28s %-28s %-30s", stat_name[r->stat], ma, mb, d);
        if (!r->tested) {
            fprintf(f, " %8s %8s %8s %8s %10s  %s\n", "-", "-", "-", "-", "-", "-");
            continue;
        }
        char det[32];
        snprintf(det, sizeof det, is_share(r->stat) ? "%.4f" : "%.1f", r->detectable);
        fprintf(f, " %8.2g %8.2g %8.2g %8.2g %10s  %s%s\n", r->welch.p, r->welch_p_adj, r->mw_p,
                r->mw_p_adj, det, mzt_verdict_name(r->verdict),
                r->rank_verdict != r->verdict
                    ? (r->rank_verdict == MZT_DIFFER ? " (rank test: differ)"
                                                     : " (rank test: agree)")
                    : "");
    }
    fprintf(f, "  verdict: %s\n", mzt_verdict_name(c->verdict));
}

static void claim_csv_header(FILE *f)
{
    fputs("gen,against,topology,rows,cols,cells,seeds,against_seeds,failed,against_failed,"
          "stat,n,mean,ci95_lo,ci95_hi,against_n,against_mean,against_ci95_lo,against_ci95_hi,"
          "diff,diff_ci95_lo,diff_ci95_hi,welch_t,welch_df,welch_p,welch_p_adj,mw_u,mw_z,"
          "mw_p,mw_p_adj,detectable,alpha,correction,verdict,rank_verdict,rng,against_rng\n",
          f);
}

static void print_claim_csv(FILE *f, const mzt_stats_table *a, const mzt_stats_table *b,
                            const mzt_claim *c)
{
    for (unsigned k = 0; k < MZT_CLAIM_FIGURES; k++) {
        const mzt_claim_row *r = &c->row[k];
        mzo_csv_string(f, a->gen);
        fputc(',', f);
        mzo_csv_string(f, b->gen);
        fprintf(f, ",%s,%llu,%llu,%llu,%zu,%zu,%zu,%zu,%s,%llu", a->topo,
                (unsigned long long)a->rows, (unsigned long long)a->cols,
                (unsigned long long)a->cells, a->seeds, b->seeds, a->failed, b->failed,
                stat_name[r->stat], (unsigned long long)r->a.n);
        const bool sa = r->a.n >= 2, sb = r->b.n >= 2;
        csv_num(f, "%.6f", r->a.n ? r->a.mean : NAN);
        csv_num(f, "%.6f", sa ? r->a.ci_lo : NAN);
        csv_num(f, "%.6f", sa ? r->a.ci_hi : NAN);
        fprintf(f, ",%llu", (unsigned long long)r->b.n);
        csv_num(f, "%.6f", r->b.n ? r->b.mean : NAN);
        csv_num(f, "%.6f", sb ? r->b.ci_lo : NAN);
        csv_num(f, "%.6f", sb ? r->b.ci_hi : NAN);
        const double no = NAN;
        csv_num(f, "%.6f", r->tested ? r->welch.diff : no);
        csv_num(f, "%.6f", r->tested ? r->welch.ci_lo : no);
        csv_num(f, "%.6f", r->tested ? r->welch.ci_hi : no);
        csv_num(f, "%.4f", r->tested ? r->welch.t : no);
        csv_num(f, "%.2f", r->tested ? r->welch.df : no);
        csv_num(f, "%.6g", r->tested ? r->welch.p : no);
        csv_num(f, "%.6g", r->tested ? r->welch_p_adj : no);
        csv_num(f, "%.1f", r->tested ? r->mw_u : no);
        csv_num(f, "%.4f", r->tested ? r->mw_z : no);
        csv_num(f, "%.6g", r->tested ? r->mw_p : no);
        csv_num(f, "%.6g", r->tested ? r->mw_p_adj : no);
        csv_num(f, "%.6f", r->tested ? r->detectable : no);
        fprintf(f, ",%g,%s,%s,%s,%s,%s\n", c->alpha, mzt_correction_name(c->correction),
                r->tested ? mzt_verdict_name(r->verdict) : "",
                r->tested ? mzt_verdict_name(r->rank_verdict) : "", a->rng, b->rng);
    }
}

static void print_claim_json(FILE *f, const mzt_stats_table *a, const mzt_stats_table *b,
                             const mzt_claim *c, bool first)
{
    fprintf(f, "%s  {\"gen\": ", first ? "" : ",\n");
    mzo_json_string(f, a->gen);
    fputs(", \"against\": ", f);
    mzo_json_string(f, b->gen);
    fprintf(f, ", \"topology\": \"%s\", \"grid\": ", a->topo);
    mzo_json_string(f, a->grid);
    fprintf(f, ", \"cells\": %llu, \"seeds\": %zu, \"against_seeds\": %zu, \"failed\": %zu, "
            "\"against_failed\": %zu, \"rng\": \"%s\", \"against_rng\": \"%s\", "
            "\"alpha\": %g, \"correction\": \"%s\", \"verdict\": \"%s\", \"figures\": {",
            (unsigned long long)a->cells, a->seeds, b->seeds, a->failed, b->failed, a->rng,
            b->rng, c->alpha, mzt_correction_name(c->correction), mzt_verdict_name(c->verdict));
    for (unsigned k = 0; k < MZT_CLAIM_FIGURES; k++) {
        const mzt_claim_row *r = &c->row[k];
        fprintf(f, "%s\"%s\": ", k ? ", " : "", stat_name[r->stat]);
        if (!r->tested) {
            fputs("null", f);
            continue;
        }
        fprintf(f, "{\"n\": %llu", (unsigned long long)r->a.n);
        json_num(f, "mean", "%.6f", r->a.mean);
        fprintf(f, ", \"ci95\": [%.6f, %.6f], \"against_n\": %llu", r->a.ci_lo, r->a.ci_hi,
                (unsigned long long)r->b.n);
        json_num(f, "against_mean", "%.6f", r->b.mean);
        fprintf(f, ", \"against_ci95\": [%.6f, %.6f]", r->b.ci_lo, r->b.ci_hi);
        json_num(f, "diff", "%.6f", r->welch.diff);
        fprintf(f, ", \"diff_ci95\": [%.6f, %.6f]", r->welch.ci_lo, r->welch.ci_hi);
        json_num(f, "welch_t", "%.4f", r->welch.t);
        json_num(f, "welch_df", "%.2f", r->welch.df);
        json_num(f, "welch_p", "%.6g", r->welch.p);
        json_num(f, "welch_p_adj", "%.6g", r->welch_p_adj);
        json_num(f, "mw_u", "%.1f", r->mw_u);
        json_num(f, "mw_z", "%.4f", r->mw_z);
        json_num(f, "mw_p", "%.6g", r->mw_p);
        json_num(f, "mw_p_adj", "%.6g", r->mw_p_adj);
        json_num(f, "detectable", "%.6f", r->detectable);
        fprintf(f, ", \"verdict\": \"%s\", \"rank_verdict\": \"%s\"}",
                mzt_verdict_name(r->verdict), mzt_verdict_name(r->rank_verdict));
    }
    fputs("}}", f);
}

static void claim_markdown_header(FILE *f)
{
    fputs("| generator | against | grid | figure | generator (95% CI) | against (95% CI) | "
          "difference (95% CI) | Welch p (adj.) | rank p (adj.) | detectable | verdict |\n"
          "|---|---|---|---|---:|---:|---:|---:|---:|---:|---|\n",
          f);
}

static void print_claim_markdown(FILE *f, const mzt_stats_table *a, const mzt_stats_table *b,
                                 const mzt_claim *c)
{
    for (unsigned k = 0; k < MZT_CLAIM_FIGURES; k++) {
        const mzt_claim_row *r = &c->row[k];
        char ma[96], mb[96], d[128];
        fmt_mean_ci(ma, sizeof ma, &r->a, r->stat, true);
        fmt_mean_ci(mb, sizeof mb, &r->b, r->stat, true);
        fmt_diff(d, sizeof d, r, true);
        fprintf(f, "| `%s` | `%s` | %s | %s%s | %s | %s | %s | ", a->gen, b->gen, a->grid,
                stat_name[r->stat], is_share(r->stat) ? " %" : "", ma, mb, d);
        if (!r->tested) {
            fputs("- | - | - | - |\n", f);
            continue;
        }
        fprintf(f, "%.2g (%.2g) | %.2g (%.2g) | ", r->welch.p, r->welch_p_adj, r->mw_p,
                r->mw_p_adj);
        if (is_share(r->stat))
            fprintf(f, "%.2f", 100 * r->detectable);
        else
            fprintf(f, "%.1f", r->detectable);
        fprintf(f, " | %s |\n", mzt_verdict_name(r->verdict));
    }
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
    if (strcmp(format, "text") && strcmp(format, "csv") && strcmp(format, "json") &&
        strcmp(format, "markdown")) {
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
    const bool topo = true; /* every output names each grid's topology */
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
    for (size_t k = 0; k < ngens && rc == MZC_OK; k++) {
        if (strcmp(gens[k], "all") == 0) {
            for (const mz_algo *const *a = mz_registry; *a && nspecs < MAX_GENS * 2; a++) {
                if ((*a)->kind != MZ_GEN)
                    continue;
                memset(&specs[nspecs], 0, sizeof specs[nspecs]);
                specs[nspecs].n = 1;
                specs[nspecs].stage[0].algo = *a;
                mz_args_default(*a, &specs[nspecs].stage[0].args);
                named[nspecs] = false;
                nspecs++;
            }
            for (size_t p = 0; p < pubs.n && nspecs < MAX_GENS * 2; p++) {
                char err[256];
                if (mz_spec_parse(pubs.e[p].spec, &specs[nspecs], err, sizeof err) == MZ_OK)
                    named[nspecs++] = false; /* duplicates are dropped below */
            }
            continue;
        }
        char err[1024];
        if (mz_spec_parse(gens[k], &specs[nspecs], err, sizeof err) != MZ_OK) {
            mzc_error("%s", err);
            rc = MZC_USAGE;
        } else {
            named[nspecs++] = true;
        }
    }
    size_t kept = 0;
    for (size_t k = 0; k < nspecs && rc == MZC_OK; k++) {
        mz_spec_format(&specs[k], canon[kept], sizeof canon[kept]);
        bool dup = false;
        for (size_t j = 0; j < kept && !dup; j++)
            if (strcmp(canon[j], canon[kept]) == 0) {
                dup = true;
                named[j] |= named[k];
            }
        if (!dup) {
            named[kept] = named[k];
            specs[kept++] = specs[k];
        }
    }
    nspecs = kept;
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

    if (rc == MZC_OK) {
        if (!strcmp(format, "csv"))
            against ? claim_csv_header(stdout) : csv_header(stdout, topo);
        else if (!strcmp(format, "json"))
            fputs("[\n", stdout);
        else if (!strcmp(format, "markdown"))
            against ? claim_markdown_header(stdout) : markdown_header(stdout, topo);
    }
    if (rc == MZC_OK && against && !against_seeds_text)
        for (size_t k = 0; k < nspecs; k++)
            if (!strcmp(canon[k], canon[bi]))
                fprintf(stderr, "mazebench: stats: note: '%s' against itself on the same seeds "
                                "compares the same mazes: give --against-seeds\n",
                        canon[k]);
    bool first = true;
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
            } else if (!strcmp(format, "csv")) {
                print_claim_csv(stdout, &ta, &tb, &c);
            } else if (!strcmp(format, "json")) {
                print_claim_json(stdout, &ta, &tb, &c, first);
            } else if (!strcmp(format, "markdown")) {
                print_claim_markdown(stdout, &ta, &tb, &c);
            } else {
                if (!first)
                    fputc('\n', stdout);
                print_claim_text(stdout, &ta, &tb, &c);
            }
            first = false;
            fflush(stdout);
            mzt_stats_table_free(&ta);
        }
        mzt_stats_table_free(&tb);
    }
    for (size_t k = 0; k < nspecs && rc == MZC_OK && !against; k++) {
        for (size_t z = 0; z < ngrids && rc == MZC_OK; z++) {
            result r;
            if (skipped(&specs[k], &grids[z])) {
                if (named[k])
                    fprintf(stderr, "mazebench: stats: '%s' does not run on %s cells: skipped\n",
                            canon[k], mz_shape_name(grids[z].shape));
                continue;
            }
            rc = run_spec(&specs[k], canon[k], &grids[z], note_at[k][z], (mz_rng_kind)rngk[k][z],
                          want_rng, top_seed, seeds, nseeds, band, &r.t);
            if (rc != MZC_OK)
                break;
            /* the published figures are of square grids */
            r.pub = r.t.geo.shape == MZ_SHAPE_ORTHO ? mzt_published_find(&pubs, canon[k]) : NULL;
            if (r.pub)
                mzt_published_check(&r.t.s[S_DEAD], r.pub, &r.chk);
            if (!strcmp(format, "csv"))
                print_csv(stdout, &r, topo);
            else if (!strcmp(format, "json"))
                print_json(stdout, &r, first, topo);
            else if (!strcmp(format, "markdown"))
                print_markdown(stdout, &r, topo);
            else {
                if (!first)
                    fputc('\n', stdout);
                print_text(stdout, &r, band);
            }
            first = false;
            fflush(stdout);
            mzt_stats_table_free(&r.t);
        }
    }
    if (rc == MZC_OK && !strcmp(format, "json"))
        fputs("\n]\n", stdout);
    if (bseeds != seeds)
        free(bseeds);
    free(seeds);
    mzt_published_free(&pubs);
    if (rc == MZC_OK)
        rc = mzc_flush_stdout("stats");
    if (rc == MZC_OK && undefined_seen)
        fprintf(stderr, "mazebench: stats: note: a statistic over one maze (one seed) has no "
                        "standard deviation or 95%% interval: shown as n/a (empty in CSV, null "
                        "in JSON)\n");
    return rc;
}
