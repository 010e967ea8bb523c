/*
 * figures.c - a maze's figures and its solve side by side
 * (mzt_figures_and_solve in tools.h), for gen and solve.
 */
#include "tools.h"

#include <pthread.h>

/* The solver only reads the maze, so it runs on a thread of its own beside
 * the figures (which take the other threads); each result is what it
 * would be alone. Memory is malloc's, which threads may share. */
struct solve_job {
    const mz_stage *st;
    const mz_grid *g;
    mz_trace *trace;
    mz_solution *sol;
    mz_status s;
};

static void *solve_thread(void *arg)
{
    struct solve_job *j = arg;
    j->s = mz_solve(j->st, j->g, j->trace, j->sol);
    return NULL;
}

mz_status mzt_figures_and_solve(const mz_grid *g, unsigned threads, mz_metrics *m,
                                const mz_stage *st, mz_trace *trace, mz_solution *sol)
{
    if (threads == 0)
        threads = mz_cpu_count();
    if (!st)
        return mz_metrics_compute(g, threads, m);
    struct solve_job j = {st, g, trace, sol, MZ_OK};
    pthread_t th;
    if (threads < 2 || pthread_create(&th, NULL, solve_thread, &j) != 0) {
        mz_status s = mz_metrics_compute(g, threads, m);
        return s != MZ_OK ? s : mz_solve(st, g, trace, sol);
    }
    mz_status s = mz_metrics_compute(g, threads - 1, m);
    pthread_join(th, NULL);
    return s != MZ_OK ? s : j.s;
}
