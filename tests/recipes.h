/*
 * recipes.h - the sample grids and variants the registry-wide tests walk
 * (tests/test_estimate.c, tests/test_draws.c, tests/test_twins.c,
 * tests/test_shapes_gen.c): a grid of each shape of about a given number
 * of cells (fixed test sizes: 3d grids of four levels, unlike the shape
 * table's near-cubic mz_dims_near), each entry's variants (every choice
 * of every enum parameter) and its stages at each documented value.
 */
#ifndef MZ_TESTS_RECIPES_H
#define MZ_TESTS_RECIPES_H

#include <stdio.h>
#include <string.h>

#include "mazebench.h"

/* A grid of shape s with about side x side cells. */
static inline mz_dims geom_near(mz_shape s, uint64_t side)
{
    mz_dims g = {s, 1, side, side};
    if (s == MZ_SHAPE_POLAR) {
        uint64_t r = 2;
        for (;; r++) {
            mz_dims p = {s, 1, r, 0};
            if (mz_dims_cells(&p) >= side * side)
                break;
        }
        g.rows = r;
    } else if (s == MZ_SHAPE_CUBE) {
        g.levels = 4;
        g.rows = g.cols = side / 2;
    }
    mz_dims_cells(&g);
    return g;
}

/* Variants of an entry beyond its defaults: one for each choice of each
 * enum parameter but its default. */
static inline unsigned variants(const mz_algo *a)
{
    unsigned n = 0;
    for (unsigned k = 0; k < a->nparams; k++)
        if (a->params[k].type == MZ_P_ENUM)
            for (const char *c = a->params[k].choices; *c; c++)
                n += *c == '|';
    return n;
}

/* The arguments of variant v (0: the defaults) and its label ":k=v". */
static inline void variant_args(const mz_algo *a, unsigned v, mz_args *args, char *label, size_t len)
{
    mz_args_default(a, args);
    label[0] = '\0';
    for (unsigned k = 0; k < a->nparams && v > 0; k++) {
        const mz_param_def *p = &a->params[k];
        if (p->type != MZ_P_ENUM)
            continue;
        unsigned nch = 1;
        for (const char *c = p->choices; *c; c++)
            nch += *c == '|';
        if (v < nch) {
            /* the v-th choice after the default, wrapping */
            unsigned ch = ((unsigned)p->def + v) % nch;
            args->v[k] = ch;
            const char *c = p->choices;
            for (unsigned j = 0; j < ch; j++)
                c = strchr(c, '|') + 1;
            snprintf(label, len, ":%s=%.*s", p->name, (int)strcspn(c, "|"), c);
            return;
        }
        v -= nch - 1;
    }
}


/* Each documented value of each parameter, the others at their defaults:
 * every choice of an enum, a real's ends and quarter points, an int's
 * least value. The default stage first. */
static inline size_t stage_variants(const mz_algo *a, mz_stage *out, size_t max)
{
    size_t n = 0;
    out[n].algo = a;
    mz_args_default(a, &out[n].args);
    n++;
    for (unsigned k = 0; k < a->nparams; k++) {
        const mz_param_def *p = &a->params[k];
        double pt[8];
        size_t np = 0;
        if (p->type == MZ_P_ENUM) {
            size_t choices = 1;
            for (const char *c = p->choices; c && *c; c++)
                choices += *c == '|';
            for (size_t j = 0; j < choices && np < 8; j++)
                pt[np++] = (double)j;
        } else if (p->type == MZ_P_REAL) {
            for (int q = 0; q <= 4; q++)
                pt[np++] = p->min + (p->max - p->min) * q / 4.0;
        } else if (p->type == MZ_P_INT) {
            pt[np++] = p->min;
        }
        for (size_t j = 0; j < np && n < max; j++) {
            if (pt[j] == p->def)
                continue;
            out[n] = out[0];
            out[n].args.v[k] = pt[j];
            n++;
        }
    }
    return n;
}

#endif
