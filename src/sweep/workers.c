/*
 * workers.c - the one way the sweep engine and its commands start and
 * join worker threads (sweep.h, "Worker threads").
 */
#define _POSIX_C_SOURCE 200809L
#include "sweep.h"

#include <stdlib.h>
#include <string.h>

unsigned sw_workers_start(sw_workers *w, unsigned n, void *(*fn)(void *), void *arg)
{
    memset(w, 0, sizeof *w);
    if (n == 0)
        return 0;
    w->th = calloc(n, sizeof *w->th);
    if (!w->th)
        return 0;
    while (w->started < n && pthread_create(&w->th[w->started], NULL, fn, arg) == 0)
        w->started++;
    return w->started;
}

void sw_workers_join(sw_workers *w)
{
    for (unsigned k = 0; k < w->started; k++)
        pthread_join(w->th[k], NULL);
    free(w->th);
    memset(w, 0, sizeof *w);
}
