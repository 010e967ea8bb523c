/*
 * sweep.h - the sweep engine: plans, task enumeration, the worker pool and
 * its reorder buffer, resume and merge checks, sweep CSV files, provenance
 * (docs/sweeps.md); output files and escaping are the output layer's
 * (src/out/out.h).
 *
 * The engine is a library (mazebench_sweep): it never prints and never
 * exits. A fallible call returns SW_OK, SW_BAD (the input is wrong: a
 * command exits 2) or SW_FAIL (the input is fine but the work failed: exit
 * 1), and writes a one-line lower-case reason into the caller's err buffer.
 * Notes that are not errors (an optional plan entry skipped, a limit that
 * drops a size) go to the plan's note callback.
 *
 * A plan (generators x sizes x seeds x repetitions, each maze solved by
 * every solver) is never expanded: task k is computed from k (sw_plan_task),
 * so a plan of 2^32 seeds costs no memory. A task is one maze and writes
 * one row per solver (one row when the plan has no solver): a row's place
 * in a file names its task, which --resume, --shard and merge check row by
 * row against the recipe columns (gen, seed, rng, topology, rows, cols, rep,
 * solver).
 */
#ifndef MZ_SWEEP_ENGINE_H
#define MZ_SWEEP_ENGINE_H

#include "mazebench.h"
#include "mazebench_bench.h"
#include "out/out.h"

#include <pthread.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { SW_OK = 0, SW_FAIL = 1, SW_BAD = 2 };

typedef void (*sw_note_fn)(void *user, const char *msg);

/* ------------------------------------------------------------------ */
/* Plans                                                               */
/* ------------------------------------------------------------------ */

/* A grid of the plan: rows and cols as the CSV writes them (POLAR: rings
 * and the outer ring's cells; CUBE: a level's), its shape and, for CUBE,
 * its levels (0 reads as 1). Zero shape: square cells. */
typedef struct sw_size {
    uint64_t rows, cols;
    mz_shape shape;
    uint64_t levels;
} sw_size;

/* The geometry of a plan's grid, and its cells. */
mz_dims sw_size_dims(sw_size z);
uint64_t sw_size_cells(sw_size z);
/* "31x31", "hex:31x31", "polar:16", "3d:4x15x15" (mz_dims_format). */
void sw_size_format(sw_size z, char *buf, size_t len);
/* Does some stage of spec (or the solver st, when spec is NULL) refuse the
 * grid z, by its shape or its size (mz_refuses)? Then why gets one
 * line: "eller does not run on hex grids (it runs on: ortho)". */
bool sw_refuses(const mz_spec *spec, const mz_stage *st, sw_size z, char *why, size_t whylen);
/* The shapes entry a runs on, "ortho, hex, tri". */
void sw_shapes_text(const mz_algo *a, char *buf, size_t len);

typedef struct sw_range {
    uint64_t lo, hi; /* inclusive */
} sw_range;

typedef struct sw_plan {
    size_t ngen, nsolv, nrange, nsize, nlimit;
    char **gen;        /* canonical generator specs, plan order, no duplicates */
    mz_spec *gspec;
    char **solv;       /* canonical solver specs */
    mz_stage *sstage;
    sw_range *range;   /* seeds as disjoint ranges, plan order */
    sw_size *size;     /* distinct sizes, plan order */
    uint64_t reps;
    char **limit_name;
    uint64_t *limit_cells;
    bool reps_set;
    bool skip_unsupported; /* 'skip unsupported': drop a generator's grids it
                            * refuses instead of refusing the plan */
    mz_rng_kind rng;     /* 'rng NAME': the source asked for, MZ_RNG_AUTO
                          * unless the plan names one (docs/random.md) */
    sw_note_fn note;
    void *note_user;
    /* Filled by sw_plan_finish: */
    uint64_t nseed;      /* seeds in all */
    uint64_t *seed_first; /* nrange + 1: index of each range's first seed */
    size_t *nelig;       /* per generator: sizes it runs at */
    size_t *elig;        /* ngen x nsize: those sizes' indices */
    unsigned char *rngk; /* ngen x nsize, by elig's places: the source of
                          * that generator's mazes of that size (seeds
                          * past 2^32 always draw from splitmix64) */
    sw_size *fixed;      /* per generator: the size a fixed-size one makes */
    uint64_t *gen_first; /* ngen + 1: first task of each generator */
    uint64_t ntask;      /* tasks in all */
    double cells;        /* cells of all tasks' mazes (for progress) */
    size_t per_task;     /* rows a task writes */
} sw_plan;

