/*
 * rng.c - the random sources by name, the draws a recipe is expected to
 * take (from the registry's measured declarations), and the choice of a
 * run's source from them (docs/random.md).
 */
#include "internal.h"
#include "../mazebench_bench.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const rng_names[MZ_RNG_KIND_COUNT] = {
    [MZ_RNG_MULBERRY32] = "mulberry32",
    [MZ_RNG_SPLITMIX64] = "splitmix64",
};

const char *mz_rng_name(mz_rng_kind kind)
{
    return (unsigned)kind < MZ_RNG_KIND_COUNT ? rng_names[kind] : NULL;
}

mz_status mz_rng_parse(const char *name, mz_rng_kind *kind)
{
    if (!name || !kind)
        return MZ_EINVAL;
    for (unsigned k = 0; k < MZ_RNG_KIND_COUNT; k++)
        if (name && strcmp(name, rng_names[k]) == 0) {
            *kind = (mz_rng_kind)k;
            return MZ_OK;
        }
    return MZ_ENOTFOUND;
}

uint64_t mz_rng_pick_sm_tail(mz_rng *r, uint64_t n, uint64_t hi, uint64_t lo)
{
    if (!r || n == 0)
        return 0;
    if (lo >= (0 - n) % n)
        return hi;
    uint64_t v;
    while (!mz_lemire(mz_rng_u64_sm(r), n, &v))
        ;
    return v;
}

/* The public draws: the kind-specialised forms (rng.h) with r's source;
 * r NULL does nothing and draws 0. */
void mz_rng_init(mz_rng *r, mz_rng_kind kind, uint64_t seed)
{
    if (!r)
        return;
    r->a = (uint32_t)seed;
    r->kind = (uint32_t)kind;
    r->x = seed;
    r->seed = seed;
}

uint32_t mz_rng_u32(mz_rng *r) { return r ? mz_rngk_u32(r, (mz_rng_kind)r->kind) : 0; }

double mz_rng_unit(mz_rng *r) { return r ? mz_rngk_unit(r, (mz_rng_kind)r->kind) : 0.0; }

uint64_t mz_rng_pick(mz_rng *r, uint64_t n)
{
    return r ? mz_rngk_pick(r, n, (mz_rng_kind)r->kind) : 0;
}

uint64_t mz_rng_draws(const mz_rng *r) { return r ? mz_rngk_draws(r, (mz_rng_kind)r->kind) : 0; }

double mz_draws_estimate(const mz_spec *spec, const mz_dims *geo)
{
    if (!spec || !geo)
        return 0;
    mz_dims v = *geo;
    double cells = (double)mz_dims_cells(&v);
    if (cells < 1 && v.shape == MZ_SHAPE_ORTHO) /* past MZ_MAX_CELLS: a stream's rows */
        cells = (double)v.rows * (double)v.cols;
    if (cells < 1 || (unsigned)v.shape >= MZ_SHAPE_COUNT)
        return 0;
    double sum = 0;
    for (unsigned k = 0; k < spec->n; k++)
        sum += mz_algo_draws(spec->stage[k].algo, v.shape, cells);
    return sum;
}

double mz_algo_draws(const mz_algo *a, mz_shape shape, double cells)
{
    if (!a || (unsigned)shape >= MZ_SHAPE_COUNT || cells < 1)
        return 0;
    const double *c = a->draws_per_cell[shape];
    const double L = log2(cells);
    const double per = c[0] + c[1] * L + c[2] * L * L + c[3] * sqrt(cells);
    return per > 0 ? per * cells : 0;
}

mz_status mz_rng_resolve(mz_spec *spec, const mz_dims *geo, uint64_t seed, mz_rng_kind want,
                         bool *switched, char *err, size_t errlen)
{
    if (switched)
        *switched = false;
    if (err && errlen)
        err[0] = '\0';
    if (!spec || !geo)
        return MZ_EINVAL;
    if (want != MZ_RNG_AUTO && (unsigned)want >= MZ_RNG_KIND_COUNT)
        return MZ_EINVAL;
    if (want == MZ_RNG_SPLITMIX64 || spec->n == 0) {
        spec->rng = want == MZ_RNG_AUTO ? MZ_RNG_MULBERRY32 : want;
        return MZ_OK;
    }
    double need = mz_draws_estimate(spec, geo);
    bool big_seed = seed > UINT32_MAX;
    bool past = need > (double)(want == MZ_RNG_MULBERRY32 ? MZ_MULBERRY32_LIMIT
                                                         : MZ_MULBERRY32_BUDGET);
    if (!big_seed && !past) {
        spec->rng = MZ_RNG_MULBERRY32;
        return MZ_OK;
    }
    char why[200];
    if (big_seed)
        snprintf(why, sizeof why, "seed %llu is past mulberry32's 32 bits",
                 (unsigned long long)seed);
    else {
        char grid[96];
        mz_dims v = *geo;
        mz_dims_format(&v, grid, sizeof grid);
        snprintf(why, sizeof why, "%s on a %s grid takes about %.3g draws, past %s",
                 spec->stage[0].algo->name, grid, need,
                 want == MZ_RNG_MULBERRY32 ? "mulberry32's limit of 2^31 (half its cycle)"
                                           : "mulberry32's budget of 2^28 (a sixteenth of its "
                                             "cycle)");
    }
    if (want == MZ_RNG_MULBERRY32) {
        if (err && errlen)
            snprintf(err, errlen, "%s: choose the splitmix64 source instead", why);
        return MZ_ETOOBIG;
    }
    spec->rng = MZ_RNG_SPLITMIX64;
    if (switched)
        *switched = true;
    if (err && errlen)
        snprintf(err, errlen, "%s: it draws from splitmix64", why);
    return MZ_OK;
}
