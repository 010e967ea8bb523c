/*
 * compare_out.h - what 'mazebench compare' writes (docs/compare.md): the
 * report of a comparison of two sweep files (src/tools/compare.c) as text,
 * CSV, JSON or markdown, its JUnit report (one test case a recipe and an
 * algorithm, and the determinism check) and its chart (each algorithm's
 * time ratio with its interval, drawn by gnuplot). Like the rest of the
 * report: nothing prints to the terminal or exits.
 */
#ifndef MZR_COMPARE_OUT_H
#define MZR_COMPARE_OUT_H

#include "tools/tools.h"

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The report in format ("text", "csv", "json" or "markdown") to f. 0, or
 * non-zero when memory ran out. */
int mzr_compare_write(FILE *f, const mzt_compare *c, const char *format);
/* The JUnit report to f. MZO_OK, or MZO_FAIL with the reason in err. */
int mzr_compare_junit(const mzt_compare *c, FILE *f, char *err, size_t errlen);
/* The chart into out (path names it: .png or .svg): gnuplot reads the
 * program on a pipe and writes the picture to out. MZO_OK, or MZO_FAIL
 * with the reason in err (gnuplot missing or failing, memory). */
int mzr_compare_chart(const mzt_compare *c, FILE *out, const char *path, char *err,
                      size_t errlen);

#ifdef __cplusplus
}
#endif

#endif /* MZR_COMPARE_OUT_H */
