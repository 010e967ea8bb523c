/*
 * tools.h - the library layer under the mazebench command's tools: the
 * reading, pairing and analysis of sweep CSVs behind 'compare', the checks
 * behind 'check' and the re-execution of a sweep under Callgrind. Nothing
 * here prints or exits: every fallible call returns MZT_OK, MZT_BAD (the
 * input is wrong) or MZT_FAIL (memory, a system call), with the message in
 * an mzt_err that names the file and the line at fault; the command writes
 * it.
 */
#ifndef MZT_TOOLS_H
#define MZT_TOOLS_H

#include "mazebench.h"
#include "mazebench_row.h"
#include "mazebench_bench.h"
#include "sweep.h"
#include "util/util.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { MZT_OK = 0, MZT_FAIL = 1, MZT_BAD = 2 };

/* What went wrong: the whole message (naming the file and line when there
 * are some), and the file and line apart. */
typedef struct mzt_err {
    const char *path; /* the file at fault, or NULL */
    size_t line;      /* its line (1-based), or 0 */
    char msg[2048];
} mzt_err;

/* Fill err (file, line, message) and return rc: the one way the tools
 * report a failure. */
int mzt_fail(mzt_err *err, int rc, const char *path, size_t line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* The doubles of an mzu_vec of doubles. */
static inline double *mzt_doubles(const mzu_vec *v)
{
    return (double *)v->data;
}

/* ---- a string -> index map (FNV-1a, open addressing) ---- */

typedef struct mzt_map {
    size_t cap, n;
    char **key;
    size_t *val;
} mzt_map;

/* Index of key into *out, or SIZE_MAX; with add, insert it with value val
 * when absent (the key is copied). -1 on memory. */
int mzt_map_get(mzt_map *m, const char *key, bool add, size_t val, size_t *out);
void mzt_map_free(mzt_map *m);

/* ---- a sweep CSV, read once ---- */

typedef struct mzt_sweep {
    const char *path;
    char *raw;      /* the bytes on disk (line numbers come from them) */
    size_t rawlen;
    char *registry; /* first '# registry:' line, "" when none */
    char *commit;   /* first '# commit:' value, "" when none */
    size_t ncols;   /* the first header's fields */
    char **header;  /* its names */
    sw_file file;   /* the bytes parsed (sw_file_parse: no BOM, LF line ends) */
    char *text;     /* file.text: its first round's rows are walked in it as parsed */
    size_t len;
} mzt_sweep;

/* Read path once. MZT_OK; MZT_BAD for a missing file, no header, too many
 * columns or (unless any_registry) a later round of another registry;
 * MZT_FAIL for memory or a read error. */
int mzt_sweep_read(mzt_sweep *s, const char *path, bool any_registry, mzt_err *err);
size_t mzt_sweep_col(const mzt_sweep *s, const char *name); /* SIZE_MAX: none */
void mzt_sweep_free(mzt_sweep *s);

/* A row of a sweep file with its place: the line it starts on in the file
 * (blank and '#' lines, a byte-order mark and CRs counted), its round (each
 * header starts one, the first round 0) and its fields. */
typedef struct mzt_row {
    size_t line, round, index; /* index: 1-based among the file's rows */
    bool new_round;            /* the first row since a header */
    size_t n;                  /* fields (at most MZ_MAX_COLS + 9 kept) */
    sw_csv_field f[MZ_MAX_COLS + 9];
} mzt_row;

/* The rows of a sweep file in order, in one pass over its text. */
typedef struct mzt_rows {
    const mzt_sweep *s;
    size_t sec, line, index, round, r, off, at_gen, at_seed;
    size_t rawat, rawline;
    bool in_sec, started, new_round, borrowed; /* borrowed: f is s->file */
    sw_file f;
} mzt_rows;

void mzt_rows_begin(mzt_rows *it, const mzt_sweep *s);
/* The next row into *row (*got true), or the end (*got false). MZT_BAD for
 * a row cut short, a later round's different header, '#' lines with no
 * header after them; MZT_FAIL for memory. */
int mzt_rows_next(mzt_rows *it, mzt_row *row, bool *got, mzt_err *err);
size_t mzt_rows_rounds(const mzt_rows *it); /* rounds met so far */
void mzt_rows_end(mzt_rows *it);

/* A field's value (a trailing CR dropped), malloc'ed; NULL on memory
 * (mzu_field_text). */
char *mzt_field_text(const sw_csv_field *f);

/* ---- compare: two sweep CSVs paired by recipe, and the analysis ---- */

enum { MZT_KIND_GEN = 0, MZT_KIND_SOLVE = 1 };

/* Why a figure is undefined for its sample (the CSV's and JSON's note). */
extern const char MZT_NOTE_ROUNDS[], MZT_NOTE_SAMPLES[], MZT_NOTE_SPREAD[], MZT_NOTE_TIED[],
    MZT_NOTE_STRATA_SPREAD[], MZT_NOTE_ONE_ROUND[], MZT_NOTE_ONE_RECIPE[],
    MZT_NOTE_SAME_ROUNDS[], MZT_NOTE_SAME_RECIPES[];

typedef struct mzt_recipe {
    int kind;
    char *gen, *seed, *topo, *rows, *cols, *solver; /* as written; topo "ortho" when absent */
    char *rng; /* the rng column; "mulberry32" when absent */
    size_t algo;
    mzu_vec t[2], in[2]; /* doubles: times and instruction counts, [0] base, [1] new */
    mzu_vec rd[2];       /* doubles: the round of each time in t (0, 1, ...) */
    /* Results: */
    double med[2], ratio, lo, hi, p, padj, pmin, instr;
    const char *note; /* why the interval (or p) is undefined, or NULL */
    double *d;    /* paired: per round, log(new median) - log(base median); NAN: none */
    size_t pairs; /* paired: rounds with times on both sides */
    bool exact, tested;
    int verdict;
    unsigned outside; /* wall times of an outside program: bit 0 own_ns, bit 1 process_ns */
} mzt_recipe;

typedef struct mzt_algo {
    int kind;
    size_t first; /* its first recipe (names) */
    size_t *rec, nrec; /* its recipes (held by recv) */
    mzu_vec recv;
    double ratio, lo, hi, z, p, padj, pmin;
    size_t n[2], strata, pairs; /* samples a side, recipes tested, rounds (paired) */
    const char *note; /* why the interval (or p) is undefined, or NULL */
    bool tested, exact;
    int verdict;
    unsigned outside; /* its recipes' outside bits, or-ed */
} mzt_algo;

typedef struct mzt_cmp_side {
    mzt_sweep f;
    const char *path;
    size_t at_gen, at_seed, at_rows, at_cols, at_rep, at_solver, at_gns, at_sns, at_gin, at_sin;
    size_t at_topo; /* SIZE_MAX in a file of square cells written before the column */
    size_t at_rng;  /* SIZE_MAX in a file written before the column: mulberry32 */
    unsigned rng_seen; /* bit k: a row drew from source k (bit 2: an unknown name) */
    size_t at_gt, at_st; /* the timings compared: gen_ns and solve_ns, or the CPU times */
    /* wall times only: an outside program's own_ns, process_ns (and the
     * solver's), compared instead of gen_ns / solve_ns on its rows */
    size_t at_gown, at_gproc, at_sown, at_sproc;
    size_t nrows;
    size_t rounds; /* headers met: each starts a round */
} mzt_cmp_side;

typedef struct mzt_compare {
    const char *cmd;     /* for the command's own messages */
    bool any_registry;
    bool cpu;            /* gen_cpu_ns and solve_cpu_ns */
    double alpha, threshold;
    /* the smallest change that counts for an outside program's wall times
     * (whole-process timing is noisier): the larger of it and threshold */
    double outside_threshold;
    bool paired;         /* both files have the same rounds, 2 or more: paired by round */
    size_t rounds;       /* then how many */
    mzt_cmp_side side[2];
    size_t ncmp;
    char **cmp;          /* compared column names (common, before gen_ns, not recipe) */
    size_t cmp_at[2][MZ_MAX_COLS + 8];
    bool instr[2];       /* gen_instr / solve_instr compared (both files have the column) */
    mzt_map rmap, amap, refmap;
    /* The arrays below are views of mzu_vecs (recv, algv, refv, diffv). */
    mzt_recipe *rec;
    size_t nrec;
    mzt_algo *alg;
    size_t nalg;
    char ***ref;         /* per reference row: its compared values */
    size_t nref;
    char **diff;         /* determinism differences, one line each */
    size_t ndiff;
    mzu_vec recv, algv, refv, diffv, cdfv;
    mzt_map diffseen;    /* (recipe, column, side) already reported */
    size_t ndiff_rows;   /* differing values in all, reported or not */
    struct mzt_cdf {
        size_t m, n;
        double *cdf;
    } *cdf;              /* the exact test's distributions met (cdfv) */
    size_t ncdf;
    /* The summary. */
    double gm[2], gm_lo[2], gm_hi[2];
    const char *gm_note[2]; /* why a geometric mean's interval is undefined */
    size_t count[2][3], tested[2]; /* [recipe, algo][verdict] */
    size_t only[2];                /* recipes with samples on one side only */
    size_t no_pair;                /* paired: recipes timed on both sides, never in one round */
} mzt_compare;

/* Set up c: alpha 0.05, threshold 0.05, outside threshold 0.10, wall times. */
void mzt_cmp_init(mzt_compare *c);
/* The smallest change that counts for a recipe or algorithm with these
 * outside bits: outside_threshold when it is larger, else threshold. */
double mzt_cmp_threshold(const mzt_compare *c, unsigned outside);
/* Read side sd from path and check its columns (gen, seed, rows, cols,
 * gen_ns, and the CPU times with cpu). */
int mzt_cmp_read_side(mzt_compare *c, int sd, const char *path, mzt_err *err);
/* Both sides read: the same registry (unless any_registry), the columns
 * compared. */
int mzt_cmp_columns(mzt_compare *c, mzt_err *err);
/* Pair side sd's rows into recipes (the determinism check on the way). */
int mzt_cmp_load(mzt_compare *c, int sd, mzt_err *err);
/* Both sides loaded: paired by round when both have as many, 2 or more. */
void mzt_cmp_design(mzt_compare *c);
/* All of the above, for paths[0] (BASE) and paths[1] (NEW). */
int mzt_cmp_read(mzt_compare *c, const char *const paths[2], mzt_err *err);
/* Ratios, intervals, p-values and verdicts: MZT_BAD when no recipe is in
 * common or no test could reach significance. */
int mzt_cmp_analyse(mzt_compare *c, mzt_err *err);
void mzt_cmp_free(mzt_compare *c);
/* A recipe (with_seed) or its algorithm as the reports name it. */
void mzt_cmp_describe(const mzt_recipe *r, bool with_seed, char *buf, size_t len);
void mzt_grid_text(const char *topo, const char *rows, const char *cols, char *buf, size_t len);
void mzt_rng_text(const char *rng, char *buf, size_t len);

/* ---- check: a sweep CSV re-run and compared ---- */

/* One row of the file, parsed. */
typedef struct mzt_check_row {
    size_t line;     /* 1-based line number in the file */
    size_t index;    /* 1-based row number (the header not counted) */
    char *gen_text;  /* as written */
    char *solv_text; /* as written, "" for a row without a solver */
    char *gen_canon, *solv_canon; /* canonical forms: the recipe's identity */
    mz_spec spec;
    mz_stage st;
    bool has_solver;
    uint64_t seed;   /* its source is spec.rng: the rng column, mulberry32
                      * when the file has none */
    uint64_t rows, cols, rep;
    mz_shape shape;  /* its topology column; square cells when the file has none */
    uint64_t levels;
    char **want; /* the compared columns' values, as written */
    char *diff;  /* lines of differences and failures, malloc'd, NULL when none */
    size_t ndiff;     /* differences among them */
    size_t nfail;     /* failed recipes among them (one a maze or a solver) */
    char *why;        /* not compared: why (the recipe's failure), malloc'd */
    int sect;         /* the plan section it belongs to, -1 for none */
    uint64_t pos;     /* its row in that section (0-based) */
} mzt_check_row;

/* A plan the file says it holds: its '# plan:' lines (the rows of shard
 * I/N of that plan), then its '# solvers plan:' lines when it has them
 * (data/registry-golden.csv: two sweeps under one header). */
typedef struct mzt_check_sect {
    const char *name; /* "plan", "solvers plan" */
    sw_plan plan;
    unsigned shard, nshard;
    uint64_t nrow; /* rows it should hold */
} mzt_check_sect;

/* Rows [first, first + n) share one maze. */
typedef struct mzt_check_group {
    size_t first, n;
} mzt_check_group;

typedef struct mzt_check {
    const char *path;
    bool any_registry; /* compare a file from another registry anyway */
    size_t ncmp;
    const char **cmp; /* compared column names */
    mzt_check_row *row;
    size_t nrows;
    mzt_check_group *grp;
    size_t ngrp;
    atomic_size_t next;
    mzt_check_sect sect[2];
    size_t nsect;
    char *plan_diff; /* lines of rows missing, extra or out of order, or NULL */
    uint64_t nmissing, nextra, norder;
    mzt_err *err; /* where load puts what is wrong */
} mzt_check;


/* Read path (once) and everything it says: its rows parsed (recipes,
 * compared values, lines), grouped by maze, and placed in the plans it
 * carries (rows missing, extra, out of order: c->plan_diff). MZT_BAD for a
 * file that cannot be checked (no such file, no header, a row cut short, an
 * unknown column, a recipe that does not parse or is given twice, plan
 * lines that are not a plan, another registry unless any_registry). */
int mzt_check_load(mzt_check *c, const char *path, bool any_registry, mzt_err *err);
/* Re-run every group (jobs threads at most, the caller's among them) and
 * record each row's differences and failures (row[k].diff, ndiff, nfail,
 * why). */
void mzt_check_run(mzt_check *c, size_t jobs);
/* The summary's word on completeness into buf; false when rows are
 * missing, extra or out of order. */
bool mzt_check_completeness(const mzt_check *c, char *buf, size_t len);
/* A row's recipe; with_solver false: the maze's only. */
void mzt_check_describe(const mzt_check_row *r, bool with_solver, char *buf, size_t len);
void mzt_check_free(mzt_check *c);

/* ---- instruction counts under Callgrind ---- */

/* Where a sweep started under Callgrind finds the dumps: valgrind's
 * --callgrind-out-file. */
#define MZT_CG_OUT_ENV "MZ_CALLGRIND_OUT"

typedef struct mzt_count_result {
    char valgrind_said[1024]; /* valgrind's own first message, or "" */
    char err[1024];           /* what failed, or "" */
} mzt_count_result;

/* An executable named name on PATH, into buf; false when there is none. */
bool mzt_find_in_path(const char *name, char *buf, size_t len);
/* Run this very program again under Callgrind with argv[0..argc) and
 * return the child's exit status (MZT_FAIL when it could not run, with
 * res->err). */
int mzt_count_rerun(int argc, char **argv, mzt_count_result *res);

/* The figures of g (mz_metrics_compute on threads, 0: every online core)
 * and, when st is not NULL, its solve (mz_solve with trace into sol) at
 * once: the solver only reads the maze, so it runs on a thread of its own
 * beside the figures, which take the other threads; each result is what
 * it would be alone. The first failure's status. */
mz_status mzt_figures_and_solve(const mz_grid *g, unsigned threads, mz_metrics *m,
                                const mz_stage *st, mz_trace *trace, mz_solution *sol);

/* Settle a sweep's --count: automatic (--count auto: perf when the
 * system gives it, else Callgrind when valgrind is on PATH; *jobs 1 for
 * Callgrind) or the counter in *count. MZT_OK when this process counts
 * (about gets the meter's description); MZT_COUNT_RERUN when it must run
 * again under Callgrind (mzt_count_rerun); MZT_FAIL with the reason. */
#define MZT_COUNT_RERUN 3
int mzt_count_choose(bool automatic, mz_counter *count, unsigned *jobs, char *about, size_t len,
                     mzt_err *err);

#endif