/* One maze of the plan. */
typedef struct sw_task {
    uint64_t index;
    size_t gen;        /* index into gen/gspec */
    sw_size size;      /* requested */
    uint64_t seed;
    mz_rng_kind rng;   /* the source its seed feeds */
    uint64_t rep;      /* 1-based */
} sw_task;

/* The plan 'mazebench sweep' runs without a PLAN. */
extern const char sw_default_plan[];

/* An empty plan (reps 1). note may be NULL. */
void sw_plan_init(sw_plan *p, sw_note_fn note, void *user);
void sw_plan_free(sw_plan *p);

/* Add the lines of a plan text buf[0..len) to p (safe on any bytes: a NUL
 * byte, a directory's or a binary file's contents are refused). Lines:
 * "gen SPEC", "gen? SPEC", "gen all", the same for "solve", "seeds LIST",
 * "sizes LIST", "reps N", "limit GENERATOR SIZE" (or "... N cells"), "rng
 * NAME" (auto, mulberry32 or splitmix64: docs/random.md), blank
 * lines, "# comments", and a trailing "# comment" after a directive; a
 * UTF-8 byte-order mark is skipped. what names the source in messages
 * ("FILE:LINE: ..."). Duplicates (a generator, solver, seed or size given
 * twice) are dropped, keeping the first place. */
int sw_plan_parse_text(sw_plan *p, const char *buf, size_t len, const char *what, char *err,
                       size_t errlen);

/* Replace a list of the plan with a command-line list (comma-separated; a
 * comma inside a spec's parameter list belongs to the spec). An empty
 * solver list means no solver. */
int sw_plan_set_gens(sw_plan *p, const char *list, char *err, size_t errlen);
int sw_plan_set_solvers(sw_plan *p, const char *list, char *err, size_t errlen);
int sw_plan_set_seeds(sw_plan *p, const char *list, char *err, size_t errlen);
/* The plan's random source: auto, mulberry32 or splitmix64 (the plan line
 * 'rng NAME'; where prefixes a message, "" for none). */
int sw_plan_set_rng(sw_plan *p, const char *name, char *err, size_t errlen);
/* A '# rng: ...' provenance line for each generator and size whose mazes
 * the plan's 'rng auto' switched to splitmix64; nothing otherwise. */
void sw_plan_write_rng(FILE *f, const sw_plan *p);
int sw_plan_set_rng_at(sw_plan *p, const char *name, const char *where, char *err,
                       size_t errlen);
int sw_plan_set_sizes(sw_plan *p, const char *list, char *err, size_t errlen);
int sw_plan_set_reps(sw_plan *p, const char *text, char *err, size_t errlen);

/* Check the whole plan before any work and prepare task enumeration: a
 * generator, a seed and a size at least; every solver's cell parameters on
 * every size it meets (mz_solver_fits); the largest maze of every generator
 * within memory (fixed-size generators at the size they make); the task
 * count within 2^62. SW_BAD for a bad plan, SW_FAIL for memory. */
int sw_plan_finish(sw_plan *p, char *err, size_t errlen);

/* Task k (< p->ntask) of a finished plan. Cannot fail. */
void sw_plan_task(const sw_plan *p, uint64_t k, sw_task *t);

/* The inverse of sw_plan_task: the task k of a finished plan that makes
 * generator gen (its canonical spec, as in p->gen) with seed on grid size
 * (for a fixed-size generator, the size it makes), repetition rep (1-based).
 * false when the plan has no such task. */
bool sw_plan_find(const sw_plan *p, const char *gen, uint64_t seed, sw_size size, uint64_t rep,
                  uint64_t *k);

/* The shapes (MZ_SHAPE_BIT bits) of the grids a finished plan's rows are
 * on: every size some generator runs at, and square cells for a fixed-size
 * generator's own grid. A file of the plan's rows records
 * mz_registry_hash() of them in its '# registry:' line. Cannot fail. */
