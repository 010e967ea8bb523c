/* samples.h - the test grids of every cell shape, in one table.
 *
 * Every test that runs the registry on grids of several shapes takes its
 * grids from here, so a shape is tested the moment it has a row, and a
 * shape added to mz_shape without one fails test_shapes ("shape NAME has
 * no sample grids"). Each shape gives:
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

#define MZT_TYPICAL 1u
#define MZT_THIN 2u
#define MZT_DEGENERATE 4u
#define MZT_LARGE 8u
#define MZT_SMALL 16u  /* the first typical grid alone */
#define MZT_MEDIUM 32u /* the second typical grid alone */
#define MZT_ALL (MZT_TYPICAL | MZT_THIN | MZT_DEGENERATE)

#define MZT_MAX_ROLE 4
/* Most grids a call below can return. */
#define MZT_MAX_SAMPLES (MZ_SHAPE_COUNT * (3 * MZT_MAX_ROLE + 1))

typedef struct mzt_samples {
    mz_dims typical[MZT_MAX_ROLE]; /* a zero row ends each list */
    mz_dims thin[MZT_MAX_ROLE];
    mz_dims degenerate[MZT_MAX_ROLE];
    mz_dims large;
} mzt_samples;

#define MZT_G(shape, levels, rows, cols) {MZ_SHAPE_##shape, levels, rows, cols}

/* polar: rows are rings (the centre included); cols is derived. A tri
 * grid of one column and more than two rows is no grid. A torus is at
 * least 3 cells each way: its thin grids are 3 across, its least 3x3. */
static const mzt_samples mzt_sample_table[MZ_SHAPE_COUNT] = {
    [MZ_SHAPE_ORTHO] = {
        .typical = {MZT_G(ORTHO, 1, 11, 13), MZT_G(ORTHO, 1, 31, 31)},
        .thin = {MZT_G(ORTHO, 1, 1, 7), MZT_G(ORTHO, 1, 7, 1), MZT_G(ORTHO, 1, 2, 9)},
        .degenerate = {MZT_G(ORTHO, 1, 1, 1), MZT_G(ORTHO, 1, 2, 2)},
        .large = MZT_G(ORTHO, 1, 64, 64),
    },
    [MZ_SHAPE_HEX] = {
        .typical = {MZT_G(HEX, 1, 7, 9), MZT_G(HEX, 1, 12, 13)},
        .thin = {MZT_G(HEX, 1, 1, 7), MZT_G(HEX, 1, 7, 1), MZT_G(HEX, 1, 2, 9)},
        .degenerate = {MZT_G(HEX, 1, 1, 1), MZT_G(HEX, 1, 2, 2)},
        .large = MZT_G(HEX, 1, 24, 24),
    },
    [MZ_SHAPE_TRI] = {
        .typical = {MZT_G(TRI, 1, 6, 11), MZT_G(TRI, 1, 9, 14)},
        .thin = {MZT_G(TRI, 1, 1, 5), MZT_G(TRI, 1, 2, 1), MZT_G(TRI, 1, 2, 9)},
        .degenerate = {MZT_G(TRI, 1, 1, 1), MZT_G(TRI, 1, 2, 2)},
        .large = MZT_G(TRI, 1, 24, 40),
    },
    [MZ_SHAPE_POLAR] = {
        .typical = {MZT_G(POLAR, 1, 6, 0), MZT_G(POLAR, 1, 9, 0)},
        .thin = {MZT_G(POLAR, 1, 2, 0), MZT_G(POLAR, 1, 3, 0)},
        .degenerate = {MZT_G(POLAR, 1, 1, 0)},
        .large = MZT_G(POLAR, 1, 16, 0),
    },
    [MZ_SHAPE_CUBE] = {
        .typical = {MZT_G(CUBE, 3, 5, 5), MZT_G(CUBE, 3, 5, 6)},
        .thin = {MZT_G(CUBE, 1, 1, 5), MZT_G(CUBE, 5, 1, 1), MZT_G(CUBE, 2, 1, 7)},
        .degenerate = {MZT_G(CUBE, 1, 1, 1), MZT_G(CUBE, 1, 4, 5), MZT_G(CUBE, 2, 2, 2)},
        .large = MZT_G(CUBE, 4, 12, 12),
    },
    [MZ_SHAPE_WEAVE] = {
        .typical = {MZT_G(WEAVE, 1, 7, 7), MZT_G(WEAVE, 1, 11, 12)},
        .thin = {MZT_G(WEAVE, 1, 1, 9), MZT_G(WEAVE, 1, 9, 1), MZT_G(WEAVE, 1, 2, 9)},
        .degenerate = {MZT_G(WEAVE, 1, 1, 1), MZT_G(WEAVE, 1, 2, 2)},
        .large = MZT_G(WEAVE, 1, 24, 24),
    },
    [MZ_SHAPE_TORUS] = {
        .typical = {MZT_G(TORUS, 1, 7, 9), MZT_G(TORUS, 1, 11, 13)},
        .thin = {MZT_G(TORUS, 1, 3, 9), MZT_G(TORUS, 1, 9, 3), MZT_G(TORUS, 1, 3, 4)},
        .degenerate = {MZT_G(TORUS, 1, 3, 3)},
        .large = MZT_G(TORUS, 1, 24, 24),
    },
};

/* Append the grids of list[0..) (a zero row ends it) to out. */
static inline size_t mzt_append(const mz_dims *list, size_t nlist, mz_dims *out, size_t n,
                                size_t max)
{
    for (size_t k = 0; k < nlist && list[k].rows && n < max; k++) {
        out[n] = list[k];
        mz_dims_cells(&out[n]); /* fills a polar grid's cols */
        n++;
    }
    return n;
}

/* The sample grids of shape s with any of the roles (MZT_* bits), in the
 * order typical (or small, medium), thin, degenerate, large, into out (at most
 * max). Returns how many. */
static inline size_t mzt_samples_of(mz_shape s, unsigned roles, mz_dims *out, size_t max)
{
    const mzt_samples *t = &mzt_sample_table[s];
    size_t n = 0;
    if (roles & MZT_TYPICAL)
        n = mzt_append(t->typical, MZT_MAX_ROLE, out, n, max);
    else {
        if (roles & MZT_SMALL)
            n = mzt_append(t->typical, 1, out, n, max);
        if (roles & MZT_MEDIUM)
            n = mzt_append(t->typical + 1, 1, out, n, max);
    }
    if (roles & MZT_THIN)
        n = mzt_append(t->thin, MZT_MAX_ROLE, out, n, max);
    if (roles & MZT_DEGENERATE)
        n = mzt_append(t->degenerate, MZT_MAX_ROLE, out, n, max);
    if (roles & MZT_LARGE)
        n = mzt_append(&t->large, 1, out, n, max);
    return n;
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
        const mzt_samples *t = &mzt_sample_table[s];
        const char *name = mz_shape_name((mz_shape)s);
        if (!t->typical[1].rows || !t->thin[0].rows || !t->degenerate[0].rows || !t->large.rows)
            fail_msg("shape %s has no sample grids (two typical, thin, degenerate and a "
                     "large one): add them to tests/samples.h", name ? name : "?");
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
