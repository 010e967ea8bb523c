/*
 * cmd_check.c - the check command: re-run every recipe of a sweep CSV and
 * compare every deterministic column with what the file holds. The reading,
 * the plan placement and the re-run are src/tools/check.c; this file holds
 * the options, the memory estimate and the report.
 *
 * A sweep row names its maze and solver in its recipe columns (gen, seed,
 * rows, cols, rep, solver); everything else before gen_ns is a figure that
 * the same recipe must reproduce bit for bit. So a committed sweep CSV is
 * a determinism test: 'mazebench check FILE' regenerates each maze once
 * (consecutive rows of one maze share it), solves it with each row's solver,
 * formats every column through mz_row_field exactly as the sweep writes it
 * (an empty figure for a maze or solver that refuses, MZ_EUNSUPPORTED), and
 * prints one line per cell that differs. A recipe that fails (a generator
 * or solver returning an error, or refusing a size the file has figures
 * for) is one line naming the status, its rows not compared. --junit also
 * writes a JUnit XML report, one test case per row (src/report/check_out.c).
 *
 * When the file carries its plan ('# plan:' lines, with a '# shard:' line
 * in a sweep's file, and '# solvers plan:' lines in the registry's golden
 * files), its rows must be exactly the plan's, in order: each row is found
 * in the plan (sw_plan_find) and each run of rows missing, each extra row
 * and each row out of order is a difference. Without a plan the summary
 * says completeness was not checked.
 *
 * Exit status: 0 when every figure matches and the plan's rows are all
 * there, 1 when one differs, a recipe fails or a row is missing, extra or
 * out of order, 2 for a file it cannot check: no such file, a directory, a
 * NUL byte, no header, a header without rows and without a plan, a row cut
 * short, a column this build does not know or named twice, a recipe column
 * missing (gen, seed, rows, cols, solver; rep defaults to 1), a recipe that
 * does not parse, a recipe given twice, plan lines that are not a plan or
 * not the '# shard:' line's, or a '# registry:' line from another registry
 * (mz_registry_hash over the file's shapes). Columns from gen_ns on (times, heap peaks, resident
 * memory) are never compared; columns missing from the file are not
 * compared either, so a file trimmed to some columns (data/sweep-small.csv)
 * checks as well.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "../mazebench_bench.h"
#include "opts.h"
#include "report/check_out.h"
#include "sweep.h"
#include "tools/tools.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int by_bytes_desc(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}

/* Every maze the check re-makes, estimated before any is allocated
 * (mz_estimate_bytes: the grid, the chain, the figures and the largest of
 * its solvers), and the jobs largest together, as they may run at once.
 * One line and MZC_FAIL for one that does not fit. */
static int estimate_groups(const mzt_check *c, size_t jobs)
{
    double *need = malloc((c->ngrp ? c->ngrp : 1) * sizeof *need);
    if (!need) {
        mzc_error("check: out of memory");
        return MZC_FAIL;
    }
    int rc = MZC_OK;
    for (size_t k = 0; k < c->ngrp && rc == MZC_OK; k++) {
        const mzt_check_row *r0 = &c->row[c->grp[k].first];
        mz_dims geo;
        need[k] = 0;
        if (r0->shape == MZ_SHAPE_ORTHO)
            geo = *MZ_SQUARE(r0->rows, r0->cols);
        else if (mz_row_dims(r0->shape, r0->levels, r0->rows, r0->cols, &geo) != MZ_OK)
            continue; /* not a grid: the recipe fails when it runs */
        if (mz_dims_cells(&geo) == 0)
            continue; /* past 2^40 cells: the recipe fails as too large when it runs */
        const mz_algo *algos[MZ_MAX_CHAIN + 1];
        size_t n = 0;
        for (unsigned s = 0; s < r0->spec.n; s++)
            algos[n++] = r0->spec.stage[s].algo;
        const mz_algo *hungry = NULL;
        for (size_t j = 0; j < c->grp[k].n; j++) {
            const mzt_check_row *r = &c->row[c->grp[k].first + j];
            if (r->has_solver && (!hungry || mz_algo_bytes_per_cell(r->st.algo, geo.shape) >
                                                 mz_algo_bytes_per_cell(hungry, geo.shape)))
                hungry = r->st.algo;
        }
        algos[n++] = hungry;
        need[k] = (double)mz_estimate_bytes(algos, n, &geo, MZ_EST_FIGURES);
        char grid[128], what[1024];
        mz_dims_format(&geo, grid, sizeof grid);
        snprintf(what, sizeof what, "check: '%s' line %zu: '%s' at %s", c->path, r0->line,
                 r0->gen_canon, grid);
        if (mzc_check_bytes(what, need[k]) != 0)
            rc = MZC_FAIL;
    }
    if (rc == MZC_OK && jobs > 1 && c->ngrp > 1) {
        qsort(need, c->ngrp, sizeof *need, by_bytes_desc);
        double sum = 0;
        for (size_t k = 0; k < jobs && k < c->ngrp; k++)
            sum += need[k];
        char what[128];
        snprintf(what, sizeof what, "check: --jobs %zu (its largest mazes at once)", jobs);
        if (mzc_check_bytes(what, sum) != 0)
            rc = MZC_FAIL;
    }
    free(need);
    return rc;
}

