/*
 * mazebench_bench.h - part of the public C API of the mazebench library:
 * what a run costs, before and while it runs: the estimates of its heap,
 * trace steps and random draws, the clocks, the one timing engine
 * (mz_bench_*), instruction counters (Callgrind, perf) and the pool
 * accounting behind the heap figures (docs/measurement.md). Includes
 * mazebench.h.
 */
#ifndef MAZEBENCH_BENCH_H
#define MAZEBENCH_BENCH_H

#include "mazebench.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Estimates: what a run will take                                    */
/* ------------------------------------------------------------------ */

/* The peak bytes a cell entry a declares on shape s (0 for a shape it does
 * not run on). Cannot fail. */
MZ_API double mz_algo_bytes_per_cell(const mz_algo *a, mz_shape s);

/* What an estimate covers besides the generator chain and the solver
 * (mz_estimate_bytes). */
#define MZ_EST_FIGURES 1u /* the maze's figures (mz_metrics_compute), made
                           * beside the solver, which runs at the same time */
#define MZ_EST_STATS 2u   /* the statistics of a maze (mz_maze_stats_compute) */
#define MZ_EST_PATH 4u    /* the solver's route kept as a list of cells (want_path) */
#define MZ_EST_POOL 8u    /* the run's memory comes from a recycling pool (mz_bench)
                           * that keeps what each part frees: the parts add up
                           * instead of the largest counting, and a list grown by
                           * doubling leaves its smaller blocks behind (half as
                           * much again) */


/* The estimate every command and the sweep's plan make before allocating
 * a maze: the peak heap bytes, on a grid of geometry geo, of the recipe
 * algos[0..n) (its generator and post-processors in any order, at most one
 * solver, NULL entries skipped) with the parts `what` names (MZ_EST_*):
 *   grid + max(largest generator or post-processor part,
 *              figures + solver (+ path), statistics) + 64 KiB,
 * a part being an entry's bytes_fixed + cells * bytes_per_cell +
 * cols * bytes_per_col on geo's shape (the library's own passes likewise; docs/shapes.md,
 * "Memory"). The generators run one after another and free their scratch
 * before the next starts; the figures and the solver may run side by side,
 * so theirs add up; with MZ_EST_POOL every part adds up. Every value is at
 * or just above its measured peak, so the estimate is an upper bound of
 * the heap that stays within about twice it. Saturates at UINT64_MAX for
 * a geometry mz_dims_cells refuses. Cannot fail. */
MZ_API uint64_t mz_estimate_bytes(const mz_algo *const *algos, size_t n, const mz_dims *geo,
                                  unsigned what);

/* Steps a traced trace of algos[0..n) emits on a grid of geometry geo at
 * most (NULL entries and those that do not run on geo's shape skipped):
 * the sum of their trace_steps_per_cell times the cells, plus
 * MZ_TRACE_FIXED_STEPS each; UINT64_MAX when one of them is
 * MZ_TRACE_UNBOUNDED or geo is refused by mz_dims_cells. Cannot fail. */
#define MZ_TRACE_FIXED_STEPS 64
MZ_API uint64_t mz_trace_steps_bound(const mz_algo *const *algos, size_t n, const mz_dims *geo);

/* Draws a run of spec at geo is expected to take from its random source:
 * the sum over its stages of their draws_per_cell declarations times the
 * cells. Cannot fail; 0 for an empty spec. */
MZ_API double mz_draws_estimate(const mz_spec *spec, const mz_dims *geo);
/* One entry's share of it: its draws_per_cell declaration on shape times
 * cells (never below 0). */
MZ_API double mz_algo_draws(const mz_algo *a, mz_shape shape, double cells);

/* ------------------------------------------------------------------ */
/* Measurement: the one timing engine                                  */
/* ------------------------------------------------------------------ */

/* The definition every harness shares (the sweep, `scale`, the Google
 * Benchmark shim):
 *   gen_ns   = the generator chain running on a grid that is already
 *              allocated, first-touched and reset to all walls, with every
 *              block its run needs already in the pool (a warm-up run made
 *              them); no allocation from the system and no fresh page
 *              inside the clock;
 *   solve_ns = the same for the solver on the finished maze;
 *   setup_ns = what happens before the clock: grid allocation, first
 *              touch, the warm-up run; reported apart, never added in;
 *   heap     = the pool's peak during the run: the grid included for a
 *              generator, beyond the maze for a solver;
 *   instr    = with a meter (mz_bench.meter), the instructions of the first
 *              timed run: the meter starts just before the clock's first
 *              read and stops just after its second, so the count is the
 *              call plus a constant few instructions (the clock's reads);
 *              llc_miss its last-level cache misses where the counter
 *              gives them. Without a meter, one predictable branch.
 * Metrics, digests and checks happen after the clock. */

/* Monotonic nanoseconds, for timing columns only. Cannot fail. */
MZ_API uint64_t mz_clock_ns(void);

