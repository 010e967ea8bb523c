/*
 * par.c - the library's few threads: a list of tasks run on up to N
 * threads, the caller's included.
 *
 * Each task runs once, on whichever thread takes it next; results never
 * depend on which thread ran what or in which order, only on the tasks
 * themselves (every user combines its tasks' results in task order).
 * Nothing here allocates through a grid's allocator: a pool is one
 * thread's at a time, so tasks that allocate must not run side by side.
 */
#include "internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

unsigned mz_cpu_count(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        return 1;
    return n > MZ_MAX_THREADS ? MZ_MAX_THREADS : (unsigned)n;
}

unsigned mz_threads_resolve(unsigned threads)
{
    if (threads == 0)
        return mz_cpu_count();
    return threads > MZ_MAX_THREADS ? MZ_MAX_THREADS : threads;
}

typedef struct par_job {
    mz_task_fn fn;
    void *ctx;
    unsigned ntasks;
    atomic_uint next;
} par_job;

static void *par_worker(void *arg)
{
    par_job *j = arg;
    for (;;) {
        unsigned k = atomic_fetch_add_explicit(&j->next, 1, memory_order_relaxed);
        if (k >= j->ntasks)
            break;
        j->fn(j->ctx, k);
    }
    return NULL;
}

void mz_par_tasks(unsigned threads, unsigned ntasks, mz_task_fn fn, void *ctx)
{
    par_job j;
    j.fn = fn;
    j.ctx = ctx;
    j.ntasks = ntasks;
    atomic_init(&j.next, 0);
    threads = mz_threads_resolve(threads);
    if (threads > ntasks)
        threads = ntasks;
    pthread_t th[MZ_MAX_THREADS];
    unsigned started = 0;
    while (started + 1 < threads && pthread_create(&th[started], NULL, par_worker, &j) == 0)
        started++; /* a thread that cannot start leaves its tasks to the others */
    par_worker(&j);
    for (unsigned k = 0; k < started; k++)
        pthread_join(th[k], NULL);
}
