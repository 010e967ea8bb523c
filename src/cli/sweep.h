/*
 * sweep.h - pieces of the sweep and merge commands shared by cmd_sweep.c and
 * the sweep_*.c helpers. Not part of the library's API.
 *
 * A sweep is a plan (generator specs x sizes x seeds x repetitions, each
 * maze solved by every solver of the plan) expanded into tasks. A task is
 * one maze: (generator, size, seed, rep), in that nesting order, and it
 * writes one row per solver (one row with empty solver columns when the
 * plan has no solver), so every task writes the same number of rows and a
 * row's place in the file tells which task wrote it. That is what makes
 * --resume (count complete rows), --shard (task index mod N) and merge
 * (deal the rows back task by task) simple and exact.
 */
#ifndef MZ_SWEEP_H
#define MZ_SWEEP_H

#include "cli.h"

#include <stddef.h>

typedef struct sw_size {
    uint64_t rows, cols;
} sw_size;

typedef struct sw_plan {
    size_t ngen, nsolv, nseed, nsize;
    char **gen;      /* canonical generator specs, in plan order */
    mz_spec *gspec;  /* their parsed form */
    char **solv;     /* canonical solver specs */
    mz_stage *sstage;
    uint32_t *seed;
    sw_size *size;
    uint64_t reps;
    size_t nlimit;      /* "limit NAME SIZE" lines */
    char **limit_name;  /* a generator name */
    uint64_t *limit_cells; /* its largest size, in cells */
} sw_plan;

/* The plan run by 'mazebench sweep' with no PLAN argument. */
extern const char sw_default_plan[];

/* Parse plan text into p (zeroed first), appending to nothing. Lines:
 * "gen SPEC", "gen? SPEC", "gen all", the same for "solve", "seeds LIST",
 * "sizes LIST", "reps N", "limit GENERATOR SIZE", blank lines and
 * "# comments". what names the
 * source in messages. Prints its own errors; 0 on success, -1 on error. */
int sw_plan_parse(sw_plan *p, const char *text, const char *what);

/* Replace the plan's generators (or solvers, seeds, sizes, reps) with a
 * command-line list: comma-separated, a comma inside a spec's parameter
 * list belonging to the spec. Same return convention. */
int sw_plan_set_gens(sw_plan *p, const char *list);
int sw_plan_set_solvers(sw_plan *p, const char *list);
int sw_plan_set_seeds(sw_plan *p, const char *list);
int sw_plan_set_sizes(sw_plan *p, const char *list);
int sw_plan_set_reps(sw_plan *p, const char *text);

/* Write the effective plan as "# plan: ..." lines (the resume check and
 * merge compare them). */
void sw_plan_write(FILE *f, const sw_plan *p);
void sw_plan_free(sw_plan *p);

/* Does the generator of spec ignore the requested size? */
bool sw_fixed_size(const mz_spec *s);
/* Does a limit line keep generator spec k of the plan from size z? */
bool sw_limited(const sw_plan *p, size_t k, sw_size z);

/* Per-thread heap accounting (sweep_mem.c). sw_heap_begin starts a window
 * in the calling thread and returns the bytes this thread has live now;
 * sw_heap_rise(base) is the highest live level since the window began,
 * minus base, or -1 when the build has no allocation counting. */
int64_t sw_heap_begin(void);
int64_t sw_heap_rise(int64_t base);

/* ---- CSV files (sweep_file.c) ---- */

/* Number of fields of one CSV record line (RFC 4180 quoting), or -1 when
 * the quotes are unbalanced. len excludes the newline. */
long sw_csv_fields(const char *line, size_t len);

/* A sweep file read back: its provenance lines, header and complete rows. */
typedef struct sw_file {
    char *text;        /* the whole file, NUL-terminated */
    size_t len;
    size_t prov_end;   /* offset just past the last leading '#' line */
    size_t header_at;  /* offset of the header line, or SIZE_MAX when none */
    size_t rows_at;    /* offset of the first row */
    size_t nrows;      /* complete rows (newline-terminated, right field count) */
    size_t *row_end;   /* offset just past row k's newline */
} sw_file;

/* Read path; 0 on success, -1 (with a message) on failure, 1 when the file
 * does not exist. */
int sw_file_read(const char *path, sw_file *f);
void sw_file_free(sw_file *f);
/* The lines of f's provenance that start with prefix, concatenated. */
char *sw_file_lines(const sw_file *f, const char *prefix);


#endif /* MZ_SWEEP_H */
