/*
 * stats_table.h - the statistics behind 'mazebench stats' (docs/stats.md):
 * a generator's shape figures over seeds (samples and summaries), the
 * published dead-end shares and the test against them, and claims: one
 * generator's samples against another's, figure by figure, with Welch's
 * t-test, the Mann-Whitney rank test, a correction over the figures and a
 * verdict. Nothing here prints or exits: every fallible call returns
 * MZT_OK, MZT_BAD (the input is wrong) or MZT_FAIL (memory, a maze that
 * cannot be made), with the message in an mzt_err; formatting is the
 * caller's.
 */
#ifndef MZT_STATS_TABLE_H
#define MZT_STATS_TABLE_H

#include "tools.h"
#include "../mazebench_stats.h"

/* The figures of a table, in output order. degree_d is meaningful for d up
 * to the table's max_degree. */
enum {
    MZT_S_DEAD,
    MZT_S_INNER,
    MZT_S_DEG1,
    MZT_S_DEG8 = MZT_S_DEG1 + 7,
    MZT_S_STRAIGHT,
    MZT_S_TURN,
    MZT_S_ROUTE,
    MZT_S_LONGEST,
    MZT_NSTATS
};
/* "dead_ends", "inner_dead_ends", "degree_1".."degree_8", "straight",
 * "turn", "route", "longest". */
extern const char *const mzt_stat_name[MZT_NSTATS];

/* Is figure st a share of the cells (not a length)? */
bool mzt_stat_is_share(unsigned st);

/* ---- one generator on one grid over seeds ---- */

#define MZT_FAIL_KINDS 4

typedef struct mzt_stats_table {
    char gen[256];      /* the spec's canonical form */
    mz_dims geo;        /* the grid made (a fixed-size generator's own size) */
    char grid[96];      /* geo as mz_dims_format writes it */
    char topo[64];      /* as mz_shape_column_format writes it */
    const char *rng;    /* the random source's name */
    uint64_t rows, cols, cells;
    unsigned max_degree; /* the largest degree the shape allows (or was seen) */
    size_t seeds;        /* seeds asked for */
    /* Seeds whose maze could not be made by an outside program (mz_generate
     * gave MZ_EOUTSIDE or MZ_EFORMAT): left out of every sample. The first
     * such seed and its status; the failures by reason (the outside_status
     * column's text, such as "timeout" or "exit", or the status's
     * mz_status_str), the first MZT_FAIL_KINDS reasons apart and the rest
     * counted under the last. */
    size_t failed;
    uint64_t fail_seed;
    mz_status fail_status;
    struct mzt_fail_kind {
        const char *why; /* a static string */
        size_t n;
    } fail_kind[MZT_FAIL_KINDS];
    size_t nfail_kinds;
    mz_summary s[MZT_NSTATS]; /* over the values present */
    bool longest_exact;       /* every maze's longest path was exact */
    bool route_all;           /* every maze made had its exit reachable */
    /* The samples: x[st * seeds + k] is figure st of seed k, NAN when
     * there is none (a failed seed, an unreachable exit, no inner cell). */
    double *x;
} mzt_stats_table;

/* The failures' reasons into buf: "timeout" for one reason, "timeout: 2,
 * exit: 1" (with their counts) for several, "" for none. Returns buf. */
char *mzt_stats_failures(const mzt_stats_table *t, char *buf, size_t len);

/* Called every 16 seeds with the seeds done and the total (may be NULL). */
typedef void (*mzt_progress_fn)(void *ctx, const char *gen, const char *grid, size_t done,
                                size_t total);

/* Generate spec (canon: its canonical form, for the table and messages) on
 * geo at each of seeds[0..nseeds) and measure each maze
 * (mz_maze_stats_compute with a border band of band cells). A seed an
 * outside program fails on is counted in t->failed and skipped; every
 * seed failing is MZT_OK with t->failed == nseeds (the caller decides).
 * MZT_FAIL on any other error of a maze (named with its seed) or memory.
 * Free t with mzt_stats_table_free, whatever the result. */
int mzt_stats_collect(const mz_spec *spec, const char *canon, const mz_dims *geo,
                      const uint64_t *seeds, size_t nseeds, uint64_t band,
                      mzt_progress_fn progress, void *pctx, mzt_stats_table *t, mzt_err *err);
void mzt_stats_table_free(mzt_stats_table *t);

/* The values of figure st present in t, in seed order, into out (room for
 * t->seeds); returns their number. */
size_t mzt_stats_values(const mzt_stats_table *t, unsigned st, double *out);

/* ---- published dead-end shares ---- */

typedef struct mzt_published {
    char name[64], spec[256], source[256];
    double lo, hi; /* percent; lo == hi for one figure */
} mzt_published;

