/* samples.h - the test grids of every cell shape, from the shape's record
 * (src/core/shapes/NAME.c, .grids; mz_shape_grids).
 *
 * Every test that runs the registry on grids of several shapes takes its
 * grids from here, so a shape is tested the moment it is in the shape list
 * (src/mazebench_shapes.h), and a shape without grids fails every such test
 * ("shape NAME has no sample grids"). Each shape gives:
 *   typical     ordinary grids: a small one (the one picture and
 *               allocation-failure tests draw), then a medium one;
 *   thin        one or two cells across, both ways (the fewest the shape
 *               allows: a torus's 3);
 *   degenerate  the least grids of the shape: 1x1 where valid, the centre
 *               alone, one level, 2x2, the torus's 3x3;
 *   large       one grid big enough for statistics.
 * Include after <cmocka.h>. */
#ifndef MZ_TEST_SAMPLES_H
#define MZ_TEST_SAMPLES_H

#include <stdbool.h>
#include <stddef.h>

#include "mazebench.h"

#define MZT_TYPICAL MZ_GRIDS_TYPICAL
#define MZT_THIN MZ_GRIDS_THIN
#define MZT_DEGENERATE MZ_GRIDS_DEGENERATE
#define MZT_LARGE MZ_GRIDS_LARGE
#define MZT_SMALL 1024u  /* the first typical grid alone */
#define MZT_MEDIUM 2048u /* the second typical grid alone */
#define MZT_ALL (MZT_TYPICAL | MZT_THIN | MZT_DEGENERATE)

#define MZT_MAX_ROLE 4
/* Most grids a call below can return. */
#define MZT_MAX_SAMPLES (MZ_SHAPE_COUNT * (3 * MZT_MAX_ROLE + 1))

/* Fail, naming the shape, unless it has two typical grids, thin and
 * degenerate ones and a large one. */
static inline void mzt_require_samples(mz_shape s)
{
    const char *name = mz_shape_name(s);
    if (mz_shape_grids(s, MZT_TYPICAL, NULL, 0) < 2 || !mz_shape_grids(s, MZT_THIN, NULL, 0) ||
        !mz_shape_grids(s, MZT_DEGENERATE, NULL, 0) || !mz_shape_grids(s, MZT_LARGE, NULL, 0))
        fail_msg("shape %s has no sample grids (two typical, thin, degenerate and a large "
                 "one): add them to its record's .grids (src/core/shapes/)",
                 name ? name : "?");
}

/* The sample grids of shape s with any of the roles (MZT_* bits), in the
 * order typical (or small, medium), thin, degenerate, large, into out (at most
 * max). Returns how many. A shape without them fails the test. */
static inline size_t mzt_samples_of(mz_shape s, unsigned roles, mz_dims *out, size_t max)
{
    mzt_require_samples(s);
    size_t n = 0;
    if (!(roles & MZT_TYPICAL) && (roles & (MZT_SMALL | MZT_MEDIUM))) {
        mz_dims t[MZT_MAX_ROLE];
        size_t nt = mz_shape_grids(s, MZT_TYPICAL, t, MZT_MAX_ROLE);
        if ((roles & MZT_SMALL) && nt > 0 && n < max)
            out[n++] = t[0];
        if ((roles & MZT_MEDIUM) && nt > 1 && n < max)
            out[n++] = t[1];
    }
    const unsigned kept = roles & (MZT_TYPICAL | MZT_THIN | MZT_DEGENERATE | MZT_LARGE);
    size_t more = mz_shape_grids(s, kept, out + n, max - n);
    return n + (more < max - n ? more : max - n);
}

/* The same over every shape, square cells included or not. */
static inline size_t mzt_samples_all(unsigned roles, bool with_square, mz_dims *out, size_t max)
{
    size_t n = 0;
    for (unsigned s = with_square ? 0 : 1; s < MZ_SHAPE_COUNT; s++)
        n += mzt_samples_of((mz_shape)s, roles, out + n, max - n);
    return n;
}

/* A grid's text ("hex:7x9"), for messages. */
static inline const char *mzt_name(const mz_dims *g, char *buf, size_t len)
{
    mz_dims_format(g, buf, len);
    return buf;
}

/* Every shape has two typical grids, thin and degenerate ones and a large
 * one, each valid, of its shape and connected: else fail, naming the shape. */
static inline void mzt_check_samples(void)
{
    for (unsigned s = 0; s < MZ_SHAPE_COUNT; s++) {
        const char *name = mz_shape_name((mz_shape)s);
        mz_dims g[MZT_MAX_SAMPLES];
        size_t n = mzt_samples_of((mz_shape)s, MZT_ALL | MZT_LARGE, g, MZT_MAX_SAMPLES);
        for (size_t k = 0; k < n; k++) {
            char text[64];
            mzt_name(&g[k], text, sizeof text);
            if (g[k].shape != (mz_shape)s || !mz_dims_cells(&g[k]) || !mz_dims_connected(&g[k]))
                fail_msg("shape %s: sample grid %s is not a valid grid of it", name, text);
            mz_dims back;
            if (mz_dims_parse(text, &back) != MZ_OK || back.shape != g[k].shape ||
                back.levels != g[k].levels || back.rows != g[k].rows || back.cols != g[k].cols)
                fail_msg("shape %s: sample grid %s does not read back", name, text);
        }
    }
}

#endif /* MZ_TEST_SAMPLES_H */
