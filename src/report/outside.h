/*
 * outside.h - the outside programs of a sweep (docs/outside.md,
 * docs/outside-solvers.md) for the report: each program's runs counted by
 * status with its first failure, the time its charts use (the program's
 * own time when it reports one, else the whole process's wall time) put
 * into the sweep summary's groups in place of the timing engine's clock,
 * and the marks the charts need (chart.h). docs/report.md, "Outside
 * programs".
 */
#ifndef MZR_OUTSIDE_H
#define MZR_OUTSIDE_H

#include "chart.h"
#include "table.h"
#include "tools/summary.h"

#include <stddef.h>

typedef struct mzr_oprog {
    char *name;
    int kind;           /* MZT_SUM_GEN or MZT_SUM_SOLVE */
    size_t runs, ok;
    size_t *nst;        /* a count per status name of mzr_outside.st */
    size_t n_own, n_proc; /* ok runs timed by own_ns, by process_ns */
    char *f_seed, *f_grid, *f_status, *f_reason; /* the first failure, or NULL */
} mzr_oprog;

typedef struct mzr_outside {
    mzr_oprog *p;
    size_t n;
    char **st; /* the failing statuses met, the documented ones first in their order */
    size_t nst;
    mzr_prog_mark *mark; /* one a program, for the charts */
} mzr_outside;

/* Read the outside columns of the sweep at path and replace the time of
 * every group of an outside program in *sum by the one the report uses
 * for it. MZO_OK (also for a sweep without outside programs: o->n 0),
 * MZO_FAIL on memory or a read error. */
int mzr_outside_read(mzr_outside *o, const char *path, mzt_summary *sum, char *err,
                     size_t errlen);
/* The "Outside programs" table of o (o->n > 0). */
int mzr_outside_table(const mzr_outside *o, mzr_table *t);
void mzr_outside_free(mzr_outside *o);

#endif