typedef struct mzt_pub_table {
    mzt_published *e;
    size_t n;
} mzt_pub_table;

/* Read a published file (a header with name, spec, published_pct (or
 * percent: a figure or a range lo-hi in 0..100) and source; the sweep
 * CSV reader's rules). A missing file is an empty table unless required.
 * MZT_BAD for a file that does not read; MZT_FAIL for memory. */
int mzt_published_read(const char *path, bool required, mzt_pub_table *t, mzt_err *err);
void mzt_published_free(mzt_pub_table *t);

/* The entry whose spec has the canonical form canon, or NULL. */
const mzt_published *mzt_published_find(const mzt_pub_table *t, const char *canon);

typedef enum mzt_verdict { MZT_UNTESTED = 0, MZT_AGREE, MZT_DIFFER } mzt_verdict;

/* "agree", "differ", or "-" for an untested figure. */
const char *mzt_verdict_name(mzt_verdict v);

/* A measured share against a published one. The published figures are
 * whole percents, so the value tested is the band lo - 0.5% .. hi + 0.5%
 * (as shares). t and p: the one-sample t-test of the mean against the
 * band's nearest point (mz_t_test_one). agree: the measured 95% interval
 * meets the band (p >= 0.05 up to mz_t95's rounding up); untested over
 * under two values. */
typedef struct mzt_pub_check {
    double lo, hi; /* the band, as shares */
    double t, p;
    mzt_verdict verdict;
} mzt_pub_check;

void mzt_published_check(const mz_summary *dead, const mzt_published *p, mzt_pub_check *c);

/* The generators of a stats command: each of gens[0..ngens) parsed
 * ("all": every built-in generator with its defaults, then the specs of
 * the published table pubs), into specs (room for max) with their
 * canonical forms, duplicates dropped; named[k]: spec k was given by name,
 * not only by 'all'. *n gets their number. MZT_BAD with the parser's
 * message for a spec that does not parse. */
int mzt_stats_specs(const char *const *gens, size_t ngens, const mzt_pub_table *pubs,
                    mz_spec *specs, char (*canon)[256], bool *named, size_t max, size_t *n,
                    mzt_err *err);

/* ---- claims: one generator against another ---- */

/* The figures a claim tests: dead_ends, inner_dead_ends, route, longest. */
#define MZT_CLAIM_FIGURES 4
extern const unsigned mzt_claim_stat[MZT_CLAIM_FIGURES];

typedef enum mzt_correction { MZT_HOLM = 0, MZT_BONFERRONI } mzt_correction;

/* "holm" or "bonferroni". */
const char *mzt_correction_name(mzt_correction c);

/* The power of a claim: the true difference of means that a test at
 * per-figure level alpha finds with probability power, given the
 * standard error of the difference (normal approximation:
 * (z(1 - alpha/2) + z(power)) * se). */
double mzt_detectable(double se, double alpha, double power);

/* Samples of one group (of each of the two) needed to tell a difference
 * delta between two means at per-figure level alpha with probability
 * power when each sample's standard deviation is sd: the normal
 * approximation 2 (z(1 - alpha/2) + z(power))^2 sd^2 / delta^2, rounded up
 * (at least 2). */
uint64_t mzt_seeds_needed(double sd, double delta, double alpha, double power);

typedef struct mzt_claim_row {
    unsigned stat;   /* MZT_S_* */
    mz_summary a, b; /* each side's summary */
    bool tested;     /* both sides have two values or more */
    mz_welch_test welch;
    double welch_p_adj;           /* corrected over the figures tested */
    double mw_u, mw_z, mw_p, mw_p_adj; /* U of a over b, its z, p, corrected p */
    double detectable;            /* mzt_detectable(welch.se, alpha / tested, 0.8) */
    mzt_verdict verdict;          /* differ: welch_p_adj < alpha */
    mzt_verdict rank_verdict;     /* the same by the rank test: mw_p_adj < alpha */
} mzt_claim_row;

typedef struct mzt_claim {
    double alpha;          /* the family-wise level over the figures */
    mzt_correction correction;
    size_t ntested;        /* figures with a test */
    mzt_claim_row row[MZT_CLAIM_FIGURES];
    mzt_verdict verdict;   /* differ when any figure differs; agree when some
                            * figure was tested and none differs */
} mzt_claim;

/* Compare table a with table b (independent samples: other seeds, or
 * other generators) on the claim figures at family-wise level alpha (0 <
 * alpha < 1). MZT_FAIL for memory. */
int mzt_stats_claim(const mzt_stats_table *a, const mzt_stats_table *b, double alpha,
                    mzt_correction correction, mzt_claim *c, mzt_err *err);

#endif /* MZT_STATS_TABLE_H */