int cmd_check(int argc, char **argv)
{
    const char *path = NULL, *junit = NULL;
    uint64_t jobs = 1;
    bool any_registry = false, force = false;
    mzc_args a;
    mzc_args_init(&a, &mzc_cmd_check, argc, argv);
    for (int id; (id = mzc_args_next(&a)) != MZC_ARGS_END;) {
        const char *v = a.value;
        if (id == MZC_ARGS_HELP)
            return mzc_flush_stdout("check");
        if (id == MZC_ARGS_ERROR)
            return MZC_USAGE;
        if (id == MZC_ARGS_UNKNOWN) {
            mzc_error("check: unknown option '%s' (see 'mazebench check --help')", v);
            return MZC_USAGE;
        }
        if (id == MZC_ARGS_OPERAND) {
            if (path) {
                mzc_error("check: one FILE only, got '%s' and '%s'", path, v);
                return MZC_USAGE;
            }
            path = v;
            continue;
        }
        const char *name = a.cmd->opts[id].name;
        if (strcmp(name, "--any-registry") == 0) {
            any_registry = true;
        } else if (strcmp(name, "--force") == 0) {
            force = true;
        } else if (strcmp(name, "--junit") == 0) {
            junit = v;
        } else if (strcmp(name, "--jobs") == 0) {
            if (mzc_parse_u64("--jobs", v, 1, 256, &jobs) != 0)
                return MZC_USAGE;
        } else {
            mzc_error("check: option '%s' is not handled", name);
            return MZC_USAGE;
        }
    }
    if (!path) {
        mzc_error("check: no FILE given (see 'mazebench check --help')");
        return MZC_USAGE;
    }
    if (junit) {
        if (strcmp(junit, path) == 0 || mzo_same_file(junit, path)) {
            mzc_error("check: '%s' is the file checked: it may not be the --junit report too",
                      junit);
            return MZC_USAGE;
        }
    }
    /* The report is a temporary file from here on, committed only after
     * the result reached stdout (mzc_outs). */
    mzc_outs outs;
    mzc_outs_init(&outs, "check");
    FILE *junit_file = NULL;
    if (junit) {
        int jr = MZC_OK;
        if (!(junit_file = mzc_outs_open(&outs, "--junit", junit, force, &jr)))
            return jr;
    }

    mzt_check c;
    mzt_err err;
    int rc = mzt_check_load(&c, path, any_registry, &err);
    if (rc != MZC_OK) {
        mzc_error("check: %s", err.msg);
        mzt_check_free(&c);
        mzc_outs_abort(&outs);
        return rc;
    }

    size_t njobs = jobs > c.ngrp ? (c.ngrp ? c.ngrp : 1) : (size_t)jobs;
    if ((rc = estimate_groups(&c, njobs)) != MZC_OK) {
        mzt_check_free(&c);
        mzc_outs_abort(&outs);
        return rc;
    }
    mzt_check_run(&c, njobs);

    size_t ndiff = 0, nbad = 0, nfail = 0, skipped = 0;
    for (size_t k = 0; k < c.nrows; k++) {
        skipped += c.row[k].why != NULL;
        nfail += c.row[k].nfail;
        if (!c.row[k].ndiff && !c.row[k].nfail)
            continue;
        ndiff += c.row[k].ndiff;
        nbad += c.row[k].ndiff != 0;
        if (c.row[k].diff)
            fputs(c.row[k].diff, stdout);
    }
    if (c.plan_diff)
        fputs(c.plan_diff, stdout);
    uint64_t figures = (uint64_t)(c.nrows - skipped) * c.ncmp;
    if (nfail)
        printf("check: %s: %zu recipe%s failed (%zu row%s not compared), ", path, nfail,
               nfail == 1 ? "" : "s", skipped, skipped == 1 ? "" : "s");
    else if (ndiff)
        printf("check: %s: ", path);
    if (ndiff)
        printf("%zu difference%s in %zu of %zu rows (%" PRIu64 " values compared)", ndiff,
               ndiff == 1 ? "" : "s", nbad, c.nrows, figures);
    else if (nfail)
        printf("the other %zu row%s (%" PRIu64 " values compared)", c.nrows - skipped,
               c.nrows - skipped == 1 ? " matches" : "s match", figures);
    else
        printf("check: %s: all %zu rows match (%" PRIu64 " values compared in %zu columns)",
               path, c.nrows, figures, c.ncmp);
    char plan[256];
    bool whole = mzt_check_completeness(&c, plan, sizeof plan);
    printf("; %s\n", plan);
    rc = ndiff || nfail || !whole ? MZC_FAIL : MZC_OK;
    /* The report is committed when the result reached stdout, whatever
     * the result (a difference is exit 1 and its report). */
    char jerr[128];
    int out_rc = MZC_OK;
    if (junit_file && mzr_check_junit(&c, junit_file, jerr, sizeof jerr) != MZO_OK) {
        mzc_error("check: %s", jerr);
        out_rc = MZC_FAIL;
    }
    out_rc = mzc_outs_finish(&outs, out_rc);
    if (out_rc != MZC_OK)
        rc = out_rc;
    mzt_check_free(&c);
    return rc;
}
