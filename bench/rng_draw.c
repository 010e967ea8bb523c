/*
 * rng_draw.c - the cost of one draw of each random source, for counting
 * under Callgrind (scripts/rng-cost.sh): N draws of one form from one
 * source, summed so that none is optimised away. Two runs at N and 2N
 * give a draw's instructions as the difference over N, free of the
 * program's start and end.
 *
 *   mazebench_rng_draw mulberry32|splitmix64 u32|unit|pick3|pickbig N
 *
 * pick3 is pick(3) (dfs's choice among three neighbours), pickbig is
 * pick(n) for n = 10^8 + 7 (a shuffle's position in a large maze).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebench.h"
#include "core/internal.h"

/* The loops of one source, its kind a constant once inlined. */
static inline __attribute__((always_inline)) void loops(const mz_rng_kind rk, const char *form,
                                                        uint64_t n, uint64_t *acc, double *dacc)
{
    const uint64_t big = UINT64_C(100000007);
    mz_rng r;
    mz_rng_init(&r, rk, 464);
    if (strcmp(form, "u32") == 0)
        for (uint64_t k = 0; k < n; k++)
            *acc += mz_rngk_u32(&r, rk);
    else if (strcmp(form, "pick3") == 0)
        for (uint64_t k = 0; k < n; k++)
            *acc += mz_rngk_pick(&r, 3, rk);
    else if (strcmp(form, "pickbig") == 0)
        for (uint64_t k = 0; k < n; k++)
            *acc += mz_rngk_pick(&r, big, rk);
    else
        for (uint64_t k = 0; k < n; k++)
            *dacc += mz_rngk_unit(&r, rk);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: mazebench_rng_draw mulberry32|splitmix64 u32|unit|pick3|pickbig N\n");
        return 2;
    }
    mz_rng_kind kind;
    if (mz_rng_parse(argv[1], &kind) != MZ_OK) {
        fprintf(stderr, "rng_draw: unknown source '%s'\n", argv[1]);
        return 2;
    }
    const char *form = argv[2];
    const uint64_t n = strtoull(argv[3], NULL, 10);
    uint64_t acc = 0;
    double dacc = 0;
    if (kind == MZ_RNG_MULBERRY32)
        loops(MZ_RNG_MULBERRY32, form, n, &acc, &dacc);
    else
        loops(MZ_RNG_SPLITMIX64, form, n, &acc, &dacc);
    printf("%" PRIu64 " %.6f\n", acc, dacc);
    return 0;
}