unsigned sw_plan_shapes(const sw_plan *p);

/* The effective plan as plan text, each line prefixed by prefix ("# plan: "
 * in a sweep file): parsing it back gives the same plan. */
int sw_plan_write(FILE *f, const sw_plan *p, const char *prefix);

/* Estimates for a dry run: peak heap of the largest maze (one worker) and
 * seconds of work (one worker), from one timed run of each generator and
 * solver on a maze of up to 256x256 cells, scaled by cell count. */
int sw_plan_estimate(const sw_plan *p, uint64_t *bytes, double *seconds, char *err,
                     size_t errlen);

/* The peak heap of jobs workers running the plan's mazes at once, each in
 * its own engine whose pool keeps what its largest maze took: the sum of
 * the jobs largest tasks' estimates (a task counted once a seed and rep;
 * fewer tasks, fewer workers busy). A finished plan; cannot fail. */
uint64_t sw_plan_jobs_bytes(const sw_plan *p, unsigned jobs);

/* ------------------------------------------------------------------ */
/* CSV on a memory buffer                                              */
/* ------------------------------------------------------------------ */

typedef struct sw_csv_field {
    const char *p; /* raw text, quotes included */
    size_t len;
} sw_csv_field;

/* Read the record starting at *off of buf[0..len): RFC 4180 quoting, the
 * record ends at a '\n' outside quotes. Returns 1 with fields[0..*n) (at
 * most max are stored; *n counts all) and *off past the newline; 0 when
 * *off is at the end; -1 when the record has no newline or unbalanced
 * quotes (an incomplete last record). Never reads past len. */
int sw_csv_read_row(const char *buf, size_t len, size_t *off, sw_csv_field *fields, size_t max,
                    size_t *n);

/* A field's value, unquoted, into out (always NUL-terminated when outlen >
 * 0). Returns the value's length. */
size_t sw_csv_value(const sw_csv_field *f, char *out, size_t outlen);

/* Does field f hold exactly the value s? */
bool sw_csv_equals(const sw_csv_field *f, const char *s);

/* A sweep file in memory: provenance lines, header, complete rows. */
typedef struct sw_file {
    char *text;       /* NUL-terminated copy */
    size_t len;
    size_t prov_end;  /* just past the last leading '#' line */
    size_t header_at; /* SIZE_MAX when there is no complete header */
    size_t rows_at;
    size_t ncols;     /* header fields */
    size_t nrows;     /* complete rows: newline-ended, header's field count */
    size_t *row_end;  /* offset just past row k's newline */
} sw_file;

/* Parse buf[0..len) (copied): a UTF-8 byte-order mark dropped, CRLF read
 * as LF, blank and '#' lines among the rows dropped (text holds the rows
 * back to back). SW_OK; SW_BAD for a NUL byte or a header naming a column
 * twice; SW_FAIL when memory runs out. */
int sw_file_parse(sw_file *f, const char *buf, size_t len, char *err, size_t errlen);
/* Read path: SW_OK, SW_BAD (a directory, a NUL byte, a bad header),
 * SW_FAIL with a message (unreadable, larger than memory), or -1 when it
 * does not exist. */
int sw_file_read(const char *path, sw_file *f, char *err, size_t errlen);
void sw_file_free(sw_file *f);
/* The provenance lines starting with prefix, concatenated (malloc'd). */
char *sw_file_lines(const sw_file *f, const char *prefix);
/* The provenance lines starting with prefix ("# plan: ") read back as plan
 * text into p (sw_plan_init'ed by the caller) and finished: SW_OK, or
 * SW_BAD / SW_FAIL with why (the text's messages name what: "what:LINE").
 * A file without such lines gives SW_BAD ("the plan has no generator"). */
int sw_file_plan(const sw_file *f, const char *prefix, const char *what, sw_plan *p, char *err,
                 size_t errlen);
/* The "# shard: I/N, tasks T, rows per task K" line, strictly: 0 with
 * v = {I, N, T, K}, or -1 when there is none or it does not parse. */
