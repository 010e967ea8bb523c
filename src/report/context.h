/*
 * context.h - a run's context and noise for the report: when the sweep
 * started and ended, on what machine and under what load (its '#' lines:
 * docs/sweeps.md, "Provenance"), a warning when the load was above the
 * cores, and the mark of a noisy timing cell (summary.h: an interval wider
 * than MZT_NOISE_WIDTH of the median, or a far outlier). docs/report.md,
 * "Context and noise".
 *
 * Nothing prints or exits: MZO_OK or MZO_FAIL (memory).
 */
#ifndef MZR_CONTEXT_H
#define MZR_CONTEXT_H

#include "table.h"
#include "tools/summary.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct mzr_context {
    char start[32], end[32];   /* "2026-12-08T02:30:40Z", "" when not recorded */
    double t_start, t_end;     /* seconds since 1970 (UTC), NAN when unknown */
    double commit_time;        /* the commit's date, seconds since 1970, NAN when unknown */
    double seconds;            /* the run's own count, NAN when unknown */
    double load_start[3], load_end[3]; /* 1, 5, 15 minutes; NAN when unknown */
    long cores;                /* cores online, 0 when unknown */
    char cpu[160];             /* the CPU model, "" when unknown */
    bool finished;             /* an end line that is not the placeholder */
} mzr_context;

/* The context of a summary's '#' lines (the first start, the last end). */
void mzr_context_of(const mzt_summary *s, mzr_context *c);

/* A time as text: seconds since 1970 from "YYYY-MM-DDTHH:MM:SS" with "Z" or
 * "+HH:MM"/"-HH:MM"; NAN when it is not one. */
double mzr_iso_time(const char *text);

/* The run table's context rows (started, ended, took, machine, cores,
 * load at start and end, noisy cells) onto t (two columns: item, value);
 * *warning gets a malloc'd sentence when the load at the start or end was
 * above the cores, or the end was not recorded (else NULL). */
int mzr_context_rows(mzr_table *t, const mzt_summary *s, char **warning);

/* The legend line of the noisy mark, for a table's note. */
extern const char MZR_NOISE_NOTE[];

/* Mark cell c of t's last row noisy when m is (its text gets " noisy");
 * *count counts the cells marked (may be NULL). */
int mzr_noise_mark(mzr_table *t, size_t c, const mzt_median *m, size_t *count);

#endif
