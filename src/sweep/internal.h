/*
 * internal.h - helpers shared by the sweep engine's own files, not part of
 * its interface (sweep.h).
 */
#ifndef SW_INTERNAL_H
#define SW_INTERNAL_H

#include "sweep.h"
#include "../mazebench_bench.h"

#include <stdbool.h>
#include <stddef.h>

/* Write a one-line reason into err (when given) and return rc: every
 * fallible call of the module reports this way. */
int sw_fail(char *err, size_t errlen, int rc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* The timing calibration of a plan's estimate (calibrate.c): nanoseconds
 * a cell of generator g's mazes takes, generated and solved by each of the
 * plan's solvers, timed on one maze of about 256x256 cells at most; false
 * when the generator refuses it. */
bool sw_calibrate(mz_bench *b, const sw_plan *p, size_t g, bool fixed, double *per_cell);

#endif /* SW_INTERNAL_H */