int sw_file_shard(const sw_file *f, uint64_t v[4]);
/* Column index of name in the header, or SIZE_MAX. */
size_t sw_file_column(const sw_file *f, const char *name);
/* SW_OK when the header has every one of names[0..n), else SW_BAD with
 * "the header has no 'NAME' column" (or "no header line"). */
int sw_file_need(const sw_file *f, const char *const *names, size_t n, char *err,
                 size_t errlen);

/* ------------------------------------------------------------------ */
/* Provenance (shared with scale and render)                           */
/* ------------------------------------------------------------------ */

/* The build: version, commit ("-dirty" for local edits, read at build
 * time), compiler, and every flag the library was compiled with. */
const char *sw_build_commit(void);
const char *sw_build_compiler(void);
const char *sw_build_cflags(void);

/* Write '#' provenance lines: "# mazebench VERSION WHAT", commit, compiler,
 * cflags, registry hash over shapes (the MZ_SHAPE_BIT bits of the grids the
 * file's rows are on: mz_registry_hash; a sweep's: sw_plan_shapes), cpu,
 * date (UTC), the command (argv), and jobs when jobs > 0. Returns 0, or -1
 * on a write error. */
int sw_provenance_write(FILE *f, const char *what, unsigned shapes, int argc, char *const *argv,
                        unsigned jobs);

/* The run's clock and machine: "# start: DATE, load L1 L5 L15, CORES cores"
 * (UTC, the load averages of /proc/loadavg or getloadavg, the cores
 * online), then, when f is a seekable file not opened for appending, a
 * placeholder "# end: ..." line of fixed width that sw_provenance_end
 * overwrites in place when the run is over: the file keeps every '#' line
 * before its header, where readers look for them. On a pipe, or a file
 * opened for appending, no end line is written (c->end_at -1). Neither
 * line is a result: check and compare ignore them. */
typedef struct sw_prov_clock {
    long end_at;     /* the placeholder's offset, -1 for none */
    long long t0_ns; /* CLOCK_REALTIME at the start */
} sw_prov_clock;

#define SW_PROV_END_WIDTH 96 /* the end line's bytes, its newline included */

int sw_provenance_start(FILE *f, sw_prov_clock *c);
/* Overwrite the placeholder with "# end: DATE, load L1 L5 L15, S s" (the
 * seconds since the start), padded with spaces to its width; then back to
 * the file's end. 0, or -1 on a write or seek error. No-op without one. */
int sw_provenance_end(FILE *f, const sw_prov_clock *c);
/* The load averages (1, 5 and 15 minutes) into l[3]; false when unknown. */
bool sw_load_average(double l[3]);

/* ------------------------------------------------------------------ */
/* Worker threads                                                      */
/* ------------------------------------------------------------------ */

/* Threads that all run fn(arg): the sweep's workers and check's. */
typedef struct sw_workers {
    pthread_t *th;
    unsigned started;
} sw_workers;

/* Start up to n threads; returns how many started (fewer when memory or
 * the system's thread limit runs out: the caller decides whether that is
 * an error). Always follow with sw_workers_join. */
unsigned sw_workers_start(sw_workers *w, unsigned n, void *(*fn)(void *), void *arg);
/* Join every started thread and free the handles. */
void sw_workers_join(sw_workers *w);

/* ------------------------------------------------------------------ */
/* Running a sweep                                                     */
/* ------------------------------------------------------------------ */

/* The stop flag: set by sw_request_stop (async-signal-safe) or by the
 * engine on a failure; workers take no new task once it is set. */
void sw_request_stop(int sig);
int sw_stop_signal(void);
/* Install SIGINT/SIGTERM handlers that call sw_request_stop; a second
 * signal renames a sweep's temporary file into place and exits. */
void sw_signals_install(void);

/* done of total tasks written; work: the share of the shard's cells done
 * (tasks differ in size, so it is the better guide to the time left). */
typedef void (*sw_progress_fn)(void *user, uint64_t done, uint64_t total, double work,
                               uint64_t elapsed_ns, bool final);

