/*
 * summary.h - sweep summaries: the rows of a sweep CSV grouped by recipe
 * and size, with the time and memory a cell costs and the maze figures
 * spread over seeds and repetitions. The one computation behind the
 * report's generator and solver tables, its charts and its exports
 * (docs/report.md).
 *
 * Groups:
 *   generators (MZT_SUM_GEN): one per (generator spec, topology, rows,
 *     cols, random source); its samples are the file's mazes, each counted
 *     once (a maze's row repeats for every solver run on it): one per
 *     (seed, rep, round).
 *   solvers (MZT_SUM_SOLVE): one per (solver spec, generator spec,
 *     topology, rows, cols, random source); its samples are the rows.
 *
 * Times and memory: gen_ns / cells and solve_ns / cells (nanoseconds a
 * cell), gen_peak_bytes / cells and solve_peak_bytes / cells (bytes a
 * cell): the median with its distribution-free 95% interval from order
 * statistics (mzt_median_ci), and the smallest and largest value.
 * Figures: the mean, the sample standard deviation, the smallest and the
 * largest value over the samples.
 *
 * Like the rest of src/tools: nothing prints or exits; MZT_OK, MZT_BAD (the
 * input is wrong), MZT_FAIL (memory, a read error) with the message in an
 * mzt_err.
 */
#ifndef MZT_SUMMARY_H
#define MZT_SUMMARY_H

#include "tools.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { MZT_SUM_GEN = 0, MZT_SUM_SOLVE = 1 };

/* A median and its 95% interval. The interval is [x(k), x(n+1-k)] of the
 * sorted sample, k the largest rank with P(B <= k - 1) <= 0.025 for B
 * binomial(n, 1/2): it holds the population median with probability at
 * least 95% whatever the distribution (exact: level holds that
 * probability). lo and hi are NAN when n < 6 (no such k); every field is
 * NAN (n 0) for an empty sample. */
typedef struct mzt_median {
    size_t n;
    double med, lo, hi;
    double min, max;
    double level; /* the interval's exact coverage, NAN without one */
    size_t k;     /* its rank from each end (0: none) */
    /* Noise (docs/report.md, "Noisy cells"): outliers are the samples past
     * Tukey's far fences, Q1 - 3 IQR and Q3 + 3 IQR (quartiles as medians
     * of the lower and upper halves, n >= 4), that are also more than
     * MZT_NOISE_WIDTH of the median away from it; wide: an interval wider
     * than MZT_NOISE_WIDTH of the median; noisy: either. */
    size_t outliers;
    bool wide, noisy;
} mzt_median;

#define MZT_NOISE_WIDTH 0.25 /* an interval or an outlier's distance, as a share of the median */
#define MZT_NOISE_FENCE 3.0  /* Tukey's far fences: this many IQRs past the quartiles */

/* Median, interval, smallest and largest of x[0..n) into *m; sorts x. */
void mzt_median_ci(double *x, size_t n, mzt_median *m);

/* Mean, sample standard deviation (NAN for n < 2), smallest and largest
 * of a figure over the samples that have it (NAN, n 0 when none). */
typedef struct mzt_spread {
    size_t n;
    double mean, sd, min, max;
} mzt_spread;

void mzt_spread_of(const double *x, size_t n, mzt_spread *s);

/* The figures summed up, by kind. A figure read from a column the file
 * lacks (or left empty in every row) has n 0. */
enum {
    MZT_FIG_DEAD_ENDS = 0, /* gen: dead_ends / cells (a share, 0..1) */
    MZT_FIG_ROUTE,         /* gen: route (cells from entrance to exit) */
    MZT_FIG_LONGEST,       /* gen: longest (the maze's longest path) */
    MZT_FIG_CLOSED,        /* solve: closed / cells (cells expanded, a share) */
    MZT_FIG_PATH,          /* solve: path_cells (the solver's path) */
    MZT_FIG_N
};

typedef struct mzt_fig_info {
    const char *name;   /* "dead_ends": its name in exports */
    const char *label;  /* "dead ends": its label in tables */
    const char *column; /* the sweep column it is read from */
    bool per_cell;      /* divided by cells */
    int kind;           /* MZT_SUM_GEN or MZT_SUM_SOLVE */
} mzt_fig_info;

extern const mzt_fig_info mzt_fig[MZT_FIG_N];

typedef struct mzt_sum_group {
    int kind;
    char *gen;    /* generator spec as written */
    char *solver; /* solver spec as written, "" for a generator group */
    char *topo;   /* topology, "ortho" when the file has no column */
    char *rows, *cols; /* as written */
    char *rng;    /* random source, "mulberry32" when the file has no column */
    uint64_t cells;
    size_t n;     /* samples */
    size_t seeds; /* distinct seeds among them */
    mzt_median time;   /* ns a cell (gen_ns or solve_ns / cells) */
    mzt_median memory; /* peak heap bytes a cell (gen_ or solve_peak_bytes / cells) */
    mzt_spread fig[MZT_FIG_N]; /* the figures of its kind (the others n 0) */
    size_t first_row; /* the 1-based row it first appears on */
} mzt_sum_group;

typedef struct mzt_sum_meta {
    char *key, *value; /* a '# key: value' line of the file's first header */
} mzt_sum_meta;

typedef struct mzt_summary {
    const char *path;
    size_t rows;                  /* rows read */
    mzt_sum_group *grp;           /* generators first, then solvers (see mzt_summary_build) */
    size_t ngrp, ngen, nsolve;
    mzt_sum_meta *meta;           /* the header lines, in file order */
    size_t nmeta;
    mzu_vec grpv, metav;
} mzt_summary;

/* Read the sweep at path (mzt_sweep_read, any registry) and summarise it.
 * MZT_BAD for a file that is not a sweep (no gen, seed, rows or cols
 * column, a row cut short, a cells value that is not a positive integer). */
int mzt_summary_read(mzt_summary *s, const char *path, mzt_err *err);
/* Summarise a sweep already read. Groups are ordered generators first,
 * then solvers; within a kind by the order their spec first appears in
 * the file (for solvers: the solver's, then the generator's), then by
 * the order their topology first appears, then by cells, then by source. */
int mzt_summary_build(mzt_summary *s, const mzt_sweep *f, mzt_err *err);
/* The value of header line key ("commit", "command", ...) or NULL. */
const char *mzt_summary_meta(const mzt_summary *s, const char *key);
void mzt_summary_free(mzt_summary *s);

#endif
