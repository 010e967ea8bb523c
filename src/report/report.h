/*
 * report.h - one self-contained HTML report of a run, and its tables as
 * markdown, LaTeX and CSV (docs/report.md).
 *
 * Inputs are the files a run leaves, each recognised by its header line:
 *   a sweep CSV          (gen, seed, rows, cols ...)      -> run, generators,
 *                                                          solvers, charts, renders
 *   a stats CSV          (stat, mean, ci95_lo ...)        -> stats
 *   scaling fits.csv     (exponent, ci95_lo ...)          -> scaling
 *   scaling points.csv   (route_mean, fit_route ...)      -> scaling
 *   a scale CSV          (gen_ns_per_cell ...)            -> scaling
 *   compare --format csv (level, ratio, verdict ...)      -> compare
 *   check --junit XML    (<testsuites name="mazebench check") -> check
 * or a folder holding them (its *.csv and *.xml and those of its stats/ and
 * scaling/ folders, in name order). A file that is missing, that does not
 * read or that is not one of these is left out, with the reason: the
 * 'left-out' section lists each, and the report is still written.
 *
 * Every number comes from the library layers (src/tools: the sweep
 * summary, the published-value check of the statistics) or from the
 * files as their commands wrote them; this layer formats.
 *
 * Nothing here prints or exits: MZO_OK, MZO_BAD, MZO_FAIL with a one-line
 * reason in err (src/out/out.h).
 */
#ifndef MZR_REPORT_H
#define MZR_REPORT_H

#include "chart.h"
#include "history.h"
#include "outside.h"
#include "table.h"
#include "tools/summary.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The most bytes the report reads of an input (256 MiB: a sweep of about
 * a million rows). A larger file, or one that is not a regular file (a
 * device, a pipe, a socket), is left out at once, before it is read. */
#define MZR_INPUT_MAX ((size_t)256 << 20)

/* The sections: rows of one table (src/report/sections.c: id, title, page
 * order, the recognition of an input, the builder); these names index it,
 * in the exports' order. Their ids are stable (docs/report.md). A new
 * section is a name here and a row there. */
enum {
    MZR_SEC_RUN = 0,
    MZR_SEC_GENERATORS,
    MZR_SEC_SOLVERS,
    MZR_SEC_OUTSIDE,
    MZR_SEC_CHARTS,
    MZR_SEC_STATS,
    MZR_SEC_SCALING,
    MZR_SEC_RENDERS,
    MZR_SEC_COMPARE,
    MZR_SEC_CHECK,
    MZR_SEC_HISTORY,
    MZR_SEC_LEFT_OUT,
    MZR_NSEC
};

/* Section s's id: "run", "generators", "solvers", "outside", ... "left-out". */
const char *mzr_section_id_of(int s);

typedef struct mzr_section {
    mzr_table *tab; /* its tables, in order */
    size_t ntab;
    char *intro;    /* a paragraph before the tables (plain text), or NULL */
} mzr_section;

typedef struct mzr_left {
    char *path;
    char *why;
    bool error; /* missing or malformed (not merely a file the report does not know) */
} mzr_left;

typedef struct mzr_report {
    mzr_section sec[MZR_NSEC];
    mzr_left *left;
    size_t nleft;
    char **used; /* the inputs used, in order */
    size_t nused;
    bool have_sweep;
    mzt_summary sum;     /* the sweep's summary (have_sweep) */
    mzr_outside outside; /* its outside programs (have_sweep; outside.n may be 0) */
    mzr_chart *chart;    /* charts from it */
    size_t nchart;
    char *renders_html;  /* the renders section's figures (XHTML), or NULL */
    mzr_history hist;    /* the runs read together (history.h; hist.n 0 or 2 and more) */
    size_t nrenders;
} mzr_report;

void mzr_report_init(mzr_report *r);
/* Add an input: a file or a folder. What cannot be used goes to the
 * left-out list. MZO_FAIL only for memory. */
int mzr_report_add(mzr_report *r, const char *path);
/* After the inputs: the charts and the renders of the sweep (a small maze
 * per generator and shape, drawn as PNG when cairo is built in). MZO_FAIL
 * on memory. */
int mzr_report_finish(mzr_report *r, char *err, size_t errlen);
/* Does section s have anything to show? */
bool mzr_report_has(const mzr_report *r, int s);
void mzr_report_free(mzr_report *r);

/* The whole report as polyglot XHTML5 (well-formed XML, no external
 * resource, charts inline at chart_w x chart_h user units). */
void mzr_report_html(FILE *f, const mzr_report *r, double chart_w, double chart_h);
/* Every table as markdown (GitHub pipe tables) or LaTeX (booktabs), under
 * a heading a section. */
void mzr_report_md(FILE *f, const mzr_report *r);
void mzr_report_tex(FILE *f, const mzr_report *r);
/* The CSV export is mzr_table_csv on each table of each section (the
 * command writes dir/ID.csv for each, committed with its other outputs). */

#ifdef __cplusplus
}
#endif

#endif /* MZR_REPORT_H */