/* The calling thread's CPU time in nanoseconds (CLOCK_THREAD_CPUTIME_ID):
 * time the thread ran, user and system, not time it waited for a core. So
 * on a loaded machine it grows by what the work costs, not by what other
 * processes took. 0 when the system has no such clock. Cannot fail. */
MZ_API uint64_t mz_thread_cpu_ns(void);

#define MZ_MAX_REPS 1000

typedef struct mz_timing {
    uint64_t setup_ns;     /* allocation, first touch, warm-up */
    unsigned reps;         /* timed runs made */
    uint64_t ns;           /* the first timed run */
    uint64_t min_ns, median_ns, max_ns; /* over the timed runs */
    uint64_t heap_peak;    /* bytes; see above */
    uint64_t timed_fresh_bytes; /* bytes the pool took from the system inside
                                 * the clock: 0 unless a run's allocations
                                 * differ from its warm-up's */
    bool counted;          /* instr holds the meter's count */
    bool llc_counted;      /* llc_miss too */
    uint64_t instr;        /* instructions of the first timed run */
    uint64_t llc_miss;     /* its last-level cache misses */
    uint64_t cpu_ns;       /* the first timed run's CPU time on its thread
                            * (mz_thread_cpu_ns), 0 when there is no such clock */
} mz_timing;

/* Instruction counters (docs/measurement.md, "Instruction counts"):
 *   MZ_COUNTER_CALLGRIND: the process runs under valgrind's Callgrind with
 *     --collect-atstart=no and --callgrind-out-file=OUT; the meter zeroes
 *     Callgrind's costs, collects around the call (client requests), dumps
 *     and reads the dump OUT.N back (its "totals:" line), then removes it.
 *     Exact and the same on every run, loaded or not; with --cache-sim=yes
 *     also the simulated last-level misses (ILmr + DLmr + DLmw). One meter
 *     in a process: Callgrind's counts of several threads mix.
 *   MZ_COUNTER_PERF: the hardware counters of the calling thread through
 *     perf_event_open (user-space instructions, cache misses); one meter a
 *     thread. Close to exact, not the same from run to run. */
typedef enum mz_counter {
    MZ_COUNTER_NONE = 0,
    MZ_COUNTER_CALLGRIND,
    MZ_COUNTER_PERF
} mz_counter;

typedef struct mz_meter mz_meter;

/* Open a meter on the calling thread. cg_out is Callgrind's
 * --callgrind-out-file (MZ_COUNTER_CALLGRIND only). Callgrind's meter checks
 * the setup with one probe dump: running under Callgrind, collection off
 * at start. MZ_EUNSUPPORTED when the counter is not there (not under
 * Callgrind, built without valgrind/callgrind.h, no hardware counters),
 * MZ_EINVAL for a bad setup, MZ_ENOMEM; a one-line reason in why. */
MZ_API mz_status mz_meter_open(mz_meter **m, mz_counter kind, const char *cg_out, char *why,
                               size_t whylen);
/* Safe on NULL. */
MZ_API void mz_meter_close(mz_meter *m);
/* What the meter counts with, for a provenance line: "callgrind (valgrind
 * 3.19.0, ...)". Cannot fail. */
MZ_API const char *mz_meter_about(const mz_meter *m);
/* Was the library built with valgrind's client requests? Is the process
 * running under valgrind (any tool)? Cannot fail. */
MZ_API bool mz_callgrind_built(void);
MZ_API bool mz_under_valgrind(void);

/* A measurement workspace: one per thread. */
typedef struct mz_bench {
    mz_pool *pool;
    mz_grid grid;     /* the maze of the last mz_bench_gen, in the pool */
    mz_extra gx;      /* its generator columns */
    mz_solution sol;  /* the last solution (set sol.want_path before solving) */
    mz_meter *meter;  /* NULL: nothing counted; else owned, closed by mz_bench_free */
} mz_bench;

/* MZ_ENOMEM when the pool cannot be made. */
MZ_API mz_status mz_bench_init(mz_bench *b);
/* Free everything; safe on a zeroed workspace. */
MZ_API void mz_bench_free(mz_bench *b);

/* Generate spec at seed on a grid of dims into b->grid, timing it reps
 * times (1 <= reps <= MZ_MAX_REPS) after the setup above; trace (may be
 * NULL) sees the first timed run only, and so does b->meter. Every timed
 * run must give the same maze. Statuses as mz_generate, MZ_EINVAL for a bad
 * reps or an invalid dims, MZ_EIO when the meter cannot read its count.
 * Optional: trace. */
MZ_API mz_status mz_bench_gen(mz_bench *b, const mz_spec *spec, uint64_t seed, const mz_dims *dims,
                              mz_trace *trace, unsigned reps, mz_timing *t);

/* Solve b->grid with the stage into b->sol, the same way. */
MZ_API mz_status mz_bench_solve(mz_bench *b, const mz_stage *st, mz_trace *trace, unsigned reps,
                                mz_timing *t);

#ifdef __cplusplus
}
#endif

#endif /* MAZEBENCH_BENCH_H */
