/*
 * stats_out.h - what 'mazebench stats' writes (docs/stats.md), as tables
 * of the report's model (table.h): a generator's figures on a grid, one
 * row a figure; a claim (one generator against another), one row a
 * figure tested. Each format's table is built from the tools' results
 * (tools/stats_table.h) and written as that format's layout: text in
 * aligned columns, CSV with the columns' keys as its header (one value a
 * field), JSON objects whose values are the CSV table's, a markdown pipe
 * table with one row a generator and grid (or a figure of a claim).
 *
 * The outputs stream: the header first (mzr_stats_begin), then a result
 * or claim at a time as each is measured, then the end. Like the rest of
 * the report: nothing prints to the terminal or exits; the calls return
 * MZO_OK or MZO_FAIL (memory).
 */
#ifndef MZR_STATS_OUT_H
#define MZR_STATS_OUT_H

#include "tools/stats_table.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum mzr_stats_format {
    MZR_STATS_TEXT = 0,
    MZR_STATS_CSV,
    MZR_STATS_JSON,
    MZR_STATS_MARKDOWN
} mzr_stats_format;

/* "text", "csv", "json" or "markdown"; -1 for another name. */
int mzr_stats_format_parse(const char *text, mzr_stats_format *f);

typedef struct mzr_stats_out {
    FILE *f;
    mzr_stats_format format;
    bool claims;    /* claims (--against), not results */
    uint64_t band;  /* the border band left out of inner_dead_ends */
    bool first;     /* nothing written after the header yet */
    bool undefined; /* a figure over one maze was written (no sd or interval) */
} mzr_stats_out;

/* The header: CSV's column keys, markdown's header and rule, JSON's '['. */
int mzr_stats_begin(mzr_stats_out *o, FILE *f, mzr_stats_format format, bool claims,
                    uint64_t band);
/* One generator on one grid: its figures, and its published dead-end
 * share (pub, chk: NULL when there is none). */
int mzr_stats_result(mzr_stats_out *o, const mzt_stats_table *t, const mzt_published *pub,
                     const mzt_pub_check *chk);
/* A claim: a against b. */
int mzr_stats_claim(mzr_stats_out *o, const mzt_stats_table *a, const mzt_stats_table *b,
                    const mzt_claim *c);
/* The end (JSON's ']'). */
int mzr_stats_end(mzr_stats_out *o);

#ifdef __cplusplus
}
#endif

#endif /* MZR_STATS_OUT_H */
