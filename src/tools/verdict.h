/*
 * verdict.h - one verdict on one generator or solver (`mazebench verdict`,
 * docs/verdict.md): is it perfect on the shapes and sizes it declares (and,
 * when not, the smallest failing grid and seed, found by shrinking, with a
 * cell on a loop or a cell the entrance does not reach), is it
 * deterministic, which built-in generator's statistics it matches (the
 * claim comparison of src/tools/stats_table.c against every built-in
 * generator of the shape, Holm-corrected over the whole family), how fast
 * it is against its closest built-in, and, for a solver, whether its paths
 * are valid and shortest on perfect and braided mazes. Nothing here
 * prints: the checks come back as records for the command to format.
 */
#ifndef MZT_VERDICT_H
#define MZT_VERDICT_H

#include "tools.h"
#include "../mazebench_plugin.h"

typedef enum mzv_status { MZV_PASS = 0, MZV_FAIL, MZV_SKIP } mzv_status;

/* "pass", "FAIL", "skip". */
const char *mzv_status_name(mzv_status s);

typedef struct mzv_check {
    char name[32];     /* "perfect", "deterministic", "statistics", ... */
    char shape[16];    /* the shape it ran on, or "" */
    mzv_status status;
    char detail[1536]; /* one line */
    char why[640];     /* on a failure: the program's own account (its
                        * status and first stderr line), or "" */
} mzv_check;

#define MZV_MAX_SIZES 16
#define MZV_MAX_CHECKS 64

typedef struct mzv_opts {
    unsigned seeds;          /* seeds of the statistics (perfect and
                              * determinism use the first min(seeds, 4)) */
    uint64_t rows[MZV_MAX_SIZES], cols[MZV_MAX_SIZES];
    size_t nsizes;           /* the size ladder */
    unsigned shapes;         /* MZ_SHAPE_BIT bits */
    double budget_s;         /* seconds the shrinking and the timing may take */
    const char *claims;      /* the built-in it claims to match, or NULL */
} mzv_opts;

typedef struct mzv_result {
    char entry[MZ_NAME_MAX + 1];
    const char *kind;        /* "generator" or "solver" */
    char headline[512];      /* the one-line summary */
    mzv_check check[MZV_MAX_CHECKS];
    size_t n;
    unsigned failed;
    /* The first failing case of perfect (on the first shape where one
     * failed) and where shrinking took it: grids as "RxC", "" for none. */
    char fail_grid[48], shrunk_grid[48], shrunk_shape[16];
    uint64_t fail_seed, shrunk_seed;
    bool shrink_stopped;     /* the time budget ran out while shrinking */
    uint64_t shrink_runs;    /* runs the shrinking took (0: none) */
    double shrink_s;         /* its wall time, for the report only */
} mzv_result;

/* The default ladder 2x2 3x3 5x5 8x8 15x15 31x31, 12 seeds, square cells,
 * 60 s. */
void mzv_opts_default(mzv_opts *o);

/* The verdict on entry a (a generator or a solver). MZT_OK with r filled
 * (r->failed checks failed), MZT_BAD for an entry of another kind or a
 * claim that names no built-in generator, MZT_FAIL for memory. */
int mzv_run(const mz_algo *a, const mzv_opts *o, mzv_result *r, mzt_err *err);

/* Add a check of the caller's (the command adds vet's, whose header cannot
 * share a file with the statistics'): status, the detail, the program's
 * account (may be NULL). Counts a failure. */
void mzv_add_check(mzv_result *r, const char *name, const char *shape, mzv_status st,
                   const char *detail, const char *why);
/* Add vet's checks of a (src/tools/vet.c) as one check, "vet": how many
 * passed, were skipped and failed, and the first failure's reason;
 * outside_why gives the account of an outside entry's last failure. */
void mzv_add_vet(const mz_algo *a, mzv_result *r, const char *(*outside_why)(const mz_algo *));

#endif /* MZT_VERDICT_H */
