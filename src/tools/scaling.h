/*
 * scaling.h - the measurements behind 'mazebench scaling'
 * (docs/scaling.md): how the route of a generator's mazes grows with the
 * side n over seeds and sizes, the exponent of route ~ n^b fitted per maze
 * on logarithms with a 95% confidence interval (mz_powfit_compute), next
 * to the published exponent when there is one; 'eller-stream' takes its
 * routes from mz_eller_stream, at sizes no grid could hold. Nothing here
 * prints to the terminal or exits: a fallible call returns MZT_OK or
 * MZT_FAIL with the message in an mzt_err.
 */
#ifndef MZT_SCALING_H
#define MZT_SCALING_H

#include "tools.h"
#include "mazebench_stats.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* A run: the shape (every size n a grid of it of side n), the sizes and
 * seeds, where the points rows go (NULL: nowhere), and a progress call
 * after every maze (may be NULL). */
typedef struct mzt_scaling {
    mz_shape shape;
    const uint64_t *n;
    size_t nsizes;
    const uint64_t *seed;
    size_t nseeds;
    FILE *points;
    void (*progress)(void *ctx, const char *canon, const char *grid, uint64_t seed);
    void *ctx;
    bool undefined_sd; /* set: a points row of one seed has no route_sd */
} mzt_scaling;

typedef struct mzt_scaling_result {
    const char *canon;
    mz_shape shape;
    mz_powfit fit;
    double theory, local;
    const char *theory_what;
    uint64_t nmin, nmax;
    size_t sizes, seeds;
    const char *rng; /* the sources its mazes drew from */
} mzt_scaling_result;

/* The published exponent of a generator spec (canonical text) on shape,
 * or NAN; *what says whose. */
double mzt_scaling_theory(const char *canon, mz_shape shape, const char **what);
/* One generator over the sizes and seeds: the fit into r, and the points
 * rows. rngk[i] is the source of size i (spec NULL: eller-stream). */
int mzt_scaling_run(mzt_scaling *sc, const char *canon, const mz_spec *spec,
                    const unsigned char *rngk, mzt_scaling_result *r, mzt_err *err);
/* The result as a text line or a CSV row (the interval of a fit through
 * two mazes n/a in text, empty in CSV). */
void mzt_scaling_write(FILE *f, const mzt_scaling_result *r, bool csv);

#endif /* MZT_SCALING_H */