typedef struct sw_run {
    const sw_plan *plan;
    unsigned shard, nshard; /* 1-based part of nshard */
    unsigned jobs;
    unsigned threads;       /* threads for each task's figures (mz_metrics_compute);
                             * 0: the online cores shared among the jobs, at least 1.
                             * Generators and solvers are timed on one thread. */
    FILE *out;              /* rows go here, task by task */
    const char *out_tmp;    /* the file being written (FILE.partial), or NULL */
    const char *out_path;
    sw_progress_fn progress;
    void *progress_user;
    uint64_t progress_ns;   /* call progress at most this often */
    mz_counter count;       /* instruction counts: each worker opens a meter */
    const char *count_out;  /* Callgrind's --callgrind-out-file (mz_meter_open) */
    /* Filled in: */
    uint64_t start;         /* this shard's first task to run (after resume) */
    uint64_t done;          /* this shard's tasks written */
    uint64_t ntask;         /* this shard's tasks */
} sw_run;

/* The header columns (fixed for a registry). */
int sw_columns(mz_cols *cols);
/* Write the header line of cols. */
void sw_write_header(FILE *f, const mz_cols *cols);
/* Is c a recipe column (gen, seed, rng, topology, rows, cols, rep, solver): a column that
 * names what a row is rather than a figure it measured? */
bool sw_is_recipe_col(const char *c);
/* Does every stage of spec run an outside program, which draws from its own
 * random source? Its rows leave the rng and draws columns empty. */
bool sw_own_source(const mz_spec *spec);
/* Is col one of the columns a row of spec leaves empty for that reason? */
bool sw_own_source_col(const mz_spec *spec, const char *col);
/* Is c a timing column wherever it sits: a name ending in _ns or _kb (a
 * clock or a memory figure: an outside program's process_ns, startup_ns,
 * own_ns, child_cpu_ns, child_maxrss_kb and their solve_ forms sit before
 * gen_ns)? Every other column before gen_ns is deterministic (check and
 * compare compare them; docs/sweeps.md). */
bool sw_is_timing_col(const char *c);
/* "# shard: I/N, tasks T, rows per task K" and "# plan: " lines. */
int sw_write_plan_lines(FILE *f, const sw_plan *p, unsigned shard, unsigned nshard);
/* Tasks of shard I of N. */
uint64_t sw_shard_tasks(const sw_plan *p, unsigned shard, unsigned nshard);

/* Check a sweep file's rows against the plan: row r of shard I/N must be
 * solver r % K of the shard's task r / K. Checks the header too. Rows past
 * the last whole task are ignored; *whole gets the number of whole tasks
 * whose rows match. SW_BAD with "row N: ..." on the first mismatch. */
int sw_check_rows(const sw_plan *p, const sw_file *f, unsigned shard, unsigned nshard,
                  uint64_t *whole, char *err, size_t errlen);

/* Run tasks run->start .. of the shard, rows to run->out in task order.
 * SW_OK when all ran; SW_FAIL with a message when a task failed or a
 * write failed; an interruption (sw_request_stop) returns SW_OK with
 * run->done < run->ntask. */
int sw_run_tasks(sw_run *run, char *err, size_t errlen);

/* Merge: parts (their files) of one sharded sweep into out, checking every
 * row. cmd is the command line for the '# merged:' line. */
int sw_merge(sw_file *parts, const char *const *names, size_t n, FILE *out, char *err,
             size_t errlen);

/* Was f written by this very build? Its '# commit:', '# compiler:' and
 * '# cflags:' lines against this binary's: the rows a resume adds must
 * come from the build that wrote the others (their times, heap figures
 * and counts are only comparable so). SW_OK, or SW_BAD with what differs
 * (SW_FAIL: out of memory). Used by sweep and scale --resume. */
int sw_check_build(const sw_file *f, char *err, size_t errlen);

/* Resume: check an existing sweep file against the plan and shard; write
 * to out its provenance, a '# resumed:' line, its header and its whole
 * tasks' rows; *done gets the tasks kept. With clock, this run's start
 * and end lines (sw_provenance_start) after the '# resumed:' line. */
int sw_resume_copy(const sw_plan *p, const sw_file *f, unsigned shard, unsigned nshard,
                   int argc, char *const *argv, FILE *out, uint64_t *done, char *err,
                   size_t errlen, sw_prov_clock *clock);

#ifdef __cplusplus
}
#endif

#endif /* MZ_SWEEP_ENGINE_H */
