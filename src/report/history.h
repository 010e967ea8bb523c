/*
 * history.h - the report's history section: several runs read together
 * (docs/report.md, "History").
 *
 * Runs are run folders (a folder holding a sweep CSV), a folder of run
 * folders, or sweep CSVs given by name. With two runs or more the report
 * gets a history section: a row a generator (or solver on one generator's
 * mazes) and size, a column a run in commit order (the runs' '# commit
 * date:' lines; by start time when the commits are equal or undated), each
 * cell the summary's median time a cell (summary.h), a change between
 * consecutive runs flagged slower or faster when compare's test says so
 * (src/tools/compare.c: mzt_cmp_read and mzt_cmp_analyse, at compare's
 * defaults: the algorithm level, 5% family-wise, a 5% threshold); and a
 * trend chart a kind. The page's other sections are the newest run's.
 *
 * Nothing prints or exits: MZO_OK, MZO_FAIL (memory) with err.
 */
#ifndef MZR_HISTORY_H
#define MZR_HISTORY_H

#include "chart.h"
#include "context.h"
#include "tools/summary.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct mzr_report;

typedef struct mzr_hrun {
    char *path;     /* its sweep CSV */
    char *where;    /* as given: the run's folder, or the file */
    mzt_summary sum;
    mzr_context ctx;
    /* compare's test against the run before (none for the first) */
    bool tested;
    char why[512];  /* not tested: why; tested: "" */
    size_t slower, faster, nalg;
} mzr_hrun;

typedef struct mzr_history {
    mzr_hrun *run;  /* in commit order, oldest first */
    size_t n;
    mzr_chart *chart; /* the trend charts */
    size_t nchart;
} mzr_history;

/* Add the report's inputs: with two runs or more among them (a run folder,
 * a folder of run folders, a sweep CSV), every run goes to the history and
 * the newest run's folder (or file) is added as the report's run; the
 * other inputs as they are. With fewer, each input as mzr_report_add.
 * MZO_FAIL only for memory. */
int mzr_report_add_inputs(struct mzr_report *r, const char *const *paths, size_t n);

/* The history section's tables and charts (the section table's builder,
 * once after every input: in is NULL). */
struct mzr_input;
int mzr_history_build(struct mzr_report *r, const struct mzr_input *in, char *err,
                      size_t errlen);
/* The trend charts, for the page (the section's body). */
void mzr_history_body(FILE *f, const struct mzr_report *r, double chart_w, double chart_h);
bool mzr_history_has(const struct mzr_report *r);
void mzr_history_free(mzr_history *h);

#endif
