/*
 * scale.h - the measurements behind 'mazebench scale' (docs/scale.md): how
 * time and memory a cell grow with the grid. Timing is the library's
 * engine (mz_bench_gen, mz_bench_solve): no clock of its own around an
 * algorithm.
 *
 * Each size runs in a forked child, so its peak memory is its own: the
 * parent reads the child's ru_maxrss from wait4, and the child sends its
 * figures back through a pipe as an array of 64-bit fields (no struct, so
 * no padding bytes cross the pipe). Nothing here prints or exits: a
 * fallible call returns MZT_OK, MZT_BAD or MZT_FAIL with the message in
 * an mzt_err.
 */
#ifndef MZT_SCALE_H
#define MZT_SCALE_H

#include "tools.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* What a child sends back: fixed 64-bit fields, in this order. */
enum {
    MZT_SC_STATUS, /* mz_status */
    MZT_SC_ROWS,
    MZT_SC_COLS, /* the maze's real size */
    MZT_SC_CELLS,
    MZT_SC_LEVELS,
    MZT_SC_DIGEST,
    MZT_SC_GEN_MIN,
    MZT_SC_GEN_MEDIAN,
    MZT_SC_GEN_MAX,
    MZT_SC_GEN_HEAP,
    MZT_SC_SOLVE_MIN,
    MZT_SC_SOLVE_MEDIAN,
    MZT_SC_SOLVE_MAX,
    MZT_SC_SOLVE_HEAP,
    MZT_SC_SOLVE_CLOSED, /* cells the solver closed, as int64; -1 when not a search */
    MZT_SC_RNG,          /* mz_rng_kind the generation drew from */
    MZT_SC_DRAWS,        /* draws it took */
    MZT_SC_OUTSIDE,      /* bit 0: every generator stage an outside program (its own
                     * source: rng and draws empty); bits 0 and 1: the
                     * generator's and the solver's heap is not theirs (empty) */
    MZT_SC_FIELDS
};
/* The CSV's header line. */
extern const char mzt_scale_header[];

/* Run one size in a child: fills r and the child's peak RSS in KiB.
 * MZT_OK (r[MZT_SC_STATUS] says how the run went), or MZT_FAIL when the
 * child could not run or died. */
int mzt_scale_run(const mz_spec *spec, const mz_stage *solver, uint64_t seed, const mz_dims *geo,
                  unsigned reps, uint64_t r[MZT_SC_FIELDS], uint64_t *rss_kb, mzt_err *err);
/* One CSV row; -1 when a write fails. */
int mzt_scale_write_row(FILE *f, const char *gen_name, const char *solver_name, uint64_t seed,
                        unsigned reps, mz_shape shape, const uint64_t r[MZT_SC_FIELDS],
                        uint64_t rss_kb, bool solve);

/* The charts of --out FILE: FILE's .png and .svg, drawn by gnuplot with
 * scripts/scale.gp. Can they be drawn here? Otherwise why not. */
bool mzt_scale_chart_possible(const char *out, char *why, size_t len);
/* FILE without its .csv: the charts' base name. */
void mzt_scale_chart_base(const char *out, char *base, size_t len);
/* Draw the CSV (written, flushed) into the two chart files. */
int mzt_scale_draw_chart(const mzo_out *csv, const mzo_out *png, const mzo_out *svg,
                         mzt_err *err);

/* --resume: read path (FILE.partial or FILE) into f and check that it is
 * whole and was made by this command: a scale file of this build and
 * registry, its header, and row k the k-th size of this command's
 * doubling (gen, solver, seed, its source rng[k] (nrng sizes), reps, the
 * grid's topology and cells). *kept gets its rows. MZT_OK; -1 when path
 * does not exist; MZT_BAD or MZT_FAIL otherwise (f freed). */
int mzt_scale_resume_check(const char *path, sw_file *f, const char *gen, const char *solver,
                           uint64_t seed, const mz_rng_kind *rng, size_t nrng, bool own_rng,
                           unsigned reps, mz_shape shape, uint64_t max_cells, bool fixed,
                           size_t *kept, mzt_err *err);

#endif /* MZT_SCALE_H */
